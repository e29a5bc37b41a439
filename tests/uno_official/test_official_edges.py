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


def test_the_turn_counter_counts_a_turn_with_nothing_to_draw():
    s = build_state((("R5", "B7", "G2"),) + OTHERS, ("Y9",))
    empty = s._replace(draw_pile=(), discard=("Y9",), current=1)
    assert apply(empty, Action("draw")).turn == empty.turn + 1


def test_a_discard_of_two_cards_is_reshuffled_when_the_pile_is_empty():
    # The top card stays; the one card under it becomes the draw pile and is drawn at once.
    s = build_state((("R5", "B7", "G2"),) + OTHERS, ("Y9",))
    state = s._replace(draw_pile=(), discard=("Y9", "R3"), current=0)
    after = apply(state, Action("draw"))
    assert after.hands[0] == ("R5", "B7", "G2", "R3")
    assert after.discard == ("Y9",) and after.draw_pile == ()
    assert "reshuffle" in [e.kind for e in after.events]


SEVEN_ZERO = Rules(seven_zero=True)


def drawn_state(hand, drawn, discard, rules=SEVEN_ZERO):
    """Player 0 holds ``hand`` and draws ``drawn`` on ``discard`` (top first)."""
    s = build_state((hand,) + OTHERS, discard[:1], rules=rules, draw_pile=(drawn,))
    s = s._replace(discard=tuple(discard) + s.discard[1:])
    return apply(s, Action("draw"))


def test_a_drawn_card_is_matched_against_the_top_of_the_discard():
    # G9 matches the top R9 by its number; the card under it (B1) does not matter.
    after = drawn_state(("B7", "Y3", "B2"), "G9", ("R9", "B1"))
    assert after.phase == "drawn" and after.drawn == "G9"
    assert play("G9") in legal_actions(after)


def test_a_drawn_card_played_as_the_next_to_last_offers_uno():
    two = drawn_state(("B7",), "G9", ("R9", "B1"))  # B7 and G9: playing G9 leaves one card
    three = drawn_state(("B7", "Y3"), "G9", ("R9", "B1"))
    assert {a.uno for a in legal_actions(two) if a.card == "G9"} == {False, True}
    assert {a.uno for a in legal_actions(three) if a.card == "G9"} == {False}


def test_a_seat_that_does_not_exist_may_do_nothing():
    forgot = apply(build_state((("R5", "B7"),) + OTHERS, ("R9",)), play("R5"))
    assert forgot.uno_pending == 0
    assert legal_actions(forgot, 4) == () and legal_actions(forgot, -1) == ()
    assert Action("catch", player=3) in legal_actions(forgot, 3)


JUMP_IN = Rules(jump_in=True)


def test_jumping_in_needs_the_very_card_on_top():
    # Player 2 holds G9, the top card; the card under it (B1) is not what counts.
    hands = (("R5", "B7"), ("Y1", "Y2"), ("G9", "G5", "G6"), ("B1", "B2", "B3"))
    s = build_state(hands, ("G9",), rules=JUMP_IN)
    s = s._replace(discard=("G9", "B1") + s.discard[1:])
    jumps = [a for a in legal_actions(s, 2) if a.kind == "jump_in"]
    assert {a.card for a in jumps} == {"G9"} and {a.uno for a in jumps} == {False}
    assert [a for a in legal_actions(s, 3) if a.kind == "jump_in"] == []  # holds B1, not G9


def test_jumping_in_with_the_next_to_last_card_offers_uno():
    hands = (("R5", "B7"), ("Y1", "Y2"), ("G9", "G5"), ("B1", "B2", "B3"))
    s = build_state(hands, ("G9",), rules=JUMP_IN)
    jumps = [a for a in legal_actions(s, 2) if a.kind == "jump_in"]
    assert {a.uno for a in jumps} == {False, True}


def test_a_seven_swap_decides_whether_a_forgotten_uno_can_still_be_caught():
    # Player 0 plays R7 from R7 B2 without calling uno and swaps with a player.
    hands = (("R7", "B2"), ("Y1",), ("G4", "G5", "G6"), ("B1", "B3", "B4"))
    s = build_state(hands, ("R9",), rules=SEVEN_ZERO)
    with_three = apply(s, play("R7", target=2))  # now holds G4 G5 G6: not one card
    assert with_three.hands[0] == ("G4", "G5", "G6") and with_three.uno_pending == -1
    with_one = apply(s, play("R7", target=1))  # now holds Y1: one card, still catchable
    assert with_one.hands[0] == ("Y1",) and with_one.uno_pending == 0


def test_a_first_draw_two_with_seat_0_dealing_skips_seat_1():
    from reference.uno_official import FULL_DECK
    from reference.uno_official.engine import deal_from_deck

    rest = list(FULL_DECK)
    rest.remove("R+2")
    deck = tuple(rest[:28] + ["R+2"] + rest[28:])
    s = deal_from_deck(Rules(), 0, 1, deck, 0, (0,) * 4, 1, 0)
    # the dealer's left (seat 1) draws two and misses the turn: seat 2 plays first
    assert [len(h) for h in s.hands] == [7, 9, 7, 7] and s.current == 2


STACKING = Rules(stack_draw_two=True)


def stack_state(hand):
    s = build_state(((("R+2", "G1", "B2"),) + ((hand),) + OTHERS[1:]), ("R9",), rules=STACKING)
    return apply(s, play("R+2"))


