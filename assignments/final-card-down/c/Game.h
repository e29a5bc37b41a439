// Game.h: the Final Card-Down Game ADT (unograde's header, written from the assignment's
// facts: the course's names, numbers and rules; the comments are ours).
//
// Memory: a Game is made by newGame and freed, with every card it holds, by destroyGame.
// Cards answered by handCard, topDiscard and pastMove belong to the game: use them until
// destroyGame, never destroyCard them.  The card inside a playerMove given to isValidMove
// or playMove stays the caller's: the game reads its fields and keeps no pointer to it.
//
// Callers may assume valid arguments: a player number in 0..NUM_PLAYERS-1, a turn in
// 0..currentTurn, a move or card index below the count the ADT answers, and playMove only
// with a move isValidMove accepts.

#ifndef FCD_GAME_H
#define FCD_GAME_H

#include "Card.h"

#define NUM_PLAYERS 4
#define NOT_FINISHED -1
#define NO_WINNER 4

typedef enum { CLOCKWISE, ANTICLOCKWISE } direction;

typedef enum { DRAW_CARD, PLAY_CARD, SAY_UNO, SAY_DUO, SAY_TRIO, END_TURN } action;

// nextColor is read only when the card played is a DECLARE, card only for PLAY_CARD; the
// other fields may hold anything.
typedef struct _playerMove {
    action action;
    color nextColor;
    Card card;
} playerMove;

typedef struct _game *Game;

// A game dealt from this deck, in this order (index 0 is the top card, dealt first): seven
// cards each, one at a time from player 0, then the next card starts the discard pile and
// the rest is the draw pile.  deckSize is at least 30.
Game newGame(int deckSize, value values[], color colors[], suit suits[]);

// Frees the game and everything it holds.
void destroyGame(Game game);

// The deck given to newGame: its size, and how many of its cards have a suit, colour, value.
int numCards(Game game);
int numOfSuit(Game game, suit suit);
int numOfColor(Game game, color color);
int numOfValue(Game game, value value);

// Whose turn it is (0..3), the turn's number (0 for the first turn) and numTurns, which is
// currentTurn + 1.
int currentPlayer(Game game);
int currentTurn(Game game);
int numTurns(Game game);

// How many moves were made in a turn so far, and one of them as it was made.
int turnMoves(Game game, int turn);
playerMove pastMove(Game game, int turn, int move);

// Hands: any player's card count; the current player's count and cards (in any order).
int playerCardCount(Game game, int player);
int handCardCount(Game game);
Card handCard(Game game, int card);

// The sum of the value numbers (0..15) of the cards in a player's hand.
int playerPoints(Game game, int player);

direction playDirection(Game game);

// The card on top of the discard pile, as printed (a DECLARE keeps its own colour).
Card topDiscard(Game game);

// Whether the current player may make this move now (1) or not (0).
int isValidMove(Game game, playerMove move);

// Makes a valid move for the current player.
void playMove(Game game, playerMove move);

// NOT_FINISHED, the winning player, or NO_WINNER.
int gameWinner(Game game);

#endif
