"""The uno-moves solution text, as the course's Haskell ``main`` prints it.

``main`` prints ``"Result"`` and then ``printGame (hands, deck, discard)``: every
line goes through ``print``, so each is a Haskell-quoted string.  unograde writes
that text byte for byte, and parses it back into structure so that the output of
a program in any language can be compared card by card rather than as text.
"""

from __future__ import annotations

from dataclasses import dataclass

from .haskell import EscapeError, read_string, show_string

Card = tuple[str, str]
Cards = tuple[Card, ...]


@dataclass(frozen=True)
class Solution:
    hands: tuple[Cards, ...]
    deck: Cards
    discard: Cards


class SolutionFormatError(ValueError):
    def __init__(self, source: str, line: int, message: str) -> None:
        self.source, self.line = source, line
        super().__init__(f"{source}:{line}: {message}")


def cards_text(cards: Cards) -> str:
    return "".join(f"[{c}{s}]" for c, s in cards)


def format_solution(hands: tuple[Cards, ...], deck: Cards, discard: Cards) -> str:
    """The exact text of ``print "Result" >> printGame (hands, deck, discard)``."""
    lines = [
        "Result",
        "Hands",
        *(cards_text(h) for h in hands),
        "",
        "Discard",
        cards_text(discard),
        "Deck",
        cards_text(deck),
    ]
    return "".join(show_string(line) + "\n" for line in lines)


def _parse_cards(text: str, source: str, line: int) -> Cards:
    if len(text) % 4:
        raise SolutionFormatError(source, line, f"expected cards like [r5], found {text!r}")
    cards = []
    for k in range(0, len(text), 4):
        chunk = text[k : k + 4]
        if chunk[0] != "[" or chunk[3] != "]":
            raise SolutionFormatError(
                source, line, f"card {k // 4 + 1}: expected a card like [r5], found {chunk!r}"
            )
        cards.append((chunk[1], chunk[2]))
    return tuple(cards)


def parse_solution(text: str, source: str = "<solution>") -> Solution:
    """Parse a solution text back into hands, deck and discard.

    Trailing whitespace on a line and blank lines at the end are forgiven; a
    missing heading, an unquoted line or a malformed card is reported with its line.
    """
    raw = text.replace("\r\n", "\n").split("\n")
    while raw and not raw[-1].strip():
        raw.pop()
    lines: list[str] = []
    for number, line in enumerate(raw, 1):
        try:
            lines.append(read_string(line.strip()))
        except EscapeError as exc:
            raise SolutionFormatError(
                source, number, f"expected a double-quoted line, found {line!r} ({exc})"
            ) from None

    def expect(index: int, word: str) -> None:
        if index >= len(lines) or lines[index] != word:
            found = repr(lines[index]) if index < len(lines) else "end of text"
            raise SolutionFormatError(source, index + 1, f'expected "{word}", found {found}')

    expect(0, "Result")
    expect(1, "Hands")
    try:
        discard_at = lines.index("Discard", 2)
    except ValueError:
        raise SolutionFormatError(source, len(lines), 'expected a "Discard" line') from None
    if discard_at < 3 or lines[discard_at - 1] != "":
        raise SolutionFormatError(source, discard_at, 'expected "" before "Discard"')
    hands = tuple(_parse_cards(lines[k], source, k + 1) for k in range(2, discard_at - 1))
    if discard_at + 1 >= len(lines):
        raise SolutionFormatError(source, discard_at + 1, "expected the discard line")
    discard = _parse_cards(lines[discard_at + 1], source, discard_at + 2)
    expect(discard_at + 2, "Deck")
    if discard_at + 3 >= len(lines):
        raise SolutionFormatError(source, discard_at + 3, "expected the deck line")
    deck = _parse_cards(lines[discard_at + 3], source, discard_at + 4)
    if len(lines) > discard_at + 4:
        raise SolutionFormatError(source, discard_at + 5, "expected end of text")
    return Solution(hands, deck, discard)
