// Card.h: one card of Final Card-Down (unograde's header, written from the assignment's
// facts: the names and numbers of the course's interface, our own comments).
//
// A Card is a pointer to a card made by newCard; destroyCard frees it.  The numbers of the
// enums are the course's: a test or a player may use them as plain ints.

#ifndef FCD_CARD_H
#define FCD_CARD_H

typedef enum { RED, BLUE, GREEN, YELLOW, PURPLE } color;

typedef enum { HEARTS, DIAMONDS, CLUBS, SPADES, QUESTIONS } suit;

// ADVANCE, BACKWARDS, CONTINUE and DECLARE are also printed A, B, C and D; E and F are
// ordinary cards worth 14 and 15 points.
typedef enum {
    ZERO, ONE, DRAW_TWO, THREE, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE,
    ADVANCE, BACKWARDS, CONTINUE, DECLARE, E, F
} value;

typedef struct _card *Card;

// A new card of these three fields, owned by the caller (free it with destroyCard).
Card newCard(value value, color color, suit suit);

// Frees a card made by newCard.  Never give it a card that belongs to a game (one answered
// by handCard, topDiscard or pastMove): the game frees those in destroyGame.
void destroyCard(Card card);

value cardValue(Card card);
color cardColor(Card card);
suit cardSuit(Card card);

#endif
