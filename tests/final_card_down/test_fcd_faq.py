"""Every answer of the Final Card-Down FAQ (seed 002) as a test of the reference ADT.

Each test takes ``g``, the ADT module, so ``test_fcd_mutants.py`` can run the very same
tests against every mutant and prove each mutant is caught.  Expectations are hand
computed from the FAQ's own examples; the comment above each says how.  Tests use only
the public ADT names (``g.newGame``, ``g.playMove``, ...), never the reference's internals.

Deck layouts are written hand by hand: ``deal`` turns four 7-card hands, the first discard
and the draw pile into the deck order the FAQ prescribes (round-robin from player 0), which
``test_dealing_follows_the_faq_example`` checks against the FAQ's literal example.
"""

from __future__ import annotations

import pytest

import reference.final_card_down.game as REF

DEFAULT_COLORS = ("BLUE", "GREEN", "YELLOW", "PURPLE")
DEFAULT_VALUES = ("FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE", "E")
DEFAULT_SUITS = ("DIAMONDS", "CLUBS", "SPADES", "QUESTIONS")
TOP = "RED THREE HEARTS"


@pytest.fixture
def g():
    return REF


# ----------------------------------------------------------------- helpers


def card(g, text):
    color, value, suit = text.split()
    return g.Card(g.Value[value], g.Color[color], g.Suit[suit])


def text_of(c):
    return f"{c.color.name} {c.value.name} {c.suit.name}"


def default_hand(p):
    """Player p's filler hand: never RED, THREE, HEARTS or ZERO, so nothing matches TOP."""
    return [
        f"{DEFAULT_COLORS[p]} {DEFAULT_VALUES[i]} {DEFAULT_SUITS[(i + p) % 4]}" for i in range(7)
    ]


def pile(n):
    """n distinct draw-pile cards 'X F S' (value F): recognisable when they arrive in a hand."""
    colors = ("BLUE", "GREEN", "YELLOW", "PURPLE", "RED")
    suits = ("DIAMONDS", "CLUBS", "SPADES", "QUESTIONS")
    return [f"{colors[k % 5]} F {suits[(k // 5) % 4]}" for k in range(n)]


def deal(hands, top=TOP, draw=None):
    """Deck texts: card i of player p's hand at index 4*i + p, then the top, then the pile."""
    full = [list(hands.get(p, [])) + default_hand(p)[len(hands.get(p, [])) :] for p in range(4)]
    deck = [full[p][i] for i in range(7) for p in range(4)]
    deck.append(top)
    deck += pile(10) if draw is None else draw
    return deck


def new(g, deck):
    cards = [card(g, t) for t in deck]
    return g.newGame(
        len(cards), [c.value for c in cards], [c.color for c in cards], [c.suit for c in cards]
    )


def mv(g, text):
    words = text.split()
    action = g.Action[words[0]]
    if action != g.Action.PLAY_CARD:
        return g.Move(action)
    next_color = g.Color[words[4]] if len(words) == 5 else None
    return g.Move(action, next_color, card(g, " ".join(words[1:4])))


def play(g, game, *moves):
    for text in moves:
        assert g.isValidMove(game, mv(g, text)), f"{text} should be valid"
        game = g.playMove(game, mv(g, text))
    return game


def valid(g, game, text):
    return g.isValidMove(game, mv(g, text))


def hand(g, game):
    return sorted(text_of(g.handCard(game, i)) for i in range(g.handCardCount(game)))


def counts(g, game):
    return [g.playerCardCount(game, p) for p in range(4)]


# ----------------------------------------------------------------- SPOTS


def test_hand_card_index_is_below_hand_card_count(g):
    # FAQ: "the index passed into the handCard function should be strictly less than what
    # the handCardCount function returns" - 7 cards dealt, indices 0..6.
    game = new(g, deal({}))
    assert g.handCardCount(game) == 7
    assert text_of(g.handCard(game, 6)) in default_hand(0)
    with pytest.raises(ValueError):
        g.handCard(game, 7)
    with pytest.raises(ValueError):
        g.handCard(game, -1)


def test_turn_numbers_count_from_zero(g):
    # FAQ: "if we're on turn 0, numTurns will say 1"; turnMoves/pastMove take turn < numTurns.
    game = new(g, deal({}))
    assert (g.currentTurn(game), g.numTurns(game), g.turnMoves(game, 0)) == (0, 1, 0)
    game = play(g, game, "DRAW_CARD", "END_TURN")
    assert (g.currentTurn(game), g.numTurns(game)) == (1, 2)
    assert g.turnMoves(game, 0) == 2 and g.turnMoves(game, 1) == 0
    assert g.pastMove(game, 0, 0).action == g.Action.DRAW_CARD
    assert g.pastMove(game, 0, 1).action == g.Action.END_TURN
    with pytest.raises(ValueError):
        g.turnMoves(game, 2)
    with pytest.raises(ValueError):
        g.pastMove(game, 0, 2)


# ----------------------------------------------------------------- Implementation


