"""Hand-written scenarios: one or more per FAQ answer, every expectation worked out by hand.

Nothing here runs the reference: each expected answer comes from the FAQ's wording and
the deck layout, with the reasoning in a comment.  The layout helpers build decks from
the hands the story needs (round-robin dealing from player 0, FAQ "newGame"), filling
the rest with cards that match nothing (never RED, THREE, HEARTS or ZERO).
"""

from __future__ import annotations

from typing import Any

from .scenario_format import ScenarioBuilder

TOP = "RED THREE HEARTS"
_COLORS = ("BLUE", "GREEN", "YELLOW", "PURPLE")
_VALUES = ("FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE", "E")
_SUITS = ("DIAMONDS", "CLUBS", "SPADES", "QUESTIONS")
DEFAULT_POINTS = 4 + 5 + 6 + 7 + 8 + 9 + 14  # FOUR..NINE and E: 53


def default_hand(p: int) -> list[str]:
    """Player p's filler: colour by player, values FOUR..NINE, E, suits rotating."""
    return [f"{_COLORS[p]} {_VALUES[i]} {_SUITS[(i + p) % 4]}" for i in range(7)]


def pile(n: int) -> list[str]:
    """n draw-pile cards, value F: BLUE F DIAMONDS, GREEN F DIAMONDS, ... (colour k%5)."""
    colors = ("BLUE", "GREEN", "YELLOW", "PURPLE", "RED")
    return [f"{colors[k % 5]} F {_SUITS[(k // 5) % 4]}" for k in range(n)]


def hand_of(p: int, override: list[str]) -> list[str]:
    return list(override) + default_hand(p)[len(override) :]


def deal(hands: dict[int, list[str]], top: str = TOP, draw: list[str] | None = None) -> list[str]:
    """The deck that deals ``hands`` (card i of player p at 4*i + p), then top, then the pile."""
    full = [hand_of(p, hands.get(p, [])) for p in range(4)]
    deck = [full[p][i] for i in range(7) for p in range(4)]
    return deck + [top] + (pile(10) if draw is None else list(draw))


def _counts(s: ScenarioBuilder, counts: list[int]) -> None:
    for p, n in enumerate(counts):
        s.q("playerCardCount", p, expect=n)


CONTINUE_RUN = [
    "RED CONTINUE CLUBS",  # RED, like TOP
    "BLUE CONTINUE HEARTS",  # each CONTINUE matches the one before by value
    "GREEN CONTINUE SPADES",
    "YELLOW CONTINUE DIAMONDS",
    "PURPLE CONTINUE QUESTIONS",
    "PURPLE NINE QUESTIONS",  # PURPLE, like the last CONTINUE
    "BLUE EIGHT DIAMONDS",  # stays in the hand
]
CONTINUE_PLAYS = [f"PLAY_CARD {c}" for c in CONTINUE_RUN[:6]]


def dealing() -> ScenarioBuilder:
    head = [
        "RED THREE HEARTS",
        "BLUE FOUR DIAMONDS",
        "GREEN FIVE HEARTS",
        "YELLOW SIX DIAMONDS",
        "PURPLE SEVEN HEARTS",
    ]
    rest = [f"BLUE {v} CLUBS" for v in ("ONE", "FOUR", "FIVE", "SIX", "SEVEN")] * 5
    deck = head + rest
    s = ScenarioBuilder(
        "faq_dealing_order",
        "FAQ newGame: index 0 is dealt first, round-robin: player 0 gets RED 3 HEARTS and "
        "PURPLE 7 HEARTS, player 1 BLUE 4 DIAMONDS, player 2 GREEN 5 HEARTS; no shuffling.",
        ["faq-newgame-order", "faq-no-shuffle", "faq-numcards", "faq-hand-order"],
        deck,
    )
    s.q("numCards", expect=30)
    # Suits by hand: head has 3 HEARTS, 2 DIAMONDS; rest is 25 CLUBS.
    s.q("numOfSuit", "HEARTS", expect=3).q("numOfSuit", "CLUBS", expect=25)
    s.q("numOfSuit", "SPADES", expect=0)
    # Colours: BLUE = 1 in head + 25 in rest; RED 1.  Values: FOUR = 1 + 5, ONE = 5.
    s.q("numOfColor", "BLUE", expect=26).q("numOfColor", "RED", expect=1)
    s.q("numOfValue", "FOUR", expect=6).q("numOfValue", "ONE", expect=5)
    s.q("currentPlayer", expect=0).q("currentTurn", expect=0).q("numTurns", expect=1)
    s.q("playDirection", expect="CLOCKWISE").q("gameWinner", expect=-1)
    _counts(s, [7, 7, 7, 7])
    s.q("hand", expect=sorted(deck[0:28:4]))
    s.q("topDiscard", expect=deck[28])  # rest[23] = BLUE SIX CLUBS
    s.moves("DRAW_CARD")  # deck[29] = rest[24] = BLUE SEVEN CLUBS
    s.q("hand", expect=sorted(deck[0:28:4] + [deck[29]]))
    s.moves("END_TURN")
    s.q("currentPlayer", expect=1).q("hand", expect=sorted(deck[1:28:4]))
    s.moves("PLAY_CARD BLUE FOUR DIAMONDS", "END_TURN")  # BLUE matches BLUE SIX CLUBS
    s.q("currentPlayer", expect=2).q("hand", expect=sorted(deck[2:28:4]))
    return s


