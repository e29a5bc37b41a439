// Game.c: a sound Final Card-Down ADT (the example class's "ada"), read the page's way
// (Decisions D1..D14): no play after a draw, no draw after a play, a spent DRAW_TWO stays
// spent, a skipped player gets no turn number, no call-out in turn 0.
//
// Every card the game ever holds comes from the deck given to newGame: those cards are
// made once, kept in `all`, moved between piles as pointers and freed in destroyGame.

#include <stdlib.h>

#include "Game.h"

#define HAND_SIZE 7
#define NO_WORD -1

typedef struct {
    Card *items;
    int size;
    int capacity;
} pile;

typedef struct {
    action action;
    color nextColor;
    Card card;  // the physical card played (one of `all`), or NULL
} record;

typedef struct {
    record *items;
    int size;
    int capacity;
} turnRecord;

struct _game {
    int deckSize;
    Card *all;          // every card, in deck order: freed by destroyGame
    pile deck;          // draw pile, top card last
    pile discard;       // bottom first, top card last
    pile hands[NUM_PLAYERS];
    turnRecord *turns;  // one per turn so far
    int numTurns;
    int turnCapacity;
    int player;
    direction direction;
    int declared;       // the colour a DECLARE on top named, or -1
    int penalty;        // DRAW_TWOs stacked against the current player
    int drawn;          // DRAW_CARD moves this turn
    int played;         // cards played this turn
    int mayPlayAgain;   // the last card played this turn was a CONTINUE
    int owed;           // the word owed right now, or NO_WORD
    int missed;         // words the current player failed to say (bit per action)
    int prevMissed;     // words the previous turn's player failed to say
    int calledOut;      // words used for call-outs this turn
    int inCallouts;     // every move so far this turn was a call-out
    int prevPlayer;     // who played the previous turn, or -1
    int stackOut;       // DRAW_TWOs the next player will face
    int skipNext;       // an ADVANCE was played this turn
    int winner;
};

static void *grow(void *items, int *capacity, size_t size) {
    int wanted = *capacity == 0 ? 8 : *capacity * 2;
    void *bigger = realloc(items, (size_t)wanted * size);
    if (bigger == NULL) {
        abort();
    }
    *capacity = wanted;
    return bigger;
}

static void push(pile *p, Card card) {
    if (p->size == p->capacity) {
        p->items = grow(p->items, &p->capacity, sizeof(Card));
    }
    p->items[p->size++] = card;
}

static void record_move(Game g, playerMove move, Card physical) {
    turnRecord *t = &g->turns[g->numTurns - 1];
    if (t->size == t->capacity) {
        t->items = grow(t->items, &t->capacity, sizeof(record));
    }
    record r = {move.action, move.nextColor, physical};
    t->items[t->size++] = r;
}

static void start_turn_record(Game g) {
    if (g->numTurns == g->turnCapacity) {
        g->turns = grow(g->turns, &g->turnCapacity, sizeof(turnRecord));
    }
    turnRecord empty = {NULL, 0, 0};
    g->turns[g->numTurns++] = empty;
}

static int word_bit(int word) {
    return 1 << word;
}

static int word_for_count(int count) {
    if (count == 1) return SAY_UNO;
    if (count == 2) return SAY_DUO;
    if (count == 3) return SAY_TRIO;
    return NO_WORD;
}

Game newGame(int deckSize, value values[], color colors[], suit suits[]) {
    Game g = calloc(1, sizeof *g);
    if (g == NULL) {
        abort();
    }
    g->deckSize = deckSize;
    g->all = malloc((size_t)deckSize * sizeof(Card));
    if (g->all == NULL) {
        abort();
    }
    for (int i = 0; i < deckSize; i++) {
        g->all[i] = newCard(values[i], colors[i], suits[i]);
    }
    int dealt = NUM_PLAYERS * HAND_SIZE;
    for (int i = 0; i < dealt; i++) {
        push(&g->hands[i % NUM_PLAYERS], g->all[i]);
    }
    Card first = g->all[dealt];
    push(&g->discard, first);
    for (int i = deckSize - 1; i > dealt; i--) {
        push(&g->deck, g->all[i]);  // the top card goes last
    }
    g->player = 0;
    g->direction = CLOCKWISE;
    g->declared = -1;
    g->owed = NO_WORD;
    g->inCallouts = 1;
    g->prevPlayer = -1;
    g->winner = NOT_FINISHED;
    if (cardValue(first) == DRAW_TWO) {
        g->penalty = 1;
    } else if (cardValue(first) == ADVANCE) {
        g->player = 1;
    } else if (cardValue(first) == BACKWARDS) {
        g->direction = ANTICLOCKWISE;
    }
    start_turn_record(g);
    return g;
}

