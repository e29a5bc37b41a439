// Game.c: your Final Card-Down Game ADT (see Game.h and the assignment's page).
// Every function below is a stub that compiles: replace each with your own.

#include <stdlib.h>

#include "Game.h"

struct _game {
    int deckSize;  // add what your game needs
};

Game newGame(int deckSize, value values[], color colors[], suit suits[]) {
    (void)deckSize;
    (void)values;
    (void)colors;
    (void)suits;
    return NULL;
}

void destroyGame(Game game) {
    (void)game;
}

int numCards(Game game) {
    (void)game;
    return 0;
}

int numOfSuit(Game game, suit suit) {
    (void)game;
    (void)suit;
    return 0;
}

int numOfColor(Game game, color color) {
    (void)game;
    (void)color;
    return 0;
}

int numOfValue(Game game, value value) {
    (void)game;
    (void)value;
    return 0;
}

int currentPlayer(Game game) {
    (void)game;
    return 0;
}

int currentTurn(Game game) {
    (void)game;
    return 0;
}

int numTurns(Game game) {
    (void)game;
    return 0;
}

int turnMoves(Game game, int turn) {
    (void)game;
    (void)turn;
    return 0;
}

playerMove pastMove(Game game, int turn, int move) {
    (void)game;
    (void)turn;
    (void)move;
    playerMove none = {END_TURN, RED, NULL};
    return none;
}

int playerCardCount(Game game, int player) {
    (void)game;
    (void)player;
    return 0;
}

int handCardCount(Game game) {
    (void)game;
    return 0;
}

Card handCard(Game game, int card) {
    (void)game;
    (void)card;
    return NULL;
}

int playerPoints(Game game, int player) {
    (void)game;
    (void)player;
    return 0;
}

direction playDirection(Game game) {
    (void)game;
    return CLOCKWISE;
}

Card topDiscard(Game game) {
    (void)game;
    return NULL;
}

int isValidMove(Game game, playerMove move) {
    (void)game;
    (void)move;
    return 0;
}

void playMove(Game game, playerMove move) {
    (void)game;
    (void)move;
}

int gameWinner(Game game) {
    (void)game;
    return NOT_FINISHED;
}
