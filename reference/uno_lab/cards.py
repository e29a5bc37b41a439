"""Tasks 5-10: what cards are worth, how many of each the deck holds, the deck itself."""

from __future__ import annotations

from collections.abc import Sequence

from unolab import (
    CLOCKWISE,
    COUNTERCLOCKWISE,
    CRD,
    NUM,
    WILD,
    WILD_DRAW_FOUR,
    Card,
    Direction,
    addNCopies,
    colors,
    isSameCard,
    ranks,
)


def cardValue(card: Card) -> int:
    """Task 5: number cards their face value, action cards 20, wild cards 50 (section 3.1)."""
    match card:
        case CRD(NUM(n), _):
            return n
        case CRD():
            return 20
        case _:
            return 50


def sumCards(cards: Sequence[Card]) -> int:
    """Task 6: the points of a list of cards."""
    total = 0
    for card in cards:
        total += cardValue(card)
    return total


def oppositeDir(direction: Direction) -> Direction:
    """Task 7: the other direction of play."""
    return COUNTERCLOCKWISE if direction == CLOCKWISE else CLOCKWISE


def removeCard(
    cards: Sequence[Card], card: Card, exc: BaseException | type[BaseException]
) -> list[Card]:
    """Task 8: ``cards`` without the first occurrence of ``card``; raises ``exc`` when absent."""
    for i, c in enumerate(cards):
        if isSameCard(c, card):
            return list(cards[:i]) + list(cards[i + 1 :])
    raise exc


def cardCount(card: Card) -> int:
    """Task 9: how many copies of ``card`` the 108-card deck holds."""
    match card:
        case CRD(NUM(0), _):
            return 1
        case CRD():
            return 2
        case _:
            return 4


def _build_deck() -> list[Card]:
    """Task 10: every card once (wild cards first, then colours by ``colors``, ranks by ``ranks``),
    each multiplied by :func:`cardCount` with :func:`addNCopies`."""
    once: list[Card] = [WILD, WILD_DRAW_FOUR] + [CRD(r, c) for c in colors for r in ranks]
    result: list[Card] = []
    for card in reversed(once):
        result = addNCopies(card, result, cardCount(card))
    return result


deck: list[Card] = _build_deck()
"""Task 10: the 108-card deck, in the order the course's own test states."""
