"""Edges of the official rules that mutation testing found no test for.

Each expectation is worked out by hand from the rules the engine implements (the seed's
official rules and the documented house rules): drawing exactly what the pile holds, calling
"uno" with the next-to-last card under the 7-0 rule, catching player 0, a turn with nothing to
draw anywhere.
"""

from __future__ import annotations

from reference.uno_official import Action, Rules, apply, build_state, legal_actions

OTHERS = (("Y1", "Y2", "Y3"), ("G4", "G5", "G6"), ("B1", "B2", "B3"))


def play(card, uno=False, **kw):
    return Action("play", card, card[0], uno, **kw)


def test_a_draw_two_on_a_pile_of_exactly_two_cards_reshuffles_nothing():
    s = build_state((("R+2", "G1", "B2"),) + OTHERS, ("R9",), draw_pile=("G8", "G9"))
    below = s.discard
    after = apply(s, play("R+2"))
    # player 1 takes G8 and G9 (to the back of the hand) and misses the turn
    assert after.hands[1] == ("Y1", "Y2", "Y3", "G8", "G9") and after.current == 2
    assert after.draw_pile == ()
    assert after.discard == ("R+2",) + below  # nothing was taken from under the top card
    assert after.shuffles == s.shuffles
    assert not any(e.kind == "reshuffle" for e in after.events)


def test_under_the_seven_zero_rule_uno_is_offered_only_with_the_next_to_last_card():
    rules = Rules(seven_zero=True)
    two = build_state((("R5", "B7"),) + OTHERS, ("R9",), rules=rules)
    three = build_state((("R5", "B7", "G2"),) + OTHERS, ("R9",), rules=rules)
    assert {a.uno for a in legal_actions(two) if a.card == "R5"} == {False, True}
    assert {a.uno for a in legal_actions(three) if a.card == "R5"} == {False}


def test_player_zero_who_forgot_uno_can_be_caught_under_the_seven_zero_rule():
    rules = Rules(seven_zero=True)
    s = build_state((("R5", "B7"),) + OTHERS, ("R9",), rules=rules)
    forgot = apply(s, play("R5"))
    assert forgot.uno_pending == 0 and forgot.current == 1
    assert Action("catch", player=1) in legal_actions(forgot)


def test_nothing_to_draw_anywhere_passes_the_turn_and_nobody_can_be_caught():
    s = build_state((("R5", "B7", "G2"),) + OTHERS, ("Y9",))
    empty = s._replace(draw_pile=(), discard=("Y9",), current=1, uno_pending=-1)
    # player 1 holds Y1: they could play it, but they choose to draw
    after = apply(empty, Action("draw"))
    assert after.hands == empty.hands and after.current == 2
    assert after.uno_pending == -1
    assert not any(a.kind == "catch" for a in legal_actions(after))
    assert [e.kind for e in after.events] == ["draw", "pass"]
