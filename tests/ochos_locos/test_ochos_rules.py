"""The rules of play, checked against the seed's own examples and hand computations."""

from __future__ import annotations

import re

import pytest

from reference.ochos_locos import Card, choose, ochosLocos, parse_card, parse_deal, play, solve_text
from reference.ochos_locos.samples import SAMPLES


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(token) for token in text.split())


# --- the seed's worked samples -------------------------------------------------------------


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda s: s.name)
def test_the_seeds_samples_reproduce_exactly(sample):
    # Expected lines are the seed's "Sample output" column, transcribed by hand in samples.py.
    assert solve_text(sample.input_text).splitlines() == list(sample.output_lines)


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda s: s.name)
def test_the_repaired_sample_input_is_the_seed_input_without_debris(sample):
    # The repair only removes the PDF debris ("..." line breaks, <b> tags): same cards, same order.
    debris_free = re.sub(r"</?b>|\.\.\.", " ", sample.seed_input).split()
    assert sample.input_text.split() == debris_free
    assert len(debris_free) == 32


def test_sample_output_as_written_on_one_line_matches_the_reference_lines():
    # The seed prints sample 1's output on one line; reading it back gives the same turns.
    seed_line = (
        "0: B3 1: B1 2: B8 3: B5 1: B7 2: DRAW 3: R7 1: Y7 2: Y1 3: Y6 1: Y3 2: DRAW "
        "3: R3 1: DRAW 2: R2 3: R4 (WINNER)"
    )
    turns = re.findall(r"\d: \S+(?: \(WINNER\))?", seed_line)
    assert turns == solve_text(SAMPLES[0].input_text).splitlines()


# --- the seed's three rule examples ----------------------------------------------------------


def test_seed_example_1_more_of_the_number_plays_the_number_first_in_rainbow_order():
    # Top G3.  The matching colour is green: G8 -> 1 (the seed counts the reds instead, 2).
    # Threes: R3 Y3 B3 -> 3.  3 > 1 (and 3 > 2): a three, first in rainbow order: R3.
    hand = cards("R3 R7 Y3 Y7 G8 B3 B7 B8")
    assert choose(hand, Card("G", 3)) == Card("R", 3)


def test_seed_example_2_colour_at_least_the_number_plays_the_lowest_of_the_colour():
    # Top B8; blues B7 B8 -> 2 (the seed says "3 blue cards" but lists two); eights G8 B8 -> 2.
    # 2 >= 2: a blue card, lowest number first: B7.
    hand = cards("R3 R7 Y3 Y7 G8 B7 B8")
    assert choose(hand, Card("B", 8)) == Card("B", 7)


def test_seed_example_3_no_match_means_draw():
    hand = cards("R1 R2 G3 G5 B6 B7 B8")
    assert choose(hand, Card("Y", 4)) is None


# --- hand-computed cases ---------------------------------------------------------------------


def test_a_tie_goes_to_the_colour():
    # Top G3; one green (G7), one three (B3): equal, so the colour: G7.
    assert choose(cards("B3 G7"), Card("G", 3)) == Card("G", 7)


def test_number_cards_are_chosen_in_rainbow_order_not_input_order():
    # Top G3; threes B3 Y3 (2) beat greens (0); rainbow order R-Y-G-B puts Y3 before B3.
    assert choose(cards("B3 R5 Y3"), Card("G", 3)) == Card("Y", 3)


def test_colour_cards_are_chosen_lowest_number_first_not_input_order():
    # Top R1; reds R8 R2 R5 (3) beat ones (0); lowest number: R2.
    assert choose(cards("R8 R2 R5 G1"), Card("R", 1)) == Card("R", 2)


def test_eights_are_not_wild():
    # Sample 1, turn 13: player 1 holds only Y8 on R3 and the seed prints "1: DRAW".
    assert choose(cards("Y8"), Card("R", 3)) is None


BLOCKED_HANDS = (
    ("Y2", "Y3", "Y4", "Y5", "Y6"),
    ("G2", "G3", "G4", "G5", "G6"),
    ("B2", "B3", "B4", "B5", "B6"),
)


