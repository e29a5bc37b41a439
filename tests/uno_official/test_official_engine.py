"""Rule tests for the uno-official engine.  Every expectation is worked out by hand from the
seed's rules (quoted in comments) or is a property (conservation, purity, reproducibility)."""

from __future__ import annotations

from collections import Counter

import pytest

from reference.uno_official import (
    FULL_DECK,
    Action,
    IllegalActionError,
    Rules,
    apply,
    build_state,
    card_count,
    legal_actions,
    new_game,
)
from reference.uno_official.engine import deal_from_deck

H4 = (("R5", "B7", "G2"), ("Y1", "Y2", "Y3"), ("G4", "G5", "G6"), ("B1", "B2", "B3"))


def play(card, color=None, uno=False, **kw):
    if color is None and card not in ("W", "W+4"):
        color = card[0]
    return Action("play", card, color, uno, **kw)


# --- the deck -------------------------------------------------------------------------------


def test_deck_has_108_cards_as_the_seed_lists_them():
    # "four each of Wild and Wild Draw Four, and 25 each of four colors ... one zero, two each
    # of 1 through 9, and two each of Skip, Draw Two, and Reverse"
    counts = Counter(FULL_DECK)
    assert len(FULL_DECK) == 108
    assert counts["W"] == 4 and counts["W+4"] == 4
    for colour in "RYGB":
        assert sum(n for c, n in counts.items() if c[0] == colour and c[:1] != "W") == 25
        assert counts[colour + "0"] == 1
        for rank in "123456789":
            assert counts[colour + rank] == 2
        for action in ("S", "R", "+2"):
            assert counts[colour + action] == 2


def test_new_game_deals_seven_each_and_conserves_cards():
    s = new_game(11)
    # 7 each, plus 2 for the dealer's left if a Draw Two was turned up
    extra = 2 if s.discard[-1].endswith("+2") and len(s.discard) == 1 else 0
    assert sorted(len(h) for h in s.hands) == sorted([7, 7, 7, 7 + extra])
    assert card_count(s) == 108
    every = Counter(c for h in s.hands for c in h) + Counter(s.draw_pile) + Counter(s.discard)
    assert every == Counter(FULL_DECK)


def _deck_with_first(first: str) -> tuple[str, ...]:
    rest = list(FULL_DECK)
    rest.remove(first)
    # 28 cards dealt; put number cards at the flip position's neighbours to avoid surprises
    return tuple(rest[:28] + [first] + rest[28:])


# --- the first-discard table (dealer is seat 3, the dealer's left is seat 0) ------------------


def test_first_discard_number_left_of_dealer_plays():
    s = deal_from_deck(Rules(), 0, 1, _deck_with_first("G7"), 3, (0,) * 4, 1, 0)
    assert (s.current, s.direction, s.color, s.discard[0]) == (0, 1, "G", "G7")


def test_first_discard_skip_left_of_dealer_misses_turn():
    s = deal_from_deck(Rules(), 0, 1, _deck_with_first("YS"), 3, (0,) * 4, 1, 0)
    assert s.current == 1  # seat 0 (dealer's left) skipped


def test_first_discard_reverse_dealer_plays_counterclockwise():
    s = deal_from_deck(Rules(), 0, 1, _deck_with_first("BR"), 3, (0,) * 4, 1, 0)
    assert (s.current, s.direction) == (3, -1)


def test_first_discard_draw_two_left_draws_two_and_misses():
    s = deal_from_deck(Rules(), 0, 1, _deck_with_first("R+2"), 3, (0,) * 4, 1, 0)
    assert [len(h) for h in s.hands] == [9, 7, 7, 7]
    assert s.current == 1
    assert card_count(s) == 108


def test_first_discard_wild_left_declares_then_plays():
    s = deal_from_deck(Rules(), 0, 1, _deck_with_first("W"), 3, (0,) * 4, 1, 0)
    assert s.phase == "declare" and s.current == 0
    assert {a.color for a in legal_actions(s)} == set("RYGB")
    s2 = apply(s, Action("declare", color="B"))
    assert (s2.phase, s2.current, s2.color) == ("play", 0, "B")


def test_first_discard_wild_draw_four_is_returned_and_reshuffled():
    s = deal_from_deck(Rules(), 0, 1, _deck_with_first("W+4"), 3, (0,) * 4, 1, 0)
    assert s.discard[0] != "W+4"
    assert [e.kind for e in s.events][:2] == ["deal", "returned"]
    assert card_count(s) == 108


