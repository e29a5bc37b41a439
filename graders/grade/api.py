"""Grading, as one Python call per use: the class (``unograde grade``), one submission (a
student's self-check, Gradescope's ``run_autograder``), and the loading they share.

``unograde grade`` only reads its command line into a :class:`GradeRequest`, calls
:func:`grade_class` and prints the :class:`BatchResult`; a test, a script or a notebook makes
the same call::

    from graders.grade.api import GradeRequest, grade_class

    done = grade_class(GradeRequest("ASSIGNMENT", (Path("submissions/"),), record=False))
    done.scores  # {"ada": 100.0, ...}

Bad input (an unknown assignment, a missing submission, a gradebook that cannot be opened)
raises an error of :mod:`graders.errors`' family, whose message names the place; the command
turns it into its one-line message and exit status.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from ..assignment import Assignment, load_assignment
from ..errors import UsageError, as_usage_error
from ..results import SubmissionResult
from ..submission import Submission
from ..vocabulary import Case, Limits
from .batch import DEFAULT_FORMATS, BatchHooks, BatchItem, BatchSettings, Meanwhile, run_batch

if TYPE_CHECKING:
    from ..gradebook import BatchRecorder


@dataclass(frozen=True)
class GradeRequest:
    """What ``unograde grade`` is asked, as values (each field is the option of that name;
    ``record=False`` is ``--no-gradebook``)."""

    assignment: str
    submissions: tuple[Path, ...]
    out: Path | None = None
    jobs: int = 2
    timeout: float | None = None
    memory: int | None = None
    formats: tuple[str, ...] = DEFAULT_FORMATS
    isolation: str = "auto"
    public_only: bool = False
    submission_timeout: float | None = None
    dask: str | None = None
    staff: bool = False
    hidden_visibility: str | None = None
    gradebook: str | None = None
    record: bool = True
    submitted_at: str | None = None
    preview: bool = False
    term: str | None = None


def _say(message: str) -> None:
    """``unograde: MESSAGE`` on stderr (escape sequences removed: it may quote a file)."""
    import click

    from ..textsafe import terminal_plain

    click.echo(f"unograde: {terminal_plain(message)}", err=True)


@dataclass(frozen=True)
class GradeHooks:
    """What the caller hears while a class is graded: the batch's own hooks
    (:class:`~graders.grade.batch.BatchHooks`: progress, the interrupt), ``graded`` with every
    item once the batch is over, ``recorded`` with the gradebook's recorder once it has
    recorded the class (before the reports are refreshed and the dashboard written), and
    ``warn`` with each thing that went wrong without stopping the class (``unograde: ...`` on
    stderr by default)."""

    batch: BatchHooks = field(default_factory=BatchHooks)
    graded: Callable[[list[BatchItem]], None] | None = None
    recorded: Callable[[BatchRecorder], None] | None = None
    warn: Callable[[str], None] = _say


@dataclass
class BatchResult:
    """A graded class: every submission's item, and what the run was."""

    settings: BatchSettings
    items: list[BatchItem]
    mode: str  # the isolation asked for (each result says the one it had)
    interrupted: int = 0  # the signal that stopped the batch (0: it ran to its end)
    recorder: BatchRecorder | None = None

    @property
    def assignment(self) -> Assignment:
        return self.settings.assignment

    @property
    def limits(self) -> Limits:
        return self.settings.run_limits

    @property
    def results(self) -> list[SubmissionResult]:
        return [item.result for item in self.items if item.result is not None]

    @property
    def scores(self) -> dict[str, float]:
        """Each graded submission's score, by student."""
        return {result.student: result.score for result in self.results}


def batch_settings(request: GradeRequest) -> BatchSettings:
    """The batch ``request`` asks for: its assignment (with ``hidden_visibility``), its cases,
    its limits with the request's own, checked (raises an error of the family)."""
    from ..report import FORMATS
    from ..run.sandbox import choose_isolation

    assignment = load_assignment(request.assignment)
    with as_usage_error(RuntimeError, ValueError):
        cases = assignment.cases(visibility="public" if request.public_only else None)
        mode = choose_isolation(request.isolation)
    unknown = [f for f in request.formats if f not in FORMATS]
    if unknown:
        raise UsageError(f"unknown format {unknown[0]!r} (formats: {', '.join(FORMATS)})")
    if request.hidden_visibility is not None:
        assignment = replace(assignment, hidden_visibility=request.hidden_visibility)
    limits = assignment.limits
    if request.timeout is not None:
        limits = replace(limits, timeout=request.timeout, cpu=min(limits.cpu, request.timeout))
    if request.memory is not None:
        limits = replace(limits, memory_mb=request.memory)
    if request.submission_timeout is not None:
        limits = replace(limits, submission_timeout=request.submission_timeout)
    for path in request.submissions:
        if not Path(path).exists():
            raise UsageError(f"{path}: no such file or folder")
    out = None if request.preview else request.out
    if out is not None and out.exists() and not out.is_dir():
        raise UsageError(f"{out}: exists and is not a folder")
    return BatchSettings(
        assignment=assignment,
        cases=tuple(cases),
        out_dir=out,
        jobs=request.jobs,
        limits=limits,
        formats=tuple(request.formats),
        isolation=mode,
        dask=request.dask,
        compact=True,
        staff=request.staff,
    )


