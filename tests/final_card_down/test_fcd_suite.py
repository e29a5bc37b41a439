"""Grading students' test suites: pytest in the sandbox, on the reference and on mutants.

Every run is a sandboxed program of its own (``reference/final_card_down/suite.py``).  What a
suite catches is read from the suites themselves: each expectation below names the test that
does (or does not) exercise the broken rule.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from graders.assignment import AssignmentError, load_assignment
from graders.grade.engine import grade_submission
from graders.report import render
from graders.run.sandbox import bwrap_usable
from graders.submission import cleanup, load_submissions
from reference.final_card_down import plugin, suite
from reference.final_card_down.mutants import MUTANTS, mutant_for, mutant_labels

# Slow tier: runs students' test suites against the mutants in the sandbox.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "final-card-down"
ISOLATIONS = [
    pytest.param("bwrap", marks=pytest.mark.skipif(not bwrap_usable(), reason="no bwrap")),
    "rlimits",
]


def label(name: str) -> str:
    return next(x for x in mutant_labels() if mutant_for(x).name == name)


def line_of(path: Path, text: str) -> int:
    return next(k for k, line in enumerate(path.read_text().splitlines(), 1) if text in line)


@pytest.fixture(scope="module")
def assignment():
    return load_assignment("final-card-down")


@pytest.fixture(scope="module")
def ada_graded(assignment):
    """ada's submission graded on the reference case and two mutant cases."""
    wanted = {"suite-passes-on-reference", label("zero_not_wild"), label("points_count_cards")}
    cases = [c for c in assignment.cases() if c.name in wanted]
    subs = load_submissions(EXAMPLES / "ada", assignment.module)
    try:
        yield grade_submission(assignment, subs[0], cases, isolation="rlimits"), cases, subs[0]
    finally:
        cleanup(subs)


def test_grading_a_suite_through_the_grader(ada_graded):
    result, _, _ = ada_graded
    cases = {c.name: c for c in result.cases}
    assert cases["suite-passes-on-reference"].passed
    # test_zero_is_wild plays GREEN ZERO SPADES on RED THREE HEARTS: only a wild ZERO matches.
    assert cases[label("zero_not_wild")].passed
    # No test of ada's looks at playerPoints, so points counted as cards goes unnoticed.
    survived = cases[label("points_count_cards")]
    assert survived.outcome == "failed" and survived.hidden
    assert "(staff only; hidden case) mutant points_count_cards" in survived.messages[1]
    parts = {p.id: p for p in result.parts}
    assert (parts["tests-mutants"].passed, parts["tests-mutants"].total) == (1, 2)
    assert parts["tests-mutants"].points == 15 and parts["tests-reference"].max_points == 0


def test_students_never_see_which_rules_the_mutants_break(ada_graded):
    result, _, _ = ada_graded
    for fmt in ("md", "html", "gradescope"):
        text = render(result, fmt)
        assert label("points_count_cards") in text
        assert not any(m.name in text or m.rule in text for m in MUTANTS), fmt


def test_the_names_are_revealed_by_a_switch(assignment):
    entry = {
        "name": "mutant-03",
        "part": "tests-mutants",
        "visibility": "hidden",
        "target": "mutant-03",
    }
    root = ROOT / "fixtures" / "final-card-down"
    assert plugin.load_case(assignment, entry, root).name == "mutant-03"
    after = replace(assignment, extra=assignment.extra | {"reveal_mutants": True})
    assert plugin.load_case(after, entry, root).name == "mutant-03-draw_two_does_not_stack"
    broken = replace(assignment, extra={"reveal_mutants": "yes"})
    with pytest.raises(AssignmentError, match="reveal_mutants"):
        plugin.load_case(broken, entry, root)


def test_the_proposed_core_hook_gives_the_same_verdicts(assignment, ada_graded):
    result, cases, sub = ada_graded
    outcomes = assignment.plugin.run_cases(sub, cases, assignment.limits, "rlimits")
    assert sorted(outcomes) == list(range(len(cases)))  # every case here is a suite case
    for k, case in enumerate(cases):
        assert assignment.plugin.check_shape(case.part, outcomes[k].value) is None
        graded = next(c for c in result.cases if c.name == case.name)
        assert (assignment.plugin.judge(case, outcomes[k].value) == []) == graded.passed


