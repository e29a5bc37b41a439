"""The uno-lab's provided definitions (the course's ``lab-3-use.sml``), ported to Python.

Students import this module (``from unolab import *``); the reference imports the very same file,
so cards, moves, players and desks are shared types.  Every value is immutable and compares
structurally, and prints in the course's notation (``CRD (NUM 5, RED)``, ``GIVE RED``,
``ORDER (WILD, GREEN)``): that is the text the lab prints (``cardToString``, ``moveToString``,
play's message, the Manual dialog), and printed output is graded exactly.  The grader's feedback
writes values and calls as Python instead (``CRD(NUM(5), RED)``, ``cardSort([WILD])``), text you
can paste into a test after ``from unolab import *``.

Ported names keep the lab's spelling.  Two are Python keywords and are renamed: the ``False``
strategy is :class:`FalseStrategy`, ``pass`` is :func:`pass_`.  A tuple argument of the SML
original becomes positional arguments (``isSameCard(c1, c2)``).

Randomness goes only through one injectable source (:func:`set_random_source`,
:func:`seeded`), and printing only through :func:`say` (which writes to ``sys.stdout`` unless
:func:`using_io` redirects it), so that a seeded game is reproducible and its transcript capturable.
"""

from __future__ import annotations

import contextlib
import random
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any, TypeVar

T = TypeVar("T")

# ---------------------------------------------------------------------------------------------
# Input, output and randomness: one place each, so that games are reproducible and testable.
# ---------------------------------------------------------------------------------------------

_output: Callable[[str], Any] | None = None
_input: Callable[[], str] | None = None
_random: random.Random = random.Random()


def say(text: str) -> None:
    """Print ``text`` exactly (no newline is added), like SML's ``print``."""
    if _output is not None:
        _output(text)
    else:
        sys.stdout.write(text)


def read_line() -> str:
    """Read one line of input, like ``TextIO.inputLine``; ``""`` means end of input."""
    if _input is not None:
        return _input()
    return sys.stdin.readline()


@contextlib.contextmanager
def using_io(
    output: Callable[[str], Any] | None = None, input_line: Callable[[], str] | None = None
) -> Iterator[None]:
    """Send :func:`say` to ``output`` and read :func:`read_line` from ``input_line`` for a while."""
    global _output, _input
    saved = (_output, _input)
    _output, _input = output, input_line
    try:
        yield
    finally:
        _output, _input = saved


def set_random_source(source: random.Random) -> None:
    """Make every later shuffle use ``source`` (the SML original seeded from the clock)."""
    global _random
    _random = source


def random_source() -> random.Random:
    """The source :func:`shuffleList` uses when it is not given one."""
    return _random


@contextlib.contextmanager
def seeded(seed: int | random.Random) -> Iterator[random.Random]:
    """Use ``random.Random(seed)`` (or the given source) for every shuffle inside the block."""
    global _random
    saved = _random
    _random = seed if isinstance(seed, random.Random) else random.Random(seed)
    try:
        yield _random
    finally:
        _random = saved


# ---------------------------------------------------------------------------------------------
# List helpers of the original file.
# ---------------------------------------------------------------------------------------------


def shuffleList(xs: Sequence[T], source: random.Random | None = None) -> list[T]:
    """A new list holding ``xs`` in random order (Fisher-Yates); ``xs`` itself is untouched."""
    rng = source if source is not None else _random
    out = list(xs)
    for i in range(len(out) - 1, 0, -1):
        j = rng.randint(0, i)
        out[i], out[j] = out[j], out[i]
    return out


def addNCopies(a: T, xs: Sequence[T], n: int) -> list[T]:
    """``xs`` with ``n`` copies of ``a`` added at its head (``n <= 0`` adds none)."""
    return [a] * max(n, 0) + list(xs)


def pass_(xs: Sequence[T], ys: Sequence[T], n: int) -> tuple[list[T], list[T]]:
    """Move ``n`` elements one by one from the head of ``xs`` onto the head of ``ys``.

    ``pass_([1, 2, 3], [9], 2) == ([3], [2, 1, 9])``.  Used to deal a hand from the deck.
    Raises :class:`IllegalGame` when ``xs`` has fewer than ``n`` elements.
    """
    if n > len(xs):
        raise IllegalGame(f"pass_: cannot move {n} elements from a list of {len(xs)}")
    moved = list(xs[:n])
    moved.reverse()
    return list(xs[n:]), moved + list(ys)


def shift(x: T, xs: Sequence[T], cap: int) -> list[T]:
    """``x`` at the head of ``xs``, the whole list cut to at most ``cap`` elements."""
    return ([x] + list(xs))[: max(cap, 0)]


def compose(f: Callable[[Any], Any], g: Callable[[Any], T]) -> Callable[[Any], Any]:
    """SML's ``f o g``: the function ``x -> f(g(x))``."""
    return lambda x: f(g(x))


