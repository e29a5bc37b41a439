"""The immutable values the engine works on: rules, actions, events and the game state.

The state is a ``NamedTuple`` rather than a frozen dataclass: it is just as immutable, but
building one is a single tuple allocation, which matters because tournaments and fixture
generation create millions of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple


@dataclass(frozen=True)
class Rules:
    """Table rules.  The official game is the default; house rules are opt-in flags."""

    num_players: int = 4
    hand_size: int = 7
    target_score: int = 500
    stack_draw_two: bool = False  # a Draw Two may be answered with a Draw Two, totals add up
    seven_zero: bool = False  # a 7 swaps hands with a chosen player, a 0 passes all hands on
    jump_in: bool = False  # a card identical to the top discard may be played out of turn

    def __post_init__(self) -> None:
        if not 2 <= self.num_players <= 10:
            raise ValueError(f"num_players must be 2..10, got {self.num_players}")
        if not 1 <= self.hand_size <= 10:
            raise ValueError(f"hand_size must be 1..10, got {self.hand_size}")
        if self.target_score < 1:
            raise ValueError(f"target_score must be positive, got {self.target_score}")


OFFICIAL = Rules()


class Action(NamedTuple):
    """One move.  ``kind`` decides which other fields matter.

    kinds: ``play`` (card, color for wilds, uno call, target for a seven-zero 7),
    ``draw``, ``pass`` (keep the card just drawn), ``declare`` (colour of a Wild turned up as
    the first discard), ``challenge`` / ``accept`` (answer to a Wild Draw Four; ``accept`` also
    takes a stacked Draw Two total), ``catch`` (``player`` catches whoever forgot "uno"),
    ``jump_in`` (``player`` plays an identical card out of turn), ``deal`` (start the next round).
    """

    kind: str
    card: str | None = None
    color: str | None = None
    uno: bool = False
    target: int | None = None
    player: int | None = None


class Event(NamedTuple):
    """Something that happened, for feedback and replays: ``kind``, who, and what."""

    kind: str
    player: int
    data: object = None


class GameState(NamedTuple):
    """Everything about a match in progress.  Piles list their top card first.

    ``phase`` says what the player to act (``current``) is asked for:
    ``declare`` (a Wild was turned up: choose the first colour), ``play`` (an ordinary turn),
    ``drawn`` (play the card just drawn, or pass to keep it; only when it can be played: a
    drawn card that cannot be played passes the turn at once), ``challenge`` (answer a Wild
    Draw Four),
    ``stack`` (house rule: answer a Draw Two), ``round_over`` (deal the next round),
    ``match_over`` (nothing left to do).
    """

    rules: Rules
    seed: int
    shuffles: int  # how many shuffles so far; with ``seed`` it names the next shuffle's order
    hands: tuple[tuple[str, ...], ...]
    draw_pile: tuple[str, ...]
    discard: tuple[str, ...]
    color: str  # colour in force ("" only while a first-discard Wild awaits its colour)
    current: int
    direction: int  # 1 clockwise (to the dealer's left), -1 counter-clockwise
    phase: str
    pending: int  # cards the current player takes on ``accept`` (challenge / stack phases)
    drawn: str | None  # the card drawn this turn (phase ``drawn``)
    w4_from: int  # who played the Wild Draw Four being answered, -1 if none
    w4_guilty: bool  # whether that player held a card of the colour in force
    prev_color: str  # the colour in force before that Wild Draw Four
    uno_pending: int  # a player who played their next-to-last card without calling, -1 if none
    dealer: int
    scores: tuple[int, ...]
    round_no: int
    turn: int  # actions applied since the match began
    winner: int  # who went out (round_over) or won the match (match_over), -1 otherwise
    events: tuple[Event, ...]  # what the last action (or the deal) caused


class IllegalActionError(ValueError):
    """An action that the rules do not allow in this state.  Carries both for the report."""

    def __init__(self, message: str, state: GameState, action: object) -> None:
        super().__init__(message)
        self.state = state
        self.action = action
