"""The property checkers for random tasks: they accept the reference's results and catch broken
ones (each broken result below is built by hand to violate one property); their messages write
values as Python."""

from __future__ import annotations

from reference import uno_lab as u
from reference.uno_lab import properties as pr

C, N = u.CRD, u.NUM
FALSE = u.FalseStrategy.ownStrategy


def desk(deck, pile):
    ps = [u.Player.make(n, [], FALSE, False) for n in ["Sergey", "Pavel"]]
    return u.Desk.make(ps, pile, deck, u.PROCEED, u.CLOCKWISE, [])


def test_the_name_play_is_task_27_not_the_terminal_module():
    assert callable(u.play) and u.play.__module__ == "reference.uno_lab.turns"


def test_draw_properties():
    d = desk([], [C(u.REVERSE, u.RED), C(N(1), u.RED), u.WILD])
    with u.seeded(1):
        good = u.draw(d)
    assert pr.draw_properties(d, good, 1) == []
    # the card appeared from nowhere and the pile was not turned over
    made_up = u.Desk.setPlayers(
        d, [u.Player.setCards(d.getPlayers()[0], [u.WILD])] + d.getPlayers()[1:]
    )
    assert "cards were lost or made up" in pr.draw_properties(d, made_up, 1)
    assert pr.draw_properties(d, "nonsense", 1) == ["expected a desk, got 'nonsense'"]


def test_deal_properties():
    ps = [u.Player.make(n, [], FALSE, False) for n in ["A", "B", "C"]]
    with u.seeded(2):
        good = u.deal(ps)
    assert pr.deal_properties(ps, good, "\nPlayer A deals.\n") == []
    swapped = u.Desk.setPlayers(good, good.getPlayers()[::-1])
    assert pr.deal_properties(ps, swapped, "\nPlayer A deals.\n") == [
        "the order of the players is not kept"
    ]
    assert pr.deal_properties(ps, good, "") == ["printed '', expected the dealer message"]


def test_naive_and_game_properties():
    args = (u.PROCEED, [u.WILD], [u.WILD, C(N(5), u.RED)], C(u.SKIP, u.RED), u.CLOCKWISE, [], [1])
    assert pr.naive_properties(args, u.ORDER(u.WILD, u.BLUE)) == []
    assert pr.naive_properties(args, u.SIMPLE(C(N(5), u.RED))) == [
        "expected ORDER(WILD, <a colour from colors>), got SIMPLE(CRD(NUM(5), RED))"
    ]
    ps = [u.Player.make(n, [], FALSE, False) for n in ["A", "B", "C", "D"]]
    printed = "\nPlayer A deals.\n..."
    assert pr.game_properties(ps, ("B", [("C", 3), ("D", 0), ("A", 5), ("B", 0)]), printed) == []
    # counterclockwise seating from B is fine too: B, A, D, C
    assert pr.game_properties(ps, ("B", [("B", 0), ("A", 1), ("D", 2), ("C", 3)]), printed) == []
    assert pr.game_properties(ps, ("B", [("B", 4), ("A", 1), ("D", 2), ("C", 3)]), printed) == [
        "the winner 'B' must lose 0"
    ]
    assert pr.game_properties(ps, ("B", [("B", 0), ("C", 1), ("A", 2), ("D", 3)]), printed) == [
        "the result does not keep the seating order"
    ]
    silent = "\nPlayer A deals.\nA made move\nSIMPLE (CRD (NUM 1, RED))\n"
    assert pr.game_properties(ps, ("B", [("C", 3), ("D", 0), ("A", 5), ("B", 0)]), silent) == [
        "the game printed 1 moves but announced only 0 turns (every move ends with the next "
        "player's turn, announced by Desk.whoseTurn)"
    ]


def test_normalize_properties():
    d = desk([C(N(1), u.RED)], [u.WILD])
    good = u.deskNormalize(d)
    assert pr.normalize_properties(d, good) == []
    assert pr.normalize_properties(d, d) == ["the top card of the pile is still wild"]
    # the rule's announcement: NUM 1 RED turned up, so Pavel (after the dealer) plays
    assert good.getPlayers()[0].getName() == "Pavel"
    assert pr.normalize_properties(d, good, "\nThe turn of Pavel\n") == []
    assert pr.normalize_properties(d, good, "") == [
        "printed '', expected '\\nThe turn of Pavel\\n'"
    ]
    # SKIP turned up: the player after the dealer must execute it, the turn passing on
    skip = desk([C(u.SKIP, u.RED)], [u.WILD])
    forgot = u.Desk.setState(u.deskNormalize(skip), u.PROCEED)
    assert pr.normalize_properties(skip, forgot) == [
        "state and direction expected (EXECUTE, CLOCKWISE), got (PROCEED, CLOCKWISE)"
    ]
