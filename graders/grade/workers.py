"""Worker processes: each grades and reports whole submissions, off the grader's main process.

Comparing, building feedback and rendering a submission's reports cost far more CPU than the
student's code (about 70 ms against 7 ms for a submission of 124 cases over card games); done in
threads of one process they would share one core under the GIL. So a class is graded by
``jobs`` worker processes: each receives the assignment, its cases and the run's settings once
(:func:`start`), then one :class:`~graders.submission.Submission` per task, and does everything
for it: the resume check, grading (its sandboxed child, its budget), its reports written
atomically. The main process only schedules, collects a compact :class:`Done` per submission,
keeps ``scores.csv`` and the progress line.

Workers come from a ``forkserver`` (never a fork of the main process, whose progress thread may
hold a lock). A worker ignores SIGINT (the main process decides what an interrupt means) and on
SIGTERM kills the sandboxed children it is running (``REGISTER.stop_all``) before it exits, so an
interrupted batch leaves no student process behind; it does the same within a second when the
main process disappears without a word (SIGKILL).
"""

from __future__ import annotations

import contextlib
import gc
import multiprocessing
import multiprocessing.forkserver
import multiprocessing.util
import os
import resource
import signal
import tempfile
import threading
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ..assignment import Assignment
from ..results import CaseOutcome, CaseResult, SubmissionResult, first_message
from ..run import cgroups, sandbox, slots
from ..run.budget import REGISTER
from ..submission import Submission
from ..vocabulary import Case, Limits
from .failures import failure_digest, grader_failure, log_failure, previous_result

PASSED = CaseOutcome.PASSED


@dataclass(frozen=True)
class Settings:
    """What every task of one batch shares, sent to each worker once."""

    assignment: Assignment
    cases: tuple[Case, ...]
    limits: Limits
    formats: tuple[str, ...]
    out_dir: Path | None
    isolation: str
    fingerprint: str
    full_results: bool  # send every case's messages back, or only outcomes and points
    scratch: str | None  # the batch's scratch folder (tempfile.tempdir)
    grader_pid: int | None = None  # local workers exit when this process is gone
    # Sandboxed runs one submission may ask for at once (``Stages``); local workers share
    # ``--jobs`` slots between them (``graders.run.slots``), so this can be all of them.
    jobs_each: int = 1
    staff: bool = False  # reports for the course staff: hidden cases explained in full
    # The grader's own code (``failures.code_of``): a failed grading is kept until it changes.
    grader_code: str = ""


@dataclass(frozen=True)
class Done:
    """A submission's result as the main process needs it: small to send."""

    name: str
    result: SubmissionResult | None
    skipped: bool
    # CPU seconds spent on it: by the worker itself (comparing, feedback, reports), and by
    # the processes it waited for (the sandboxed child: the student's code and its harness).
    worker_cpu: float = 0.0
    child_cpu: float = 0.0


class _Worker:
    """The state of one worker process (one per process, set by :func:`start`)."""

    settings: Settings
    events: Any  # a SimpleQueue: ("started", name, pid) before each submission


_STATE = _Worker()


def context(*preload: str) -> multiprocessing.context.BaseContext:
    """Where workers come from: a forkserver that has imported the grader once.

    The forkserver lives as long as this process, so it is started (and multiprocessing's
    own temporary folder made) outside any batch's scratch folder, which goes with its batch.
    Like every forkserver or spawn start, a worker imports the main module again: a script
    that grades must keep its work under ``if __name__ == "__main__":``.
    """
    ctx = multiprocessing.get_context("forkserver")
    # Imported once in the server, not in each worker (the first batch's plugin too). The
    # main module too: otherwise every worker imports it again before it can read its task
    # (for the ``unograde`` command, click and rich: 40 ms a worker, and the grader waits).
    ctx.set_forkserver_preload(
        [
            "__main__",
            "graders.grade.workers",
            "graders.grade.engine",
            "graders.report",
            *preload,
            "graders.grade.preloaded",  # last: freezes what the others made (see there)
        ]
    )
    scratch, tempfile.tempdir = tempfile.tempdir, None
    try:
        multiprocessing.util.get_temp_dir()
        multiprocessing.forkserver.ensure_running()
    finally:
        tempfile.tempdir = scratch
    return ctx


