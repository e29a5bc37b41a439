"""The 32 tasks against the seed's own examples (section 7), the course's published sample tests
(restated in the definitions spec), and hand computations written out in comments."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from reference import uno_lab as u
from reference.uno_lab.turns import moveAction

C = u.CRD
N = u.NUM
R, G, B, Y = u.RED, u.GREEN, u.BLUE, u.YELLOW
FALSE = u.FalseStrategy.ownStrategy

SEED_HAND = [
    C(N(2), Y),
    C(N(5), G),
    C(N(8), Y),
    C(u.REVERSE, Y),
    u.WILD,
    C(u.SKIP, R),
    C(u.DRAW_TWO, G),
]


def player(name, cards=(), strategy=FALSE, manual=False):
    return u.Player.make(name, list(cards), strategy, manual)


def names(desk):
    return [u.Player.getName(p) for p in u.Desk.getPlayers(desk)]


THREE = [player("Sergey"), player("Pavel"), player("Saveliy")]


# --- 1-4 ordering --------------------------------------------------------------------------------
def test_precedes_seed_example_and_edges():
    eq = lambda a, b: a == b  # noqa: E731
    assert u.precedes(eq)([1, 2, 3, 4, 5])(4)(5) is True  # seed task 1
    assert u.precedes(eq)([1, 2, 3, 4, 5])(5)(3) is False
    assert u.precedes(eq)([1, 2, 3])(2)(2) is True  # "no later than": equal elements
    assert u.precedes(eq)([1, 2, 3])(2)(9) is True  # a2 absent, a1 found first
    assert u.precedes(eq)([1, 2, 3])(9)(2) is False
    assert u.precedes(eq)([])(3)(5) is False  # Decisions: neither found -> false


def test_color_and_rank_order_seed_examples():
    assert u.colorIsLT(B)(G) is True  # seed: colorIsLT BLUE GREEN = true
    assert u.rankIsLT(N(3))(u.SKIP) is True  # seed: rankIsLT (NUM 3) SKIP = true
    assert u.colorIsLT(R)(B) is False and u.colorIsLT(Y)(G) is True
    assert u.rankIsLT(N(9))(N(1)) is False and u.rankIsLT(u.REVERSE)(u.SKIP) is True


def test_is_lt():
    assert u.isLT(u.WILD, C(N(3), B)) is False  # seed task 3
    assert u.isLT(C(N(1), R), C(N(2), B)) is False  # RED above BLUE whatever the rank
    assert u.isLT(u.WILD, u.WILD_DRAW_FOUR) is True
    assert u.isLT(u.WILD_DRAW_FOUR, u.WILD_DRAW_FOUR) is True
    assert u.isLT(u.WILD_DRAW_FOUR, u.WILD) is False
    assert u.isLT(C(N(9), Y), C(N(0), B)) is True
    assert u.isLT(C(u.SKIP, G), C(u.DRAW_TWO, G)) is True


def test_card_sort_seed_example_and_purity():
    hand = list(SEED_HAND)
    expected = [
        u.WILD,
        C(u.SKIP, R),
        C(u.DRAW_TWO, G),
        C(N(5), G),
        C(u.REVERSE, Y),
        C(N(8), Y),
        C(N(2), Y),
    ]
    assert u.cardSort(hand) == expected  # seed task 4
    assert hand == SEED_HAND  # the caller's list is untouched
    assert u.cardSort([C(N(1), R), C(N(2), R)]) == [C(N(2), R), C(N(1), R)]
    assert u.cardSort([]) == []


# --- 5-10 cards ----------------------------------------------------------------------------------
def test_card_value_and_sum():
    assert u.cardValue(C(u.DRAW_TWO, G)) == 20  # seed task 5
    assert u.cardValue(C(N(9), R)) == 9 and u.cardValue(u.WILD_DRAW_FOUR) == 50
    assert u.sumCards(SEED_HAND) == 125  # seed task 6: 2+5+8+20+50+20+20
    assert u.sumCards([]) == 0


def test_opposite_dir():
    assert u.oppositeDir(u.CLOCKWISE) == u.COUNTERCLOCKWISE  # seed task 7
    assert u.oppositeDir(u.COUNTERCLOCKWISE) == u.CLOCKWISE


def test_remove_card_seed_example():
    hand = list(SEED_HAND)
    got = u.removeCard(hand, C(N(5), G), u.Empty)
    assert got == [C(N(2), Y), C(N(8), Y), C(u.REVERSE, Y), u.WILD, C(u.SKIP, R), C(u.DRAW_TWO, G)]
    assert hand == SEED_HAND
    with pytest.raises(u.Empty):
        u.removeCard([], C(N(2), B), u.Empty)
    # only the first occurrence goes
    assert u.removeCard([u.WILD, C(N(1), R), u.WILD], u.WILD, u.Empty) == [C(N(1), R), u.WILD]
    with pytest.raises(u.IllegalGame):
        u.removeCard([u.WILD], u.WILD_DRAW_FOUR, u.IllegalGame("x"))


def test_card_count():
    assert u.cardCount(u.WILD) == 4  # seed task 9
    assert u.cardCount(C(N(0), R)) == 1 and u.cardCount(C(N(2), R)) == 2
    assert u.cardCount(C(u.SKIP, Y)) == 2 and u.cardCount(u.WILD_DRAW_FOUR) == 4


def test_deck_has_108_cards_in_the_courses_order():
    deck = u.deck
    assert len(deck) == 108  # section 3.1: 76 + 24 + 8
    assert deck[:8] == [u.WILD] * 4 + [u.WILD_DRAW_FOUR] * 4
    # then YELLOW: NUM 0 once, NUM 1 twice ...
    assert deck[8:11] == [C(N(0), Y), C(N(1), Y), C(N(1), Y)]
    assert deck[-2:] == [C(u.DRAW_TWO, R), C(u.DRAW_TWO, R)]
    # independent count from the rules: per colour 1 + 2*9 numbers + 2*3 actions = 25
    counts = Counter(deck)
    assert sum(1 for c in deck if isinstance(c, u.CRD) and c.color == B) == 25
    assert all(counts[C(r, c)] == (1 if r == N(0) else 2) for r in u.ranks for c in u.colors)


# --- 11-16 dealing and drawing -------------------------------------------------------------------
def ten_players():
    names_ = ["Sergey", "Pavel", "Saveliy", "Igor", "Gennadiy", "Irina", "Elsa", "Sevastian"]
    names_ += ["Arseniy", "Olga"]
    return [player(n) for n in names_]


def test_deal_properties(capsys):
    ps = ten_players()
    with u.seeded(3):
        d = u.deal(ps)
    assert capsys.readouterr().out == "\nPlayer Sergey deals.\n"
    assert names(d) == [u.Player.getName(p) for p in ps]
    assert all(len(u.Player.getCards(p)) == 7 for p in u.Desk.getPlayers(d))
    assert len(u.Desk.getPile(d)) == 1
    everything = u.Desk.getPile(d) + u.Desk.getDeck(d)
    for p in u.Desk.getPlayers(d):
        everything += u.Player.getCards(p)
    assert Counter(everything) == Counter(u.deck)
    assert (u.Desk.getState(d), u.Desk.getDirection(d), u.Desk.getMemo(d)) == (
        u.PROCEED,
        u.CLOCKWISE,
        [],
    )


def test_deal_rejects_no_players():
    with pytest.raises(u.IllegalGame):
        u.deal([])


def test_next_player_both_directions(capsys):
    d = u.Desk.make(ten_players(), [], [], u.PROCEED, u.CLOCKWISE, [])
    nd = u.nextPlayer(d)
    assert names(nd)[0] == "Pavel" and names(nd)[-1] == "Sergey"  # course test 12
    assert capsys.readouterr().out == "\nThe turn of Pavel\n"
    back = u.nextPlayer(u.Desk.setDirection(nd, u.COUNTERCLOCKWISE))
    assert names(back) == names(d)  # rotating right undoes rotating left


def test_desk_normalize_reverse_dealer_plays_first(capsys):
    d = u.Desk.make(ten_players(), [C(u.REVERSE, R)], [], u.PROCEED, u.CLOCKWISE, [])
    nd = u.deskNormalize(d)
    assert u.Desk.getDirection(nd) == u.COUNTERCLOCKWISE and names(nd)[0] == "Sergey"
    assert capsys.readouterr().out == "\nThe turn of Sergey\n"


def test_desk_normalize_wild_is_reshuffled():
    # course test 13: pile [WILD], deck [NUM 1 RED] -> pile [NUM 1 RED], deck [WILD], Pavel
    d = u.Desk.make(ten_players(), [u.WILD], [C(N(1), R)], u.PROCEED, u.CLOCKWISE, [])
    for seed in range(5):
        with u.seeded(seed):
            nd = u.deskNormalize(d)
        assert u.Desk.getPile(nd) == [C(N(1), R)] and u.Desk.getDeck(nd) == [u.WILD]
        assert names(nd)[0] == "Pavel" and u.Desk.getState(nd) == u.PROCEED


@pytest.mark.parametrize("rank", [u.SKIP, u.DRAW_TWO])
def test_desk_normalize_action_card_executes(rank):
    d = u.Desk.make(ten_players(), [C(rank, Y)], [], u.PROCEED, u.CLOCKWISE, [])
    nd = u.deskNormalize(d)
    assert u.Desk.getState(nd) == u.EXECUTE and names(nd)[0] == "Pavel"


def test_desk_normalize_only_wild_cards_is_illegal():
    d = u.Desk.make(ten_players(), [u.WILD], [u.WILD_DRAW_FOUR], u.PROCEED, u.CLOCKWISE, [])
    with pytest.raises(u.IllegalGame):
        u.deskNormalize(d)


def test_draw_takes_the_top_card_onto_the_head_of_the_hand():
    d = u.Desk.make(
        [player("Sergey", [C(N(9), Y)])] + THREE[1:],
        [C(u.REVERSE, R)],
        [C(N(1), R), u.WILD],
        u.PROCEED,
        u.CLOCKWISE,
        [],
    )
    nd = u.draw(d)
    assert u.Player.getCards(u.Desk.getPlayers(nd)[0]) == [C(N(1), R), C(N(9), Y)]
    assert u.Desk.getDeck(nd) == [u.WILD] and u.Desk.getPile(nd) == [C(u.REVERSE, R)]
    assert u.Player.getCards(u.Desk.getPlayers(d)[0]) == [C(N(9), Y)]  # d untouched


def test_draw_from_an_empty_deck_turns_the_pile_over():
    # course test 14: pile [REVERSE RED, NUM 1 RED, WILD], deck [] -> one of the two under-cards
    d = u.Desk.make(THREE, [C(u.REVERSE, R), C(N(1), R), u.WILD], [], u.PROCEED, u.CLOCKWISE, [])
    seen = set()
    for seed in range(20):
        with u.seeded(seed):
            nd = u.draw(d)
        hand = u.Player.getCards(u.Desk.getPlayers(nd)[0])
        assert hand in ([u.WILD], [C(N(1), R)])
        seen.add(hand[0])
        assert u.Desk.getPile(nd) == [C(u.REVERSE, R)] and len(u.Desk.getDeck(nd)) == 1
    assert seen == {u.WILD, C(N(1), R)}  # both orders occur


def test_draw_with_nothing_to_take_leaves_the_desk():
    d = u.Desk.make(THREE, [C(u.REVERSE, R)], [], u.PROCEED, u.CLOCKWISE, [])
    assert u.draw(d) == d


def test_draw_two_and_four():
    d = u.Desk.make(THREE, [C(u.REVERSE, R)], [C(N(1), R), u.WILD], u.PROCEED, u.CLOCKWISE, [])
    nd = u.drawTwo(d)
    # NUM 1 RED drawn first, then WILD onto the head
    assert u.Player.getCards(u.Desk.getPlayers(nd)[0]) == [u.WILD, C(N(1), R)]
    assert u.Desk.getDeck(nd) == []
    d4 = u.Desk.make(
        THREE,
        [C(u.REVERSE, R), C(N(5), B), u.WILD_DRAW_FOUR],
        [C(N(1), R), u.WILD],
        u.PROCEED,
        u.CLOCKWISE,
        [],
    )
    nd4 = u.drawFour(d4)
    got = u.cardSort(u.Player.getCards(u.Desk.getPlayers(nd4)[0]))
    assert got == [u.WILD_DRAW_FOUR, u.WILD, C(N(1), R), C(N(5), B)]  # course test 16
    assert u.Desk.getDeck(nd4) == [] and u.Desk.getPile(nd4) == [C(u.REVERSE, R)]


# --- 17-23 playability ---------------------------------------------------------------------------
def test_playable_when_seed_examples():
    assert u.playableWhenWild(B)(u.WILD_DRAW_FOUR) is True  # seed task 17
    assert u.playableWhenExec(u.SKIP)(u.WILD_DRAW_FOUR) is False  # seed task 18
    assert u.playableWhenProc((N(5), R))(C(u.SKIP, R)) is True  # seed task 19
    assert u.playableWhenWild(R)(C(u.REVERSE, G)) is False
    assert u.playableWhenExec(u.DRAW_TWO)(C(u.DRAW_TWO, G)) is True
    assert u.playableWhenProc((N(3), R))(C(u.DRAW_TWO, G)) is False
    assert u.playableWhenProc((N(3), R))(C(N(3), Y)) is True


HAND5 = [u.WILD, C(N(5), R), C(u.DRAW_TWO, G), C(N(7), R), C(u.SKIP, B)]


def test_cards_to_play():
    def desk(top, state):
        return u.Desk.make([player("Sergey", HAND5)], [top], [], state, u.CLOCKWISE, [])

    # REVERSE RED: WILD, the two reds; in hand order
    assert u.cardsToPlay(desk(C(u.REVERSE, R), u.PROCEED)) == [u.WILD, C(N(5), R), C(N(7), R)]
    # DRAW_TWO BLUE: WILD, DRAW_TWO GREEN (rank), SKIP BLUE (colour)
    got = u.cardsToPlay(desk(C(u.DRAW_TWO, B), u.PROCEED))
    assert got == [u.WILD, C(u.DRAW_TWO, G), C(u.SKIP, B)]
    # EXECUTE on DRAW_TWO: only another DRAW_TWO
    assert u.cardsToPlay(desk(C(u.DRAW_TWO, B), u.EXECUTE)) == [C(u.DRAW_TWO, G)]
    # GIVE RED on a WILD: the reds and the wild
    assert u.cardsToPlay(desk(u.WILD, u.GIVE(R))) == [u.WILD, C(N(5), R), C(N(7), R)]
    with pytest.raises(u.IllegalGame):  # section 4's example of an impossible combination
        u.cardsToPlay(desk(C(N(5), R), u.GIVE(B)))


def test_required_color():
    d = u.Desk.make(THREE, [C(u.REVERSE, R)], [], u.PROCEED, u.CLOCKWISE, [])
    assert u.requiredColor(d) == R
    d = u.Desk.make(THREE, [u.WILD, C(u.REVERSE, R)], [], u.GIVE(B), u.CLOCKWISE, [])
    assert u.requiredColor(d) == B


def test_has_color_seed_example():
    assert u.hasColor(R, SEED_HAND) is True  # seed task 22
    assert u.hasColor(G, [u.WILD, C(N(0), G)]) is True
    assert u.hasColor(R, [u.WILD, C(N(0), G)]) is False
    assert u.hasColor(R, []) is False


def test_count_cards():
    d = u.Desk.make(
        [player("Sergey", HAND5), player("Pavel", [u.WILD, C(N(5), R)]), player("Saveliy")],
        [C(u.REVERSE, R)],
        [],
        u.PROCEED,
        u.CLOCKWISE,
        [],
    )
    assert u.countCards(d) == [5, 2, 0]  # course test 23


# --- 24 Naive ---
def test_naive_plays_the_greatest_playable_card():
    # the seed's call was lost; its answer SIMPLE (CRD (SKIP, RED)) is the greatest of these
    playable = [C(N(2), Y), C(N(5), G), C(u.SKIP, R), C(N(9), R)]
    args = (u.PROCEED, playable, playable, C(N(5), R), u.CLOCKWISE, [], [4])
    assert u.Naive.ownStrategy(*args) == u.SIMPLE(C(u.SKIP, R))
    args = (u.EXECUTE, HAND5, [C(u.SKIP, B)], C(u.SKIP, R), u.CLOCKWISE, [], [])
    assert u.Naive.ownStrategy(*args) == u.SIMPLE(C(u.SKIP, B))


def test_naive_orders_a_random_colour_with_a_wild_card():
    args = (u.PROCEED, HAND5, [u.WILD, C(N(5), R)], C(u.SKIP, R), u.CLOCKWISE, [], [])
    seen = set()
    for seed in range(40):
        with u.seeded(seed):
            mv = u.Naive.ownStrategy(*args)
        assert isinstance(mv, u.ORDER) and mv.card == u.WILD and mv.color in u.colors
        seen.add(mv.color)
    assert seen == set(u.colors)


# --- 25-29 turns ---
def test_move_action_reverse_and_draw_two():
    p1 = player("Sergey", HAND5)
    d = u.Desk.make([p1, THREE[1], THREE[2]], [C(u.REVERSE, R)], [], u.EXECUTE, u.CLOCKWISE, [])
    nd = moveAction(u.SIMPLE(C(u.REVERSE, R)), d, True)
    # course test 25: reversed, so the turn goes right to Saveliy
    assert names(nd)[0] == "Saveliy" and u.Desk.getDirection(nd) == u.COUNTERCLOCKWISE
    assert u.Desk.getState(nd) == u.PROCEED
    d = u.Desk.setPile(d, [C(u.DRAW_TWO, R)])
    nd = moveAction(u.SIMPLE(C(u.DRAW_TWO, R)), d, True)
    assert names(nd)[0] == "Pavel" and u.Desk.getState(nd) == u.EXECUTE


def test_move_action_wild_and_number():
    d = u.Desk.make(THREE, [u.WILD], [], u.PROCEED, u.CLOCKWISE, [])
    nd = moveAction(u.ORDER(u.WILD, G), d, True)
    assert names(nd)[0] == "Pavel" and u.Desk.getState(nd) == u.GIVE(G)
    nd = moveAction(u.SIMPLE(C(N(3), G)), u.Desk.setState(d, u.EXECUTE), False)
    assert u.Desk.getState(nd) == u.PROCEED


def test_move_action_wild_draw_four_with_and_without_the_colour(capsys):
    deck = [C(N(i), Y) for i in range(1, 6)]
    d = u.Desk.make(THREE, [u.WILD_DRAW_FOUR], deck, u.GIVE(R), u.CLOCKWISE, [])
    # had the colour: the player who played it takes 4, then Pavel plays
    nd = moveAction(u.ORDER(u.WILD_DRAW_FOUR, B), d, True)
    assert names(nd) == ["Pavel", "Saveliy", "Sergey"]
    assert u.countCards(nd) == [0, 0, 4] and u.Desk.getMemo(nd) == []
    assert u.Desk.getState(nd) == u.GIVE(B)
    assert capsys.readouterr().out == "\nThe turn of Pavel\n"
    # had no such colour: Pavel takes 4 and skips (PASS), Saveliy plays
    nd = moveAction(u.ORDER(u.WILD_DRAW_FOUR, B), d, False)
    assert names(nd) == ["Saveliy", "Sergey", "Pavel"]
    assert u.countCards(nd) == [0, 0, 4] and u.Desk.getMemo(nd) == [u.PASS]
    assert capsys.readouterr().out == "\nThe turn of Pavel\n\nThe turn of Saveliy\n"


def test_ask_player_for_card_automatic():
    args = (u.EXECUTE, [C(N(5), R)], [C(N(5), R)], C(u.SKIP, R), u.CLOCKWISE, [], [])
    p, mv = u.askPlayerForCard(THREE[0], args)
    assert mv == u.SIMPLE(C(N(5), G)) and p == THREE[0]  # course test 26


def test_play_course_example(capsys):
    p1 = player("Sergey", [C(N(5), G), C(u.SKIP, B)])
    d = u.Desk.make([p1, THREE[1], THREE[2]], [C(u.REVERSE, G)], [], u.PROCEED, u.CLOCKWISE, [])
    # False plays the rank of the first card in GREEN: CRD (NUM 5, GREEN), which is playable
    nd = u.play(d, u.cardsToPlay(d))
    assert names(nd) == ["Pavel", "Saveliy", "Sergey"]
    assert u.Player.getCards(u.Desk.getPlayers(nd)[2]) == [C(u.SKIP, B)]
    assert u.Desk.getPile(nd) == [C(N(5), G), C(u.REVERSE, G)]
    assert u.Desk.getMemo(nd) == [u.SIMPLE(C(N(5), G))]
    assert (u.Desk.getState(nd), u.Desk.getDirection(nd)) == (u.PROCEED, u.CLOCKWISE)
    assert (
        capsys.readouterr().out
        == "Sergey made move\nSIMPLE (CRD (NUM 5, GREEN))\n\nThe turn of Pavel\n"
    )


def test_play_illegal_move_carries_the_strategy_arguments(capsys):
    p1 = player("Sergey", [C(N(5), R), C(u.SKIP, B)])
    d = u.Desk.make([p1, THREE[1], THREE[2]], [C(u.REVERSE, R)], [], u.PROCEED, u.CLOCKWISE, [])
    # False answers CRD (NUM 5, GREEN): not in hand, not playable
    with pytest.raises(u.IllegalMove) as caught:
        u.play(d, u.cardsToPlay(d))
    expected_args = (
        u.PROCEED,
        [C(N(5), R), C(u.SKIP, B)],
        [C(N(5), R)],
        C(u.REVERSE, R),
        u.CLOCKWISE,
        [],
        [2, 0, 0],
    )
    assert caught.value == u.IllegalMove("Sergey", expected_args)
    assert capsys.readouterr().out == ""  # nothing printed for an illegal move


def test_execution_draw_two_and_skip():
    d = u.Desk.make(
        THREE, [C(u.DRAW_TWO, G)], [C(N(5), G), C(u.SKIP, B)], u.EXECUTE, u.CLOCKWISE, []
    )
    nd = u.execution(d)  # course test 28
    assert names(nd) == ["Pavel", "Saveliy", "Sergey"]
    assert u.cardSort(u.Player.getCards(u.Desk.getPlayers(nd)[2])) == [C(N(5), G), C(u.SKIP, B)]
    assert u.Desk.getState(nd) == u.PROCEED and u.Desk.getDeck(nd) == []
    assert u.Desk.getMemo(nd) == [u.PASS]
    four = [player(n) for n in ["Efim", "Gerasim", "Samuil", "Erofei"]]
    d = u.Desk.make(four, [C(u.SKIP, G)], [], u.PROCEED, u.CLOCKWISE, [])
    nd = u.execution(d)
    assert names(nd)[0] == "Gerasim" and u.countCards(nd) == [0, 0, 0, 0]
    assert u.Desk.getMemo(nd) == [u.PASS] and u.Desk.getState(nd) == u.PROCEED
    with pytest.raises(u.IllegalGame):
        u.execution(u.Desk.setPile(d, [C(N(3), G)]))


def test_your_turn_paths():
    # EXECUTE with nothing to answer: the course's test 29 = test 28's outcome
    d = u.Desk.make(
        THREE, [C(u.DRAW_TWO, G)], [C(N(5), G), C(u.SKIP, B)], u.EXECUTE, u.CLOCKWISE, []
    )
    nd = u.yourTurn(d)
    assert names(nd)[0] == "Pavel" and u.Desk.getMemo(nd) == [u.PASS]
    # PROCEED, nothing playable, the drawn card does not fit either: pass with a PASS memo
    d = u.Desk.make(
        [player("Sergey", [C(N(1), B)])] + THREE[1:],
        [C(N(7), Y)],
        [C(N(2), R)],
        u.PROCEED,
        u.CLOCKWISE,
        [],
    )
    nd = u.yourTurn(d)
    assert names(nd)[0] == "Pavel" and u.Desk.getMemo(nd) == [u.PASS]
    assert u.Player.getCards(u.Desk.getPlayers(nd)[2]) == [C(N(2), R), C(N(1), B)]
    # the drawn card fits: it is played at once.  False plays rank of hand[0] (the drawn
    # NUM 7 RED) in GREEN: CRD (NUM 7, GREEN) must be drawn for that, so draw it.
    d = u.Desk.make(
        [player("Sergey", [C(N(1), B)])] + THREE[1:],
        [C(N(7), Y)],
        [C(N(7), G)],
        u.PROCEED,
        u.CLOCKWISE,
        [],
    )
    nd = u.yourTurn(d)
    assert u.Desk.getPile(nd)[0] == C(N(7), G)
    assert u.Desk.getMemo(nd) == [u.SIMPLE(C(N(7), G))]


# --- 30-32 outcome -------------------------------------------------------------------------------
def test_player_loss_and_check_winner():
    assert u.playerLoss(player("Sergey", [C(N(5), G), C(u.SKIP, B)])) == ("Sergey", 25)
    assert u.playerLoss(player("Sergey", [C(N(5), G), u.WILD])) == ("Sergey", 55)
    p1 = player("Sergey", [C(N(5), G), C(u.SKIP, B)])
    p2 = player("Pavel", [C(N(4), Y), C(N(1), G), C(u.SKIP, R)])
    p3 = player("Saveliy", [C(N(4), R), u.WILD, C(u.DRAW_TWO, Y)])
    assert u.checkWinner(u.Desk.make([p1, p2, p3], [], [], u.PROCEED, u.CLOCKWISE, [])) is None
    d = u.Desk.make([p1, p2, player("Saveliy")], [], [], u.PROCEED, u.CLOCKWISE, [])
    # 5+20 = 25; 4+1+20 = 25; 0
    assert u.checkWinner(d) == ("Saveliy", [("Sergey", 25), ("Pavel", 25), ("Saveliy", 0)])


def test_game_ends_with_a_winner_and_is_reproducible():
    ps = [player(n, strategy=u.Naive.ownStrategy) for n in ["A", "B", "C", "D"]]
    with u.using_io(lambda s: None):
        with u.seeded(11):
            first = u.game(ps)
        with u.seeded(11):
            again = u.game(ps)
    assert first == again
    winner, losses = first
    assert dict(losses)[winner] == 0
    assert sorted(n for n, _ in losses) == ["A", "B", "C", "D"]


def test_shuffle_source_injection_changes_games():
    ps = [player(n, strategy=u.Naive.ownStrategy) for n in ["A", "B", "C"]]
    results = set()
    with u.using_io(lambda s: None):
        for seed in range(10):
            with u.seeded(random.Random(seed)):
                w, losses = u.game(ps)
            results.add((w, tuple(losses)))
    assert len(results) > 1