@dataclass
class Prepared:
    """A class ready to be graded: its request, its batch's settings (checked), and the
    gradebook's recorder (the gradebook open, this run started in it) unless nothing is to be
    recorded, or, for a lone submission, the gradebook's opening, which :func:`grade_class`
    does while the submission is graded (``opening``). :func:`grade_class` closes the
    gradebook."""

    request: GradeRequest
    settings: BatchSettings
    recorder: BatchRecorder | None = None
    opening: _Opening | None = None

    def opening_failed(self, error: BaseException) -> bool:
        """Whether ``error`` (raised by :func:`grade_class`) is the gradebook's opening's:
        an error :func:`prepare` raises for a class, before anything starts."""
        return self.opening is not None and error is self.opening.meanwhile.error


class _Opening:
    """The gradebook opened while a lone submission is graded (the grader's main thread
    would only wait on the sandboxed child; SQLAlchemy's import is most of the opening), then
    the modules the end of the run imports. Nothing is written before it is done, and nothing
    at all if it fails: the run then raises its error, as :func:`prepare` would have."""

    def __init__(self, request: GradeRequest, settings: BatchSettings, dated, warn) -> None:
        self.recorder: BatchRecorder | None = None
        self.meanwhile = Meanwhile(lambda: self._open(request, settings, dated, warn))

    def _open(self, request: GradeRequest, settings: BatchSettings, dated, warn) -> None:
        # Imported quietly first: an import that fails here (a missing SQLAlchemy) fails again
        # in ``_recorder``, with its own error, exactly as it would in ``prepare``.
        _import_quietly("graders.gradebook.store")
        self.recorder = _recorder(request, settings, dated, warn)
        if settings.out_dir is not None:  # the reports' (Jinja2), then the dashboard's
            for name in ("graders.report.templates", "graders.report.gradescope",
                         "graders.dashboard.render"):  # fmt: skip
                _import_quietly(name)

    def record(self, item: BatchItem) -> None:
        assert self.recorder is not None  # the batch records only once it is open
        self.recorder(item)


def _import_quietly(name: str) -> None:
    """Import ``name`` now if it can be; if it cannot, its importer meets the same error
    later, where it always did (a failed import is not remembered)."""
    import importlib

    try:
        importlib.import_module(name)
    except Exception:  # noqa: BLE001, S110 - said by the import that needs it
        pass


def _lone_file(request: GradeRequest) -> bool:
    """Whether ``request`` grades one submission for certain: one path, a file that is not
    a zip (a zip may hold a class), graded here (not on Dask)."""
    import zipfile

    if len(request.submissions) != 1 or request.dask is not None:
        return False
    path = Path(request.submissions[0])
    try:
        return path.is_file() and not zipfile.is_zipfile(path)
    except OSError:
        return False


def prepare(request: GradeRequest, warn: Callable[[str], None] = _say) -> Prepared:
    """Everything about ``request`` that can be wrong, found before anything runs: the
    assignment, the options, the submissions' paths, ``--submitted-at``, the gradebook
    (raises an error of the family). For a lone submission, the gradebook is opened while
    it is graded, before anything is written (:class:`_Opening`): an error there is raised
    by :func:`grade_class`, with nothing written."""
    from ..adjust import after_grade

    settings = batch_settings(request)
    dated = after_grade.parse_submitted_at(request.submitted_at)
    recorder = opening = None
    if request.record and not request.preview:
        if _lone_file(request):
            opening = _Opening(request, settings, dated, warn)
        else:
            recorder = _recorder(request, settings, dated, warn)
    return Prepared(request, settings, recorder, opening)


def grade_class(request: GradeRequest | Prepared, hooks: GradeHooks | None = None) -> BatchResult:
    """Grade a class as ``unograde grade`` does: every submission in parallel, each bounded
    by its time budget; its reports under ``request.out``; each graded submission recorded in
    the gradebook (unless ``record`` is false), the reports refreshed with each student's
    standing, and ``OUT/index.html``, the class's dashboard. With ``preview`` nothing is
    recorded or written: the results are for comparing with the gradebook. ``request`` may be
    :func:`prepare`'s, when the caller has checked it before showing progress."""
    from ..adjust import after_grade

    hooks = hooks or GradeHooks()
    ready = request if isinstance(request, Prepared) else prepare(request, hooks.warn)
    request, settings, recorder = ready.request, ready.settings, ready.recorder
    opening = ready.opening
    started = time.time()
    try:
        if opening is None:
            batch = replace(hooks.batch, record=recorder)
        else:
            batch = replace(hooks.batch, record=opening.record, meanwhile=opening.meanwhile)
        items = run_batch(settings, list(request.submissions), batch)
        if opening is not None:
            recorder = opening.recorder
        stop = hooks.batch.stop
        done = BatchResult(settings, items, settings.isolation, getattr(stop, "signal", 0) or 0)
        done.recorder = recorder
        if hooks.graded is not None:
            hooks.graded(items)
        if request.preview:
            return done
        if recorder is not None:
            recorder.finish()
            if hooks.recorded is not None:
                hooks.recorded(recorder)
            after_grade.refresh_after_grading(recorder, settings.out_dir, request.term)
        if settings.out_dir is not None and not done.interrupted:
            _write_dashboard(done, started, request.term, hooks.warn)
        return done
    finally:
        if opening is not None:
            recorder = opening.recorder
        if recorder is not None:
            recorder.gradebook.close()


