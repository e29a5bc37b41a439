"""Reading printed output into turns, and the structural comparison's messages."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reference.ochos_locos import OutputFormatError, compare_games, first_divergence, parse_output
from reference.ochos_locos.samples import SAMPLES

SAMPLE_1 = list(SAMPLES[0].output_lines)  # the seed's output for sample 1, transcribed
BLOCKED = ["0: R1", "1: DRAW", "2: DRAW", "3: DRAW", "NO WINNER"]


def test_turn_lines_are_read_into_seat_move_and_winner():
    turns = parse_output("0: B3\n1: B1\n2: DRAW\n3: R4 (WINNER)\n")
    assert [(t.seat, t.move, t.winner) for t in turns] == [
        (0, "B3", False),
        (1, "B1", False),
        (2, "DRAW", False),
        (3, "R4", True),
    ]
    assert [t.line_number for t in turns] == [1, 2, 3, 4]


def test_the_no_winner_line_is_a_turn_without_a_seat():
    last = parse_output(BLOCKED)[-1]
    assert last.is_no_winner and last.seat is None and last.text == "NO WINNER"


@pytest.mark.parametrize(
    "layout",
    [
        "\n".join(SAMPLE_1),  # no final newline
        "\n".join(SAMPLE_1) + "\n\n\n",  # extra final newlines
        "\r\n".join(SAMPLE_1) + "\r\n",  # Windows line ends
        "\n".join(line + "   \t" for line in SAMPLE_1),  # trailing whitespace
        "\n\n".join(SAMPLE_1),  # blank lines between, as the seed's format section shows
        "\n".join(line.replace(": ", ":") for line in SAMPLE_1),  # "1:B1"
        "\n".join(line.replace(" (WINNER)", "(WINNER)") for line in SAMPLE_1),
    ],
)
def test_layout_never_fails_a_student(layout):
    assert compare_games(SAMPLE_1, layout) == []
    assert first_divergence(SAMPLE_1, layout) is None


@pytest.mark.parametrize(
    ("text", "line_number"),
    [
        ("0: B3\n1: B1 2: B8\n", 2),  # two turns on one line
        ("0: B3\n\n1 B1\n", 3),  # no colon; blank line 2 still counts
        ("0: B3\n1: B1 (winner)\n", 2),  # the mark is upper case
        ("Result:\n0: B3\n", 1),
        ("0: B3\n1: \n", 2),
    ],
)
def test_a_line_that_is_not_a_turn_is_reported_with_its_number(text, line_number):
    with pytest.raises(OutputFormatError) as info:
        parse_output(text)
    assert info.value.line_number == line_number
    assert str(info.value).startswith(f"line {line_number}: ")


def test_a_card_that_does_not_exist_is_read_so_it_can_be_compared():
    assert parse_output("3: Y9")[0].move == "Y9"


def test_a_wrong_card_names_turn_player_expected_and_got():
    actual = list(SAMPLE_1)
    actual[7] = "1: Y3"  # turn 7 is player 1's third turn (turns 1, 4, 7); the seed has Y7
    messages = compare_games(SAMPLE_1, actual)
    assert messages[0] == "turn 7 (player 1): expected Y7, got Y3"
    assert "first went a different way at turn 7 (player 1)" in messages[1]
    assert first_divergence(SAMPLE_1, actual) == 7


def test_later_differences_are_counted_and_the_endings_compared():
    # A game that goes another way from turn 5 and ends with player 2 winning at turn 9.
    actual = SAMPLE_1[:5] + [
        "2: R8",
        "3: R7",
        "1: DRAW",
        "2: G8",
        "3: DRAW",
        "1: DRAW",
        "2: G4 (WINNER)",
    ]
    messages = compare_games(SAMPLE_1, actual)
    assert messages[0] == "turn 5 (player 2): expected DRAW, got R8"
    # Lines 6..15 of the expected game: 6 (R7 = R7) and 10.. compare positionally;
    # turns 7 (Y7/DRAW), 8 (Y1/G8), 9 (Y6/DRAW), 10 (Y3/DRAW), 11 (DRAW/G4 WINNER) differ,
    # 12..15 are missing: 9 later lines differ.
    assert messages[1].endswith("9 later line(s) differ too")
    assert messages[2] == (
        "expected ending: player 3 wins with R4 at turn 15; "
        "your ending: player 2 wins with G4 at turn 11"
    )


def test_a_missing_winner_mark_is_a_difference_at_the_last_turn():
    actual = SAMPLE_1[:-1] + ["3: R4"]
    assert compare_games(SAMPLE_1, actual)[0] == "turn 15 (player 3): expected R4 (WINNER), got R4"


def test_numbering_turns_instead_of_players_shows_whole_lines():
    actual = SAMPLE_1[:4] + ["4: B7"] + SAMPLE_1[5:]
    assert compare_games(SAMPLE_1, actual)[0] == "turn 4 (player 1): expected '1: B7', got '4: B7'"


def test_output_that_stops_early_says_so():
    messages = compare_games(SAMPLE_1, SAMPLE_1[:3])
    assert (
        messages[0] == "turn 3 (player 3): expected B5, got nothing (your output ends "
        "after 3 line(s))"
    )


def test_output_that_goes_on_after_the_winner_says_the_game_is_over():
    messages = compare_games(SAMPLE_1, [*SAMPLE_1, "1: Y8"])
    assert messages[0].startswith("turn 16 (player 1): expected nothing more (the game is over")
    assert messages[0].endswith("got '1: Y8'")


def test_a_blocked_game_must_end_with_no_winner():
    messages = compare_games(BLOCKED, BLOCKED[:-1] + ["1: DRAW"])
    assert messages[0] == "the final line (after turn 3): expected NO WINNER, got '1: DRAW'"


def test_a_malformed_line_is_reported_where_the_game_stops_being_readable():
    actual = "\n".join(SAMPLE_1[:6]) + "\nplayer 3 plays R7\n"
    messages = compare_games(SAMPLE_1, actual)
    assert messages[0].startswith("turn 6 (player 3): expected R7, got a line that is not a turn")
    assert "line 7: 'player 3 plays R7'" in messages[0]
    assert first_divergence(SAMPLE_1, actual) == 6


def test_everything_on_one_line_diverges_at_turn_zero():
    messages = compare_games(SAMPLE_1, " ".join(SAMPLE_1))
    assert messages[0].startswith("turn 0 (starting card): expected B3, got a line that is not")


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_comparison_never_raises_on_any_printed_text(text):
    messages = compare_games(SAMPLE_1, text)
    assert isinstance(messages, list) and messages  # no text but the right game is equal
    assert first_divergence(SAMPLE_1, text) is not None


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(SAMPLE_1 + BLOCKED), max_size=20))
def test_games_equal_to_themselves_have_no_messages(lines):
    assert compare_games(lines, lines) == []


def test_line_numbers_count_lines_even_when_given_as_chunks():
    # A sequence whose items hold several lines is read as the lines it contains.
    chunks = ["0: B3\n1: B1", "2: B8\noops"]
    with pytest.raises(OutputFormatError) as info:
        parse_output(chunks)
    assert info.value.line_number == 4
    assert compare_games(SAMPLE_1, chunks)[0].startswith("turn 3 (player 3): expected B5, got a")
