"""Gradescope's ``results.json``: its field names and visibility values, exactly."""

from __future__ import annotations

from ..kit.runtime.render import case_text
from ..results import SubmissionResult
from ..textsafe import cap_text, terminal_plain
from .templates import environment, render_template

# Gradescope's visibility values: "visible", "hidden", "after_due_date", "after_published".
VISIBLE, HIDDEN, AFTER_DUE = "visible", "hidden", "after_due_date"
# What one case's output may hold (Gradescope shows results.json to the student whole).
MAX_CASE_OUTPUT = 6000


def gradescope_results(result: SubmissionResult, show_hidden: bool = True) -> dict:
    tests = []
    for number, case in enumerate(result.cases, 1):
        if case.hidden:
            output = "passed" if case.passed else "failed"
            visibility = VISIBLE if show_hidden else AFTER_DUE
        else:
            # Plain text, field by field (no escape sequence a submission printed survives).
            output = cap_text(case_text(environment(), case), MAX_CASE_OUTPUT)
            visibility = VISIBLE
        tests.append(
            {
                "score": case.points,
                "max_score": case.max_points,
                "status": "passed" if case.passed else "failed",
                "name": f"{case.part} {case.name}" + (" (hidden)" if case.hidden else ""),
                "number": str(number),
                "output": output,
                "output_format": "text",
                "tags": [case.part],
                "visibility": visibility,
            }
        )
    summary = terminal_plain(render_template("summary.txt.j2", result=result).strip())
    data = {
        "score": result.score,
        "execution_time": round(result.seconds, 3),
        "output": summary,
        "output_format": "text",
        "visibility": VISIBLE,
        "stdout_visibility": HIDDEN,
        "tests": tests,
    }
    if result.leaderboard:
        data["leaderboard"] = result.leaderboard
    return data
