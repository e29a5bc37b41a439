// testGame.c: your tests of the Game ADT.  They must pass on any correct Game.c and fail on
// a broken one; the grader runs them on the course's ADT and on broken ADTs (see the page).
// Each test uses only Game.h and Card.h; a failed assert ends the run.

#include <assert.h>
#include <stdio.h>

#include "Game.h"

#define DECK 30

// A deck of 30 cards: card i has value i % 16, colour i % 5 and suit (i / 5) % 5.
static Game dealt(void) {
    value values[DECK];
    color colors[DECK];
    suit suits[DECK];
    for (int i = 0; i < DECK; i++) {
        values[i] = (value)(i % 16);
        colors[i] = (color)(i % 5);
        suits[i] = (suit)((i / 5) % 5);
    }
    return newGame(DECK, values, colors, suits);
}

static void test_a_new_game(void) {
    Game game = dealt();
    assert(numCards(game) == DECK);
    assert(currentPlayer(game) == 0);
    assert(currentTurn(game) == 0);
    assert(handCardCount(game) == 7);
    destroyGame(game);
}

int main(void) {
    test_a_new_game();
    printf("All tests passed.\n");
    return 0;
}
