// player.c: ada's AI player (the C example class), the same strategy as the Python example
// class's ada (examples/final-card-down/ada/player.py): say the word owed after a play,
// else play the highest card that may be played (the first in the hand among equals; a
// DECLARE names RED), else draw, else end the turn.  It never calls anybody out.

#include <stddef.h>
#include <stdlib.h>

#include "player.h"

static action owed_word(Game game) {
    int turn = currentTurn(game);
    int made = turnMoves(game, turn);
    if (made == 0 || pastMove(game, turn, made - 1).action != PLAY_CARD) return END_TURN;
    switch (handCardCount(game)) {
        case 1:
            return SAY_UNO;
        case 2:
            return SAY_DUO;
        case 3:
            return SAY_TRIO;
        default:
            return END_TURN;  // no word owed
    }
}

playerMove decideMove(Game game) {
    playerMove move = {END_TURN, RED, NULL};
    action word = owed_word(game);
    if (word != END_TURN) {
        move.action = word;
        if (isValidMove(game, move)) return move;
    }
    int count = handCardCount(game);
    Card *hand = malloc((size_t)(count > 0 ? count : 1) * sizeof(Card));
    for (int i = 0; i < count; i++) hand[i] = handCard(game, i);  // the game's: never freed
    // Highest value first; among cards of one value, in the hand's order.
    for (int v = F; v >= ZERO; v--) {
        for (int i = 0; i < count; i++) {
            if ((int)cardValue(hand[i]) != v) continue;
            move.action = PLAY_CARD;
            move.card = hand[i];
            move.nextColor = RED;
            if (isValidMove(game, move)) {
                free(hand);
                return move;
            }
        }
    }
    free(hand);
    move.action = DRAW_CARD;
    move.card = NULL;
    if (isValidMove(game, move)) return move;
    move.action = END_TURN;
    return move;
}
