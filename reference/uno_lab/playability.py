"""Tasks 17-23: which cards may be played, what colour is required, how many cards each holds."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from unolab import (
    CRD,
    EXECUTE,
    GIVE,
    PROCEED,
    Card,
    Color,
    Desk,
    IllegalGame,
    Player,
    Rank,
    isSameColor,
    isSameRank,
)


def playableWhenWild(color: Color) -> Callable[[Card], bool]:
    """Task 17, curried: on a wild card with ``color`` ordered, a card of that colour or a wild."""
    return lambda card: not isinstance(card, CRD) or isSameColor(card.color, color)


def playableWhenExec(rank: Rank) -> Callable[[Card], bool]:
    """Task 18, curried: under an active SKIP/DRAW_TWO only a card of the same rank answers."""
    return lambda card: isinstance(card, CRD) and isSameRank(card.rank, rank)


def playableWhenProc(top: tuple[Rank, Color]) -> Callable[[Card], bool]:
    """Task 19, curried: on an ordinary card, the same colour, the same rank, or a wild card."""
    rank, color = top
    return lambda card: (
        not isinstance(card, CRD) or isSameRank(card.rank, rank) or isSameColor(card.color, color)
    )


def _top(desk: Desk) -> Card:
    pile = Desk.getPile(desk)
    if not pile:
        raise IllegalGame("the pile is empty")
    return pile[0]


def _current(desk: Desk) -> Player:
    players = Desk.getPlayers(desk)
    if not players:
        raise IllegalGame("the desk has no players")
    return players[0]


def cardsToPlay(desk: Desk) -> list[Card]:
    """Task 20: the current player's cards that may be played now, in hand order.

    An impossible combination of state and pile card (a wild card under PROCEED or EXECUTE, an
    ordinary card under GIVE) is an IllegalGame, as section 4 describes.
    """
    hand = Player.getCards(_current(desk))
    top, state = _top(desk), Desk.getState(desk)
    match state, top:
        case GIVE(color), c if not isinstance(c, CRD):
            return list(filter(playableWhenWild(color), hand))
        case s, CRD(rank, _) if s == EXECUTE:
            return list(filter(playableWhenExec(rank), hand))
        case s, CRD(rank, color) if s == PROCEED:
            return list(filter(playableWhenProc((rank, color)), hand))
    raise IllegalGame(f"cardsToPlay: state {state!r} with {top!r} on the pile")


def requiredColor(desk: Desk) -> Color:
    """Task 21: the ordered colour when one was ordered (state GIVE), else the top card's.

    The ordered colour comes first whatever lies on top, as the course's own test reads the
    lab text (GIVE BLUE over CRD (REVERSE, RED) is BLUE; Decision 9); a wild card on top
    with no colour ordered is an IllegalGame."""
    top, state = _top(desk), Desk.getState(desk)
    if isinstance(state, GIVE):
        return state.color
    if isinstance(top, CRD):
        return top.color
    raise IllegalGame(f"requiredColor: {top!r} on the pile but state {state!r}")


def hasColor(color: Color, cards: Sequence[Card]) -> bool:
    """Task 22: does ``cards`` hold a card of ``color``?  (Wild cards have no colour.)"""
    found = next((c for c in cards if isinstance(c, CRD) and isSameColor(c.color, color)), None)
    return found is not None


def countCards(desk: Desk) -> list[int]:
    """Task 23: how many cards each player holds, in seating order from the current player."""
    return [len(Player.getCards(p)) for p in Desk.getPlayers(desk)]
