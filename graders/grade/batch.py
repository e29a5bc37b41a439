"""Grading many submissions: in parallel, each written as soon as it is graded, resumable.

Each submission's reports go to ``OUT/<student>/``, written atomically with
``result.json`` last; a re-run skips a student whose ``result.json`` records the
same submission content, the same fixtures and the same grader version.  A
submission that breaks the grader itself is recorded as an error, never stops
the batch.
"""

from __future__ import annotations

import contextlib
import csv
import hashlib
import io
import os
import signal
import sys
import tempfile
import threading
import time
import traceback
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, ThreadPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from .. import __version__
from ..assignment import Assignment
from ..report import write_atomic
from ..results import CaseResult, SubmissionResult
from ..run.layouts import say_missing_toolchains, submission_kinds
from ..run.scratch import scratch_space
from ..submission import (
    Submission,
    SubmissionError,
    assign_names,
    cleanup,
    load_submissions,
    syntax_checked_later,
)
from ..textsafe import clean_text, csv_cell
from ..vocabulary import Case, Limits
from .failures import code_of
from .workers import Settings, context, failed, grade_one, start, write


@dataclass
class BatchItem:
    submission: Submission
    result: SubmissionResult | None = None
    skipped: bool = False
    # CPU seconds its worker spent on it, and its sandboxed child (local workers only).
    cpu: tuple[float, float] = (0.0, 0.0)


def fixtures_fingerprint(
    assignment: Assignment, limits: Limits, cases: list[Case], staff: bool = False
) -> str:
    """What a result depends on besides the submission: fixtures, cases, limits, grader,
    and whether the reports are the staff's (``--staff``) or the students'."""
    h = hashlib.sha256()
    h.update(b"staff\0" if staff else b"students\0")
    h.update(assignment.hidden_visibility.encode() + b"\0")
    root = assignment.fixtures
    h.update((root / "manifest.json").read_bytes())
    h.update((assignment.folder / "assignment.toml").read_bytes())
    names = set()
    for case in cases:
        names.update(p for p in (case.input_path, case.expected_path) if p)
    for name in sorted(names):  # an expectation edited by hand changes the fingerprint too
        path = root / name
        if path.is_file():
            h.update(name.encode() + b"\0" + path.read_bytes())
    h.update("\0".join(c.name for c in cases).encode())
    h.update(repr(limits).encode() + __version__.encode())
    return h.hexdigest()[:16]


def _load(path: Path, assignment: Assignment, programs) -> list[Submission]:
    """The submissions at ``path``; a path that is no submission at all becomes one
    submission with that problem, so that it is listed and the others are graded."""
    try:
        with syntax_checked_later():  # in the worker that grades each one
            return load_submissions(path, assignment.module, programs=programs)
    except Exception as exc:  # noqa: BLE001 - one bad path must not stop the class
        text = str(exc) if isinstance(exc, SubmissionError) else f"could not load: {exc!r}"
        name = path.stem if path.suffix else path.name
        return [Submission(name or "submission", str(path), None, problem=clean_text(text))]


DEFAULT_FORMATS = ("json", "md", "html", "gradescope")


@dataclass(frozen=True)
class BatchSettings:
    """Everything one batch is graded with, in one value (what ``unograde grade``'s options
    come to once read: :func:`graders.grade.api.batch_settings`).

    ``out_dir``: where each submission's reports go (``OUT/<student>/``), or nowhere.
    ``jobs``: worker processes (and the sandboxed runs they share). ``limits``: the
    assignment's unless given. ``dask``: a Dask scheduler's address (or ``local``) to grade
    on instead of local workers. ``compact``: with more than one submission, the results held
    here keep each case's outcome and points and only the first message of a case that did
    not pass, cut short: the reports have the rest, and a class of 300 failing submissions is
    not held in memory twice. ``staff``: the reports are the course staff's (hidden cases
    explained and shown in full).
    """

    assignment: Assignment
    cases: tuple[Case, ...]
    out_dir: Path | None = None
    jobs: int = 2
    limits: Limits | None = None
    formats: tuple[str, ...] = DEFAULT_FORMATS
    isolation: str = "auto"
    dask: str | None = None
    compact: bool = False
    staff: bool = False

    @property
    def run_limits(self) -> Limits:
        return self.limits or self.assignment.limits