def start(settings: Settings, events: Any, run_slots: Any = None) -> None:
    """The initializer of a worker: signals, the scratch folder, the batch's settings, the
    batch's shared slots for parallel sandboxed runs (``graders.run.slots``)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _terminated)
    if settings.grader_pid is not None:
        _die_with_grader(settings.grader_pid)
    if settings.scratch:
        tempfile.tempdir = settings.scratch
    _STATE.settings = settings
    _STATE.events = events
    if run_slots is not None:
        slots.share(run_slots)
    # Submission after submission: each one's sandboxed child is started while the one
    # before is judged and reported, and the last one is closed when the worker ends.
    sandbox.PREPARE_AHEAD = True
    multiprocessing.util.Finalize(None, sandbox.close_ahead, exitpriority=10)
    gc.freeze()  # the settings live as long as the worker: no collection need walk them


def _terminated(signum: int, frame: Any) -> None:
    REGISTER.stop_all(wait=False)  # a signal's handler: nothing waited for (see stop_all)
    sandbox.remove_launcher_file()  # its children are gone; os._exit runs no finalizer
    os._exit(128 + signum)


def _die_with_grader(pid: int) -> None:
    """A worker must not outlive a grader that was killed outright (SIGKILL cannot be
    handled): it checks twice a second that the grader's process is still there, and when it
    is gone kills the sandboxed children it is running and exits. (Its own parent, the
    forkserver, is no help: it lives as long as any of its children does.)"""

    def watch() -> None:
        while True:
            time.sleep(0.5)
            if _gone(pid):
                _terminated(signal.SIGTERM, None)

    threading.Thread(target=watch, name="unograde-grader-watch", daemon=True).start()


def _gone(pid: int) -> bool:
    """Whether ``pid`` has ended (a zombie not yet reaped by its parent has ended too)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:
        return False  # there, but not ours to signal
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rpartition(")")[2].split()[:1] == ["Z"]


def grade_one(sub: Submission) -> Done:
    """A worker's task: one submission of the batch :func:`start` set up."""
    _STATE.events.put(("started", sub.name, os.getpid(), time.time()))
    before = _cpu()
    done = grade_and_report(_STATE.settings, sub)
    after = _cpu()
    return replace(done, worker_cpu=after[0] - before[0], child_cpu=after[1] - before[1])


