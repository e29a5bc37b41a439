"""The other reading of Decision 2 (a Wild Draw Four is refused while its player holds the colour
in force) looks at the hand of the player who acts: for a jump-in, the seat the action names.
A seat that does not exist (or none) has no hand to look at: the action is refused as the
engine refuses it, never with an error of another kind, and never for another seat's hand."""

from __future__ import annotations

import pytest

from reference.uno_official import Action, Rules, build_state
from reference.uno_official.readings import Readings, apply_under, legal_actions_under
from reference.uno_official.state import IllegalActionError

REFUSED = Readings(wild_draw_four_refused=True)
# Red is in force (R9 on top); the last seat (3) holds R3 and a Wild Draw Four.
HANDS = (("R5", "B7", "G2"), ("Y1", "Y2", "Y3"), ("G4", "G5", "G6"), ("B1", "W+4", "R3"))


@pytest.mark.parametrize("seat", [-1, 4, 7, None])
def test_a_jump_in_by_a_seat_that_does_not_exist_is_refused_by_the_engine(seat):
    state = build_state(HANDS, ("R9",), rules=Rules(jump_in=True))
    action = Action("jump_in", "W+4", "B", False, player=seat)
    with pytest.raises(IllegalActionError) as refused:
        apply_under(state, action, REFUSED)
    assert "is not allowed" in str(refused.value)
    assert "Wild Draw Four may not be played" not in str(refused.value)


def test_the_reading_refuses_the_wild_draw_four_of_the_player_to_act_holding_the_colour():
    state = build_state(HANDS[3:] + HANDS[:3], ("R9",))  # seat 0 now holds B1 W+4 R3
    with pytest.raises(IllegalActionError, match="Wild Draw Four may not be played"):
        apply_under(state, Action("play", "W+4", "B", False), REFUSED)
    assert all(a.card != "W+4" for a in legal_actions_under(state, REFUSED))
