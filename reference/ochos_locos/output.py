"""Reading a program's output back into turns, so it can be compared by structure.

Tolerant of layout, strict about content: blank lines, spaces at either end of
a line, spaces around the colon and a missing or extra final newline are all
ignored (they never fail a student); the seat, the card or ``DRAW``, the
``(WINNER)`` mark and the ``NO WINNER`` line must be as the assignment shows.
A card that does not exist (``Y9``) is still read, so the comparison can say
"expected Y3, got Y9" instead of refusing the whole output.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from .errors import OutputFormatError
from .game import NO_WINNER, WINNER_MARK

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
