"""Tasks 11-16: dealing, passing the turn, fixing the first pile card, drawing cards."""

from __future__ import annotations

from collections.abc import Sequence

from unolab import (
    CLOCKWISE,
    CRD,
    DRAW_TWO,
    EXECUTE,
    PROCEED,
    REVERSE,
    SKIP,
    Desk,
    IllegalGame,
    Player,
    compose,
    pass_,
    say,
    shuffleList,
)

from .cards import deck, oppositeDir

HAND_SIZE = 7
MAX_PLAYERS = (len(deck) - 1) // HAND_SIZE
"""15: seven cards each must leave at least one card for the pile."""


def deal(players: Sequence[Player]) -> Desk:
    """Task 11: shuffle the whole deck and give each player 7 cards, the dealer (head) first.

    Prints ``\\nPlayer NAME deals.\\n``.  The first remaining card goes to the pile, the rest is the
    deck; state PROCEED, CLOCKWISE, an empty memo.  The pile card is not checked here
    (that is deskNormalize's job).  Raises IllegalGame for no players or more than 15.
    """
    if not players or len(players) > MAX_PLAYERS:
        raise IllegalGame(f"deal: needs 1 to {MAX_PLAYERS} players, got {len(players)}")
    say("\nPlayer " + players[0].getName() + " deals.\n")
    rest = shuffleList(deck)
    dealt: list[Player] = []
    for player in players:
        rest, hand = pass_(rest, [], HAND_SIZE)
        dealt.append(Player.setCards(player, hand))
    return Desk.make(dealt, rest[:1], rest[1:], PROCEED, CLOCKWISE, [])


def nextPlayer(desk: Desk) -> Desk:
    """Task 12: rotate the players by the direction (left when CLOCKWISE, right otherwise) and
    print whose turn it is with ``Desk.whoseTurn``."""
    players = Desk.getPlayers(desk)
    if not players:
        raise IllegalGame("nextPlayer: the desk has no players")
    if Desk.getDirection(desk) == CLOCKWISE:
        rotated = players[1:] + players[:1]
    else:
        rotated = players[-1:] + players[:-1]
    return Desk.whoseTurn(Desk.setPlayers(desk, rotated))


def deskNormalize(desk: Desk) -> Desk:
    """Task 13: apply the dealing rules of section 3.2 to the first pile card.

    A wild card goes back into the deck, which is shuffled, and a new first card is turned, until
    it is not wild.  REVERSE turns the direction and the dealer plays first (``whoseTurn`` says
    so); SKIP and DRAW_TWO give the turn on with state EXECUTE; a number gives the turn on.
    """
    pile = Desk.getPile(desk)
    if not pile:
        raise IllegalGame("deskNormalize: the pile is empty")
    top = pile[0]
    if not isinstance(top, CRD):
        cards = pile[:1] + Desk.getDeck(desk)
        if not any(isinstance(c, CRD) for c in cards):
            raise IllegalGame("deskNormalize: only wild cards to turn up")
        while not isinstance(top, CRD):
            cards = shuffleList(cards)
            top = cards[0]
        desk = Desk.setDeck(Desk.setPile(desk, [top] + pile[1:]), cards[1:])
    match top.rank:
        case r if r == REVERSE:
            return Desk.whoseTurn(Desk.setDirection(desk, oppositeDir(Desk.getDirection(desk))))
        case r if r in (SKIP, DRAW_TWO):
            return nextPlayer(Desk.setState(desk, EXECUTE))
        case _:
            return nextPlayer(desk)


def draw(desk: Desk) -> Desk:
    """Task 14: the current player takes the top card of the deck onto the head of the hand.

    With an empty deck, every pile card but the top one is shuffled into a new deck first.  With
    nothing at all to take, the desk comes back unchanged (see Decisions).
    """
    players = Desk.getPlayers(desk)
    if not players:
        raise IllegalGame("draw: the desk has no players")
    cards = Desk.getDeck(desk)
    if not cards:
        pile = Desk.getPile(desk)
        if len(pile) <= 1:
            return desk
        cards = shuffleList(pile[1:])
        desk = Desk.setPile(desk, pile[:1])
    player = players[0]
    taken = Player.setCards(player, cards[:1] + Player.getCards(player))
    return Desk.setDeck(Desk.setPlayers(desk, [taken] + players[1:]), cards[1:])


drawTwo = compose(draw, draw)
"""Task 15: the current player takes two cards (``draw o draw``)."""

drawFour = compose(drawTwo, drawTwo)
"""Task 16: the current player takes four cards (``drawTwo o drawTwo``)."""
