"""The module ``game`` a student's test suite imports when the grader runs it: the Final
Card-Down ADT's interface, every call answered by the ADT in another process.

Why: a suite that shares its process with the ADT it tests can read the ADT (its files, its
source through ``inspect``, its objects through ``gc``) and report it, or recognise a mutant
by a hash without testing anything (issue 25).  In the grader's runs the reference or the
mutant lives in a sandbox of its own (``adt_server.py``); this file is all of ``game`` the
suite's sandbox holds, the same file in every run, so nothing but the answers differs.

What stays here: the constants, the enums, the exceptions and the value types ``Card`` and
``Move`` (frozen values the suite builds itself).  What crosses: every function call, with
its arguments and its answer as data; a ``Game`` is a handle to a game that stays in the
ADT's process (``==`` and ``hash`` are asked there too).  The ADT's exceptions are raised
here as this module's classes of the same names.  The wire format is documented in
``adt_server.py``.

Standard library only; the socket is ``adt/socket`` beside this package's folder.
"""

from __future__ import annotations

import builtins as _builtins
import json as _json
import os as _os
import socket as _socket
import threading as _threading
import weakref as _weakref
from dataclasses import dataclass
from enum import IntEnum

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


@dataclass(frozen=True, slots=True)
class Card:
    """One card; two cards with the same three fields are interchangeable."""

    value: Value
    color: Color
    suit: Suit

    def __str__(self) -> str:
        return f"{_name(self.color)} {_name(self.value)} {_name(self.suit)}"


@dataclass(frozen=True, slots=True)
class Move:
    """``nextColor`` is read only for a DECLARE, ``card`` only for a play."""

    action: Action
    nextColor: Color | None = None
    card: Card | None = None

    def __str__(self) -> str:
        if self.action != Action.PLAY_CARD or self.card is None:
            return _name(self.action)
        text = f"PLAY_CARD {self.card}"
        if self.card.value == Value.DECLARE and self.nextColor is not None:
            text += f" {_name(Color(self.nextColor))}"
        return text


def _name(member: object) -> str:
    return getattr(member, "name", str(member))


class FinalCardDownError(ValueError):
    """Base class of every error the Final Card-Down ADT raises."""


class InvalidDeckError(FinalCardDownError):
    """``newGame`` was given a deck it cannot deal."""


class InvalidArgumentError(FinalCardDownError):
    """A query was given an out-of-range player, turn, move or card index."""


class InvalidMoveError(FinalCardDownError):
    """``playMove`` was given a move that ``isValidMove`` rejects; the game is unchanged."""


class ADTProcessError(RuntimeError):
    """The ADT's process did not answer (it ran out of time or memory, or is gone)."""


class Game:
    """A game held by the ADT's process; this object is its handle."""

    __slots__ = ("_handle", "__weakref__")

    def __init__(self, *args: object, **kwargs: object) -> None:
        raise TypeError("a Game comes from newGame or playMove")

    def __eq__(self, other: object) -> bool:
        if other is self:
            return True
        if not isinstance(other, Game):
            return NotImplemented
        return bool(_call("equal", (self, other)))

    def __hash__(self) -> int:
        return int(_call("hash", (self,)))

    def __repr__(self) -> str:
        return f"<game.Game #{self._handle}>"

    def __copy__(self) -> Game:
        return self  # a game never changes: a copy is the game itself

    def __deepcopy__(self, memo: object) -> Game:
        return self

    def __reduce__(self) -> object:
        raise TypeError("a Game lives in the ADT's process: it cannot be pickled")

    def __del__(self) -> None:
        try:
            _LINK.unused.add(self._handle)
        except Exception:  # noqa: BLE001 - at interpreter exit anything may be gone
            pass


# ----------------------------------------------------------------- the wire

_ENUMS = {cls.__name__: cls for cls in (Color, Suit, Value, Direction, Action)}
_ERRORS = {
    cls.__name__: cls
    for cls in (FinalCardDownError, InvalidDeckError, InvalidArgumentError, InvalidMoveError)
}
_MAX_DEPTH = 64


