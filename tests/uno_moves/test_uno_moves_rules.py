"""Hand-checked scenarios, one or more per rule and per decision (D1-D11)."""

from __future__ import annotations

from conftest import cards as C

from reference.uno_moves import (
    manyPlayersManyMoves,
    manyPlayersOneMove,
    onePlayerManyMoves,
    onePlayerOneMove,
)
from reference.uno_moves.rules import penalty


def one(discard, deck, hand):
    return onePlayerOneMove(C(discard), C(deck), C(hand))


def test_rule3_colour_left_most():
    assert one("b3", "r1", "y2 b6 b7") == (C("y2 b7"), C("r1"), C("b6 b3"))


def test_rule3_on_a_colour_marker_after_paid_penalty():
    # [g-][g-][wd]: the Wild Draw 4 was paid; green is to be played.
    assert one("g- g- wd r5", "b1", "r1 g9 g2") == (C("r1 g2"), C("b1"), C("g9 g- g- wd r5"))


def test_rule4_wild_draw_four_before_symbol():
    # No red; a Wild Draw 4 comes before the matching 5; marker from the left-most non-wild.
    assert one("r5", "", "b5 wd y1") == (C("b5 y1"), (), C("b- wd r5"))


def test_rule5_symbol():
    assert one("r5", "", "b5 g5 w-") == (C("g5 w-"), (), C("b5 r5"))


def test_rule6_wild_names_colour_of_left_most_non_wild():
    assert one("r5", "", "w- y1 b2") == (C("y1 b2"), (), C("y- w- r5"))


def test_rule6_only_wilds_left_names_red():
    assert one("b5", "", "w- w-") == (C("w-"), (), C("r- w- b5"))


def test_wild_emptying_hand_places_game_won_marker():
    assert one("b5", "", "w-") == ((), (), C("-- w- b5"))


def test_rule7_draw_to_back():
    assert one("b5", "r1 r2", "y1 g2") == (C("y1 g2 r1"), C("r2"), C("b5"))


def test_cannot_draw_changes_nothing():
    assert one("b5", "", "y1 g2") == (C("y1 g2"), (), C("b5"))


def test_rule1_extend_wild_draw_four():
    assert one("r- wd b5", "", "b1 wd g2") == (C("b1 g2"), (), C("b- wd r- wd b5"))


def test_rule1_penalty_four_and_marker_copy():
    assert one("r- wd b5", "g1 g2 g3 g4 g5", "b1") == (
        C("b1 g1 g2 g3 g4"),
        C("g5"),
        C("r- r- wd b5"),
    )


def test_penalty_accumulates_chain_and_is_capped_by_deck():
    # Two Wild Draw 4s = 8 cards, but the deck only has 3.
    assert penalty(C("r- wd b- wd y5")) == 8
    assert one("r- wd b- wd y5", "g1 g2 g3", "b1") == (
        C("b1 g1 g2 g3"),
        (),
        C("r- r- wd b- wd y5"),
    )


def test_rule2_extend_draw_two_any_colour():
    # D1: a red Draw 2 extends a blue one, even with a blue card in hand.
    assert one("bd b5", "", "b1 rd") == (C("b1"), (), C("rd bd b5"))


def test_rule2_wild_draw_four_does_not_extend_draw_two():
    assert one("bd b5", "g1 g2 g3", "wd") == (C("wd g1 g2"), C("g3"), C("b- bd b5"))


def test_draw_two_chain_penalty_marker_is_top_colour():
    assert penalty(C("gd bd yd y9")) == 6
    assert one("gd bd yd y9", "r1 r2 r3 r4 r5 r6 r7", "b1") == (
        C("b1 r1 r2 r3 r4 r5 r6"),
        C("r7"),
        C("g- gd bd yd y9"),
    )


def test_penalty_with_empty_deck_still_pays():
    assert one("rd b5", "", "b1") == (C("b1"), (), C("r- rd b5"))


def test_d2_wild_matched_by_symbol_on_marker_names_no_colour():
    # On g-, no green and no Wild Draw 4: rule 5 plays w- (symbol '-'), no marker.
    assert one("g- w- b5", "", "w- r4") == (C("r4"), (), C("w- g- w- b5"))


