"""Reading deals: layouts that must be accepted, and errors that must name the place."""

from __future__ import annotations

import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reference.ochos_locos import (
    Card,
    DealError,
    deal_from_tokens,
    format_deal,
    ochosLocos,
    parse_deal,
    solve_text,
)
from reference.ochos_locos.samples import SAMPLES

SAMPLE_TEXT = SAMPLES[0].input_text
SAMPLE_TOKENS = SAMPLE_TEXT.split()


def test_a_deal_is_split_into_hands_discard_and_pile():
    deal = parse_deal(SAMPLE_TEXT)
    assert [str(c) for c in deal.hands[1]] == ["R8", "Y1", "G4", "G8", "B8"]
    assert deal.discard == Card("B", 3)
    assert len(deal.draw_pile) == 16 and str(deal.draw_pile[0]) == "R2"


@pytest.mark.parametrize(
    "layout",
    [
        " ".join(SAMPLE_TOKENS),
        "\n".join(SAMPLE_TOKENS),
        "\t" + "  \r\n ".join(SAMPLE_TOKENS) + "\n\n",
    ],
)
def test_layout_does_not_matter(layout):
    assert parse_deal(layout) == parse_deal(SAMPLE_TEXT)


def test_exactly_sixteen_cards_is_a_deal_with_an_empty_draw_pile():
    deal = parse_deal(" ".join(SAMPLE_TOKENS[:16]))
    assert deal.draw_pile == ()


def test_format_deal_round_trips():
    deal = parse_deal(SAMPLE_TEXT)
    assert parse_deal(format_deal(deal)) == deal
    assert format_deal(deal) == SAMPLE_TEXT  # the fixtures' layout is the repaired sample's


def error_of(text: str) -> DealError:
    with pytest.raises(DealError) as info:
        parse_deal(text)
    return info.value


def test_a_token_that_is_not_a_card_is_named_with_position_line_and_column():
    text = "Y3 Y7 Y8 B1 B7\nR8 Y1 G4 G8 B8\nR3 R4 Y9 Y6 B5\nB3\n"
    error = error_of(text)
    # Y9 is the 13th token, on line 3, starting at column 7 ("R3 R4 " is 6 characters).
    assert (error.token, error.position, error.line, error.column) == ("Y9", 13, 3, 7)
    assert "'Y9'" in str(error) and "card 13" in str(error) and "line 3, column 7" in str(error)
    assert "player 3's hand" in str(error)


@pytest.mark.parametrize("bad", ["y3", "Y0", "Y9", "Y10", "P3", "3Y", "...", "<b>R2", "Y3,"])
def test_near_miss_tokens_are_rejected(bad):
    error = error_of(" ".join([bad, *SAMPLE_TOKENS[1:]]))
    assert error.token == bad and error.position == 1


def test_a_repeated_card_names_both_places():
    tokens = [*SAMPLE_TOKENS[:20], "Y7"]  # Y7 is card 2 of player 1's hand
    error = error_of(" ".join(tokens))
    assert error.position == 21 and error.token == "Y7"
    assert "first as card 2" in str(error) and "draw pile, card 5" in str(error)


@pytest.mark.parametrize("count", [0, 1, 15])
def test_fewer_than_sixteen_cards_says_how_many(count):
    error = error_of(" ".join(SAMPLE_TOKENS[:count]))
    assert f"has {count} card" in str(error) and "at least 16" in str(error)


def test_solve_text_prefixes_the_source():
    with pytest.raises(DealError, match=r"^deal\.txt: card 1 "):
        solve_text("X1 " + " ".join(SAMPLE_TOKENS[1:]), "deal.txt")


def test_the_function_form_reports_positions_as_the_text_form_does():
    hands = [SAMPLE_TOKENS[0:5], SAMPLE_TOKENS[5:10], SAMPLE_TOKENS[10:15]]
    pile = [*SAMPLE_TOKENS[16:19], "B9"]
    with pytest.raises(DealError) as info:
        ochosLocos(hands, SAMPLE_TOKENS[15], pile)
    assert info.value.position == 20 and info.value.token == "B9"


@pytest.mark.parametrize(
    ("hands", "discard", "pile", "words"),
    [
        ((("Y3",) * 5,) * 2, "B3", [], "expected 3 hands, got 2"),
        ((("Y3", "Y7"), ("R8",) * 5, ("R3",) * 5), "B3", [], "player 1's hand must have 5"),
        ("Y3 Y7", "B3", [], "expected 3 hands, got one string"),
        (None, "B3", [], "expected 3 hands, got NoneType"),
        ((("Y3",) * 5, ("R8",) * 5, 5), "B3", [], "player 3's hand must have 5 cards, got int"),
        ((SAMPLE_TOKENS[0:5], SAMPLE_TOKENS[5:10], SAMPLE_TOKENS[10:15]), 7, [], "discard"),
        ((SAMPLE_TOKENS[0:5], SAMPLE_TOKENS[5:10], SAMPLE_TOKENS[10:15]), "B3", "R2", "one string"),
    ],
)
def test_the_function_form_rejects_a_bad_shape(hands, discard, pile, words):
    with pytest.raises(DealError, match=words):
        deal_from_tokens(hands, discard, pile)


def test_the_function_form_does_not_change_its_arguments():
    hands = [list(SAMPLE_TOKENS[0:5]), list(SAMPLE_TOKENS[5:10]), list(SAMPLE_TOKENS[10:15])]
    pile = list(SAMPLE_TOKENS[16:])
    before = ([list(h) for h in hands], list(pile))
    lines = ochosLocos(hands, SAMPLE_TOKENS[15], pile)
    assert ([list(h) for h in hands], list(pile)) == before
    assert lines == list(SAMPLES[0].output_lines)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=string.ascii_uppercase[:8] + "RYGB0123456789 \n\t.<>/", max_size=120))
def test_any_text_is_either_a_deal_or_a_deal_error(text):
    try:
        deal = parse_deal(text)
    except DealError as error:
        assert str(error)
    else:
        assert len(deal.hands) == 3 and all(len(hand) == 5 for hand in deal.hands)


@settings(max_examples=100, deadline=None)
@given(st.permutations(SAMPLE_TOKENS), st.integers(16, 32))
def test_any_set_of_distinct_cards_from_sixteen_up_is_a_deal(tokens, count):
    deal = parse_deal(" ".join(tokens[:count]))
    assert len(deal.draw_pile) == count - 16
