"""The open readings of the lab as switches (Decisions 3 and 11), checked on hand-built calls
whose answers are worked out from the two readings of the task text (comments beside them)."""

from __future__ import annotations

import pytest

from reference import uno_lab as u
from reference.uno_lab import readings as R
from reference.uno_lab.grading import run_reference
from reference.uno_lab.readings import PAGE, Readings, nothing_to_draw, reference_under

OTHER = {name: Readings(**{name: True}) for name in Readings.names()}
EQ = lambda a, b: a == b  # noqa: E731 - SML's (op =)


def test_the_defaults_are_the_pages_decisions():
    assert Readings() == PAGE and PAGE.differences() == ()
    assert R.DECISION_OF == {"absent_element_raises": "3", "nothing_to_draw_raises": "11"}
    assert R.precedes_under(PAGE) is u.precedes and R.draw_under(PAGE) is u.draw


def test_d3_precedes_with_an_absent_element():
    page, other = R.precedes_under(PAGE), R.precedes_under(OTHER["absent_element_raises"])
    # Page: walk to the first of a1, a2; a1 absent -> 2 is met first -> false; a2 absent -> true.
    assert page(EQ)([1, 2, 3])(4)(2) is False
    assert page(EQ)([1, 2, 3])(2)(4) is True
    for a1, a2 in ((4, 2), (2, 4), (4, 5)):
        with pytest.raises(u.IllegalGame):
            other(EQ)([1, 2, 3])(a1)(a2)
    # Both present: the same answer in both readings.
    for a1, a2, answer in ((1, 3, True), (3, 1, False), (2, 2, True)):
        assert page(EQ)([1, 2, 3])(a1)(a2) is answer
        assert other(EQ)([1, 2, 3])(a1)(a2) is answer


def sergey(cards=()):
    return u.Player.make("Sergey", list(cards), u.FalseStrategy.ownStrategy, False)


def test_d11_drawing_with_nothing_to_take():
    top = u.CRD(u.NUM(5), u.RED)
    desk = u.Desk.make([sergey()], [top], [], u.PROCEED, u.CLOCKWISE, [])
    assert nothing_to_draw(desk)
    # Page: the desk comes back unchanged (no card to take).
    assert R.draw_under(PAGE)(desk) == desk
    with pytest.raises(u.IllegalGame):
        R.draw_under(OTHER["nothing_to_draw_raises"])(desk)
    with pytest.raises(u.IllegalGame):  # drawTwo is draw o draw
        reference_under(OTHER["nothing_to_draw_raises"]).drawTwo(desk)


def test_d11_a_card_to_take_is_taken_in_both_readings():
    card = u.CRD(u.NUM(1), u.BLUE)
    desk = u.Desk.make([sergey()], [u.CRD(u.NUM(5), u.RED)], [card], u.PROCEED, u.CLOCKWISE, [])
    for readings in (PAGE, OTHER["nothing_to_draw_raises"]):
        drawn = R.draw_under(readings)(desk)
        assert u.Player.getCards(u.Desk.getPlayers(drawn)[0]) == [card]
        assert u.Desk.getDeck(drawn) == []
    # The second card of drawTwo then finds nothing: the page keeps the one card taken.
    two = reference_under(PAGE).drawTwo(desk)
    assert u.Player.getCards(u.Desk.getPlayers(two)[0]) == [card]
    with pytest.raises(u.IllegalGame):
        reference_under(OTHER["nothing_to_draw_raises"]).drawTwo(desk)


def test_tasks_that_draw_through_another_never_run_out_in_the_fixtures(monkeypatch):
    """The switch leaves execution, moveAction, play, yourTurn and game on the page's draw;
    that costs nothing only while none of their fixtures reaches an empty deck and pile."""
    from graders.assignment import load_assignment
    from reference.uno_lab import dealing, turns

    reached: list[str] = []
    current = [""]
    calls = [0]

    def watched(desk):
        calls[0] += 1
        if nothing_to_draw(desk):
            reached.append(current[0])
        return dealing.draw(desk)

    two = u.compose(watched, watched)
    monkeypatch.setattr(turns, "draw", watched)
    monkeypatch.setattr(turns, "drawTwo", two)
    monkeypatch.setattr(turns, "drawFour", u.compose(two, two))
    tasks = {"execution", "moveAction", "play", "yourTurn", "game"}
    cases = [c for c in load_assignment("uno-lab").cases() if c.expected.input.task in tasks]
    assert len(cases) > 20
    for case in cases:
        current[0] = case.name
        run_reference(case.expected.input)
    assert calls[0] > 100  # the watch is on their path: they draw through it
    assert reached == []


def test_both_readings_of_d3_and_d11_pass_every_case_they_touch():
    """A student of either reading loses nothing: the cases the switches change accept both."""
    from reference.reading_loss import losses

    assert {loss.switch: len(loss.cases) for loss in losses("uno-lab")} == {
        "absent_element_raises": 0,
        "nothing_to_draw_raises": 0,
    }


def test_raising_illegalgame_is_accepted_only_when_the_cards_run_out():
    from reference.uno_lab.cases import CaseInput, Expected
    from reference.uno_lab.grading import Outcome, judge

    top = "CRD (NUM 5, RED)"
    players = '[{name = "Sergey", cards = [], strategy = False.ownStrategy, manual = false}]'

    def case(deck: str, pile: str) -> CaseInput:
        desk = (
            f"{{ players = {players}, pile = [{top}{pile}], deck = [{deck}], state = PROCEED,"
            " direction = CLOCKWISE, memo = [] }"
        )
        return CaseInput("drawFour", f"drawFour {desk}")

    raised = Outcome(error=u.IllegalGame())
    # Three cards in all (two in the deck, one under the top card): fewer than four.
    short = case("CRD (NUM 1, RED), CRD (NUM 2, RED)", ", CRD (NUM 3, RED)")
    assert judge("drawFour", short, Expected(properties="drawFour"), raised) == ()
    # Four cards to take: raising is wrong in both readings.
    enough = case("CRD (NUM 1, RED), CRD (NUM 2, RED), CRD (NUM 3, RED)", ", CRD (NUM 4, RED)")
    feedback = judge("drawFour", enough, Expected(properties="drawFour"), raised)
    assert feedback and "IllegalGame" in feedback[0]
