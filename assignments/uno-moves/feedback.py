"""uno-moves' feedback: is a result a (hand(s), deck, discard) at all, and what differs.

One module for the grader and the students' self-check kit (``unograde kit uno-moves``): the
plugin (``reference/uno_moves/plugin.py``) judges with it, and the kit carries it, so both say
"hand 3, card 2: expected ('r','5'), got ('g','5')" alike.  It imports only the standard
library and the kit's runtime (``from .compare import ...``: it is loaded as a module of that
package), never the reference.
"""

from __future__ import annotations

from itertools import chain
from pathlib import Path
from typing import Any

from .compare import describe_sequence, normalise, type_name
from .loader import load_module

ONE_HAND = ("part01", "part02")
MAX_LINES = 8
MAX_UNLISTED = 10  # piles named in the last line; the rest counted

# The notation's special cards (the assignment page): a Wild is colour 'w', a colour marker has
# the symbol '-' and a colour, the game-won marker is ('-','-').
WILD_COLOUR = "w"
MARKER_SYMBOL = "-"


def show_card(card: Any) -> str:
    if isinstance(card, list | tuple) and len(card) == 2:
        return f"('{card[0]}','{card[1]}')"
    return repr(card)


def card_text(card: Any) -> str:
    """A card in the course's short notation, as reports draw it: ``('b','5')`` -> ``b5``."""
    if isinstance(card, list | tuple):
        return "".join(str(c) for c in card)
    return str(card)


def card_kind(card: Any) -> str:
    """What a card is called in feedback: a colour marker, a wild card, the game-won marker."""
    if isinstance(card, list) and len(card) == 2:
        colour, symbol = card
        if colour == MARKER_SYMBOL and symbol == MARKER_SYMBOL:
            return "game-won marker"
        if symbol == MARKER_SYMBOL and colour != WILD_COLOUR:
            return "colour marker"
        if colour == WILD_COLOUR:
            return "wild card"
    return "card"


# Tuples and lists are the same thing in a result (they are compared normalised); the shape
# is checked on the value as it came back, without building a normalised copy first.
SEQUENCE = list | tuple


def _is_card(x: Any) -> bool:
    if not isinstance(x, SEQUENCE) or len(x) != 2:
        return False
    a, b = x
    return isinstance(a, str) and isinstance(b, str) and len(a) == 1 and len(b) == 1


_PAIR = frozenset({tuple, list})
_TWO = frozenset({2})
_STR = frozenset({str})
_ONE = frozenset({1})


def _plainly_cards(pile: Any) -> bool:
    """Every item a tuple or list of two 1-character strings, checked by the interpreter's own
    loops (``map``, ``set``) rather than one Python call per card: a class's results hold
    millions of cards.  False means "look card by card", not "wrong"."""
    if type(pile) not in _PAIR or not _PAIR.issuperset(map(type, pile)):
        return False
    if not pile:
        return True
    if not _TWO.issuperset(map(len, pile)):
        return False
    items = list(chain.from_iterable(pile))
    return _STR.issuperset(map(type, items)) and _ONE.issuperset(map(len, items))


def _cards_problem(name: str, value: Any) -> str | None:
    if _plainly_cards(value):
        return None
    if not isinstance(value, SEQUENCE):
        return f"{name}: expected a list of cards, got {type_name(value)}"
    for k, card in enumerate(value, 1):
        if not _is_card(card):
            return (
                f"{name}, card {k}: expected a card such as ('r','5') "
                f"(two 1-character strings), got {normalise(card)!r}"
            )
    return None


# The last result ``check_shape`` found to be plain cards throughout, with its part: the
# grader asks ``normalise_result`` about that very object next, which then need not look at
# every card again (a class's results hold millions). Held, not its id: it cannot be reused.
_PLAIN: list[Any] = [None, None]


def _piles(part: str, value: Any) -> list | None:
    """The piles of a result of the right outer shape: its hands, its deck, its discard."""
    if not (isinstance(value, SEQUENCE) and len(value) == 3):
        return None
    hands = [value[0]] if part in ONE_HAND else value[0]
    return [*hands, value[1], value[2]] if isinstance(hands, SEQUENCE) else None


def check_shape(part: str, actual: Any) -> str | None:
    """Why ``actual`` cannot be a result of ``part`` at all, or None when its shape is right."""
    value = actual
    piles = _piles(part, value)
    if piles is not None and all(map(_plainly_cards, piles)):
        _PLAIN[:] = [part, value]
        return None
    first = "hand" if part in ONE_HAND else "hands"
    if not isinstance(value, SEQUENCE) or len(value) != 3:
        return f"expected a tuple ({first}, deck, discard), got {type_name(actual)}"
    if part in ONE_HAND:
        problem = _cards_problem("hand", value[0])
    elif not isinstance(value[0], SEQUENCE):
        problem = f"hands: expected a list of hands, got {type_name(value[0])}"
    else:
        problem = next(
            (p for k, h in enumerate(value[0], 1) if (p := _cards_problem(f"hand {k}", h))),
            None,
        )
    return problem or _cards_problem("deck", value[1]) or _cards_problem("discard", value[2])


# A turn adds at most two cards to the game: a colour marker when it plays a Wild (D2) and
# one when it takes a penalty (D5), each for a card played once; so a game ends with at most
# three times the cards it started with (the game-won marker is one of those markers).
CARDS_PER_CARD = 3


