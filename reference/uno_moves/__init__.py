"""Reference for uno-moves: the four parts of the Haskell UNO homework, in Python.

``onePlayerOneMove(discard, deck, hand)`` and ``onePlayerManyMoves`` return
``(hand, deck, discard)``; ``manyPlayersOneMove(discard, deck, hands)`` and
``manyPlayersManyMoves`` return ``(hands, deck, discard)``.
"""

from .parts import (
    manyPlayersManyMoves,
    manyPlayersOneMove,
    onePlayerManyMoves,
    onePlayerOneMove,
)

PARTS = {
    "part01": onePlayerOneMove,
    "part02": onePlayerManyMoves,
    "part03": manyPlayersOneMove,
    "part04": manyPlayersManyMoves,
}

__all__ = [
    "PARTS",
    "manyPlayersManyMoves",
    "manyPlayersOneMove",
    "onePlayerManyMoves",
    "onePlayerOneMove",
]
