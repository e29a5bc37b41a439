"""final-card-down as the grader sees it (named in ``assignments/final-card-down/assignment.toml``).

Three parts, one submission folder (``game.py``, ``test_game.py``, ``player.py``):

* ``adt``: every scenario is sent to the sandbox *without* its expected answers; the child-side
  adapter plays it on the student's ``game`` with ``scenario_runner.answers`` and sends back
  one answer per step; here they are compared and the first difference is explained with the
  moves that led to it.
* ``tests-reference`` / ``tests-mutants``: the student's suite must pass on the reference and
  should fail on each mutant.  The child only hands over the student's test files; ``judge``
  runs them, each run a sandboxed program of its own (``suite.py``) started from this
  process, never from the child that holds the student's ADT.
* AI players are not graded here: ``unograde tournament final-card-down PLAYER.py ...``
  (``arena.py``; a C ``player.c`` too, ``c_player.py``).  A ``player.c`` that does not
  compile is said in the review's notes.

Runs in the grader's process only; student code never imports it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from itertools import combinations
from pathlib import Path
from typing import Any

import click

from graders.assignment import Assignment, AssignmentError
from graders.contract import (
    AssignmentPlugin,
    Commands,
    Counterexamples,
    Explanation,
    FixtureGeneration,
    Interpretation,
    ProgramIO,
    Review,
    SelfCheck,
    Stages,
    Views,
)
from graders.tournaments.cli import tournament_command
from graders.vocabulary import (
    Case,
    FixtureRequest,
    Interpreted,
    Limits,
    Outcome,
    Probe,
    ProbeAnswers,
    ReviewResult,
    RunStatus,
)

from . import c_adt, c_player, counterexample, explain, reading, suite
from .feedback import FEEDBACK
from .feedback import FEEDBACK_FILE as FEEDBACK_PATH
from .game.readings import Readings
from .harness_files import load
from .mutants import MutantError, mutant_for

ASSIGNMENT = "final-card-down"
ADT_PART = "adt"
REFERENCE_PART = "tests-reference"
MUTANTS_PART = "tests-mutants"
SUITE_PARTS = (REFERENCE_PART, MUTANTS_PART)
MAX_MESSAGE_LINES = 24


SR = load("scenario_runner.py")  # the file the sandbox runs: one definition, both sides
FEEDBACK_FILE = FEEDBACK_PATH


def reveal_mutants(assignment: Assignment) -> bool:
    """``[extra] reveal_mutants`` (default false): after the due date, mutant cases are named
    after the rule they break (``mutant-07-callout_any_time``) instead of by number only."""
    value = assignment.extra.get("reveal_mutants", False)
    if not isinstance(value, bool):
        raise AssignmentError(
            f"{assignment.folder / 'assignment.toml'}: extra.reveal_mutants: expected true or "
            f"false, got {value!r}"
        )
    return value


def load_case(assignment: Assignment, entry: Mapping[str, Any], root: Path) -> Case:
    """A manifest entry as a call: a scenario stripped of its answers, or a suite target."""
    part = entry["part"]
    covers = tuple(entry.get("covers", ()))
    if part == ADT_PART:
        try:
            scenario = SR.load_scenario(str(root / entry["input"]))
        except (OSError, SR.ScenarioError) as exc:
            raise AssignmentError(f"{ASSIGNMENT} fixture {entry['name']}: {exc}") from None
        return Case(
            name=entry["name"],
            part=part,
            visibility=entry["visibility"],
            args=(SR.strip_expectations(scenario),),
            expected=SR.expected_answers(scenario),
            covers=covers,
            input_path=entry["input"],
            expected_path=entry["expected"],
            readings=_switches(entry, entry.get("readings", [])),
        )
    if part not in SUITE_PARTS:
        raise AssignmentError(f"{ASSIGNMENT} fixture {entry['name']}: unknown part {part!r}")
    target = entry.get("target")
    name = entry["name"]
    if target != suite.REFERENCE:
        try:
            mutant = mutant_for(str(target))
        except MutantError as exc:
            raise AssignmentError(f"{ASSIGNMENT} fixture {name}: {exc}") from None
        if reveal_mutants(assignment):
            name = f"{name}-{mutant.name}"
    verdict = "passes" if target == suite.REFERENCE else "detected"
    return Case(
        name=name,
        part=part,
        visibility=entry["visibility"],
        args=({"target": target},),
        expected={"target": target, "verdict": verdict},
        covers=covers,
    )


def _switches(entry: Mapping[str, Any], names: Any) -> tuple[str, ...]:
    known = Readings.names()
    if not isinstance(names, list) or not all(n in known for n in names):
        raise AssignmentError(
            f"{ASSIGNMENT} fixture {entry['name']}: readings: expected a list of "
            f"{', '.join(known)}, got {names!r}"
        )
    return tuple(names)


# ----------------------------------------------------------------- the test-suite runs


def suite_verdict(assignment: Assignment, case: Case, value: Any) -> dict[str, Any]:
    """The verdict for a test-suite case whose answer is ``value``, a request carrying the
    text of the student's test files (from the child's adapter, or from ``run_cases``).

    Verdicts are only ever computed here: on the case's own target (never one the child
    names), with the strongest isolation this machine has (never one the child asks for).
    A child that answers with a verdict of its own is turned away by ``check_shape``.
    """
    target = case.args[0]["target"]
    readings = Readings(**{n: True for n in case.args[0].get("readings", ())})
    limits = suite.suite_limits(assignment.extra)
    tests = suite.checked_suite(value.get("files"))
    verdict = suite.evaluate(target, tests, limits, "auto", readings=readings)
    if value.get("language") == "C":  # its feedback in testGame.c's and assert's words
        from .c_suite import has_assert

        text = tests.get(suite.C_SUITE)
        verdict = verdict | {"language": "C"}
        if text is not None:
            verdict["asserts"] = has_assert(text)
    return verdict


def run_cases(
    assignment: Assignment, submission: Any, cases: Sequence[Case], jobs: int = 1
) -> dict[int, Outcome]:
    """The test-suite cases answered from here with the submission's own files (index ->
    outcome); ``judge`` then runs them.  The contract's ``Stages``: the submission's child is
    not involved, so a ``game.py`` that cannot be compiled or imported does not cost the
    test-suite parts.  With ``jobs`` > 1 the runs ``judge`` will need are made first,
    ``jobs`` at a time (each still its own sandbox)."""
    files = suite.suite_files(submission.folder)
    labels = [case.args[0]["target"] for case in cases if case.part in SUITE_PARTS]
    if jobs > 1 and labels:
        # Under the reading game.py declares (the page's when it declares none; a suite of
        # an inferred other reading runs once that reading is known, in ``interpret``).
        readings = reading.declared(submission.folder)[0] or reading.PAGE
        limits = suite.suite_limits(assignment.extra)
        suite.evaluate_all(labels, files, limits, "auto", jobs, readings=readings)
    request: dict[str, Any] = {"request": "run-suite", "files": files}
    if suite.is_c(submission.folder):
        request["language"] = "C"
    return {
        k: Outcome(k, RunStatus.RETURNED, value=dict(request))
        for k, case in enumerate(cases)
        if case.part in SUITE_PARTS
    }


# ----------------------------------------------------------------- the student's reading


class Expectations:
    """ADT cases' expectations under other readings, computed once per process and case."""

    def __init__(self) -> None:
        self.cache: dict[tuple[str, Readings], list] = {}

    def of(self, case: Case, readings: Readings) -> Any:
        if not set(case.readings) & set(readings.differences()):
            return case.expected
        key = (case.name, readings)
        if key not in self.cache:
            self.cache[key] = reading.expected_under(case.args[0], readings)
        return self.cache[key]


