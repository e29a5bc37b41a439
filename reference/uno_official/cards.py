"""The 108-card official UNO deck as short, readable card codes.

A card is a string: a colour letter followed by a rank (``"R5"``, ``"GS"`` skip,
``"BR"`` reverse, ``"Y+2"`` draw two) or a wild (``"W"``, ``"W+4"``).  Strings
are immutable, hashable, compare fast and print the same in logs, fixtures and the
terminal game, so every part of the assignment speaks one notation.
"""

from __future__ import annotations

COLORS: tuple[str, ...] = ("R", "Y", "G", "B")
COLOR_NAMES: dict[str, str] = {"R": "red", "Y": "yellow", "G": "green", "B": "blue"}
NUMBER_RANKS: tuple[str, ...] = tuple(str(n) for n in range(10))
ACTION_RANKS: tuple[str, ...] = ("S", "R", "+2")
WILD = "W"
WILD_DRAW_FOUR = "W+4"
WILDS: tuple[str, ...] = (WILD, WILD_DRAW_FOUR)
RANK_NAMES: dict[str, str] = {"S": "Skip", "R": "Reverse", "+2": "Draw Two"}


def _build_deck() -> tuple[str, ...]:
    """One zero, two of 1-9 and two of each action card per colour, 4 Wild, 4 Wild Draw Four."""
    cards: list[str] = []
    for color in COLORS:
        cards.append(color + "0")
        for rank in NUMBER_RANKS[1:] + ACTION_RANKS:
            cards.extend((color + rank, color + rank))
    cards.extend([WILD] * 4)
    cards.extend([WILD_DRAW_FOUR] * 4)
    return tuple(cards)


FULL_DECK: tuple[str, ...] = _build_deck()
ALL_CARDS: tuple[str, ...] = tuple(dict.fromkeys(FULL_DECK))

# Lookup tables: the engine's hot path reads these instead of parsing strings.
COLOR_OF: dict[str, str] = {c: ("" if c in WILDS else c[0]) for c in ALL_CARDS}
RANK_OF: dict[str, str] = {c: (c if c in WILDS else c[1:]) for c in ALL_CARDS}
POINTS: dict[str, int] = {
    c: (50 if c in WILDS else int(RANK_OF[c]) if RANK_OF[c].isdigit() else 20) for c in ALL_CARDS
}


def is_card(code: object) -> bool:
    """True when ``code`` is one of the 54 distinct card codes."""
    return isinstance(code, str) and code in COLOR_OF


def matches(card: str, top_rank: str, color: str) -> bool:
    """Whether ``card`` may be laid on a discard of ``top_rank`` while ``color`` is in force.

    Wilds always match (the Wild Draw Four restriction is a separate, challengeable rule).
    """
    return card in WILDS or COLOR_OF[card] == color or RANK_OF[card] == top_rank


def hand_points(hand: tuple[str, ...]) -> int:
    """Points a hand is worth to the player who went out: face value, 20 per action, 50 per wild."""
    return sum(POINTS[c] for c in hand)


def card_name(card: str) -> str:
    """A long human name, e.g. ``"red 5"``, ``"blue Draw Two"``, ``"Wild Draw Four"``."""
    if card == WILD:
        return "Wild"
    if card == WILD_DRAW_FOUR:
        return "Wild Draw Four"
    rank = RANK_OF[card]
    return f"{COLOR_NAMES[COLOR_OF[card]]} {RANK_NAMES.get(rank, rank)}"
