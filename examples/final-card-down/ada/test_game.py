"""An example student test suite for the Final Card-Down ADT (imports the module ``game``).

Run against the reference: copy reference/final_card_down/game/ as ``game`` next to it.
"""

import game as g

# Filler hands that match nothing on RED THREE HEARTS (never RED, THREE, HEARTS or ZERO).
COLORS = ("BLUE", "GREEN", "YELLOW", "PURPLE")
VALUES = ("FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE", "E")
SUITS = ("DIAMONDS", "CLUBS", "SPADES", "QUESTIONS")


def card(text):
    color, value, suit = text.split()
    return g.Card(g.Value[value], g.Color[color], g.Suit[suit])


def new_game(hands, top="RED THREE HEARTS", draw=10):
    full = []
    for p in range(4):
        filler = [f"{COLORS[p]} {VALUES[i]} {SUITS[(i + p) % 4]}" for i in range(7)]
        full.append(hands.get(p, []) + filler[len(hands.get(p, [])) :])
    texts = [full[p][i] for i in range(7) for p in range(4)] + [top] + ["PURPLE F SPADES"] * draw
    cards = [card(t) for t in texts]
    return g.newGame(
        len(cards), [c.value for c in cards], [c.color for c in cards], [c.suit for c in cards]
    )


def test_zero_is_wild():
    game = new_game({0: ["GREEN ZERO SPADES"]})
    assert g.isValidMove(game, g.Move(g.Action.PLAY_CARD, None, card("GREEN ZERO SPADES")))


def test_draw_two_stacks():
    game = new_game({0: ["BLUE DRAW_TWO CLUBS"]}, top="RED DRAW_TWO HEARTS")
    game = g.playMove(game, g.Move(g.Action.PLAY_CARD, None, card("BLUE DRAW_TWO CLUBS")))
    game = g.playMove(game, g.Move(g.Action.END_TURN))
    for _ in range(3):
        game = g.playMove(game, g.Move(g.Action.DRAW_CARD))
        assert not g.isValidMove(game, g.Move(g.Action.END_TURN))
    game = g.playMove(game, g.Move(g.Action.DRAW_CARD))
    assert g.isValidMove(game, g.Move(g.Action.END_TURN))


def test_backwards_first_discard():
    game = new_game({}, top="RED BACKWARDS HEARTS")
    game = g.playMove(game, g.Move(g.Action.DRAW_CARD))
    game = g.playMove(game, g.Move(g.Action.END_TURN))
    assert g.currentPlayer(game) == 3
