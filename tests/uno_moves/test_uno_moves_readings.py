"""The open readings of uno-moves as switches of the reference (Decisions D1, D5, D8).

Each test plays one hand-built position under the page's decision and under the other reading;
both expectations are worked out by hand from the rules as the page states them, in the
comments beside them.
"""

from __future__ import annotations

import pytest
from conftest import cards as C

from reference.uno_moves import parts
from reference.uno_moves.readings import (
    DECISION_OF,
    OTHER_READING,
    PAGE,
    Readings,
    expected_under,
)
from reference.uno_moves.rules import penalty, take_turn

OTHER = {name: Readings(**{name: True}) for name in Readings.names()}


def test_the_defaults_are_the_pages_decisions():
    assert Readings() == PAGE and PAGE.differences() == ()
    assert set(DECISION_OF) == set(OTHER_READING) == set(Readings.names())
    assert DECISION_OF == {
        "wild_draw_four_extends_draw_two": "D1",
        "marked_wild_draw_fours_only": "D5",
        "part3_continues_after_a_win": "D8",
    }
    for name, readings in OTHER.items():
        assert readings.differences() == (name,)


# ----------------------------------------------------------------- D1


def test_d1_page_a_waiting_draw_two_is_paid_when_no_draw_two_is_held():
    # rd waits, no Draw 2 in hand: draw 2 (y1 y2), then a marker of the Draw 2's colour.
    got = expected_under("part01", (C("rd g5"), C("y1 y2 y3"), C("b3 wd g7")), PAGE)
    assert got == (C("b3 wd g7 y1 y2"), C("y3"), C("r- rd g5"))


def test_d1_other_a_wild_draw_four_extends_the_draw_two():
    # The Wild Draw 4 goes on the Draw 2 with the marker of the left-most non-wild left (b3).
    other = OTHER["wild_draw_four_extends_draw_two"]
    got = expected_under("part01", (C("rd g5"), C("y1 y2 y3"), C("b3 wd g7")), other)
    assert got == (C("b3 g7"), C("y1 y2 y3"), C("b- wd rd g5"))


def test_d1_other_the_next_player_owes_the_whole_stack():
    hands = [C("b3 wd g7"), C("y9 g1")]
    deck = C("y1 y2 y3 y4 y5 y6 y7 y8")
    # Page: player 1 pays 2; player 2 has nothing for r- (no red, no '-' symbol, no wild): draws.
    assert expected_under("part03", (C("rd g5"), deck, hands), PAGE) == (
        (C("b3 wd g7 y1 y2"), C("y9 g1 y3")),
        C("y4 y5 y6 y7 y8"),
        C("r- rd g5"),
    )
    # Other: player 1 extends with wd; player 2 holds no Wild Draw 4 and pays 4 + 2 = 6.
    other = OTHER["wild_draw_four_extends_draw_two"]
    assert expected_under("part03", (C("rd g5"), deck, hands), other) == (
        (C("b3 g7"), C("y9 g1 y1 y2 y3 y4 y5 y6")),
        C("y7 y8"),
        C("b- b- wd rd g5"),
    )


def test_d1_other_a_held_draw_two_still_comes_first():
    other = OTHER["wild_draw_four_extends_draw_two"]
    turn = take_turn(C("wd gd"), C("y1"), C("rd"), other)
    assert (turn.hand, turn.discard) == (C("wd"), C("gd rd"))


# ----------------------------------------------------------------- D5


def test_d5_an_extended_bare_wild_draw_four_counts_on_the_page_only():
    discard = C("g- wd wd w- r3")  # a bare wd (played by colour on w-), extended by a marked wd
    assert penalty(discard) == 8
    assert penalty(discard, OTHER["marked_wild_draw_fours_only"]) == 4
    deck = C("y1 y2 y3 y4 y5 y6 y7 y8 y9")
    args = (discard, deck, C("r5 b7"))
    assert expected_under("part01", args, PAGE) == (
        C("r5 b7 y1 y2 y3 y4 y5 y6 y7 y8"),
        C("y9"),
        C("g- g- wd wd w- r3"),
    )
    assert expected_under("part01", args, OTHER["marked_wild_draw_fours_only"]) == (
        C("r5 b7 y1 y2 y3 y4"),
        C("y5 y6 y7 y8 y9"),
        C("g- g- wd wd w- r3"),
    )


def test_d5_marked_stacks_and_draw_twos_count_alike_in_both_readings():
    for readings in (PAGE, OTHER["marked_wild_draw_fours_only"]):
        assert penalty(C("b- wd y- wd r3"), readings) == 8  # two marked: 4 + 4
        assert penalty(C("rd bd g5"), readings) == 4


# ----------------------------------------------------------------- D8


def test_d8_part3_after_a_win_with_an_ordinary_card():
    hands = [C("g5"), C("g9 b1"), C("r9 y4")]
    args = (C("g2"), C("y1 y2"), hands)
    # Page: player 1 goes out with g5 (no marker after a non-wild): the game is over.
    assert expected_under("part03", args, PAGE) == (
        (C(""), C("g9 b1"), C("r9 y4")),
        C("y1 y2"),
        C("g5 g2"),
    )
    # Other: the two remaining turns are taken: g9 on g5 by colour, then r9 on g9 by symbol.
    assert expected_under("part03", args, OTHER["part3_continues_after_a_win"]) == (
        (C(""), C("b1"), C("y4")),
        C("y1 y2"),
        C("r9 g9 g5 g2"),
    )


def test_d8_a_win_with_a_wild_leaves_nothing_to_play_in_either_reading():
    # w- empties the hand and puts ('-','-'): each later part-1 turn sees a won game.
    hands = [C("w-"), C("g9 b1"), C("r9 y4")]
    args = (C("b3"), C("y1"), hands)
    expected = ((C(""), C("g9 b1"), C("r9 y4")), C("y1"), C("-- w- b3"))
    assert expected_under("part03", args, PAGE) == expected
    assert expected_under("part03", args, OTHER["part3_continues_after_a_win"]) == expected


def test_d8_the_switch_is_for_part3_only():
    hands = [C("g5"), C("g9 b1"), C("r9 y4")]
    other = OTHER["part3_continues_after_a_win"]
    page = parts.simulate(4, C("g2"), C("y1 y2"), hands)
    assert parts.simulate(4, C("g2"), C("y1 y2"), hands, other) == page
    assert page[0] == (C(""), C("g9 b1"), C("r9 y4"))


# ----------------------------------------------------------------- every switch


@pytest.mark.parametrize("name", Readings.names())
def test_no_reading_changes_what_it_was_given(name):
    discard = [list(c) for c in C("g- wd wd w- r3")]
    deck = [list(c) for c in C("y1 y2 y3 y4 y5 y6 y7 y8 y9")]
    hands = [[list(c) for c in C("g5 rd")], [list(c) for c in C("r5 b7")]]
    before = repr((discard, deck, hands))
    for part in (1, 2, 3, 4):
        parts.simulate(part, discard, deck, hands, OTHER[name])
    assert repr((discard, deck, hands)) == before
