"""What Gradescope's ``run_autograder`` runs: one submission graded, ``results.json`` written.

``python -m graders.export.autograder ASSIGNMENT [--root /autograder] [--hidden-visibility V]``
grades
``ROOT/submission`` (the student's upload: a file, a notebook, a folder holding the module, a
program; the single folder a zip or a repository upload wraps it in is looked through) with
every case, public and hidden, in the sandbox (``auto``: bubblewrap where it works here,
else rlimits, said in the results), and writes ``ROOT/results/results.json`` in Gradescope's
format (:func:`graders.report.gradescope.gradescope_results`: each test's feedback in
Markdown; a hidden case shows its name and outcome only, with the Gradescope visibility the
assignment's ``hidden_visibility`` names, ``after_published`` by default).  Whatever happens,
a ``results.json`` is written: an upload with nothing to grade, or one that cannot run, gets
its message and 0 points; a failure of the grader's own says so, and its traceback goes to the
log only the instructor sees.
"""

from __future__ import annotations

import json
import sys
import traceback
from dataclasses import replace
from pathlib import Path

from ..assignment import HIDDEN_VISIBILITIES, Assignment, load_assignment
from ..report import write_atomic
from ..report.gradescope import HIDDEN, VISIBLE, gradescope_results
from ..run.scratch import scratch_space
from ..submission import SKIP_NAMES, Submission


def _upload_folder(submission: Path) -> Path:
    """The folder the work is in: a lone folder an upload wraps it in is looked through."""
    folder = submission
    for _ in range(3):
        entries = [p for p in folder.iterdir() if p.name not in SKIP_NAMES]
        entries = [p for p in entries if not p.name.startswith(".")]
        if len(entries) == 1 and entries[0].is_dir() and not entries[0].is_symlink():
            folder = entries[0]
        else:
            break
    return folder


def _message_only(text: str) -> dict:
    """A results.json with no cases, only ``text`` for the student (0 points)."""
    return {
        "score": 0.0,
        "output": text,
        "output_format": "text",
        "visibility": VISIBLE,
        "stdout_visibility": HIDDEN,
        "tests": [],
    }


def _found(subs: list[Submission]) -> str:
    return ", ".join(Path(s.origin).name for s in subs[:10]) + (" ..." if len(subs) > 10 else "")


def grade_upload(assignment: Assignment, submission: Path) -> dict:
    """The results.json data for the upload in ``submission``."""
    from ..grade.api import grade_one, submissions_at

    if not submission.is_dir() or not any(submission.iterdir()):
        return _message_only(
            f"Nothing was uploaded: submit {assignment.module}.py (or a notebook, or a folder "
            f"holding {assignment.module}.py)."
        )
    folder = _upload_folder(submission)
    with submissions_at(assignment, folder, nested=True, say_missing=False) as subs:
        if len(subs) != 1:
            return _message_only(
                f"Your upload holds {len(subs)} submissions ({_found(subs)}): upload "
                f"{assignment.module}.py (or one notebook, or one folder holding "
                f"{assignment.module}.py) and nothing else that could be one."
            )
        sub = subs[0]
        sub.name = "submission"
        result = grade_one(assignment, sub, isolation="auto")
    return gradescope_results(result, assignment.hidden_visibility, assignment)


def run(assignment_id: str, root: Path, hidden_visibility: str | None = None) -> int:
    """Grade ``root/submission`` and write ``root/results/results.json``; the exit status.
    ``hidden_visibility``: Gradescope's visibility of hidden cases, instead of the
    assignment's own (``unograde export gradescope --hidden-visibility`` bakes it in)."""
    results = root / "results" / "results.json"
    results.parent.mkdir(parents=True, exist_ok=True)
    status = 0
    try:
        assignment = load_assignment(assignment_id)
        if hidden_visibility is not None:
            assignment = replace(assignment, hidden_visibility=hidden_visibility)
        with scratch_space():
            data = grade_upload(assignment, root / "submission")
    except Exception as exc:  # noqa: BLE001 - the grader's own failure: still a results.json
        traceback.print_exc()  # /autograder/results/stdout: the instructor's log
        data = _message_only(
            "The autograder could not grade this submission because of a problem of its own "
            f"({type(exc).__name__}), not of your work: please tell your instructor."
        )
        status = 1
    write_atomic(results, json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    print(f"unograde: {data.get('score', 0)} points; wrote {results}")
    return status


USAGE = (
    "usage: python -m graders.export.autograder ASSIGNMENT [--root DIR] "
    f"[--hidden-visibility {'|'.join(HIDDEN_VISIBILITIES)}]"
)


def _option(args: list[str], name: str) -> tuple[str | None, bool]:
    """The value of ``name`` in ``args`` (removed from them), and whether the option was
    well formed."""
    if name not in args:
        return None, True
    at = args.index(name)
    if at + 1 >= len(args):
        return None, False
    value = args[at + 1]
    del args[at : at + 2]
    return value, True


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    root, ok = _option(args, "--root")
    visibility, ok_too = _option(args, "--hidden-visibility")
    if not (ok and ok_too) or len(args) != 1 or visibility not in (None, *HIDDEN_VISIBILITIES):
        print(USAGE)
        return 2
    return run(args[0], Path(root or "/autograder"), visibility)


if __name__ == "__main__":
    sys.exit(main())