void destroyGame(Game g) {
    for (int i = 0; i < g->deckSize; i++) {
        destroyCard(g->all[i]);
    }
    free(g->all);
    free(g->deck.items);
    free(g->discard.items);
    for (int p = 0; p < NUM_PLAYERS; p++) {
        free(g->hands[p].items);
    }
    for (int t = 0; t < g->numTurns; t++) {
        free(g->turns[t].items);
    }
    free(g->turns);
    free(g);
}

int numCards(Game g) {
    return g->deckSize;
}

int numOfSuit(Game g, suit s) {
    int n = 0;
    for (int i = 0; i < g->deckSize; i++) n += cardSuit(g->all[i]) == s;
    return n;
}

int numOfColor(Game g, color c) {
    int n = 0;
    for (int i = 0; i < g->deckSize; i++) n += cardColor(g->all[i]) == c;
    return n;
}

int numOfValue(Game g, value v) {
    int n = 0;
    for (int i = 0; i < g->deckSize; i++) n += cardValue(g->all[i]) == v;
    return n;
}

int currentPlayer(Game g) {
    return g->player;
}

int currentTurn(Game g) {
    return g->numTurns - 1;
}

int numTurns(Game g) {
    return g->numTurns;
}

int turnMoves(Game g, int turn) {
    return g->turns[turn].size;
}

playerMove pastMove(Game g, int turn, int move) {
    record r = g->turns[turn].items[move];
    playerMove m = {r.action, r.nextColor, r.card};
    return m;
}

int playerCardCount(Game g, int player) {
    return g->hands[player].size;
}

int handCardCount(Game g) {
    return g->hands[g->player].size;
}

Card handCard(Game g, int card) {
    return g->hands[g->player].items[card];
}

int playerPoints(Game g, int player) {
    int sum = 0;
    for (int i = 0; i < g->hands[player].size; i++) {
        sum += (int)cardValue(g->hands[player].items[i]);
    }
    return sum;
}

direction playDirection(Game g) {
    return g->direction;
}

Card topDiscard(Game g) {
    return g->discard.items[g->discard.size - 1];
}

int gameWinner(Game g) {
    return g->winner;
}

// Where a card with the fields of `card` is in the current hand, or -1.
static int find_in_hand(Game g, Card card) {
    pile *hand = &g->hands[g->player];
    for (int i = 0; i < hand->size; i++) {
        Card c = hand->items[i];
        if (cardValue(c) == cardValue(card) && cardColor(c) == cardColor(card) &&
            cardSuit(c) == cardSuit(card)) {
            return i;
        }
    }
    return -1;
}

static int matches(Game g, Card card) {
    Card top = topDiscard(g);
    int colour = g->declared >= 0 ? g->declared : (int)cardColor(top);
    return cardValue(card) == ZERO || cardValue(card) == cardValue(top) ||
           (int)cardColor(card) == colour || cardSuit(card) == cardSuit(top);
}

static int valid_play(Game g, playerMove m) {
    if (m.card == NULL || find_in_hand(g, m.card) < 0) return 0;
    if (g->drawn) return 0;
    if (g->played && !g->mayPlayAgain) return 0;
    if (g->penalty && cardValue(m.card) != DRAW_TWO) return 0;
    if (!matches(g, m.card)) return 0;
    if (cardValue(m.card) == DECLARE && ((int)m.nextColor < RED || (int)m.nextColor > PURPLE)) {
        return 0;
    }
    return 1;
}

