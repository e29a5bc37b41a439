"""JSON-ready dictionaries for states, actions and events, and strict parsing back.

Parsing is a public entry point (fixtures, a student's engine output), so bad input raises
``UnoFormatError`` naming the place (a JSON path such as ``state.hands[2][3]``), never a bare
traceback from deep inside the engine.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from .cards import COLORS, FULL_DECK, is_card
from .state import Action, Event, GameState, Rules
from .view import PlayerView

PHASES = ("declare", "play", "drawn", "challenge", "stack", "round_over", "match_over")
ACTION_KINDS = (
    "play",
    "draw",
    "pass",
    "declare",
    "challenge",
    "accept",
    "catch",
    "jump_in",
    "deal",
)


class UnoFormatError(ValueError):
    """A JSON document that is not a valid state, action or event; the message names where."""


def rules_to_json(rules: Rules) -> dict[str, Any]:
    return {
        "num_players": rules.num_players,
        "hand_size": rules.hand_size,
        "target_score": rules.target_score,
        "stack_draw_two": rules.stack_draw_two,
        "seven_zero": rules.seven_zero,
        "jump_in": rules.jump_in,
    }


def state_to_json(state: GameState) -> dict[str, Any]:
    """Every field except ``events`` (see ``events_to_json``), piles listed top card first."""
    return {
        "rules": rules_to_json(state.rules),
        "seed": state.seed,
        "shuffles": state.shuffles,
        "hands": [list(h) for h in state.hands],
        "draw_pile": list(state.draw_pile),
        "discard": list(state.discard),
        "color": state.color,
        "current": state.current,
        "direction": state.direction,
        "phase": state.phase,
        "pending": state.pending,
        "drawn": state.drawn,
        "w4_from": state.w4_from,
        "w4_guilty": state.w4_guilty,
        "prev_color": state.prev_color,
        "uno_pending": state.uno_pending,
        "dealer": state.dealer,
        "scores": list(state.scores),
        "round_no": state.round_no,
        "turn": state.turn,
        "winner": state.winner,
    }


def action_to_json(action: Action) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": action.kind}
    for key in ("card", "color", "target", "player"):
        value = getattr(action, key)
        if value is not None:
            out[key] = value
    if action.uno:
        out["uno"] = True
    return out


def view_to_json(view: PlayerView) -> dict[str, Any]:
    """What a strategy in the sandbox is handed: the view as plain data (see the adapter)."""
    return {
        "player": view.player,
        "hand": list(view.hand),
        "hand_sizes": list(view.hand_sizes),
        "top": view.top,
        "discard": list(view.discard),
        "color": view.color,
        "current": view.current,
        "direction": view.direction,
        "phase": view.phase,
        "pending": view.pending,
        "drawn": view.drawn,
        "prev_color": view.prev_color,
        "w4_from": view.w4_from,
        "uno_pending": view.uno_pending,
        "draw_pile_size": view.draw_pile_size,
        "dealer": view.dealer,
        "scores": list(view.scores),
        "round_no": view.round_no,
        "turn": view.turn,
        "rules": rules_to_json(view.rules),
        "legal": [action_to_json(a) for a in view.legal],
    }


def events_to_json(events: tuple[Event, ...]) -> list[dict[str, Any]]:
    return [
        {
            "kind": e.kind,
            "player": e.player,
            "data": list(e.data) if isinstance(e.data, tuple) else e.data,
        }
        for e in events
    ]


# ---------------------------------------------------------------------------------------------
# Parsing


def _need(obj: Any, key: str, where: str) -> Any:
    if not isinstance(obj, dict):
        raise UnoFormatError(f"{where}: expected an object, got {type(obj).__name__}")
    if key not in obj:
        raise UnoFormatError(f"{where}: missing field {key!r}")
    return obj[key]


def _int(value: Any, where: str, low: int | None = None, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise UnoFormatError(f"{where}: expected an integer, got {value!r}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise UnoFormatError(f"{where}: {value} is outside {low}..{high}")
    return value


def _bool(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise UnoFormatError(f"{where}: expected true or false, got {value!r}")
    return value


def _cards(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise UnoFormatError(f"{where}: expected a list of cards, got {type(value).__name__}")
    for i, c in enumerate(value):
        if not is_card(c):
            raise UnoFormatError(f"{where}[{i}]: {c!r} is not a card code")
    return tuple(value)


def _color(value: Any, where: str, empty_ok: bool) -> str:
    if value in COLORS or (empty_ok and value == ""):
        return value
    raise UnoFormatError(f"{where}: {value!r} is not a colour (one of {', '.join(COLORS)})")


def rules_from_json(obj: Any, where: str = "rules") -> Rules:
    try:
        return Rules(
            num_players=_int(_need(obj, "num_players", where), f"{where}.num_players", 2, 10),
            hand_size=_int(_need(obj, "hand_size", where), f"{where}.hand_size", 1, 10),
            target_score=_int(_need(obj, "target_score", where), f"{where}.target_score", 1),
            stack_draw_two=_bool(_need(obj, "stack_draw_two", where), f"{where}.stack_draw_two"),
            seven_zero=_bool(_need(obj, "seven_zero", where), f"{where}.seven_zero"),
            jump_in=_bool(_need(obj, "jump_in", where), f"{where}.jump_in"),
        )
    except UnoFormatError:
        raise
    except ValueError as exc:
        raise UnoFormatError(f"{where}: {exc}") from None


def state_from_json(obj: Any, where: str = "state") -> GameState:
    """Parse and check a state: known cards, the full 108-card deck, sensible seats."""
    rules = rules_from_json(_need(obj, "rules", where), f"{where}.rules")
    n = rules.num_players
    hands_raw = _need(obj, "hands", where)
    if not isinstance(hands_raw, list) or len(hands_raw) != n:
        raise UnoFormatError(f"{where}.hands: expected a list of {n} hands")
    hands = tuple(_cards(h, f"{where}.hands[{i}]") for i, h in enumerate(hands_raw))
    pile = _cards(_need(obj, "draw_pile", where), f"{where}.draw_pile")
    discard = _cards(_need(obj, "discard", where), f"{where}.discard")
    if not discard:
        raise UnoFormatError(f"{where}.discard: the discard pile is never empty")
    every = Counter(c for h in hands for c in h) + Counter(pile) + Counter(discard)
    full = Counter(FULL_DECK)
    if every != full:
        extra = sorted((every - full).elements())
        missing = sorted((full - every).elements())
        raise UnoFormatError(
            f"{where}: the cards are not the 108-card deck (extra {extra}, missing {missing})"
        )
    phase = _need(obj, "phase", where)
    if phase not in PHASES:
        raise UnoFormatError(f"{where}.phase: {phase!r} is not one of {', '.join(PHASES)}")
    drawn = _need(obj, "drawn", where)
    if drawn is not None and not is_card(drawn):
        raise UnoFormatError(f"{where}.drawn: {drawn!r} is not a card code or null")
    direction = _need(obj, "direction", where)
    if direction not in (1, -1) or isinstance(direction, bool):
        raise UnoFormatError(f"{where}.direction: expected 1 or -1, got {direction!r}")
    scores_raw = _need(obj, "scores", where)
    if not isinstance(scores_raw, list) or len(scores_raw) != n:
        raise UnoFormatError(f"{where}.scores: expected a list of {n} integers")
    scores = tuple(_int(v, f"{where}.scores[{i}]", 0) for i, v in enumerate(scores_raw))
    state = GameState(
        rules,
        _int(_need(obj, "seed", where), f"{where}.seed"),
        _int(_need(obj, "shuffles", where), f"{where}.shuffles", 0),
        hands,
        pile,
        discard,
        _color(_need(obj, "color", where), f"{where}.color", empty_ok=True),
        _int(_need(obj, "current", where), f"{where}.current", 0, n - 1),
        direction,
        phase,
        _int(_need(obj, "pending", where), f"{where}.pending", 0),
        drawn,
        _int(_need(obj, "w4_from", where), f"{where}.w4_from", -1, n - 1),
        _bool(_need(obj, "w4_guilty", where), f"{where}.w4_guilty"),
        _color(_need(obj, "prev_color", where), f"{where}.prev_color", empty_ok=True),
        _int(_need(obj, "uno_pending", where), f"{where}.uno_pending", -1, n - 1),
        _int(_need(obj, "dealer", where), f"{where}.dealer", 0, n - 1),
        scores,
        _int(_need(obj, "round_no", where), f"{where}.round_no", 1),
        _int(_need(obj, "turn", where), f"{where}.turn", 0),
        _int(_need(obj, "winner", where), f"{where}.winner", -1, n - 1),
        (),
    )
    if phase == "drawn" and (drawn is None or drawn not in hands[state.current]):
        raise UnoFormatError(f"{where}.drawn: in phase 'drawn' the drawn card must be in hand")
    if phase in ("challenge",) and state.w4_from < 0:
        raise UnoFormatError(f"{where}.w4_from: phase 'challenge' needs the player who played")
    return state


def action_from_json(obj: Any, where: str = "action") -> Action:
    kind = _need(obj, "kind", where)
    if kind not in ACTION_KINDS:
        raise UnoFormatError(f"{where}.kind: {kind!r} is not one of {', '.join(ACTION_KINDS)}")
    unknown = set(obj) - {"kind", "card", "color", "uno", "target", "player"}
    if unknown:
        raise UnoFormatError(f"{where}: unknown field(s) {sorted(unknown)}")
    card = obj.get("card")
    if card is not None and not is_card(card):
        raise UnoFormatError(f"{where}.card: {card!r} is not a card code")
    color = obj.get("color")
    if color is not None:
        _color(color, f"{where}.color", empty_ok=False)
    uno = _bool(obj.get("uno", False), f"{where}.uno")
    target = obj.get("target")
    if target is not None:
        _int(target, f"{where}.target", 0)
    player = obj.get("player")
    if player is not None:
        _int(player, f"{where}.player", 0)
    return Action(kind, card, color, uno, target, player)