def _cpu() -> tuple[float, float]:
    """This process's CPU seconds, and its sandboxed children's (from their control groups
    where there are some, else as reaped)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    if cgroups.USED.groups:
        return own.ru_utime + own.ru_stime, cgroups.USED.seconds
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime, children.ru_utime + children.ru_stime


def grade_and_report(s: Settings, sub: Submission, go_on: Callable[[], bool] | None = None) -> Done:
    """One submission, from the resume check to its reports; never raises for it.
    ``go_on``, when given, is asked once the submission is graded, before anything is
    written: false, and nothing is (the batch stops: see ``BatchHooks.meanwhile``)."""
    from .engine import grade_submission

    previous = previous_result(s.out_dir, sub, s.fingerprint, s.grader_code)
    if previous is not None:
        return Done(sub.name, _compact(previous, s.full_results), True)
    trace = ""
    try:
        sub.check_syntax()  # left for here by the batch's loading (``syntax_checked_later``)
        result = grade_submission(
            s.assignment, sub, list(s.cases), s.limits, s.isolation, jobs=s.jobs_each, staff=s.staff
        )
        result = replace(result, digest=f"{sub.digest}:{s.fingerprint}")
    except Exception:  # noqa: BLE001 - one broken submission must not stop the batch
        trace = traceback.format_exc()
    if go_on is not None and not go_on():
        return Done(sub.name, None, False)  # nothing written: the batch stops
    if trace:
        result = failed(s, sub, "grading raised", trace)
    if REGISTER.stopping.is_set():
        return Done(sub.name, None, False)  # interrupted: a re-run grades it again, unwritten
    return Done(sub.name, _compact(write(s, sub, result), s.full_results), False)


def failed(s: Settings, sub: Submission, what: str, text: str, why: str = "") -> SubmissionResult:
    """A grader failure on ``sub``: the traceback (``text``) to the staff's log, one line to
    the student, recorded with a digest so that a re-run does not redo it unless the grader
    changed (:mod:`graders.grade.failures`)."""
    log_failure(s.out_dir, sub.name, what, text)
    digest = failure_digest(sub, s.fingerprint, s.grader_code) if s.grader_code else ""
    return grader_failure(s.assignment, sub, digest, why)


def write(s: Settings, sub: Submission, result: SubmissionResult) -> SubmissionResult:
    """The submission's reports. A report that cannot be rendered is written again without
    its drawings (views are a nicety); one that still cannot be makes the submission a grader
    failure, whose reports replace every one written before (no stale ``report.md`` may say
    50/100 beside a ``result.json`` that says 0)."""
    from ..report import FILE_NAMES, write_reports

    if s.out_dir is None:
        return result
    folder = s.out_dir / sub.name
    formats = list(s.formats)
    hidden, assignment, staff = s.assignment.show_hidden, s.assignment, s.staff
    try:
        write_reports(result, folder, formats, hidden, assignment, staff)
        return result
    except Exception:  # noqa: BLE001 - e.g. a view its template cannot draw
        log_failure(s.out_dir, sub.name, "writing the reports", traceback.format_exc())
    try:
        write_reports(without_drawings(result), folder, formats, hidden, assignment, staff)
        return result
    except Exception:  # noqa: BLE001 - then not even the plain reports: a grader failure
        text = traceback.format_exc()
    result = failed(s, sub, "writing the reports without drawings", text)
    try:
        write_reports(result, folder, formats, hidden, assignment, staff)
    except Exception:  # noqa: BLE001 - keep going: the row in scores.csv says why
        for fmt in formats:  # none of the earlier reports may stay
            with contextlib.suppress(OSError):
                (folder / FILE_NAMES[fmt]).unlink()
        with contextlib.suppress(Exception):
            write_reports(result, folder, ["json"])
    return result


def without_drawings(result: SubmissionResult) -> SubmissionResult:
    """The result without what only templates of views draw (each case's view, the drawing of
    where it first went wrong): the same grading, in words only."""
    cases = []
    for case in result.cases:
        divergence = case.first_divergence
        if divergence is not None:
            divergence = divergence | {"view": "", "state": None}
        found = case.counterexample
        if isinstance(found, dict) and isinstance(found.get("first_divergence"), dict):
            plain = found["first_divergence"] | {"view": "", "state": None}
            found = found | {"first_divergence": plain}
        cases.append(replace(case, view=None, first_divergence=divergence, counterexample=found))
    return replace(result, cases=cases)


def _compact(result: SubmissionResult, full: bool) -> SubmissionResult:
    """The result without what only the reports need (printed output, views, all but the
    first message of a case that did not pass, cut short: the gradebook and the class
    dashboard count students by it; where a case first went wrong, ``first_divergence``, stays
    in the reports)."""
    if full:
        return result
    cases = [
        CaseResult(
            name=c.name,
            part=c.part,
            hidden=c.hidden,
            outcome=c.outcome,
            points=c.points,
            max_points=c.max_points,
            messages=[] if c.outcome == PASSED or not c.messages else [first_message(c)],
        )
        for c in result.cases
    ]
    return replace(result, cases=cases, import_stdout="")