def test_no_fixed_size_storage_for_deck_or_hands(g):
    # FAQ: "There is no limit on how big a deck can be, or how many cards a player can have".
    # A 1200-card deck; everybody only draws.  After 400 turns (100 each) every hand holds
    # 7 + 100 cards and the deck lost exactly 400 cards (conservation).
    deck = deal({}, draw=pile(20) * 58)  # 29 + 1160 = 1189 cards
    game = new(g, deck)
    assert g.numCards(game) == 1189
    for _ in range(400):
        game = play(g, game, "DRAW_CARD", "END_TURN")
    assert counts(g, game) == [107, 107, 107, 107]
    assert g.gameWinner(game) == g.NOT_FINISHED


def test_hand_order_is_not_assumed_only_its_contents(g):
    # FAQ: "Can we make assumptions about what order the cards in a player's hand are? No."
    # So this test compares multisets: player 0 holds exactly the cards at 0, 4, ..., 24.
    deck = deal({})
    game = new(g, deck)
    assert hand(g, game) == sorted(deck[0:28:4])


def test_a_finished_game_takes_no_more_moves(g):
    # FAQ: "Does our ADT have to handle multiple rounds? No." Once NO_WINNER is reached (see
    # below) the round is over: every move is invalid and playMove refuses.
    game = play(g, new(g, deal({}, draw=pile(1))), "DRAW_CARD", "END_TURN", "DRAW_CARD")
    assert g.gameWinner(game) == g.NO_WINNER
    for text in ("DRAW_CARD", "END_TURN", "SAY_UNO", "PLAY_CARD " + default_hand(1)[0]):
        assert not valid(g, game, text)
    with pytest.raises(ValueError):
        g.playMove(game, mv(g, "END_TURN"))


# ----------------------------------------------------------------- Game end


def continue_run_hand():
    """Player 0 can empty 6 cards in turn 0 on TOP (RED THREE HEARTS): five CONTINUEs, then a
    card matching the last CONTINUE; the seventh card stays."""
    return [
        "RED CONTINUE CLUBS",  # RED matches TOP
        "BLUE CONTINUE HEARTS",  # each CONTINUE matches the previous by value
        "GREEN CONTINUE SPADES",
        "YELLOW CONTINUE DIAMONDS",
        "PURPLE CONTINUE QUESTIONS",
        "PURPLE NINE QUESTIONS",  # matches PURPLE CONTINUE QUESTIONS by colour
        "BLUE EIGHT DIAMONDS",
    ]


CONTINUE_PLAYS = [f"PLAY_CARD {c}" for c in continue_run_hand()[:6]]


def test_game_ends_as_soon_as_the_final_card_is_down(g):
    # FAQ: "The game ends as soon as they put their final card down; they don't have to call
    # END_TURN (and can't)".  Player 0 holds six CONTINUEs (each matches the previous by
    # value, the first is RED like TOP) and BLUE EIGHT DIAMONDS, which matches the sixth,
    # BLUE CONTINUE DIAMONDS, by colour: all seven go down in turn 0 (calls skipped).
    h = continue_run_hand()[:5] + ["BLUE CONTINUE DIAMONDS", "BLUE EIGHT DIAMONDS"]
    game = new(g, deal({0: h}))
    game = play(g, game, *[f"PLAY_CARD {c}" for c in h])
    assert g.gameWinner(game) == 0
    assert g.playerCardCount(game, 0) == 0
    assert not valid(g, game, "END_TURN")
    assert g.turnMoves(game, 0) == 7 and g.currentTurn(game) == 0


def test_no_winner_when_nothing_can_be_drawn(g):
    # FAQ: "The game ends with no winner when a player attempts to draw a card, but ... there
    # are no cards left in the deck, and the discard pile only has one card in it."
    # 30 cards: 28 dealt, TOP, one card to draw.  Player 0 takes it; player 1 cannot draw.
    game = new(g, deal({}, draw=pile(1)))
    game = play(g, game, "DRAW_CARD", "END_TURN")
    assert g.gameWinner(game) == g.NOT_FINISHED
    assert valid(g, game, "DRAW_CARD")  # attempting the draw is a legal move ...
    game = g.playMove(game, mv(g, "DRAW_CARD"))
    assert g.gameWinner(game) == g.NO_WINNER  # ... which ends the game
    assert counts(g, game) == [8, 7, 7, 7]


# ----------------------------------------------------------------- The deck


def test_deck_size_limits(g):
    # FAQ: "it's valid for the deck to be any size >= 30 ... (It's also valid for the deck to
    # be > 800)"; the minimum is 7*4 + 1 + 1 = 30.
    deck = deal({}, draw=pile(1))
    assert len(deck) == 30
    assert g.numCards(new(g, deck)) == 30
    with pytest.raises(ValueError):
        new(g, deck[:29])


def full_deck():
    colors = ("RED", "BLUE", "GREEN", "YELLOW", "PURPLE")
    suits = ("HEARTS", "DIAMONDS", "CLUBS", "SPADES", "QUESTIONS")
    values = ("ZERO", "ONE", "DRAW_TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT")
    values += ("NINE", "ADVANCE", "BACKWARDS", "CONTINUE", "DECLARE", "E", "F")
    return [f"{c} {v} {s}" for _ in range(2) for v in values for c in colors for s in suits]


