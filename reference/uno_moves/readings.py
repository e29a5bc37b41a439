"""The readings of the handout that its text and worked examples leave open, as switches.

The assignment page decides each (Decisions D1, D5 and D8) and the defaults here are those
decisions; the other reading is a sound way to read the handout too, so the reference can play
it (``simulate(..., readings=Readings(marked_wild_draw_fours_only=True))``) and the staff can
count what a student of that reading loses (``python -m reference.reading_loss uno-moves``).
Readings the worked examples decide are not switches: the page says which example decides.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..open_readings import OpenReadings


@dataclass(frozen=True)
class Readings(OpenReadings):
    """Which reading of each open rule the reference plays (False: the page's decision)."""

    # D1: a waiting Draw 2 may be extended by a Wild Draw 4 too (when no Draw 2 is held); the
    # stack then counts 4 for it and 2 for each Draw 2 behind.  The page: only a Draw 2 extends it.
    wild_draw_four_extends_draw_two: bool = False
    # D5: a penalty counts only the Wild Draw 4s that have their colour marker in front; a bare
    # Wild Draw 4 that was extended adds nothing (the page: it adds 4).
    marked_wild_draw_fours_only: bool = False
    # D8: part 3 takes its n turns even after a hand was emptied; each is the part-1 turn of the
    # player to move (which changes nothing for an empty hand or on ('-','-')).  The page: the
    # game is over, no further turns.
    part3_continues_after_a_win: bool = False


PAGE = Readings()

DECISION_OF = {
    "wild_draw_four_extends_draw_two": "D1",
    "marked_wild_draw_fours_only": "D5",
    "part3_continues_after_a_win": "D8",
}

# Each switch's other reading in the student's words (what ``True`` means).
OTHER_READING = {
    "wild_draw_four_extends_draw_two": "a Wild Draw 4 extends a waiting Draw 2 too",
    "marked_wild_draw_fours_only": (
        "a penalty counts only Wild Draw 4s with their colour marker, not an extended bare one"
    ),
    "part3_continues_after_a_win": "part 3 takes all n turns even after a hand is emptied",
}


def expected_under(part: str, args: tuple[Any, ...], readings: Readings) -> tuple:
    """What part ``part`` returns for the call ``args`` (a case's ``(discard, deck, hand or
    hands)``) when the rules are read as ``readings`` says, in a case's form."""
    from .parts import simulate  # parts imports rules, which imports this module

    number = int(part.removeprefix("part"))
    discard, deck, hands = args
    if number in (1, 2):
        hands = [hands]
    hands_, deck_, discard_, _ = simulate(number, discard, deck, hands, readings)
    return (hands_[0] if number in (1, 2) else hands_), deck_, discard_


def changed(case: Any, fixtures: Path, switch: str) -> bool:
    """Whether a correct solution of the other reading of ``switch`` answers ``case`` otherwise
    (``fixtures`` is the assignment's fixture folder; the case's arguments are enough here)."""
    other = Readings(**{switch: True})
    return expected_under(case.part, case.args, other) != expected_under(case.part, case.args, PAGE)
