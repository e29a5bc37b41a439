"""My tests of the Final Card-Down ADT, one rule each (imports the module ``game``).

Spec rule 5 is marked "?" and I read it the other way from the page's D1: after an ordinary
draw the player may still play one card (``test_a_play_after_an_ordinary_draw``). game.py
says so (``READINGS``), so the grader runs these tests on the reference under my reading.

Decks are dealt round-robin from player 0, 7 cards each, then the first discard, then the
draw pile (FAQ). Filler cards never match RED THREE HEARTS (never RED, THREE, HEARTS, ZERO).
"""

import game as g

TOP = "RED THREE HEARTS"
COLORS = ("BLUE", "GREEN", "YELLOW", "PURPLE")
VALUES = ("FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE", "E")
SUITS = ("DIAMONDS", "CLUBS", "SPADES", "QUESTIONS")
# Player 0 can put down six cards in one turn: each CONTINUE allows one more play.
RUN = [
    "RED CONTINUE CLUBS",
    "BLUE CONTINUE HEARTS",
    "GREEN CONTINUE SPADES",
    "YELLOW CONTINUE DIAMONDS",
    "PURPLE CONTINUE QUESTIONS",
    "PURPLE NINE QUESTIONS",
]


def card(text):
    color, value, suit = text.split()
    return g.Card(g.Value[value], g.Color[color], g.Suit[suit])


def filler(p):
    return [f"{COLORS[p]} {VALUES[i]} {SUITS[(i + p) % 4]}" for i in range(7)]


def new_game(hands, top=TOP, draw=None):
    full = [hands.get(p, []) + filler(p)[len(hands.get(p, [])) :] for p in range(4)]
    pile = ["PURPLE F SPADES"] * 10 if draw is None else draw
    cards = [card(full[p][i]) for i in range(7) for p in range(4)] + [card(top)]
    cards += [card(t) for t in pile]
    return g.newGame(
        len(cards), [c.value for c in cards], [c.color for c in cards], [c.suit for c in cards]
    )


def move(text):
    words = text.split()
    if words[0] != "PLAY_CARD":
        return g.Move(g.Action[words[0]])
    color = g.Color[words[4]] if len(words) == 5 else None
    return g.Move(g.Action.PLAY_CARD, color, card(" ".join(words[1:4])))


def valid(game, text):
    return g.isValidMove(game, move(text))


def play(game, *texts):
    for text in texts:
        assert valid(game, text), text
        game = g.playMove(game, move(text))
    return game


def counts(game):
    return [g.playerCardCount(game, p) for p in range(4)]


def hand(game):
    return sorted(str(g.handCard(game, i)) for i in range(g.handCardCount(game)))


def missed_trio():
    """Player 0 plays four cards (three left), does not say TRIO, ends: player 1's turn."""
    game = new_game({0: RUN[:3] + ["GREEN FOUR SPADES"]})
    return play(game, *(f"PLAY_CARD {c}" for c in RUN[:3]), "PLAY_CARD GREEN FOUR SPADES", "END_TURN")


# ------------------------------------------------------------ dealing and counting


def test_round_robin_deal():
    game = new_game({0: ["GREEN ZERO SPADES"], 1: ["BLUE ONE CLUBS"]})
    assert "BLUE ONE CLUBS" not in str(hand(game))
    assert g.handCardCount(game) == 7 and str(g.topDiscard(game)).count("THREE")


def test_turn_numbers_count_from_zero():
    game = new_game({})
    assert (g.currentTurn(game), g.numTurns(game)) == (0, 1)


def test_points_are_the_sum_of_the_values():
    assert g.playerPoints(new_game({}), 0) == sum(int(g.Value[v]) for v in VALUES)


def test_a_turn_needs_a_play_or_a_draw_and_one_draw_only():
    game = new_game({})
    assert not valid(game, "END_TURN")
    game = play(game, "DRAW_CARD")
    assert not valid(game, "DRAW_CARD")
    assert valid(game, "END_TURN")


def test_a_play_after_an_ordinary_draw():
    # My reading of rule 5 (D1 the other way): draw, then still one play.
    game = play(new_game({0: ["RED FOUR DIAMONDS"]}), "DRAW_CARD")
    game = play(game, "PLAY_CARD RED FOUR DIAMONDS")
    assert not valid(game, "DRAW_CARD")
    assert valid(game, "END_TURN")


def test_no_draw_after_a_play():
    # A turn is a draw *or* a play (the page's D31): after a play, no draw.
    game = play(new_game({0: ["RED FOUR DIAMONDS"]}), "PLAY_CARD RED FOUR DIAMONDS")
    assert not valid(game, "DRAW_CARD")


# ------------------------------------------------------------ matching, ZERO, DRAW_TWO


def test_zero_is_wild():
    assert valid(new_game({0: ["GREEN ZERO SPADES"]}), "PLAY_CARD GREEN ZERO SPADES")


def test_zero_is_not_wild_under_a_draw_two():
    game = new_game({0: ["GREEN ZERO SPADES"]}, top="RED DRAW_TWO HEARTS")
    assert not valid(game, "PLAY_CARD GREEN ZERO SPADES")


def test_first_draw_two_costs_two_cards_then_is_spent():
    game = play(new_game({}, top="RED DRAW_TWO HEARTS"), "DRAW_CARD")
    assert not valid(game, "END_TURN")
    game = play(game, "DRAW_CARD", "END_TURN", "DRAW_CARD")
    assert counts(game)[:2] == [9, 8]
    assert valid(game, "END_TURN")  # D2: player 1 owes nothing more


