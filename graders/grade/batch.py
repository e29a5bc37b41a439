"""Grading many submissions: in parallel, each written as soon as it is graded, resumable.

Each submission's reports go to ``OUT/<student>/``, written atomically with
``result.json`` last; a re-run skips a student whose ``result.json`` records the
same submission content, the same fixtures and the same grader version.  A
submission that breaks the grader itself is recorded as an error, never stops
the batch.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import threading
import time
import traceback
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from dataclasses import dataclass, replace
from pathlib import Path

from .. import __version__
from ..assignment import Assignment, Case, Limits
from ..report import write_atomic, write_reports
from ..results import CaseResult, PartResult, SubmissionResult, from_dict
from ..run.programs import program_specs
from ..run.scratch import scratch_space
from ..submission import Submission, SubmissionError, assign_names, cleanup, load_submissions
from ..textsafe import clean_text, csv_cell
from .engine import grade_submission


@dataclass
class BatchItem:
    submission: Submission
    result: SubmissionResult | None = None
    skipped: bool = False


def fixtures_fingerprint(assignment: Assignment, limits: Limits, cases: list[Case]) -> str:
    """What a result depends on besides the submission: fixtures, cases, limits, grader."""
    h = hashlib.sha256()
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


def _previous(out_dir: Path | None, sub: Submission, fingerprint: str) -> SubmissionResult | None:
    if out_dir is None:
        return None
    path = out_dir / sub.name / "result.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if data.get("digest") != f"{sub.digest}:{fingerprint}":
        return None
    try:
        return from_dict(data)
    except (TypeError, KeyError):
        return None


def _grader_failure(assignment: Assignment, sub: Submission, error: str) -> SubmissionResult:
    parts = [PartResult(p.id, p.function, p.title, 0.0, p.points, 0, 0) for p in assignment.parts]
    return SubmissionResult(
        assignment=assignment.id,
        title=assignment.title,
        student=sub.name,
        origin=sub.origin,
        digest="",
        isolation="",
        score=0.0,
        max_score=assignment.total_points,
        parts=parts,
        cases=[],
        notes=[],
        problem=f"the grader failed on this submission: {error}",
        grader_version=__version__,
    )


def _load(path: Path, assignment: Assignment, programs) -> list[Submission]:
    """The submissions at ``path``; a path that is no submission at all becomes one
    submission with that problem, so that it is listed and the others are graded."""
    try:
        return load_submissions(path, assignment.module, programs=programs)
    except Exception as exc:  # noqa: BLE001 - one bad path must not stop the class
        text = str(exc) if isinstance(exc, SubmissionError) else f"could not load: {exc!r}"
        name = path.stem if path.suffix else path.name
        return [Submission(name or "submission", str(path), None, problem=clean_text(text))]


@scratch_space()
def grade_batch(
    assignment: Assignment,
    paths: list[Path],
    cases: list[Case],
    out_dir: Path | None,
    jobs: int = 2,
    limits: Limits | None = None,
    formats: list[str] | None = None,
    isolation: str = "auto",
    on_start: Callable[[int], None] | None = None,
    on_done: Callable[[BatchItem], None] | None = None,
    dask: str | None = None,
    on_progress: Callable[[dict[str, float]], None] | None = None,
    stop: threading.Event | None = None,
) -> list[BatchItem]:
    """Grade every submission found under ``paths``; write reports under ``out_dir``.

    Locally, ``jobs`` threads each drive one sandboxed child at a time; with ``dask`` (a
    scheduler address, or ``local``) the grading runs on a Dask cluster instead.  Each
    submission, from loading to its reports, is inside its own error boundary, and
    ``scores.csv`` is rewritten as each one finishes.  ``on_progress`` gets, a few times a
    second, the submissions in flight and when each started.  When ``stop`` is set (an
    interrupt) no new submission starts, the running ones are abandoned unwritten, and
    what was already written stays.
    """
    stop = stop or threading.Event()
    limits = limits or assignment.limits
    formats = formats or ["json", "md", "html", "gradescope"]
    if "json" not in formats:
        formats = [*formats, "json"]  # result.json is how a re-run knows what is done
    fingerprint = fixtures_fingerprint(assignment, limits, cases)
    submissions: list[Submission] = []
    programs = program_specs(assignment.programs) if assignment.programs else None
    for path in paths:
        submissions.extend(_load(Path(path), assignment, programs))
    assign_names(submissions)
    items = [BatchItem(sub) for sub in submissions]
    if on_start:
        on_start(len(items))
    inflight: dict[str, float] = {}
    lock = threading.Lock()

    def finish(item: BatchItem, result: SubmissionResult) -> BatchItem:
        if stop.is_set() and not item.skipped:
            return item  # cut short by the interrupt: a re-run grades it again
        item.result = result
        if out_dir is not None:
            try:
                write_reports(
                    result,
                    out_dir / item.submission.name,
                    formats,
                    assignment.show_hidden,
                    assignment,
                )
            except Exception:  # noqa: BLE001 - e.g. a report that cannot be written
                item.result = _grader_failure(
                    assignment, item.submission, traceback.format_exc(limit=2)
                )
                try:
                    write_reports(item.result, out_dir / item.submission.name, ["json"])
                except Exception:  # noqa: BLE001 - keep going: the row in scores.csv says why
                    pass
        return item

    def work(item: BatchItem) -> BatchItem:
        sub = item.submission
        if stop.is_set():
            return item
        with lock:
            inflight[sub.name] = time.monotonic()
        try:
            previous = _previous(out_dir, sub, fingerprint)
            if previous is not None:
                item.result, item.skipped = previous, True
                return item
            try:
                result = grade_submission(assignment, sub, cases, limits, isolation)
                result = replace(result, digest=f"{sub.digest}:{fingerprint}")
            except Exception:  # noqa: BLE001 - one broken submission must not stop the batch
                # No digest: a grader failure is never kept as this submission's final result.
                result = _grader_failure(assignment, sub, traceback.format_exc(limit=3))
            return finish(item, result)
        finally:
            with lock:
                inflight.pop(sub.name, None)

    def completed(item: BatchItem) -> None:
        if out_dir is not None and item.result is not None:
            _write_scores(out_dir, assignment, items)
        if on_done:
            on_done(item)

    try:
        if dask:
            _run_on_dask(
                dask,
                assignment,
                items,
                cases,
                limits,
                isolation,
                fingerprint,
                out_dir,
                finish,
                completed,
                stop,
            )
        else:
            _run_local(items, jobs, work, completed, stop, on_progress, inflight, lock)
    finally:
        cleanup(submissions)
    if out_dir is not None:
        _write_scores(out_dir, assignment, items)
    return items


def _run_local(items, jobs, work, completed, stop, on_progress, inflight, lock) -> None:
    """``jobs`` threads, each driving one sandboxed submission at a time."""
    pool = ThreadPoolExecutor(max_workers=max(1, jobs), thread_name_prefix="unograde-grade")
    try:
        pending = {pool.submit(work, item) for item in items}
        while pending:
            done, pending = wait(pending, timeout=0.25, return_when=FIRST_COMPLETED)
            for future in done:
                completed(future.result())
            if on_progress:
                with lock:
                    snapshot = dict(inflight)
                on_progress(snapshot)
            if stop.is_set():
                break
    finally:
        pool.shutdown(wait=not stop.is_set(), cancel_futures=True)


def _write_scores(out_dir: Path, assignment: Assignment, items: list[BatchItem]) -> None:
    try:
        write_atomic(out_dir / "scores.csv", scores_csv(assignment, items))
    except OSError:
        pass  # the reports are written; a later completion or the final write retries


def _run_on_dask(
    address,
    assignment,
    items,
    cases,
    limits,
    isolation,
    fingerprint,
    out_dir,
    finish,
    on_done,
    stop,
) -> None:
    """The same batch on a Dask cluster: one task per submission, reports written here."""
    from dataclasses import asdict

    from .scale import dask_client, grade_packed, pack, result_from

    names = [c.name for c in cases]
    client = dask_client(address)
    try:
        from dask.distributed import as_completed as dask_completed

        pending = {}
        for item in items:
            previous = _previous(out_dir, item.submission, fingerprint)
            if previous is not None:
                item.result, item.skipped = previous, True
                if on_done:
                    on_done(item)
                continue
            future = client.submit(
                grade_packed,
                assignment.id,
                pack(item.submission),
                names,
                asdict(limits),
                isolation,
                pure=False,
            )
            pending[future] = item
        for future in dask_completed(list(pending)):
            if stop.is_set():
                break
            item = pending[future]
            try:
                result = replace(
                    result_from(future.result()), digest=f"{item.submission.digest}:{fingerprint}"
                )
            except Exception:  # noqa: BLE001 - a lost worker must not stop the batch
                result = _grader_failure(assignment, item.submission, traceback.format_exc(limit=3))
            finish(item, result)
            if on_done:
                on_done(item)
    finally:
        if stop.is_set():
            client.cancel(list(pending))
        client.close()


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


__all__ = ["BatchItem", "CaseResult", "grade_batch", "scores_csv", "case_counts"]