@dataclass(frozen=True)
class BatchHooks:
    """What the caller of a batch hears while it runs, all called in the caller's process.

    ``on_start`` gets the number of submissions found; ``on_done`` each item as it is
    collected; ``on_progress``, a few times a second, the submissions in flight and when each
    started; ``record`` each item that has a result, as soon as it is collected (the
    gradebook's :class:`~graders.gradebook.BatchRecorder`). When ``stop`` is set (an
    interrupt) no new submission starts, the running ones are abandoned unwritten, and what
    was already written stays. ``meanwhile``: work that must succeed before anything is
    written (:class:`Meanwhile`), done while a lone submission is graded, else before the
    workers start.
    """

    on_start: Callable[[int], None] | None = None
    on_done: Callable[[BatchItem], None] | None = None
    on_progress: Callable[[dict[str, float]], None] | None = None
    stop: threading.Event | None = None
    record: Callable[[BatchItem], None] | None = None
    meanwhile: Meanwhile | None = None


SWITCH_INTERVAL = 0.00001
"""Seconds the thread holding the GIL keeps it while another asks for it, during the work
done meanwhile (Python's default is 0.005)."""


class Meanwhile:
    """Work for the caller's thread while a lone submission is graded in another one (it
    would only wait on the sandboxed child, which runs on another core): ``unograde grade``
    opens the gradebook then. ``run`` does it, in the caller's thread, once; the grading
    thread waits for it (``go_on``) before it writes anything, and writes nothing if it
    raised; the batch then raises that same error (``check``) once the grading is over,
    before its scores are written. With more than one submission it is done before the
    workers start."""

    def __init__(self, work: Callable[[], None]) -> None:
        self.work = work
        self.done = threading.Event()
        self.error: BaseException | None = None

    def run(self) -> None:
        if self.done.is_set():
            return
        # Stays if the work is cut short (KeyboardInterrupt): then nothing is written either.
        self.error = RuntimeError("the work done meanwhile did not finish")
        # The grading thread sends the child its next case as soon as it has the previous
        # reply; by default it would wait up to 5 ms for this thread to let go of the GIL.
        interval = sys.getswitchinterval()
        sys.setswitchinterval(min(interval, SWITCH_INTERVAL))
        try:
            self.work()
            self.error = None
        except Exception as exc:  # noqa: BLE001 - raised again by ``check``
            self.error = exc
        finally:
            sys.setswitchinterval(interval)
            self.done.set()

    def go_on(self) -> bool:
        """Whether anything may be written (waits for :meth:`run`)."""
        self.done.wait()
        return self.error is None

    def check(self) -> None:
        """Raise what the work raised, if it did."""
        if self.error is not None:
            raise self.error


@scratch_space()
def run_batch(
    settings: BatchSettings, paths: Sequence[Path], hooks: BatchHooks | None = None
) -> list[BatchItem]:
    """Grade every submission found under ``paths`` with ``settings``; write its reports.

    Locally, ``settings.jobs`` worker processes each grade and report one submission at a
    time (:mod:`graders.grade.workers`); with ``settings.dask`` each Dask task does the same
    on a worker of the cluster. Each submission, from loading to its reports, is inside its
    own error boundary, and ``scores.csv`` is rewritten as each one finishes.
    """
    hooks = hooks or BatchHooks()
    stop = hooks.stop or threading.Event()
    assignment, cases, out_dir = settings.assignment, list(settings.cases), settings.out_dir
    limits = settings.run_limits
    formats = list(settings.formats or DEFAULT_FORMATS)
    if "json" not in formats:
        formats = [*formats, "json"]  # result.json is how a re-run knows what is done
    fingerprint = fixtures_fingerprint(assignment, limits, cases, settings.staff)
    submissions: list[Submission] = []
    programs = submission_kinds(assignment)
    for path in paths:
        submissions.extend(_load(Path(path), assignment, programs))
    assign_names(submissions)
    say_missing_toolchains(submissions)
    items = [BatchItem(sub) for sub in submissions]
    if hooks.on_start:
        hooks.on_start(len(items))
    inflight: dict[str, float] = {}

    scores = _ScoresWriter(out_dir, assignment, items)

    def completed(item: BatchItem) -> None:
        if item.result is not None:
            if hooks.record is not None:
                hooks.record(item)
            scores.changed()
        if hooks.on_done:
            hooks.on_done(item)

    local = settings.dask is None
    worker = Settings(
        assignment=assignment,
        cases=tuple(cases),
        limits=limits,
        formats=tuple(formats),
        out_dir=out_dir,
        isolation=settings.isolation,
        fingerprint=fingerprint,
        full_results=not settings.compact or len(items) == 1,
        # Local workers share this process's scratch folder and watch it.
        scratch=tempfile.gettempdir() if local else None,
        grader_pid=os.getpid() if local else None,
        staff=settings.staff,
        grader_code=code_of(assignment),
        # A submission may ask for all the jobs at once; local workers share ``jobs`` slots
        # (``graders.run.slots``), so the class never runs more than that, and its last
        # submission is not left to one core.
        jobs_each=max(1, settings.jobs) if local else 1,
    )
    meanwhile = hooks.meanwhile
    try:
        if settings.dask:
            if meanwhile is not None:
                meanwhile.run()
                meanwhile.check()
            _run_on_dask(settings.dask, items, worker, completed, stop)
        else:
            run = (completed, stop, hooks.on_progress, inflight)
            _run_workers(items, settings.jobs, worker, *run, meanwhile)
    finally:
        cleanup(submissions)
    if meanwhile is not None:
        meanwhile.check()
    scores.write()
    return items