def test_a_weak_suite_catches_what_it_tests():
    cache = suite.VerdictCache()
    tests = suite.suite_files(EXAMPLES / "ben")
    # test_first_turn asserts numTurns == 1 right after newGame; the mutant answers 0.
    caught = suite.evaluate(label("num_turns_is_current_turn"), tests, cache=cache)
    assert caught == {"target": label("num_turns_is_current_turn"), "verdict": "detected"}
    assert sorted(k[1] for k in cache.data) == sorted(["reference", caught["target"]])


def test_a_suite_failing_on_the_reference_counts_for_nothing():
    cache = suite.VerdictCache()
    tests = suite.suite_files(EXAMPLES / "cy")
    value = suite.evaluate("reference", tests, cache=cache)
    assert value["verdict"] == "fails"
    line = line_of(EXAMPLES / "cy" / "test_game.py", "assert (drawn.color, drawn.value)")
    lines = suite.explain(value)
    where = f"(line {line} of test_game.py)"
    assert f"test_drawn_card_comes_first failed: AssertionError {where}" in lines
    assert not any("test_hand_size" in x for x in lines)  # it passes
    assert suite.evaluate(label("zero_not_wild"), tests, cache=cache)["verdict"] == "not-run"
    assert list(cache.data) == [(suite.digest(tests), "reference")]  # no mutant was run


def test_no_suite():
    assert suite.evaluate("reference", {}) == {"target": "reference", "verdict": "no-tests"}
    only_conftest = {"conftest.py": "import pytest\n"}
    assert suite.evaluate("mutant-01", only_conftest)["verdict"] == "not-run"
    assert suite.explain({"target": "reference", "verdict": "no-tests"})[0].startswith("no test_")


LEAKY = """
import pytest

import game

try:  # the reference's own words: the message of the error it raises
    game.newGame(5, [0] * 5, [0] * 5, [0] * 5)
except game.InvalidDeckError as exc:
    SOURCE = str(exc)[:60]


@pytest.mark.parametrize("text", [SOURCE], ids=[SOURCE])
def test_leak(text):
    assert text == "nothing", type(text)(text)
"""


def test_feedback_on_the_reference_carries_no_data_out():
    tests = {"test_leak.py": LEAKY}
    value = suite.evaluate("reference", tests, cache=suite.VerdictCache())
    text = "\n".join(suite.explain(value))
    assert "test_leak failed: AssertionError (line 14 of test_leak.py)" in text
    assert "deckSize" not in text and "30" not in text  # the reference's message stays in
    # A forged verdict (a suite can print anything) keeps only what the source vouches for.
    forged = {
        "status": "ran",
        "exit": 1,
        "collected": 1,
        "failed": [
            {"test": "test_the_reference_says_SECRET", "error": "AssertionError"},
            {"test": "test_leak", "error": "the reference says SECRET", "file": "x", "line": 2},
        ],
    }
    clean = suite._clean(forged, tests)
    assert clean["failed"] == [{"test": "test_leak", "error": "an error"}]


STATEFUL = """
import os


def test_remembers_an_earlier_run():
    seen = os.path.exists("marker") or os.path.exists(os.path.expanduser("~/marker"))
    for path in ("marker", os.path.expanduser("~/marker")):
        open(path, "w").close()
    assert not seen
"""


@pytest.mark.parametrize("isolation", ISOLATIONS)
def test_runs_share_nothing(isolation):
    # A suite that fails whenever an earlier run left a file behind would "catch" every
    # mutant after the reference if runs shared a folder; each run starts fresh.
    # The mutant changes a module-level constant: it is run whatever the suite calls (D22).
    mutant = label("wrong_callout_draws_two")
    assert suite.changed_function(mutant) is None
    tests = {"test_state.py": STATEFUL}
    cache = suite.VerdictCache()
    value = suite.evaluate(mutant, tests, isolation=isolation, cache=cache)
    assert value["verdict"] == "survived"
    assert (suite.digest(tests), mutant) in cache.data  # it was run, and passed again