# ---------------------------------------------------------------------------------------------
# Types.
# ---------------------------------------------------------------------------------------------


class _Named(Enum):
    """An enumeration that prints as its bare name, the way SML prints a nullary constructor."""

    def __repr__(self) -> str:
        return self.name

    def __str__(self) -> str:
        return self.name


class Color(_Named):
    RED = "RED"
    GREEN = "GREEN"
    BLUE = "BLUE"
    YELLOW = "YELLOW"


RED, GREEN, BLUE, YELLOW = Color.RED, Color.GREEN, Color.BLUE, Color.YELLOW
colors: list[Color] = [YELLOW, BLUE, GREEN, RED]
"""All colours in ascending order: YELLOW is the smallest, RED the largest."""


@dataclass(frozen=True)
class NUM:
    """A number rank ``NUM n`` (0..9)."""

    n: int

    def __post_init__(self) -> None:
        if not isinstance(self.n, int) or isinstance(self.n, bool) or not 0 <= self.n <= 9:
            raise ValueError(f"NUM takes an int from 0 to 9, not {self.n!r}")

    def __repr__(self) -> str:
        return f"NUM {self.n}"

    __str__ = __repr__


class Action(_Named):
    """The action ranks."""

    SKIP = "SKIP"
    DRAW_TWO = "DRAW_TWO"
    REVERSE = "REVERSE"


SKIP, DRAW_TWO, REVERSE = Action.SKIP, Action.DRAW_TWO, Action.REVERSE
Rank = NUM | Action
ranks: list[Rank] = [NUM(i) for i in range(10)] + [REVERSE, SKIP, DRAW_TWO]
"""All ranks in ascending order: NUM 0 .. NUM 9, REVERSE, SKIP, DRAW_TWO."""


class Wild(_Named):
    """The two wild cards."""

    WILD = "WILD"
    WILD_DRAW_FOUR = "WILD_DRAW_FOUR"


WILD, WILD_DRAW_FOUR = Wild.WILD, Wild.WILD_DRAW_FOUR


@dataclass(frozen=True)
class CRD:
    """An ordinary card ``CRD (rank, color)``."""

    rank: Rank
    color: Color

    def __post_init__(self) -> None:
        if not isinstance(self.rank, NUM | Action):
            raise ValueError(f"CRD needs a rank first, not {self.rank!r}")
        if not isinstance(self.color, Color):
            raise ValueError(f"CRD needs a color second, not {self.color!r}")

    def __repr__(self) -> str:
        return f"CRD ({self.rank!r}, {self.color!r})"

    __str__ = __repr__


Card = CRD | Wild


class Direction(_Named):
    CLOCKWISE = "CLOCKWISE"
    COUNTERCLOCKWISE = "COUNTERCLOCKWISE"


CLOCKWISE, COUNTERCLOCKWISE = Direction.CLOCKWISE, Direction.COUNTERCLOCKWISE


class Phase(_Named):
    """The two states without an argument: an ordinary move, or an action to execute."""

    PROCEED = "PROCEED"
    EXECUTE = "EXECUTE"


PROCEED, EXECUTE = Phase.PROCEED, Phase.EXECUTE


@dataclass(frozen=True)
class GIVE:
    """The state ``GIVE color``: a wild card is on the pile and ``color`` was ordered."""

    color: Color

    def __repr__(self) -> str:
        return f"GIVE {self.color!r}"

    __str__ = __repr__


State = Phase | GIVE


@dataclass(frozen=True)
class SIMPLE:
    """The move ``SIMPLE card``: an ordinary move with ``card``."""

    card: Card

    def __repr__(self) -> str:
        inner = repr(self.card)
        return f"SIMPLE ({inner})" if isinstance(self.card, CRD) else f"SIMPLE {inner}"

    __str__ = __repr__


@dataclass(frozen=True)
class ORDER:
    """The move ``ORDER (card, color)``: a wild card played and ``color`` ordered."""

    card: Card
    color: Color

    def __repr__(self) -> str:
        return f"ORDER ({self.card!r}, {self.color!r})"

    __str__ = __repr__


class Pass(_Named):
    """The move ``PASS``: the player skipped the turn (or, from Manual, asks for automatic)."""

    PASS = "PASS"


PASS = Pass.PASS
Move = SIMPLE | ORDER | Pass

StrategyArgs = tuple[State, list[Card], list[Card], Card, Direction, list[Move], list[int]]
Strategy = Callable[..., Move]
"""A strategy is called with seven positional values (see :class:`FalseStrategy`)."""


# ---------------------------------------------------------------------------------------------
# Exceptions.
# ---------------------------------------------------------------------------------------------


