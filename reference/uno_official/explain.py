"""Where a failed uno-official scenario went wrong: the action, the rule, the state before.

A conformance scenario is one action on one state (or one deal), so the first action where a
student's engine differs is that action. This names it in the game's words, the rule of the
official rules text that decides it (``rules_text.OFFICIAL_RULES``, by the name the text
gives it, with its words quoted), what the reference's engine does with it and what the
student's did, and the state before it. Pure functions; runs in the grader only.
"""

from __future__ import annotations

from typing import Any

from graders.paths import assignment_dir
from unokit.loader import load_module

from .cards import COLOR_NAMES

# The action and the state in the game's words: the assignment's feedback module's, which the
# students' self-check kit carries too (a failed case's input reads alike in both).
FEEDBACK = load_module(assignment_dir("uno-official") / "feedback.py")
action_words = FEEDBACK.action_words
state_lines = FEEDBACK.state_lines

# The rules text's own names for its rules, each with the words it says them in (a test
# checks that every quote is in ``rules_text.OFFICIAL_RULES``), and the page's Decisions
# where the text is silent.
RULES: dict[str, tuple[str, str]] = {
    "matching": (
        "On your turn",
        "play one card matching the discard in color, number, or symbol",
    ),
    "draw": (
        "On your turn",
        "draw the top card from the deck, then play it if possible",
    ),
    "skip": ("Skip", "the next player misses a turn"),
    "reverse": ("Reverse", "the direction of play switches"),
    "draw-two": ("Draw Two", "the next player draws two cards and misses a turn"),
    "wild": ("Wild", "you declare the next color to be matched"),
    "wild-draw-four": (
        "Wild Draw Four",
        "you declare the next color; the next player draws four and misses a turn",
    ),
    "first-discard": ("As first discard", "As first discard:"),
    "uno": ("uno", 'Play your next-to-last card and call "uno"'),
    "going-out": (
        "Going out",
        "Going out wins the hand: you score the cards the others still hold",
    ),
    "caught": ("PENALTIES", 'Caught not calling "uno" before the next player begins: draw 2'),
    "challenge": ("PENALTIES", "Wild Draw Four challenged"),
    "match": ("The aim of the game", "the first player to score 500 points"),
}
HOUSE = {
    "stack_draw_two": "house rule: stacking Draw Twos (off unless the scenario's rules say so)",
    "seven_zero": "house rule: sevens swap hands, zeros pass them (off unless the rules say so)",
    "jump_in": "house rule: jumping in (off unless the scenario's rules say so)",
}
KINDS = {"S": "skip", "R": "reverse", "+2": "draw-two"}


def rule_name(key: str) -> str:
    name, quote = RULES[key]
    return f'"{name}" in the rules text ("{quote}")'


def _rank(card: str) -> str:
    return card[1:] if card not in ("W", "W+4") else card


def rule_key(state: dict, action: dict, expected: Any) -> str:
    """The rule of the rules text that decides ``action`` on ``state``."""
    kind = action.get("kind")
    illegal = isinstance(expected, dict) and "error" in expected
    if kind == "play":
        card = str(action.get("card"))
        if illegal:
            return "uno" if action.get("uno") else "matching"
        hand = _hand(state)
        if action.get("uno"):
            return "uno"
        if len(hand) == 1:
            return "going-out"
        if card == "W":
            return "wild"
        if card == "W+4":
            return "wild-draw-four"
        return KINDS.get(_rank(card), "matching")
    return {
        "draw": "draw",
        "pass": "draw",
        "declare": "first-discard",
        "challenge": "challenge",
        "accept": "challenge",
        "catch": "caught",
        "deal": "match",
    }.get(kind, "matching")