class _Link:
    """The connection to the ADT's process: one request and one answer at a time."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.lock = _threading.RLock()
        self.sock: _socket.socket | None = None
        self.reader = None
        self.pid = 0
        self.unused: set[int] = set()
        self.games: _weakref.WeakValueDictionary[int, Game] = _weakref.WeakValueDictionary()

    def _connect(self) -> None:
        if self.sock is not None:
            try:
                self.sock.close()  # after a fork: the parent keeps its own connection
            except OSError:
                pass
        self.sock = _socket.socket(_socket.AF_UNIX, _socket.SOCK_STREAM)
        try:
            self.sock.connect(self.path)
        except OSError as exc:
            self.sock = None
            raise ADTProcessError(f"cannot reach the ADT's process ({exc})") from None
        self.reader = self.sock.makefile("rb")
        self.pid = _os.getpid()

    def ask(self, request: dict) -> dict:
        with self.lock:
            if self.sock is None or self.pid != _os.getpid():
                self._connect()
            if self.unused:
                request["free"] = sorted(self.unused)
                self.unused.clear()
            data = (_json.dumps(request, separators=(",", ":")) + "\n").encode()
            try:
                self.sock.sendall(data)
                line = self.reader.readline()
            except OSError as exc:
                raise ADTProcessError(f"the ADT's process is gone ({exc})") from None
            if not line:
                raise ADTProcessError("the ADT's process is gone")
            answer = _json.loads(line)
            return answer if isinstance(answer, dict) else {"fail": "a malformed answer"}

    def game(self, handle: int) -> Game:
        found = self.games.get(handle)
        if found is None:
            found = object.__new__(Game)
            found._handle = handle
            self.games[handle] = found
        self.unused.discard(handle)  # the ADT must keep it: this object refers to it again
        return found


_LINK = _Link(
    _os.path.join(_os.path.dirname(_os.path.dirname(_os.path.abspath(__file__))), "adt", "socket")
)


def _encode(value: object, depth: int = 0) -> object:
    if depth > _MAX_DEPTH:
        raise ValueError("an argument too deeply nested to send to the ADT")
    kind = type(value)
    if value is None or kind is bool or kind is int or kind is str:
        return value
    if kind in _ENUM_TYPES:
        return {"enum": kind.__name__, "value": int(value)}
    if kind is float:
        return value if value == value and abs(value) != float("inf") else {"object": "float"}
    if kind is Game:
        return {"game": value._handle}
    if kind is Card:
        return {"card": [_encode(value.value, depth + 1), _encode(value.color, depth + 1),
                         _encode(value.suit, depth + 1)]}  # fmt: skip
    if kind is Move:
        return {"move": [_encode(value.action, depth + 1), _encode(value.nextColor, depth + 1),
                         _encode(value.card, depth + 1)]}  # fmt: skip
    if kind is tuple:
        return {"tuple": [_encode(v, depth + 1) for v in value]}
    if kind is list or kind is range:
        return [_encode(v, depth + 1) for v in value]
    if isinstance(value, bool | int):
        return int(value)
    if isinstance(value, str):
        return str(value)
    try:  # a move or card of the suite's own (the ADT reads their fields by name)
        if hasattr(value, "action"):
            fields = (value.action, getattr(value, "nextColor", None), getattr(value, "card", None))
            return {"move": [_encode(f, depth + 1) for f in fields]}
        if all(hasattr(value, f) for f in ("value", "color", "suit")):
            fields = (value.value, value.color, value.suit)
            return {"card": [_encode(f, depth + 1) for f in fields]}
    except Exception:  # noqa: BLE001 - a suite's object may raise on any attribute
        pass
    if isinstance(value, tuple):
        return {"tuple": [_encode(v, depth + 1) for v in value]}
    if isinstance(value, list):
        return [_encode(v, depth + 1) for v in value]
    return {"object": kind.__name__[:60]}


_ENUM_TYPES = frozenset(_ENUMS.values())


class _Opaque:
    """An answer the protocol carries only by its type's name."""

    def __init__(self, type_name: str) -> None:
        self.type_name = type_name

    def __repr__(self) -> str:
        return f"<{self.type_name}>"


def _decode(value: object) -> object:
    kind = type(value)
    if kind is list:
        return [_decode(v) for v in value]
    if kind is not dict:
        return value
    if "enum" in value:
        return _ENUMS[value["enum"]](value["value"])
    if "card" in value:
        return Card(*(_decode(v) for v in value["card"]))
    if "move" in value:
        return Move(*(_decode(v) for v in value["move"]))
    if "game" in value:
        return _LINK.game(value["game"])
    if "tuple" in value:
        return tuple(_decode(v) for v in value["tuple"])
    return _Opaque(str(value.get("object", "object")))


