"""Properties that grade the tasks whose result is random (a shuffle decides it).

Each checker is a pure function of the call's inputs and the student's outcome and returns the
list of violated properties (empty: all hold).  :func:`check` picks the checker by name, the
name a fixture's ``properties:`` line gives.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from unolab import (
    CLOCKWISE,
    CRD,
    DRAW_TWO,
    EXECUTE,
    ORDER,
    PROCEED,
    REVERSE,
    SKIP,
    Desk,
    IllegalGame,
    Player,
    colors,
)

from .cards import deck as full_deck
from .cards import oppositeDir, sumCards
from .cases import CaseInput
from .grading import quoted
from .python_text import python_value


def _all_cards(desk: Desk) -> Counter:
    cards = list(desk.pile) + list(desk.deck)
    for p in desk.players:
        cards += list(p.cards)
    return Counter(cards)


def _is_desk(value: Any) -> list[str]:
    return [] if isinstance(value, Desk) else [f"expected a desk, got {python_value(value)}"]


def deal_properties(players: Sequence[Player], result: Any, printed: str) -> list[str]:
    """deal: all 108 cards conserved, 7 cards each, seating kept, one pile card, the message."""
    bad = _is_desk(result)
    if bad:
        return bad
    if [p.name for p in result.players] != [p.name for p in players]:
        bad.append("the order of the players is not kept")
    if any(len(p.cards) != 7 for p in result.players):
        bad.append(f"not 7 cards each: {[len(p.cards) for p in result.players]}")
    if len(result.pile) != 1:
        bad.append(f"the pile holds {len(result.pile)} cards, not 1")
    if _all_cards(result) != Counter(full_deck):
        bad.append("the cards on the desk are not the 108 cards of the deck")
    if (result.state, result.direction, result.memo) != (PROCEED, CLOCKWISE, ()):
        bad.append("state, direction and memo must be PROCEED, CLOCKWISE and []")
    if players and printed != f"\nPlayer {players[0].name} deals.\n":
        bad.append(f"printed {quoted(printed)}, expected the dealer message")
    return bad


def draw_properties(desk: Desk, result: Any, count: int) -> list[str]:
    """draw/drawTwo/drawFour: the current player gains ``count`` cards (fewer only when nothing
    is left), taken from the deck or, when it runs out, from the pile under its top card."""
    bad = _is_desk(result)
    if bad:
        return bad
    if _all_cards(result) != _all_cards(desk):
        bad.append("cards were lost or made up")
    available = len(desk.deck) + max(len(desk.pile) - 1, 0)
    gained = len(result.players[0].cards) - len(desk.players[0].cards) if result.players else -1
    if gained != min(count, available):
        bad.append(f"the player took {gained} cards, not {min(count, available)}")
    elif result.players[0].cards[gained:] != desk.players[0].cards:
        bad.append("the new cards must go on the head of the hand")
    if list(result.players[1:]) != list(desk.players[1:]):
        bad.append("other players changed")
    if not result.pile or not desk.pile or result.pile[0] != desk.pile[0]:
        bad.append("the top card of the pile changed")
    if (result.state, result.direction, result.memo) != (desk.state, desk.direction, desk.memo):
        bad.append("state, direction or memo changed")
    return bad


DRAWN = {"draw": 1, "drawTwo": 2, "drawFour": 4}


def error_allowed(name: str, case: CaseInput, error: BaseException) -> bool:
    """Decision 11's other reading: asked to take more cards than the deck and the pile under
    its top card hold, draw (and drawTwo, drawFour through it) may raise IllegalGame."""
    if name not in DRAWN or not isinstance(error, IllegalGame):
        return False
    desk = case.call.arguments[0]
    return isinstance(desk, Desk) and len(desk.deck) + max(len(desk.pile) - 1, 0) < DRAWN[name]


def normalize_properties(desk: Desk, result: Any, printed: str | None = None) -> list[str]:
    """deskNormalize with a wild card on top: a non-wild card turned up, cards conserved, then the
    rule for that card (REVERSE: direction turned, dealer first; SKIP/DRAW_TWO: EXECUTE, next),
    and (when ``printed`` is given) whose turn it is announced once, through whoseTurn."""
    bad = _is_desk(result)
    if bad:
        return bad
    if _all_cards(result) != _all_cards(desk):
        bad.append("cards were lost or made up")
    if not result.pile or not isinstance(result.pile[0], CRD):
        return bad + ["the top card of the pile is still wild"]
    names = [p.name for p in desk.players]
    got = [p.name for p in result.players]
    rank = result.pile[0].rank
    if rank == REVERSE:
        want_names, want_state = names, PROCEED
        want_dir = oppositeDir(desk.direction)
    else:
        want_names = names[1:] + names[:1]
        want_state = EXECUTE if rank in (SKIP, DRAW_TWO) else PROCEED
        want_dir = desk.direction
    if got != want_names:
        bad.append(
            f"players {python_value(got)}, expected {python_value(want_names)} for "
            f"{python_value(result.pile[0])}"
        )
    if (result.state, result.direction) != (want_state, want_dir):
        bad.append(
            f"state and direction expected {python_value((want_state, want_dir))}, got "
            f"{python_value((result.state, result.direction))}"
        )
    if printed is not None and result.players:
        announced = f"\nThe turn of {result.players[0].name}\n"
        if printed != announced:
            bad.append(f"printed {quoted(printed)}, expected {quoted(announced)}")
    return bad


def naive_properties(args: tuple, result: Any) -> list[str]:
    """Naive with a wild card as the greatest playable card: ORDER (that card, a colour)."""
    from .ordering import cardSort

    best = cardSort(args[2])[0]
    if not isinstance(result, ORDER) or result.card != best or result.color not in colors:
        return [
            f"expected ORDER({python_value(best)}, <a colour from colors>), got "
            f"{python_value(result)}"
        ]
    return []


def deck_properties(result: Any) -> list[str]:
    """deck: the 108 cards of section 3.1 (in any order; another case grades the order)."""
    if not isinstance(result, list | tuple):
        return [f"expected a list of cards, got {python_value(result)}"]
    got, want = Counter(result), Counter(full_deck)
    if got == want:
        return []
    missing = sorted(python_value(c) for c in (want - got).elements())
    extra = sorted(python_value(c) for c in (got - want).elements())
    bad = [f"{len(result)} cards, not {len(full_deck)}"] if len(result) != len(full_deck) else []
    if missing:
        bad.append(f"missing {', '.join(missing[:5])}" + (" ..." if len(missing) > 5 else ""))
    if extra:
        bad.append(f"too many {', '.join(extra[:5])}" + (" ..." if len(extra) > 5 else ""))
    return bad


def game_properties(players: Sequence[Player], result: Any, printed: str) -> list[str]:
    """game: a winner whose loss is 0, every player listed once in seating order (either way
    round, from anyone), each loss a possible sum of cards; the dealer's message first."""
    bad: list[str] = []
    try:
        winner, losses = result
        losses = [(n, v) for n, v in losses]
    except (TypeError, ValueError):
        return [f"expected (winner, [(name, loss), ...]), got {python_value(result)}"]
    names = [p.name for p in players]
    got = [n for n, _ in losses]
    if sorted(got) != sorted(names):
        bad.append(f"the players listed are {python_value(got)}, not {python_value(names)}")
    elif names:
        k = got.index(names[0])
        turned = got[k:] + got[:k]
        if turned not in (names, names[:1] + names[:0:-1]):
            bad.append("the result does not keep the seating order")
    if dict(losses).get(winner) != 0:
        bad.append(f"the winner {python_value(winner)} must lose 0")
    if any(not isinstance(v, int) or v < 0 or v > sumCards(full_deck) for _, v in losses):
        bad.append("a loss is not a possible sum of cards")
    if names and not printed.startswith(f"\nPlayer {names[0]} deals.\n"):
        bad.append("the game must start with the dealer's message")
    moves, turns = printed.count(" made move\n"), printed.count("\nThe turn of ")
    if turns < moves:
        bad.append(
            f"the game printed {moves} moves but announced only {turns} turns (every move "
            "ends with the next player's turn, announced by Desk.whoseTurn)"
        )
    return bad


