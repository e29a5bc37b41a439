"""uno-official's feedback: is an answer one the adapter builds, and what differs, field by field.

One module for the grader and the students' self-check kit (``unograde kit uno-official``): the
plugin (``reference/uno_official/plugin.py``) judges with it and the kit carries it, so both
explain a difference alike ("hand of player 2: missing card R5 at the end", "color: expected
'G' (green), got 'R' (red)").  The answers it reads are the child-side adapter's canonical
forms (``adapter.py``).  It imports only the standard library and the kit's runtime (``from
.compare import ...``: it is loaded as a module of that package), never the reference.
"""

from __future__ import annotations

from typing import Any

from .compare import describe_sequence, normalise, type_name
from .verdict import input_lines

# The colours of the notation (the assignment page): R, Y, G, B.
COLOR_NAMES: dict[str, str] = {"R": "red", "Y": "yellow", "G": "green", "B": "blue"}

MAX_LINES = 8
# The order a difference is explained in: what a reader checks first.
FIELD_ORDER = (
    "phase",
    "current",
    "direction",
    "color",
    "hands",
    "discard",
    "draw_pile",
    "pending",
    "drawn",
    "w4_from",
    "w4_guilty",
    "prev_color",
    "uno_pending",
    "scores",
    "winner",
    "dealer",
    "round_no",
    "turn",
    "shuffles",
    "seed",
    "rules",
)


def check_shape(part: str, value: Any) -> str | None:
    """Why ``value`` (what the adapter made of the student's answer) cannot be an answer."""
    if not isinstance(value, dict):
        return f"expected an answer the adapter builds, got {type_name(value)}"
    if part == "strategy":
        if "invalid" in value:
            return f"strategy returned {value['invalid']}, not an action"
        if "unknown_fields" in value:
            return f"strategy returned an action with unknown field(s) {value['unknown_fields']}"
        if "kind" not in value:
            return "strategy returned an action without a kind"
        return None
    function = "deal_from_deck" if part == "deal" else "apply"
    if "shape" in value:
        return f"{function} returned something that is not a state: {value['shape']}"
    return None


MAX_ITEMS = 2_000
"""The most values an answer may hold: a state of the official game has 108 cards, a few
players' scores and flags, and a list of events; the reference's own answers hold at most a
few hundred (a test keeps every fixture's under a tenth of this)."""


def _items(value: Any, limit: int) -> int:
    """How many values ``value`` holds, counted until past ``limit`` (then ``limit + 1``):
    linear in what it looks at, never more than ``limit`` of them."""
    count, stack = 0, [value]
    while stack and count <= limit:
        item = stack.pop()
        count += 1
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return count


def check_size(case: Any, value: Any) -> str | None:
    """Why an answer is larger than any state or action of the game can be, or None: told
    as a wrong shape at once, so nothing compares or draws it."""
    if _items(value, MAX_ITEMS) > MAX_ITEMS:
        return (
            f"the answer holds more than {MAX_ITEMS:,} values; no state of a game of 108 "
            "cards comes near that"
        )
    return None


def _show(value: Any) -> str:
    if isinstance(value, list) and all(isinstance(c, str) for c in value):
        return "[" + " ".join(value) + "]" if value else "[] (empty)"
    return repr(value)


def _field_lines(key: str, want: Any, got: Any) -> list[str]:
    if key == "hands" and isinstance(got, list) and isinstance(want, list):
        lines = []
        if len(want) != len(got):
            lines.append(f"hands: expected {len(want)} hands, got {len(got)}")
        for k, (w, g) in enumerate(zip(want, got, strict=False)):
            if isinstance(g, list):
                lines += describe_sequence(f"hand of player {k}", w, g, show=_show_card)
            elif w != g:
                lines.append(f"hand of player {k}: expected {_show(w)}, got {g!r}")
        return lines
    if key in ("discard", "draw_pile") and isinstance(got, list):
        label = "discard pile (top first)" if key == "discard" else "draw pile (top first)"
        return describe_sequence(label, want, got, show=_show_card)
    if key in ("color", "prev_color"):
        return [f"{key}: expected {_colour(want)}, got {_colour(got)}"]
    return [f"{key}: expected {_show(want)}, got {_show(got)}"]


def _show_card(card: Any) -> str:
    return card if isinstance(card, str) else repr(card)


def _colour(value: Any) -> str:
    if value == "":
        return "none ('')"
    return f"{value!r} ({COLOR_NAMES[value]})" if value in COLOR_NAMES else repr(value)


def _action_words(action: Any) -> str:
    if not isinstance(action, dict):
        return repr(action)
    fields = ", ".join(f"{k}={v!r}" for k, v in action.items() if k != "kind")
    return f"{action.get('kind')}" + (f" ({fields})" if fields else "")


