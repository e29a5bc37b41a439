// testGame.c: ada's tests of the Game ADT, using Game.h only.
//
// Each test deals a deck it builds by hand: every card is a filler (a PURPLE EIGHT of
// QUESTIONS, which none of the top cards below matches) except the few the test needs, put
// where the deal sends them: player p's k-th card is deck[k * NUM_PLAYERS + p], the first
// discard is deck[28] and the draw pile starts at deck[29].

#include <assert.h>
#include <stdio.h>

#include "Game.h"

#define BIG_DECK 60
#define SMALL_DECK 30
#define FIRST_DISCARD (NUM_PLAYERS * 7)

static value values[BIG_DECK];
static color colors[BIG_DECK];
static suit suits[BIG_DECK];

// The deck position of player p's k-th card.
static int dealt(int player, int k) {
    return k * NUM_PLAYERS + player;
}

static void put(int i, value v, color c, suit s) {
    values[i] = v;
    colors[i] = c;
    suits[i] = s;
}

// A deck of fillers whose first discard is the given card.
static void fillers(value v, color c, suit s) {
    for (int i = 0; i < BIG_DECK; i++) put(i, EIGHT, PURPLE, QUESTIONS);
    put(FIRST_DISCARD, v, c, s);
}

// The current player's card with these fields, or NULL.
static Card in_hand(Game g, value v, color c, suit s) {
    for (int i = 0; i < handCardCount(g); i++) {
        Card card = handCard(g, i);
        if (cardValue(card) == v && cardColor(card) == c && cardSuit(card) == s) return card;
    }
    return NULL;
}

// How many of the current player's cards have these fields.
static int holds(Game g, value v, color c, suit s) {
    int n = 0;
    for (int i = 0; i < handCardCount(g); i++) {
        Card card = handCard(g, i);
        n += cardValue(card) == v && cardColor(card) == c && cardSuit(card) == s;
    }
    return n;
}

static int is_top(Game g, value v, color c, suit s) {
    Card top = topDiscard(g);
    return cardValue(top) == v && cardColor(top) == c && cardSuit(top) == s;
}

static playerMove just(action a) {
    playerMove m = {a, RED, NULL};
    return m;
}

static playerMove play(Card card) {
    assert(card != NULL);
    playerMove m = {PLAY_CARD, RED, card};
    return m;
}

static void make(Game g, playerMove m) {
    assert(isValidMove(g, m));
    playMove(g, m);
}

// ------------------------------------------------------------------ dealing, queries

static void test_dealing(void) {
    fillers(FIVE, RED, HEARTS);
    put(dealt(0, 2), THREE, GREEN, CLUBS);  // deck[8]: player 0's third card
    put(dealt(1, 0), FOUR, BLUE, DIAMONDS); // deck[1]: player 1's first card
    Game g = newGame(BIG_DECK, values, colors, suits);
    assert(numCards(g) == BIG_DECK);
    assert(numOfColor(g, PURPLE) == BIG_DECK - 3 && numOfValue(g, FIVE) == 1);
    assert(currentPlayer(g) == 0 && currentTurn(g) == 0);
    assert(numTurns(g) == 1);
    for (int p = 0; p < NUM_PLAYERS; p++) assert(playerCardCount(g, p) == 7);
    assert(holds(g, THREE, GREEN, CLUBS) == 1);  // dealt one at a time, not in blocks
    assert(holds(g, FOUR, BLUE, DIAMONDS) == 0);
    assert(playerPoints(g, 0) == 6 * 8 + 3);
    assert(playerPoints(g, 1) == 6 * 8 + 4);
    assert(is_top(g, FIVE, RED, HEARTS));
    assert(playDirection(g) == CLOCKWISE && gameWinner(g) == NOT_FINISHED);
    destroyGame(g);
}

// ------------------------------------------------------------------ a turn