def no_winner() -> ScenarioBuilder:
    s = ScenarioBuilder(
        "faq_minimum_deck_no_winner",
        "FAQ deck size 30 = 28 dealt + 1 discard + 1 to draw; player 1 then tries to draw from "
        "an empty deck with a one-card discard pile: the game ends with NO_WINNER.",
        ["faq-deck-size", "faq-no-winner", "faq-empty-deck-ends", "faq-one-round"],
        deal({}, draw=pile(1)),
    )
    s.q("numCards", expect=30)
    s.moves("DRAW_CARD", "END_TURN")
    s.q("gameWinner", expect=-1).valid("DRAW_CARD")
    s.moves("DRAW_CARD")
    s.q("gameWinner", expect=4)
    _counts(s, [8, 7, 7, 7])
    s.invalid("END_TURN", "DRAW_CARD", f"PLAY_CARD {default_hand(1)[1]}")
    return s


def refill() -> ScenarioBuilder:
    s = ScenarioBuilder(
        "faq_refill_from_discard",
        "FAQ empty deck: the discard pile but its top becomes the deck, unshuffled, the first "
        "card ever discarded on top. Pile (bottom..top): TOP, RED 4, RED 5, RED 6.",
        ["faq-refill", "faq-refill-order", "faq-no-winner"],
        deal(
            {1: ["RED FOUR DIAMONDS"], 2: ["RED FIVE CLUBS"], 3: ["RED SIX SPADES"]},
            draw=pile(1),
        ),
    )
    s.moves("DRAW_CARD", "END_TURN")  # player 0 takes the only deck card
    s.moves("PLAY_CARD RED FOUR DIAMONDS", "END_TURN")
    s.moves("PLAY_CARD RED FIVE CLUBS", "END_TURN")
    s.moves("PLAY_CARD RED SIX SPADES", "END_TURN")
    s.q("topDiscard", expect="RED SIX SPADES").q("currentPlayer", expect=0)
    s.moves("DRAW_CARD")  # refill: deck = TOP, RED 4, RED 5; player 0 gets TOP
    s.q("hand", expect=sorted(default_hand(0) + pile(1) + [TOP]))
    s.q("topDiscard", expect="RED SIX SPADES")
    s.moves("END_TURN", "DRAW_CARD")  # player 1 gets RED FOUR DIAMONDS back
    s.q("hand", expect=sorted(hand_of(1, ["RED FOUR DIAMONDS"])))
    s.q("playerPoints", 1, expect=DEFAULT_POINTS)  # RED FOUR replaced GREEN FOUR: same 53
    s.moves("END_TURN", "DRAW_CARD")  # player 2 gets RED FIVE CLUBS back
    s.q("hand", expect=sorted(hand_of(2, ["RED FIVE CLUBS"])))
    s.moves("END_TURN")
    _counts(s, [9, 7, 7, 6])
    s.q("gameWinner", expect=-1)
    s.moves("DRAW_CARD")  # empty deck, one-card pile
    s.q("gameWinner", expect=4)
    return s


