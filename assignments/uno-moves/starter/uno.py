"""uno-moves: write the four functions below (the assignment page has the rules).

A card is a 2-tuple of 1-character strings: ``('g', '6')``, ``('r', 'd')`` a Draw 2,
``('w', 'd')`` a Wild Draw 4, ``('w', '-')`` a Wild, ``('b', '-')`` a colour marker,
``('-', '-')`` the marker put when a Wild empties a hand.  The left-most card of the discard
pile is the most recently played one; the left-most card of the deck is the next to be drawn;
drawn cards go to the back of the hand.  Piles and hands arrive as lists of card tuples; return
lists or tuples, and never change the lists you are given.

Check your work on the public cases: ``python -m pytest`` in the self-check kit's folder.
"""


def onePlayerOneMove(discard, deck, hand):
    """One turn of one player: return ``(hand, deck, discard)`` after it.

    The player does the first of the page's rules 1-7 that applies (extend or pay a waiting
    Wild Draw 4 or Draw 2, match the top card's colour, play a Wild Draw 4, match its symbol,
    play a Wild, draw), putting a colour marker in front of a wild played by rules 1, 4 or 6.
    Example: on ``discard = [('b', '3')]`` with ``hand = [('b', '6'), ('r', '2')]`` the player
    plays ``('b', '6')``: ``([('r', '2')], deck, [('b', '6'), ('b', '3')])``.
    """
    raise NotImplementedError("onePlayerOneMove is not written yet")


def onePlayerManyMoves(discard, deck, hand):
    """Turns of one player until the hand is empty or the player cannot do anything (nothing
    to play and nothing to draw, or a bare Wild Draw 4 to face): return ``(hand, deck,
    discard)`` at that point."""
    raise NotImplementedError("onePlayerManyMoves is not written yet")


def manyPlayersOneMove(discard, deck, hands):
    """n turns for n players (``hands`` is a list of hands): player 1 starts and turns go up;
    a Reverse flips the direction, a Skip skips the next player; a player who cannot do
    anything passes.  Return ``(hands, deck, discard)`` after the n turns (or as soon as a hand
    is empty)."""
    raise NotImplementedError("manyPlayersOneMove is not written yet")


def manyPlayersManyMoves(discard, deck, hands):
    """The whole game: turns as in ``manyPlayersOneMove`` until a hand is empty or the player
    whose turn it is cannot continue.  Return ``(hands, deck, discard)`` at the end."""
    raise NotImplementedError("manyPlayersManyMoves is not written yet")
