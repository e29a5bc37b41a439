// player.c: your AI player.  decideMove is called again and again in your turn until it
// answers END_TURN; every answer must be a valid move.  This one draws, then ends its turn.

#include <stddef.h>

#include "player.h"

playerMove decideMove(Game game) {
    playerMove move = {DRAW_CARD, RED, NULL};
    if (!isValidMove(game, move)) {
        move.action = END_TURN;
    }
    return move;
}
