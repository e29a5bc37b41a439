"""Cards of the uno-moves notation and the questions the rules ask of them.

A card is a 2-tuple of 1-character strings ``(colour, symbol)``: ``('g', '6')``,
``('r', 'd')`` (Draw 2), ``('w', 'd')`` (Wild Draw 4), ``('w', '-')`` (Wild),
``('b', '-')`` (a colour marker placed after a Wild), ``('-', '-')`` (the marker
placed when a Wild empties a hand).  The rules only ever ask a handful of
questions about a card; they live here so that every module asks them the same way.
"""

from __future__ import annotations

Card = tuple[str, str]
Cards = tuple[Card, ...]

WILD: Card = ("w", "-")
WILD_DRAW_FOUR: Card = ("w", "d")
GAME_WON: Card = ("-", "-")
WILD_COLOUR = "w"
MARKER_SYMBOL = "-"
DRAW_SYMBOL = "d"
SKIP_SYMBOL = "s"
REVERSE_SYMBOL = "r"
COLOURS = ("r", "g", "b", "y")


def is_wild(card: Card) -> bool:
    """A Wild-coloured card (Wild or Wild Draw 4): it never decides a marker's colour."""
    return card[0] == WILD_COLOUR


def is_marker(card: Card) -> bool:
    """A colour marker ``c,-`` (not a Wild, not the game-won marker ``-,-``)."""
    return card[1] == MARKER_SYMBOL and card[0] not in (WILD_COLOUR, MARKER_SYMBOL)


def is_draw_two(card: Card) -> bool:
    """A coloured Draw 2 (symbol ``d``, any colour but Wild)."""
    return card[1] == DRAW_SYMBOL and card[0] not in (WILD_COLOUR, MARKER_SYMBOL)


def show_card(card: Card) -> str:
    """The course's bracketed form, ``[g6]``."""
    return f"[{card[0]}{card[1]}]"


def freeze(cards: object) -> Cards:
    """Copy any sequence of 2-sequences into an immutable tuple of card tuples.

    The reference accepts lists as well as tuples (students' Python passes lists),
    and never keeps a reference to a caller's mutable object.
    """
    return tuple((str(c[0]), str(c[1])) for c in cards)  # type: ignore[union-attr]