def test_full_deck_counts_and_larger_decks(g):
    # FAQ: "2 of each card * 5 suits * 5 colors * 16 values = 800 cards"; numOfSuit = 800/5,
    # numOfColor = 800/5, numOfValue = 800/16 - for this deck only.
    game = new(g, full_deck())
    assert g.numCards(game) == 800
    assert all(g.numOfSuit(game, s) == 160 for s in g.Suit)
    assert all(g.numOfColor(game, c) == 160 for c in g.Color)
    assert all(g.numOfValue(game, g.Value(v)) == 50 for v in range(16))
    bigger = new(g, full_deck() + ["RED ZERO HEARTS"])
    assert g.numCards(bigger) == 801 and g.numOfValue(bigger, g.Value.ZERO) == 51


def test_counts_follow_the_given_deck_not_800(g):
    # FAQ: "numCards won't always be 800".  deal({}) by hand: hands use suits DIAMONDS, CLUBS,
    # SPADES, QUESTIONS in rotation (28 cards, 7 of each), TOP is HEARTS, the 10 pile cards
    # cycle suits every 5 cards: 5 DIAMONDS + 5 CLUBS.  So HEARTS 1, DIAMONDS 12, CLUBS 12,
    # SPADES 7, QUESTIONS 7.  Colours: 7 each of BLUE/GREEN/YELLOW/PURPLE + 2 each from the
    # pile (k%5) and RED = TOP + 2 pile cards = 3.  Values: 4 each of FOUR..E, THREE 1, F 10.
    game = new(g, deal({}))
    assert g.numCards(game) == 39
    assert [g.numOfSuit(game, s) for s in g.Suit] == [1, 12, 12, 7, 7]
    assert [g.numOfColor(game, c) for c in g.Color] == [3, 9, 9, 9, 9]
    assert g.numOfValue(game, g.Value.THREE) == 1 and g.numOfValue(game, g.Value.F) == 10
    assert g.numOfValue(game, g.Value.SEVEN) == 4 and g.numOfValue(game, g.Value.ZERO) == 0


def test_dealing_follows_the_faq_example(g):
    # FAQ (newGame): index 0 is dealt first; "Player 1 gets a RED 3 of HEARTS, Player 2 gets a
    # BLUE 4 of DIAMONDS, Player 3 ... GREEN 5 of HEARTS, Player 4 ... YELLOW 6 of DIAMONDS,
    # Player 1 gets a PURPLE 7 of HEARTS".  Players 1..4 are our 0..3.
    head = [
        "RED THREE HEARTS",
        "BLUE FOUR DIAMONDS",
        "GREEN FIVE HEARTS",
        "YELLOW SIX DIAMONDS",
        "PURPLE SEVEN HEARTS",
    ]
    rest = [f"BLUE {v} CLUBS" for v in ("ONE", "FOUR", "FIVE", "SIX", "SEVEN")] * 5
    deck = head + rest  # 30 cards: 28 dealt, deck[28] discarded, deck[29] to draw
    game = new(g, deck)
    assert hand(g, game) == sorted(deck[0:28:4])
    assert "RED THREE HEARTS" in hand(g, game) and "PURPLE SEVEN HEARTS" in hand(g, game)
    assert text_of(g.topDiscard(game)) == deck[28]
    game = play(g, game, "DRAW_CARD")  # no shuffling: the draw is deck[29]
    assert hand(g, game) == sorted(deck[0:28:4] + [deck[29]])
    # The other hands become visible on their turns (deck[28] is rest[23] = BLUE SIX CLUBS,
    # which BLUE FOUR DIAMONDS matches by colour).
    game = play(g, game, "END_TURN")
    assert hand(g, game) == sorted(deck[1:28:4]) and "BLUE FOUR DIAMONDS" in hand(g, game)
    game = play(g, game, "PLAY_CARD BLUE FOUR DIAMONDS", "END_TURN")
    assert hand(g, game) == sorted(deck[2:28:4]) and "GREEN FIVE HEARTS" in hand(g, game)


def test_refill_flips_the_discard_pile_keeping_its_top(g):
    # FAQ: "the discard pile is 'flipped over', and becomes the deck, except for the top card"
    # and "The card that was on the bottom of the discard pile (i.e. the first card that was
    # discarded) is now the top card on the deck.  ... aren't shuffled".
    # Players 1..3 each play a RED card; the discard pile is then (bottom to top) TOP,
    # RED FOUR DIAMONDS, RED FIVE CLUBS, RED SIX SPADES.  The deck is empty (player 0 drew its
    # only card), so player 0's draw refills it as TOP, FOUR, FIVE, and gets TOP; players 1, 2
    # then get FOUR and FIVE; player 3 finds an empty deck and a one-card pile: NO_WINNER.
    deck = deal(
        {1: ["RED FOUR DIAMONDS"], 2: ["RED FIVE CLUBS"], 3: ["RED SIX SPADES"]},
        draw=pile(1),
    )
    game = new(g, deck)
    game = play(g, game, "DRAW_CARD", "END_TURN")
    game = play(g, game, "PLAY_CARD RED FOUR DIAMONDS", "END_TURN")
    game = play(g, game, "PLAY_CARD RED FIVE CLUBS", "END_TURN")
    game = play(g, game, "PLAY_CARD RED SIX SPADES", "END_TURN")
    before = hand(g, game)
    game = play(g, game, "DRAW_CARD")
    assert hand(g, game) == sorted(before + [TOP])
    assert text_of(g.topDiscard(game)) == "RED SIX SPADES"
    game = play(g, game, "END_TURN")
    before = hand(g, game)
    game = play(g, game, "DRAW_CARD", "END_TURN")
    game = play(g, game, "DRAW_CARD", "END_TURN")
    assert counts(g, game) == [9, 7, 7, 6]
    # Player 1: FOUR..NINE and E = 53 dealt, the played RED FOUR came back: 53 again.
    assert g.playerPoints(game, 1) == 53
    assert g.gameWinner(game) == g.NOT_FINISHED
    game = play(g, game, "DRAW_CARD")
    assert g.gameWinner(game) == g.NO_WINNER


