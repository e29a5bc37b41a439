"""The readings of the handout that its text and samples leave open, as switches.

The assignment page decides each and the defaults here are those decisions; the other reading
is a sound way to read the handout too, so the reference can play it
(``play(deal, Readings(play_drawn_card=True))``) and the staff can count what a student of that
reading loses (``python -m reference.reading_loss ochos-locos``). Readings the samples decide
are not switches: the page says which sample decides. The blocked game's ending (Decision 6)
is open too, but has no other reading to switch to: the handout has no ending at all, so any
student's ending is their own invention; the count of fixtures that end that way is what a
different ending costs.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..open_readings import OpenReadings


@dataclass(frozen=True)
class Readings(OpenReadings):
    """Which reading of each open rule the reference plays (False: the page's decision)."""

    # Decision 4: a card just drawn that matches the top card (its colour or its number) is
    # played in the same turn, printed as the turn's own line after ``N: DRAW`` (``N: DRAW``,
    # then ``N: Y2``).  The page: drawing ends the turn.
    play_drawn_card: bool = False


PAGE = Readings()

DECISION_OF = {"play_drawn_card": "4"}

# Each switch's other reading in the student's words (what ``True`` means).
OTHER_READING = {"play_drawn_card": "a drawn card that can be played is played in the same turn"}


def expected_under(args: tuple[Any, ...], readings: Readings) -> list[str]:
    """The lines a program of ``readings`` prints for a case's call ``(hands, discard,
    draw_pile)``."""
    from .deal import deal_from_tokens  # game imports this module
    from .game import play

    return list(play(deal_from_tokens(*args), readings).lines)


def changed(case: Any, fixtures: Path, switch: str) -> bool:
    """Whether a correct program of the other reading of ``switch`` is marked wrong on
    ``case``: it prints another game and the grader does not accept that game (it accepts
    the games of the other readings: Decision 4). ``fixtures`` is the assignment's fixture
    folder; the case's arguments suffice."""
    from graders.assignment import load_assignment

    other = expected_under(case.args, Readings(**{switch: True}))
    if other == expected_under(case.args, PAGE):
        return False
    return bool(load_assignment("ochos-locos").plugin.judge(case, other))


def ends_without_a_winner(case: Any, fixtures: Path) -> bool:
    """The blocked game's ending (Decision 6), which has no switch: a case that ends with
    ``NO WINNER`` is one that any other ending of a blocked game answers otherwise."""
    return bool(case.expected) and case.expected[-1] == "NO WINNER"


# Open readings without a switch: name -> (decision, the reading in the student's words, the
# cases a student of another reading answers otherwise).
UNSWITCHED = {
    "no_winner_ending": (
        "6",
        "a blocked game ends some other way than three DRAWs and NO WINNER",
        ends_without_a_winner,
    ),
}
