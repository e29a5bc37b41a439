"""uno-moves penalties at the edges of the discard pile (Decisions D4, D5, D6 on the page).

Each expectation is counted by hand from the assignment page: "4 for each Wild Draw 4 (with its
marker, or bare), 2 for each Draw 2, until another card"; the drawn cards go to the back of the
hand, and the marker put on the discard is a copy of the front marker for a Wild Draw 4, else
one of the top Draw 2's colour.
"""

from __future__ import annotations

import pytest
from conftest import cards as C

from reference.uno_moves.rules import (
    colour_marker,
    penalty,
    pending_wild_draw_four,
    take_turn,
)


@pytest.mark.parametrize(
    ("discard", "count"),
    [
        ("rd", 2),
        ("rd bd yd", 6),  # every card a Draw 2: counted to the very end of the pile
        ("wd wd", 8),  # two bare Wild Draw 4s, nothing behind
        ("g- wd", 4),  # exactly a marker and its Wild Draw 4
        ("g- wd rd", 6),
        ("g- wd r-", 4),  # a run that ends in a marker with nothing behind it
        ("rd b-", 2),  # a Draw 2 then a marker that waits for nothing
        ("g- wd g- wd", 8),
        ("g- g- wd", 0),  # a paid Wild Draw 4 (D4): the copied marker stops the count
        ("r5 rd", 0),  # the count starts at the front
        ("", 0),
    ],
)
def test_penalty_counts_from_the_front(discard, count):
    assert penalty(C(discard)) == count


@pytest.mark.parametrize(
    ("discard", "waiting"),
    [
        ("g- wd", True),
        ("wd", True),  # bare (D6)
        ("wd r5", True),
        ("g-", False),  # a marker alone waits for nothing
        ("g- rd", False),
        ("g- g- wd", False),  # paid (D4)
        ("rd", False),
        ("", False),
    ],
)
def test_a_wild_draw_four_is_waiting(discard, waiting):
    assert pending_wild_draw_four(C(discard)) is waiting


def test_paying_a_marker_and_wild_draw_four_copies_the_marker():
    turn = take_turn(C("r1 g2"), C("y1 y2 y3 y4 y5"), C("b- wd"))
    assert turn.action == "penalty" and turn.drawn == 4
    assert turn.hand == C("r1 g2 y1 y2 y3 y4")
    assert turn.deck == C("y5")
    assert turn.discard == C("b- b- wd")
    assert turn.rule == "penalty-wild-draw-four"


def test_paying_a_pile_of_draw_twos_draws_all_of_them():
    turn = take_turn(C("r1"), C("y1 y2 y3 y4 y5 y6 y7"), C("rd bd yd"))
    assert turn.action == "penalty" and turn.drawn == 6
    assert turn.hand == C("r1 y1 y2 y3 y4 y5 y6")
    assert turn.deck == C("y7")
    assert turn.discard == C("r- rd bd yd")  # a marker of the top Draw 2's colour
    assert turn.rule == "penalty-draw-two"


def test_a_penalty_larger_than_the_deck_draws_the_whole_deck():
    turn = take_turn(C("r1"), C("y1"), C("g- wd g- wd"))
    assert turn.action == "penalty" and turn.drawn == 1
    assert turn.hand == C("r1 y1") and turn.deck == () and turn.discard == C("g- g- wd g- wd")


def test_a_penalty_with_an_empty_deck_draws_nothing_and_still_pays():
    turn = take_turn(C("r1"), (), C("yd"))
    assert turn.action == "penalty" and turn.drawn == 0 and turn.changed
    assert turn.hand == C("r1") and turn.discard == C("y- yd")


def test_extending_a_marked_wild_draw_four_names_a_colour():
    turn = take_turn(C("r1 wd b2"), C("y1"), C("g- wd"))
    assert turn.action == "play" and turn.card == ("w", "d")
    assert turn.hand == C("r1 b2")
    assert turn.discard == C("r- wd g- wd")  # D3: left-most non-wild card left is r1
    assert turn.rule == "extend-wild-draw-four"


def test_a_bare_wild_draw_four_cannot_be_paid():
    turn = take_turn(C("r1"), C("y1 y2 y3 y4"), C("wd"))
    assert turn.action == "stuck" and not turn.changed
    assert (turn.hand, turn.deck, turn.discard) == (C("r1"), C("y1 y2 y3 y4"), C("wd"))


@pytest.mark.parametrize(
    ("hand", "marker"),
    [("", "--"), ("w- wd", "r-"), ("w- g3 b1", "g-"), ("b1", "b-")],
)
def test_colour_marker(hand, marker):
    assert colour_marker(C(hand)) == C(marker)[0]


def test_rule_seven_draws_one_card_to_the_back_of_the_hand():
    turn = take_turn(C("g1 b2"), C("y1 y2"), C("r5"))
    assert turn.action == "draw" and turn.drawn == 1 and turn.rule == "draw"
    assert (turn.hand, turn.deck, turn.discard) == (C("g1 b2 y1"), C("y2"), C("r5"))


def test_only_the_top_of_the_discard_says_the_game_is_won():
    # D8: the game is over when the discard's *top* is ('-','-'); a card further down is
    # history, and r1 is played on r5 by colour (rule 3).
    turn = take_turn(C("r1"), (), (("r", "5"), ("-", "-")))
    assert turn.action == "play" and turn.card == ("r", "1")
    over = take_turn(C("r1"), (), (("-", "-"), ("r", "5")))
    assert over.action == "over" and not over.changed


def test_a_turn_that_draws_nothing_says_so_and_cannot_be_changed():
    import dataclasses

    played = take_turn(C("r1 b2"), C("y1"), C("r5"))
    stuck = take_turn(C("r1"), (), C("wd"))
    over = take_turn((), C("y1"), C("r5"))
    assert [t.drawn for t in (played, stuck, over)] == [0, 0, 0]
    assert [t.action for t in (played, stuck, over)] == ["play", "stuck", "over"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        played.hand = ()  # a value, like the piles it holds