def interpret(
    assignment: Assignment,
    expectations: Expectations,
    submission: Any,
    cases: Sequence[Case],
    outcomes: Mapping[int, Outcome],
    jobs: int = 1,
) -> Interpreted:
    """The cases under the submission's reading: declared in game.py, else inferred from
    its scenario answers where the readings differ (``reading``). Scenario expectations
    follow it, and so do the test-suite cases (the reference the suite must pass on, and
    the mutants)."""
    readings, problem = reading.declared(submission.folder)
    how = "declared" if readings is not None else "inferred"
    if readings is None:
        adt = [
            (case, outcomes[k].value)
            for k, case in enumerate(cases)
            if case.part == ADT_PART
            and k in outcomes
            and outcomes[k].status == RunStatus.RETURNED
            and check_shape(ADT_PART, outcomes[k].value) is None
        ]

        def evidence(i: int, under: Readings) -> int:
            case, value = adt[i]
            return reading.evidence(case.expected, expectations.of(case, under), value)

        readings = reading.infer([case.readings for case, _ in adt], evidence)
    source = reading.declaring_file(submission.folder)
    notes = [n for n in (problem, reading.note(readings, how, source)) if n]
    if not readings.differences():
        return Interpreted(list(cases), notes)
    switches = list(readings.differences())
    out: list[Case] = []
    for case in cases:
        if case.part == ADT_PART:
            # The reading rides with the scenario (never sent: the runs are over), so that
            # a failed one is explained under it (``Explanation``).
            args = ({**case.args[0], "readings": switches},)
            out.append(replace(case, expected=expectations.of(case, readings), args=args))
        else:
            out.append(replace(case, args=({**case.args[0], "readings": switches},)))
    labels = [case.args[0]["target"] for case in out if case.part in SUITE_PARTS]
    if jobs > 1 and labels and how == "inferred":  # declared ones ran in ``run_cases``
        files = suite.suite_files(submission.folder)
        limits = suite.suite_limits(assignment.extra)
        suite.evaluate_all(labels, files, limits, "auto", jobs, readings=readings)
    return Interpreted(out, notes)