def describe(part: str, expected: Any, actual: Any) -> list[str]:
    """Differences in the game's terms, the most telling first (phase, whose turn, hands)."""
    exp, act = normalise(expected), normalise(actual)
    if part == "strategy":
        return [
            f"the only legal action here is {_action_words(exp)}; "
            f"the strategy returned {_action_words(act)}"
        ]
    function = "deal_from_deck" if part == "deal" else "apply"
    if "error" in exp and "error" not in act:
        return [f"expected {function} to raise ValueError (the action is illegal), got a state"]
    if "error" in act:
        return [
            f"expected the next state, but {function} raised ValueError "
            "(it refused a legal action; its message is under 'Printed')"
        ]
    lines: list[str] = []
    if "first_discard" in exp:  # a Wild Draw Four turned up first and reshuffled
        for key, label in (
            ("hands", "hands"),
            ("first_discard", "first discard"),
            ("piles", "draw and discard piles (all cards, sorted)"),
        ):
            if exp.get(key) != act.get(key):
                if key == "hands":
                    lines += _field_lines("hands", exp[key], act.get(key))
                elif key == "piles":
                    lines += describe_sequence(label, exp[key], act.get(key) or [])
                else:
                    lines.append(f"{label}: expected {exp[key]}, got {act.get(key)}")
        return lines[:MAX_LINES]
    want, got = exp.get("state", {}), act.get("state", {})
    if "hand_sizes" in exp:  # a reshuffle happened: its order is the engine's own
        if exp["hand_sizes"] != act.get("hand_sizes"):
            lines.append(
                f"hand sizes: expected {exp['hand_sizes']}, got {act.get('hand_sizes')} "
                "(a reshuffle happened, so only sizes and the cards in play are compared)"
            )
        if exp["hands_and_draw_pile"] != act.get("hands_and_draw_pile"):
            lines += describe_sequence(
                "cards in hands and draw pile (sorted)",
                exp["hands_and_draw_pile"],
                act.get("hands_and_draw_pile") or [],
            )[:2]
    for key in FIELD_ORDER:
        if key in want and want[key] != got.get(key):
            lines += _field_lines(key, want[key], got.get(key))
    if len(lines) > MAX_LINES:
        lines = lines[: MAX_LINES - 1] + [f"… and {len(lines) - MAX_LINES + 1} more differences"]
    return lines


# ----------------------------------------------------------------- a failed case's input


def action_words(state: dict, action: dict) -> str:
    """``player 0 plays R+2``, ``player 2 draws``, ``player 1 catches player 0``."""
    who = action.get("player", state.get("current"))
    kind = action.get("kind")
    if kind == "play":
        colour = action.get("color")
        wild = action.get("card") in ("W", "W+4")
        named = f" and names {COLOR_NAMES.get(colour, colour)}" if wild and colour else ""
        uno = ' and calls "uno"' if action.get("uno") else ""
        target = f" (target player {action['target']})" if action.get("target") is not None else ""
        return f"player {who} plays {action.get('card')}{named}{uno}{target}"
    words = {
        "draw": "draws",
        "pass": "keeps the card just drawn",
        "declare": f"declares {COLOR_NAMES.get(action.get('color'), action.get('color'))}",
        "challenge": "challenges the Wild Draw Four",
        "accept": "accepts the Wild Draw Four",
        "deal": "deals the next round",
    }
    if kind == "catch":
        return f'player {who} catches the player who did not call "uno"'
    if kind == "jump_in":
        return f"player {who} jumps in with {action.get('card')}"
    return f"player {who} {words.get(kind, repr(kind))}"


def state_lines(state: dict) -> list[str]:
    """The state before the action, as text."""
    lines = [
        f"player to act: {state.get('current')} (phase {state.get('phase')}), colour "
        f"{state.get('color') or 'none'}, direction {state.get('direction')}, pending "
        f"{state.get('pending')}"
    ]
    for k, hand in enumerate(state.get("hands") or []):
        mark = "  <- to act" if k == state.get("current") else ""
        lines.append(f"hand of player {k}: {' '.join(map(str, hand)) or '(empty)'}{mark}")
    discard = state.get("discard") or []
    pile = state.get("draw_pile") or []
    lines.append(f"discard pile ({len(discard)}, top first): {' '.join(map(str, discard[:20]))}")
    lines.append(f"draw pile ({len(pile)}, top first): {' '.join(map(str, pile[:20]))}")
    if state.get("scores"):
        lines.append(f"scores: {state['scores']}")
    return lines


def show_input(part: str, args: Any) -> list[str]:
    """A failed scenario's input in the game's words: the state before its action, and the
    action (a deal's or a strategy's arguments pretty-printed)."""
    rules = part == "rules" and len(args) >= 2
    if rules and isinstance(args[0], dict) and isinstance(args[1], dict):
        return [*state_lines(args[0]), f"action: {action_words(args[0], args[1])}"]
    return input_lines(args)
