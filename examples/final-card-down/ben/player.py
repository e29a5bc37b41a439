"""Ben's player: plays the first card of the hand without asking whether it may."""

import game as g


def decideMove(game):
    turn = g.currentTurn(game)
    if g.turnMoves(game, turn) > 0:
        return g.Move(g.Action.END_TURN)
    return g.Move(g.Action.PLAY_CARD, g.Color.RED, g.handCard(game, 0))
