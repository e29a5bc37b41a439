"""ochos-locos' feedback: a game's printed lines read back into turns, and what differs.

One module for the grader and the students' self-check kit (``unograde kit ochos-locos``): the
plugin (``reference/ochos_locos/plugin.py``) and the reference's ``output``/``compare`` modules
use it, and the kit carries it, so both say "turn 7 (player 1): expected Y3, got Y8" alike.
It imports only the standard library and the kit's runtime (``from .compare import ...``: it
is loaded as a module of that package), never the reference.

Reading output is tolerant of layout, strict about content: blank lines, spaces at either end
of a line, spaces around the colon and a missing or extra final newline are all ignored (they
never fail a student); the seat, the card or ``DRAW``, the ``(WINNER)`` mark and the ``NO
WINNER`` line must be as the assignment shows.  A card that does not exist (``Y9``) is still
read, so the comparison can say "expected Y3, got Y9" instead of refusing the whole output.
Feedback is about the game, not the text: once a program plays a different card, every later
line differs too, so the useful facts are the first turn where the games part and how each
game ended.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .compare import type_name

# The two fixed lines of the output format (the assignment page).
WINNER_MARK = "(WINNER)"
NO_WINNER = "NO WINNER"


class OutputFormatError(ValueError):
    """A line of a program's output that is not a turn line.

    ``line_number`` is 1-based, counted in the text as printed (blank lines
    included), so it matches what a student sees in an editor.
    """

    def __init__(self, message: str, *, line_number: int, text: str) -> None:
        super().__init__(message)
        self.line_number = line_number
        self.text = text


_TURN_RE = re.compile(r"(?P<seat>\d{1,6})\s*:\s*(?P<move>[^\s:()]+)(?:\s*\((?P<mark>WINNER)\))?")
_NO_WINNER_RE = re.compile(r"NO\s+WINNER")


@dataclass(frozen=True)
class OutputTurn:
    """One meaningful line of output.

    ``seat`` is the number before the colon (0 on the starting card's line) and
    ``move`` the card token or ``DRAW``; the ``NO WINNER`` line has ``seat``
    ``None`` and ``move`` ``"NO WINNER"``.  ``line_number`` is where it was
    printed (1-based, blank lines counted).
    """

    seat: int | None
    move: str
    winner: bool
    line_number: int

    @property
    def is_no_winner(self) -> bool:
        return self.seat is None

    @property
    def text(self) -> str:
        """The line in its canonical form, for messages."""
        if self.seat is None:
            return NO_WINNER
        suffix = f" {WINNER_MARK}" if self.winner else ""
        return f"{self.seat}: {self.move}{suffix}"

    def key(self) -> tuple[int | None, str, bool]:
        """What comparison looks at: everything but where the line was printed."""
        return (self.seat, self.move, self.winner)


def split_lines(output: str | Sequence[str]) -> list[str]:
    """The output as lines, however it was given: the numbering errors and messages use."""
    if isinstance(output, str):
        return output.splitlines()
    lines: list[str] = []
    for item in output:
        lines.extend(str(item).splitlines() or [""])
    return lines


def parse_output(output: str | Sequence[str]) -> list[OutputTurn]:
    """Parse printed output (one string, or a sequence of lines) into turns.

    Raises ``OutputFormatError`` naming the first line (1-based) that is not a
    turn line such as ``3: R4``, ``2: DRAW``, ``3: R4 (WINNER)`` or ``NO WINNER``.
    """
    turns: list[OutputTurn] = []
    for line_number, raw in enumerate(split_lines(output), start=1):
        line = raw.strip()
        if not line:
            continue
        if _NO_WINNER_RE.fullmatch(line):
            turns.append(OutputTurn(None, NO_WINNER, False, line_number))
            continue
        match = _TURN_RE.fullmatch(line)
        if match is None:
            raise OutputFormatError(
                f"line {line_number}: {_shorten(line)!r} is not a turn line; expected one turn "
                "per line, such as '1: B1', '2: DRAW', '3: R4 (WINNER)' or 'NO WINNER'",
                line_number=line_number,
                text=raw,
            )
        turns.append(
            OutputTurn(
                int(match.group("seat")),
                match.group("move"),
                match.group("mark") is not None,
                line_number,
            )
        )
    return turns


def _shorten(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


# ---------------------------------------------------------------------------------------------
# Comparing a game with the expected one, turn by turn.


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
    if index < len(expected) and expected[index].seat:  # another reading's game (Decision 4)
        return f"turn {index} (player {expected[index].seat})"
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


# ---------------------------------------------------------------------------------------------
# The verdict's hooks (the plugin's, and the kit's).


def canonical(output: str | list[str]) -> list[str]:
    """The lines in canonical form (``1: B1``); a malformed line is kept as printed, stripped,
    and so are the lines after it, so that nothing a student printed is hidden."""
    lines = [line.strip() for line in split_lines(output) if line.strip()]
    try:
        return [turn.text for turn in parse_output(lines)]
    except OutputFormatError as error:
        good = parse_output(lines[: error.line_number - 1])
        return [turn.text for turn in good] + lines[error.line_number - 1 :]


def check_shape(part: str, actual: Any) -> str | None:
    if isinstance(actual, str):
        return None  # one string with line breaks is accepted too
    if not isinstance(actual, list | tuple):
        return f"expected a list of lines such as ['0: B3', '1: B1'], got {type_name(actual)}"
    for k, line in enumerate(actual, 1):
        if not isinstance(line, str):
            return f"line {k}: expected a string such as '1: B1', got {line!r}"
    return None


def check_size(case: Any, actual: Any) -> str | None:
    """Why a game of the right shape is longer than any game of ``case``'s deal can be: each
    turn plays a card of the game or draws one of the pile, at most two passes come between
    them (the third DRAW in a row on an empty pile ends it), and the end takes a line or two.
    A wrong shape, told at once: a game of 200,000 lines is not compared line by line."""
    hands, _discard, draw_pile = case.args
    cards = sum(map(len, hands)) + len(draw_pile)
    most = 3 * (2 * cards + len(draw_pile) + 1) + 2
    lines = actual.count("\n") + 1 if isinstance(actual, str) else len(actual)
    if lines > most:
        return (
            f"the game has {lines:,} lines, but a game of this deal ({cards} cards in the hands "
            f"and the draw pile) has at most {most}"
        )
    return None


def normalise_result(part: str, actual: Any) -> list[str]:
    """What a function returned, in the canonical form the expectation has."""
    return canonical(actual if isinstance(actual, str) else list(actual))


def describe(part: str, expected: Any, actual: Any) -> list[str]:
    return compare_games(expected, actual) or ["the game differs from the expected one"]


def parse_program_output(part: str, text: str) -> list[str]:
    return canonical(text)


OTHER_READING = (
    "the game of Decision 4's other reading (a drawn card that can be played is played at "
    "once, on a line of its own)"
)


def judge(case: Any, actual: Any) -> list[str]:
    """None when the game is the page's, or a game another reading of the handout plays
    (``case.expected`` is then ``{"lines": [...], "accept": [[...], ...]}``, the page's game
    first: Decision 4); else the differences from whichever of them the game follows longer,
    saying so when that is another reading's."""
    expected = case.expected
    games = [expected["lines"], *expected["accept"]] if isinstance(expected, dict) else [expected]
    if any(actual == game for game in games):
        return []

    def agreement(game: list[str]) -> int:
        index = first_divergence(game, actual)
        return len(game) if index is None else index

    closest = max(games, key=agreement)  # the page's game when both part at the same turn
    messages = describe(case.part, closest, actual)
    if closest is not games[0]:
        messages.insert(0, f"compared with {OTHER_READING}, which your game follows longer")
    return messages