def game_end() -> ScenarioBuilder:
    h = CONTINUE_RUN[:5] + ["BLUE CONTINUE DIAMONDS", "BLUE EIGHT DIAMONDS"]
    s = ScenarioBuilder(
        "faq_game_ends_on_last_card",
        "FAQ game end: six CONTINUEs and a matching card in turn 0; the game ends as soon as "
        "the last card is down, with no END_TURN.",
        ["faq-game-end", "faq-continue"],
        deal({0: h}),
    )
    s.moves(*[f"PLAY_CARD {c}" for c in h[:6]])
    s.q("handCardCount", expect=1).q("gameWinner", expect=-1)
    s.moves("PLAY_CARD BLUE EIGHT DIAMONDS")
    s.q("gameWinner", expect=0).q("playerCardCount", 0, expect=0)
    s.q("turnMoves", 0, expect=7).q("currentTurn", expect=0)
    s.invalid("END_TURN", "DRAW_CARD", "SAY_UNO")
    return s


def continue_calls() -> ScenarioBuilder:
    s = ScenarioBuilder(
        "faq_continue_calls",
        "FAQ UNO/DUO/TRIO with CONTINUE: play a CONTINUE leaving 3, SAY_TRIO, play, SAY_DUO, "
        "play, SAY_UNO, END_TURN; player 1's call-out is then wrong and costs 4 cards.",
        ["faq-continue-calls", "faq-when-say", "faq-wrong-callout", "faq-definitions"],
        deal({0: CONTINUE_RUN}),
    )
    s.moves(*CONTINUE_PLAYS[:3])
    s.q("handCardCount", expect=4).invalid("SAY_UNO", "SAY_DUO", "SAY_TRIO")
    s.moves(CONTINUE_PLAYS[3])
    s.valid("SAY_TRIO").invalid("SAY_DUO", "SAY_UNO", "DRAW_CARD")
    s.moves("SAY_TRIO").invalid("SAY_TRIO")
    s.moves(CONTINUE_PLAYS[4], "SAY_DUO", CONTINUE_PLAYS[5], "SAY_UNO")
    s.invalid("PLAY_CARD BLUE EIGHT DIAMONDS")  # PURPLE NINE QUESTIONS was no CONTINUE
    s.moves("END_TURN")
    s.q("turnMoves", 0, expect=10)
    s.q("pastMove", 0, 4, expect="SAY_TRIO").q("pastMove", 0, 6, expect="SAY_DUO")
    s.q("pastMove", 0, 7, expect="PLAY_CARD PURPLE NINE QUESTIONS")
    s.q("pastMove", 0, 9, expect="END_TURN")
    s.q("topDiscard", expect="PURPLE NINE QUESTIONS")
    s.moves("SAY_TRIO")  # wrong: player 0 said everything; player 1 takes pile cards 0..3
    _counts(s, [1, 11, 7, 7])
    s.q("hand", expect=sorted(default_hand(1) + pile(4)))
    s.q("turnMoves", 1, expect=1)  # the 4 penalty cards are not moves
    return s


def _missed_trio(
    name: str, description: str, covers: list[str], turn_zero: bool = False
) -> ScenarioBuilder:
    """Player 0 plays down to 1 card, misses TRIO but says DUO and UNO; with ``turn_zero``,
    after the three words are found invalid as call-outs in turn 0 (D7, D32)."""
    s = ScenarioBuilder(name, description, covers, deal({0: CONTINUE_RUN}))
    if turn_zero:
        s.invalid("SAY_TRIO", "SAY_DUO", "SAY_UNO")  # no previous player to call out
    p = CONTINUE_PLAYS
    s.moves(*p[:4], p[4], "SAY_DUO", p[5], "SAY_UNO", "END_TURN")
    return s


def callout_correct() -> ScenarioBuilder:
    s = _missed_trio(
        "faq_callout_correct",
        "FAQ call-out: player 0 did not say TRIO; player 1's SAY_TRIO as the first move gives "
        "player 0 the top 2 deck cards; then a wrong SAY_DUO gives player 1 the next 4.",
        ["faq-how-callout", "faq-callout-penalty", "faq-wrong-callout"],
    )
    s.q("currentPlayer", expect=1)
    s.valid("SAY_TRIO")
    s.moves("SAY_TRIO")
    _counts(s, [3, 7, 7, 7])
    s.invalid("SAY_TRIO")  # once per word
    s.moves("SAY_DUO")  # player 0 did say DUO: wrong, player 1 takes pile cards 2..5
    _counts(s, [3, 11, 7, 7])
    s.q("hand", expect=sorted(default_hand(1) + pile(6)[2:]))
    s.moves("DRAW_CARD")  # pile card 6
    s.q("hand", expect=sorted(default_hand(1) + pile(7)[2:]))
    s.invalid("SAY_UNO", "DRAW_CARD")
    s.moves("END_TURN", "DRAW_CARD", "END_TURN", "DRAW_CARD", "END_TURN")  # pile 7, 8
    s.q("currentPlayer", expect=0)
    s.q("hand", expect=sorted(["BLUE EIGHT DIAMONDS"] + pile(2)))
    return s


