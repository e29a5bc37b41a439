"""Tasks 25-29: reacting to a move, asking a strategy, playing, executing an action, one turn."""

from __future__ import annotations

from collections.abc import Sequence

from unolab import (
    CRD,
    DRAW_TWO,
    EXECUTE,
    GIVE,
    NUM,
    ORDER,
    PASS,
    PROCEED,
    REVERSE,
    SIMPLE,
    SKIP,
    WILD,
    WILD_DRAW_FOUR,
    Card,
    Desk,
    IllegalGame,
    IllegalMove,
    Move,
    Player,
    moveToString,
    say,
)

from .cards import oppositeDir, removeCard
from .dealing import draw, drawFour, drawTwo, nextPlayer
from .playability import cardsToPlay, countCards, hasColor, requiredColor
from .strategies import Manual


def moveAction(move: Move, desk: Desk, hadColor: bool) -> Desk:
    """Task 25: set state, direction and turn after ``move`` (its card already on the pile).

    ``hadColor`` says whether the player held a card of the required colour: playing
    WILD_DRAW_FOUR anyway costs the player 4 cards; otherwise the next player takes 4, skips (a
    PASS in the memory) and the one after plays.  A move no rule covers is an IllegalGame.
    """
    match move:
        case ORDER(card, color) if card == WILD_DRAW_FOUR:
            ordered = Desk.setState(desk, GIVE(color))
            if hadColor:
                return nextPlayer(drawFour(ordered))
            return nextPlayer(Desk.addMemo(drawFour(nextPlayer(ordered)), PASS))
        case ORDER(card, color) if card == WILD:
            return nextPlayer(Desk.setState(desk, GIVE(color)))
        case SIMPLE(CRD(rank, _)) if rank == REVERSE:
            turned = Desk.setDirection(desk, oppositeDir(Desk.getDirection(desk)))
            return nextPlayer(Desk.setState(turned, PROCEED))
        case SIMPLE(CRD(rank, _)) if rank in (SKIP, DRAW_TWO):
            return nextPlayer(Desk.setState(desk, EXECUTE))
        case SIMPLE(CRD(NUM(), _)):
            return nextPlayer(Desk.setState(desk, PROCEED))
    raise IllegalGame(f"moveAction: no rule for the move {moveToString(move)}")


def askPlayerForCard(player: Player, args: tuple) -> tuple[Player, Move]:
    """Task 26: ask the player's strategy (or, on manual, the human) for a move.

    A PASS from Manual switches the player to automatic mode and asks the strategy again.
    """
    if not Player.isOnManual(player):
        return player, Player.getStrategy(player)(*args)
    move = Manual.ownStrategy(*args)
    if move != PASS:
        return player, move
    automated = Player.automate(player)
    return automated, Player.getStrategy(automated)(*args)


def _card_of(move: Move) -> Card | None:
    """The card a legal move plays: SIMPLE with an ordinary card, ORDER with a wild one."""
    match move:
        case SIMPLE(CRD() as card):
            return card
        case ORDER(card, _) if not isinstance(card, CRD):
            return card
    return None


def play(desk: Desk, playable: Sequence[Card]) -> Desk:
    """Task 27: the current player's move with one of ``playable`` (assumed non-empty).

    An illegal answer (PASS, a card not in ``playable``, SIMPLE with a wild card, ORDER with an
    ordinary card) raises ``IllegalMove(name, args)`` with the seven arguments the strategy got.
    Otherwise prints ``NAME made move`` and the move, moves the card from the hand onto the pile,
    records the move and lets :func:`moveAction` finish, telling it whether the hand held the
    required colour before the move.
    """
    players = Desk.getPlayers(desk)
    if not players or not Desk.getPile(desk):
        raise IllegalGame("play: no players or an empty pile")
    player, others = players[0], players[1:]
    hand = Player.getCards(player)
    args = (
        Desk.getState(desk),
        hand,
        list(playable),
        Desk.getPile(desk)[0],
        Desk.getDirection(desk),
        Desk.getMemo(desk),
        countCards(desk),
    )
    asked, move = askPlayerForCard(player, args)
    illegal = IllegalMove(Player.getName(player), args)
    card = _card_of(move)
    if card is None or card not in playable:
        raise illegal
    say(Player.getName(player) + " made move\n")
    say(moveToString(move) + "\n")
    moved = Player.setCards(asked, removeCard(hand, card, illegal))
    after = Desk.addMemo(
        Desk.setPile(Desk.setPlayers(desk, [moved] + others), [card] + Desk.getPile(desk)), move
    )
    return moveAction(move, after, hasColor(requiredColor(desk), hand))


def execution(desk: Desk) -> Desk:
    """Task 28: the current player cannot answer the active card on the pile.

    A PASS goes to the memory; SKIP just passes the turn, DRAW_TWO makes the player take two
    first; either way the next state is PROCEED.  Any other top card is an IllegalGame.
    """
    pile = Desk.getPile(desk)
    if not pile or not isinstance(pile[0], CRD):
        raise IllegalGame("execution: no active card on the pile")
    skipped = Desk.setState(Desk.addMemo(desk, PASS), PROCEED)
    if pile[0].rank == SKIP:
        return nextPlayer(skipped)
    if pile[0].rank == DRAW_TWO:
        return nextPlayer(drawTwo(skipped))
    raise IllegalGame(f"execution: {pile[0]!r} is not SKIP or DRAW_TWO")


def yourTurn(desk: Desk) -> Desk:
    """Task 29: one turn: play if possible; under EXECUTE take the punishment; otherwise draw one
    card and play it if it fits, else pass (a PASS in the memory)."""
    playable = cardsToPlay(desk)
    if playable:
        return play(desk, playable)
    if Desk.getState(desk) == EXECUTE:
        return execution(desk)
    drawn = draw(desk)
    playable = cardsToPlay(drawn)
    if playable:
        return play(drawn, playable)
    return nextPlayer(Desk.addMemo(drawn, PASS))
