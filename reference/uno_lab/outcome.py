"""Tasks 30-32: what each player loses, finding the winner, and the whole game."""

from __future__ import annotations

from collections.abc import Sequence

from unolab import Desk, IllegalGame, Player

from .cards import sumCards
from .dealing import deal, deskNormalize
from .turns import yourTurn

MAX_TURNS = 100_000
"""A game that has not ended after this many turns is an IllegalGame (see Decisions)."""


def playerLoss(player: Player) -> tuple[str, int]:
    """Task 30: the player's name and the points of the cards in hand."""
    return Player.getName(player), sumCards(Player.getCards(player))


def checkWinner(desk: Desk) -> tuple[str, list[tuple[str, int]]] | None:
    """Task 31: None while nobody has emptied the hand; else the winner's name and every
    player's (name, loss), in the desk's current seating order."""
    players = Desk.getPlayers(desk)
    winner = next((p for p in players if not Player.getCards(p)), None)
    if winner is None:
        return None
    return Player.getName(winner), [playerLoss(p) for p in players]


def game(players: Sequence[Player]) -> tuple[str, list[tuple[str, int]]]:
    """Task 32: deal, normalize, then turn after turn until somebody has no cards left."""
    desk = deskNormalize(deal(players))
    for _ in range(MAX_TURNS):
        result = checkWinner(desk)
        if result is not None:
            return result
        desk = yourTurn(desk)
    raise IllegalGame(f"game: no winner after {MAX_TURNS} turns")