def test_refill_order_seen_card_by_card(g):
    # Same pile as above; here each drawn card is identified in the hand that got it.
    deck = deal(
        {1: ["RED FOUR DIAMONDS"], 2: ["RED FIVE CLUBS"], 3: ["RED SIX SPADES"]},
        draw=pile(1),
    )
    game = new(g, deck)
    game = play(g, game, "DRAW_CARD", "END_TURN")
    game = play(g, game, "PLAY_CARD RED FOUR DIAMONDS", "END_TURN")
    game = play(g, game, "PLAY_CARD RED FIVE CLUBS", "END_TURN")
    game = play(g, game, "PLAY_CARD RED SIX SPADES", "END_TURN")
    game = play(g, game, "DRAW_CARD", "END_TURN")  # player 0 gets TOP (bottom of the pile)
    assert hand(g, game) == sorted(default_hand(1)[1:])  # player 1, before drawing
    game = play(g, game, "DRAW_CARD")
    assert hand(g, game) == sorted(default_hand(1)[1:] + ["RED FOUR DIAMONDS"])
    game = play(g, game, "END_TURN", "DRAW_CARD")
    assert hand(g, game) == sorted(default_hand(2)[1:] + ["RED FIVE CLUBS"])


# ----------------------------------------------------------------- Invalid input


def test_invalid_move_raises_and_changes_nothing(g):
    # FAQ: the course ADT may assume valid input; this port must refuse it clearly (issue 6).
    game = new(g, deal({}))
    snapshot = (hand(g, game), counts(g, game), g.turnMoves(game, 0), g.currentPlayer(game))
    for text in ("END_TURN", "SAY_UNO", "PLAY_CARD " + default_hand(0)[0], "PLAY_CARD " + TOP):
        assert not valid(g, game, text)
        with pytest.raises(ValueError):
            g.playMove(game, mv(g, text))
    assert snapshot == (hand(g, game), counts(g, game), g.turnMoves(game, 0), g.currentPlayer(game))


def test_play_move_never_mutates_the_given_game(g):
    # Purity: the state before a move still answers as before after the move was played.
    game = new(g, deal({0: ["RED FOUR DIAMONDS"]}))
    after = play(g, game, "PLAY_CARD RED FOUR DIAMONDS", "END_TURN")
    assert g.currentPlayer(game) == 0 and g.handCardCount(game) == 7
    assert g.currentPlayer(after) == 1 and g.playerCardCount(after, 0) == 6


# ----------------------------------------------------------------- UNO / DUO / TRIO


def test_calls_in_a_continue_turn_follow_the_faq_example(g):
    # FAQ example: "Move 0: play a CONTINUE, you now have 3 cards left ... Move 1: SAY_TRIO
    # Move 2: play another card, you now have 2 ... Move 3: SAY_DUO  Move 4: END_TURN".
    # Player 0 first plays three CONTINUEs (7 -> 4 cards), then the FAQ's moves.
    game = new(g, deal({0: continue_run_hand()}))
    game = play(g, game, *CONTINUE_PLAYS[:3])
    assert g.handCardCount(game) == 4
    for word in ("SAY_UNO", "SAY_DUO", "SAY_TRIO"):
        assert not valid(g, game, word)  # 4 cards left: nothing to say
    game = play(g, game, CONTINUE_PLAYS[3])  # 3 left
    assert valid(g, game, "SAY_TRIO") and not valid(g, game, "SAY_DUO")
    game = play(g, game, "SAY_TRIO")
    assert not valid(g, game, "SAY_TRIO")  # said once, not again
    game = play(g, game, CONTINUE_PLAYS[4], "SAY_DUO", CONTINUE_PLAYS[5], "SAY_UNO", "END_TURN")
    assert g.turnMoves(game, 0) == 10 and g.playerCardCount(game, 0) == 1
    # Player 1 had nothing to call out: every call-out is wrong and costs 4 cards.
    assert valid(g, game, "SAY_TRIO")
    game = play(g, game, "SAY_TRIO")
    assert counts(g, game) == [1, 11, 7, 7]


