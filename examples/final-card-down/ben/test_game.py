"""Ben's tests: only the start of a game."""

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


def test_new_game_counts():
    game = new_game()
    assert g.numCards(game) == 30
    assert g.numOfColor(game, g.Color.RED) == 10


def test_first_turn():
    game = new_game()
    assert g.currentPlayer(game) == 0
    assert g.currentTurn(game) == 0
    assert g.numTurns(game) == 1