static void test_a_turn_is_a_draw_or_a_play(void) {
    fillers(FIVE, RED, HEARTS);
    put(dealt(0, 0), SIX, RED, SPADES);
    put(dealt(1, 0), SEVEN, RED, DIAMONDS);
    Game g = newGame(BIG_DECK, values, colors, suits);
    assert(!isValidMove(g, just(END_TURN)));  // nothing done yet
    assert(!isValidMove(g, just(SAY_UNO)));   // turn 0: nobody to call out
    assert(isValidMove(g, just(DRAW_CARD)));
    playMove(g, just(DRAW_CARD));
    assert(handCardCount(g) == 8);
    assert(!isValidMove(g, just(DRAW_CARD)));  // one draw a turn
    Card six = in_hand(g, SIX, RED, SPADES);
    assert(!isValidMove(g, play(six)));  // it matches, but the turn was a draw
    make(g, just(END_TURN));
    assert(currentPlayer(g) == 1 && currentTurn(g) == 1 && numTurns(g) == 2);
    assert(turnMoves(g, 0) == 2 && pastMove(g, 0, 0).action == DRAW_CARD);
    make(g, play(in_hand(g, SEVEN, RED, DIAMONDS)));
    assert(is_top(g, SEVEN, RED, DIAMONDS));
    assert(!isValidMove(g, just(DRAW_CARD)));  // the turn was a play
    make(g, just(END_TURN));
    destroyGame(g);
}

static void test_zero_is_wild(void) {
    fillers(FIVE, RED, HEARTS);
    put(dealt(0, 0), ZERO, GREEN, SPADES);
    put(dealt(0, 1), SIX, BLUE, CLUBS);
    Game g = newGame(BIG_DECK, values, colors, suits);
    assert(isValidMove(g, play(in_hand(g, ZERO, GREEN, SPADES))));
    assert(!isValidMove(g, play(in_hand(g, SIX, BLUE, CLUBS))));  // matches nothing
    destroyGame(g);
}

// ------------------------------------------------------------------ DRAW_TWO

static void test_a_first_draw_two_makes_player_0_draw_two(void) {
    fillers(DRAW_TWO, RED, HEARTS);
    put(dealt(0, 0), ZERO, GREEN, SPADES);
    put(dealt(0, 1), SIX, RED, CLUBS);
    Game g = newGame(BIG_DECK, values, colors, suits);
    assert(!isValidMove(g, play(in_hand(g, ZERO, GREEN, SPADES))));  // no wild under a DRAW_TWO
    assert(!isValidMove(g, play(in_hand(g, SIX, RED, CLUBS))));
    assert(!isValidMove(g, just(END_TURN)));
    make(g, just(DRAW_CARD));
    assert(!isValidMove(g, just(END_TURN)));  // one of two drawn
    make(g, just(DRAW_CARD));
    assert(!isValidMove(g, just(DRAW_CARD)));
    make(g, just(END_TURN));
    // Player 1: the DRAW_TWO was paid for; an ordinary turn.
    make(g, just(DRAW_CARD));
    assert(isValidMove(g, just(END_TURN)));
    assert(!isValidMove(g, just(DRAW_CARD)));
    destroyGame(g);
}

static void test_draw_twos_stack(void) {
    fillers(DRAW_TWO, RED, HEARTS);
    put(dealt(0, 0), DRAW_TWO, GREEN, SPADES);
    Game g = newGame(BIG_DECK, values, colors, suits);
    make(g, play(in_hand(g, DRAW_TWO, GREEN, SPADES)));
    make(g, just(END_TURN));
    // Player 1 faces two DRAW_TWOs: four cards.
    assert(!isValidMove(g, just(END_TURN)));
    make(g, just(DRAW_CARD));
    make(g, just(DRAW_CARD));
    assert(!isValidMove(g, just(END_TURN)));  // two of four drawn
    make(g, just(DRAW_CARD));
    make(g, just(DRAW_CARD));
    assert(!isValidMove(g, just(DRAW_CARD)));
    make(g, just(END_TURN));
    assert(playerCardCount(g, 1) == 11);
    destroyGame(g);
}