def test_no_call_after_drawing_even_with_three_cards(g):
    # FAQ: "if you have 1 card in your hand, and the player before you plays a DRAW_TWO and you
    # draw two cards, you don't now have to say TRIO".  Player 0 gets down to 1 card in turn 0,
    # players 1, 2 draw, player 3 plays PURPLE DRAW_TWO SPADES on PURPLE NINE QUESTIONS.
    deck = deal({0: continue_run_hand(), 3: ["PURPLE DRAW_TWO SPADES"]})
    game = new(g, deck)
    game = play(g, game, *CONTINUE_PLAYS, "SAY_UNO", "END_TURN")
    game = play(g, game, "DRAW_CARD", "END_TURN", "DRAW_CARD", "END_TURN")
    game = play(g, game, "PLAY_CARD PURPLE DRAW_TWO SPADES", "END_TURN")
    assert g.currentPlayer(game) == 0 and g.handCardCount(game) == 1
    game = play(g, game, "DRAW_CARD")
    assert not valid(g, game, "SAY_DUO")
    game = play(g, game, "DRAW_CARD")
    assert g.handCardCount(game) == 3
    assert not valid(g, game, "SAY_TRIO")
    assert valid(g, game, "END_TURN")


def missed_trio_game(g):
    """Player 0 plays to 3 cards and does not say TRIO, then says DUO, UNO; ends the turn.

    Draw pile (pile(10)): BLUE F DIAMONDS, GREEN F DIAMONDS, YELLOW F DIAMONDS, PURPLE F
    DIAMONDS, RED F DIAMONDS, BLUE F CLUBS, ...  Nobody has drawn yet.
    """
    game = new(g, deal({0: continue_run_hand()}))
    plays = CONTINUE_PLAYS
    return play(g, game, *plays[:4], plays[4], "SAY_DUO", plays[5], "SAY_UNO", "END_TURN")


def test_correct_call_out_gives_the_previous_player_two_cards(g):
    # FAQ: "If you successfully call somebody out ... the ADT must give that player the top 2
    # cards from the deck into their hand."  Player 0 missed TRIO; player 1 calls it out.
    game = missed_trio_game(g)
    assert counts(g, game) == [1, 7, 7, 7]
    game = play(g, game, "SAY_TRIO")
    assert counts(g, game) == [3, 7, 7, 7]
    assert g.turnMoves(game, 1) == 1  # the penalty cards are not moves
    # Player 0 got the top two cards; seen when player 0's turn comes round.
    game = play(g, game, "DRAW_CARD", "END_TURN")  # player 1 draws YELLOW F DIAMONDS
    game = play(g, game, "DRAW_CARD", "END_TURN", "DRAW_CARD", "END_TURN")
    assert g.currentPlayer(game) == 0
    assert hand(g, game) == sorted(["BLUE EIGHT DIAMONDS", "BLUE F DIAMONDS", "GREEN F DIAMONDS"])


def test_wrong_call_out_gives_the_caller_four_cards(g):
    # FAQ: "If you say UNO/DUO/TRIO at the start of your turn, and the other person was
    # correct ... you must draw 4 cards"; "the top 4 cards from the deck".  Player 0 did say
    # DUO, so player 1's SAY_DUO is wrong: player 1 gets pile cards 0..3.
    game = missed_trio_game(g)
    game = play(g, game, "SAY_DUO")
    assert counts(g, game) == [1, 11, 7, 7]
    assert hand(g, game) == sorted(default_hand(1) + pile(4))
    # Call-outs come first and each word once: TRIO is still a (correct) call-out.
    assert not valid(g, game, "SAY_DUO")
    game = play(g, game, "SAY_TRIO")
    assert counts(g, game) == [3, 11, 7, 7]


def test_call_out_only_as_the_first_moves_of_a_turn(g):
    # FAQ: "your very first move of your turn must be SAY_UNO / SAY_DUO / SAY_TRIO, before you
    # make any other moves" and "It is otherwise an invalid move to say UNO/DUO/TRIO".
    game = missed_trio_game(g)
    game = play(g, game, "DRAW_CARD")
    assert not valid(g, game, "SAY_TRIO")
    game = play(g, game, "END_TURN")
    # Player 2's SAY_TRIO calls out player 1 (who missed nothing), not player 0: the caller
    # draws 4 and player 0 keeps 1 card.
    game = play(g, game, "SAY_TRIO")
    assert counts(g, game) == [1, 8, 11, 7]


def test_no_call_out_before_anybody_played(g):
    # Decision (page): in turn 0 there is no previous player, so no call-out is possible.
    game = new(g, deal({}))
    for word in ("SAY_UNO", "SAY_DUO", "SAY_TRIO"):
        assert not valid(g, game, word)


def test_calls_are_only_right_after_the_play(g):
    # FAQ: "Immediately after a player discards a card, if they now have only one card ...
    # they must say UNO"; a word after another move or for another count is invalid.
    game = new(g, deal({0: continue_run_hand()}))
    game = play(g, game, *CONTINUE_PLAYS[:4])  # 3 cards: TRIO owed
    assert not valid(g, game, "SAY_UNO") and not valid(g, game, "SAY_DUO")
    game = play(g, game, CONTINUE_PLAYS[4])  # TRIO missed, now DUO owed
    assert not valid(g, game, "SAY_TRIO") and valid(g, game, "SAY_DUO")


