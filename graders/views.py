"""Helpers for the data of an assignment's HTML views (``contract.Views``).

A pile of the expected result and the same pile of the student's are drawn as two rows of
one table, card under card: equal runs side by side, a card missing on one side leaves an
empty slot there, and every slot that differs is marked (``views/_aligned.html.j2`` draws
it, with a legend). The alignment is ``compare.alignment`` (difflib's, or position by
position for long piles), the same that ``compare.describe_sequence`` explains in words, so
the drawing and the text agree.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from unokit.compare import alignment

MAX_CELLS = 200
# Piles one view draws at most (a result of 25,000 hands is not drawn hand by hand).
MAX_PILES = 60


def _key(card: Any) -> Any:
    if isinstance(card, list | tuple):
        return tuple(_key(c) for c in card)
    if isinstance(card, dict):
        return tuple(sorted((str(k), _key(v)) for k, v in card.items()))
    return card


def aligned_pile(
    label: str,
    expected: Sequence[Any],
    actual: Sequence[Any] | None,
    text: Callable[[Any], str],
    cls: Callable[[Any], str],
) -> dict:
    """One pile as the aligned view draws it: ``{"label", "differs", "cells", "cut"}``, each
    cell ``{"e": {"text", "cls"} or None, "a": ... or None, "diff": bool}``. ``actual`` None:
    nothing came back (only the expected row is drawn). At most ``MAX_CELLS`` cells; ``cut``
    says how many more there were."""

    def card(c: Any) -> dict:
        return {"text": text(c), "cls": cls(c)}

    expected = list(expected)
    if actual is None:
        cells = [{"e": card(c), "a": None, "diff": False} for c in expected]
        return _pile(label, cells, differs=False, mine=False)
    actual = list(actual)
    cells: list[dict] = []
    for tag, i1, i2, j1, j2 in alignment([_key(c) for c in expected], [_key(c) for c in actual]):
        if tag == "equal":
            cells += [
                {"e": card(e), "a": card(a), "diff": False}
                for e, a in zip(expected[i1:i2], actual[j1:j2], strict=True)
            ]
            continue
        left, right = expected[i1:i2], actual[j1:j2]
        for k in range(max(len(left), len(right))):
            cells.append(
                {
                    "e": card(left[k]) if k < len(left) else None,
                    "a": card(right[k]) if k < len(right) else None,
                    "diff": True,
                }
            )
    return _pile(label, cells, differs=any(c["diff"] for c in cells), mine=True)


def _pile(label: str, cells: list[dict], differs: bool, mine: bool) -> dict:
    return {
        "label": label,
        "differs": differs,
        "mine": mine,
        "cells": cells[:MAX_CELLS],
        "cut": max(0, len(cells) - MAX_CELLS),
    }


def cut_piles(count: int, what: str) -> dict:
    """The entry that ends a list of piles cut short: drawn as a line saying how many more
    there were (``views/_aligned.html.j2``), never as a pile."""
    return {
        "label": "",
        "note": f"… {count:,} {what}",
        "differs": False,
        "mine": False,
        "cells": [],
        "cut": 0,
    }


def plain_pile(label: str, cards: Sequence[Any], text: Callable[[Any], str], cls) -> dict:
    """A pile drawn alone (an input, the state before a turn): ``{"label", "cards", "cut"}``."""
    items = list(cards)
    return {
        "label": label,
        "cards": [{"text": text(c), "cls": cls(c)} for c in items[:MAX_CELLS]],
        "cut": max(0, len(items) - MAX_CELLS),
    }
