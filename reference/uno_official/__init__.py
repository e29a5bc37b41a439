"""uno-official: a rule-complete UNO engine (official rules, optional house rules), bots,
a pure tournament core, conformance scenarios and a terminal game.

The engine is three pure functions over an immutable ``GameState``::

    state = new_game(seed)
    while state.phase != "match_over":
        state = apply(state, choose(legal_actions(state)))
"""

from .bots import random_player, simple_bot, strong_bot
from .cards import FULL_DECK, POINTS, card_name, hand_points
from .engine import apply, card_count, deal_from_deck, legal_actions, new_game
from .scenarios import build_state, check_scenario, scenario_files, write_fixtures
from .serialize import (
    UnoFormatError,
    action_from_json,
    action_to_json,
    events_to_json,
    state_from_json,
    state_to_json,
)
from .state import OFFICIAL, Action, Event, GameState, IllegalActionError, Rules
from .tournament import (
    Threshold,
    check_thresholds,
    leaderboard,
    lineup_against_bots,
    reference_lineup,
    run_tournament,
)
from .view import PlayerView, observe

__all__ = [
    "FULL_DECK",
    "OFFICIAL",
    "POINTS",
    "Action",
    "Event",
    "GameState",
    "IllegalActionError",
    "PlayerView",
    "Rules",
    "Threshold",
    "UnoFormatError",
    "action_from_json",
    "action_to_json",
    "apply",
    "build_state",
    "card_count",
    "card_name",
    "check_scenario",
    "check_thresholds",
    "deal_from_deck",
    "events_to_json",
    "hand_points",
    "leaderboard",
    "legal_actions",
    "lineup_against_bots",
    "new_game",
    "observe",
    "random_player",
    "reference_lineup",
    "run_tournament",
    "scenario_files",
    "simple_bot",
    "state_from_json",
    "state_to_json",
    "strong_bot",
    "write_fixtures",
]
