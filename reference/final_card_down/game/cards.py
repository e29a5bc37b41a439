"""Cards, moves and the enums of the Final Card-Down ADT.

The enums keep the C course's names and numbers (``IntEnum`` so a value *is* its
number: ``playerPoints`` sums the numbers, and students' modules may use plain
ints).  ``Card`` and ``Move`` are frozen so a game state can share them freely.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

NUM_PLAYERS = 4
HAND_SIZE = 7
MIN_DECK_SIZE = 30  # 7 cards * 4 players + 1 first discard + 1 card to draw (FAQ)
NOT_FINISHED = -1
NO_WINNER = 4


class Color(IntEnum):
    RED = 0
    BLUE = 1
    GREEN = 2
    YELLOW = 3
    PURPLE = 4


class Suit(IntEnum):
    HEARTS = 0
    DIAMONDS = 1
    CLUBS = 2
    SPADES = 3
    QUESTIONS = 4


class Value(IntEnum):
    ZERO = 0
    ONE = 1
    DRAW_TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    ADVANCE = 10
    BACKWARDS = 11
    CONTINUE = 12
    DECLARE = 13
    E = 14
    F = 15
    # The C header's hexadecimal spellings, kept as aliases.
    A = 10
    B = 11
    C = 12
    D = 13


class Direction(IntEnum):
    CLOCKWISE = 0
    ANTICLOCKWISE = 1


class Action(IntEnum):
    DRAW_CARD = 0
    PLAY_CARD = 1
    SAY_UNO = 2
    SAY_DUO = 3
    SAY_TRIO = 4
    END_TURN = 5


SAY_ACTIONS = (Action.SAY_UNO, Action.SAY_DUO, Action.SAY_TRIO)
# The word a player owes after a play leaves them with this many cards.
WORD_FOR_COUNT = {1: Action.SAY_UNO, 2: Action.SAY_DUO, 3: Action.SAY_TRIO}


@dataclass(frozen=True, slots=True)
class Card:
    """One card; two cards with the same three fields are interchangeable."""

    value: Value
    color: Color
    suit: Suit

    def __str__(self) -> str:
        return f"{self.color.name} {self.value.name} {self.suit.name}"


@dataclass(frozen=True, slots=True)
class Move:
    """The C ``playerMove``: ``nextColor`` is read only for a DECLARE, ``card`` only for a play."""

    action: Action
    nextColor: Color | None = None
    card: Card | None = None

    def __str__(self) -> str:
        if self.action != Action.PLAY_CARD or self.card is None:
            return self.action.name
        text = f"PLAY_CARD {self.card}"
        if self.card.value == Value.DECLARE and self.nextColor is not None:
            text += f" {Color(self.nextColor).name}"
        return text


def newCard(value: int, color: int, suit: int) -> Card:
    """Build a card from three numbers or enum members (the C ``newCard``)."""
    return Card(Value(value), Color(color), Suit(suit))


def destroyCard(card: Card) -> None:
    """Kept for the C name only (tests ported from C call it): a Python card is freed when
    nothing refers to it."""
    del card


def cardValue(card: Card) -> Value:
    return card.value


def cardColor(card: Card) -> Color:
    return card.color


def cardSuit(card: Card) -> Suit:
    return card.suit
