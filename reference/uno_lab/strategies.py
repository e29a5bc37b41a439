"""Task 24 (Naive) and the Manual strategy of the seed's section 5 (the template's code)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from unolab import (
    CRD,
    ORDER,
    PASS,
    SIMPLE,
    Card,
    Direction,
    IllegalGame,
    Move,
    State,
    cardToString,
    colors,
    colorToString,
    directionToString,
    listToString,
    listToStringLn,
    moveToString,
    read_line,
    say,
    shuffleList,
    stateToString,
)

from .ordering import cardSort

_LEADING_INT = re.compile(r"\s*([~+-]?)(\d+)")


def read_number(line: str) -> int:
    """SML's ``Int.fromString`` on a line: the leading integer (``~`` is a minus), else -1.

    -1 is a number never in a list, so a line without a number switches to automatic mode, as
    ``handle Option => ~1`` does in the original.
    """
    m = _LEADING_INT.match(line)
    if m is None:
        return -1
    value = int(m.group(2))
    return -value if m.group(1) in ("~", "-") else value


def _pick(items: Sequence[Card] | Sequence[object], n: int) -> object | None:
    """``List.nth`` without Python's negative indexing: out of range is None (Subscript)."""
    return items[n] if 0 <= n < len(items) else None


class Naive:
    """Task 24: play the greatest playable card; order a random colour with a wild card."""

    @staticmethod
    def ownStrategy(
        state: State,
        cards: Sequence[Card],
        playable: Sequence[Card],
        top: Card,
        direction: Direction,
        memo: Sequence[Move],
        counts: Sequence[int],
    ) -> Move:
        """Depends on ``playable`` only (and the random source for a wild card's colour)."""
        ordered = cardSort(playable)
        if not ordered:
            raise IllegalGame("Naive.ownStrategy: asked with nothing to play")
        best = ordered[0]
        if isinstance(best, CRD):
            return SIMPLE(best)
        return ORDER(best, shuffleList(colors)[0])


class Manual:
    """The template's manual strategy: show the seven arguments and let a human choose.

    Answers PASS when the human enters anything but a listed number (or input ends), which
    ``askPlayerForCard`` takes as "switch me to automatic mode".
    """

    @staticmethod
    def ownStrategy(
        state: State,
        cards: Sequence[Card],
        playable: Sequence[Card],
        top: Card,
        direction: Direction,
        memo: Sequence[Move],
        counts: Sequence[int],
    ) -> Move:
        say("State: " + stateToString(state) + "\n")
        say("All cards on hand:\n" + listToStringLn(cardToString, cardSort(cards)) + "\n")
        playable_sorted = cardSort(playable)
        say("Playable cards:\n" + listToStringLn(cardToString, playable_sorted) + "\n")
        say("A card on the pile: " + cardToString(top) + "\n")
        say("Game direction: " + directionToString(direction) + "\n")
        say("A list of last moves:\n" + listToStringLn(moveToString, list(memo)) + "\n")
        say(
            "A list of the number of cards in the hands of the players:\n"
            + listToString(str, list(counts))
            + "\n"
        )
        say("Enter the number of the selected card from the list of playable cards (from 0).\n")
        say("Any other number to switch to automatic mode.\n")
        card = _pick(playable_sorted, read_number(read_line()))
        if card is None:
            return PASS
        if isinstance(card, CRD):
            return SIMPLE(card)
        say("Enter the number of color from list (from 0)\n")
        say(listToString(colorToString, colors) + "\n")
        say("Any other number to switch to automatic mode.\n")
        color = _pick(colors, read_number(read_line()))
        if color is None:
            return PASS
        return ORDER(card, color)  # type: ignore[arg-type]