def say_only_when_allowed() -> ScenarioBuilder:
    s = _missed_trio(
        "faq_say_otherwise_invalid",
        "FAQ: saying UNO/DUO/TRIO is invalid except right after a play leaving 1/2/3 cards or "
        "as a call-out before any other move; player 2 may not call out player 0; nobody "
        "may call out in turn 0 (no previous player).",
        ["faq-say-otherwise-invalid", "faq-how-callout"],
        turn_zero=True,
    )
    s.moves("DRAW_CARD")
    s.invalid("SAY_TRIO", "SAY_DUO", "SAY_UNO")
    s.moves("END_TURN")
    # Player 2's SAY_TRIO is a call-out of player 1, who missed nothing: player 2 draws 4.
    s.moves("SAY_TRIO")
    _counts(s, [1, 8, 11, 7])
    return s


def no_call_after_draw() -> ScenarioBuilder:
    s = ScenarioBuilder(
        "faq_no_trio_after_drawing",
        "FAQ: with 1 card, drawing 2 for a DRAW_TWO leaves 3 cards but no TRIO is owed.",
        ["faq-when-say", "faq-draw-two"],
        deal({0: CONTINUE_RUN, 3: ["PURPLE DRAW_TWO SPADES"]}),
    )
    s.moves(*CONTINUE_PLAYS, "SAY_UNO", "END_TURN")
    s.moves("DRAW_CARD", "END_TURN", "DRAW_CARD", "END_TURN")
    s.moves("PLAY_CARD PURPLE DRAW_TWO SPADES", "END_TURN")
    s.q("currentPlayer", expect=0).q("handCardCount", expect=1)
    s.invalid("END_TURN", "PLAY_CARD BLUE EIGHT DIAMONDS")
    s.moves("DRAW_CARD", "DRAW_CARD")
    s.q("handCardCount", expect=3).invalid("SAY_TRIO", "DRAW_CARD").valid("END_TURN")
    return s


def first_draw_two() -> list[ScenarioBuilder]:
    deck = deal({0: ["BLUE DRAW_TWO CLUBS"]}, top="RED DRAW_TWO HEARTS")
    a = ScenarioBuilder(
        "faq_first_discard_draw_two",
        "FAQ special cards: a first DRAW_TWO makes player 0 draw two cards; after that the "
        "DRAW_TWO is spent and player 1 takes an ordinary single draw.",
        ["faq-first-discard", "faq-draw-two"],
        deck,
    )
    a.invalid("END_TURN", "PLAY_CARD " + default_hand(0)[1])
    a.moves("DRAW_CARD").invalid("END_TURN")
    a.moves("DRAW_CARD").invalid("DRAW_CARD").valid("END_TURN")
    a.moves("END_TURN")
    _counts(a, [9, 7, 7, 7])
    a.moves("DRAW_CARD").valid("END_TURN").invalid("DRAW_CARD")
    b = ScenarioBuilder(
        "faq_first_discard_draw_two_stacked",
        "FAQ special cards: player 0 answers the first DRAW_TWO with its own; player 1 must "
        "draw 2 x 2 = 4 cards before ending the turn.",
        ["faq-first-discard", "faq-draw-two"],
        deck,
    )
    b.moves("PLAY_CARD BLUE DRAW_TWO CLUBS", "END_TURN")
    b.moves("DRAW_CARD", "DRAW_CARD", "DRAW_CARD").invalid("END_TURN")
    b.moves("DRAW_CARD").invalid("DRAW_CARD").moves("END_TURN")
    _counts(b, [6, 11, 7, 7])
    return [a, b]


