"""Comparing a program's game with the expected one, turn by turn.

Feedback is about the game, not the text: once a program plays a different
card, every later line differs too, so the useful facts are the first turn
where the games part ("turn 7 (player 1): expected Y3, got Y8") and how each
game ended.  Layout differences never count (see ``output.parse_output``).
"""

from __future__ import annotations

from collections.abc import Sequence

from .errors import OutputFormatError
from .output import OutputTurn, parse_output, split_lines

Lines = str | Sequence[str]


def _parse_prefix(output: Lines) -> tuple[list[OutputTurn], OutputFormatError | None]:
    """The turns before the first malformed line, and that line's error (if any)."""
    try:
        return parse_output(output), None
    except OutputFormatError as error:
        lines = split_lines(output)
        return parse_output(lines[: error.line_number - 1]), error


def _differs(expected: list[OutputTurn], actual: list[OutputTurn], index: int) -> bool:
    if index >= len(expected) or index >= len(actual):
        return index < len(expected) or index < len(actual)
    return expected[index].key() != actual[index].key()


def first_divergence(expected_lines: Lines, actual_lines: Lines) -> int | None:
    """Index of the first turn (0 = the starting card's line) where the games differ.

    ``None`` when they agree.  A malformed line in the actual output counts as
    a difference at the turn it stands in for.
    """
    actual, error = _parse_prefix(actual_lines)
    return _divergence(parse_output(expected_lines), actual, error)


def _divergence(
    expected: list[OutputTurn], actual: list[OutputTurn], error: OutputFormatError | None
) -> int | None:
    for index in range(max(len(expected), len(actual))):
        if _differs(expected, actual, index):
            return index
    if error is not None:
        return len(actual)
    return None


def turn_label(index: int, expected: Sequence[OutputTurn] = ()) -> str:
    """How feedback names the turn at ``index``: "turn 7 (player 1)", "turn 0 (starting card)"."""
    if index == 0:
        return "turn 0 (starting card)"
    if index < len(expected) and expected[index].is_no_winner:
        return f"the final line (after turn {index - 1})"
    return f"turn {index} (player {(index - 1) % 3 + 1})"


def _move(turn: OutputTurn, whole_line: bool) -> str:
    """A turn's move, or its whole line when the seat itself is part of the difference."""
    if turn.is_no_winner:
        return "NO WINNER"
    if whole_line:
        return repr(turn.text)
    return turn.text.split(": ", 1)[1]


def _ending(turns: Sequence[OutputTurn]) -> str:
    if not turns:
        return "no turns at all"
    last = turns[-1]
    if last.is_no_winner:
        return f"no winner: the game is blocked after turn {len(turns) - 2}"
    if last.winner:
        return f"player {last.seat} wins with {last.move} at turn {len(turns) - 1}"
    return f"the lines stop after turn {len(turns) - 1} with neither a winner nor NO WINNER"


def compare_games(expected_lines: Lines, actual_lines: Lines) -> list[str]:
    """Feedback messages on how ``actual_lines`` differs from ``expected_lines``; ``[]`` if not.

    Both arguments are printed output (one string or a sequence of lines).
    The first message names the first divergent turn with what was expected
    and what was printed; the next says how much of the game matched and how
    much differs after; the last compares how the games ended, if they did not
    end alike.  A line that is not a turn line is reported with its number.
    """
    expected = parse_output(expected_lines)
    actual, error = _parse_prefix(actual_lines)
    index = _divergence(expected, actual, error)
    if index is None:
        return []
    label = turn_label(index, expected)
    expected_seat = 0 if index == 0 else (index - 1) % 3 + 1
    if index < len(expected) and expected[index].is_no_winner:
        expected_seat = None
    shown = expected[index] if index < len(expected) else None
    printed = actual[index] if index < len(actual) else None
    whole = printed is not None and (
        shown is None or shown.is_no_winner != printed.is_no_winner or printed.seat != expected_seat
    )
    if shown is None:
        want = f"nothing more (the game is over: {_ending(expected)})"
    else:
        want = _move(shown, whole)
    if printed is not None:
        got = _move(printed, whole)
    elif error is not None:
        got = f"a line that is not a turn line ({error})"
    else:
        got = f"nothing (your output ends after {len(actual)} line(s))"
    messages = [f"{label}: expected {want}, got {got}"]
    later = sum(
        _differs(expected, actual, i) for i in range(index + 1, max(len(expected), len(actual)))
    )
    summary = f"the game first went a different way at {label}"
    summary += "; every turn before it matches" if index else ""
    if later:
        summary += f"; {later} later line(s) differ too"
    messages.append(summary)
    if error is not None and index < len(actual):
        messages.append(str(error))
    if _ending(expected) != _ending(actual):
        messages.append(f"expected ending: {_ending(expected)}; your ending: {_ending(actual)}")
    return messages
