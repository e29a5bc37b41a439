"""Gradescope's ``results.json``: its field names and visibility values, exactly.

Each test's feedback is Markdown (``output_format: "md"``): where the case first went wrong,
what differs, its input, rendered by ``case.md.j2`` (the Markdown report's own), with
everything a submission controls escaped. A hidden case is named as it is and carries only
its outcome; Gradescope hides it as the assignment's ``hidden_visibility`` says
(``after_published`` unless ``assignment.toml`` or ``--hidden-visibility`` says otherwise).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..results import SubmissionResult
from .templates import render_template

if TYPE_CHECKING:
    from ..assignment import Assignment

# Gradescope's visibility values.
VISIBLE, HIDDEN, AFTER_DUE, AFTER_PUBLISHED = (
    "visible",
    "hidden",
    "after_due_date",
    "after_published",
)
VISIBILITIES = (VISIBLE, HIDDEN, AFTER_DUE, AFTER_PUBLISHED)
FORMAT = "md"


def gradescope_results(
    result: SubmissionResult,
    hidden_visibility: str = AFTER_PUBLISHED,
    assignment: Assignment | None = None,
) -> dict:
    """The results.json of ``result``: one test per case."""
    tests = []
    for number, case in enumerate(result.cases, 1):
        if case.hidden:
            output, visibility = case.outcome.label, hidden_visibility
        elif case.passed:
            output, visibility = "passed", VISIBLE
        else:
            output = render_template("case.md.j2", assignment, case=case).strip()
            visibility = VISIBLE
        tests.append(
            {
                "score": case.points,
                "max_score": case.max_points,
                "status": "passed" if case.passed else "failed",
                "name": f"{case.part} {case.name}",
                "number": str(number),
                "output": output,
                "output_format": FORMAT,
                "tags": [case.part],
                "visibility": visibility,
            }
        )
    summary = render_template("summary.md.j2", assignment, result=result).strip()
    data = {
        "score": result.score,
        "execution_time": round(result.seconds, 3),
        "output": summary,
        "output_format": FORMAT,
        "visibility": VISIBLE,
        "stdout_visibility": HIDDEN,
        "tests": tests,
    }
    if result.leaderboard:
        data["leaderboard"] = result.leaderboard
    return data