def test_d2_wild_matched_by_colour_on_bare_wild():
    assert one("w- g- b5", "", "y6 wd") == (C("y6"), (), C("wd w- g- b5"))


def test_d6_bare_wild_draw_four_blocks_unless_extended():
    assert one("wd w- b5", "r1 r2 r3 r4", "y7 b5") == (C("y7 b5"), C("r1 r2 r3 r4"), C("wd w- b5"))
    assert one("wd w- b5", "", "y7 wd b5") == (C("y7 b5"), (), C("y- wd wd w- b5"))


def test_d8_empty_hand_means_game_over():
    assert one("b5", "r1", "") == ((), C("r1"), C("b5"))
    assert manyPlayersOneMove(C("b5"), C("r1"), [C("b1"), ()]) == ((C("b1"), ()), C("r1"), C("b5"))


def test_part2_plays_until_empty():
    # b5 on b3, then 5-symbol r5, then red r1: hand empty, no marker after a plain card.
    assert onePlayerManyMoves(C("b3"), C("g1"), C("r1 b5 r5")) == ((), C("g1"), C("r1 r5 b5 b3"))


def test_part2_stops_when_nothing_to_draw():
    assert onePlayerManyMoves(C("b3"), C("g1"), C("y7")) == (C("y7 g1"), (), C("b3"))


def test_part2_draw_two_penalises_the_player_itself():
    # Only one player: a played Draw 2 must be extended or paid by the same player.
    result = onePlayerManyMoves(C("b3"), C("g1 g2"), C("bd y7"))
    assert result == (C("y7 g1 g2"), (), C("b- bd b3"))


def test_part3_skip_and_reverse_with_four_players():
    # P1 plays bs (skip P2), P3 plays br (reverse: P2 next), P2 plays b1, P1 plays b9.
    hands = [C("bs b9"), C("b1 y1"), C("br y2"), C("b2 y3")]
    got_hands, deck, discard = manyPlayersOneMove(C("b3"), C("g1"), hands)
    assert discard == C("b9 b1 br bs b3")
    assert got_hands == ((), C("y1"), C("y2"), C("b2 y3"))
    assert deck == C("g1")


def test_part3_reverse_descending_wraps_to_last_player():
    # P1 reverses: player n (P3) is next, then P2, then... 3 turns in all.
    hands = [C("br y1"), C("b2 y2"), C("b4 y3")]
    got, deck, discard = manyPlayersOneMove(C("b3"), (), hands)
    assert discard == C("b2 b4 br b3")
    assert got == (C("y1"), C("y2"), C("y3"))


def test_part3_skip_descending():
    # P1 reverses (to P3); P3 skips P2: P1 is next.
    hands = [C("br b7 y1"), C("b2 y2"), C("bs y3")]
    got, _, discard = manyPlayersOneMove(C("b3"), (), hands)
    assert discard == C("b7 bs br b3")
    assert got == (C("y1"), C("b2 y2"), C("y3"))


def test_part3_two_players_reverse_passes_to_other():
    got, _, discard = manyPlayersOneMove(C("b3"), (), [C("br y1"), C("b2 y2")])
    assert discard == C("b2 br b3")


def test_part4_one_player_game_ends():
    # b5 by colour, then r5 by symbol: the hand is empty and the game is won.
    assert manyPlayersManyMoves(C("b3"), C("g1"), [C("b5 r5")]) == (((),), C("g1"), C("r5 b5 b3"))


def test_part4_stops_when_player_cannot_continue():
    hands = [C("y1"), C("y2")]
    assert manyPlayersManyMoves(C("b3"), (), hands) == ((C("y1"), C("y2")), (), C("b3"))


def test_inputs_are_never_mutated():
    hand, deck, discard = [["b", "5"], ["r", "1"]], [["g", "1"]], [["b", "3"]]
    hands = [hand, [["y", "1"]]]
    snapshot = repr((hand, deck, discard, hands))
    onePlayerManyMoves(discard, deck, hand)
    manyPlayersManyMoves(discard, deck, hands)
    assert repr((hand, deck, discard, hands)) == snapshot
