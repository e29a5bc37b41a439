"""The immutable game state and ``newGame``.

A ``Game`` is a frozen value: every move produces a new one (``playMove`` in
``rules.py``), so a player, a grader or a test can keep any earlier state and
ask it questions later.  Storage is tuples, never fixed-size arrays, because the
FAQ allows decks of any size from 30 up (800 and more).

Piles are stored so the cheap end is the busy end: the draw pile is a tuple
read from ``deck_pos`` (index 0 was the top when the game began), the discard
pile is bottom-first so ``discard[-1]`` is the top card.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from . import readings as _readings
from .cards import (
    HAND_SIZE,
    MIN_DECK_SIZE,
    NOT_FINISHED,
    NUM_PLAYERS,
    Action,
    Card,
    Color,
    Direction,
    Move,
    Suit,
    Value,
)
from .errors import InvalidDeckError
from .readings import Readings

# A finished turn's moves linked to the turns before it: (moves, older) or None.  Linked so
# that ending a turn costs O(1) however long the game is; looking back walks the list.
Past = tuple[tuple[Move, ...], "Past"] | None


@dataclass(frozen=True, slots=True)
class Game:
    """Everything the rules need, including the per-turn bookkeeping of what is still allowed."""

    initial: tuple[Card, ...]  # the deck as given to newGame (numCards, numOfSuit, ...)
    deck: tuple[Card, ...]  # draw pile; deck[deck_pos] is its top card
    deck_pos: int
    discard: tuple[Card, ...]  # bottom first; discard[-1] is the top card
    hands: tuple[tuple[Card, ...], ...]
    player: int
    direction: Direction
    turn: int
    moves: tuple[Move, ...]  # the moves of the current turn so far
    past: Past  # the moves of the finished turns, newest first (a shared linked list)
    declared: Color | None  # the colour a DECLARE on top named (None: the printed colour counts)
    penalty: int  # DRAW_TWOs stacked against the current player, still to be drawn
    drawn: int  # cards drawn with DRAW_CARD this turn
    played: int  # cards played this turn
    may_play_again: bool  # the last card played this turn was a CONTINUE
    owed: Action | None  # the word owed for the play that was the very last move
    missed: frozenset[Action]  # words the current player has failed to say this turn
    prev_missed: frozenset[Action]  # words the previous turn's player failed to say
    called_out: frozenset[Action]  # words already used for call-outs this turn
    in_callouts: bool  # every move so far this turn was a call-out
    prev_player: int  # who played the previous turn (-1 before the first turn ends)
    stack_out: int  # DRAW_TWOs the next player will face
    skip_next: bool  # an ADVANCE was played this turn
    winner: int  # NOT_FINISHED, a player 0..3, or NO_WINNER
    readings: Readings = _readings.DEFAULT  # how the spec's open rules are read (readings.py)

    @property
    def deck_size(self) -> int:
        return len(self.deck) - self.deck_pos

    @property
    def top(self) -> Card:
        return self.discard[-1]

    @property
    def effective_color(self) -> Color:
        """The colour a card must match: a DECLARE's named colour replaces its printed one."""
        return self.declared if self.declared is not None else self.top.color


def _card_at(values: Sequence[int], colors: Sequence[int], suits: Sequence[int], i: int) -> Card:
    try:
        return Card(Value(values[i]), Color(colors[i]), Suit(suits[i]))
    except (ValueError, TypeError) as exc:
        raise InvalidDeckError(
            f"card {i} of the deck is not a valid card: value={values[i]!r}, "
            f"color={colors[i]!r}, suit={suits[i]!r}"
        ) from exc


def newGame(
    deckSize: int,
    values: Sequence[int],
    colors: Sequence[int],
    suits: Sequence[int],
    *,
    readings: Readings | None = None,
) -> Game:
    """Deal a new game from the deck exactly as given (index 0 is the top card, dealt first).

    No shuffling (FAQ): 7 cards each, round-robin from player 0, then the next card starts
    the discard pile and the rest is the draw pile.  The first discard takes effect at once:
    a DRAW_TWO is a penalty against the first player, an ADVANCE skips player 0 (player 1
    plays turn 0; turn 1 with ``skipped_turn_numbered``), a BACKWARDS makes play anticlockwise;
    CONTINUE and DECLARE are plain cards. ``readings``: how the open rules are read (by default
    ``readings.DEFAULT``, read at the call).
    """
    readings = readings if readings is not None else _readings.DEFAULT
    if isinstance(deckSize, bool) or not isinstance(deckSize, int):
        raise InvalidDeckError(f"deckSize must be an int, not {deckSize!r}")
    if deckSize < MIN_DECK_SIZE:
        raise InvalidDeckError(f"deckSize is {deckSize}; a deck needs at least {MIN_DECK_SIZE}")
    for name, seq in (("values", values), ("colors", colors), ("suits", suits)):
        if len(seq) < deckSize:
            raise InvalidDeckError(f"{name} has {len(seq)} entries; deckSize is {deckSize}")
    deck = tuple(_card_at(values, colors, suits, i) for i in range(deckSize))
    dealt = NUM_PLAYERS * HAND_SIZE
    hands = tuple(deck[p:dealt:NUM_PLAYERS] for p in range(NUM_PLAYERS))
    first = deck[dealt]
    player, direction, penalty, turn, past = 0, Direction.CLOCKWISE, 0, 0, None
    if first.value == Value.DRAW_TWO:
        penalty = 1
    elif first.value == Value.ADVANCE:
        player = 1
        if readings.skipped_turn_numbered:  # D4's other reading: player 0's turn 0, no moves
            turn, past = 1, ((), None)
    elif first.value == Value.BACKWARDS:
        direction = Direction.ANTICLOCKWISE
    return Game(
        initial=deck,
        deck=deck,
        deck_pos=dealt + 1,
        discard=(first,),
        hands=hands,
        player=player,
        direction=direction,
        turn=turn,
        moves=(),
        past=past,
        declared=None,
        penalty=penalty,
        drawn=0,
        played=0,
        may_play_again=False,
        owed=None,
        missed=frozenset(),
        prev_missed=frozenset(),
        called_out=frozenset(),
        in_callouts=True,
        prev_player=-1,
        stack_out=0,
        skip_next=False,
        winner=NOT_FINISHED,
        readings=readings,
    )


def destroyGame(game: Game) -> None:
    """Kept for the C name only: a Python game is freed when nothing refers to it."""
    del game


def with_move(game: Game, move: Move, **changes: object) -> Game:
    """Record ``move`` in the current turn's moves and apply ``changes`` in one copy."""
    return replace(game, moves=game.moves + (move,), **changes)


def turn_moves(game: Game, turn: int) -> tuple[Move, ...]:
    """The moves of ``turn`` (0..game.turn), walking back from the newest finished turn."""
    if turn == game.turn:
        return game.moves
    past = game.past
    for _ in range(game.turn - 1 - turn):
        assert past is not None
        past = past[1]
    assert past is not None
    return past[0]