# ----------------------------------------------------------------- shape and feedback


def check_shape(part: str, value: Any) -> str | None:
    """Why ``value`` cannot be a case's answer (our adapter's answers, so a wrong shape means
    the student's code tampered with it)."""
    if part == ADT_PART:
        return FEEDBACK.check_shape(part, value)
    if not isinstance(value, dict) or value.get("request") != "run-suite":
        return f"expected the test files, got {type(value).__name__} (was the adapter replaced?)"
    return None


def judge(assignment: Assignment, case: Case, value: Any) -> list[str]:
    """The verdict: the messages of a case that did not pass, or none.

    A scenario: its answers against the expectation (type-strict: an isValidMove answer of 1
    is not True), feedback on the first difference.  A test-suite case: the suite is run here,
    on the case's target (D18), and compared with the verdict the case expects.
    """
    if case.part == ADT_PART:
        return describe(case.part, case.expected, value)
    verdict = suite_verdict(assignment, case, value)
    if {k: verdict.get(k) for k in case.expected} == case.expected:
        return []
    return describe(case.part, case.expected, verdict)


def describe(part: str, expected: Any, actual: Any) -> list[str]:
    """The first differing query of a scenario, and the moves that led there; or why a test
    suite did not pass on the reference, or let a mutant through."""
    if part != ADT_PART:
        if not isinstance(actual, dict) or actual.get("target") != expected.get("target"):
            return [f"the verdict is not for {expected['target']!r}: {actual!r:.200}"]
        return suite.explain(actual)
    return FEEDBACK.describe(part, expected, actual)


def view(part: str, args: tuple, expected: Any, actual: Any | None) -> dict | None:
    """What the HTML report draws for a failed public scenario: the moves up to the first
    difference and the two answers side by side."""
    if part != ADT_PART or not isinstance(actual, list):
        return None
    found = SR.compare_answers("", expected, actual)
    if not found:
        return None
    first = found[0]
    return {
        "kind": "fcd-scenario",
        "step": first["step"],
        "query": first["query"],
        "expected": repr(first["expected"]),
        "actual": first["error"] if "error" in first else repr(first.get("actual")),
        "raised": "error" in first,
        "moves": first["moves"][-30:],
        "skipped": max(0, len(first["moves"]) - 30),
    }