def test_draw_twos_stack():
    game = new_game({0: ["BLUE DRAW_TWO CLUBS"]}, top="RED DRAW_TWO HEARTS")
    game = play(game, "PLAY_CARD BLUE DRAW_TWO CLUBS", "END_TURN")
    for _ in range(3):
        game = play(game, "DRAW_CARD")
        assert not valid(game, "END_TURN")
    game = play(game, "DRAW_CARD", "END_TURN")
    assert counts(game)[1] == 11


# ------------------------------------------------------------ ADVANCE, BACKWARDS, DECLARE


def test_advance_skips_the_next_player_who_gets_no_turn_number():
    game = play(new_game({0: ["RED ADVANCE CLUBS"]}), "PLAY_CARD RED ADVANCE CLUBS", "END_TURN")
    assert (g.currentPlayer(game), g.currentTurn(game)) == (2, 1)


def test_backwards_reverses():
    game = new_game({0: ["RED BACKWARDS CLUBS"]})
    game = play(game, "PLAY_CARD RED BACKWARDS CLUBS", "END_TURN")
    assert g.currentPlayer(game) == 3


def test_first_discard_advance_and_backwards():
    assert g.currentPlayer(new_game({}, top="RED ADVANCE HEARTS")) == 1
    game = play(new_game({}, top="RED BACKWARDS HEARTS"), "DRAW_CARD", "END_TURN")
    assert g.currentPlayer(game) == 3


def test_declare_sets_the_colour_while_on_top():
    game = new_game({0: ["BLUE DECLARE HEARTS"], 1: ["GREEN FOUR HEARTS", "BLUE FIVE SPADES"]})
    game = play(game, "PLAY_CARD BLUE DECLARE HEARTS YELLOW", "END_TURN")
    assert not valid(game, "PLAY_CARD BLUE FIVE SPADES")  # BLUE is printed, YELLOW counts
    game = play(game, "PLAY_CARD GREEN FOUR HEARTS", "END_TURN")  # by suit
    assert not valid(game, "PLAY_CARD YELLOW FIVE QUESTIONS")  # the DECLARE is gone


def test_declared_colour_is_playable():
    game = new_game({0: ["BLUE DECLARE HEARTS"], 1: ["GREEN FOUR CLUBS"]})
    game = play(game, "PLAY_CARD BLUE DECLARE HEARTS GREEN", "END_TURN")
    assert valid(game, "PLAY_CARD GREEN FOUR CLUBS")


# ------------------------------------------------------------ CONTINUE and winning


def test_continue_allows_one_more_matching_card():
    game = play(new_game({0: RUN[:2] + ["GREEN SIX SPADES"]}), "PLAY_CARD RED CONTINUE CLUBS")
    assert valid(game, "PLAY_CARD BLUE CONTINUE HEARTS")
    assert not valid(game, "PLAY_CARD GREEN SIX SPADES")  # matches nothing of the CONTINUE


def test_the_game_ends_when_the_last_card_is_down():
    h = RUN[:5] + ["BLUE CONTINUE DIAMONDS", "BLUE EIGHT DIAMONDS"]
    game = play(new_game({0: h}), *(f"PLAY_CARD {c}" for c in h))
    assert g.gameWinner(game) == 0


def test_empty_deck_and_one_card_discard_pile_ends_with_no_winner():
    game = new_game({}, draw=["PURPLE F SPADES"])
    game = play(game, "DRAW_CARD", "END_TURN", "DRAW_CARD")
    assert g.gameWinner(game) == g.NO_WINNER


def test_refill_keeps_the_top_and_puts_the_first_discard_on_top_of_the_deck():
    hands = {0: ["RED FOUR HEARTS"], 1: ["BLUE FOUR CLUBS"], 2: ["GREEN FOUR SPADES"]}
    game = new_game(hands, draw=["PURPLE F SPADES"])
    game = play(game, "PLAY_CARD RED FOUR HEARTS", "END_TURN")
    game = play(game, "PLAY_CARD BLUE FOUR CLUBS", "END_TURN")
    game = play(game, "PLAY_CARD GREEN FOUR SPADES", "END_TURN")
    game = play(game, "DRAW_CARD", "END_TURN", "DRAW_CARD")  # player 0 draws after the flip
    assert str(card(TOP)) in hand(game)
    # The deck holds the two other old discards; then only GREEN FOUR SPADES is left.
    game = play(game, "END_TURN", "DRAW_CARD", "END_TURN", "DRAW_CARD", "END_TURN")
    assert g.gameWinner(game) == g.NOT_FINISHED
    game = play(game, "DRAW_CARD")
    assert g.gameWinner(game) == g.NO_WINNER


# ------------------------------------------------------------ calls and call-outs


def test_a_right_call_out_costs_the_previous_player_two():
    game = play(missed_trio(), "SAY_TRIO")
    assert counts(game)[:2] == [5, 7]


def test_a_wrong_call_out_costs_the_caller_four():
    game = play(missed_trio(), "SAY_UNO")
    assert counts(game)[:2] == [3, 11]


def test_call_outs_only_start_a_turn():
    game = play(missed_trio(), "DRAW_CARD")
    assert not valid(game, "SAY_TRIO")


def test_no_call_out_in_turn_zero():
    # Nobody played before turn 0, so there is nobody to call out (the page's D32).
    assert not valid(new_game({}), "SAY_UNO")
