"""Reports: JSON for machines, Markdown and HTML for people, Gradescope's results.json.

Student-facing formats never show a hidden case's input, expectation or diff:
only its name and its outcome (and not even that when the assignment sets
``show_hidden = false``; Gradescope shows them as the assignment's ``hidden_visibility``
says). A *staff* report (``unograde grade --staff``) shows hidden cases in full: it is the
course staff's, never a student's (its results.json for Gradescope stays the students').
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from ..results import SubmissionResult
from ..textsafe import cap_value, clean_text

# The templates (Jinja2) and Gradescope's results are imported when a report is rendered:
# ``unograde check`` and a class's main process write none, and a lone submission's grading
# imports them while it waits on the sandbox (:mod:`graders.grade.api`).

if TYPE_CHECKING:
    from ..assignment import Assignment

FORMATS = ("json", "md", "html", "gradescope")
FILE_NAMES = {
    "json": "result.json",
    "md": "report.md",
    "html": "report.html",
    "gradescope": "results.json",
}


def write_atomic(path: Path, text: str) -> None:
    """Write via a temporary file and a rename: a killed run never leaves half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        # A lone surrogate from a submission must never stop a report from being written.
        with os.fdopen(fd, "w", encoding="utf-8", errors="replace") as handle:
            handle.write(clean_text(text))
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def render(
    result: SubmissionResult,
    fmt: str,
    show_hidden: bool = True,
    assignment: Assignment | None = None,
    staff: bool = False,
    standing=None,
) -> str:
    """One report of ``result``; its assignment (looked up by the result's id when not given)
    provides the templates of its views and their filters, and Gradescope's visibility of
    hidden cases. ``staff``: hidden cases shown in full (Markdown and HTML only).
    ``standing`` (:class:`graders.adjust.standing.Standing`): the score this term, with the
    adjustments and the lateness, shown under the graded score (Markdown and HTML)."""
    if assignment is None and fmt in ("md", "html", "gradescope"):
        assignment = _assignment_of(result)
    if fmt == "json":
        # Strings cleaned and bounded; the structure whole (it is read back to resume).
        # One line, by the C encoder (an indented dump goes through Python's slow path and
        # was a third of a worker's time per submission); ``python -m json.tool`` shows it.
        data = result.to_dict()
        if not staff:
            data["cases"] = [hidden_case_for_students(c) for c in data["cases"]]
        data = cap_value(data, max_chars=20_000, max_items=10**6, max_depth=64)
        return json.dumps(data, default=repr) + "\n"
    if fmt == "gradescope":
        from .gradescope import AFTER_PUBLISHED, gradescope_results

        visibility = assignment.hidden_visibility if assignment is not None else AFTER_PUBLISHED
        data = cap_value(gradescope_results(result, visibility, assignment), 20_000, 10**6, 64)
        return json.dumps(data) + "\n"
    context = {
        "result": result,
        "show_hidden": show_hidden,
        "staff": staff,
        "standing": standing,
        "standing_lines": standing.lines() if standing is not None else [],
    }
    if fmt in ("md", "html"):
        from .templates import render_template

        return render_template(f"report.{fmt}.j2", assignment, **context)
    raise ValueError(f"unknown report format {fmt!r} (formats: {', '.join(FORMATS)})")


# What a student's result.json keeps of a hidden case: enough to read back its score (a re-run
# resumes from this file), nothing of what it was given, printed or how it differed.
# Its ``counterexample`` is a fresh case the grader made (public data), never the hidden input.
HIDDEN_CASE_KEEPS = (
    "name",
    "part",
    "hidden",
    "outcome",
    "points",
    "max_points",
    "seconds",
    "counterexample",
)


def hidden_case_for_students(case: dict) -> dict:
    """A case of ``result.to_dict()`` as students may see it: a hidden one its name and outcome.

    Its printed output can hold its whole input (a student prints what they are given) and
    its messages describe the expectation ("hand 3: extra card ('y','1')"), so both go, with
    its traceback, input, view and explanation; a ``--staff`` run keeps them all.
    """
    if not case.get("hidden"):
        return case
    kept = {key: case[key] for key in HIDDEN_CASE_KEEPS if key in case}
    return kept | {
        "messages": [],
        "stdout": "",
        "stdout_dropped": 0,
        "traceback": "",
        "covers": [],
        "view": None,
        "args": None,
        "given": [],
        "first_divergence": None,
    }


def _assignment_of(result: SubmissionResult) -> Assignment | None:
    from ..assignment import AssignmentError, load_assignment

    try:
        return load_assignment(result.assignment)
    except AssignmentError:
        return None  # the shared templates still render every report


def write_reports(
    result: SubmissionResult,
    out_dir: Path,
    formats: list[str],
    show_hidden: bool = True,
    assignment: Assignment | None = None,
    staff: bool = False,
) -> list[Path]:
    """Write every requested format; ``result.json`` (the resume marker) goes last."""
    written = []
    for fmt in sorted(formats, key=lambda f: f == "json"):
        path = out_dir / FILE_NAMES[fmt]
        write_atomic(path, render(result, fmt, show_hidden, assignment, staff))
        written.append(path)
    return written
