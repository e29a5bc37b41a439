// player.h: an AI player of Final Card-Down (unograde's header).
//
// decideMove is called again and again in the player's turn, each time with the game as it
// is now, until it answers END_TURN (or the game ends).  The answer must be a valid move.
// A card in the answer must be one of the player's own cards (from handCard), or a card the
// player made with newCard; unograde copies its fields and never frees it.

#ifndef FCD_PLAYER_H
#define FCD_PLAYER_H

#include "Game.h"

playerMove decideMove(Game game);

#endif