# --- matching, drawing ----------------------------------------------------------------------


def test_legal_plays_match_colour_number_or_symbol():
    s = build_state((("R5", "B9", "G2", "YS", "W"),) + H4[1:], ("R9",))
    cards = {a.card for a in legal_actions(s) if a.kind == "play"}
    # R5 by colour, B9 by number, W always; G2 and YS match nothing
    assert cards == {"R5", "B9", "W"}
    assert Action("draw") in legal_actions(s)


def test_symbol_match_on_skip():
    s = build_state((("GS", "R1"),) + H4[1:], ("BS",))
    assert {a.card for a in legal_actions(s) if a.kind == "play"} == {"GS"}


def test_illegal_play_is_reported_with_state():
    s = build_state(H4, ("R9",))
    with pytest.raises(IllegalActionError) as info:
        apply(s, play("B7"))
    assert info.value.state is s
    assert "B7" in str(info.value)


def test_draw_then_play_only_the_drawn_card():
    s = build_state(H4, ("R9",), draw_pile=("R3", "G8"))
    s1 = apply(s, Action("draw"))
    assert s1.hands[0] == ("R5", "B7", "G2", "R3") and s1.phase == "drawn"
    assert set(legal_actions(s1)) == {play("R3"), Action("pass")}
    s2 = apply(s1, play("R3"))
    assert s2.discard[:2] == ("R3", "R9") and s2.current == 1
    s3 = apply(s1, Action("pass"))
    assert s3.hands[0] == ("R5", "B7", "G2", "R3") and s3.current == 1 and s3.phase == "play"


def test_drawn_card_that_cannot_be_played_passes_the_turn():
    # "draw the top card from the deck, then play it if possible": G8 on R9 is not possible,
    # so keeping it is the only choice and the engine moves on to the next player at once
    s = build_state(H4, ("R9",), draw_pile=("G8", "R3"))
    s1 = apply(s, Action("draw"))
    assert s1.hands[0] == ("R5", "B7", "G2", "G8")
    assert (s1.phase, s1.current, s1.drawn) == ("play", 1, None)
    assert [e.kind for e in s1.events] == ["draw", "pass"]
    assert s1.draw_pile == ("R3",) and s1.turn == s.turn + 1
    # a drawn wild can always be played, so its player is asked
    s2 = apply(build_state(H4, ("R9",), draw_pile=("W", "R3")), Action("draw"))
    assert (s2.phase, s2.current, s2.drawn) == ("drawn", 0, "W")


def test_reshuffle_keeps_top_card():
    # draw pile empty, discard R9 (top) + the rest of the deck: draw reshuffles all but R9
    s = build_state(H4, ("R9", "G9"), draw_pile=())
    under = len(s.discard) - 1
    s1 = apply(s, Action("draw"))
    assert s1.discard == ("R9",)
    assert len(s1.draw_pile) == under - 1
    assert card_count(s1) == 108


# --- action cards ---------------------------------------------------------------------------

HA = (("RS", "RR", "R+2", "G1"),) + H4[1:]


def test_skip_skips_next_player():
    assert apply(build_state(HA, ("R9",)), play("RS")).current == 2


def test_reverse_changes_direction():
    s = apply(build_state(HA, ("R9",)), play("RR"))
    assert (s.direction, s.current) == (-1, 3)


def test_reverse_acts_as_skip_with_two_players():
    s = apply(build_state((HA[0], H4[1]), ("R9",), rules=Rules(num_players=2)), play("RR"))
    assert s.current == 0


def test_draw_two_next_draws_two_and_misses_turn():
    s = build_state(HA, ("R9",), draw_pile=("Y7", "Y8", "Y9"))
    s1 = apply(s, play("R+2"))
    assert s1.hands[1] == ("Y1", "Y2", "Y3", "Y7", "Y8") and s1.current == 2
    assert s1.draw_pile == ("Y9",)


def test_wild_declares_colour():
    s = apply(build_state((("W", "R5", "B7"),) + H4[1:], ("R9",)), play("W", "G"))
    assert (s.color, s.current, s.discard[0]) == ("G", 1, "W")


# --- Wild Draw Four and the challenge --------------------------------------------------------