def test_nobody_can_play_and_no_draw_pile_ends_after_three_passes():
    # On R1 no hand holds a red or a 1; the pile is empty: three passes, then NO WINNER.
    assert ochosLocos(BLOCKED_HANDS, "R1", []) == [
        "0: R1",
        "1: DRAW",
        "2: DRAW",
        "3: DRAW",
        "NO WINNER",
    ]


def test_a_draw_resets_the_count_of_passes():
    # Pile [Y7]: turn 1 player 1 draws Y7 (not a pass); turns 2, 3 pass; turn 4 player 1's Y7
    # does not match R1 either: the third pass in a row ends the game.
    assert ochosLocos(BLOCKED_HANDS, "R1", ["Y7"]) == [
        "0: R1",
        "1: DRAW",
        "2: DRAW",
        "3: DRAW",
        "1: DRAW",
        "NO WINNER",
    ]


def test_a_drawn_card_is_not_played_in_the_same_turn():
    # Pile [R7]: player 1 draws R7, which matches R1, but the turn ends (line "1: DRAW").
    # Players 2 and 3 pass; player 1 then plays R7 (1 red vs 0 ones).  On R7 nobody holds a red
    # or a 7: players 2, 3, 1 pass in a row and the game is blocked.
    assert ochosLocos(BLOCKED_HANDS, "R1", ["R7"]) == [
        "0: R1",
        "1: DRAW",
        "2: DRAW",
        "3: DRAW",
        "1: R7",
        "2: DRAW",
        "3: DRAW",
        "1: DRAW",
        "NO WINNER",
    ]


def test_a_short_game_computed_by_hand():
    # P1 R2 R3 R4 R5 R6, P2 Y1 Y2 Y3 Y4 Y5, P3 G1 G2 G3 G4 G5, top R1, pile B1.
    # 1: reds 5 > ones 0 -> R2.   2: top R2: reds 0, twos 1 (Y2) -> Y2.
    # 3: top Y2: yellows 0, twos 1 (G2) -> G2.   1: top G2: greens 0, twos 0 -> DRAW B1.
    # 2: top G2: greens 0, twos 0 -> DRAW, pile empty (a pass).
    # 3: top G2: greens G1 G3 G4 G5 (4) >= twos 0 -> G1.
    # 1: top G1: greens 0, ones B1 -> B1.   2: top B1: blues 0, ones Y1 -> Y1.
    # 3: top Y1: yellows 0, ones 0 -> pass.  1: top Y1: yellows 0, ones 0 -> pass.
    # 2: top Y1: yellows Y3 Y4 Y5 (3) -> Y3.  3: top Y3: threes G3 -> G3.
    # 1: top G3: greens 0, threes R3 -> R3.  2: top R3: reds 0, threes 0 -> pass.
    # 3: top R3: reds 0, threes 0 -> pass.  1: top R3: reds R4 R5 R6 -> R4.
    # 2: top R4: fours Y4 -> Y4.  3: top Y4: yellows 0, fours G4 -> G4.
    # 1: top G4: greens 0, fours 0 -> pass.  2: top G4: greens 0, fours 0 -> pass.
    # 3: top G4: greens G5 -> G5: player 3's hand is empty: WINNER.
    hands = (
        ("R2", "R3", "R4", "R5", "R6"),
        ("Y1", "Y2", "Y3", "Y4", "Y5"),
        ("G1", "G2", "G3", "G4", "G5"),
    )
    assert ochosLocos(hands, "R1", ["B1"]) == [
        "0: R1",
        "1: R2",
        "2: Y2",
        "3: G2",
        "1: DRAW",
        "2: DRAW",
        "3: G1",
        "1: B1",
        "2: Y1",
        "3: DRAW",
        "1: DRAW",
        "2: Y3",
        "3: G3",
        "1: R3",
        "2: DRAW",
        "3: DRAW",
        "1: R4",
        "2: Y4",
        "3: G4",
        "1: DRAW",
        "2: DRAW",
        "3: G5 (WINNER)",
    ]


def test_the_winner_is_the_player_whose_hand_is_empty():
    # Sample 2: player 1 plays a fifth card (G2) at turn 13 and holds nothing; game over.
    game = play(parse_deal(SAMPLES[1].input_text))
    assert game.winner == 1 and len(game.turns) == 13
    assert game.turns[-1].hands_after[0] == ()
