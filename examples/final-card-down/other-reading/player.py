"""An example AI player: like the reference's simple player, but prefers its highest card."""

import game as g


def decideMove(game):
    turn = g.currentTurn(game)
    n = g.turnMoves(game, turn)
    if n and g.pastMove(game, turn, n - 1).action == g.Action.PLAY_CARD:
        word = {1: g.Action.SAY_UNO, 2: g.Action.SAY_DUO, 3: g.Action.SAY_TRIO}.get(
            g.handCardCount(game)
        )
        if word is not None and g.isValidMove(game, g.Move(word)):
            return g.Move(word)
    cards = sorted(
        (g.handCard(game, i) for i in range(g.handCardCount(game))), key=lambda c: -int(c.value)
    )
    for c in cards:
        move = g.Move(g.Action.PLAY_CARD, g.Color.RED if c.value == g.Value.DECLARE else None, c)
        if g.isValidMove(game, move):
            return move
    if g.isValidMove(game, g.Move(g.Action.DRAW_CARD)):
        return g.Move(g.Action.DRAW_CARD)
    return g.Move(g.Action.END_TURN)