// ------------------------------------------------------------------ ADVANCE, BACKWARDS

static void test_a_first_advance_or_backwards(void) {
    fillers(ADVANCE, RED, HEARTS);
    Game g = newGame(BIG_DECK, values, colors, suits);
    assert(currentPlayer(g) == 1 && currentTurn(g) == 0);
    destroyGame(g);

    fillers(BACKWARDS, RED, HEARTS);
    g = newGame(BIG_DECK, values, colors, suits);
    assert(playDirection(g) == ANTICLOCKWISE);
    make(g, just(DRAW_CARD));
    make(g, just(END_TURN));
    assert(currentPlayer(g) == 3);
    destroyGame(g);
}

static void test_advance_skips_and_backwards_reverses(void) {
    fillers(FIVE, RED, HEARTS);
    put(dealt(0, 0), ADVANCE, RED, CLUBS);
    put(dealt(2, 0), BACKWARDS, RED, SPADES);
    Game g = newGame(BIG_DECK, values, colors, suits);
    make(g, play(in_hand(g, ADVANCE, RED, CLUBS)));
    make(g, just(END_TURN));
    assert(currentPlayer(g) == 2);
    assert(currentTurn(g) == 1);  // player 1 was skipped: no turn of theirs
    make(g, play(in_hand(g, BACKWARDS, RED, SPADES)));
    assert(playDirection(g) == ANTICLOCKWISE);
    make(g, just(END_TURN));
    assert(currentPlayer(g) == 1);
    destroyGame(g);
}

// ------------------------------------------------------------------ DECLARE, CONTINUE

static void test_declare_names_the_colour_while_on_top(void) {
    fillers(FIVE, RED, HEARTS);
    put(dealt(0, 0), DECLARE, RED, CLUBS);
    put(dealt(1, 0), SIX, BLUE, SPADES);
    put(dealt(1, 1), ZERO, GREEN, DIAMONDS);
    put(dealt(2, 0), SEVEN, BLUE, SPADES);
    Game g = newGame(BIG_DECK, values, colors, suits);
    playerMove declare = play(in_hand(g, DECLARE, RED, CLUBS));
    declare.nextColor = BLUE;
    make(g, declare);
    assert(is_top(g, DECLARE, RED, CLUBS));  // the card as printed
    make(g, just(END_TURN));
    assert(isValidMove(g, play(in_hand(g, SIX, BLUE, SPADES))));  // BLUE was declared
    make(g, play(in_hand(g, ZERO, GREEN, DIAMONDS)));
    make(g, just(END_TURN));
    assert(!isValidMove(g, play(in_hand(g, SEVEN, BLUE, SPADES))));  // BLUE is gone
    destroyGame(g);
}

static void test_continue_allows_one_more_matching_card(void) {
    fillers(FIVE, RED, HEARTS);
    put(dealt(0, 0), CONTINUE, RED, CLUBS);
    put(dealt(0, 1), SIX, GREEN, SPADES);
    put(dealt(0, 2), CONTINUE, BLUE, DIAMONDS);
    Game g = newGame(BIG_DECK, values, colors, suits);
    make(g, play(in_hand(g, CONTINUE, RED, CLUBS)));
    assert(!isValidMove(g, play(in_hand(g, SIX, GREEN, SPADES))));  // must still match
    assert(isValidMove(g, play(in_hand(g, CONTINUE, BLUE, DIAMONDS))));
    destroyGame(g);
}

// ------------------------------------------------------------------ call-outs, winning

// Player 0's seven cards are CONTINUEs on a CONTINUE: they may all be played in turn 0.
static Game all_continues(void) {
    fillers(CONTINUE, RED, HEARTS);
    for (int k = 0; k < 7; k++) put(dealt(0, k), CONTINUE, (color)(k % 5), (suit)(k % 4));
    return newGame(BIG_DECK, values, colors, suits);
}

