"""The Final Card-Down ``Game`` ADT (reference), in the course's names.

Convention: module functions taking the game first (``playMove(game, move)``), never
methods.  A ``Game`` is immutable; ``playMove`` returns the next state and raises
``InvalidMoveError`` (leaving the given game as it was) for a move ``isValidMove``
rejects.  This package imports nothing outside itself, so it can be copied into a
sandbox as a module named ``game`` (see ``reference.final_card_down.mutants``).
"""

from __future__ import annotations

from .cards import (
    HAND_SIZE,
    MIN_DECK_SIZE,
    NO_WINNER,
    NOT_FINISHED,
    NUM_PLAYERS,
    Action,
    Card,
    Color,
    Direction,
    Move,
    Suit,
    Value,
    cardColor,
    cardSuit,
    cardValue,
    destroyCard,
    newCard,
)
from .errors import FinalCardDownError, InvalidArgumentError, InvalidDeckError, InvalidMoveError
from .legal import legalMoves
from .queries import (
    currentPlayer,
    currentTurn,
    gameWinner,
    handCard,
    handCardCount,
    numCards,
    numOfColor,
    numOfSuit,
    numOfValue,
    numTurns,
    pastMove,
    playDirection,
    playerCardCount,
    playerPoints,
    topDiscard,
    turnMoves,
)
from .readings import Readings
from .rules import isValidMove, playMove
from .state import Game, destroyGame, newGame

__all__ = [
    "HAND_SIZE",
    "MIN_DECK_SIZE",
    "NO_WINNER",
    "NOT_FINISHED",
    "NUM_PLAYERS",
    "Action",
    "Card",
    "Color",
    "Direction",
    "FinalCardDownError",
    "Game",
    "InvalidArgumentError",
    "InvalidDeckError",
    "InvalidMoveError",
    "Move",
    "Suit",
    "Value",
    "cardColor",
    "cardSuit",
    "cardValue",
    "currentPlayer",
    "currentTurn",
    "destroyCard",
    "destroyGame",
    "gameWinner",
    "handCard",
    "handCardCount",
    "isValidMove",
    "legalMoves",
    "newCard",
    "newGame",
    "Readings",
    "numCards",
    "numOfColor",
    "numOfSuit",
    "numOfValue",
    "numTurns",
    "pastMove",
    "playDirection",
    "playMove",
    "playerCardCount",
    "playerPoints",
    "topDiscard",
    "turnMoves",
]
