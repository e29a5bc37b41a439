"""Two edges of the lab's readings (Decision 11 and the reference a reading plays), worked out
from the task text: with an empty deck, a pile of two cards still has a card to take (the one
under the top, turned over as the new deck), and the reference under a reading keeps every
task of the reference's, only the rule-owning ones played the other way."""

from __future__ import annotations

from reference import uno_lab as u
from reference.uno_lab import readings as R
from reference.uno_lab.readings import PAGE, Readings, nothing_to_draw, reference_under

RAISES = Readings(nothing_to_draw_raises=True)


def sergey(cards=()):
    return u.Player.make("Sergey", list(cards), u.FalseStrategy.ownStrategy, False)


def test_an_empty_deck_over_a_pile_of_two_still_has_a_card_to_take():
    top, under = u.CRD(u.NUM(5), u.RED), u.CRD(u.NUM(1), u.BLUE)
    desk = u.Desk.make([sergey()], [top, under], [], u.PROCEED, u.CLOCKWISE, [])
    assert not nothing_to_draw(desk)
    # Both readings draw the same (the other one raises only when there is nothing to take).
    assert R.draw_under(RAISES)(desk) == R.draw_under(PAGE)(desk) == u.draw(desk)
    # ... and a desk without players is never "nothing to draw" either
    assert not nothing_to_draw(u.Desk.make([], [top], [], u.PROCEED, u.CLOCKWISE, []))


def test_the_reference_under_a_reading_keeps_every_other_task():
    for readings in (PAGE, RAISES, Readings(absent_element_raises=True)):
        reference = reference_under(readings)
        for name in ("isLT", "execution", "game", "Desk", "IllegalGame"):
            assert getattr(reference, name) is getattr(u, name), name
    assert reference_under(PAGE).draw is u.draw
