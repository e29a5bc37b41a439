"""The fake assignment's reference: cards are strings such as "r5"."""

from __future__ import annotations

from collections.abc import Sequence


def count_red(cards: Sequence[str]) -> int:
    return sum(card.startswith("r") for card in cards)


def sort_cards(cards: Sequence[str]) -> list[str]:
    return sorted(cards)