int isValidMove(Game g, playerMove m) {
    if (g->winner != NOT_FINISHED) return 0;
    switch (m.action) {
    case DRAW_CARD:
        if (g->played) return 0;
        if (g->penalty) return g->drawn < 2 * g->penalty;
        return g->drawn == 0;
    case PLAY_CARD:
        return valid_play(g, m);
    case END_TURN:
        if (g->played) return 1;
        if (g->penalty) return g->drawn == 2 * g->penalty;
        return g->drawn == 1;
    case SAY_UNO:
    case SAY_DUO:
    case SAY_TRIO:
        if (g->owed == (int)m.action) return 1;
        if (!g->inCallouts || g->prevPlayer < 0) return 0;
        return (g->calledOut & word_bit(m.action)) == 0;
    }
    return 0;
}

// `player` takes `count` cards from the deck, which is refilled from the discard pile
// when it is empty; with nothing to refill it from the game ends with no winner.
static void draw(Game g, int player, int count) {
    for (int k = 0; k < count; k++) {
        if (g->deck.size == 0) {
            if (g->discard.size <= 1) {
                g->winner = NO_WINNER;
                return;
            }
            // The discard pile but its top, bottom card on top of the new deck.
            Card top = g->discard.items[g->discard.size - 1];
            for (int i = g->discard.size - 2; i >= 0; i--) {
                push(&g->deck, g->discard.items[i]);
            }
            g->discard.items[0] = top;
            g->discard.size = 1;
        }
        push(&g->hands[player], g->deck.items[--g->deck.size]);
    }
}

static void play(Game g, playerMove m) {
    pile *hand = &g->hands[g->player];
    int at = find_in_hand(g, m.card);
    Card physical = hand->items[at];
    for (int i = at; i < hand->size - 1; i++) {
        hand->items[i] = hand->items[i + 1];
    }
    hand->size--;
    value v = cardValue(physical);
    if (v == BACKWARDS) {
        g->direction = g->direction == CLOCKWISE ? ANTICLOCKWISE : CLOCKWISE;
    }
    if (g->owed != NO_WORD) {
        g->missed |= word_bit(g->owed);
    }
    record_move(g, m, physical);
    push(&g->discard, physical);
    g->declared = v == DECLARE ? (int)m.nextColor : -1;
    if (v == ADVANCE) g->skipNext = 1;
    if (v == DRAW_TWO) g->stackOut = g->penalty + 1;
    g->penalty = 0;
    g->played++;
    g->mayPlayAgain = v == CONTINUE;
    g->inCallouts = 0;
    g->owed = word_for_count(hand->size);
    if (hand->size == 0) g->winner = g->player;
}

static void end_turn(Game g) {
    if (g->owed != NO_WORD) {
        g->missed |= word_bit(g->owed);
    }
    int step = g->skipNext ? 2 : 1;
    int sign = g->direction == CLOCKWISE ? 1 : -1;
    g->prevPlayer = g->player;
    g->player = ((g->player + sign * step) % NUM_PLAYERS + NUM_PLAYERS) % NUM_PLAYERS;
    g->penalty = g->stackOut;
    g->drawn = g->played = g->mayPlayAgain = 0;
    g->owed = NO_WORD;
    g->prevMissed = g->missed;
    g->missed = 0;
    g->calledOut = 0;
    g->inCallouts = 1;
    g->stackOut = 0;
    g->skipNext = 0;
    start_turn_record(g);
}

void playMove(Game g, playerMove m) {
    if (!isValidMove(g, m)) {
        return;
    }
    switch (m.action) {
    case DRAW_CARD:
        record_move(g, m, NULL);
        g->drawn++;
        g->inCallouts = 0;
        draw(g, g->player, 1);
        break;
    case PLAY_CARD:
        play(g, m);
        break;
    case END_TURN:
        record_move(g, m, NULL);
        end_turn(g);
        break;
    default:
        record_move(g, m, NULL);
        if (g->owed == (int)m.action) {
            g->owed = NO_WORD;
        } else {
            g->calledOut |= word_bit(m.action);
            if (g->prevMissed & word_bit(m.action)) {
                draw(g, g->prevPlayer, 2);
            } else {
                draw(g, g->player, 4);
            }
        }
        break;
    }
}
