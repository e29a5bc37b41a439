"""The grader's own work on a submission is bounded (issue 25): a result far larger than its
input can be is a wrong shape at once, never compared, described or drawn; what is compared
and drawn costs work linear in its size (counted here, never timed)."""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from graders.assignment import load_assignment
from graders.grade.engine import judge
from graders.report import render
from graders.results import CaseOutcome, PartResult, SubmissionResult
from graders.views import MAX_PILES
from graders.vocabulary import Outcome, RunStatus
from unokit import compare
from unokit.loader import load_feedback
from unokit.verdict import judge_value

HUGE = 200_000  # hands: about the most the sandbox's reply may hold (harness MAX_ITEMS)


@pytest.fixture(scope="module")
def uno():
    return load_assignment("uno-moves")


ROOT = Path(__file__).resolve().parents[2]


def _case(assignment, part: str, hidden: bool = False):
    return next(c for c in assignment.cases() if c.part == part and c.hidden == hidden)


def _forbid(monkeypatch, plugin, *names: str) -> None:
    def refuse(*_args, **_kwargs):
        raise AssertionError("an oversized result reached a step after the size check")

    for name in names:
        monkeypatch.setattr(plugin, name, refuse)


def test_more_hands_than_players_is_a_wrong_shape_never_compared(uno, monkeypatch):
    case = _case(uno, "part04")
    discard, deck, hands = case.args
    value = ([[] for _ in range(HUGE)], list(deck), list(discard))
    _forbid(monkeypatch, uno.plugin, "normalise_result", "judge", "describe")
    seen = []
    monkeypatch.setattr(uno.plugin, "view", lambda part, args, exp, act: seen.append(act) or None)
    result = judge(uno, case, Outcome(0, RunStatus.RETURNED, value=value), 1.0)
    assert result.outcome == CaseOutcome.WRONG_SHAPE
    assert result.messages == [
        f"hands: expected one hand per player ({len(hands)}), got {HUGE:,} hands"
    ]
    assert seen == [None]  # the view draws the expected result alone


def test_more_cards_than_a_game_can_hold_is_a_wrong_shape(uno, monkeypatch):
    case = _case(uno, "part02")
    discard, deck, hand = case.args
    given = len(discard) + len(deck) + len(hand)
    # every card of the game four times over: more than its cards and every marker it can add
    value = (list(hand) * 4, list(deck) * 4, list(discard) * 4)
    _forbid(monkeypatch, uno.plugin, "normalise_result", "judge", "describe")
    outcome, messages, kept = judge_value(uno.plugin, case, value)
    assert (outcome, kept) == ("wrong-shape", None)
    assert f"starts with {given} cards" in messages[0]
    assert f"holds {4 * given:,} cards" in messages[0]


def test_a_result_within_the_bound_is_compared_as_before(uno):
    case = _case(uno, "part03")
    discard, deck, hands = case.args
    # one hand too few, the cards as they were: a wrong answer, not an impossible one
    outcome, messages, _ = judge_value(uno.plugin, case, (list(hands)[:-1], deck, discard))
    assert outcome == "failed"
    assert messages[0] == f"hands: expected {len(hands)} hands, got {len(hands) - 1}"
    assert judge_value(uno.plugin, case, case.expected)[:2] == ("passed", [])


def test_the_kit_bounds_sizes_as_the_grader_does(uno):
    feedback = load_feedback(uno.plugin.kit_feedback())
    case = _case(uno, "part03")
    discard, deck, hands = case.args
    value = ([[] for _ in range(len(hands) + 1)], deck, discard)
    assert feedback.check_size(case, value) == uno.plugin.check_size(case, value) is not None
    assert feedback.check_size(case, case.expected) is None


def test_a_judge_without_check_size_allows_any_size():
    class Judge:
        def check_shape(self, part, value):
            return None

        def normalise_result(self, part, value):
            return value

        def judge(self, case, value):
            return [] if value == case.expected else ["differs"]

    class Case:
        part, expected, args = "p", [1], ()

    assert judge_value(Judge(), Case(), [1] * 1000)[:2] == ("failed", ["differs"])


