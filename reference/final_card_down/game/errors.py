"""The errors the Final Card-Down ADT raises.

The course's C ADT could assume valid arguments; this port refuses them with a
clear message instead, so a grader or a player never works on a corrupted game.
Every error is a ``ValueError`` so callers that only know "bad input" catch it.
"""

from __future__ import annotations


class FinalCardDownError(ValueError):
    """Base class of every error the Final Card-Down ADT raises."""


class InvalidDeckError(FinalCardDownError):
    """``newGame`` was given a deck it cannot deal (too small, ragged arrays, bad cards)."""


class InvalidArgumentError(FinalCardDownError):
    """A query was given an out-of-range player, turn, move or card index."""


class InvalidMoveError(FinalCardDownError):
    """``playMove`` was given a move that ``isValidMove`` rejects; the game is unchanged."""
