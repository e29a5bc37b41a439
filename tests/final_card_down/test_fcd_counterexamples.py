"""final-card-down: a failed hidden scenario gets a smaller fresh one the submission also fails.

The submission is the example class's ada with one rule broken (stacked DRAW_TWOs: the next
player draws two cards, not two per DRAW_TWO), so what it gets wrong is known. Every claim
about its counterexample is checked with two implementations run in this process on the
scenario read back from result.json: the reference's answers and the buggy ``game.py``'s
(both through the provided scenario runner) must disagree, and ada's correct ``game.py``
must agree with the reference. The same bug in other-reading's ``game.py`` (D1 read the
other way) gets a scenario whose expected answers follow that reading, checked the same way.
"""

from __future__ import annotations

import importlib.util
import json
import shutil
import sys
from pathlib import Path
from types import ModuleType

import pytest

from graders.assignment import load_assignment
from graders.grade.engine import grade_submission
from graders.report import render
from graders.results import CaseOutcome
from graders.submission import cleanup, load_submissions
from reference.final_card_down import counterexample
from reference.final_card_down.game.readings import Readings
from reference.final_card_down.reading import SR, reading_of

# Slow tier: grades submissions with their counterexample searches in the sandbox.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "final-card-down"
RULE = "    return DRAW_TWO_CARDS * game.penalty\n"
BUG = "    return DRAW_TWO_CARDS * min(game.penalty, 1)\n"


def planted(tmp: Path, student: str) -> Path:
    """``student``'s folder with the stacking rule broken in its ``game.py``."""
    folder = tmp / student
    shutil.copytree(EXAMPLES / student, folder)
    source = (folder / "game.py").read_text(encoding="utf-8")
    assert source.count(RULE) == 1
    (folder / "game.py").write_text(source.replace(RULE, BUG), encoding="utf-8")
    return folder


def module_of(path: Path, name: str) -> ModuleType:
    """A ``game.py`` run here (the test's own second opinion, never the grader's)."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # (its dataclasses look their module up)
    spec.loader.exec_module(module)
    return module


def answers(module, scenario: dict) -> list:
    return SR.answers(module, {k: v for k, v in scenario.items() if k != "readings"})


@pytest.fixture(scope="module")
def assignment():
    return load_assignment("final-card-down")


def grade(assignment, folder: Path, with_mutants: int = 0):
    adt = [c for c in assignment.cases() if c.part == "adt" and c.hidden]
    mutants = [c for c in assignment.cases() if c.part == "tests-mutants"][:with_mutants]
    subs = load_submissions(folder, assignment.module)
    try:
        cases = adt + mutants
        return cases, grade_submission(assignment, subs[0], cases, isolation="rlimits")
    finally:
        cleanup(subs)


@pytest.fixture(scope="module")
def graded(tmp_path_factory, assignment):
    return grade(assignment, planted(tmp_path_factory.mktemp("fcd"), "ada"), with_mutants=6)


def failed_scenarios(cases, result):
    return [
        (case, r)
        for case, r in zip(cases, result.cases, strict=True)
        if case.part == "adt" and r.outcome != CaseOutcome.PASSED
    ]


def test_a_planted_bug_gets_a_smaller_scenario_on_which_it_really_differs(graded, tmp_path):
    cases, result = graded
    failed = failed_scenarios(cases, result)
    assert failed and all(r.outcome == CaseOutcome.FAILED for _, r in failed)
    found = failed[0][1].counterexample
    assert found["found"] and all(r.counterexample == found for _, r in failed)
    scenario = found["args"][0]
    assert "readings" not in scenario  # ada follows the page's decisions
    mine = counterexample.size(scenario)
    for case, _ in failed:
        assert counterexample.below(mine, counterexample.size(case.args[0]))
    reference = answers(reading_of(Readings()), scenario)
    buggy = module_of(planted(tmp_path, "ada") / "game.py", "fcd_cx_buggy")
    right = module_of(EXAMPLES / "ada" / "game.py", "fcd_cx_ada")
    assert answers(buggy, scenario) != reference
    assert answers(right, scenario) == reference
    # Stacked DRAW_TWOs are what the bug broke: two of them are played in it.
    plays = [s["move"] for s in scenario["steps"] if "q" not in s and "DRAW_TWO" in s["move"]]
    assert len(plays) + (scenario["deck"][28].split()[1] == "DRAW_TWO") >= 2
    assert found["input"][0].startswith("newGame with a deck of")
    assert len([line for line in found["input"] if line.startswith("  ")]) * 6 >= len(
        scenario["deck"]
    )  # every card of the deck is shown, not the first few


def test_no_step_can_go_and_the_bug_still_show(graded, tmp_path):
    cases, result = graded
    found = next(r.counterexample for r in result.cases if r.counterexample["found"])
    buggy = module_of(planted(tmp_path, "ada") / "game.py", "fcd_cx_buggy2")
    reference = reading_of(Readings())
    fresh = counterexample.fresh_case(found["args"][0], ())
    assert fresh is not None
    simpler = list(counterexample.shrink(fresh))
    assert simpler  # (the steps cut short, at least)
    for case in simpler:
        assert answers(buggy, case.args[0]) == answers(reference, case.args[0])


def test_the_test_suite_parts_are_not_searched_and_say_why(graded):
    cases, result = graded
    suite = [r for c, r in zip(cases, result.cases, strict=True) if c.part != "adt"]
    failed = [r for r in suite if r.outcome != CaseOutcome.PASSED]
    assert failed  # ada's suite catches 4 mutants of 29
    for r in failed:
        assert r.counterexample == {"found": False, "note": counterexample.SUITE}


def test_the_hidden_scenarios_never_appear_in_any_report(graded, assignment):
    cases, result = graded
    for fmt in ("json", "md", "html", "gradescope"):
        text = render(result, fmt, True, assignment)
        assert "a smaller case your code also gets wrong" in text, fmt
        for case, _ in failed_scenarios(cases, result):
            deck = case.args[0]["deck"]
            assert ", ".join(deck[:6]) not in text, (fmt, case.name)
            assert json.dumps(deck[:6])[1:-1] not in text, (fmt, case.name)


def test_the_same_submission_gets_the_same_scenario_and_a_correct_one_none(
    graded, assignment, tmp_path
):
    cases, again = grade(assignment, planted(tmp_path, "ada"))
    first = {r.name: r.counterexample for r in graded[1].cases if r.name in {c.name for c in cases}}
    assert {r.name: r.counterexample for r in again.cases} == first
    _, right = grade(assignment, EXAMPLES / "ada")
    assert all(r.passed and r.counterexample is None for r in right.cases)


def test_the_expectation_follows_the_submissions_reading(assignment, tmp_path):
    """other-reading declares D1 the other way (a play after an ordinary draw): its smaller
    scenario is answered under that reading, and carries it."""
    folder = planted(tmp_path, "other-reading")
    cases, result = grade(assignment, folder)
    failed = failed_scenarios(cases, result)
    assert failed
    found = failed[0][1].counterexample
    assert found["found"]
    scenario = found["args"][0]
    assert scenario["readings"] == ["play_after_draw"]
    theirs = answers(reading_of(Readings(play_after_draw=True)), scenario)
    buggy = module_of(folder / "game.py", "fcd_cx_other_buggy")
    right = module_of(EXAMPLES / "other-reading" / "game.py", "fcd_cx_other")
    assert answers(buggy, scenario) != theirs
    assert answers(right, scenario) == theirs