def test_the_view_of_many_hands_draws_a_bounded_number_of_piles(uno, monkeypatch):
    """Called directly (the engine never gives it such a result): linear, and bounded."""
    from reference.uno_moves import plugin as module

    case = _case(uno, "part04")
    discard, deck, hands = case.args
    value = [[[] for _ in range(HUGE)], list(map(list, deck)), list(map(list, discard))]
    calls = []
    real = module.aligned_pile
    monkeypatch.setattr(module, "aligned_pile", lambda *a: calls.append(a[0]) or real(*a))
    view = module.view(case.part, case.args, case.expected, value)
    assert len(calls) <= MAX_PILES + len(hands) + 2
    # drawn: each expected hand, the discard and the deck, then the student's extra hands up
    # to MAX_PILES piles in all; the rest of the extra hands (all but the first len(hands))
    # are counted in one last line
    drawn_extra = MAX_PILES - (len(hands) + 2)
    cut = (HUGE - len(hands)) - drawn_extra
    assert view["piles"][-1]["note"] == f"… {cut:,} more hands of yours not drawn"
    assert len(view["piles"]) == MAX_PILES + 1


def test_long_piles_are_aligned_position_by_position_without_difflib(monkeypatch):
    def refuse(*_a, **_k):
        raise AssertionError("difflib's quadratic matching on long piles")

    monkeypatch.setattr(compare, "SequenceMatcher", refuse)
    a = [("r", str(k % 10)) for k in range(HUGE)]
    b = a[:10] + [("g", "1")] + a[11:] + [("b", "2")] * 3
    assert compare.alignment(a, b) == [
        ("equal", 0, 10, 0, 10),
        ("replace", 10, 11, 10, 11),
        ("equal", 11, HUGE, 11, HUGE),
        ("insert", HUGE, HUGE, HUGE, HUGE + 3),
    ]
    lines = compare.describe_sequence("deck", a, b[: HUGE - 5])
    assert lines[0] == "deck, card 11: expected ['r', '0'], got ['g', '1']"


def test_short_piles_are_still_aligned_by_difflib():
    a, b = list("abcdef"), list("abxcdef")
    assert (
        compare.alignment(a, b) == difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes()
    )


@pytest.mark.parametrize(
    ("expected", "actual", "different"),
    [
        ([[1, 2]], [(1, 2)], False),
        (1, True, True),
        (1, 1.0, True),
        ([1, 2], [1, 3], True),
        ({"a": [1]}, {"a": (1,)}, False),
        ([float("nan")], [float("nan")], True),
        ([1], {"0": 1}, True),
    ],
)
def test_differs_is_equality_of_normalised_values_with_strict_top_types(
    expected, actual, different
):
    assert bool(compare.differs(expected, actual)) is different


def test_a_report_draws_a_view_whose_list_was_cut_with_a_marker(uno):
    """``cap_value`` ends a long list with a string saying how many were cut: the HTML report
    draws it as a line, never fails on it (a failed report was a 0/100 with a traceback)."""
    pile = {"label": "hand 1", "differs": True, "mine": True, "cells": [], "cut": 0}
    view = {
        "kind": "cards",
        "piles": [pile, "… (24,800 more items not shown)"],
        "given": [{"label": "deck", "cards": [], "cut": 0}, "… (3 more items not shown)"],
    }
    case = _case(uno, "part04")
    from graders.results import CaseResult

    failed = CaseResult(
        name=case.name, part=case.part, hidden=False, outcome=CaseOutcome.FAILED, points=0.0,
        max_points=1.0, messages=["hands: expected 7 hands, got 25000"], view=view,
    )  # fmt: skip
    result = SubmissionResult(
        assignment="uno-moves", title="t", student="s", origin="s", digest="d", isolation="",
        score=0.0, max_score=1.0, parts=[PartResult("part04", "f", "t", 0.0, 1.0, 0, 1)],
        cases=[failed],
    )  # fmt: skip
    html = render(result, "html", assignment=uno)
    assert "… (24,800 more items not shown)" in html
    assert "… (3 more items not shown)" in html