def test_stacking_offers_each_draw_two_held_and_uno_with_the_next_to_last_card():
    three = stack_state(("G+2", "Y2", "Y3"))
    assert three.phase == "stack" and three.current == 1
    offered = legal_actions(three)
    assert play("G+2") in offered and Action("accept") in offered
    assert {a.uno for a in offered if a.card == "G+2"} == {False}
    two = stack_state(("G+2", "Y2"))
    assert {a.uno for a in legal_actions(two) if a.card == "G+2"} == {False, True}


def test_an_action_of_a_subclass_is_still_an_action():
    class MyAction(Action):
        pass

    s = build_state((("R5", "B7", "G2"),) + OTHERS, ("R9",))
    after = apply(s, MyAction("play", "R5", "R", False))
    assert after.discard[0] == "R5" and after.current == 1


def test_jumping_in_with_the_next_to_last_card_and_calling_uno_cannot_be_caught():
    hands = (("R5", "B7"), ("Y1", "Y2"), ("G9", "G5"), ("B1", "B2", "B3"))
    s = build_state(hands, ("G9",), rules=JUMP_IN)
    after = apply(s, Action("jump_in", "G9", "G", True, player=2))
    assert after.hands[2] == ("G5",) and after.uno_pending == -1
    assert not any(a.kind == "catch" for p in range(4) for a in legal_actions(after, p))


THREE_PLAYERS = Rules(num_players=3)


def test_with_three_players_a_first_skip_skips_the_dealers_left():
    from reference.uno_official import FULL_DECK
    from reference.uno_official.engine import deal_from_deck

    rest = list(FULL_DECK)
    rest.remove("YS")
    deck = tuple(rest[:21] + ["YS"] + rest[21:])
    s = deal_from_deck(THREE_PLAYERS, 0, 1, deck, 0, (0,) * 3, 1, 0)
    assert s.discard[0] == "YS" and s.current == 2  # seat 1 (the dealer's left) is skipped


def test_with_three_players_a_skip_skips_the_next_player():
    hands = (("RS", "G1", "B2"), ("Y1", "Y2", "Y3"), ("G4", "G5", "G6"))
    s = build_state(hands, ("R9",), rules=THREE_PLAYERS)
    assert apply(s, play("RS")).current == 2


def test_a_card_drawn_after_a_reshuffle_that_cannot_be_played_passes_to_the_next():
    s = build_state((("R5", "B7", "G2"),) + OTHERS, ("Y9",))
    state = s._replace(draw_pile=(), discard=("Y9", "R3"), current=0)
    assert apply(state, Action("draw")).current == 1


def test_player_0_may_catch_off_turn():
    s = build_state((("R5", "B7", "G2"), ("Y1", "Y9"), ("G4", "G5", "G6"), ("B1", "B2")), ("Y3",))
    forgot = apply(s._replace(current=1), play("Y1"))  # seat 1 keeps one card, no "uno"
    assert forgot.uno_pending == 1 and forgot.current == 2
    assert Action("catch", player=0) in legal_actions(forgot, 0)


def test_an_action_that_names_the_player_to_act_is_that_players_action():
    s = build_state((("R5", "B7", "G2"),) + OTHERS, ("R9",))
    after = apply(s, Action("play", "R5", "R", False, player=0))
    assert after.discard[0] == "R5" and after.current == 1


def test_going_out_on_a_stack_makes_the_next_player_take_the_whole_stack():
    # p0 plays R+2; p1 stacks its last card, G+2 (2 pending + 2): p2 takes 4 and p1 is out.
    after = apply(stack_state(("G+2",)), play("G+2"))
    assert after.hands[1] == () and after.phase == "round_over" and after.winner == 1
    assert len(after.hands[2]) == 3 + 4


def test_while_a_drawn_card_waits_nobody_else_may_play_it():
    # Official rules, p0 draws G9 (playable on R9 by its number): only p0 may play it or pass.
    after = drawn_state(("B7", "Y3", "B2"), "G9", ("R9", "B1"), rules=Rules())
    assert after.phase == "drawn" and after.current == 0
    assert play("G9") in legal_actions(after)
    assert legal_actions(after, 2) == ()


def test_a_seven_played_as_the_next_to_last_card_offers_uno():
    two = build_state((("R7", "B2"),) + OTHERS, ("R9",), rules=SEVEN_ZERO)
    three = build_state((("R7", "B2", "G1"),) + OTHERS, ("R9",), rules=SEVEN_ZERO)
    assert {a.uno for a in legal_actions(two) if a.card == "R7"} == {False, True}
    assert {a.uno for a in legal_actions(three) if a.card == "R7"} == {False}


def test_something_that_is_not_an_action_is_refused_as_such():
    import pytest

    from reference.uno_official import IllegalActionError

    s = build_state((("R5", "B7", "G2"),) + OTHERS, ("R9",))
    for bad in ("play R5", ("play", "R5", "R", False, None, None)):
        with pytest.raises(IllegalActionError, match="not an Action"):
            apply(s, bad)


def test_jumping_in_with_the_next_to_last_card_without_uno_can_be_caught():
    hands = (("R5", "B7"), ("Y1", "Y2"), ("G9", "G5"), ("B1", "B2", "B3"))
    s = build_state(hands, ("G9",), rules=JUMP_IN)
    after = apply(s, Action("jump_in", "G9", "G", False, player=2))
    assert after.hands[2] == ("G5",) and after.uno_pending == 2
