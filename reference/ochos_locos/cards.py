"""Cards of the 32-card Ochos Locos deck: colours R Y G B, numbers 1-8.

A card is a frozen value; its text form (``Y3``) is what the input and output
use.  Rainbow order (red, yellow, green, blue) is the seed's tie-break between
cards of one number, and also the order the seed's hand column shows hands in.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

COLOURS: tuple[str, ...] = ("R", "Y", "G", "B")
"""Colour letters in rainbow order: the seed's "red-yellow-green-blue"."""

COLOUR_NAMES: dict[str, str] = {"R": "red", "Y": "yellow", "G": "green", "B": "blue"}

NUMBERS: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 8)

_CARD_RE = re.compile(r"([RYGB])([1-8])")


@dataclass(frozen=True)
class Card:
    """One card, e.g. ``Card("Y", 3)``; ``str(card)`` is ``"Y3"``."""

    colour: str
    number: int

    def __post_init__(self) -> None:
        if self.colour not in COLOURS or self.number not in NUMBERS:
            raise ValueError(f"no such card: colour {self.colour!r}, number {self.number!r}")

    def __str__(self) -> str:
        return f"{self.colour}{self.number}"

    @property
    def rainbow_rank(self) -> int:
        """0 for red .. 3 for blue: the seed's order among cards of one number."""
        return COLOURS.index(self.colour)

    @property
    def colour_name(self) -> str:
        """``red``/``yellow``/``green``/``blue``, for rendering a card in its colour."""
        return COLOUR_NAMES[self.colour]


FULL_DECK: tuple[Card, ...] = tuple(Card(c, n) for c in COLOURS for n in NUMBERS)
"""All 32 cards, in display order."""


def display_key(card: Card) -> tuple[int, int]:
    """Sort key of the seed's hand column: rainbow colour first, then number."""
    return (card.rainbow_rank, card.number)


def parse_card(token: str) -> Card | None:
    """The card a token names, or ``None`` if it names none.

    Exact upper case only (``Y3``, not ``y3``): the seed writes cards that way,
    and the same token must mean the same thing in input and in output.
    """
    match = _CARD_RE.fullmatch(token)
    if match is None:
        return None
    return Card(match.group(1), int(match.group(2)))
