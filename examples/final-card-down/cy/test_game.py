"""Cy's tests."""

import game as g

DECK = ["RED THREE HEARTS", "BLUE FOUR CLUBS", "GREEN FIVE SPADES"] * 10


def new_game():
    cards = [t.split() for t in DECK]
    return g.newGame(
        len(cards),
        [g.Value[v] for _, v, _ in cards],
        [g.Color[c] for c, _, _ in cards],
        [g.Suit[s] for _, _, s in cards],
    )


def play(game, move):
    after = g.playMove(game, move)
    return game if after is None else after


def test_hand_size():
    assert g.handCardCount(new_game()) == 7


def test_drawn_card_comes_first():
    # Wrong: the order of a hand is not specified (FAQ), and the reference appends.
    game = play(new_game(), g.Move(g.Action.DRAW_CARD))
    drawn = g.handCard(game, 0)
    assert (drawn.color, drawn.value) == (g.Color.GREEN, g.Value.FIVE)
