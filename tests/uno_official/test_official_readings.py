"""The open readings of the official rules as switches (Decisions 2, 3 and 4), played on top of
the engine by ``reference.uno_official.readings``. Every expectation is worked out by hand from
the two readings of the rule, in the comments beside it."""

from __future__ import annotations

import pytest

from reference.uno_official import Action, IllegalActionError, build_state
from reference.uno_official.readings import (
    DECISION_OF,
    PAGE,
    Readings,
    apply_under,
    legal_actions_under,
)

H4 = (("R5", "B7", "G2"), ("Y1", "Y2", "Y3"), ("G4", "G5", "G6"), ("B1", "B2", "B3"))
OTHER = {name: Readings(**{name: True}) for name in Readings.names()}
W4_BLUE = Action("play", "W+4", "B")


def test_the_defaults_are_the_pages_decisions():
    assert Readings() == PAGE and PAGE.differences() == ()
    assert DECISION_OF == {
        "wild_draw_four_refused": "2",
        "guilty_challenge_skips_challenger": "3",
        "drawn_card_must_be_played": "4",
    }


# ----------------------------------------------------------------- Decision 2


def test_d2_a_wild_draw_four_while_holding_the_colour_in_force():
    # Player 0 holds R1 and red is in force (R9 on top): a bluff.
    state = build_state((("W+4", "R1", "B2"),) + H4[1:], ("R9",))
    after = apply_under(state, W4_BLUE, PAGE)  # the page: legal, and challengeable
    assert (after.phase, after.current, after.w4_guilty, after.color) == ("challenge", 1, True, "B")
    other = OTHER["wild_draw_four_refused"]
    with pytest.raises(IllegalActionError):
        apply_under(state, W4_BLUE, other)
    offered = legal_actions_under(state, other)
    assert not any(a.card == "W+4" for a in offered)
    assert Action("play", "R1", "R") in offered and Action("draw") in offered


def test_d2_a_wild_draw_four_without_the_colour_is_legal_in_both():
    state = build_state((("W+4", "G1", "B2"),) + H4[1:], ("R9",))  # no red card held
    for readings in (PAGE, OTHER["wild_draw_four_refused"]):
        after = apply_under(state, W4_BLUE, readings)
        assert (after.phase, after.w4_guilty) == ("challenge", False)
        assert W4_BLUE in legal_actions_under(state, readings)


# ----------------------------------------------------------------- Decision 3

CHALLENGE = {"phase": "challenge", "current": 1, "pending": 4, "w4_from": 0, "prev_color": "R"}


def test_d3_after_a_guilty_challenge():
    state = build_state((("R1", "B2"),) + H4[1:], ("W+4", "R9"), color="G", w4_guilty=True,
                        **CHALLENGE)  # fmt: skip
    page = apply_under(state, Action("challenge"), PAGE)
    # The bluffer (player 0) takes the four; the challenger (player 1) then plays a turn.
    assert (len(page.hands[0]), len(page.hands[1]), page.current, page.phase) == (6, 3, 1, "play")
    other = apply_under(state, Action("challenge"), OTHER["guilty_challenge_skips_challenger"])
    # The same four for the bluffer, but the challenger misses the turn: player 2 is next.
    assert (len(other.hands[0]), len(other.hands[1]), other.current) == (6, 3, 2)
    assert other._replace(current=1, events=()) == page._replace(events=())
    assert other.events[-1].kind == "skipped" and other.events[-1].player == 1


def test_d3_an_innocent_challenge_is_the_same_in_both():
    state = build_state((("G1", "B2"),) + H4[1:], ("W+4", "R9"), color="G", w4_guilty=False,
                        **CHALLENGE)  # fmt: skip
    page = apply_under(state, Action("challenge"), PAGE)
    # The challenger takes six and misses the turn.
    assert (len(page.hands[1]), page.current) == (9, 2)
    assert (
        apply_under(state, Action("challenge"), OTHER["guilty_challenge_skips_challenger"]) == page
    )


# ----------------------------------------------------------------- Decision 4


def test_d4_keeping_a_playable_drawn_card():
    # Player 0 has drawn R3, which matches R9: play it, or (the page) keep it.
    state = build_state((("R5", "B7", "G2", "R3"),) + H4[1:], ("R9",), draw_pile=("G8", "B9"),
                        phase="drawn", drawn="R3")  # fmt: skip
    kept = apply_under(state, Action("pass"), PAGE)
    assert (kept.current, kept.phase, len(kept.hands[0])) == (1, "play", 4)
    other = OTHER["drawn_card_must_be_played"]
    with pytest.raises(IllegalActionError):
        apply_under(state, Action("pass"), other)
    assert legal_actions_under(state, other) == (Action("play", "R3", "R"),)
    played = apply_under(state, Action("play", "R3", "R"), other)
    assert played == apply_under(state, Action("play", "R3", "R"), PAGE)
    assert (played.discard[0], played.current) == ("R3", 1)


def test_no_reading_changes_the_state_it_was_given():
    state = build_state((("W+4", "R1", "B2"),) + H4[1:], ("R9",))
    before = repr(state)
    for readings in OTHER.values():
        try:
            apply_under(state, W4_BLUE, readings)
        except IllegalActionError:
            pass
        legal_actions_under(state, readings)
    assert repr(state) == before
