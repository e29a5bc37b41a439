"""What one player may see: the only input a strategy (bot or student) is given.

Other players' hands and the order of the draw pile are hidden; their sizes are not.
"""

from __future__ import annotations

from typing import NamedTuple

from .engine import legal_actions
from .state import Action, GameState, Rules


class PlayerView(NamedTuple):
    """The table as seen from seat ``player``."""

    player: int
    hand: tuple[str, ...]
    hand_sizes: tuple[int, ...]  # every seat's card count, own included
    top: str  # top card of the discard pile
    discard: tuple[str, ...]  # the whole (face-up) discard pile, top first
    color: str  # colour in force
    current: int
    direction: int
    phase: str
    pending: int
    drawn: str | None  # set only for the player who just drew
    prev_color: str  # colour in force before a Wild Draw Four being answered
    w4_from: int
    uno_pending: int
    draw_pile_size: int
    dealer: int
    scores: tuple[int, ...]
    round_no: int
    turn: int
    rules: Rules
    legal: tuple[Action, ...]


def observe(state: GameState, player: int) -> PlayerView:
    """The view of ``player``, with the actions open to them right now."""
    return PlayerView(
        player,
        state.hands[player],
        tuple(len(h) for h in state.hands),
        state.discard[0],
        state.discard,
        state.color,
        state.current,
        state.direction,
        state.phase,
        state.pending,
        state.drawn if player == state.current else None,
        state.prev_color,
        state.w4_from,
        state.uno_pending,
        len(state.draw_pile),
        state.dealer,
        state.scores,
        state.round_no,
        state.turn,
        state.rules,
        legal_actions(state, player),
    )
