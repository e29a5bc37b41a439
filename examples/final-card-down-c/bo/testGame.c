// testGame.c: bo's tests.  One of them is wrong: the first turn is numbered 0, not 1.

#include <assert.h>

#include "Game.h"

#define DECK 30

int main(void) {
    value values[DECK];
    color colors[DECK];
    suit suits[DECK];
    for (int i = 0; i < DECK; i++) {
        values[i] = (value)(i % 16);
        colors[i] = (color)(i % 5);
        suits[i] = (suit)(i % 5);
    }
    Game game = newGame(DECK, values, colors, suits);
    assert(numCards(game) == DECK);
    assert(currentTurn(game) == 1);
    destroyGame(game);
    return 0;
}
