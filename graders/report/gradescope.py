"""Gradescope's ``results.json``: its field names and visibility values, exactly.

Each test's feedback is Markdown (``output_format: "md"``): where the case first went wrong,
what differs, its input, rendered by ``case.md.j2`` (the Markdown report's own), with
everything a submission controls escaped field by field, and bounded (Gradescope shows
results.json to the student whole: a case's output is cut at a line, never inside a fenced
block left open). A hidden case is named as it is and carries only its outcome (and, where
one was found, a smaller fresh case the submission also gets wrong: public data); Gradescope
hides it as the assignment's ``hidden_visibility`` says (``after_published`` unless
``assignment.toml`` or ``--hidden-visibility`` says otherwise).
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
# What one case's output, and the summary, may hold.
MAX_CASE_OUTPUT = 6000
MAX_SUMMARY = 20_000


def cap_markdown(text: str, limit: int) -> str:
    """``text`` (Markdown) cut to about ``limit`` characters at the end of a line, a fenced
    block open there closed, and a note saying how much was cut. Escaped inline text is never
    cut inside (an escape or an entity cut in two), nor is a block left open to swallow the
    note."""
    if len(text) <= limit:
        return text
    kept: list[str] = []
    size = 0
    fence = ""
    for line in text.split("\n"):
        if size + len(line) + 1 > limit:
            break
        kept.append(line)
        size += len(line) + 1
        run = len(line) - len(line.lstrip("`"))
        if not fence and run >= 3:
            fence = "`" * run
        elif fence and line.strip() == fence:
            fence = ""
    if fence:
        kept.append(fence)
    cut = len(text) - size
    return "\n".join(kept).rstrip("\n") + f"\n\n… ({cut:,} more characters not shown)"


def gradescope_results(
    result: SubmissionResult,
    hidden_visibility: str = AFTER_PUBLISHED,
    assignment: Assignment | None = None,
) -> dict:
    """The results.json of ``result``: one test per case."""
    tests = []
    for number, case in enumerate(result.cases, 1):
        if case.hidden:
            # Only its outcome, and a smaller fresh case it also gets wrong (public data).
            output, visibility = case.outcome.label, hidden_visibility
            if case.counterexample:
                more = render_template("counterexample.md.j2", assignment, case=case).strip()
                output = cap_markdown(f"{output}\n\n{more}", MAX_CASE_OUTPUT)
        elif case.passed:
            output, visibility = "passed", VISIBLE
        else:
            output = render_template("case.md.j2", assignment, case=case).strip()
            output, visibility = cap_markdown(output, MAX_CASE_OUTPUT), VISIBLE
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
        "output": cap_markdown(summary, MAX_SUMMARY),
        "output_format": FORMAT,
        "visibility": VISIBLE,
        "stdout_visibility": HIDDEN,
        "tests": tests,
    }
    if result.leaderboard:
        data["leaderboard"] = result.leaderboard
    return data