def rule_words(state: dict, action: dict, expected: Any) -> str:
    """The rule as the feedback cites it; a house rule in force is named first."""
    rules = state.get("rules") if isinstance(state.get("rules"), dict) else {}
    kind = action.get("kind")
    card = str(action.get("card", ""))
    if kind == "jump_in":
        return HOUSE["jump_in"]
    if rules.get("seven_zero") and kind == "play" and _rank(card) in ("7", "0"):
        return HOUSE["seven_zero"]
    if rules.get("stack_draw_two") and (state.get("phase") == "stack" or _rank(card) == "+2"):
        return HOUSE["stack_draw_two"]
    return rule_name(rule_key(state, action, expected))


def _hand(state: dict) -> list:
    hands = state.get("hands") or []
    current = state.get("current", 0)
    if isinstance(current, int) and 0 <= current < len(hands):
        return list(hands[current])
    return []


def outcome_words(doc: Any, before: dict | None = None) -> str:
    """What an engine made of the action: refused it, or the state it led to, briefly."""
    if not isinstance(doc, dict):
        return f"returns {type(doc).__name__}, not a state"
    if "error" in doc:
        return "refuses it: raises ValueError (the action is illegal)"
    if "shape" in doc:
        return f"returns something that is not a state ({doc['shape']})"
    state = doc.get("state") if isinstance(doc.get("state"), dict) else {}
    sizes = doc.get("hand_sizes")
    if sizes is None and isinstance(state.get("hands"), list):
        sizes = [len(h) if isinstance(h, list) else "?" for h in state["hands"]]
    parts = [f"player {state.get('current')} to act ({state.get('phase')})"]
    if state.get("color") not in (None, ""):
        parts.append(f"colour {COLOR_NAMES.get(state['color'], state['color'])}")
    parts.append(f"direction {state.get('direction')}")
    if sizes is not None:
        parts.append("hand sizes " + "/".join(str(s) for s in sizes))
    if state.get("pending"):
        parts.append(f"{state['pending']} cards pending")
    if state.get("winner", -1) != -1 and state.get("winner") is not None:
        parts.append(f"winner {state['winner']}")
    return "accepts it: then " + ", ".join(parts)


def first_divergence(part: str, args: tuple, expected: Any, value: Any) -> dict | None:
    """The scenario's one action as the place it went wrong (``part`` rules or deal)."""
    if part == "rules":
        state, action = args[0], args[1]
        if not isinstance(state, dict) or not isinstance(action, dict):
            return None
        where = action_words(state, action)
        rule = rule_words(state, action, expected)
        exp, got = outcome_words(expected), outcome_words(value)
        return {
            "kind": "action",
            "where": f"the action: {where}",
            "rule": rule,
            "expected": exp,
            "got": got,
            "summary": f"{where}, by {rule}: expected the engine {exp}; yours {got}",
            "state_text": state_lines(state),
            "state": {
                "hands": state.get("hands"),
                "current": state.get("current"),
                "discard": (state.get("discard") or [])[:20],
                "draw_pile": len(state.get("draw_pile") or []),
                "color": state.get("color"),
            },
            "view": "uno-official-state",
        }
    if part == "deal":
        deck = list(args[3]) if len(args) > 3 and isinstance(args[3], list) else []
        dealer = args[4] if len(args) > 4 else None
        rules = args[0] if isinstance(args[0], dict) else {}
        dealt = int(rules.get("hand_size", 7)) * int(rules.get("num_players", 4))
        first = deck[dealt] if len(deck) > dealt else None
        exp, got = outcome_words(expected), outcome_words(value)
        rule = rule_name("first-discard")
        return {
            "kind": "action",
            "where": f"the deal by player {dealer}: the first discard is {first}",
            "rule": rule,
            "expected": exp,
            "got": got,
            "summary": f"the deal (first discard {first}): expected the engine {exp}; yours {got}",
            "state_text": [
                f"dealer: {dealer}; {rules.get('num_players')} players, {rules.get('hand_size')} "
                "cards each",
                f"the deck, top first: {' '.join(map(str, deck[: dealt + 5]))} …",
            ],
        }
    return None