def _call(name: str, args: tuple) -> object:
    answer = _LINK.ask({"call": name, "args": [_encode(a) for a in args]})
    if "value" in answer:
        return _decode(answer["value"])
    if "raise" in answer:
        kind = str(answer["raise"])
        message = str(answer.get("message", ""))
        cls = _ERRORS.get(kind)
        if cls is None:
            found = getattr(_builtins, kind, None)
            ok = isinstance(found, type) and issubclass(found, Exception)
            cls = found if ok else RuntimeError
        raise cls(message)
    raise ADTProcessError(str(answer.get("fail", "the ADT's process failed"))[:300])


# ----------------------------------------------------------------- the interface


def newGame(deckSize, values, colors, suits) -> Game:  # noqa: ANN001 - any sequences
    """A new game from the deck as given (index 0 is the top card)."""
    return _call("newGame", (deckSize, values, colors, suits))  # type: ignore[return-value]


def destroyGame(game) -> None:  # noqa: ANN001
    _call("destroyGame", (game,))


def numCards(game) -> int:  # noqa: ANN001
    return _call("numCards", (game,))  # type: ignore[return-value]


def numOfSuit(game, suit) -> int:  # noqa: ANN001
    return _call("numOfSuit", (game, suit))  # type: ignore[return-value]


def numOfColor(game, color) -> int:  # noqa: ANN001
    return _call("numOfColor", (game, color))  # type: ignore[return-value]


def numOfValue(game, value) -> int:  # noqa: ANN001
    return _call("numOfValue", (game, value))  # type: ignore[return-value]


def currentPlayer(game) -> int:  # noqa: ANN001
    return _call("currentPlayer", (game,))  # type: ignore[return-value]


def currentTurn(game) -> int:  # noqa: ANN001
    return _call("currentTurn", (game,))  # type: ignore[return-value]


def numTurns(game) -> int:  # noqa: ANN001
    return _call("numTurns", (game,))  # type: ignore[return-value]


def turnMoves(game, turn) -> int:  # noqa: ANN001
    return _call("turnMoves", (game, turn))  # type: ignore[return-value]


def pastMove(game, turn, move) -> Move:  # noqa: ANN001
    return _call("pastMove", (game, turn, move))  # type: ignore[return-value]


def playerCardCount(game, player) -> int:  # noqa: ANN001
    return _call("playerCardCount", (game, player))  # type: ignore[return-value]


def handCardCount(game) -> int:  # noqa: ANN001
    return _call("handCardCount", (game,))  # type: ignore[return-value]


def handCard(game, card) -> Card:  # noqa: ANN001
    return _call("handCard", (game, card))  # type: ignore[return-value]


def playerPoints(game, player) -> int:  # noqa: ANN001
    return _call("playerPoints", (game, player))  # type: ignore[return-value]


def playDirection(game) -> Direction:  # noqa: ANN001
    return _call("playDirection", (game,))  # type: ignore[return-value]


def topDiscard(game) -> Card:  # noqa: ANN001
    return _call("topDiscard", (game,))  # type: ignore[return-value]


def gameWinner(game) -> int:  # noqa: ANN001
    return _call("gameWinner", (game,))  # type: ignore[return-value]


def isValidMove(game, move) -> bool:  # noqa: ANN001
    return _call("isValidMove", (game, move))  # type: ignore[return-value]


def playMove(game, move) -> Game:  # noqa: ANN001
    """The game after ``move`` (the given game is unchanged); InvalidMoveError if invalid."""
    return _call("playMove", (game, move))  # type: ignore[return-value]


def legalMoves(game) -> tuple:  # noqa: ANN001
    return _call("legalMoves", (game,))  # type: ignore[return-value]


def newCard(value, color, suit) -> Card:  # noqa: ANN001
    return _call("newCard", (value, color, suit))  # type: ignore[return-value]


def destroyCard(card) -> None:  # noqa: ANN001
    return _call("destroyCard", (card,))  # type: ignore[return-value]


def cardValue(card) -> Value:  # noqa: ANN001
    return _call("cardValue", (card,))  # type: ignore[return-value]


def cardColor(card) -> Color:  # noqa: ANN001
    return _call("cardColor", (card,))  # type: ignore[return-value]


def cardSuit(card) -> Suit:  # noqa: ANN001
    return _call("cardSuit", (card,))  # type: ignore[return-value]


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