def first_advance_backwards() -> list[ScenarioBuilder]:
    a = ScenarioBuilder(
        "faq_first_discard_advance",
        "FAQ special cards: a first ADVANCE skips player 0; player 1 plays turn 0.",
        ["faq-first-discard"],
        deal({}, top="RED ADVANCE HEARTS"),
    )
    a.q("currentPlayer", expect=1).q("currentTurn", expect=0)
    a.moves("DRAW_CARD", "END_TURN")
    a.q("currentPlayer", expect=2).q("currentTurn", expect=1)
    b = ScenarioBuilder(
        "faq_first_discard_backwards",
        "FAQ special cards: a first BACKWARDS: player 0 starts, then player 3 follows.",
        ["faq-first-discard"],
        deal({}, top="RED BACKWARDS HEARTS"),
    )
    b.q("currentPlayer", expect=0).q("playDirection", expect="ANTICLOCKWISE")
    b.moves("DRAW_CARD", "END_TURN")
    b.q("currentPlayer", expect=3)
    b.moves("DRAW_CARD", "END_TURN")
    b.q("currentPlayer", expect=2)
    return [a, b]


def first_plain() -> list[ScenarioBuilder]:
    a = ScenarioBuilder(
        "faq_first_discard_continue_is_plain",
        "FAQ special cards: a first CONTINUE is an ordinary card; player 0 plays one card.",
        ["faq-first-discard", "faq-continue"],
        deal({0: ["RED FOUR DIAMONDS", "RED FIVE CLUBS"]}, top="RED CONTINUE HEARTS"),
    )
    a.q("currentPlayer", expect=0).q("playDirection", expect="CLOCKWISE")
    a.moves("PLAY_CARD RED FOUR DIAMONDS").invalid("PLAY_CARD RED FIVE CLUBS")
    b = ScenarioBuilder(
        "faq_first_discard_declare_is_plain",
        "FAQ special cards: a first DECLARE is an ordinary card; its printed colour counts.",
        ["faq-first-discard", "faq-declare"],
        deal({0: ["RED FOUR DIAMONDS"]}, top="RED DECLARE HEARTS"),
    )
    b.valid("PLAY_CARD RED FOUR DIAMONDS").invalid("PLAY_CARD " + default_hand(0)[1])
    return [a, b]


def zero() -> list[ScenarioBuilder]:
    a = ScenarioBuilder(
        "faq_zero_is_wild",
        "FAQ ZERO: on BLUE 3 HEARTS a ZERO of any colour or suit is a valid match.",
        ["faq-zero"],
        deal({0: ["GREEN ZERO SPADES", "GREEN FOUR SPADES"]}, top="BLUE THREE HEARTS"),
    )
    a.valid("PLAY_CARD GREEN ZERO SPADES").invalid("PLAY_CARD GREEN FOUR SPADES")
    a.moves("PLAY_CARD GREEN ZERO SPADES", "END_TURN")
    a.q("topDiscard", expect="GREEN ZERO SPADES")
    # ZERO (0) and GREEN FOUR (4) replaced FOUR and FIVE: 53 - 4 - 5 + 0 + 4 = 48; the ZERO
    # went down and is worth 0, so still 48.
    a.q("playerPoints", 0, expect=48)
    b = ScenarioBuilder(
        "faq_zero_not_during_draw_two",
        "FAQ ZERO: while a DRAW_TWO still has to be drawn, a ZERO cannot be played.",
        ["faq-zero", "faq-draw-two"],
        deal({0: ["RED ZERO HEARTS"]}, top="RED DRAW_TWO HEARTS"),
    )
    b.invalid("PLAY_CARD RED ZERO HEARTS")
    b.moves("DRAW_CARD").invalid("PLAY_CARD RED ZERO HEARTS")
    return [a, b]


def draw_two_stacking() -> ScenarioBuilder:
    s = ScenarioBuilder(
        "faq_draw_two_stacking",
        "FAQ DRAW_TWO example: Alice plays BLUE 6 HEARTS on RED 4 HEARTS, Bob BLUE 2 DIAMONDS, "
        "Jack GREEN 2 QUESTIONS, Mallory has no 2 and draws 4.",
        ["faq-draw-two"],
        deal(
            {
                0: ["BLUE SIX HEARTS", "GREEN NINE CLUBS"],
                1: ["BLUE DRAW_TWO DIAMONDS"],
                2: ["GREEN DRAW_TWO QUESTIONS"],
            },
            top="RED FOUR HEARTS",
        ),
    )
    s.moves("PLAY_CARD BLUE SIX HEARTS", "END_TURN")
    s.moves("PLAY_CARD BLUE DRAW_TWO DIAMONDS", "END_TURN")
    s.valid("DRAW_CARD").invalid("END_TURN", "PLAY_CARD " + default_hand(2)[1])
    s.moves("PLAY_CARD GREEN DRAW_TWO QUESTIONS", "END_TURN")
    s.q("currentPlayer", expect=3).invalid("PLAY_CARD " + default_hand(3)[0], "END_TURN")
    s.moves("DRAW_CARD", "DRAW_CARD", "DRAW_CARD").invalid("END_TURN")
    s.moves("DRAW_CARD").invalid("DRAW_CARD").moves("END_TURN")
    _counts(s, [6, 6, 6, 11])
    s.q("hand", expect=sorted(hand_of(0, ["BLUE SIX HEARTS", "GREEN NINE CLUBS"])[1:]))
    s.invalid("END_TURN").valid("PLAY_CARD GREEN NINE CLUBS")  # the stack is spent
    return s