def grade_batch(
    assignment: Assignment,
    paths: list[Path],
    cases: list[Case],
    out_dir: Path | None,
    jobs: int = 2,
    limits: Limits | None = None,
    formats: list[str] | None = None,
    isolation: str = "auto",
    **hooks_and_options: Any,
) -> list[BatchItem]:
    """:func:`run_batch` in the form of a call: the settings as arguments (``dask``,
    ``compact`` and ``staff`` by keyword), and the hooks of :class:`BatchHooks` by keyword."""
    hook_names = {f.name for f in fields(BatchHooks)}
    hooks = BatchHooks(**{k: v for k, v in hooks_and_options.items() if k in hook_names})
    options = {k: v for k, v in hooks_and_options.items() if k not in hook_names}
    settings = BatchSettings(
        assignment, tuple(cases), out_dir, jobs, limits,
        tuple(formats or DEFAULT_FORMATS), isolation, **options,
    )  # fmt: skip
    return run_batch(settings, paths, hooks)


class _ScoresWriter:
    """``scores.csv`` rewritten as results arrive, at most twice a second (a class of 300
    would otherwise rewrite it 300 times), and once at the end."""

    EVERY = 0.5

    def __init__(self, out_dir: Path | None, assignment: Assignment, items: list[BatchItem]):
        self.out_dir, self.assignment, self.items = out_dir, assignment, items
        self.last = 0.0

    def changed(self) -> None:
        if time.monotonic() - self.last >= self.EVERY:
            self.write()

    def write(self) -> None:
        if self.out_dir is not None:
            _write_scores(self.out_dir, self.assignment, self.items)
            self.last = time.monotonic()


def _run_workers(items, jobs, settings, completed, stop, on_progress, inflight,
                 meanwhile: Meanwhile | None = None) -> None:  # fmt: skip
    """``jobs`` worker processes, each grading and reporting one submission at a time (a lone
    submission is graded here, in a thread: starting a worker would cost more than it saves).

    A worker that dies (it should not: student code runs in its sandboxed children) breaks
    its pool: the submissions it had not started are graded in a new pool, and each one that
    was being graded when it died is graded again alone; one that breaks its worker again is
    recorded as a grader failure. The batch goes on either way."""
    if len(items) == 1:
        run = (completed, stop, on_progress, inflight, meanwhile)
        return _run_inline(items[0], settings, *run)
    if meanwhile is not None:
        meanwhile.run()
        meanwhile.check()
    ctx = context(settings.assignment.plugin_name.partition(":")[0])
    run = (ctx, settings, completed, stop, on_progress, inflight)
    queue = list(items)
    while queue and not stop.is_set():
        started, unstarted = _run_pool(queue, jobs, *run)
        queue = unstarted
        for item in started:  # alone, so that the one that kills a worker is known
            again, _ = _run_pool([item], 1, *run)
            if again and not stop.is_set():
                why = "its worker process died while grading this submission, twice"
                result = failed(
                    settings, item.submission, why, "(no traceback: the process died)", why
                )
                item.result = write(settings, item.submission, result)
                completed(item)


def _run_pool(batch, jobs, ctx, settings, completed, stop, on_progress, inflight):
    """One pool over ``batch``; returns the items its breaking left ungraded: (those that had
    started, those that had not)."""
    events = ctx.SimpleQueue()
    run_slots = ctx.Semaphore(max(1, jobs))  # parallel sandboxed runs, across the workers
    pids: set[int] = set()
    seen: set[str] = set()
    broken: list[BatchItem] = []
    pool = ProcessPoolExecutor(
        max_workers=max(1, min(jobs, len(batch))),
        mp_context=ctx,
        initializer=start,
        initargs=(settings, events, run_slots),
    )
    try:
        pending = {pool.submit(grade_one, item.submission): item for item in batch}
        while pending:
            done, _ = wait(list(pending), timeout=0.25, return_when=FIRST_COMPLETED)
            while not events.empty():
                _, name, pid, _started = events.get()
                pids.add(pid)
                seen.add(name)
                inflight[name] = time.monotonic()
            for future in done:
                item = pending.pop(future)
                inflight.pop(item.submission.name, None)
                if stop.is_set():
                    continue
                try:
                    _take(item, future, settings)
                except BrokenProcessPool:
                    broken.append(item)
                    continue
                completed(item)
            if on_progress:
                on_progress(dict(inflight))
            if stop.is_set():
                break
    finally:
        if stop.is_set():
            for pid in pids:  # each kills its sandboxed children, then exits
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGTERM)
        pool.shutdown(wait=True, cancel_futures=True)
    started = [item for item in broken if item.submission.name in seen]
    return started, [item for item in broken if item.submission.name not in seen]