class IllegalGame(Exception):
    """An impossible game state (e.g. ``CRD (NUM 5, RED)`` on the pile while the state is GIVE)."""

    def __repr__(self) -> str:
        return "IllegalGame"


class IllegalMove(Exception):
    """A strategy answered an illegal move: carries the player's name and the seven arguments."""

    def __init__(self, name: str, args: tuple) -> None:
        super().__init__(name, args)
        self.name = name
        self.strategy_args = tuple(args)

    def __repr__(self) -> str:
        return f"IllegalMove ({show(self.name)}, {show(self.strategy_args)})"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, IllegalMove)
            and self.name == other.name
            and self.strategy_args == other.strategy_args
        )

    __hash__ = Exception.__hash__


class Empty(Exception):
    """SML's ``List.Empty``, the exception the seed passes to ``removeCard`` in its example."""

    def __repr__(self) -> str:
        return "List.Empty"


# ---------------------------------------------------------------------------------------------
# Equality tests (the lab forbids ``=`` on non-numbers and offers these instead).
# ---------------------------------------------------------------------------------------------


def isSameRank(r1: Rank, r2: Rank) -> bool:
    return r1 == r2


def isSameColor(c1: Color, c2: Color) -> bool:
    return c1 == c2


def isSameCard(c1: Card, c2: Card) -> bool:
    return c1 == c2


# ---------------------------------------------------------------------------------------------
# Player and Desk: immutable records with the lab's getters and setters.
# ---------------------------------------------------------------------------------------------


def _strategy_name(strategy: Any) -> str:
    owner = getattr(strategy, "__qualname__", "")
    if owner.endswith(".ownStrategy"):
        owner = owner[: -len(".ownStrategy")]
        return ("False" if owner == "FalseStrategy" else owner) + ".ownStrategy"
    return getattr(strategy, "__name__", "strategy")


@dataclass(frozen=True)
class Player:
    """A player: name, cards in hand, strategy, and whether a human plays it (manual)."""

    name: str
    cards: tuple[Card, ...]
    strategy: Strategy
    manual: bool

    @staticmethod
    def make(name: str, cards: Sequence[Card], strategy: Strategy, manual: bool) -> Player:
        return Player(name, tuple(cards), strategy, bool(manual))

    def getName(self) -> str:
        return self.name

    def getCards(self) -> list[Card]:
        """A fresh list of the cards: changing it never changes the player."""
        return list(self.cards)

    def getStrategy(self) -> Strategy:
        return self.strategy

    def isOnManual(self) -> bool:
        return self.manual

    def setCards(self, cards: Sequence[Card]) -> Player:
        return replace(self, cards=tuple(cards))

    def automate(self) -> Player:
        return replace(self, manual=False)

    def __repr__(self) -> str:
        return (
            f"{{name = {show(self.name)}, cards = {show(list(self.cards))}, "
            f"strategy = {_strategy_name(self.strategy)}, manual = {show(self.manual)}}}"
        )


MEMO_SIZE = 10
"""How many of the newest moves the desk's memory keeps."""


@dataclass(frozen=True)
class Desk:
    """The whole game state.  The head of ``players`` moves next; heads of piles are on top."""

    players: tuple[Player, ...]
    pile: tuple[Card, ...]
    deck: tuple[Card, ...]
    state: State
    direction: Direction
    memo: tuple[Move, ...]

    @staticmethod
    def make(
        players: Sequence[Player],
        pile: Sequence[Card],
        deck: Sequence[Card],
        state: State,
        direction: Direction,
        memo: Sequence[Move],
    ) -> Desk:
        return Desk(tuple(players), tuple(pile), tuple(deck), state, direction, tuple(memo))

    def getPlayers(self) -> list[Player]:
        return list(self.players)

    def getPile(self) -> list[Card]:
        return list(self.pile)

    def getDeck(self) -> list[Card]:
        return list(self.deck)

    def getState(self) -> State:
        return self.state

    def getDirection(self) -> Direction:
        return self.direction

    def getMemo(self) -> list[Move]:
        return list(self.memo)

    def setPlayers(self, players: Sequence[Player]) -> Desk:
        return replace(self, players=tuple(players))

    def setPile(self, pile: Sequence[Card]) -> Desk:
        return replace(self, pile=tuple(pile))

    def setDeck(self, deck: Sequence[Card]) -> Desk:
        return replace(self, deck=tuple(deck))

    def setState(self, state: State) -> Desk:
        return replace(self, state=state)

    def setDirection(self, direction: Direction) -> Desk:
        return replace(self, direction=direction)

    def setMemo(self, memo: Sequence[Move]) -> Desk:
        return replace(self, memo=tuple(memo))

    def addMemo(self, move: Move) -> Desk:
        """Record ``move`` as the newest one, keeping the 10 newest."""
        return replace(self, memo=tuple(shift(move, self.memo, MEMO_SIZE)))

    def whoseTurn(self) -> Desk:
        """Print whose turn it is and return the desk unchanged."""
        if not self.players:
            raise IllegalGame("whoseTurn: the desk has no players")
        say("\nThe turn of " + self.players[0].name + "\n")
        return self

    def __repr__(self) -> str:
        players = "\n  , ".join(repr(p) for p in self.players)
        return (
            "{ players =\n"
            + (f"  [ {players} ]" if self.players else "  []")
            + f"\n, pile = {show(list(self.pile))}"
            + f"\n, deck = {show(list(self.deck))}"
            + f"\n, state = {self.state!r}"
            + f"\n, direction = {self.direction!r}"
            + f"\n, memo = {show(list(self.memo))} }}"
        )


