"""Grading students' ADTs by scenarios, through the grader's own path (sandbox, adapter, plugin).

The example class (``examples/final-card-down/``): ada ships the reference as one file, ben
forgot that a ZERO is wild, cy changes the game in place (``playMove`` returns None) and
refills the deck from the discard pile in reverse.  Expectations come from reading the
scenarios and the FAQ, never from running the code under test.
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from graders.assignment import load_assignment
from graders.grade.engine import grade_submission
from graders.report import render
from graders.run.sandbox import bwrap_usable
from graders.submission import cleanup, load_submissions

# Slow tier: grades the example class in the sandbox, on both isolation paths.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "final-card-down"
FIXTURES = ROOT / "fixtures" / "final-card-down"
ISOLATIONS = [
    pytest.param("bwrap", marks=pytest.mark.skipif(not bwrap_usable(), reason="no bwrap")),
    "rlimits",
]


@pytest.fixture(scope="module")
def assignment():
    return load_assignment("final-card-down")


@pytest.fixture(scope="module")
def adt_cases(assignment):
    return [c for c in assignment.cases() if c.part == "adt"]


def grade(assignment, path, cases, isolation="rlimits"):
    subs = load_submissions(path, assignment.module)
    try:
        return grade_submission(assignment, subs[0], cases, isolation=isolation)
    finally:
        cleanup(subs)


def by_name(result):
    return {c.name: c for c in result.cases}


def deck_of(name):
    return json.loads((FIXTURES / "public" / f"{name}.json").read_text(encoding="utf-8"))["deck"]


@pytest.mark.parametrize("isolation", ISOLATIONS)
def test_a_correct_adt_passes_every_scenario(assignment, adt_cases, isolation):
    result = grade(assignment, EXAMPLES / "ada", adt_cases, isolation)
    assert [c.outcome for c in result.cases] == ["passed"] * len(adt_cases)
    assert result.score == result.max_score == 70
    assert result.isolation.startswith("bubblewrap" if isolation == "bwrap" else "rlimits only")


def test_feedback_names_the_first_differing_query(assignment, adt_cases):
    hidden = [c for c in adt_cases if c.hidden][:4]
    result = grade(assignment, EXAMPLES / "ben", [c for c in adt_cases if not c.hidden] + hidden)
    cases = by_name(result)
    zero = cases["faq_zero_is_wild"]
    # The scenario's first step asks whether player 0 may play GREEN ZERO SPADES on BLUE THREE
    # HEARTS: the FAQ says yes (a ZERO is wild); without the rule nothing of it matches.
    assert zero.outcome == "failed"
    assert zero.messages[:4] == [
        "step 0: isValidMove(PLAY_CARD GREEN ZERO SPADES)",
        "expected: True",
        "got:      False",
        "(right after newGame, before any move)",
    ]
    assert zero.view["kind"] == "fcd-scenario" and zero.view["moves"] == []
    # ZERO-wildness is ben's only difference, so a scenario without a ZERO in its deck cannot
    # tell him apart, and every public hand-written scenario he fails has one.
    for name in ("faq_dealing_order", "faq_draw_two_stacking", "faq_first_discard_backwards"):
        assert not any(" ZERO " in card for card in deck_of(name)) and cases[name].passed
    failed = [c.name for c in result.cases if not c.passed and not c.name.startswith("gen")]
    assert failed and all(any(" ZERO " in card for card in deck_of(n)) for n in failed)
    # Hidden scenarios show neither their input nor a picture.
    hidden = [c for c in result.cases if c.hidden and not c.passed]
    assert hidden and all(c.args is None and c.view is None for c in hidden)


def test_in_place_game_and_a_reversed_refill(assignment, adt_cases):
    public = [c for c in adt_cases if not c.hidden]
    result = grade(assignment, EXAMPLES / "cy", public)
    cases = by_name(result)
    # playMove returning None (the game changed in place) is accepted: scenarios that never
    # refill the deck pass.
    assert cases["faq_dealing_order"].passed and cases["faq_draw_two_stacking"].passed
    refill = cases["faq_refill_from_discard"]
    # After RED FOUR, RED FIVE, RED SIX were played on the first discard RED THREE HEARTS,
    # the deck is empty and the next draw flips the pile: the first card ever discarded (RED
    # THREE HEARTS) is drawn; reversed, the card under the top (RED FIVE CLUBS) is.
    assert refill.messages[0] == "step 11: hand()"
    assert "missing:  RED THREE HEARTS" in refill.messages
    assert "not expected: RED FIVE CLUBS" in refill.messages
    assert refill.messages[-2:] == [
        "9. DRAW_CARD",
        "(1 more answer(s) differ later in this scenario)",
    ]
    html = render(result, "html")
    assert "<code>PLAY_CARD RED SIX SPADES</code>" in html and "RED FIVE CLUBS" in html


def test_the_sandbox_never_receives_an_expected_answer(adt_cases):
    def keys(value):
        if isinstance(value, dict):
            yield from value
            for v in value.values():
                yield from keys(v)
        elif isinstance(value, list | tuple):
            for v in value:
                yield from keys(v)

    for case in adt_cases:
        assert "expect" not in set(keys(case.args)), case.name
        scenario = json.loads((FIXTURES / case.input_path).read_text(encoding="utf-8"))
        queries = [s for s in scenario["steps"] if "q" in s]
        # One expected answer per step plus newGame's; every query's answer is in there.
        assert len(case.expected) == len(scenario["steps"]) + 1
        assert sum(1 for label, _ in case.expected if label.endswith(")")) >= len(queries)


def test_student_exceptions_and_missing_names(assignment, adt_cases, tmp_path):
    ada = (EXAMPLES / "ada" / "game.py").read_text(encoding="utf-8")
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "game.py").write_text(
        ada
        + textwrap.dedent(
            """

            def playerPoints(game, player):
                raise RuntimeError("not written yet")
            """
        ),
        encoding="utf-8",
    )
    cases = {c.name: c for c in adt_cases}
    chosen = [cases["faq_points_and_turns"], cases["faq_dealing_order"]]
    result = by_name(grade(assignment, broken, chosen))
    points = result["faq_points_and_turns"]
    assert points.outcome == "failed" and points.messages[0].startswith("step ")
    assert "playerPoints(" in points.messages[0]
    assert "raised:   RuntimeError: not written yet" in points.messages
    assert result["faq_dealing_order"].passed
    missing = tmp_path / "missing"
    missing.mkdir()
    (missing / "game.py").write_text("def numCards(game):\n    return 0\n", encoding="utf-8")
    outcome = grade(assignment, missing, chosen[:1]).cases[0]
    assert outcome.outcome == "missing" and "newGame" in outcome.messages[0]
