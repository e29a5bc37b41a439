"""final-card-down: a failed scenario names the first move after which the student's game
departs from the rules, under the student's reading of the open rules.

Expectations come from the example class's own description of each student's bug
(``examples/final-card-down/README.md``: ben forgets that a ZERO is wild, cy refills the deck
the wrong way round) and from answers tampered with by hand at a known move.
"""

from __future__ import annotations

import copy
import re
from pathlib import Path

import pytest

from graders.assignment import load_assignment
from graders.grade.engine import grade_submission
from graders.report import render
from graders.submission import cleanup, load_submissions
from reference.final_card_down import explain
from reference.final_card_down.game.readings import Readings
from reference.final_card_down.harness_files import load
from reference.final_card_down.reading import reading_of

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "final-card-down"
SR = load("scenario_runner.py")
D4 = Readings(skipped_turn_numbered=True)


@pytest.fixture(scope="module")
def assignment():
    return load_assignment("final-card-down")


def grade(assignment, folder, names):
    cases = [c for c in assignment.cases() if c.name in names]
    subs = load_submissions(folder, assignment.module)
    try:
        return grade_submission(assignment, subs[0], cases, isolation="rlimits")
    finally:
        cleanup(subs)


def test_a_zero_that_is_not_wild_departs_at_its_play(assignment):
    result = grade(assignment, EXAMPLES / "ben", {"faq_zero_is_wild"})
    fd = result.cases[0].first_divergence
    assert fd["where"] == "move 1: PLAY_CARD GREEN ZERO SPADES (turn 0, player 0)"
    assert fd["rule"] == "spec rule 3 (A card is playable)"
    assert fd["expected"] == "the move is valid and is played"
    assert fd["state_text"][1] == "top discard: BLUE THREE HEARTS"
    md = render(result, "md", assignment=assignment)
    assert md.index("**Where it went wrong:** move 1") < md.index("How the end differs:")


def test_a_deck_refilled_backwards_departs_at_the_draw_that_refills_it(assignment):
    # cy's first wrong answer is a hand() two moves later; the move is the draw from an
    # empty deck (spec rule 11, D8).
    result = grade(assignment, EXAMPLES / "cy", {"faq_refill_from_discard"})
    [case] = result.cases
    assert case.messages[0] == "step 11: hand()"
    fd = case.first_divergence
    assert fd["where"].startswith("move 9: DRAW_CARD ")
    assert fd["rule"] == "spec rule 11 (Empty deck)"
    assert "draw pile: 0 cards" in fd["state_text"][3]
    assert "RED THREE HEARTS" in fd["expected"] and "RED FIVE CLUBS" in fd["got"]


def scenario_depending_on(assignment, switch):
    for case in assignment.cases():
        if case.part == "adt" and not case.hidden and switch in case.readings:
            return case.args[0]
    raise AssertionError(f"no public scenario depends on {switch}")


def test_divergence_is_measured_under_the_students_reading(assignment):
    scenario = scenario_depending_on(assignment, "skipped_turn_numbered")
    probe, where = explain.probe_scenario(scenario)
    right_under_d4 = SR.answers(reading_of(D4), probe)  # a student of D4's other reading
    found = explain.first_divergence(scenario, D4, right_under_d4)
    assert found["kind"] == "query"  # no move departs under its own reading
    blamed = explain.first_divergence(scenario, Readings(), right_under_d4)
    assert blamed["kind"] == "move" and "currentTurn()" in blamed["expected"]


def test_a_tampered_answer_is_found_at_its_move(assignment):
    scenario = scenario_depending_on(assignment, "skipped_turn_numbered")
    probe, where = explain.probe_scenario(scenario)
    answers = copy.deepcopy(SR.answers(reading_of(D4), probe))
    moves = [i for i, s in enumerate(scenario["steps"]) if "q" not in s]
    second = moves[1]
    # The bundle after the second move: its first playerCardCount answer, off by one.
    position = next(
        p + 1
        for p, (index, kind) in enumerate(where)
        if index == second and kind == "bundle" and answers[p + 1][0] == "playerCardCount(0)"
    )
    answers[position][1] += 1
    found = explain.first_divergence(scenario, D4, answers)
    assert found["where"].startswith(f"move 2: {scenario['steps'][second]['move']} ")
    assert "playerCardCount(0)" in found["expected"] and "playerCardCount(0)" in found["got"]


def test_every_rule_named_opens_that_rule_in_the_spec():
    spec = ROOT.parent / "shared" / "specs" / "final-card-down.md"
    if not spec.is_file():
        spec = Path("/work/shared/specs/final-card-down.md")
    if not spec.is_file():
        pytest.skip("the course's spec (shared/specs/final-card-down.md) is not beside the clone")
    lines = {
        int(m.group(1)): m.group(2)
        for m in re.finditer(r"^(\d+)\. (.*)$", spec.read_text(encoding="utf-8"), re.MULTILINE)
    }
    for number, name in explain.RULES.items():
        first = name.split(" / ")[0]
        assert lines[number].startswith(first), (number, lines[number])