def _run_inline(item, settings, completed, stop, on_progress, inflight, meanwhile=None) -> None:
    # The grading thread's own imports, made here: while it grades, this thread may be
    # importing others (``meanwhile``), and two threads importing modules that import each
    # other could deadlock.
    from . import engine  # noqa: F401
    from .workers import grade_and_report

    go_on = None if meanwhile is None else meanwhile.go_on
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="unograde-grade") as pool:
        inflight[item.submission.name] = time.monotonic()
        future = pool.submit(grade_and_report, settings, item.submission, go_on)
        if meanwhile is not None:
            meanwhile.run()  # here, while the grading thread waits on the sandbox
        while not future.done():
            wait([future], timeout=0.25)
            if on_progress:
                on_progress(dict(inflight))
            if stop.is_set():
                return  # its sandboxed child is killed by the interrupt (REGISTER)
        inflight.clear()
        if meanwhile is not None:
            meanwhile.check()
        _take(item, future, settings)
    completed(item)


def _take(item: BatchItem, future, settings: Settings) -> None:
    """A finished task's answer into ``item``; a task that raised makes it a grader failure
    (a worker lost as a whole is the caller's: ``BrokenProcessPool`` goes through)."""
    try:
        answer = future.result()
    except BrokenProcessPool:
        raise
    except Exception:  # noqa: BLE001 - this submission is an error, not the batch
        text = traceback.format_exc()
        result = failed(settings, item.submission, "its task raised", text)
        item.result = write(settings, item.submission, result)
        return
    item.result, item.skipped = answer.result, answer.skipped
    item.cpu = (answer.worker_cpu, answer.child_cpu)


def _write_scores(out_dir: Path, assignment: Assignment, items: list[BatchItem]) -> None:
    try:
        write_atomic(out_dir / "scores.csv", scores_csv(assignment, items))
    except OSError:
        pass  # the reports are written; a later completion or the final write retries


def _run_on_dask(address, items, settings, on_done, stop) -> None:
    """The same batch on a Dask cluster: one task per submission, graded and reported on the
    worker (``OUT`` must be a folder the workers can write: the same machine, or a shared
    filesystem), which sends back the compact result."""
    from .scale import dask_client, grade_packed, pack

    client = dask_client(address)
    pending = {}
    try:
        from dask.distributed import as_completed as dask_completed

        shared = client.scatter(settings, broadcast=True)
        for item in items:
            future = client.submit(grade_packed, shared, pack(item.submission), pure=False)
            pending[future] = item
        for future in dask_completed(list(pending)):
            if stop.is_set():
                break
            item = pending[future]
            _take(item, future, settings)  # a lost Dask worker: this submission is an error
            on_done(item)
    finally:
        if stop.is_set():
            client.cancel(list(pending))
        client.close()
        # A local cluster keeps its workers' scratch space in this run's scratch folder: it
        # is closed now, while that folder is still there, not at exit after it is gone
        # (which printed "ERROR - Failed to remove" after a good run).
        cluster = getattr(client, "cluster", None)
        if address == "local" and cluster is not None:
            cluster.close()


def scores_csv(assignment: Assignment, items: list[BatchItem]) -> str:
    """One row per student: each part's points, the total, and any problem."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["student", *(p.id for p in assignment.parts), "total", "max", "problem"])
    for item in sorted(items, key=lambda i: i.submission.name):
        result = item.result
        if result is None:
            continue
        points = {p.id: p.points for p in result.parts}
        writer.writerow(
            [
                csv_cell(result.student),
                *(f"{points.get(p.id, 0.0):g}" for p in assignment.parts),
                f"{result.score:g}",
                f"{result.max_score:g}",
                csv_cell(result.problem or ""),
            ]
        )
    return out.getvalue()


def case_counts(result: SubmissionResult) -> dict[str, int]:
    counts: dict[str, int] = {}
    for case in result.cases:
        counts[case.outcome] = counts.get(case.outcome, 0) + 1
    return counts


__all__ = [
    "BatchHooks",
    "BatchItem",
    "BatchSettings",
    "CaseResult",
    "grade_batch",
    "run_batch",
    "scores_csv",
    "case_counts",
]