# ----------------------------------------------------------------- Special cards


def test_first_discard_draw_two(g):
    # FAQ: "If a DRAW_TWO is the initial discard pile card, the first player must draw two
    # cards (or play a DRAW_TWO of their own)".
    game = new(g, deal({0: ["BLUE DRAW_TWO CLUBS"]}, top="RED DRAW_TWO HEARTS"))
    assert not valid(g, game, "END_TURN")
    drawn = play(g, game, "DRAW_CARD")
    assert not valid(g, drawn, "END_TURN")
    drawn = play(g, drawn, "DRAW_CARD")
    assert valid(g, drawn, "END_TURN") and not valid(g, drawn, "DRAW_CARD")
    drawn = play(g, drawn, "END_TURN")
    assert g.playerCardCount(drawn, 0) == 9
    # After the penalty the DRAW_TWO is spent: player 1 draws one card and may end.
    drawn = play(g, drawn, "DRAW_CARD")
    assert valid(g, drawn, "END_TURN")
    # Or player 0 stacks: player 1 must then draw four.
    stacked = play(g, game, "PLAY_CARD BLUE DRAW_TWO CLUBS", "END_TURN")
    stacked = play(g, stacked, "DRAW_CARD", "DRAW_CARD", "DRAW_CARD")
    assert not valid(g, stacked, "END_TURN")
    stacked = play(g, stacked, "DRAW_CARD", "END_TURN")
    assert counts(g, stacked) == [6, 11, 7, 7]


def test_first_discard_advance(g):
    # FAQ: "If the first card is ADVANCE, the first player is skipped and it becomes the second
    # player's turn."  Decision: that is turn 0 (a skipped player plays no turn).
    game = new(g, deal({}, top="RED ADVANCE HEARTS"))
    assert (g.currentPlayer(game), g.currentTurn(game)) == (1, 0)
    game = play(g, game, "DRAW_CARD", "END_TURN")
    assert (g.currentPlayer(game), g.currentTurn(game)) == (2, 1)


def test_first_discard_backwards(g):
    # FAQ: "the first player starts, but then player 3 follows, rather than player 1".
    game = new(g, deal({}, top="RED BACKWARDS HEARTS"))
    assert g.currentPlayer(game) == 0
    assert g.playDirection(game) == g.Direction.ANTICLOCKWISE
    game = play(g, game, "DRAW_CARD", "END_TURN")
    assert g.currentPlayer(game) == 3
    game = play(g, game, "DRAW_CARD", "END_TURN")
    assert g.currentPlayer(game) == 2


def test_first_discard_continue_and_declare_are_plain(g):
    # FAQ: "If the first card is CONTINUE, or DECLARE, nothing special happens".
    game = new(g, deal({0: ["RED FOUR DIAMONDS", "RED FIVE CLUBS"]}, top="RED CONTINUE HEARTS"))
    assert g.playDirection(game) == g.Direction.CLOCKWISE and g.currentPlayer(game) == 0
    game = play(g, game, "PLAY_CARD RED FOUR DIAMONDS")
    assert not valid(g, game, "PLAY_CARD RED FIVE CLUBS")  # the CONTINUE was not ours
    game = new(g, deal({0: ["RED FOUR DIAMONDS"]}, top="RED DECLARE HEARTS"))
    assert valid(g, game, "PLAY_CARD RED FOUR DIAMONDS")  # printed colour counts


def test_zero_is_wild(g):
    # FAQ: "if the top card on the deck was a BLUE 3 of HEARTS, a ZERO of any color or suit is
    # a valid match".
    game = new(g, deal({0: ["GREEN ZERO SPADES", "GREEN FOUR SPADES"]}, top="BLUE THREE HEARTS"))
    assert valid(g, game, "PLAY_CARD GREEN ZERO SPADES")
    assert not valid(g, game, "PLAY_CARD GREEN FOUR SPADES")


def test_zero_is_not_wild_while_a_draw_two_is_pending(g):
    # FAQ: "if a DRAW_TWO has been played and you still need to draw more cards, you can't play
    # a ZERO".
    game = new(g, deal({0: ["RED ZERO HEARTS"]}, top="RED DRAW_TWO HEARTS"))
    assert not valid(g, game, "PLAY_CARD RED ZERO HEARTS")
    game = play(g, game, "DRAW_CARD")
    assert not valid(g, game, "PLAY_CARD RED ZERO HEARTS")