def check_size(case: Any, value: Any) -> str | None:
    """Why a result of the right shape is larger than any game on ``case``'s input can end in:
    more hands than players (parts 3 and 4), or more cards than the game's cards with every
    marker a game can add.  A wrong shape, told at once: a result of 25,000 hands for a game
    of 7 players is not compared hand by hand (``check_shape`` already accepted its shape)."""
    part = case.part
    discard, deck, first = case.args
    hands = [first] if part in ONE_HAND else list(first)
    if part not in ONE_HAND and len(value[0]) > len(hands):
        return f"hands: expected one hand per player ({len(hands)}), got {len(value[0]):,} hands"
    given = len(discard) + len(deck) + sum(map(len, hands))
    most = CARDS_PER_CARD * given + 1
    got = sum(map(len, _piles(part, value) or ()))
    if got > most:
        return (
            f"the result holds {got:,} cards, but a game that starts with {given} cards "
            f"ends with at most {most} (its cards and the colour markers it adds)"
        )
    return None


def normalise_result(part: str, value: Any) -> Any:
    """``normalise(value)`` for a result whose shape ``check_shape`` accepted, a pile at a
    time (``list(map(list, pile))`` runs in C); anything else goes through ``normalise``.
    Cards as lists, piles as lists: the form the expectation is kept in."""
    piles = _piles(part, value)
    checked = _PLAIN[0] == part and _PLAIN[1] is value  # plain cards, as check_shape found
    _PLAIN[:] = [None, None]
    if piles is None or not (checked or all(map(_plainly_cards, piles))):
        return normalise(value)
    *hands, deck, discard = [list(map(list, pile)) for pile in piles]
    return [hands[0] if part in ONE_HAND else hands, deck, discard]


def describe(part: str, expected: Any, actual: Any) -> list[str]:
    """Differences in the assignment's terms: hands, discard, deck; first divergence first.

    The first pile that differs gets up to three lines; every later one gets its
    first line only; past ``MAX_LINES`` the rest is named, not listed.
    """
    exp, act = normalise(expected), normalise(actual)
    piles: list[tuple[str, list, list]] = []
    lines: list[str] = []
    if part in ONE_HAND:
        piles.append(("hand", exp[0], act[0]))
    else:
        if len(exp[0]) != len(act[0]):
            lines.append(f"hands: expected {len(exp[0])} hands, got {len(act[0])}")
        pairs = zip(exp[0], act[0], strict=False)
        piles += [(f"hand {k}", e, a) for k, (e, a) in enumerate(pairs, 1)]
    piles += [("discard", exp[2], act[2]), ("deck", exp[1], act[1])]
    unlisted: list[str] = []
    for label, e, a in piles:
        found = describe_sequence(label, e, a, show=show_card, kind=card_kind)
        if not found:
            continue
        room = MAX_LINES - len(lines)
        if room <= 0:
            unlisted.append(label)
            continue
        lines.extend(found[: min(3 if not lines else 1, room)])
    if unlisted:
        named = ", ".join(unlisted[:MAX_UNLISTED])
        more = len(unlisted) - MAX_UNLISTED
        lines.append(f"… and differences in {named}" + (f" and {more:,} more" if more > 0 else ""))
    return lines


def piles(part: str, value: Any) -> list[tuple[str, Any]]:
    """(label, pile) of a result or an input's form (hand or hands, deck, discard)."""
    first, deck, discard = value
    hands = [first] if part in ONE_HAND else list(first)
    labels = ["hand"] if part in ONE_HAND else [f"hand {k + 1}" for k in range(len(hands))]
    return [*zip(labels, hands, strict=True), ("discard", discard), ("deck", deck)]


def show_input(part: str, args: tuple) -> list[str]:
    """A failed case's start state (its call's ``(discard, deck, hand or hands)``) in the
    course's short notation, one pile a line, as every report and the kit show it."""
    discard, deck, first = args
    lines = []
    for label, pile in piles(part, (first, deck, discard)):
        suffix = {"discard": ", top first", "deck": ", next first"}.get(label, "")
        cards = " ".join(card_text(c) for c in pile) or "(empty)"
        lines.append(f"{label} ({len(pile)}{suffix}): {cards}")
    return lines


def parse_program_output(part: str, text: str) -> tuple:
    """The solution text a program printed (a Haskell part as the course's ``printGame``
    prints it, or any program), as the structure a function returns; ``ValueError`` says why
    it cannot be read. The grader and the kit read it with this one function."""
    solution = _solution_text().parse_solution(text, "your output")
    if part in ("part01", "part02"):
        if len(solution.hands) != 1:
            raise ValueError(f"your output: expected one hand, found {len(solution.hands)}")
        return (solution.hands[0], solution.deck, solution.discard)
    return (solution.hands, solution.deck, solution.discard)


def _solution_text():
    """``solution_text.py`` beside this file (the kit carries it there too), loaded once."""
    global _SOLUTION_TEXT
    if _SOLUTION_TEXT is None:
        _SOLUTION_TEXT = load_module(Path(__file__).with_name("solution_text.py"))
    return _SOLUTION_TEXT


_SOLUTION_TEXT = None
