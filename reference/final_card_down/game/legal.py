"""``legalMoves``: every valid move now, in a fixed order (an extra, not a course function).

AI players and the scenario generator need the set of moves to choose from; listing
them through ``isValidMove`` keeps one source of truth for the rules.
"""

from __future__ import annotations

from .cards import Action, Color, Move, Value
from .rules import isValidMove
from .state import Game


def legalMoves(game: Game) -> tuple[Move, ...]:
    """Valid moves: call-outs/calls, plays (hand order, DECLARE x each colour), draw, end."""
    candidates: list[Move] = [Move(a) for a in (Action.SAY_UNO, Action.SAY_DUO, Action.SAY_TRIO)]
    seen = set()
    for card in game.hands[game.player]:
        if card in seen:
            continue
        seen.add(card)
        if card.value == Value.DECLARE:
            candidates.extend(Move(Action.PLAY_CARD, c, card) for c in Color)
        else:
            candidates.append(Move(Action.PLAY_CARD, None, card))
    candidates += [Move(Action.DRAW_CARD), Move(Action.END_TURN)]
    return tuple(m for m in candidates if isValidMove(game, m))
