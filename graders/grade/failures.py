"""When the grader itself fails on a submission: what the student reads, what the staff read,
and what a re-run does.

A student never sees the grader's traceback or the paths of the machine it ran on: their
reports say, in one line, that the grader failed and the course staff were told. The
traceback goes to the staff's log, ``OUT/grader-failures.log`` (beside ``scores.csv``, never
in a student's folder), and to the ``unograde.grader`` logger. The failed grading is recorded
like any other, with a digest: the submission's content, the run's fingerprint and the
grader's own code (:func:`grader_code`), so a re-run does not pay for the same failure again
(it once cost 9 minutes a run) unless the grader changed.
"""

from __future__ import annotations

import functools
import hashlib
import json
import logging
import os
import sys
import time
from pathlib import Path

from .. import __version__
from ..assignment import Assignment
from ..results import PartResult, SubmissionResult, from_dict
from ..submission import Submission
from ..textsafe import clean_text

LOG_NAME = "grader-failures.log"
GRADER_FAILED = "the grader failed on this submission; the course staff were told"
LOGGER = logging.getLogger("unograde.grader")
LOGGER.addHandler(logging.NullHandler())  # the log file is the staff's; no stray stderr line
MAX_LOGGED = 20_000  # characters of one failure's traceback in the staff's log


def grader_failure(
    assignment: Assignment, sub: Submission, digest: str = "", why: str = ""
) -> SubmissionResult:
    """The result of a submission the grader failed on: 0 points, no case, and one line for
    the student (``why``, when given, is the grader's own words, never a traceback)."""
    parts = [PartResult(p.id, p.function, p.title, 0.0, p.points, 0, 0) for p in assignment.parts]
    problem = GRADER_FAILED if not why else f"{GRADER_FAILED} ({why})"
    return SubmissionResult(
        assignment=assignment.id,
        title=assignment.title,
        student=sub.name,
        origin=sub.origin,
        digest=digest,
        isolation="",
        score=0.0,
        max_score=assignment.total_points,
        parts=parts,
        cases=[],
        notes=[],
        problem=problem,
        grader_version=__version__,
    )


def failure_digest(sub: Submission, fingerprint: str, code: str) -> str:
    """The digest a failed grading is recorded with: a re-run with the same submission,
    fixtures and grader code finds it done (:func:`previous_result`)."""
    return f"{sub.digest}:{fingerprint}:grader-failed:{code}"


def previous_result(
    out_dir: Path | None, sub: Submission, fingerprint: str, code: str = ""
) -> SubmissionResult | None:
    """The submission's recorded result when it is still good, so that a re-run does not
    grade it again: the same content graded on the same fixtures, or a grader failure on it
    by the same grader code (``code``)."""
    if out_dir is None:
        return None
    path = out_dir / sub.name / "result.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    good = {f"{sub.digest}:{fingerprint}"}
    if code:
        good.add(failure_digest(sub, fingerprint, code))
    if data.get("digest") not in good:
        return None
    try:
        return from_dict(data)
    except (TypeError, KeyError):
        return None


def is_grader_failure(result: SubmissionResult) -> bool:
    return (result.problem or "").startswith(GRADER_FAILED)


@functools.lru_cache(maxsize=16)
def grader_code(*folders: Path) -> str:
    """A digest of the grader's code: every ``.py`` and template file of the core and of
    ``folders`` (the assignment's plugin package and folder). A failure recorded under it is
    graded again once any of them changes (a fix), even without a new version number."""
    h = hashlib.sha256(__version__.encode() + b"\0")
    core = Path(__file__).resolve().parents[1]
    roots = [core, core.parent / "templates", *(Path(f).resolve() for f in folders)]
    for root in roots:
        if not root.is_dir():
            continue
        for path in sorted(root.rglob("*")):
            if path.suffix in (".py", ".j2", ".toml") and path.is_file():
                try:
                    h.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes())
                except OSError:
                    continue
    return h.hexdigest()[:16]


def code_of(assignment: Assignment) -> str:
    """:func:`grader_code` for ``assignment``: the core, its plugin's package, its folder."""
    module = sys.modules.get(type(assignment.plugin).__module__)
    where = getattr(module, "__file__", None)
    folders = [assignment.folder] + ([Path(where).parent] if where else [])
    return grader_code(*folders)


def log_failure(out_dir: Path | None, name: str, what: str, text: str) -> None:
    """The staff's record of a grader failure: ``OUT/grader-failures.log`` (appended to in
    one write, so workers do not interleave) and the ``unograde.grader`` logger. Never
    raises: the failure must still be recorded for the student."""
    entry = (
        f"=== {time.strftime('%Y-%m-%d %H:%M:%S')} {clean_text(name)}: {clean_text(what)}\n"
        f"{clean_text(text)[-MAX_LOGGED:].rstrip()}\n"
    )
    LOGGER.error("the grader failed on %s: %s", clean_text(name), clean_text(what))
    if out_dir is None:
        print(entry, file=sys.stderr, end="")
        return
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        fd = os.open(out_dir / LOG_NAME, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            os.write(fd, entry.encode("utf-8", errors="replace"))
        finally:
            os.close(fd)
    except OSError:
        print(entry, file=sys.stderr, end="")
