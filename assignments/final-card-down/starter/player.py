"""Your AI player: ``decideMove(game)`` is asked for one move at a time in its turn, until it
answers END_TURN.  In a tournament ``game`` is a snapshot of the game, asked through the
module ``game``'s functions as below (D17).  It plays in tournaments only (run by the course
staff); an invalid move, an exception or a timeout (1 s per decision) loses that game.
"""

import game as g


def decideMove(game):
    """The simplest legal player: draw once, then end the turn."""
    turn = g.currentTurn(game)
    if g.turnMoves(game, turn) == 0 and g.isValidMove(game, g.Move(g.Action.DRAW_CARD)):
        return g.Move(g.Action.DRAW_CARD)
    return g.Move(g.Action.END_TURN)
