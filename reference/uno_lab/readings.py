"""The readings of the lab that its text leaves open, as switches.

The assignment page decides each (Decisions 3 and 11) and the defaults here are those
decisions: the tasks themselves (``ordering.precedes``, ``dealing.draw``) play them and are
not touched. ``reference_under(readings)`` is the reference with the tasks that own each rule
played the other way (``precedes``; ``draw``, ``drawTwo``, ``drawFour``), for the adapter to
run a case on; the staff count what a student of that reading loses with
``python -m reference.reading_loss uno-lab``. The tasks that draw through another task
(``execution``, ``moveAction``, ``yourTurn``, ``game``) keep the page's ``draw``: their fixtures'
desks never run out of cards to draw (Decision 23), which ``tests/uno_lab`` checks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from unolab import Desk, IllegalGame, compose

from ..open_readings import OpenReadings
from . import dealing, ordering


@dataclass(frozen=True)
class Readings(OpenReadings):
    """Which reading of each open rule is played (False: the page's decision)."""

    # Decision 3: precedes raises IllegalGame when a1 or a2 is not in the list (the course's
    # own test accepts IllegalGame for the empty list).  The page: the answer is whether a1 is
    # met first, so False when a1 is absent, True when a1 is there and a2 is not.
    absent_element_raises: bool = False
    # Decision 11: drawing with no card to take (an empty deck and only the top card on the
    # pile) raises IllegalGame.  The page: the desk comes back unchanged.
    nothing_to_draw_raises: bool = False


PAGE = Readings()

DECISION_OF = {"absent_element_raises": "3", "nothing_to_draw_raises": "11"}

# Each switch's other reading in the student's words (what ``True`` means).
OTHER_READING = {
    "absent_element_raises": "precedes raises IllegalGame when a1 or a2 is not in the list",
    "nothing_to_draw_raises": "draw raises IllegalGame when there is no card to take",
}


def precedes_under(readings: Readings) -> Callable[..., Any]:
    """Task 1 as ``readings`` reads it (curried like the task)."""
    if not readings.absent_element_raises:
        return ordering.precedes

    def precedes(f: Callable[[Any, Any], bool]) -> Callable[..., Any]:
        def over(lst: Sequence[Any]) -> Callable[..., Any]:
            def first(a1: Any) -> Callable[[Any], bool]:
                def second(a2: Any) -> bool:
                    if not any(f(h, a1) for h in lst) or not any(f(h, a2) for h in lst):
                        raise IllegalGame("precedes: an element is not in the list")
                    return ordering.precedes(f)(lst)(a1)(a2)

                return second

            return first

        return over

    return precedes


def nothing_to_draw(desk: Desk) -> bool:
    """The desk has players, an empty deck and at most the top card on the pile."""
    return bool(Desk.getPlayers(desk) and not Desk.getDeck(desk) and len(Desk.getPile(desk)) <= 1)


def draw_under(readings: Readings) -> Callable[[Desk], Desk]:
    """Task 14 as ``readings`` reads it."""
    if not readings.nothing_to_draw_raises:
        return dealing.draw

    def draw(desk: Desk) -> Desk:
        if nothing_to_draw(desk):
            raise IllegalGame("draw: no card to take")
        return dealing.draw(desk)

    return draw


def reference_under(readings: Readings) -> SimpleNamespace:
    """The reference as a module whose rule-owning tasks play ``readings``."""
    from reference import uno_lab

    names = {n: getattr(uno_lab, n) for n in dir(uno_lab) if not n.startswith("__")}
    draw = draw_under(readings)
    draw_two = compose(draw, draw)
    return SimpleNamespace(
        **names
        | {
            "precedes": precedes_under(readings),
            "draw": draw,
            "drawTwo": draw_two,
            "drawFour": compose(draw_two, draw_two),
        }
    )


def changed(case: Any, fixtures: Path, switch: str) -> bool:
    """Whether a correct solution of the other reading of ``switch`` fails ``case``, which the
    page's reference passes (a case that accepts either answer is no loss)."""
    from .grading import adapter, verdict

    given, expected = case.expected.input, case.expected.expected
    payload = dict(case.args[0])
    other = adapter.run(reference_under(Readings(**{switch: True})), payload)
    if not verdict(given, expected, other):
        return False
    page = adapter.run(reference_under(PAGE), payload)
    return not verdict(given, expected, page)
