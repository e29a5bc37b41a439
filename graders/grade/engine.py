"""Grading one submission: load -> build (if compiled) -> run sandboxed -> compare -> render.

Each step is a small function of :func:`_grade`, in the order the contract
(:mod:`graders.contract`) describes; the steps share one :class:`Grading`, the submission's
grading as it goes.

The one path every assignment takes.  The assignment's plugin (the contract in
:mod:`graders.contract`) turns fixtures into calls (``load_case``), says whether a
value even has the right shape (``check_shape``) and gives the verdict (``judge``);
its optional capabilities run programs, draw views, answer cases themselves and
review.  Everything else is here and is the same for every assignment.
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from unokit import imports
from unokit.notebook import cap_notes
from unokit.notebook import in_cells as notebook_cells
from unokit.verdict import (
    MALFORMED,
    MUTATED,
    bounded_input,
    bounded_messages,
    failure,
    judge_value,
)

from .. import __version__
from ..assignment import Assignment
from ..contract import Explanation, Interpretation, ProgramIO, Review, Stages, Views
from ..results import CaseOutcome, CaseResult, PartResult, SubmissionResult
from ..run.budget import Budget, budget_scope
from ..run.layouts import Layout
from ..run.sandbox import Call, Session, choose_isolation, isolation_text
from ..submission import Submission
from ..textsafe import cap_text, cap_value, clean_text
from ..vocabulary import Case, Limits, Outcome, ReviewResult, RunStatus
from .counterexample import answers_of, find_counterexamples
from .judged import judged
from .layout_run import LayoutRun, provide_defaults
from .overtime import OverBudget, Watchdog


def _case_points(assignment: Assignment, cases: Sequence[Case]) -> dict[str, float]:
    """Each part's points split evenly over that part's cases."""
    counts: dict[str, int] = {}
    for case in cases:
        counts[case.part] = counts.get(case.part, 0) + 1
    return {
        part.id: part.points / counts[part.id] for part in assignment.parts if counts.get(part.id)
    }


def _judge_value(assignment, case: Case, outcome: Outcome, result: CaseResult, worth: float):
    """A returned value: the right shape, then the plugin's verdict (by default a structural
    diff; :func:`unokit.verdict.judge_value`, which a self-check kit runs too), remembered
    under the bytes the child sent (``outcome.raw``; :mod:`.judged`: the same bytes for the
    same case are not judged again, nor even decoded). Returns the value as judged
    (normalised, for the report's view)."""
    plugin = assignment.plugin
    verdict, result.messages, value = judged(
        plugin, case, outcome.raw, lambda: judge_value(plugin, case, outcome.value)
    )
    result.outcome = CaseOutcome(verdict)
    if result.outcome == CaseOutcome.PASSED:
        result.points = worth
    return value


def judge(
    assignment: Assignment,
    case: Case,
    outcome: Outcome,
    worth: float,
    program: bool | str = False,
    staff: bool = False,
) -> CaseResult:
    """Turn what came back for one case into an outcome with student-facing messages.

    A failed public case keeps its input and its view for the reports; so does a failed
    hidden one in a ``staff`` run (whose reports are the course staff's, never a student's).
    """
    plugin = assignment.plugin
    part = assignment.part(case.part)
    # ``program``: True for a program, or the words naming it (a layout's part file).
    who = program if isinstance(program, str) else "the program" if program else part.function
    result = CaseResult(
        name=case.name,
        part=case.part,
        hidden=case.hidden,
        outcome=CaseOutcome.FAILED,
        points=0.0,
        max_points=worth,
        stdout=outcome.stdout,
        stdout_dropped=outcome.dropped,
        seconds=outcome.seconds,
        covers=list(case.covers),
    )
    status = outcome.status
    if status == RunStatus.RETURNED:
        outcome.value = _judge_value(assignment, case, outcome, result, worth)
    elif status == RunStatus.MALFORMED:
        # What the program printed is shown: the student sees why it could not be read.
        result.outcome = CaseOutcome.MALFORMED
        result.messages = [MALFORMED.format(who=who, message=outcome.message)]
    else:
        kind, message = failure(status, who, part.function, assignment.limits.memory_mb, outcome)
        result.outcome, result.messages = CaseOutcome(kind), [message]
        if status == RunStatus.MISSING and outcome.error_type == "MissingFile":
            result.messages = [outcome.message]  # a layout's part file, not a function
        if status in (
            RunStatus.RAISED, RunStatus.IMPORT_ERROR, RunStatus.COMPILE_ERROR, RunStatus.SANITIZER
        ):  # fmt: skip
            result.traceback = outcome.traceback
    if outcome.mutated:
        result.messages.append(MUTATED.format(function=part.function))
    if (staff or not case.hidden) and not result.passed and status != RunStatus.NOT_RUN:
        result.args = case.args  # what a student needs to see a failure
        try:
            result.given = list(plugin.show_input(case.part, case.args))
        except Exception:  # noqa: BLE001 - the input's text is a nicety, like the view
            result.given = []
        if isinstance(plugin, Views):
            actual = outcome.value if status == RunStatus.RETURNED else None
            try:
                result.view = plugin.view(case.part, case.args, case.expected, actual)
            except Exception:  # noqa: BLE001 - a view is a nicety; never fail grading for it
                result.view = None
    return bounded(result)


def bounded(result: CaseResult) -> CaseResult:
    """The case with everything the submission controls cut to a size a report can carry
    (a 2 MB string returned, quoted in three messages, must not make 500 MB of reports)."""
    result.messages = bounded_messages(result.messages)
    result.stdout = cap_text(clean_text(result.stdout), 64 * 1024)
    result.traceback = cap_text(clean_text(result.traceback), 8000)
    result.args = cap_value(result.args) if result.args is not None else None
    result.view = cap_value(result.view) if result.view is not None else None
    result.given = bounded_input(result.given)
    if result.first_divergence is not None:
        result.first_divergence = cap_value(result.first_divergence)
    return result


NOT_JUDGED = (
    "not judged: the grader's work on this submission ran past its time budget of {seconds:g} s"
)


def judge_within(
    watch: Watchdog,
    assignment: Assignment,
    case: Case,
    outcome: Outcome,
    worth: float,
    program: bool | str = False,
    staff: bool = False,
) -> CaseResult:
    """:func:`judge` under the submission's budget: past its end (before or during the
    judging), the case is recorded "not judged", worth nothing, and costs no more time."""
    try:
        with watch:
            return judge(assignment, case, outcome, worth, program, staff)
    except OverBudget:
        watch.budget.hit = True
        watch.budget.not_judged += 1
        return CaseResult(
            name=case.name,
            part=case.part,
            hidden=case.hidden,
            outcome=CaseOutcome.NOT_RUN,
            points=0.0,
            max_points=worth,
            messages=[NOT_JUDGED.format(seconds=watch.budget.seconds)],
            covers=list(case.covers),
        )


class Streaks:
    """Which functions have timed out (or hit the memory cap) on ``threshold`` cases in a
    row: their remaining cases are not run, and cost no time."""

    STOPPING = ("timeout", "memory")

    def __init__(self, threshold: int) -> None:
        self.threshold = threshold
        self.labels: dict[str, str] = {}
        self.runs: dict[str, list[tuple[str, str]]] = {}
        self.stopped: dict[str, str] = {}
        self.skipped: dict[str, int] = {}

    def blocked(self, function: str) -> str | None:
        reason = self.stopped.get(function)
        if reason is not None:
            self.skipped[function] = self.skipped.get(function, 0) + 1
        return reason

    def record(self, function: str, case: str, status: str, label: str = "") -> None:
        """``function`` keys the streak; ``label`` names it for the student (its name)."""
        self.labels.setdefault(function, label or function)
        if status not in self.STOPPING:
            self.runs.pop(function, None)
            return
        run = self.runs.setdefault(function, [])
        run.append((case, status))
        if self.threshold and len(run) >= self.threshold:
            what = {s for _, s in run}
            verb = (
                "timed out"
                if what == {"timeout"}
                else "ran out of memory"
                if what == {"memory"}
                else "timed out or ran out of memory"
            )
            names = [name for name, _ in run]
            listed = ", ".join(names[:-1]) + f" and {names[-1]}"
            label = self.labels[function]
            self.stopped[function] = f"not run: {label} {verb} on cases {listed}"

    def notes(self) -> list[str]:
        return [
            f"{reason.removeprefix('not run: ')}, so its {count} remaining "
            f"case{'s' if count != 1 else ''} {'were' if count != 1 else 'was'} not run"
            for function, reason in self.stopped.items()
            if (count := self.skipped.get(function, 0))
        ]


ADAPTER_MODULE = "_unograde_adapter"


def in_cells(text: str, module: str, submission: Submission) -> str:
    """A traceback of a notebook's joined module (``File "uno.py", line 57``) with each of its
    lines named as Jupyter shows it: ``File "hana.ipynb", cell 3, line 4`` (code cells and
    their lines counted from 1; :func:`unokit.notebook.in_cells`, which a
    self-check kit runs too)."""
    shown = submission.module_file or f"{module}.py"
    return notebook_cells(text, module, shown, submission.cell_of_line)


def _provide(assignment: Assignment, submission: Submission) -> str | None:
    """Copy the assignment's provided files (and its adapter) next to the submission.

    The official copies win over any file of the same name the student sent.
    """
    assert submission.folder is not None
    for name in assignment.provided:
        source = assignment.folder / name
        target = submission.folder / source.name
        if target.exists() and target.read_bytes() != source.read_bytes():
            submission.notes.append(f"{source.name} was replaced by the provided version")
        shutil.copy2(source, target)
    if not assignment.adapter:
        return None
    shutil.copy2(assignment.folder / assignment.adapter, submission.folder / f"{ADAPTER_MODULE}.py")
    return ADAPTER_MODULE


def _run_program(assignment, submission, cases, limits, mode, streaks):
    """Run a program submission once per case; parse what it printed with the plugin."""
    from ..run.programs import ProgramRunner

    plugin = assignment.plugin
    if not isinstance(plugin, ProgramIO):
        raise TypeError(f"{assignment.id}: [programs] needs a plugin with ProgramIO")
    with ProgramRunner(submission.folder, submission.program, limits, mode) as runner:
        failure = runner.build()
        for k, case in enumerate(cases):
            if failure is not None:
                yield case, replace(failure, id=k)
                continue
            reason = streaks.blocked(case.part)
            if reason is not None:
                yield case, Outcome(k, RunStatus.NOT_RUN, message=reason)
                continue
            args = tuple(plugin.program_args(case))
            outcome = runner.run(k, plugin.program_input(case), args)
            who = "the program" if len(assignment.parts) == 1 else f"the program on {case.part}"
            streaks.record(case.part, case.name, outcome.status, who)
            if outcome.status == RunStatus.RETURNED:
                printed = outcome.value
                try:
                    outcome.value = plugin.parse_program_output(case.part, printed)
                except ValueError as exc:
                    outcome.status, outcome.message = RunStatus.MALFORMED, str(exc)
                    stderr = f"\n(and on stderr:)\n{outcome.stdout}" if outcome.stdout else ""
                    outcome.stdout = printed + stderr
            yield case, outcome


def _provide_support(assignment: Assignment, submission: Submission) -> None:
    """A served program's support files and the assignment's provided files, copied beside
    it (the official copies win over any file of the same name the student sent)."""
    assert submission.folder is not None
    names = [*assignment.provided, *submission.program.support]
    for name in names:
        source = assignment.folder / name
        target = submission.folder / source.name
        if target.exists() and target.read_bytes() != source.read_bytes():
            submission.notes.append(f"{source.name} was replaced by the provided version")
        shutil.copy2(source, target)


def _run_served(assignment, submission, cases, limits, mode, streaks):
    """A served program (``serve = true`` in ``[programs]``): loaded once in a sandboxed
    child that answers each case's request (``ProgramIO.program_input``); its answers are
    read with ``parse_program_output`` and judged as a module's values.  Returns the
    outcomes by case and the notes its load left (where the file stopped loading)."""
    from ..run import toolchains
    from ..run.served import ServedSession, compat32_for

    plugin = assignment.plugin
    if not isinstance(plugin, ProgramIO):
        raise TypeError(f"{assignment.id}: [programs] needs a plugin with ProgramIO")
    spec = submission.program
    chain = toolchains.TOOLCHAINS.get(spec.toolchain) if spec.toolchain else None
    if chain is not None and chain.path() is None:
        toolchains.say_missing_once(chain)
        message = f"not run: {chain.missing_message()}"
        outcomes = {k: Outcome(k, RunStatus.NOT_RUN, message=message) for k in range(len(cases))}
        return outcomes, [message.removeprefix("not run: ")], ""
    _provide_support(assignment, submission)
    outcomes: dict[int, Outcome] = {}
    with ServedSession(
        submission.folder,
        spec.run,
        limits,
        mode,
        expected_calls=len(cases),
        compat32=compat32_for(spec.toolchain),
    ) as session:
        for k, case in enumerate(cases):
            function = assignment.part(case.part).function
            reason = streaks.blocked(function)
            if reason is not None:
                outcomes[k] = Outcome(k, RunStatus.NOT_RUN, message=reason)
                continue
            outcome = session.call(Call(k, function, (plugin.program_input(case),)))
            if session.failed_import is None:
                streaks.record(function, case.name, outcome.status)
            if outcome.status == RunStatus.RETURNED:
                try:
                    outcome.value = plugin.parse_program_output(case.part, outcome.value)
                except ValueError as exc:
                    outcome.status, outcome.message = RunStatus.MALFORMED, str(exc)
            elif outcome.status == "import-error":
                outcome.status = RunStatus.IMPORT_ERROR
            outcomes[k] = outcome
    notes = []
    stopped = session.ready.get("load_error") if isinstance(session.ready, dict) else None
    if isinstance(stopped, str) and stopped:
        notes.append(
            f"{spec.entry} stopped loading at its first error; what it defines before that "
            f"is graded: {clean_text(stopped[:2000])}"
        )
    return outcomes, notes, session.import_stdout


def _run_module(session, assignment, cases, handled, streaks):
    """Run a module submission's cases in its sandboxed session, case by case, in order."""
    outcomes: dict[int, Outcome] = {}
    for k, case in enumerate(cases):
        if k in handled:
            continue
        function = assignment.part(case.part).function
        reason = streaks.blocked(function)
        if reason is not None:
            outcomes[k] = Outcome(k, RunStatus.NOT_RUN, message=reason)
            continue
        outcome = session.call(Call(k, function, case.args))
        if session.failed_import is None:  # an import failure is said once per case
            streaks.record(function, case.name, outcome.status)
        outcomes[k] = outcome
    return outcomes


EXPLAINED = (CaseOutcome.FAILED, CaseOutcome.ERROR, CaseOutcome.WRONG_SHAPE)
# The keys of a first divergence that every report reads (``contract.Explanation``).
DIVERGENCE_KEYS = {
    "summary": "",
    "where": "",
    "rule": "",
    "expected": "",
    "got": "",
    "note": "",
    "state_text": [],
    "state": None,
    "view": "",
}


def _explain(plugin, session, cases, outcomes, results, staff: bool, watch: Watchdog) -> None:
    """Where each failed case first went wrong (``contract.Explanation``): only for cases
    that failed (a passing submission pays nothing), that a reader of the reports may see
    (public ones; all in a staff run), whose function returned or raised. The plugin's probe
    runs in the submission's own child (``session``, still open); without one (a program)
    the plugin explains from what it has."""
    if not isinstance(plugin, Explanation):
        return
    for k, (case, result) in enumerate(zip(cases, results, strict=True)):
        outcome = outcomes.get(k)
        if result.passed or (case.hidden and not staff) or result.outcome not in EXPLAINED:
            continue
        if outcome is None or outcome.status not in (RunStatus.RETURNED, RunStatus.RAISED):
            continue
        value = outcome.value if outcome.status == RunStatus.RETURNED else None
        try:
            with watch:  # the grader's own work is guarded; the probe's run has its budget
                probe = plugin.probe(case, value)
            answers = None
            if probe is not None and isinstance(session, LayoutRun):
                if not session.budget.expired:
                    answers = session.probe_answers(probe, len(cases) + k * 10_000)
            elif probe is not None and session is not None and not session.budget.expired:
                answers = _probe_answers(
                    session.call(Call(len(cases) + k, probe.function, probe.calls, many=True))
                )
            with watch:
                found = plugin.first_divergence(case, value, answers)
        except OverBudget:
            watch.budget.hit = True
            return  # no time left to explain this case or the next ones
        except Exception:  # noqa: BLE001 - an explanation is a nicety: never fail grading for it
            found = None
        if isinstance(found, dict):
            # Every key the reports read is there (a missing one reads as empty).
            result.first_divergence = cap_value(DIVERGENCE_KEYS | found)


# A probe's answers, checked (the child runs the student's code): one reader for the
# explanations and the counterexample search.
_probe_answers = answers_of


def grade_submission(
    assignment: Assignment,
    submission: Submission,
    cases: Sequence[Case],
    limits: Limits | None = None,
    isolation: str = "auto",
    budget: Budget | None = None,
    jobs: int = 1,
    staff: bool = False,
) -> SubmissionResult:
    """Grade one submission on ``cases``; never raises for anything the student did.

    Everything it runs is bounded by ``budget`` (by default the limits' submission
    timeout), kept here in the grader's process: past it, the submission's processes are
    killed and every case not yet graded is recorded "not run". ``jobs``: how many sandboxed
    runs of its own the submission may have at once (see ``Stages``). ``staff``: hidden
    cases are explained like public ones (their input, view and first divergence are kept),
    for the course staff's reports.
    """
    limits = limits or assignment.limits
    budget = budget or Budget(limits.submission_timeout or None)
    watch = Watchdog(budget)
    try:
        with budget_scope(budget):
            return _grade(
                assignment, submission, cases, limits, isolation, budget, jobs, staff, watch
            )
    finally:
        watch.close()


def _grade(
    assignment, submission, cases, limits, isolation, budget, jobs, staff, watch
) -> SubmissionResult:
    """The steps of a grading, in the contract's order (:mod:`graders.contract`): load ->
    [the plugin's own stages] -> build (if compiled) -> run in the sandbox -> compare
    (interpret, judge, explain, search a counterexample) -> [review] -> render."""
    g = _load(assignment, submission, cases, limits, isolation, budget, jobs, staff, watch)
    _plugin_stages(g)
    RUNS[_kind(g)](g)  # build, run in the sandbox, compare: as the submission's kind needs
    _name_cells(g)
    parts = _part_totals(g)
    review = _review(g)
    return _render(g, parts, review)


@dataclass
class Grading:
    """One submission's grading as it goes through the steps: what each step reads, and
    what it adds (the outcomes of the cases the plugin ran itself, each case's result, the
    notes of the reading the submission follows, what its import printed)."""

    assignment: Assignment
    submission: Submission
    cases: list[Case]
    limits: Limits
    budget: Budget
    jobs: int
    staff: bool
    watch: Watchdog
    mode: str  # the sandbox's isolation
    worth: dict[str, float]  # each case's points, by part
    streaks: Streaks
    started: float = field(default_factory=time.monotonic)  # for the result's ``seconds``
    handled: dict[int, Outcome] = field(default_factory=dict)
    results: list[CaseResult] = field(default_factory=list)
    reading_notes: list[str] = field(default_factory=list)
    import_stdout: str = ""

    @property
    def plugin(self):
        return self.assignment.plugin

    def judge(self, case: Case, outcome: Outcome, program: bool | str = False) -> CaseResult:
        """The case's result from its outcome, under the submission's budget."""
        worth = self.worth[case.part]
        return judge_within(self.watch, self.assignment, case, outcome, worth, program, self.staff)

    def interpret(self, by_id: dict[int, Outcome]) -> None:
        """``Interpretation``: the submission's reading of rules the seeds leave open decides
        what to expect of each case (the cases become the reading's)."""
        if isinstance(self.plugin, Interpretation):
            read = self.plugin.interpret(self.submission, list(self.cases), by_id, self.jobs)
            self.cases, self.reading_notes = list(read.cases), list(read.notes)

    def counterexamples(self, session=None, first_id: int = 0, seconds: float = 0.0) -> None:
        """A failed hidden case: a smaller fresh case the submission also gets wrong, asked in
        its own child (``session``); without one, the notes say none was searched for."""
        sub = self.submission
        find_counterexamples(
            self.assignment, session, list(self.cases), self.results, sub.digest, self.watch,
            first_id, seconds,
        )  # fmt: skip


def _load(assignment, submission, cases, limits, isolation, budget, jobs, staff, watch) -> Grading:
    """Load: what the grading needs besides the loaded submission: each case's worth, the
    sandbox's isolation, the streaks that stop a function failing the same way."""
    started = time.monotonic()
    return Grading(
        assignment=assignment,
        submission=submission,
        cases=list(cases),
        limits=limits,
        budget=budget,
        jobs=jobs,
        staff=staff,
        watch=watch,
        mode=choose_isolation(isolation),
        worth=_case_points(assignment, cases),
        streaks=Streaks(limits.stop_after),
        started=started,
    )


def _plugin_stages(g: Grading) -> None:
    """``Stages``: cases the plugin runs its own way (still only through the sandbox), for
    example a student's test suite against mutants: those never reach the module's child.
    A layout's parts without a file of their own (a C suite run against the reference) are
    the plugin's too."""
    sub = g.submission
    if isinstance(g.plugin, Stages) and sub.folder is not None:
        if sub.program is None or isinstance(sub.program, Layout):
            ran = g.plugin.run_cases(sub, list(g.cases), g.limits, g.mode, g.jobs)
            g.handled = dict(ran)


def _kind(g: Grading) -> str:
    """Which way the submission runs: not at all, a layout of part files, a served program,
    a program run once per case, or a module called in its child."""
    sub = g.submission
    if sub.problem or sub.folder is None:
        return "unloadable"
    if isinstance(sub.program, Layout):
        return "layout"
    if sub.program is not None and getattr(sub.program, "serve", False):
        return "served"
    return "program" if sub.program is not None else "module"


def _grade_unloadable(g: Grading) -> None:
    """Nothing to run: each case is an error saying why (the plugin's own cases are
    judged as they came)."""
    problem = g.submission.problem or "nothing to grade"
    for k, case in enumerate(g.cases):
        if k in g.handled:
            g.results.append(g.judge(case, g.handled[k]))
            continue
        g.results.append(
            CaseResult(
                name=case.name,
                part=case.part,
                hidden=case.hidden,
                outcome=CaseOutcome.ERROR,
                points=0.0,
                max_points=g.worth[case.part],
                messages=[problem],
                covers=list(case.covers),
            )
        )


def _grade_layout(g: Grading) -> None:
    """Part files of their own (a layout): built and run in the sandbox, compared in the
    same run's presence (its probes explain the failed cases)."""
    sub = g.submission
    sub.notes.extend(provide_defaults(sub.program, sub.folder))
    ran: dict[int, Outcome] = {}
    with LayoutRun(g.assignment, sub, g.limits, g.mode) as layout_run:
        own = [k for k in range(len(g.cases)) if k not in g.handled]
        mine = layout_run.cases([g.cases[k] for k in own], g.streaks)
        for k, (_, outcome) in zip(own, mine, strict=True):
            ran[k] = replace(outcome, id=k)
        by_id = ran | g.handled
        g.interpret(by_id)
        for k, case in enumerate(g.cases):
            outcome = by_id.get(k) or Outcome(k, RunStatus.CRASHED, message="no result")
            g.results.append(
                g.judge(case, outcome, f"your {sub.program.source(case.part) or case.part}")
            )
        _explain(g.plugin, layout_run, list(g.cases), ran, g.results, g.staff, g.watch)
    g.counterexamples()  # compiled part files are not searched: the notes say so


def _grade_served(g: Grading) -> None:
    """A served program: loaded once in its child, asked each case, compared."""
    ran, served_notes, g.import_stdout = _run_served(
        g.assignment, g.submission, list(g.cases), g.limits, g.mode, g.streaks
    )
    g.reading_notes.extend(served_notes)
    for k, case in enumerate(g.cases):
        outcome = ran.get(k) or Outcome(k, RunStatus.CRASHED, message="no result came back")
        g.results.append(g.judge(case, outcome))
    g.counterexamples()


def _grade_program(g: Grading) -> None:
    """A program: built (if compiled), run once per case, each run compared as it ends."""
    ran = {}
    runs = _run_program(g.assignment, g.submission, g.cases, g.limits, g.mode, g.streaks)
    for case, outcome in runs:
        ran[len(g.results)] = outcome
        g.results.append(g.judge(case, outcome, program=True))
    _explain(g.plugin, None, list(g.cases), ran, g.results, g.staff, g.watch)
    g.counterexamples()


def _grade_module(g: Grading) -> None:
    """A module: called case by case in one sandboxed child, which stays open for the probes
    that explain the failed cases and the search for a smaller failing case."""
    adapter = _provide(g.assignment, g.submission)
    todo = sum(k not in g.handled for k in range(len(g.cases)))
    allowed = imports.wanted(g.assignment.allowed_imports, g.submission.folder)
    with Session(
        g.submission.folder,
        g.assignment.module,
        g.limits,
        g.mode,
        adapter=adapter,
        expected_calls=todo,
        allowed_imports=allowed,
    ) as session:
        outcomes = _run_module(session, g.assignment, g.cases, g.handled, g.streaks)
        session.prepare_next()  # in a batch's worker: the next submission's child, started now
        by_id = outcomes | g.handled
        g.interpret(by_id)
        for k, case in enumerate(g.cases):
            outcome = by_id.get(k) or Outcome(k, RunStatus.CRASHED, message="no result came back")
            g.results.append(g.judge(case, outcome))
        _explain(g.plugin, session, list(g.cases), outcomes, g.results, g.staff, g.watch)
        g.counterexamples(session, 2 * len(g.cases), g.limits.counterexample_seconds)
    g.import_stdout = session.import_stdout


RUNS = {
    "unloadable": _grade_unloadable,
    "layout": _grade_layout,
    "served": _grade_served,
    "program": _grade_program,
    "module": _grade_module,
}


def _name_cells(g: Grading) -> None:
    """A notebook ran as one joined module: its tracebacks name the cell and the line in it."""
    if g.submission.cell_of_line:
        for r in g.results:
            r.traceback = in_cells(r.traceback, g.assignment.module, g.submission)


def _part_totals(g: Grading) -> list[PartResult]:
    """Each part's points and passed cases (a part with no case here is left out), each named
    as the submission's language names it where its layout says (``shown``)."""
    layout = g.submission.program if isinstance(g.submission.program, Layout) else None
    parts = []
    for part in g.assignment.parts:
        mine = [r for r in g.results if r.part == part.id]
        if not mine:
            continue
        parts.append(
            PartResult(
                id=part.id,
                function=(layout.shown_as(part.id) if layout else None) or part.function,
                title=part.title,
                points=round(sum(r.points for r in mine), 6),
                max_points=part.points,
                passed=sum(r.passed for r in mine),
                total=len(mine),
            )
        )
    return parts


def _review(g: Grading) -> ReviewResult:
    """``Review``: checks after the cases (style read from the source, tournaments in the
    sandbox), with a deduction."""
    sub = g.submission
    if isinstance(g.plugin, Review) and sub.folder is not None and not sub.problem:
        return g.plugin.review(sub, g.results, g.limits, g.mode)
    return ReviewResult()


def _budget_note(g: Grading) -> str:
    """What the submission's time budget cut short, when it did ("" when it did not)."""
    budget = g.budget
    if not budget.hit:
        return ""
    skipped = sum(
        r.outcome == CaseOutcome.NOT_RUN
        and "budget" in " ".join(r.messages)
        and not r.messages[0].startswith("not judged")
        for r in g.results
    )
    said = []
    if skipped:
        said.append(f"{skipped} case{'s were' if skipped != 1 else ' was'} not run")
    if budget.not_judged:
        n = budget.not_judged
        said.append(
            f"{n} case{'s were' if n != 1 else ' was'} not judged (the grader's work on it "
            "was cut off)"
        )
    if not said:  # the runs and the verdicts were done; explanations were cut off
        said.append(
            "0 cases were not run"
            if not budget.over
            else "where its failed cases first went wrong was not all worked out"
        )
    return f"the submission used up its time budget of {budget.seconds:g} s: " + " and ".join(said)


def _render(g: Grading, parts: list[PartResult], review: ReviewResult) -> SubmissionResult:
    """Render: the submission's result, scored, with its notes."""
    sub = g.submission
    score = max(0.0, sum(p.points for p in parts) - review.deduction)
    notes = cap_notes(list(sub.notes) + g.reading_notes + g.streaks.notes())
    said = _budget_note(g)
    if said:
        notes.append(said)
    return SubmissionResult(
        assignment=g.assignment.id,
        title=g.assignment.title,
        student=sub.name,
        origin=sub.origin,
        digest=sub.digest,
        isolation=isolation_text(g.mode, g.limits),
        score=round(score, 6),
        max_score=round(sum(p.max_points for p in parts), 6),
        parts=parts,
        cases=g.results,
        notes=notes,
        problem=sub.problem,
        import_stdout=cap_text(clean_text(g.import_stdout), 16 * 1024),
        seconds=round(time.monotonic() - g.started, 3),
        grader_version=__version__,
        review=cap_notes(list(review.notes)),
        deduction=review.deduction,
        leaderboard=list(review.leaderboard),
        budget_hit=g.budget.hit,
    )
