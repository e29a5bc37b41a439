"""Cy's player: draws and ends the turn, except that it trips over a DECLARE on top."""

import game as g

SCORE = {value: int(value) for value in g.Value if value != g.Value.DECLARE}


def decideMove(game):
    top = g.topDiscard(game)
    SCORE[top.value]  # KeyError when the top card is a DECLARE
    turn = g.currentTurn(game)
    if g.turnMoves(game, turn) == 0:
        return g.Move(g.Action.DRAW_CARD)
    return g.Move(g.Action.END_TURN)