def _recorder(request: GradeRequest, settings: BatchSettings, dated, warn) -> BatchRecorder:
    """The gradebook's recorder for this class: who made each submission and when, where an
    LMS export says so."""
    from ..adjust import after_grade
    from ..gradebook import BatchRecorder
    from ..gradebook.options import open_gradebook
    from ..roster.lms_exports import MetadataError, submitters_in

    book = open_gradebook(request.gradebook, create=True)
    try:
        claims: dict = {}
        for path in request.submissions:
            try:
                claims.update(submitters_in(path))
            except (MetadataError, OSError) as exc:
                warn(f"warning: {exc}; ignored")
        times = after_grade.submission_times(request.submissions)
        return BatchRecorder(book, settings.assignment, settings.out_dir, claims, times, dated)
    except BaseException:
        book.close()
        raise


def _write_dashboard(done: BatchResult, started: float, term: str | None, warn) -> None:
    """OUT/index.html; a failure here loses nothing (reports and gradebook are written)."""
    from .. import __version__
    from ..gradebook.records import now

    assignment, results, out = done.assignment, done.results, done.settings.out_dir
    limits, jobs, recorder = done.limits, done.settings.jobs, done.recorder
    assert out is not None
    if not results:
        return
    skipped = sum(item.skipped for item in done.items)
    facts = [
        ("assignment", f"{assignment.title} ({assignment.id})"),
        ("graded", f"{time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime(started))} to {now()} "
                   "(UTC)"),
        ("isolation", results[0].isolation or "(none recorded)"),
        ("grader version", __version__),
        ("submissions", f"{len(results)} ({skipped} unchanged since the last run, not graded "
                        f"again); {sum(1 for r in results if r.problem)} could not run"),
        ("limits", f"{limits.timeout:g} s per case, {limits.memory_mb} MB, "
                   f"{limits.submission_timeout:g} s per submission; --jobs {jobs}"),
    ]  # fmt: skip
    roster, claims, extras = (), None, {}
    if recorder is not None:
        from ..adjust.after_grade import dashboard_extras

        extras = dashboard_extras(recorder, term)
        facts.append(("gradebook", f"{recorder.gradebook.name} (run {recorder.run_id})"))
        try:
            roster = recorder.gradebook.roster()
            claims = recorder.gradebook.claims(assignment.id)
        except Exception:  # noqa: BLE001 - the dashboard goes on without the roster
            roster = ()
    else:
        facts.append(("gradebook", "not recorded (--no-gradebook)"))
    try:
        from ..dashboard.render import batch_dashboard

        batch_dashboard(assignment.id, assignment.title, results, out, facts, roster, claims,
                        **extras)  # fmt: skip
    except Exception as exc:  # noqa: BLE001 - reports and gradebook are already written
        warn(f"the class dashboard {out / 'index.html'} could not be written: {exc!r}")


@contextmanager
def submissions_at(
    assignment: Assignment, path: Path, *, nested: bool = False, say_missing: bool = True
) -> Iterator[list[Submission]]:
    """The submissions at ``path`` (a file, a notebook, a folder, a zip; ``nested``: a folder
    that holds the submission's files, as an upload does), as the grader loads them; their
    unpacked copies are removed when the block ends. ``say_missing``: name once, on stderr, a
    toolchain a submission needs and this machine lacks."""
    from ..run.layouts import say_missing_toolchains, submission_kinds
    from ..submission import cleanup, load_submissions

    programs = submission_kinds(assignment)
    subs = load_submissions(path, assignment.module, nested=nested, programs=programs)
    try:
        if say_missing:
            say_missing_toolchains(subs)
        yield subs
    finally:
        cleanup(subs)


def grade_one(
    assignment: Assignment,
    submission: Submission,
    cases: Sequence[Case] | None = None,
    *,
    limits: Limits | None = None,
    isolation: str = "auto",
    staff: bool = False,
) -> SubmissionResult:
    """One loaded submission graded in the sandbox on ``cases`` (every case, public and
    hidden, unless given); never raises for anything the student did."""
    from .engine import grade_submission

    chosen = list(assignment.cases() if cases is None else cases)
    return grade_submission(assignment, submission, chosen, limits, isolation, staff=staff)


__all__ = [
    "BatchHooks",
    "BatchResult",
    "BatchSettings",
    "GradeHooks",
    "GradeRequest",
    "Prepared",
    "batch_settings",
    "grade_class",
    "grade_one",
    "prepare",
    "run_batch",
    "submissions_at",
]
