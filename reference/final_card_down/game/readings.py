"""The spec's open rules (marked ``?``) as a value: one switch per decision left open.

The assignment page decides each (D1, D2, D4, and D31, D32: two rules the course's last 2017
header reads otherwise than the page) and the defaults here are those decisions. The other
reading of each is a sound way to read the spec (or the header) too, so the reference can play it:
``newGame(..., readings=Readings(play_after_draw=True))``, or for every game of a process (a
sandboxed run of a student's test suite, whose ``newGame`` calls pass no readings) by setting
``DEFAULT``. Imports nothing, like the rest of the package.
"""

from __future__ import annotations

from dataclasses import dataclass, fields


@dataclass(frozen=True)
class Readings:
    """Which reading of each open rule the game follows (False: the page's decision)."""

    # D1 (spec rule 5 ?): after an ordinary draw the player may still play one card.
    play_after_draw: bool = False
    # D2 (spec rule 6 ?): a DRAW_TWO whose penalty was drawn still forces the next player.
    drawn_draw_two_stays: bool = False
    # D4 (spec rule 7 ?): a player skipped by an ADVANCE gets a turn number (with no moves).
    skipped_turn_numbered: bool = False
    # D31 (the course's last header): a player who played may still draw one card this turn.
    draw_after_play: bool = False
    # D32 (the course's last header): a call-out is valid in turn 0 (and, with nobody to have
    # missed a call, is always a wrong one: the caller draws 4).
    callout_in_turn_zero: bool = False

    @classmethod
    def names(cls) -> tuple[str, ...]:
        return tuple(f.name for f in fields(cls))

    def differences(self) -> tuple[str, ...]:
        """The switches that differ from the page's decisions."""
        return tuple(name for name in self.names() if getattr(self, name))


DECISION_OF = {
    "play_after_draw": "D1",
    "drawn_draw_two_stays": "D2",
    "skipped_turn_numbered": "D4",
    "draw_after_play": "D31",
    "callout_in_turn_zero": "D32",
}

# Each switch's other reading in the student's words (what ``True`` means), for feedback.
OTHER_READING = {
    "play_after_draw": "after an ordinary draw the player may still play one card",
    "drawn_draw_two_stays": "a DRAW_TWO whose penalty was drawn still forces the next player",
    "skipped_turn_numbered": "a player skipped by an ADVANCE uses up a turn number",
    "draw_after_play": "a player who played a card may still draw one card in that turn",
    "callout_in_turn_zero": "a call-out is valid in turn 0 too (a wrong one: nobody missed a call)",
}

DEFAULT = Readings()