def _after_w4(hand0, guilty):
    return build_state(
        (hand0,) + H4[1:],
        ("W+4", "R9"),
        color="G",
        phase="challenge",
        current=1,
        pending=4,
        w4_from=0,
        w4_guilty=guilty,
        prev_color="R",
        draw_pile=("Y4", "Y5", "Y6", "Y7", "Y8", "Y9", "B9"),
    )


def test_w4_guilt_is_recorded_from_colour_in_force():
    legal = apply(build_state((("W+4", "G1", "B2"),) + H4[1:], ("R9",)), play("W+4", "G"))
    bluff = apply(build_state((("W+4", "R1", "B2"),) + H4[1:], ("R9",)), play("W+4", "G"))
    assert legal.phase == bluff.phase == "challenge"
    assert legal.w4_guilty is False and bluff.w4_guilty is True
    assert set(legal_actions(legal)) == {Action("challenge"), Action("accept")}


def test_w4_accept_draws_four_and_misses_turn():
    s = apply(_after_w4(("G1", "B2"), False), Action("accept"))
    assert s.hands[1] == ("Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7") and s.current == 2


def test_w4_challenge_innocent_challenger_draws_six():
    s = apply(_after_w4(("G1", "B2"), False), Action("challenge"))
    assert len(s.hands[1]) == 3 + 6 and s.current == 2


def test_w4_challenge_guilty_player_draws_four_challenger_plays():
    s = apply(_after_w4(("R1", "B2"), True), Action("challenge"))
    assert s.hands[0] == ("R1", "B2", "Y4", "Y5", "Y6", "Y7")
    assert len(s.hands[1]) == 3 and s.current == 1 and s.color == "G"


# --- uno ------------------------------------------------------------------------------------


def test_uno_call_offered_only_with_next_to_last_card():
    two = build_state((("R5", "B7"),) + H4[1:], ("R9",))
    assert {a.uno for a in legal_actions(two) if a.card == "R5"} == {False, True}
    three = build_state(H4, ("R9",))
    assert not any(a.uno for a in legal_actions(three))


def test_forgotten_uno_caught_draws_two():
    s = build_state((("R5", "B7"),) + H4[1:], ("R9",), draw_pile=("G8", "G9", "Y9"))
    s1 = apply(s, play("R5"))
    assert s1.uno_pending == 0
    assert Action("catch", player=1) in legal_actions(s1)
    assert Action("catch", player=3) in legal_actions(s1, 3)
    s2 = apply(s1, Action("catch", player=3))
    assert s2.hands[0] == ("B7", "G8", "G9") and s2.current == 1 and s2.uno_pending == -1


def test_called_uno_cannot_be_caught():
    s = build_state((("R5", "B7"),) + H4[1:], ("R9",))
    s1 = apply(s, play("R5", uno=True))
    assert s1.uno_pending == -1
    with pytest.raises(IllegalActionError):
        apply(s1, Action("catch", player=1))


def test_catch_window_closes_when_next_player_begins():
    s = apply(build_state((("R5", "B7"),) + H4[1:], ("R9",)), play("R5"))
    s2 = apply(s, Action("draw"))  # player 1 begins their turn
    with pytest.raises(IllegalActionError):
        apply(s2, Action("catch", player=2))


# --- going out and scoring -----------------------------------------------------------------


def test_going_out_scores_others_cards():
    # others hold Y1+Y2+Y3 = 6, G4+G5+G6 = 15, B1+B2+B3 = 6: 27 points
    s = apply(build_state((("R5",),) + H4[1:], ("R9",)), play("R5"))
    assert s.phase == "round_over" and s.winner == 0 and s.scores == (27, 0, 0, 0)


def test_card_values_numbers_actions_wilds():
    hands = (("R5",), ("W", "W+4", "RS"), ("R+2", "GR"), ("Y9",))
    s = apply(build_state(hands, ("R9",)), play("R5"))
    # 50 + 50 + 20 + 20 + 20 + 9 = 169
    assert s.scores[0] == 169


def test_going_out_with_draw_two_next_draws_before_scoring():
    s = build_state((("R+2",),) + H4[1:], ("R9",), draw_pile=("Y7", "Y8", "B5"))
    s1 = apply(s, play("R+2"))
    # player 1 draws Y7 (7) and Y8 (8) first: 27 + 15 = 42
    assert s1.hands[1] == ("Y1", "Y2", "Y3", "Y7", "Y8") and s1.scores[0] == 42