def test_a_suite_that_never_ends_fails_on_the_reference():
    tests = {"test_loop.py": "def test_forever():\n    while True:\n        pass\n"}
    limits = replace(suite.SUITE_LIMITS, timeout=1.0, cpu=1.0)
    value = suite.evaluate("reference", tests, limits, cache=suite.VerdictCache())
    assert value["verdict"] == "fails" and value["detail"]["status"] == "timeout"
    assert "it did not finish within the time limit" in suite.explain(value)


def test_the_child_only_hands_over_files(assignment):
    case = next(c for c in assignment.cases() if c.name == label("zero_not_wild"))
    tests = suite.suite_files(EXAMPLES / "ada")
    # The request names the reference; the case's own target (the mutant) is what runs.
    request = {"request": "run-suite", "target": "reference", "files": tests}
    assert assignment.plugin.check_shape(case.part, request) is None
    assert assignment.plugin.judge(case, request) == []  # ada's test_zero_is_wild catches it
    # A verdict from the child (its adapter can be replaced by the student's code) is no
    # answer at all: verdicts are only computed in the grader.
    forged = {"target": case.args[0]["target"], "verdict": "detected"}
    assert assignment.plugin.check_shape(case.part, forged).startswith("expected the test files")
    assert assignment.plugin.check_shape(case.part, ["detected"]) is not None
    # File names come from the child and are written in the grader: only plain names pass.
    files = {
        "../../test_escape.py": "x",
        "/tmp/test_absolute.py": "x",
        "sub/test_nested.py": "x",
        "test_ok.py": "def test_ok():\n    pass\n",
        "conftest.py": "",
        "notes.txt": "x",
        "test_.py": "x",
    }
    assert suite.checked_suite(files) == {"conftest.py": "", "test_ok.py": files["test_ok.py"]}


def test_runner_helpers():
    sr = suite.SR
    assert sr.verdict_from_output('noise\nUNOGRADE-SUITE-VERDICT {"status": "ran"}\n') == {
        "status": "ran"
    }
    assert sr.verdict_from_output("a test printed this and exited") == {"status": "no-verdict"}
    assert sr.is_suite_file("test_game.py") and sr.is_suite_file("conftest.py")
    assert not sr.is_suite_file("game.py") and not sr.is_suite_file("test_notes.txt")
    assert sr._test_name("test_game.py::TestX::test_y[3-SECRET]") == "TestX::test_y"
    files = {rel for _, rel in suite.pytest_files()}
    assert {"pytest/__init__.py", "_pytest/main.py", "pluggy/__init__.py"} <= files
    assert not any(f.startswith(("game", "reference", "graders")) for f in files)
    assert suite.suite_limits({"suite_timeout": 5}).timeout == 5.0


def test_runs_made_in_parallel_give_the_verdicts_made_one_by_one():
    tests = suite.suite_files(EXAMPLES / "ada")
    labels = [suite.REFERENCE, *mutant_labels()[:5]]
    together, apart = suite.VerdictCache(), suite.VerdictCache()
    suite.evaluate_all(labels, tests, isolation="rlimits", jobs=3, cache=together)
    suite.evaluate_all(labels, tests, isolation="rlimits", jobs=1, cache=apart)
    key = suite.digest(suite.checked_suite(tests))
    reference = together.data[(key, suite.REFERENCE)]
    run = [x for x in labels if x == suite.REFERENCE or not suite.unreached(reference, x)]
    assert len(run) < len(labels)  # ada's suite never reaches one of these five (D22)
    assert set(together.data) == set(apart.data) == {(key, label) for label in run}
    labels = run
    for label in labels:
        a, b = together.data[(key, label)], apart.data[(key, label)]
        assert (a["status"], a["exit"], a["passed"]) == (b["status"], b["exit"], b["passed"])
    # ada's suite catches some of these and not others: the verdicts are not all alike
    assert len({together.data[(key, label)]["exit"] for label in labels}) == 2
