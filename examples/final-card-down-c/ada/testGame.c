// testGame.c: ada's tests of the Game ADT, using Game.h only.

#include <assert.h>
#include <stdio.h>

#include "Game.h"

#define DECK 40

// Card i of the deck is given here; by default value i % 10 + 3 capped at NINE... kept
// simple: every card is a PURPLE NINE of QUESTIONS unless a test sets it.
static value values[DECK];
static color colors[DECK];
static suit suits[DECK];

static void plain_deck(void) {
    for (int i = 0; i < DECK; i++) {
        values[i] = (value)(3 + i % 7);  // THREE..NINE
        colors[i] = (color)(i % 4);      // RED..YELLOW, never PURPLE
        suits[i] = (suit)(i % 4);        // HEARTS..SPADES, never QUESTIONS
    }
    // The first discard (card 28): a PURPLE ONE of QUESTIONS, which nothing matches.
    values[28] = ONE;
    colors[28] = PURPLE;
    suits[28] = QUESTIONS;
}

static playerMove just(action a) {
    playerMove m = {a, RED, NULL};
    return m;
}

static void test_dealing(void) {
    plain_deck();
    Game g = newGame(DECK, values, colors, suits);
    assert(numCards(g) == DECK);
    assert(currentPlayer(g) == 0 && currentTurn(g) == 0 && numTurns(g) == 1);
    for (int p = 0; p < NUM_PLAYERS; p++) assert(playerCardCount(g, p) == 7);
    assert(cardValue(topDiscard(g)) == ONE && cardColor(topDiscard(g)) == PURPLE);
    assert(numOfColor(g, PURPLE) == 1 && numOfSuit(g, QUESTIONS) == 1);
    assert(playDirection(g) == CLOCKWISE && gameWinner(g) == NOT_FINISHED);
    destroyGame(g);
}

static void test_draw_then_end(void) {
    plain_deck();
    Game g = newGame(DECK, values, colors, suits);
    assert(!isValidMove(g, just(END_TURN)));
    assert(isValidMove(g, just(DRAW_CARD)));
    playMove(g, just(DRAW_CARD));
    assert(handCardCount(g) == 8);
    assert(!isValidMove(g, just(DRAW_CARD)));
    assert(isValidMove(g, just(END_TURN)));
    playMove(g, just(END_TURN));
    assert(currentPlayer(g) == 1 && currentTurn(g) == 1);
    assert(turnMoves(g, 0) == 2);
    assert(pastMove(g, 0, 0).action == DRAW_CARD && pastMove(g, 0, 1).action == END_TURN);
    destroyGame(g);
}

static void test_zero_is_wild_and_matching(void) {
    plain_deck();
    values[0] = ZERO;  // player 0's first card
    Game g = newGame(DECK, values, colors, suits);
    int zeros = 0;
    for (int i = 0; i < handCardCount(g); i++) {
        Card c = handCard(g, i);
        playerMove m = {PLAY_CARD, RED, c};
        if (cardValue(c) == ZERO) {
            zeros++;
            assert(isValidMove(g, m));
        } else {
            assert(!isValidMove(g, m));  // nothing else matches the PURPLE ONE
        }
    }
    assert(zeros == 1);
    destroyGame(g);
}

static void test_no_call_out_in_turn_zero(void) {
    plain_deck();
    Game g = newGame(DECK, values, colors, suits);
    assert(!isValidMove(g, just(SAY_UNO)));
    assert(playerPoints(g, 1) == 4 + 8 + 5 + 9 + 6 + 3 + 7);
    destroyGame(g);
}

int main(void) {
    test_dealing();
    test_draw_then_end();
    test_zero_is_wild_and_matching();
    test_no_call_out_in_turn_zero();
    printf("all tests passed\n");
    return 0;
}
