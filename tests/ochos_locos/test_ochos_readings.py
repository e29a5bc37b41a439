"""The open reading of Ochos Locos as a switch of the reference (Decision 4: drawing ends the
turn), and the open ending without one (Decision 6).

Expected games are worked out by hand from the rules on the page, in the comments beside them.
"""

from __future__ import annotations

from reference.ochos_locos import deal_from_tokens, parse_deal, play
from reference.ochos_locos.readings import DECISION_OF, PAGE, UNSWITCHED, Readings, expected_under
from reference.ochos_locos.samples import SAMPLES

OTHER = Readings(play_drawn_card=True)
HANDS = [
    ["R1", "R2", "R3", "R4", "R5"],
    ["Y1", "Y2", "Y3", "Y4", "Y5"],
    ["G1", "G2", "G3", "G4", "G5"],
]


def test_the_default_is_the_pages_decision():
    assert Readings() == PAGE and PAGE.differences() == ()
    assert OTHER.differences() == ("play_drawn_card",)
    assert DECISION_OF == {"play_drawn_card": "4"}
    assert set(UNSWITCHED) == {"no_winner_ending"}


def test_a_drawn_card_of_the_top_cards_colour():
    args = (HANDS, "B8", ["B7", "R8", "Y8"])
    # Page: nobody holds blue or an 8: three DRAWs take B7, R8, Y8 (R8 and Y8 would match B8,
    # but drawing ends the turn); then player 1 plays B7 on B8; player 2 has nothing for B7 and
    # the pile is empty.
    assert expected_under(args, PAGE)[:6] == [
        "0: B8",
        "1: DRAW",
        "2: DRAW",
        "3: DRAW",
        "1: B7",
        "2: DRAW",
    ]
    # Other: player 1 draws B7, which is blue, and plays it at once; R8 and Y8 then match
    # neither blue nor 7; player 1 again has nothing and the pile is empty.
    assert expected_under(args, OTHER)[:6] == [
        "0: B8",
        "1: DRAW",
        "1: B7",
        "2: DRAW",
        "3: DRAW",
        "1: DRAW",
    ]


def test_a_drawn_card_of_the_top_cards_number():
    args = (HANDS, "B8", ["R8", "B7", "Y8"])
    # Other: R8 is an 8: played at once; then player 2 has no red and no 8, draws B7 (neither).
    assert expected_under(args, OTHER)[:4] == ["0: B8", "1: DRAW", "1: R8", "2: DRAW"]
    # Page: the same draw ends the turn; player 2 draws B7 and keeps it, as in the other game.
    assert expected_under(args, PAGE)[:4] == ["0: B8", "1: DRAW", "2: DRAW", "3: DRAW"]


def test_the_turn_order_goes_on_after_a_drawn_card_is_played():
    game = play(deal_from_tokens(HANDS, "B8", ["B7", "R8", "Y8"]), OTHER)
    seats = [turn.seat for turn in game.turns[:5]]
    assert seats == [1, 1, 2, 3, 1]  # the played drawn card is player 1's, in the same turn


def test_the_samples_never_draw_a_playable_card_so_they_do_not_decide():
    for sample in SAMPLES:
        deal = parse_deal(sample.input_text)
        assert play(deal, OTHER).lines == play(deal).lines == tuple(sample.output_lines)


def test_nothing_a_caller_passes_is_changed():
    hands = [list(h) for h in HANDS]
    pile = ["B7", "R8", "Y8"]
    expected_under((hands, "B8", pile), OTHER)
    assert hands == HANDS and pile == ["B7", "R8", "Y8"]
