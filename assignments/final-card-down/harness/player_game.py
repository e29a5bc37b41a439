"""The ``game`` module an AI player imports in a tournament: a read-only snapshot of one game.

In ``unograde tournament final-card-down`` a student's ``decideMove(game)`` runs in a sandbox
of its own, and this file is copied next to it as ``game.py``.  It has the ADT's names (the
enums, ``Card``, ``Move``, the queries and ``isValidMove``) over a snapshot the grader sends
before each decision: the player's own hand, the counts and points of every hand, the top
discard, the direction, every move of every turn so far, and which moves are valid now.  The
rules themselves are not here (``isValidMove`` looks the move up in the list of valid moves the
grader computed), so a player never holds the reference ADT; ``newGame`` and ``playMove`` raise.

Standard library only.  The same file works for trying a player by hand::

    >>> import game
    >>> g = game.Snapshot.from_plain(snapshot_dict)   # what the grader sends
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Any

NUM_PLAYERS = 4
HAND_SIZE = 7
MIN_DECK_SIZE = 30
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


class FinalCardDownError(ValueError):
    """Base class of the errors this module raises."""


class InvalidArgumentError(FinalCardDownError):
    """A query was given an out-of-range player, turn, move or card index."""


class NotInSnapshotError(FinalCardDownError):
    """A player asked for something a snapshot does not offer (``playMove``, ``newGame``)."""


@dataclass(frozen=True, slots=True)
class Card:
    value: Value
    color: Color
    suit: Suit

    def __str__(self) -> str:
        return f"{self.color.name} {self.value.name} {self.suit.name}"


@dataclass(frozen=True, slots=True)
class Move:
    action: Action
    nextColor: Color | None = None
    card: Card | None = None

    def __str__(self) -> str:
        if self.action != Action.PLAY_CARD or self.card is None:
            return Action(self.action).name
        text = f"PLAY_CARD {self.card}"
        if self.card.value == Value.DECLARE and self.nextColor is not None:
            text += f" {Color(self.nextColor).name}"
        return text


def newCard(value: int, color: int, suit: int) -> Card:
    return Card(Value(value), Color(color), Suit(suit))


def cardValue(card: Card) -> Value:
    return card.value


def cardColor(card: Card) -> Color:
    return card.color


def cardSuit(card: Card) -> Suit:
    return card.suit


# ----------------------------------------------------------------- plain data


def card_from_plain(data: Any) -> Card:
    value, color, suit = data
    return Card(Value(value), Color(color), Suit(suit))


def move_from_plain(data: Any) -> Move:
    action, next_color, card = data
    return Move(
        Action(action),
        None if next_color is None else Color(next_color),
        None if card is None else card_from_plain(card),
    )


def move_key(move: Any) -> tuple:
    """A move as the rules see it: ``nextColor`` counts only for a DECLARE, ``card`` only for
    a play (Decision D11), read by attribute so any object with the ADT's fields works."""
    action = int(move.action)
    if action != Action.PLAY_CARD:
        return (action, None, None)
    card = move.card
    if card is None:
        return (action, None, None)
    key = (int(card.value), int(card.color), int(card.suit))
    next_color = getattr(move, "nextColor", None)
    declared = int(next_color) if key[0] == Value.DECLARE and next_color is not None else None
    return (action, declared, key)


# ----------------------------------------------------------------- the snapshot


class Snapshot:
    """One game as the current player sees it, between two of its moves."""

    def __init__(self, data: dict[str, Any], past: list[tuple[Move, ...]]) -> None:
        deck = data["deck"]
        self._cards = int(deck["cards"])
        self._suits = [int(n) for n in deck["suits"]]
        self._colors = [int(n) for n in deck["colors"]]
        self._values = [int(n) for n in deck["values"]]
        self._turn = int(data["turn"])
        self._player = int(data["player"])
        self._direction = Direction(data["direction"])
        self._past = past
        self._moves = tuple(move_from_plain(m) for m in data["moves"])
        self._hand = tuple(card_from_plain(c) for c in data["hand"])
        self._counts = [int(n) for n in data["counts"]]
        self._points = [int(n) for n in data["points"]]
        self._top = card_from_plain(data["top"])
        self._valid = frozenset(
            (m[0], m[1], None if m[2] is None else tuple(m[2])) for m in data["valid"]
        )

    @classmethod
    def from_plain(cls, data: dict[str, Any]) -> Snapshot:
        """A snapshot from one message that carries every past turn (``past_from`` 0)."""
        return cls(data, [tuple(move_from_plain(m) for m in t) for t in data["past"]])


def _player(game: Snapshot, player: int) -> int:
    if not isinstance(player, int) or not 0 <= player < NUM_PLAYERS:
        raise InvalidArgumentError(f"player must be 0..{NUM_PLAYERS - 1}, not {player!r}")
    return player


def _turn_moves(game: Snapshot, turn: int) -> tuple[Move, ...]:
    if not isinstance(turn, int) or not 0 <= turn <= game._turn:
        raise InvalidArgumentError(f"turn must be 0..{game._turn}, not {turn!r}")
    return game._moves if turn == game._turn else game._past[turn]


def numCards(game: Snapshot) -> int:
    return game._cards


def numOfSuit(game: Snapshot, suit: int) -> int:
    return game._suits[Suit(suit)]


def numOfColor(game: Snapshot, color: int) -> int:
    return game._colors[Color(color)]


def numOfValue(game: Snapshot, value: int) -> int:
    return game._values[Value(value)]


def currentPlayer(game: Snapshot) -> int:
    return game._player


def currentTurn(game: Snapshot) -> int:
    return game._turn


def numTurns(game: Snapshot) -> int:
    return game._turn + 1


def turnMoves(game: Snapshot, turn: int) -> int:
    return len(_turn_moves(game, turn))


def pastMove(game: Snapshot, turn: int, move: int) -> Move:
    moves = _turn_moves(game, turn)
    if not isinstance(move, int) or not 0 <= move < len(moves):
        raise InvalidArgumentError(f"turn {turn} has {len(moves)} moves; no move {move!r}")
    return moves[move]


def playerCardCount(game: Snapshot, player: int) -> int:
    return game._counts[_player(game, player)]


def handCardCount(game: Snapshot) -> int:
    return len(game._hand)


def handCard(game: Snapshot, card: int) -> Card:
    if not isinstance(card, int) or not 0 <= card < len(game._hand):
        raise InvalidArgumentError(f"the hand has {len(game._hand)} cards; no card {card!r}")
    return game._hand[card]


def playerPoints(game: Snapshot, player: int) -> int:
    return game._points[_player(game, player)]


def playDirection(game: Snapshot) -> Direction:
    return game._direction


def topDiscard(game: Snapshot) -> Card:
    return game._top


def gameWinner(game: Snapshot) -> int:
    return NOT_FINISHED  # a player is only ever asked while the game goes on


def isValidMove(game: Snapshot, move: Any) -> bool:
    try:
        return move_key(move) in game._valid
    except (AttributeError, TypeError, ValueError):
        return False


def newGame(*_: object) -> Snapshot:
    raise NotInSnapshotError("a tournament player gets a snapshot of one game; newGame is not here")


def playMove(*_: object) -> Snapshot:
    raise NotInSnapshotError(
        "a tournament player gets a read-only snapshot: decideMove returns the move, the "
        "tournament plays it (playMove is not available)"
    )