# ---------------------------------------------------------------------------------------------
# The False strategy: a fake strategy for testing code that needs one.
# ---------------------------------------------------------------------------------------------


class FalseStrategy:
    """SML's ``False`` structure (``False`` is a Python keyword)."""

    @staticmethod
    def ownStrategy(
        state: State,
        cards: Sequence[Card],
        playable: Sequence[Card],
        top: Card,
        direction: Direction,
        memo: Sequence[Move],
        counts: Sequence[int],
    ) -> Move:
        """``SIMPLE (CRD (r, GREEN))`` where ``r`` is the rank of the first card in hand.

        It answers that whether or not the player holds the card; a wild (or no) first card is an
        :class:`IllegalGame`.
        """
        if not cards or not isinstance(cards[0], CRD):
            raise IllegalGame("False.ownStrategy: the first card in hand must be ordinary")
        return SIMPLE(CRD(cards[0].rank, GREEN))


# ---------------------------------------------------------------------------------------------
# To-string helpers.
# ---------------------------------------------------------------------------------------------


def colorToString(c: Color) -> str:
    return repr(c)


def rankToString(r: Rank) -> str:
    return repr(r)


def cardToString(c: Card) -> str:
    return repr(c)


def stateToString(s: State) -> str:
    return repr(s)


def directionToString(d: Direction) -> str:
    return repr(d)


def moveToString(m: Move) -> str:
    return repr(m)


def listToString(f: Callable[[T], str], xs: Sequence[T]) -> str:
    """``[a, b, c]`` on one line."""
    return "[" + ", ".join(f(x) for x in xs) + "]"


def listToStringLn(f: Callable[[T], str], xs: Sequence[T]) -> str:
    """One element a line, as in the seed's manual-play transcript: ``[ a\\n, b\\n, c ]``."""
    if not xs:
        return "[]"
    return "[ " + "\n, ".join(f(x) for x in xs) + " ]"


def show(value: Any) -> str:
    """Any value of the lab in the course's notation (lists, tuples, strings, ints, booleans).

    The notation is also the text of the grader's fixtures and of what the grader's adapter sends
    back from the sandbox; feedback rewrites it as Python."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        escaped = value.replace("\\", "\\\\").replace('"', '\\"')
        return f'"{escaped}"'
    if value is None:
        return "NONE"
    if isinstance(value, list):
        return "[" + ", ".join(show(v) for v in value) + "]"
    if isinstance(value, tuple):
        return "(" + ", ".join(show(v) for v in value) + ")"
    if isinstance(value, type) and issubclass(value, BaseException):
        return "List.Empty" if value is Empty else value.__name__
    return repr(value)


__all__ = [
    "Action",
    "BLUE",
    "CLOCKWISE",
    "COUNTERCLOCKWISE",
    "CRD",
    "Card",
    "Color",
    "DRAW_TWO",
    "Desk",
    "Direction",
    "EXECUTE",
    "Empty",
    "FalseStrategy",
    "GIVE",
    "GREEN",
    "IllegalGame",
    "IllegalMove",
    "MEMO_SIZE",
    "Move",
    "NUM",
    "ORDER",
    "PASS",
    "PROCEED",
    "Pass",
    "Phase",
    "Player",
    "RED",
    "REVERSE",
    "Rank",
    "SIMPLE",
    "SKIP",
    "State",
    "Strategy",
    "StrategyArgs",
    "WILD",
    "WILD_DRAW_FOUR",
    "Wild",
    "YELLOW",
    "addNCopies",
    "cardToString",
    "colorToString",
    "colors",
    "compose",
    "directionToString",
    "isSameCard",
    "isSameColor",
    "isSameRank",
    "listToString",
    "listToStringLn",
    "moveToString",
    "pass_",
    "random_source",
    "rankToString",
    "ranks",
    "read_line",
    "say",
    "seeded",
    "set_random_source",
    "shift",
    "show",
    "shuffleList",
    "stateToString",
    "using_io",
]