def continue_match() -> ScenarioBuilder:
    h = ["RED CONTINUE CLUBS", "BLUE FOUR CLUBS", "GREEN FIVE SPADES", "YELLOW ZERO DIAMONDS"]
    s = ScenarioBuilder(
        "faq_continue_second_card",
        "FAQ CONTINUE: the second card must match the CONTINUE in value, suit or colour (or be "
        "a ZERO); a third card needs another CONTINUE.",
        ["faq-continue", "faq-zero"],
        deal({0: h + ["BLUE CONTINUE SPADES"]}),
    )
    s.moves("PLAY_CARD RED CONTINUE CLUBS")
    s.valid("PLAY_CARD BLUE FOUR CLUBS").valid("PLAY_CARD BLUE CONTINUE SPADES")
    s.valid("PLAY_CARD YELLOW ZERO DIAMONDS").invalid("PLAY_CARD GREEN FIVE SPADES", "DRAW_CARD")
    s.valid("END_TURN")
    s.moves("PLAY_CARD BLUE FOUR CLUBS")
    s.invalid("PLAY_CARD GREEN FIVE SPADES", "PLAY_CARD BLUE CONTINUE SPADES")
    s.moves("END_TURN").q("playerCardCount", 0, expect=5)
    return s


def declare() -> ScenarioBuilder:
    h1 = ["GREEN FOUR SPADES", "RED FOUR SPADES", "BLUE FOUR CLUBS", "BLUE DECLARE SPADES"]
    s = ScenarioBuilder(
        "faq_declare_next_color",
        "FAQ DECLARE: RED DECLARE CLUBS naming GREEN: GREEN, the value DECLARE, the suit CLUBS "
        "or a ZERO match; the printed RED does not.",
        ["faq-declare", "faq-declare-zero", "faq-zero"],
        deal({0: ["RED DECLARE CLUBS"], 1: h1 + ["PURPLE ZERO SPADES"]}),
    )
    s.invalid("PLAY_CARD RED DECLARE CLUBS")  # no nextColor
    s.moves("PLAY_CARD RED DECLARE CLUBS GREEN", "END_TURN")
    s.q("topDiscard", expect="RED DECLARE CLUBS")
    s.q("pastMove", 0, 0, expect="PLAY_CARD RED DECLARE CLUBS GREEN")
    s.valid("PLAY_CARD GREEN FOUR SPADES").invalid("PLAY_CARD RED FOUR SPADES")
    s.valid("PLAY_CARD BLUE FOUR CLUBS").valid("PLAY_CARD BLUE DECLARE SPADES YELLOW")
    s.valid("PLAY_CARD PURPLE ZERO SPADES")
    return s


def declare_lasts() -> ScenarioBuilder:
    s = ScenarioBuilder(
        "faq_declare_colour_ends_when_covered",
        "FAQ DECLARE: RED DECLARE CLUBS naming YELLOW, covered by BLUE FOUR CLUBS (suit): the "
        "colour to match is BLUE again, not YELLOW.",
        ["faq-declare"],
        deal(
            {
                0: ["RED DECLARE CLUBS"],
                1: ["BLUE FOUR CLUBS", "GREEN FOUR SPADES"],
                2: ["YELLOW F SPADES", "BLUE F SPADES"],
            }
        ),
    )
    s.moves("PLAY_CARD RED DECLARE CLUBS YELLOW", "END_TURN")
    s.invalid("PLAY_CARD GREEN FOUR SPADES")
    s.moves("PLAY_CARD BLUE FOUR CLUBS", "END_TURN")
    s.invalid("PLAY_CARD YELLOW F SPADES").valid("PLAY_CARD BLUE F SPADES")
    return s