def test_draw_two_stacking_faq_example(g):
    # FAQ: Alice, Bob, Jack, Mallory (players 0..3); the pile starts with 4 RED HEARTS.  Alice
    # plays BLUE 6 HEARTS, Bob BLUE 2 DIAMONDS, Jack GREEN 2 QUESTIONS; Mallory has no 2 and
    # "has to draw 4 cards".
    alice = ["BLUE SIX HEARTS", "GREEN NINE CLUBS"]
    deck = deal(
        {0: alice, 1: ["BLUE DRAW_TWO DIAMONDS"], 2: ["GREEN DRAW_TWO QUESTIONS"]},
        top="RED FOUR HEARTS",
    )
    game = new(g, deck)
    game = play(g, game, "PLAY_CARD BLUE SIX HEARTS", "END_TURN")
    game = play(g, game, "PLAY_CARD BLUE DRAW_TWO DIAMONDS", "END_TURN")
    assert valid(g, game, "DRAW_CARD")  # Jack may take the 2 cards; he stacks instead
    assert not valid(g, game, "PLAY_CARD " + default_hand(2)[1])
    game = play(g, game, "PLAY_CARD GREEN DRAW_TWO QUESTIONS", "END_TURN")
    assert g.currentPlayer(game) == 3
    assert not valid(g, game, "PLAY_CARD " + default_hand(3)[0])
    for _ in range(3):
        game = play(g, game, "DRAW_CARD")
        assert not valid(g, game, "END_TURN")
    game = play(g, game, "DRAW_CARD", "END_TURN")
    assert counts(g, game) == [6, 6, 6, 11]
    # Alice: the stack is spent, she may draw one card and end, or play on GREEN/2/QUESTIONS.
    assert not valid(g, game, "END_TURN")
    assert valid(g, game, "PLAY_CARD GREEN NINE CLUBS")  # GREEN, like Jack's card
    game = play(g, game, "DRAW_CARD", "END_TURN")
    assert counts(g, game) == [7, 6, 6, 11]


def test_draw_two_victim_draws_only_what_is_owed(g):
    # FAQ: "the next player must either draw two cards and end their turn": no third draw,
    # and no play after drawing.
    game = new(g, deal({0: ["BLUE DRAW_TWO CLUBS"]}, top="RED DRAW_TWO HEARTS"))
    game = play(g, game, "DRAW_CARD", "DRAW_CARD")
    assert not valid(g, game, "DRAW_CARD")
    assert not valid(g, game, "PLAY_CARD BLUE DRAW_TWO CLUBS")


def test_continue_then_a_matching_card(g):
    # FAQ: "The second card that they play must be a valid card, i.e. it must have the same
    # value, suit, or color as the CONTINUE".  RED CONTINUE CLUBS on RED THREE HEARTS.
    h = ["RED CONTINUE CLUBS", "BLUE FOUR CLUBS", "GREEN FIVE SPADES", "YELLOW ZERO DIAMONDS"]
    game = new(g, deal({0: h + ["BLUE CONTINUE SPADES"]}))
    game = play(g, game, "PLAY_CARD RED CONTINUE CLUBS")
    assert valid(g, game, "PLAY_CARD BLUE FOUR CLUBS")  # suit
    assert valid(g, game, "PLAY_CARD BLUE CONTINUE SPADES")  # value
    assert valid(g, game, "PLAY_CARD YELLOW ZERO DIAMONDS")  # ZERO
    assert not valid(g, game, "PLAY_CARD GREEN FIVE SPADES")  # nothing in common
    assert valid(g, game, "END_TURN")  # the extra card is optional
    game = play(g, game, "PLAY_CARD BLUE FOUR CLUBS")
    assert not valid(g, game, "PLAY_CARD GREEN FIVE SPADES")  # no third card (no CONTINUE)
    assert not valid(g, game, "PLAY_CARD BLUE CONTINUE SPADES")


def test_one_play_per_turn_without_continue(g):
    game = new(g, deal({0: ["RED FOUR DIAMONDS", "RED FIVE DIAMONDS"]}))
    game = play(g, game, "PLAY_CARD RED FOUR DIAMONDS")
    assert not valid(g, game, "PLAY_CARD RED FIVE DIAMONDS")
    assert not valid(g, game, "DRAW_CARD")


def test_declare_uses_the_declared_colour(g):
    # FAQ: "A card with the same value or suit but not the same color can be played ... its
    # effective color ... becomes the color that was declared"; "Does a ZERO card of any color
    # bypass this rule? Yes."  Player 0 plays RED DECLARE CLUBS naming GREEN.
    h1 = ["GREEN FOUR SPADES", "RED FOUR SPADES", "BLUE FOUR CLUBS", "BLUE DECLARE SPADES"]
    game = new(g, deal({0: ["RED DECLARE CLUBS"], 1: h1 + ["PURPLE ZERO SPADES"]}))
    assert not valid(g, game, "PLAY_CARD RED DECLARE CLUBS")  # no nextColor
    game = play(g, game, "PLAY_CARD RED DECLARE CLUBS GREEN", "END_TURN")
    assert text_of(g.topDiscard(game)) == "RED DECLARE CLUBS"
    assert valid(g, game, "PLAY_CARD GREEN FOUR SPADES")  # declared colour
    assert not valid(g, game, "PLAY_CARD RED FOUR SPADES")  # printed colour no longer counts
    assert valid(g, game, "PLAY_CARD BLUE FOUR CLUBS")  # suit
    assert valid(g, game, "PLAY_CARD BLUE DECLARE SPADES GREEN")  # value
    assert valid(g, game, "PLAY_CARD PURPLE ZERO SPADES")  # ZERO
    assert g.pastMove(game, 0, 0).nextColor == g.Color.GREEN


