"""The read-only questions of the ADT, each a function of the game first.

The course's C functions took the ``Game`` first; this port keeps that shape with
module functions (``currentPlayer(game)``), so a state can be questioned long after
newer states exist.  Out-of-range arguments raise ``InvalidArgumentError`` (the
course allowed any behaviour; a clear error beats a wrong answer).
"""

from __future__ import annotations

from .cards import NUM_PLAYERS, Card, Color, Direction, Move, Suit, Value
from .errors import InvalidArgumentError
from .state import Game, turn_moves


def _check_index(name: str, index: int, limit: int) -> None:
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < limit:
        raise InvalidArgumentError(f"{name} must be an int in 0..{limit - 1}, not {index!r}")


def numCards(game: Game) -> int:
    """How many cards the deck given to newGame held."""
    return len(game.initial)


def numOfSuit(game: Game, suit: Suit) -> int:
    """How many cards of ``suit`` the initial deck held."""
    return sum(1 for c in game.initial if c.suit == suit)


def numOfColor(game: Game, color: Color) -> int:
    """How many cards of ``color`` the initial deck held."""
    return sum(1 for c in game.initial if c.color == color)


def numOfValue(game: Game, value: Value) -> int:
    """How many cards of ``value`` the initial deck held."""
    return sum(1 for c in game.initial if c.value == value)


def currentPlayer(game: Game) -> int:
    return game.player


def currentTurn(game: Game) -> int:
    """The 0-based number of the turn being played (skipped players use no number)."""
    return game.turn


def numTurns(game: Game) -> int:
    """Turns so far including the current one: currentTurn + 1 (FAQ)."""
    return game.turn + 1


def turnMoves(game: Game, turn: int) -> int:
    """How many moves were made in ``turn`` (penalty draws are not moves)."""
    _check_index("turn", turn, game.turn + 1)
    return len(turn_moves(game, turn))


def pastMove(game: Game, turn: int, move: int) -> Move:
    """Move number ``move`` of turn ``turn``, as it was played (unused fields None)."""
    _check_index("turn", turn, game.turn + 1)
    moves = turn_moves(game, turn)
    _check_index("move", move, len(moves))
    return moves[move]


def playerCardCount(game: Game, player: int) -> int:
    _check_index("player", player, NUM_PLAYERS)
    return len(game.hands[player])


def handCardCount(game: Game) -> int:
    """How many cards the current player holds."""
    return len(game.hands[game.player])


def handCard(game: Game, card: int) -> Card:
    """Card ``card`` of the current player's hand; the order of a hand is not specified (FAQ)."""
    hand = game.hands[game.player]
    _check_index("card", card, len(hand))
    return hand[card]


def playerPoints(game: Game, player: int) -> int:
    """The sum of the value numbers (0..15) of the cards in ``player``'s hand, at any time."""
    _check_index("player", player, NUM_PLAYERS)
    return sum(int(c.value) for c in game.hands[player])


def playDirection(game: Game) -> Direction:
    return game.direction


def topDiscard(game: Game) -> Card:
    """The card on top of the discard pile, as printed (a DECLARE keeps its printed colour)."""
    return game.top


def gameWinner(game: Game) -> int:
    """NOT_FINISHED (-1), the winning player 0..3, or NO_WINNER (4)."""
    return game.winner
