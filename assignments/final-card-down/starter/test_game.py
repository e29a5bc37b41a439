"""Your tests of the Game ADT (pytest), importing it as ``game``.

The grader runs them on the reference ADT (they must all pass there) and on broken ADTs, each
breaking one rule (the more your suite catches, the more points).  Here, ``python -m pytest``
runs them on your own game.py.  One test per rule, each building the smallest game that shows
it, catches the most.
"""

import game as g


def deck(n=30):
    """``n`` cards, all BLUE FIVE HEARTS but for the first discard (index 28), RED ONE SPADES."""
    cards = [g.Card(g.Value.FIVE, g.Color.BLUE, g.Suit.HEARTS)] * n
    cards[28] = g.Card(g.Value.ONE, g.Color.RED, g.Suit.SPADES)
    return cards


def new_game(cards):
    return g.newGame(
        len(cards), [c.value for c in cards], [c.color for c in cards], [c.suit for c in cards]
    )


def test_a_new_game_deals_seven_cards_each():
    game = new_game(deck())
    assert [g.playerCardCount(game, p) for p in range(4)] == [7, 7, 7, 7]
