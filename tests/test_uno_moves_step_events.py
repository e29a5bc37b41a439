"""The events a simulated uno-moves game records (``reference.uno_moves.parts.steps``): who
moved, by which rule, the card played, how many cards were drawn and the marker put on the
pile. Fixture generation records coverage from them and feedback explains games with them.

Worked out by hand from the seed's rules (D5: a penalty puts a marker of the Draw 2's colour).
"""

from __future__ import annotations

from conftest import cards as C

from reference.uno_moves.parts import simulate


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
