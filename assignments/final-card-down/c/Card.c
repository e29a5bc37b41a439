// Card.c: unograde's cards, used when a submission sends no Card.c of its own.
// A card is three numbers on the heap; nothing else.

#include <stdlib.h>

#include "Card.h"

// This file's name in sanitizer reports, so that a report tells this Card.c, which is
// unograde's, from a Card.c a student sends (which replaces this one entirely).
#line 11 "unograde_Card.c"
struct _card {
    value value;
    color color;
    suit suit;
};

Card newCard(value value, color color, suit suit) {
    Card card = malloc(sizeof *card);
    if (card == NULL) {
        abort();  // out of memory: nothing sensible is left to do
    }
    card->value = value;
    card->color = color;
    card->suit = suit;
    return card;
}

void destroyCard(Card card) {
    free(card);
}

value cardValue(Card card) {
    return card->value;
}

color cardColor(Card card) {
    return card->color;
}

suit cardSuit(Card card) {
    return card->suit;
}