def kit_expected(case: Case) -> dict[str, Any]:
    """A public scenario's expectation as a kit keeps it: ``{"page": answers, "by_reading":
    {key: answers}}``, the latter for every other reading when the case depends on one."""
    by_reading: dict[str, Any] = {}
    if case.part == ADT_PART and case.readings:
        names = Readings.names()
        for size in range(1, len(names) + 1):
            for chosen in combinations(names, size):
                readings = Readings(**{n: True for n in chosen})
                key = FEEDBACK.reading_key(chosen)
                by_reading[key] = reading.expected_under(case.args[0], readings)
    return {"page": case.expected, "by_reading": by_reading}


# ----------------------------------------------------------------- commands


def generate_fixtures(request: FixtureRequest) -> list[Path]:
    """``unograde fixtures generate final-card-down/adt --count N --seed S --out DIR``: the
    hand-written scenarios, ``count`` seeded ones and a manifest (test-suite cases included)."""
    from .scenario_gen import write_fixtures

    if request.part != ADT_PART:
        raise ValueError(f"only {ASSIGNMENT}/{ADT_PART} has fixtures to generate")
    return write_fixtures(request.out, seed=request.seed, count=request.count)


def _readings_of(case: Case) -> Readings:
    return Readings(**{n: True for n in case.args[0].get("readings", ())})


def probe(case: Case) -> Probe | None:
    """A failed scenario is replayed in the student's child with the state asked after
    every move (``explain.probe_scenario``)."""
    if case.part != ADT_PART:
        return None
    return Probe("newGame", ((explain.probe_scenario(case.args[0])[0],),))


def first_divergence(case: Case, answers: ProbeAnswers | None) -> dict | None:
    """The first move after which the student's game departs, under its reading."""
    if case.part != ADT_PART or not answers or answers[0][0] != "returned":
        return None
    replay = answers[0][1]
    if check_shape(ADT_PART, replay) is not None:
        return None
    return explain.first_divergence(case.args[0], _readings_of(case), replay)


