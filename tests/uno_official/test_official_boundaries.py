"""Three edges of the official rules that the engine's other tests left open (mutation testing
found them): the first Draw Two with three players, the 7-0 rule reading the top of a discard
pile of several cards, and a match won with exactly the target score.

Each expectation is worked out by hand from the official rules the engine implements.
"""

from __future__ import annotations

from reference.uno_official import FULL_DECK, Action, Rules, apply, build_state, legal_actions
from reference.uno_official.engine import deal_from_deck

OTHERS = (("Y1", "Y2", "Y3"), ("G4", "G5", "G6"), ("B1", "B2", "B3"))  # 6 + 15 + 6 = 27 points


def play(card, uno=False, **kw):
    return Action("play", card, card[0], uno, **kw)


def test_with_three_players_a_first_draw_two_skips_the_dealers_left():
    # Seat 0 deals 7 cards each (21), then R+2 is turned up: the dealer's left (seat 1) draws
    # two and misses the turn, so seat 2 plays first. With three seats, "two to the dealer's
    # left" (seat 2) and "two to the right" (seat 1) differ; with four they are the same seat.
    rest = list(FULL_DECK)
    rest.remove("R+2")
    deck = tuple(rest[:21] + ["R+2"] + rest[21:])
    s = deal_from_deck(Rules(num_players=3), 0, 1, deck, 0, (0,) * 3, 1, 0)
    assert s.discard[0] == "R+2"
    assert [len(h) for h in s.hands] == [7, 9, 7] and s.current == 2


def test_under_the_seven_zero_rule_a_card_must_match_the_top_card_not_the_bottom_one():
    # The top is R9 (red in force); G3 lies under it. B3 matches neither colour nor number of
    # R9: only drawing is allowed. (Matched against G3, B3 would be playable by its number.)
    seven_zero = Rules(seven_zero=True)
    hands = (("B3", "Y5", "G7"),) + OTHERS
    s = build_state(hands, ("R9", "G3"), rules=seven_zero)
    assert legal_actions(s) == (Action("draw"),)
    # ... and a red card or a 9 is offered as usual
    s = build_state((("B9", "Y5", "R7"),) + OTHERS, ("R9", "G3"), rules=seven_zero)
    offered = {a.card for a in legal_actions(s) if a.kind == "play"}
    assert offered == {"B9", "R7"}


def test_reaching_exactly_the_target_score_wins_the_match():
    # Player 0 goes out with R5 and gains the others' 27 points: 473 + 27 = 500, the target.
    s = build_state((("R5",),) + OTHERS, ("R9",), scores=(473, 0, 0, 0))
    after = apply(s, play("R5"))
    assert after.scores[0] == 500
    assert after.phase == "match_over" and legal_actions(after) == ()
    assert any(e.kind == "match_won" for e in after.events)


def test_one_point_short_of_the_target_is_only_a_round_won():
    s = build_state((("R5",),) + OTHERS, ("R9",), scores=(472, 0, 0, 0))
    after = apply(s, play("R5"))
    assert after.scores[0] == 499 and after.phase == "round_over"
    assert not any(e.kind == "match_won" for e in after.events)


def test_a_smaller_target_is_reached_the_same_way():
    rules = Rules(target_score=27)
    s = build_state((("R5",),) + OTHERS, ("R9",), rules=rules)
    assert apply(s, play("R5")).phase == "match_over"  # 0 + 27 = 27: exactly the target
