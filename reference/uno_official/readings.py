"""The readings of the official rules that the handout leaves open, as switches.

The assignment page decides each (Decisions 2, 3 and 4) and the defaults here are those
decisions: the engine (``engine.py``) plays them and is not touched. The other reading of each
is a sound way to read the rules too, so ``legal_actions_under`` and ``apply_under`` play it on
top of the engine, and the staff can count what a student of that reading loses
(``python -m reference.reading_loss uno-official``). The house rules are not readings: each is
a flag of the state's ``rules`` (``Rules.stack_draw_two``, ``seven_zero``, ``jump_in``) that
every scenario sets, so a student's engine is told which to play.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..open_readings import OpenReadings
from .cards import COLOR_OF, WILD_DRAW_FOUR
from .engine import apply, legal_actions
from .state import Action, Event, GameState, IllegalActionError


@dataclass(frozen=True)
class Readings(OpenReadings):
    """Which reading of each open rule is played (False: the page's decision)."""

    # Decision 2: "May be legally played only if the player has no cards of the current
    # color" is a rule the engine enforces: a Wild Draw Four is refused while its player holds
    # a card of the colour in force.  The page: it may be played, and a challenge punishes it.
    wild_draw_four_refused: bool = False
    # Decision 3: after a guilty challenge the challenger still misses the turn (the Wild Draw
    # Four's "misses a turn").  The page: the challenger then takes an ordinary turn.
    guilty_challenge_skips_challenger: bool = False
    # Decision 4: "draw the top card from the deck, then play it if possible" is compulsory: a
    # drawn card that can be played must be played (``pass`` is refused).  The page: the player
    # may play it or keep it.
    drawn_card_must_be_played: bool = False


PAGE = Readings()

DECISION_OF = {
    "wild_draw_four_refused": "2",
    "guilty_challenge_skips_challenger": "3",
    "drawn_card_must_be_played": "4",
}

# Each switch's other reading in the student's words (what ``True`` means).
OTHER_READING = {
    "wild_draw_four_refused": "a Wild Draw Four is illegal while holding the colour in force",
    "guilty_challenge_skips_challenger": "after a guilty challenge the challenger misses the turn",
    "drawn_card_must_be_played": "a drawn card that can be played must be played",
}


def _refused(state: GameState, action: Action, readings: Readings) -> str | None:
    """Why ``readings`` refuses an action the engine allows, or None."""
    if readings.wild_draw_four_refused and action.card == WILD_DRAW_FOUR:
        if action.kind in ("play", "jump_in"):
            actor = state.current if action.kind == "play" else action.player
            if actor is not None and 0 <= actor < len(state.hands):
                if any(COLOR_OF[c] == state.color for c in state.hands[actor]):
                    return (
                        f"a Wild Draw Four may not be played while holding a card of the "
                        f"colour in force {state.color!r}"
                    )
    if readings.drawn_card_must_be_played and state.phase == "drawn" and action.kind == "pass":
        return f"the drawn card {state.drawn!r} can be played, so it must be"
    return None


def legal_actions_under(
    state: GameState, readings: Readings, player: int | None = None
) -> tuple[Action, ...]:
    """``engine.legal_actions`` under ``readings``: the engine's list without what they refuse."""
    actions = legal_actions(state, player)
    if not readings.differences():
        return actions
    return tuple(a for a in actions if _refused(state, a, readings) is None)


def apply_under(state: GameState, action: Action, readings: Readings) -> GameState:
    """``engine.apply`` under ``readings``: the same state, or ``IllegalActionError``, as an
    engine of that reading gives. ``state`` is never changed."""
    why = _refused(state, action, readings)
    if why is not None:
        raise IllegalActionError(why, state, action)
    after = apply(state, action)
    if (
        readings.guilty_challenge_skips_challenger
        and action.kind == "challenge"
        and state.phase == "challenge"
        and state.w4_guilty
    ):
        challenger = state.current
        after = after._replace(
            current=(challenger + state.direction) % state.rules.num_players,
            events=after.events + (Event("skipped", challenger, None),),
        )
    return after


def outcome_under(case_args: tuple[Any, ...], readings: Readings) -> Any:
    """A rules case's ``(state, action, mode)`` as an engine of ``readings`` answers it: the
    next state without its event log (which is not graded), or ``"illegal"``."""
    from .serialize import action_from_json, state_from_json

    state = state_from_json(case_args[0])
    action = action_from_json(case_args[1])
    try:
        return apply_under(state, action, readings)._replace(events=())
    except IllegalActionError:
        return "illegal"


def changed(case: Any, fixtures: Path, switch: str) -> bool:
    """Whether a correct engine of the other reading of ``switch`` answers ``case`` otherwise.
    Only the rules part depends on these readings (a deal takes no action; a strategy probe
    has a single legal answer either way)."""
    if case.part != "rules":
        return False
    other = Readings(**{switch: True})
    return outcome_under(case.args, other) != outcome_under(case.args, PAGE)