class Plugin(
    AssignmentPlugin,
    ProgramIO,
    Review,
    Stages,
    Interpretation,
    Views,
    Explanation,
    FixtureGeneration,
    Commands,
    SelfCheck,
    Counterexamples,
):
    """final-card-down: scenarios for the ADT, the student's suite against the mutants, and
    tournaments of AI players; each submission under its reading of the open rules."""

    # -- a failed hidden scenario: a smaller fresh one, under the submission's reading
    #    (``counterexample``); the test-suite parts are not searched

    def fresh_cases(self, part: str, seed: str, failed: Sequence[Case]) -> Iterator[Case]:
        return counterexample.fresh_cases(part, seed, failed)

    def not_searched(self, part: str, failed: Sequence[Case]) -> str | None:
        return counterexample.not_searched(part, failed)

    def shrink(self, case: Case) -> Iterator[Case]:
        return counterexample.shrink(case)

    def size_words(self, case: Case) -> str:
        return counterexample.size_words(case)

    def probe(self, case: Case, value: Any) -> Probe | None:
        return probe(case)

    # -- a C Game.c ([layouts.c]): the scenario driver's input and answers (``c_adt``)

    def program_input(self, case: Case) -> str:
        return c_adt.scenario_input(case.args[0])

    def parse_program_output(self, part: str, text: str) -> Any:
        return c_adt.parse_answers(text)

    def call_input(self, part: str, args: tuple) -> str | None:
        """The probe (a scenario with the state asked after every move) as the driver's
        input: a failed C scenario is explained by its own program, as a Python one is."""
        return c_adt.scenario_input(args[0]) if part == ADT_PART else None

    def read_run(self, part: str, outcome: Outcome) -> Outcome:
        return c_adt.read_run(outcome) if part == ADT_PART else outcome

    def review(
        self, submission: Any, results: Sequence[Any], limits: Limits, isolation: str
    ) -> ReviewResult:
        """Memory a C ``Game.c`` still held after ``destroyGame``: a note (a deduction only
        when ``[extra] leak_deduction`` says how many points).  A Python ADT: nothing.
        A ``player.c`` is not graded here (it plays in tournaments), but one that does not
        compile is said in a note with gcc's first error, before the tournament (D33)."""
        review = c_adt.leak_review(results, self.assignment.extra)
        problem = c_player.build_problem(submission.folder, isolation)
        if problem is not None:
            review = replace(review, notes=[*review.notes, problem])
        return review

    def show_input(self, part: str, args: tuple) -> list[str]:
        """A scenario's deck and its steps (moves and queries), as the scenario names them
        (the feedback module's words: the kit shows them alike); a fresh one (a smaller
        case) whole, every card of its deck."""
        if counterexample.is_fresh(args):
            return counterexample.show_input(args)
        return FEEDBACK.show_input(part, args)

    def first_divergence(self, case: Case, value: Any, answers: ProbeAnswers | None) -> dict | None:
        return first_divergence(case, answers)

    def __init__(self, assignment: Assignment) -> None:
        super().__init__(assignment)
        self.expectations = Expectations()

    def load_case(self, entry: Mapping[str, Any], root: Path) -> Case:
        return load_case(self.assignment, entry, root)

    def check_shape(self, part: str, value: Any) -> str | None:
        return check_shape(part, value)

    def judge(self, case: Case, value: Any) -> list[str]:
        return judge(self.assignment, case, value)

    def describe(self, part: str, expected: Any, actual: Any) -> list[str]:
        return describe(part, expected, actual)

    def run_cases(
        self,
        submission: Any,
        cases: Sequence[Case],
        limits: Limits,
        isolation: str,
        jobs: int = 1,
    ) -> Mapping[int, Outcome]:
        return run_cases(self.assignment, submission, cases, jobs)

    def interpret(
        self,
        submission: Any,
        cases: Sequence[Case],
        outcomes: Mapping[int, Outcome],
        jobs: int = 1,
    ) -> Interpreted:
        return interpret(self.assignment, self.expectations, submission, cases, outcomes, jobs)

    def view(self, part: str, args: tuple, expected: Any, actual: Any | None) -> dict | None:
        return view(part, args, expected, actual)

    def generate_fixtures(self, request: FixtureRequest) -> list[Path]:
        return generate_fixtures(request)

    # -- the self-check kit: the ADT's scenarios (its test suite and player need the reference)

    def kit_feedback(self) -> Path:
        return FEEDBACK_FILE

    def kit_support(self) -> Sequence[str]:
        return ["harness/scenario_runner.py"]

    def kit_parts(self) -> Sequence[str]:
        return [ADT_PART]

    def kit_expected(self, case: Case) -> Any:
        """The page's answers, and, for a scenario whose answers depend on an open rule, the
        answers under every other reading (so the kit judges a submission under its reading,
        as the grader does)."""
        return kit_expected(case)

    def kit_starters(self) -> Mapping[str, bytes]:
        """The Python starters at the top, and under ``c/`` the C ones with the course's
        headers and our ``Card.c`` (a C student checks ``--submission c/Game.c``, or puts
        Game.c at the top; the headers build their own testGame.c too)."""
        folder = self.assignment.folder / "starter"
        files = {n: (folder / n).read_bytes() for n in ("game.py", "test_game.py", "player.py")}
        for name in ("Game.c", "testGame.c", "player.c"):
            files[f"c/{name}"] = (folder / "c" / name).read_bytes()
        for name in ("Game.h", "Card.h", "Card.c", "player.h"):
            files[f"c/{name}"] = (self.assignment.folder / "c" / name).read_bytes()
        return files

    def kit_notes(self) -> Sequence[str]:
        return [
            "your test suite (test_game.py, or testGame.c in C) is graded by the grader on the "
            "reference ADT and on broken ones, which this kit does not hold: here `python -m "
            "pytest` runs test_game.py on your own game.py; a testGame.c you run on your own "
            "Game.c yourself (in c/: gcc -fsanitize=address,undefined -o testGame testGame.c "
            "Game.c Card.c && ./testGame)",
            "AI players (player.py, or player.c) play in tournaments run by the course staff",
        ]

    def commands(self) -> Sequence[click.Command]:
        def run(paths: list[Path], **options: Any) -> int:
            from .arena import run_command

            return run_command(self.assignment, paths, **options)

        return [
            tournament_command(
                run,
                "Seeded four-player games between PLAYERS (each player.py or player.c in its "
                "sandbox) and the reference's simple players; win rates with 95% intervals.",
            )
        ]
