"""uno-official's child-side adapter: plain data in, plain data out (stdlib only).

The sandbox's harness imports this module, before any student code, as ``_unograde_adapter``
and calls ``call(module, function_name, args)`` for every case.  It speaks to three kinds of
student function:

- ``strategy(view) -> action``: ``args`` is one view as plain data.  The student gets it as an
  immutable ``View`` (the same fields as the reference's ``PlayerView``; ``view.legal`` holds
  ``Action`` values) and may return one of ``view.legal``, an ``Action``, any object with the
  same attributes, or a dict.  What comes back is the action as plain data, *never corrected*:
  the grader checks it against the rules and reports an illegal one with the view.
- ``apply(state, action) -> state`` and ``deal_from_deck(rules, seed, shuffles, deck, dealer,
  scores, round_no, turn) -> state``: a student's own engine, graded on the conformance
  scenarios.  If the module has ``state_from_json`` / ``action_from_json`` / ``rules_from_json``
  / ``state_to_json``, its own types are used through them; otherwise the functions receive and
  return the JSON forms (dicts and lists).  An illegal action must raise ``ValueError`` (or a
  subclass); any other exception is a bug and is reported as one.

An engine's answer is reduced to the *canonical form* that ``canonical`` defines, so that the
grader's plain structural comparison is exactly the conformance rule: a state is compared field
by field (events are not compared), and where a shuffle happened its order is the engine's own,
so only what a shuffle cannot change is compared.  The grader builds the expected canonical form
with this same function (one definition for both sides).
"""

from __future__ import annotations

import json
from collections import namedtuple
from typing import Any

STATE_KEYS = (
    "rules",
    "seed",
    "shuffles",
    "hands",
    "draw_pile",
    "discard",
    "color",
    "current",
    "direction",
    "phase",
    "pending",
    "drawn",
    "w4_from",
    "w4_guilty",
    "prev_color",
    "uno_pending",
    "dealer",
    "scores",
    "round_no",
    "turn",
    "winner",
)
# Fields a reshuffle leaves to the engine's own random source (see ``canonical``).
SHUFFLED_KEYS = ("hands", "draw_pile", "shuffles", "seed", "drawn")
ACTION_FIELDS = ("kind", "card", "color", "uno", "target", "player")
VIEW_FIELDS = (
    "player",
    "hand",
    "hand_sizes",
    "top",
    "discard",
    "color",
    "current",
    "direction",
    "phase",
    "pending",
    "drawn",
    "prev_color",
    "w4_from",
    "uno_pending",
    "draw_pile_size",
    "dealer",
    "scores",
    "round_no",
    "turn",
    "rules",
    "legal",
)
RULE_FIELDS = (
    "num_players",
    "hand_size",
    "target_score",
    "stack_draw_two",
    "seven_zero",
    "jump_in",
)

Action = namedtuple("Action", ACTION_FIELDS, defaults=(None, None, False, None, None))
View = namedtuple("View", VIEW_FIELDS)
Rules = namedtuple("Rules", RULE_FIELDS)


# ---------------------------------------------------------------------------------------------
# Strategies


def make_view(data: dict) -> View:
    """The plain view as the immutable ``View`` a strategy is written against."""
    fields = dict(data)
    for key in ("hand", "hand_sizes", "discard", "scores"):
        fields[key] = tuple(fields[key])
    fields["rules"] = Rules(**fields["rules"])
    fields["legal"] = tuple(action_from_plain(a) for a in fields["legal"])
    return View(**fields)


def action_from_plain(data: dict) -> Action:
    return Action(**{k: data[k] for k in ACTION_FIELDS if k in data})


