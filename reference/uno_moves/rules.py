"""One player's turn: the precedence list of the assignment, and nothing else.

``take_turn`` is the single place where the rules live; the four parts only
decide whose turn it is and when to stop.  Every reading of the seed that had to
be decided is listed, with its evidence, under "Decisions" on
``assignments/uno-moves/README.md``; the numbers in the comments below (D1, D2,
...) refer to that list.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .cards import (
    GAME_WON,
    MARKER_SYMBOL,
    WILD,
    WILD_DRAW_FOUR,
    Card,
    Cards,
    is_draw_two,
    is_marker,
    is_wild,
)
from .readings import PAGE, Readings

Action = Literal["play", "draw", "penalty", "stuck", "over"]


@dataclass(frozen=True)
class Turn:
    """What one turn did, and the state after it."""

    hand: Cards
    deck: Cards
    discard: Cards
    action: Action
    card: Card | None = None  # the card played (for skip and reverse), if any
    drawn: int = 0
    rule: str = ""  # which rule decided the turn, for fixture coverage and feedback

    @property
    def changed(self) -> bool:
        return self.action in ("play", "draw", "penalty")


def _first(hand: Cards, wanted) -> int | None:
    for i, card in enumerate(hand):
        if wanted(card):
            return i
    return None


def colour_marker(hand_after: Cards) -> Card:
    """The marker a Wild leaves for the next player (seed: 'c,-', 'r,-' or '-,-')."""
    if not hand_after:
        return GAME_WON
    for card in hand_after:
        if not is_wild(card):
            return (card[0], MARKER_SYMBOL)
    return ("r", MARKER_SYMBOL)


def pending_wild_draw_four(discard: Cards) -> bool:
    """A Wild Draw 4 is waiting: behind a colour marker (D4), or bare on top (D6)."""
    if not discard:
        return False
    if discard[0] == WILD_DRAW_FOUR:
        return True
    return is_marker(discard[0]) and len(discard) > 1 and discard[1] == WILD_DRAW_FOUR


def penalty(discard: Cards, readings: Readings = PAGE) -> int:
    """Cards built up at the front of the discard pile: 4 per Wild Draw 4, 2 per Draw 2 (D5).

    A bare Wild Draw 4 that was extended counts too, unless ``readings`` counts only the
    marked ones (``marked_wild_draw_fours_only``)."""
    total, i = 0, 0
    while i < len(discard):
        card = discard[i]
        if is_marker(card) and i + 1 < len(discard) and discard[i + 1] == WILD_DRAW_FOUR:
            total, i = total + 4, i + 2
        elif card == WILD_DRAW_FOUR:
            if readings.marked_wild_draw_fours_only:
                break
            total, i = total + 4, i + 1
        elif is_draw_two(card):
            total, i = total + 2, i + 1
        else:
            break
    return total


def _play(
    hand: Cards, deck: Cards, discard: Cards, index: int, rule: str, name_colour: bool
) -> Turn:
    card = hand[index]
    rest = hand[:index] + hand[index + 1 :]
    front: Cards = (card,)
    if name_colour:  # D2: only the Wild rules (1, 4, 6) name a colour
        front = (colour_marker(rest), card)
    return Turn(rest, deck, front + discard, "play", card, rule=rule)


def _take_penalty(hand: Cards, deck: Cards, discard: Cards, readings: Readings) -> Turn:
    top = discard[0]
    if top == WILD_DRAW_FOUR:  # D6: a bare Wild Draw 4 named no colour to copy
        return Turn(hand, deck, discard, "stuck", rule="bare-wild-draw-four")
    marker = top if is_marker(top) else (top[0], MARKER_SYMBOL)  # D5
    count = min(penalty(discard, readings), len(deck))
    return Turn(
        hand + deck[:count],
        deck[count:],
        (marker,) + discard,
        "penalty",
        drawn=count,
        rule="penalty-wild-draw-four" if is_marker(top) else "penalty-draw-two",
    )


def take_turn(hand: Cards, deck: Cards, discard: Cards, readings: Readings = PAGE) -> Turn:
    """Play one turn by the seed's precedence; return the new state and what happened.

    ``readings`` picks the reading of the open rules (the page's decisions by default)."""
    if not hand or (discard and discard[0] == GAME_WON):
        return Turn(hand, deck, discard, "over", rule="game-over")  # D8: the game is already won
    top = discard[0] if discard else None

    # 1. Extend a Wild Draw 4.
    if top is not None and pending_wild_draw_four(discard):
        i = _first(hand, lambda c: c == WILD_DRAW_FOUR)
        if i is not None:
            return _play(hand, deck, discard, i, "extend-wild-draw-four", name_colour=True)
        return _take_penalty(hand, deck, discard, readings)
    # 2. Extend a Draw 2 (with a Draw 2 of any colour, D1).
    if top is not None and is_draw_two(top):
        i = _first(hand, is_draw_two)
        if i is not None:
            return _play(hand, deck, discard, i, "extend-draw-two", name_colour=False)
        if readings.wild_draw_four_extends_draw_two:  # D1 read the other way
            i = _first(hand, lambda c: c == WILD_DRAW_FOUR)
            if i is not None:
                return _play(hand, deck, discard, i, "extend-draw-two", name_colour=True)
        return _take_penalty(hand, deck, discard, readings)
    # 3. Colour of the most recent card (a marker's colour; a bare Wild's 'w', D2).
    if top is not None:
        i = _first(hand, lambda c: c[0] == top[0])
        if i is not None:
            return _play(hand, deck, discard, i, "colour", name_colour=False)
    # 4. Wild Draw 4.
    i = _first(hand, lambda c: c == WILD_DRAW_FOUR)
    if i is not None:
        return _play(hand, deck, discard, i, "wild-draw-four", name_colour=True)
    # 5. Symbol of the most recent card (a marker's '-' matches a Wild, D2).
    if top is not None:
        i = _first(hand, lambda c: c[1] == top[1])
        if i is not None:
            return _play(hand, deck, discard, i, "symbol", name_colour=False)
    # 6. Wild.
    i = _first(hand, lambda c: c == WILD)
    if i is not None:
        return _play(hand, deck, discard, i, "wild", name_colour=True)
    # 7. Draw the left-most card of the deck to the back of the hand.
    if deck:
        return Turn(hand + deck[:1], deck[1:], discard, "draw", drawn=1, rule="draw")
    return Turn(hand, deck, discard, "stuck", rule="cannot-draw")
