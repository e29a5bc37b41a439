"""Tasks 1-4: the order of colours, ranks and cards, and sorting a hand by it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cmp_to_key
from typing import Any

from unolab import (
    CRD,
    WILD,
    WILD_DRAW_FOUR,
    Card,
    Color,
    Rank,
    colors,
    isSameColor,
    isSameRank,
    ranks,
)


def precedes(
    f: Callable[[Any, Any], bool],
) -> Callable[[Sequence[Any]], Callable[[Any], Callable[[Any], bool]]]:
    """Task 1, curried: does ``a1`` occur in ``lst`` no later than ``a2``?

    Walks the list to the first element equal (by ``f``) to ``a1`` or ``a2`` and answers whether
    it is ``a1``; when neither occurs the answer is False (see Decisions).
    """

    def over(lst: Sequence[Any]) -> Callable[[Any], Callable[[Any], bool]]:
        def first(a1: Any) -> Callable[[Any], bool]:
            def second(a2: Any) -> bool:
                for h in lst:
                    if f(h, a1):
                        return True
                    if f(h, a2):
                        return False
                return False

            return second

        return first

    return over


def colorIsLT(c1: Color) -> Callable[[Color], bool]:
    """Task 2, curried: is ``c1`` not greater than ``c2`` in the order of ``colors``?"""
    return precedes(isSameColor)(colors)(c1)


def rankIsLT(r1: Rank) -> Callable[[Rank], bool]:
    """Task 2, curried: is ``r1`` not greater than ``r2`` in the order of ``ranks``?"""
    return precedes(isSameRank)(ranks)(r1)


def isLT(c1: Card, c2: Card) -> bool:
    """Task 3: is card ``c1`` not greater than ``c2``?

    Wild cards are above every ordinary card and WILD_DRAW_FOUR is above WILD; two ordinary cards
    compare by colour, then by rank.
    """
    if c2 == WILD_DRAW_FOUR:
        return True
    if c1 == WILD_DRAW_FOUR:
        return False
    if c2 == WILD:
        return True
    if c1 == WILD:
        return False
    assert isinstance(c1, CRD) and isinstance(c2, CRD)
    if isSameColor(c1.color, c2.color):
        return rankIsLT(c1.rank)(c2.rank)
    return colorIsLT(c1.color)(c2.color)


def _descending(c1: Card, c2: Card) -> int:
    """A comparison for ``sorted`` that puts greater cards first, built on :func:`isLT`."""
    if isLT(c1, c2):
        return 0 if isLT(c2, c1) else 1
    return -1


def cardSort(cards: Sequence[Card]) -> list[Card]:
    """Task 4: a new list of ``cards`` in non-increasing order (the caller's list is untouched)."""
    return sorted(cards, key=cmp_to_key(_descending))