def action_to_plain(value: Any) -> dict:
    """Whatever a strategy returned, as an action dict; anything else is described, not fixed.

    ``None`` fields are left out and ``uno`` only appears when true (the fixtures' JSON form).
    """
    if isinstance(value, dict):
        source = value
    elif hasattr(value, "kind"):
        source = {k: getattr(value, k) for k in ACTION_FIELDS if hasattr(value, k)}
    else:
        return {"invalid": _describe(value)}
    out: dict = {}
    for key in ACTION_FIELDS:
        item = source.get(key)
        if key == "uno":
            if item:
                out["uno"] = item
        elif item is not None:
            out[key] = item
    unknown = sorted(str(k) for k in source if k not in ACTION_FIELDS)
    if unknown:
        out["unknown_fields"] = unknown
    return out


def _describe(value: Any) -> str:
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a student's __repr__ may raise anything
        text = "<unprintable>"
    return f"{type(value).__name__}: {text[:200]}"


# ---------------------------------------------------------------------------------------------
# Engines


def _to_plain(value: Any) -> Any:
    """Tuples to lists, recursively, so a state compares the same whatever sequences it used."""
    if isinstance(value, (list, tuple)):
        return [_to_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _to_plain(v) for k, v in value.items()}
    return value


def canonical(doc: Any, mode: str) -> dict:
    """The part of an outcome that conformance is judged on.

    ``doc`` is ``{"state": {...}}`` or ``{"error": ...}`` (an expected file or an engine's
    answer).  ``mode`` is ``exact`` (every state field), ``shuffled`` (a reshuffle happened:
    hand sizes, the cards in hands and draw pile together, every other field exactly) or
    ``first-discard`` (a Wild Draw Four was turned up and reshuffled: the hands, that the first
    discard is not a Wild Draw Four, and the cards in both piles together).
    """
    if "error" in doc:
        return {"error": "illegal action"}
    state = doc["state"]
    if not isinstance(state, dict):
        return {"shape": f"the state is {_describe(state)}, not a state"}
    missing = [k for k in STATE_KEYS if k not in state]
    if missing:
        return {"shape": f"the state has no field(s) {', '.join(missing)}"}
    plain = {k: _to_plain(state[k]) for k in STATE_KEYS}
    try:
        if mode == "first-discard":
            top = plain["discard"][0] if plain["discard"] else None
            return {
                "hands": plain["hands"],
                "first_discard": "not a Wild Draw Four" if top not in ("W+4", None) else top,
                "piles": sorted(plain["draw_pile"] + plain["discard"]),
            }
        if mode == "shuffled":
            fields = {k: v for k, v in plain.items() if k not in SHUFFLED_KEYS}
            return {
                "state": fields,
                "hand_sizes": [len(h) for h in plain["hands"]],
                "hands_and_draw_pile": sorted(
                    plain["draw_pile"] + [c for h in plain["hands"] for c in h]
                ),
            }
    except TypeError as exc:
        return {"shape": f"the state's piles are not lists of card codes ({exc})"}
    return {"state": plain}


def _engine_call(module: Any, function_name: str, args: tuple) -> dict:
    *call_args, mode = args
    function = getattr(module, function_name)
    own_types = callable(getattr(module, "state_from_json", None))
    if function_name == "apply":
        state, action = call_args
        if own_types:
            state = module.state_from_json(state)
            if callable(getattr(module, "action_from_json", None)):
                action = module.action_from_json(action)
        try:
            result = function(state, action)
        except ValueError as exc:
            print(f"apply raised {type(exc).__name__}: {exc}")
            return canonical({"error": type(exc).__name__}, mode)
    else:
        rules, *rest = call_args
        if own_types and callable(getattr(module, "rules_from_json", None)):
            rules = module.rules_from_json(rules)
        result = function(rules, *rest)
    if callable(getattr(module, "state_to_json", None)):
        result = module.state_to_json(result)
    return canonical({"state": result}, mode)


def call(module: Any, function_name: str, args: tuple) -> Any:
    """What the harness calls for every case (see the module's docstring)."""
    if function_name == "strategy":
        (view,) = args
        if isinstance(view, str):  # tournaments send the view as one JSON text
            view = json.loads(view)
        return action_to_plain(module.strategy(make_view(view)))
    if function_name in ("apply", "deal_from_deck"):
        return _engine_call(module, function_name, args)
    return getattr(module, function_name)(*args)