def advance_callout() -> ScenarioBuilder:
    h = CONTINUE_RUN[:4] + ["YELLOW ADVANCE DIAMONDS"]
    s = ScenarioBuilder(
        "decision_callout_after_advance",
        "Decisions D4/D5: player 0 misses TRIO and ends with an ADVANCE; player 1 is skipped "
        "(no turn number) and player 2 rightly calls out player 0, who draws 2.",
        ["spec-advance", "decision-advance-turns", "decision-previous-player"],
        deal({0: h}),
    )
    s.moves(*CONTINUE_PLAYS[:4], "PLAY_CARD YELLOW ADVANCE DIAMONDS", "SAY_DUO", "END_TURN")
    s.q("currentPlayer", expect=2).q("currentTurn", expect=1).q("numTurns", expect=2)
    s.moves("SAY_TRIO")
    _counts(s, [4, 7, 7, 7])
    return s


def points_and_turns() -> ScenarioBuilder:
    s = ScenarioBuilder(
        "faq_points_and_turns",
        "FAQ playerPoints at any time (sum of card values) and turn numbering (numTurns = "
        "currentTurn + 1, turnMoves, pastMove).",
        ["faq-player-points", "faq-spots-turns", "faq-spots-handcard", "faq-definitions"],
        deal({0: ["RED ZERO DIAMONDS"]}),
    )
    # Player 0: ZERO (0) replaces FOUR: 53 - 4 = 49; the others 53.
    for p, pts in enumerate([49, DEFAULT_POINTS, DEFAULT_POINTS, DEFAULT_POINTS]):
        s.q("playerPoints", p, expect=pts)
    s.q("handCardCount", expect=7).q("turnMoves", 0, expect=0)
    s.moves("PLAY_CARD RED ZERO DIAMONDS", "END_TURN")
    s.q("playerPoints", 0, expect=49).q("numTurns", expect=2).q("currentTurn", expect=1)
    # GREEN SEVEN DIAMONDS (player 1's card 3) matches RED ZERO DIAMONDS by suit ...
    s.valid("PLAY_CARD GREEN SEVEN DIAMONDS")
    s.moves("DRAW_CARD")  # player 1 draws BLUE F DIAMONDS (15)
    # ... but not after a draw (decision D1), nor does the drawn card.
    s.invalid("PLAY_CARD GREEN SEVEN DIAMONDS", "PLAY_CARD BLUE F DIAMONDS")
    s.q("playerPoints", 1, expect=DEFAULT_POINTS + 15).q("handCardCount", expect=8)
    s.moves("END_TURN")
    s.q("turnMoves", 0, expect=2).q("turnMoves", 1, expect=2).q("turnMoves", 2, expect=0)
    s.q("pastMove", 0, 0, expect="PLAY_CARD RED ZERO DIAMONDS")
    s.q("pastMove", 1, 1, expect="END_TURN")
    return s


def backwards_in_play() -> ScenarioBuilder:
    s = ScenarioBuilder(
        "spec_backwards_and_advance",
        "Spec rule 7: BACKWARDS reverses the direction at once; ADVANCE skips the next player.",
        ["spec-backwards", "spec-advance"],
        deal({0: ["RED BACKWARDS CLUBS"], 3: ["YELLOW ADVANCE CLUBS"]}),
    )
    s.moves("PLAY_CARD RED BACKWARDS CLUBS").q("playDirection", expect="ANTICLOCKWISE")
    s.moves("END_TURN").q("currentPlayer", expect=3)
    s.moves("PLAY_CARD YELLOW ADVANCE CLUBS", "END_TURN")  # suit CLUBS; player 2 skipped
    s.q("currentPlayer", expect=1).q("currentTurn", expect=2)
    return s


def handwritten_scenarios() -> list[dict[str, Any]]:
    """All hand-written scenarios, in a fixed order."""
    builders: list[ScenarioBuilder] = [
        dealing(),
        no_winner(),
        refill(),
        game_end(),
        continue_calls(),
        callout_correct(),
        say_only_when_allowed(),
        no_call_after_draw(),
        *first_draw_two(),
        *first_advance_backwards(),
        *first_plain(),
        *zero(),
        draw_two_stacking(),
        continue_match(),
        declare(),
        declare_lasts(),
        advance_callout(),
        points_and_turns(),
        backwards_in_play(),
    ]
    return [b.to_dict() for b in builders]
