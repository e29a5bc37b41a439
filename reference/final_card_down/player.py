"""The simple legal AI player the reference ships: ``decideMove(game) -> Move``.

It is a baseline for tournaments and an example of the player interface: it never
calls anybody out (a wrong call-out costs 4 cards), always says the word it owes,
plays the first playable card of its hand (a DECLARE names the colour it holds most
of), draws when it cannot play and ends the turn otherwise.  It is deterministic,
so a seeded tournament is reproducible.
"""

from __future__ import annotations

from collections import Counter

from .game import (
    Action,
    Color,
    Game,
    Move,
    Value,
    currentTurn,
    handCard,
    handCardCount,
    isValidMove,
    pastMove,
    turnMoves,
)

_WORDS = {1: Action.SAY_UNO, 2: Action.SAY_DUO, 3: Action.SAY_TRIO}


def _owed_word(game: Game) -> Action | None:
    """The word to say now: the last move of this turn was our play, leaving 1..3 cards."""
    turn = currentTurn(game)
    count = turnMoves(game, turn)
    if count == 0 or pastMove(game, turn, count - 1).action != Action.PLAY_CARD:
        return None
    return _WORDS.get(handCardCount(game))


def _favourite_color(game: Game) -> Color:
    colors = Counter(handCard(game, i).color for i in range(handCardCount(game)))
    return max(Color, key=lambda c: (colors[c], -int(c)))


def decideMove(game: Game) -> Move:
    """The next move of the simple player; always valid when the game is not over."""
    word = _owed_word(game)
    if word is not None and isValidMove(game, Move(word)):
        return Move(word)
    for i in range(handCardCount(game)):
        card = handCard(game, i)
        next_color = _favourite_color(game) if card.value == Value.DECLARE else None
        move = Move(Action.PLAY_CARD, next_color, card)
        if isValidMove(game, move):
            return move
    if isValidMove(game, Move(Action.DRAW_CARD)):
        return Move(Action.DRAW_CARD)
    return Move(Action.END_TURN)