PROPERTY_NAMES = frozenset(
    {"deal", "deck", "draw", "drawTwo", "drawFour", "deskNormalize", "Naive", "game"}
)
"""The checkers a fixture's ``properties:`` line may name (see :func:`check`)."""


def check(name: str, case: CaseInput, outcome: Any) -> list[str]:
    """The checker named ``name`` applied to the case's arguments and the outcome."""
    args = case.call.arguments
    checkers: dict[str, Callable[[], list[str]]] = {
        "deal": lambda: deal_properties(args[0], outcome.value, outcome.printed),
        "deck": lambda: deck_properties(outcome.value),
        "draw": lambda: draw_properties(args[0], outcome.value, DRAWN["draw"]),
        "drawTwo": lambda: draw_properties(args[0], outcome.value, DRAWN["drawTwo"]),
        "drawFour": lambda: draw_properties(args[0], outcome.value, DRAWN["drawFour"]),
        "deskNormalize": lambda: normalize_properties(args[0], outcome.value, outcome.printed),
        "Naive": lambda: naive_properties(args[0], outcome.value),
        "game": lambda: game_properties(args[0], outcome.value, outcome.printed),
    }
    if name not in checkers:
        return [f"no property checker named {name!r}"]
    return checkers[name]()


__all__ = [
    "PROPERTY_NAMES",
    "check",
    "deal_properties",
    "deck_properties",
    "draw_properties",
    "game_properties",
    "naive_properties",
    "normalize_properties",
]
