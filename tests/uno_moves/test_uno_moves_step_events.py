"""The events a simulated uno-moves game records (``reference.uno_moves.parts.steps``): who
moved, by which rule, the card played, how many cards were drawn and the marker put on the
pile. Fixture generation records coverage from them and feedback explains games with them.

Worked out by hand from the seed's rules (D5: a penalty puts a marker of the Draw 2's colour).
"""

from __future__ import annotations

from conftest import cards as C

from reference.uno_moves.cards import GAME_WON
from reference.uno_moves.parts import Event, simulate


def test_a_penalty_records_the_cards_drawn_and_the_marker_it_puts_down():
    # rd waits and no Draw 2 is held: draw 2 (y1 y2), then the marker r- goes on the pile.
    hands, deck, discard, events = simulate(1, C("rd g5"), C("y1 y2 y3"), [C("b3 wd g7")])
    assert discard == C("r- rd g5")
    [event] = events
    assert (event.player, event.card, event.drawn, event.marker) == (0, None, 2, C("r-")[0])
    assert event.rule.startswith("penalty")


def test_a_plain_card_played_records_no_marker():
    # b3 goes on b5 by colour: nothing but the card goes on the pile.
    hands, deck, discard, events = simulate(1, C("b5"), C("y1"), [C("b3 g7")])
    assert discard == C("b3 b5")
    [event] = events
    assert (event.card, event.drawn, event.marker) == (C("b3")[0], 0, None)


def test_a_player_who_cannot_continue_records_a_turn_that_drew_nothing():
    # Part 2: g7 does not go on b5 and the deck is empty: the game stops (D9) on a turn that
    # played nothing and drew nothing.
    hands, deck, discard, events = simulate(2, C("b5"), C(""), [C("g7")])
    assert (hands, deck, discard) == ((C("g7"),), C(""), C("b5"))
    assert events == (Event(0, "cannot-draw", None, 0, None),)


def test_a_game_already_won_takes_no_turn_and_records_none():
    # ('-', '-') on top: somebody has won (D8); no part takes a turn, whatever the hand holds.
    won = (GAME_WON, *C("g5"))
    for part in (1, 2):
        hands, deck, discard, events = simulate(part, won, C("y1"), [C("g7")])
        assert (hands, deck, discard, events) == ((C("g7"),), C("y1"), won, ())
    hands, deck, discard, events = simulate(3, won, C("y1"), [C("g7"), C("g9")])
    assert events == () and hands == (C("g7"), C("g9"))
