"""Fixtures: reproducible, in the manifest format, agreeing with the hand-written expectations,
and graded with feedback in the lab's notation."""

from __future__ import annotations

import json
import types

import pytest

from graders.paths import fixtures_dir
from reference import uno_lab as u
from reference.uno_lab import fixtures, grading
from reference.uno_lab.cases import parse_case_input, parse_expected
from reference.uno_lab.notation import NotationError, parse_call, parse_value

FILES = fixtures.generate_fixtures(2024, 6)


def test_generation_is_reproducible_and_seed_dependent():
    assert fixtures.generate_fixtures(2024, 6) == FILES
    assert fixtures.generate_fixtures(7, 6) != FILES


def test_committed_fixtures_are_the_generated_ones():
    folder = fixtures_dir("uno-lab")
    for rel, text in FILES.items():
        assert (folder / rel).read_text(encoding="utf-8") == text, rel


def test_manifest_format_and_coverage():
    m = json.loads(FILES["manifest.json"])
    assert m["assignment"] == "uno-lab" and "write_fixtures" in m["generated_by"]
    for case in m["cases"]:
        assert set(case) == {"name", "part", "visibility", "covers", "input", "expected"}
        assert case["visibility"] in ("public", "hidden")
        assert case["input"] in FILES and case["expected"] in FILES
    parts = {c["part"] for c in m["cases"]}
    assert parts == set(u.TASKS)  # all 33 names of the 32 tasks
    edge_parts = {c["part"] for c in m["cases"] if "-edge-" in c["name"]}
    assert edge_parts == set(u.TASKS)  # a hand-written case for every task


@pytest.mark.parametrize("hand", fixtures.HAND_WRITTEN, ids=lambda h: f"{h.task}-{h.label}")
def test_reference_meets_every_hand_written_expectation(hand):
    result = grading.grade_case(hand.case.render(), hand.expected, u)
    assert result.passed, result.feedback


def test_every_fixture_passes_with_the_reference():
    m = json.loads(FILES["manifest.json"])
    failed = [
        c["name"]
        for c in m["cases"]
        if not grading.grade_case(FILES[c["input"]], FILES[c["expected"]], u).passed
    ]
    assert failed == []


def _module(**overrides):
    """A submission that is the reference except for the given functions."""
    mod = types.ModuleType("submission")
    for name in dir(u):
        setattr(mod, name, getattr(u, name))
    for name, fn in overrides.items():
        setattr(mod, name, fn)
    return mod


def test_feedback_reads_in_the_labs_notation():
    wrong = _module(cardSort=lambda cs: list(reversed(u.cardSort(cs))))
    case = "task: cardSort\ncall: cardSort [CRD (SKIP, RED), WILD]\n"
    result = grading.grade_case(case, "result: [WILD, CRD (SKIP, RED)]\n", wrong)
    assert not result.passed
    assert result.feedback == (
        "cardSort: expected [WILD, CRD (SKIP, RED)], got [CRD (SKIP, RED), WILD]",
    )


def test_a_wrong_desk_is_reported_field_by_field():
    wrong = _module(nextPlayer=lambda d: u.Desk.setPlayers(d, u.Desk.getPlayers(d)[::-1]))
    hand = next(h for h in fixtures.HAND_WRITTEN if h.task == "nextPlayer")
    result = grading.grade_case(hand.case.render(), hand.expected, wrong)
    assert not result.passed
    assert any(f.startswith("nextPlayer: players expected [") for f in result.feedback)
    assert any("printed ''" in f for f in result.feedback)  # nothing was printed


def test_properties_catch_a_deal_that_loses_cards():
    def bad_deal(players):
        d = u.deal(players)
        return u.Desk.setDeck(d, u.Desk.getDeck(d)[1:])

    hand = next(h for h in fixtures.HAND_WRITTEN if h.task == "deal" and h.label == "ten")
    result = grading.grade_case(hand.case.render(), hand.expected, _module(deal=bad_deal))
    assert result.feedback == ("deal: the cards on the desk are not the 108 cards of the deck",)


def test_a_missing_function_is_feedback_not_a_crash():
    mod = types.ModuleType("empty")
    result = grading.grade_case("task: isLT\ncall: isLT (WILD, WILD)\n", "result: true\n", mod)
    assert not result.passed and "isLT is not defined" in result.feedback[0]


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("CRD (NUM 5, RED", "line 1, column 16"),
        ("CRD (NUM 12, RED)", "line 1, column 6"),
        ("[WILD,\n PURPLE]", "line 2, column 2"),
        ("WILD $", "line 1, column 6"),
        ("{name = 1}", "line 1, column 1"),
    ],
)
def test_bad_notation_names_the_place(text, where):
    with pytest.raises(NotationError) as caught:
        parse_value(text)
    assert where in str(caught.value)
    assert isinstance(caught.value, ValueError)


def test_calls_and_case_files_parse():
    call = parse_call("playableWhenProc (NUM 5, RED) (CRD (SKIP, RED))")
    assert call.function == "playableWhenProc"
    assert call.arguments == ((u.NUM(5), u.RED), u.CRD(u.SKIP, u.RED))
    case = parse_case_input("# c\ntask: deal\nseed: 3\nstdin: 0|2\ncall: deal\n      []\n")
    assert (case.task, case.seed, case.stdin, case.call_text) == ("deal", 3, ("0", "2"), "deal\n[]")
    with pytest.raises(NotationError):
        parse_case_input("task: x\n")
    with pytest.raises(NotationError, match="line 3"):
        parse_expected("result: 1\nprinted:\nno bar\n")