def test_declared_colour_lasts_only_while_the_declare_is_on_top(g):
    # RED DECLARE CLUBS naming YELLOW, then BLUE FOUR CLUBS (suit) covers it: the colour to
    # match is BLUE again, so player 2's YELLOW F SPADES no longer matches, BLUE F SPADES does.
    deck = deal(
        {
            0: ["RED DECLARE CLUBS"],
            1: ["BLUE FOUR CLUBS", "GREEN FOUR SPADES"],
            2: ["YELLOW F SPADES", "BLUE F SPADES"],
        }
    )
    game = new(g, deck)
    game = play(g, game, "PLAY_CARD RED DECLARE CLUBS YELLOW", "END_TURN")
    assert not valid(g, game, "PLAY_CARD GREEN FOUR SPADES")
    game = play(g, game, "PLAY_CARD BLUE FOUR CLUBS", "END_TURN")
    assert not valid(g, game, "PLAY_CARD YELLOW F SPADES")
    assert valid(g, game, "PLAY_CARD BLUE F SPADES")


def test_advance_skips_the_next_player(g):
    # Spec rule 7: "ADVANCE: the next player is skipped"; decision: no turn number for the
    # skipped player, and "previous player" for call-outs is the one who played the ADVANCE.
    game = new(g, deal({0: ["RED ADVANCE CLUBS"]}))
    game = play(g, game, "PLAY_CARD RED ADVANCE CLUBS", "END_TURN")
    assert (g.currentPlayer(game), g.currentTurn(game)) == (2, 1)


def test_backwards_reverses_direction(g):
    game = new(g, deal({0: ["RED BACKWARDS CLUBS"]}))
    game = play(g, game, "PLAY_CARD RED BACKWARDS CLUBS")
    assert g.playDirection(game) == g.Direction.ANTICLOCKWISE
    game = play(g, game, "END_TURN")
    assert g.currentPlayer(game) == 3


# ----------------------------------------------------------------- Specific ADT functions


def test_unused_move_fields_are_ignored(g):
    # FAQ: "If the nextColor field and/or card members of playerMove are not used ... no value
    # should be assigned to them" - a value there anyway changes nothing.
    game = new(g, deal({}))
    move = g.Move(g.Action.DRAW_CARD, g.Color.RED, card(g, default_hand(0)[0]))
    assert g.isValidMove(game, move)
    game = g.playMove(game, move)
    assert g.handCardCount(game) == 8 and g.pastMove(game, 0, 0).action == g.Action.DRAW_CARD


def test_player_points_at_any_time(g):
    # FAQ: playerPoints "must return the sum of the values of cards in each player's hand".
    # Default hands: FOUR..NINE + E = 4+5+6+7+8+9+14 = 53.  Player 0 swaps its first card for
    # RED ZERO DIAMONDS (0): 53 - 4 = 49; after playing it, still 49; after drawing F: 64.
    game = new(g, deal({0: ["RED ZERO DIAMONDS"]}))
    assert [g.playerPoints(game, p) for p in range(4)] == [49, 53, 53, 53]
    game = play(g, game, "PLAY_CARD RED ZERO DIAMONDS", "END_TURN")
    assert g.playerPoints(game, 0) == 49
    game = play(g, game, "DRAW_CARD")
    assert g.playerPoints(game, 1) == 53 + 15


def test_moves_per_turn_are_recorded(g):
    # FAQ definitions: a turn is all of one player's moves; turnMoves/pastMove expose them.
    game = new(g, deal({0: ["RED FOUR DIAMONDS"]}))
    game = play(g, game, "PLAY_CARD RED FOUR DIAMONDS", "END_TURN", "DRAW_CARD", "END_TURN")
    assert [g.turnMoves(game, t) for t in range(g.numTurns(game))] == [2, 2, 0]
    assert text_of(g.pastMove(game, 0, 0).card) == "RED FOUR DIAMONDS"
    assert g.pastMove(game, 1, 0).action == g.Action.DRAW_CARD


def test_end_turn_needs_a_play_or_a_draw(g):
    # Spec rule 4: "END_TURN is valid only after at least one play or draw"; one draw a turn,
    # and (decision) no play after an ordinary draw.
    game = new(g, deal({0: ["RED FOUR DIAMONDS"]}))
    assert not valid(g, game, "END_TURN")
    game = play(g, game, "DRAW_CARD")
    assert not valid(g, game, "DRAW_CARD")
    assert not valid(g, game, "PLAY_CARD RED FOUR DIAMONDS")
    assert valid(g, game, "END_TURN")


def test_call_out_after_an_advance_targets_the_advance_player(g):
    # Decisions D4/D5: player 0 misses TRIO, then plays an ADVANCE (2 cards left, says DUO).
    # Player 1 is skipped; player 2 plays turn 1 and rightly calls out player 0 (+2 cards).
    h = continue_run_hand()[:4] + ["YELLOW ADVANCE DIAMONDS"]
    game = new(g, deal({0: h}))
    game = play(g, game, *CONTINUE_PLAYS[:4], "PLAY_CARD YELLOW ADVANCE DIAMONDS", "SAY_DUO")
    game = play(g, game, "END_TURN")
    assert (g.currentPlayer(game), g.currentTurn(game)) == (2, 1)
    game = play(g, game, "SAY_TRIO")
    assert counts(g, game) == [4, 7, 7, 7]
