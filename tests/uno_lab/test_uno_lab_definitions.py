"""The provided definitions (unolab.py): printed forms, immutable records, helpers.

Expectations come from the seed's section 4/5 and the definitions spec, written out by hand.
"""

from __future__ import annotations

import random
import sys

import pytest

from reference import uno_lab as u


def test_reference_and_submissions_share_one_unolab_module():
    import unolab

    assert sys.modules["unolab"] is unolab
    assert u.CRD is unolab.CRD and u.Desk is unolab.Desk
    assert u.definitions is unolab


@pytest.mark.parametrize(
    ("value", "printed"),
    [
        (u.CRD(u.NUM(5), u.RED), "CRD (NUM 5, RED)"),
        (u.CRD(u.SKIP, u.BLUE), "CRD (SKIP, BLUE)"),
        (u.WILD, "WILD"),
        (u.WILD_DRAW_FOUR, "WILD_DRAW_FOUR"),
        (u.GIVE(u.RED), "GIVE RED"),
        (u.PROCEED, "PROCEED"),
        (u.EXECUTE, "EXECUTE"),
        (u.CLOCKWISE, "CLOCKWISE"),
        (u.PASS, "PASS"),
        (u.SIMPLE(u.CRD(u.NUM(7), u.GREEN)), "SIMPLE (CRD (NUM 7, GREEN))"),
        (u.SIMPLE(u.WILD), "SIMPLE WILD"),
        (u.ORDER(u.WILD_DRAW_FOUR, u.GREEN), "ORDER (WILD_DRAW_FOUR, GREEN)"),
    ],
)
def test_printed_forms_are_the_courses(value, printed):
    assert repr(value) == printed
    assert str(value) == printed


def test_structural_equality_and_hashing():
    assert u.CRD(u.NUM(5), u.RED) == u.CRD(u.NUM(5), u.RED)
    assert u.CRD(u.NUM(5), u.RED) != u.CRD(u.NUM(5), u.BLUE)
    assert len({u.CRD(u.NUM(5), u.RED), u.CRD(u.NUM(5), u.RED), u.WILD}) == 2
    assert u.GIVE(u.RED) == u.GIVE(u.RED) and u.GIVE(u.RED) != u.GIVE(u.BLUE)


def test_values_are_immutable():
    card = u.CRD(u.NUM(5), u.RED)
    with pytest.raises(AttributeError):
        card.color = u.BLUE  # type: ignore[misc]
    with pytest.raises(ValueError):
        u.NUM(10)
    with pytest.raises(ValueError):
        u.CRD(u.RED, u.NUM(3))  # type: ignore[arg-type]


def test_orders_of_colors_and_ranks_from_the_definitions():
    assert u.colors == [u.YELLOW, u.BLUE, u.GREEN, u.RED]
    assert u.ranks == [u.NUM(i) for i in range(10)] + [u.REVERSE, u.SKIP, u.DRAW_TWO]


def test_player_setters_return_new_players_and_getters_copy():
    p = u.Player.make("Sergey", [u.WILD], u.FalseStrategy.ownStrategy, True)
    q = u.Player.setCards(p, [])
    assert u.Player.getCards(p) == [u.WILD] and u.Player.getCards(q) == []
    r = u.Player.automate(p)
    assert u.Player.isOnManual(p) and not u.Player.isOnManual(r)
    cards = u.Player.getCards(p)
    cards.append(u.WILD_DRAW_FOUR)
    assert u.Player.getCards(p) == [u.WILD]


def test_add_memo_keeps_the_ten_newest_newest_first():
    d = u.Desk.make([], [], [], u.PROCEED, u.CLOCKWISE, [])
    moves = [u.SIMPLE(u.CRD(u.NUM(i), u.RED)) for i in range(10)] + [u.PASS]
    for m in moves:
        d = u.Desk.addMemo(d, m)
    # 11 moves added; the newest (PASS) first, the oldest (NUM 0) dropped.
    assert u.Desk.getMemo(d) == [u.PASS] + [
        u.SIMPLE(u.CRD(u.NUM(i), u.RED)) for i in range(9, 0, -1)
    ]


def test_whose_turn_prints_and_returns_the_same_desk(capsys):
    p = u.Player.make("Pavel", [], u.FalseStrategy.ownStrategy, False)
    d = u.Desk.make([p], [], [], u.PROCEED, u.CLOCKWISE, [])
    assert u.Desk.whoseTurn(d) is d
    assert capsys.readouterr().out == "\nThe turn of Pavel\n"


def test_list_helpers():
    assert u.addNCopies(0, [1, 2], 3) == [0, 0, 0, 1, 2]
    # pass moves one by one onto the head: 1 then 2 gives [2, 1, 9]
    assert u.pass_([1, 2, 3], [9], 2) == ([3], [2, 1, 9])
    with pytest.raises(u.IllegalGame):
        u.pass_([1], [], 2)
    assert u.shift(0, [1, 2, 3], 3) == [0, 1, 2]


def test_shuffle_is_a_permutation_reproducible_and_pure():
    xs = list(range(20))
    a = u.shuffleList(xs, random.Random(5))
    b = u.shuffleList(xs, random.Random(5))
    assert a == b and sorted(a) == xs and xs == list(range(20))
    with u.seeded(5):
        c = u.shuffleList(xs)
    assert c == a


def test_false_strategy():
    # the course's test 26: hand [CRD (NUM 5, RED)] -> SIMPLE (CRD (NUM 5, GREEN))
    args = (u.EXECUTE, [u.CRD(u.NUM(5), u.RED)], [], u.CRD(u.SKIP, u.RED), u.CLOCKWISE, [], [])
    assert u.FalseStrategy.ownStrategy(*args) == u.SIMPLE(u.CRD(u.NUM(5), u.GREEN))
    with pytest.raises(u.IllegalGame):
        u.FalseStrategy.ownStrategy(u.PROCEED, [u.WILD], [], u.WILD, u.CLOCKWISE, [], [])


def test_list_to_string_forms():
    cards = [u.WILD_DRAW_FOUR, u.CRD(u.REVERSE, u.BLUE)]
    assert u.listToString(u.cardToString, cards) == "[WILD_DRAW_FOUR, CRD (REVERSE, BLUE)]"
    assert u.listToStringLn(u.cardToString, cards) == "[ WILD_DRAW_FOUR\n, CRD (REVERSE, BLUE) ]"
    assert u.listToStringLn(u.cardToString, [u.WILD]) == "[ WILD ]"
    assert u.listToString(str, [7, 6]) == "[7, 6]"


def test_illegal_move_carries_name_and_args():
    e = u.IllegalMove("Sergey", (u.PROCEED, [], [], u.WILD, u.CLOCKWISE, [], [1]))
    assert e.name == "Sergey" and e.strategy_args[6] == [1]
    assert repr(e) == 'IllegalMove ("Sergey", (PROCEED, [], [], WILD, CLOCKWISE, [], [1]))'