static void play_a_continue(Game g) {
    for (int k = 0; k < 7; k++) {
        Card c = in_hand(g, CONTINUE, (color)(k % 5), (suit)(k % 4));
        if (c != NULL) {
            make(g, play(c));
            return;
        }
    }
    assert(0);  // no CONTINUE left
}

static void test_a_right_call_out_costs_the_previous_player_two(void) {
    Game g = all_continues();
    for (int k = 0; k < 4; k++) play_a_continue(g);
    assert(handCardCount(g) == 3);
    make(g, just(END_TURN));  // without SAY_TRIO
    make(g, just(SAY_TRIO));
    assert(playerCardCount(g, 0) == 5);
    assert(playerCardCount(g, 1) == 7);
    destroyGame(g);
}

static void test_the_last_card_wins_at_once(void) {
    Game g = all_continues();
    for (int k = 0; k < 7; k++) play_a_continue(g);
    assert(gameWinner(g) == 0);
    assert(!isValidMove(g, just(END_TURN)));
    destroyGame(g);
}

static void test_a_wrong_call_out_and_a_late_one(void) {
    fillers(FIVE, RED, HEARTS);
    Game g = newGame(BIG_DECK, values, colors, suits);
    make(g, just(DRAW_CARD));
    make(g, just(END_TURN));
    make(g, just(SAY_UNO));  // player 0 owed no UNO
    assert(playerCardCount(g, 1) == 11);
    assert(playerCardCount(g, 0) == 8);
    assert(!isValidMove(g, just(SAY_UNO)));  // said already
    make(g, just(DRAW_CARD));
    assert(!isValidMove(g, just(SAY_DUO)));  // a call-out comes first in the turn
    destroyGame(g);
}

// ------------------------------------------------------------------ the deck runs out

static void test_an_empty_deck_is_refilled_then_the_game_ends(void) {
    fillers(FIVE, RED, HEARTS);
    put(dealt(0, 0), FIVE, BLUE, CLUBS);
    put(dealt(1, 0), SEVEN, BLUE, SPADES);
    Game g = newGame(SMALL_DECK, values, colors, suits);  // one card to draw
    make(g, play(in_hand(g, FIVE, BLUE, CLUBS)));
    make(g, just(END_TURN));
    make(g, play(in_hand(g, SEVEN, BLUE, SPADES)));
    make(g, just(END_TURN));
    make(g, just(DRAW_CARD));  // player 2 takes the last card
    make(g, just(END_TURN));
    make(g, just(DRAW_CARD));  // player 3: the deck is the discards but the top, in order
    assert(holds(g, FIVE, RED, HEARTS) == 1);
    assert(holds(g, FIVE, BLUE, CLUBS) == 0);
    assert(is_top(g, SEVEN, BLUE, SPADES));
    make(g, just(END_TURN));
    make(g, just(DRAW_CARD));  // player 0
    assert(holds(g, FIVE, BLUE, CLUBS) == 1);
    make(g, just(END_TURN));
    make(g, just(DRAW_CARD));  // player 1: nothing left to draw
    assert(playerCardCount(g, 1) == 6);
    assert(gameWinner(g) == NO_WINNER);
    destroyGame(g);
}

int main(void) {
    test_dealing();
    test_a_turn_is_a_draw_or_a_play();
    test_zero_is_wild();
    test_a_first_draw_two_makes_player_0_draw_two();
    test_draw_twos_stack();
    test_a_first_advance_or_backwards();
    test_advance_skips_and_backwards_reverses();
    test_declare_names_the_colour_while_on_top();
    test_continue_allows_one_more_matching_card();
    test_a_right_call_out_costs_the_previous_player_two();
    test_the_last_card_wins_at_once();
    test_a_wrong_call_out_and_a_late_one();
    test_an_empty_deck_is_refilled_then_the_game_ends();
    printf("all tests passed\n");
    return 0;
}
