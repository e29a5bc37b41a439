"""Feedback speaks the assignment's language (the issue's own examples), first divergence first."""

from __future__ import annotations

from conftest import cards as C

from reference.uno_moves.plugin import card_kind, check_shape, describe, show_card
from unokit.compare import describe_sequence, differs, normalise


def seq(label, e, a):
    return describe_sequence(label, C(e), C(a), show=show_card, kind=card_kind)


def test_wrong_card_in_a_hand():
    assert seq("hand 3", "r1 r5 g2", "r1 g5 g2") == [
        "hand 3, card 2: expected ('r','5'), got ('g','5')"
    ]


def test_cards_missing_at_the_end_of_the_deck():
    assert seq("deck", "r1 r2 r3 r4", "r1 r2") == ["deck: 2 cards missing at the end"]


def test_extra_colour_marker_at_the_front():
    assert seq("discard", "wd r5", "b- wd r5") == [
        "discard: extra colour marker ('b','-') at the front"
    ]


def test_one_card_missing_in_the_middle():
    assert seq("hand", "r1 r2 r3 r4", "r1 r3 r4") == ["hand: missing card ('r','2') after card 1"]


def test_long_differences_are_summarised():
    lines = seq("hand", "r1 r2 r3 r4 r5 r6", "r6 r5 r4 r3 r2 r1")
    assert lines[0] == "hand, card 1: expected ('r','1'), got ('r','6')"
    assert lines[-1] == "hand: … and 3 more card positions differ"
    assert len(lines) == 4


def test_tuples_and_lists_are_the_same():
    assert not differs((("r", "5"),), [["r", "5"]])
    assert differs((("r", "5"),), [["r", "6"]])
    assert normalise(((1, 2), [3])) == [[1, 2], [3]]


def test_describe_orders_hands_then_discard_then_deck():
    expected = ((C("r1"), C("g2")), C("y1"), C("b- wd"))
    actual = ([list(c) for c in C("r1")], [["g", "3"]]), C("y1 y2"), C("wd")
    assert describe("part03", expected, actual) == [
        "hand 2, card 1: expected ('g','2'), got ('g','3')",
        "discard: missing colour marker ('b','-') at the front",
        "deck: extra card ('y','2') at the end",
    ]


def test_shape_problems_are_named():
    assert check_shape("part01", None) == "expected a tuple (hand, deck, discard), got None"
    assert check_shape("part01", ([("r", "55")], [], [])) == (
        "hand, card 1: expected a card such as ('r','5') (two 1-character strings), got ['r', '55']"
    )
    assert check_shape("part03", ([[("r", "5")]], [], "deck")).startswith("discard: expected")
    assert check_shape("part03", ([[("r", "5")]], [], [])) is None