def test_an_ochos_locos_game_longer_than_its_deal_allows_is_a_wrong_shape(monkeypatch):
    ochos = load_assignment("ochos-locos")
    case = next(c for c in ochos.cases() if not c.hidden)
    hands, _discard, pile = case.args
    cards = sum(map(len, hands)) + len(pile)
    _forbid(monkeypatch, ochos.plugin, "normalise_result", "judge", "describe")
    lines = ["0: B3"] * (10 * cards + 50)
    outcome, messages, kept = judge_value(ochos.plugin, case, lines)
    assert (outcome, kept) == ("wrong-shape", None)
    assert messages[0].startswith(f"the game has {len(lines):,} lines")


def test_an_ochos_locos_game_of_the_expected_length_is_compared(monkeypatch):
    ochos = load_assignment("ochos-locos")
    case = next(c for c in ochos.cases() if not c.hidden)
    assert ochos.plugin.check_size(case, list(case.expected)) is None
    assert ochos.plugin.check_size(case, "\n".join(case.expected)) is None


def test_final_card_down_answers_beyond_the_queries_are_a_wrong_shape():
    fcd = load_assignment("final-card-down")
    case = next(c for c in fcd.cases() if c.part == "adt")
    expected = case.expected["page"] if isinstance(case.expected, dict) else case.expected
    more = list(expected) * 3
    assert fcd.plugin.check_size(case, list(expected)) is None
    assert fcd.plugin.check_size(case, more) == (
        f"the scenario replay returned {len(more):,} answers for {len(expected)} queries "
        "(was the adapter replaced?)"
    )


@pytest.mark.parametrize("name", ["uno-moves", "ochos-locos", "final-card-down"])
def test_every_expected_result_is_within_its_own_bound(name):
    """The bound is the assignment's rule, not a guess: the reference's own answers keep it."""
    assignment = load_assignment(name)
    checked = 0
    for case in assignment.cases():
        expected = case.expected
        if isinstance(expected, dict) and "page" in expected:
            expected = expected["page"]
        if name == "final-card-down" and case.part != "adt":
            continue
        assert assignment.plugin.check_size(case, expected) is None, case.name
        checked += 1
    assert checked > 40


def test_an_uno_official_answer_beyond_any_state_is_a_wrong_shape():
    official = load_assignment("uno-official")
    feedback = load_feedback(official.plugin.kit_feedback()).module
    case = official.cases()[0]
    huge = {"state": {"hands": [["R1"] * 1_000 for _ in range(4)]}}
    assert official.plugin.check_size(case, huge) == (
        f"the answer holds more than {feedback.MAX_ITEMS:,} values; no state of a game of "
        "108 cards comes near that"
    )
    # Counting stops past the bound: a value of a million cards costs no more than the bound.
    assert feedback._items([["R1"] * 1_000_000], feedback.MAX_ITEMS) == feedback.MAX_ITEMS + 1


def test_every_uno_official_expected_answer_is_far_within_the_bound():
    official = load_assignment("uno-official")
    feedback = load_feedback(official.plugin.kit_feedback()).module
    cases = official.cases()
    assert len(cases) > 40
    for case in cases:
        assert official.plugin.check_size(case, case.expected) is None, case.name
        assert feedback._items(case.expected, feedback.MAX_ITEMS) < feedback.MAX_ITEMS / 10


def test_an_uno_lab_reply_longer_than_any_value_is_a_wrong_shape_never_parsed(monkeypatch):
    lab = load_assignment("uno-lab")
    feedback = load_feedback(lab.plugin.kit_feedback()).module
    case = next(c for c in lab.cases() if c.part == "task01")

    def parse(text):
        raise AssertionError("a reply past the bound was parsed")

    monkeypatch.setattr(feedback, "parse_value", parse)
    reply = {"key": "k", "printed": "", "result": "[" + "1, " * 100_000 + "1]"}
    problem = lab.plugin.check_shape(case.part, reply)
    assert problem is not None and f"{len(reply['result']):,} characters" in problem


def test_every_uno_lab_expected_answer_is_far_within_the_bound():
    lab = load_assignment("uno-lab")
    feedback = load_feedback(lab.plugin.kit_feedback()).module
    outs = list((ROOT / "fixtures" / "uno-lab" / "cases").glob("*.out"))
    assert len(outs) > 100
    for out in outs:
        assert len(out.read_text(encoding="utf-8")) < feedback.MAX_RESULT_CHARS / 10, out.name
