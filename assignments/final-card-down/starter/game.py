"""Final Card-Down: your Game ADT (module functions taking the game first, never methods).

The enums, ``Card`` and ``Move`` below are the interface the assignment page fixes (the
course's names and numbers); the functions are yours to write.  A game may be immutable
(``playMove`` returns the next game, as the reference does) or changed in place (``playMove``
returns None): the scenarios accept both.  ``isValidMove`` says whether a move is allowed;
``playMove`` of a move it rejects raises ``InvalidMoveError`` and changes nothing.

Reading an open rule (D1, D2, D4) the other way?  Declare it at the top level, e.g.
``READINGS = {"play_after_draw": True}``; you are then judged under your reading (D23).

Check the public scenarios: ``python -m pytest`` in the self-check kit's folder (it runs your
test_game.py too), or ``python scenario_runner.py game.py fixtures/public/*.json``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

NUM_PLAYERS = 4
HAND_SIZE = 7
MIN_DECK_SIZE = 30  # 7 cards x 4 players + 1 first discard + 1 card to draw (FAQ)
NOT_FINISHED = -1  # gameWinner while the game goes on
NO_WINNER = 4  # gameWinner when the game ended with no winner


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
    A = 10  # the course's hexadecimal spellings
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


@dataclass(frozen=True)
class Card:
    value: Value
    color: Color
    suit: Suit


@dataclass(frozen=True)
class Move:
    """``nextColor`` is read only for a DECLARE, ``card`` only for a PLAY_CARD."""

    action: Action
    nextColor: Color | None = None
    card: Card | None = None


class InvalidMoveError(ValueError):
    """``playMove`` of a move ``isValidMove`` rejects."""


def newGame(deckSize, values, colors, suits):
    """A new game from a deck of ``deckSize`` cards (card i is ``values[i]``, ``colors[i]``,
    ``suits[i]``; index 0 is the top of the deck): deal, turn up the first discard, apply it."""
    raise NotImplementedError("newGame is not written yet")


def numCards(g):
    """How many cards the deck given to ``newGame`` held."""
    raise NotImplementedError("numCards is not written yet")


def numOfSuit(g, suit):
    """How many cards of ``suit`` the deck given to ``newGame`` held."""
    raise NotImplementedError("numOfSuit is not written yet")


def numOfColor(g, color):
    """How many cards of ``color`` the deck given to ``newGame`` held."""
    raise NotImplementedError("numOfColor is not written yet")


def numOfValue(g, value):
    """How many cards of ``value`` the deck given to ``newGame`` held."""
    raise NotImplementedError("numOfValue is not written yet")


def currentPlayer(g):
    """The player (0..3) whose turn it is."""
    raise NotImplementedError("currentPlayer is not written yet")


def currentTurn(g):
    """The number of the current turn (the first is 0)."""
    raise NotImplementedError("currentTurn is not written yet")


def numTurns(g):
    """currentTurn + 1."""
    raise NotImplementedError("numTurns is not written yet")


def turnMoves(g, turn):
    """How many moves were made in ``turn``."""
    raise NotImplementedError("turnMoves is not written yet")


def pastMove(g, turn, move):
    """The ``move``-th move (from 0) made in ``turn``."""
    raise NotImplementedError("pastMove is not written yet")


def playerCardCount(g, player):
    """How many cards ``player`` holds."""
    raise NotImplementedError("playerCardCount is not written yet")


def handCardCount(g):
    """How many cards the current player holds."""
    raise NotImplementedError("handCardCount is not written yet")


def handCard(g, i):
    """The current player's ``i``-th card (the order of a hand is yours)."""
    raise NotImplementedError("handCard is not written yet")


def playerPoints(g, player):
    """The sum of the value numbers (0..15) of the cards in ``player``'s hand."""
    raise NotImplementedError("playerPoints is not written yet")


def playDirection(g):
    """The direction of play."""
    raise NotImplementedError("playDirection is not written yet")


def topDiscard(g):
    """The card on top of the discard pile."""
    raise NotImplementedError("topDiscard is not written yet")


def gameWinner(g):
    """NOT_FINISHED (-1), the winning player (0..3), or NO_WINNER (4)."""
    raise NotImplementedError("gameWinner is not written yet")


def isValidMove(g, move):
    """Whether the current player may make ``move`` now."""
    raise NotImplementedError("isValidMove is not written yet")


def playMove(g, move):
    """The game after ``move`` (or None, having changed ``g``); raises InvalidMoveError for a
    move ``isValidMove`` rejects."""
    raise NotImplementedError("playMove is not written yet")