def test_going_out_with_wild_draw_four_next_draws_four():
    s = build_state((("W+4",),) + H4[1:], ("R9",), draw_pile=("Y4", "Y5", "Y6", "Y7", "B5"))
    s1 = apply(s, play("W+4", "B"))
    # 27 + 4 + 5 + 6 + 7 = 49, no challenge once the round is over
    assert s1.phase == "round_over" and s1.scores[0] == 49


def test_match_ends_at_500():
    s = build_state((("R5",),) + H4[1:], ("R9",), scores=(480, 100, 0, 499))
    s1 = apply(s, play("R5"))
    assert s1.phase == "match_over" and s1.scores[0] == 507 and legal_actions(s1) == ()


def test_round_over_deal_rotates_dealer_and_keeps_scores():
    s1 = apply(build_state((("R5",),) + H4[1:], ("R9",), dealer=3), play("R5"))
    s2 = apply(s1, Action("deal"))
    assert s2.dealer == 0 and s2.round_no == 2 and s2.scores == (27, 0, 0, 0)
    assert card_count(s2) == 108


# --- house rules ----------------------------------------------------------------------------


def test_stacking_off_by_default_and_on_with_flag():
    hs = (("R+2", "G1", "B2"), ("G+2", "Y2", "Y3"), ("G4", "G5", "G6"), ("B1", "B2", "B3"))
    off = apply(build_state(hs, ("R9",)), play("R+2"))
    assert off.current == 2 and len(off.hands[1]) == 5
    on = apply(build_state(hs, ("R9",), rules=Rules(stack_draw_two=True)), play("R+2"))
    assert on.phase == "stack" and on.pending == 2 and on.current == 1
    stacked = apply(on, play("G+2"))
    assert stacked.pending == 4 and stacked.current == 2
    taken = apply(stacked, Action("accept"))
    assert len(taken.hands[2]) == 7 and taken.current == 3


def test_seven_zero():
    rules = Rules(seven_zero=True)
    h7 = (("R7", "G1", "B2"), ("Y1",), ("G4", "G5", "G6", "G7"), ("B1", "B3"))
    s = apply(build_state(h7, ("R9",), rules=rules), play("R7", target=2))
    assert s.hands[0] == ("G4", "G5", "G6", "G7") and s.hands[2] == ("G1", "B2")
    h0 = (("R0", "G1", "B2"), ("Y1",), ("G4", "G5", "G6", "G7"), ("B1", "B3"))
    z = apply(build_state(h0, ("R9",), rules=rules), play("R0"))
    # clockwise: each hand passes to the next seat
    assert z.hands == (("B1", "B3"), ("G1", "B2"), ("Y1",), ("G4", "G5", "G6", "G7"))


def test_jump_in():
    hj = (("R5", "B7"), ("Y1", "Y2"), ("G9", "G5", "G6"), ("B1", "B2", "B3"))
    act = Action("jump_in", "G9", "G", player=2)
    with pytest.raises(IllegalActionError):
        apply(build_state(hj, ("G9",)), act)
    s = apply(build_state(hj, ("G9",), rules=Rules(jump_in=True)), act)
    assert s.hands[2] == ("G5", "G6") and s.current == 3


# --- properties -----------------------------------------------------------------------------


def _random_run(seed: int, rules: Rules, steps: int = 3000):
    import random

    rng = random.Random(seed)
    s = new_game(seed, rules)
    seen = [s]
    for _ in range(steps):
        if s.phase == "match_over":
            break
        acts = legal_actions(s)
        others = [
            a for p in range(rules.num_players) if p != s.current for a in legal_actions(s, p)
        ]
        s = apply(s, rng.choice(list(acts) + others[:1]))
        seen.append(s)
    return seen


@pytest.mark.parametrize(
    "rules",
    [Rules(), Rules(num_players=2), Rules(stack_draw_two=True, seven_zero=True, jump_in=True)],
)
def test_conservation_and_legal_actions_always_apply(rules):
    for seed in range(4):
        for s in _random_run(seed, rules, 1500):
            assert card_count(s) == 108
            assert s.phase == "match_over" or legal_actions(s)


def test_reproducible_and_pure():
    a = _random_run(5, Rules(), 500)
    b = _random_run(5, Rules(), 500)
    assert a == b
    s = new_game(9)
    snapshot = tuple(s)
    apply(s, legal_actions(s)[0])
    assert tuple(s) == snapshot
    assert new_game(9) == new_game(9) and new_game(9) != new_game(10)
