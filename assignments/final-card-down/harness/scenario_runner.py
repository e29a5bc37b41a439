"""Replay Final Card-Down scenarios against any module exposing the Game ADT names.

Standalone on purpose (standard library only, imports nothing of unograde): the
grader copies this file next to a student's ``game`` module inside the sandbox and
calls ``replay(module, scenario)``, which returns the mismatches as plain dicts.

A scenario (JSON, format ``final-card-down-scenario/1``) is a deck and a list of
steps.  A step is either a move, ``{"move": "PLAY_CARD RED ZERO HEARTS"}``, which
the runner checks with ``isValidMove`` (expected true) and then plays, or a query
with its expected answer, ``{"q": "playerCardCount", "args": [2], "expect": 7}``.

Text forms: a card is ``"COLOR VALUE SUIT"`` with the enum names (``"BLUE DRAW_TWO
DIAMONDS"``); a move is an action name, and a play is ``"PLAY_CARD <card>"`` plus,
for a DECLARE, the next colour as a fifth word (``"PLAY_CARD RED DECLARE HEARTS
GREEN"``).  The query ``hand`` is the current player's hand as a sorted list of
card texts, because the order of a hand is not specified (FAQ).

Two halves, so that a sandboxed student never sees an expected answer: ``answers(module,
scenario)`` runs in the student's process on a scenario with the expectations removed
(``strip_expectations``) and returns one ``[label, answer]`` pair per step;
``compare(scenario, answers)`` runs in the grader and turns the first difference into
feedback.  ``replay`` does both at once, for local use.

Contract for the module: the functions take the game first; ``playMove`` returns
the new game (if it returns None the game is taken to be changed in place); the
enums ``Value``, ``Color``, ``Suit`` have the course's names and numbers;
``Card(value, color, suit)`` and ``Move(action, nextColor, card)`` build cards and
moves, whose attributes have the same names.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

FORMAT = "final-card-down-scenario/1"

COLORS = ("RED", "BLUE", "GREEN", "YELLOW", "PURPLE")
SUITS = ("HEARTS", "DIAMONDS", "CLUBS", "SPADES", "QUESTIONS")
VALUES = (
    "ZERO",
    "ONE",
    "DRAW_TWO",
    "THREE",
    "FOUR",
    "FIVE",
    "SIX",
    "SEVEN",
    "EIGHT",
    "NINE",
    "ADVANCE",
    "BACKWARDS",
    "CONTINUE",
    "DECLARE",
    "E",
    "F",
)
ACTIONS = ("DRAW_CARD", "PLAY_CARD", "SAY_UNO", "SAY_DUO", "SAY_TRIO", "END_TURN")
DIRECTIONS = ("CLOCKWISE", "ANTICLOCKWISE")

# query name -> kinds of its arguments ("int", "suit", "color", "value"); isValidMove has a move.
QUERIES: dict[str, tuple[str, ...]] = {
    "numCards": (),
    "numOfSuit": ("suit",),
    "numOfColor": ("color",),
    "numOfValue": ("value",),
    "currentPlayer": (),
    "currentTurn": (),
    "numTurns": (),
    "turnMoves": ("int",),
    "pastMove": ("int", "int"),
    "playerCardCount": ("int",),
    "handCardCount": (),
    "hand": (),
    "playerPoints": ("int",),
    "playDirection": (),
    "topDiscard": (),
    "isValidMove": (),
    "gameWinner": (),
}
_NAMES = {"suit": SUITS, "color": COLORS, "value": VALUES}


class ScenarioError(ValueError):
    """A scenario file is malformed; the message names the place (line/column or step/field)."""


# ---------------------------------------------------------------- parsing


def parse_card(text: object, where: str) -> tuple[str, str, str]:
    """``"RED THREE HEARTS"`` -> ("RED", "THREE", "HEARTS"), or ScenarioError naming ``where``."""
    if not isinstance(text, str):
        raise ScenarioError(f"{where}: a card must be a string 'COLOR VALUE SUIT', not {text!r}")
    words = text.split()
    if len(words) != 3:
        raise ScenarioError(f"{where}: card {text!r} must have 3 words: COLOR VALUE SUIT")
    color, value, suit = words
    checks = ((color, COLORS, "colour"), (value, VALUES, "value"), (suit, SUITS, "suit"))
    for word, names, kind in checks:
        if word not in names:
            raise ScenarioError(f"{where}: {word!r} in card {text!r} is not a {kind}")
    return color, value, suit


def parse_move(text: object, where: str) -> tuple[str, tuple[str, str, str] | None, str | None]:
    """``"PLAY_CARD RED DECLARE HEARTS GREEN"`` -> (action, card, nextColor)."""
    if not isinstance(text, str) or not text.split():
        raise ScenarioError(f"{where}: a move must be a non-empty string, not {text!r}")
    words = text.split()
    action = words[0]
    if action not in ACTIONS:
        raise ScenarioError(f"{where}: {action!r} is not an action ({', '.join(ACTIONS)})")
    if action != "PLAY_CARD":
        if len(words) != 1:
            raise ScenarioError(f"{where}: {action} takes no card: {text!r}")
        return action, None, None
    if len(words) not in (4, 5):
        raise ScenarioError(
            f"{where}: PLAY_CARD needs a card and, for a DECLARE, a colour: {text!r}"
        )
    card = parse_card(" ".join(words[1:4]), where)
    next_color = None
    if len(words) == 5:
        next_color = words[4]
        if next_color not in COLORS:
            raise ScenarioError(f"{where}: next colour {next_color!r} is not a colour")
    return action, card, next_color


def _check_args(name: str, args: object, where: str) -> list[Any]:
    kinds = QUERIES[name]
    if not isinstance(args, list) or len(args) != len(kinds):
        raise ScenarioError(f"{where}: {name} takes {len(kinds)} argument(s), got {args!r}")
    for i, (arg, kind) in enumerate(zip(args, kinds, strict=True)):
        if kind == "int":
            if isinstance(arg, bool) or not isinstance(arg, int):
                raise ScenarioError(f"{where}.args[{i}]: expected an int, not {arg!r}")
        elif arg not in _NAMES[kind]:
            raise ScenarioError(f"{where}.args[{i}]: {arg!r} is not a {kind} name")
    return args


def validate(scenario: object, *, expectations: bool = True) -> dict[str, Any]:
    """Check a decoded scenario's structure; returns it, or raises ScenarioError with the place.

    ``expectations=False`` accepts a scenario whose queries carry no ``expect`` (what the
    sandboxed side receives).
    """
    if not isinstance(scenario, dict):
        raise ScenarioError("scenario: the top level must be a JSON object")
    if scenario.get("format") != FORMAT:
        raise ScenarioError(f"scenario.format: expected {FORMAT!r}, got {scenario.get('format')!r}")
    if not isinstance(scenario.get("name"), str):
        raise ScenarioError("scenario.name: a string is required")
    deck = scenario.get("deck")
    if not isinstance(deck, list) or len(deck) < 30:
        raise ScenarioError("scenario.deck: a list of at least 30 cards is required")
    for i, card in enumerate(deck):
        parse_card(card, f"deck[{i}]")
    steps = scenario.get("steps")
    if not isinstance(steps, list):
        raise ScenarioError("scenario.steps: a list is required")
    for i, step in enumerate(steps):
        where = f"steps[{i}]"
        if not isinstance(step, dict):
            raise ScenarioError(f"{where}: a step must be an object")
        if "move" in step and "q" not in step:
            parse_move(step["move"], f"{where}.move")
            continue
        name = step.get("q")
        if name not in QUERIES:
            raise ScenarioError(f"{where}.q: {name!r} is not a query ({', '.join(QUERIES)})")
        if expectations and "expect" not in step:
            raise ScenarioError(f"{where}: a query needs 'expect'")
        if name == "isValidMove":
            parse_move(step.get("move"), f"{where}.move")
        else:
            _check_args(name, step.get("args", []), where)
    return scenario


def parse_scenario(text: str) -> dict[str, Any]:
    """Decode and validate a scenario's JSON text."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ScenarioError(f"line {exc.lineno}, column {exc.colno}: {exc.msg}") from None
    return validate(data)


def load_scenario(path: str) -> dict[str, Any]:
    with open(path, encoding="utf-8") as f:
        text = f.read()
    try:
        return parse_scenario(text)
    except ScenarioError as exc:
        raise ScenarioError(f"{path}: {exc}") from None


# ---------------------------------------------------------------- talking to the module


def _enum_member(module: Any, enum_name: str, names: tuple[str, ...], name: str) -> Any:
    enum = getattr(module, enum_name, None)
    if enum is not None:
        try:
            return enum[name]
        except (KeyError, TypeError):
            pass
    return names.index(name)


def _name(value: Any, names: tuple[str, ...]) -> str:
    try:
        return names[int(value)]
    except (TypeError, ValueError, IndexError):
        return repr(value)


def card_text(card: Any) -> str:
    """A module's card as ``"COLOR VALUE SUIT"`` (read through .color/.value/.suit)."""
    try:
        return " ".join(
            (
                _name(card.color, COLORS),
                _name(card.value, VALUES),
                _name(card.suit, SUITS),
            )
        )
    except AttributeError:
        return repr(card)


def move_text(move: Any) -> str:
    """A module's move in the scenario text form."""
    try:
        action = _name(move.action, ACTIONS)
    except AttributeError:
        return repr(move)
    if action != "PLAY_CARD":
        return action
    card = getattr(move, "card", None)
    text = f"PLAY_CARD {card_text(card)}"
    next_color = getattr(move, "nextColor", None)
    if card is not None and card_text(card).split()[1:2] == ["DECLARE"] and next_color is not None:
        text += " " + _name(next_color, COLORS)
    return text


def _make_card(module: Any, parts: tuple[str, str, str]) -> Any:
    color, value, suit = parts
    return module.Card(
        _enum_member(module, "Value", VALUES, value),
        _enum_member(module, "Color", COLORS, color),
        _enum_member(module, "Suit", SUITS, suit),
    )


def _make_move(module: Any, text: str) -> Any:
    action, card, next_color = parse_move(text, "move")
    return module.Move(
        _enum_member(module, "Action", ACTIONS, action),
        None if next_color is None else _enum_member(module, "Color", COLORS, next_color),
        None if card is None else _make_card(module, card),
    )


PLAYED = "played"  # a move's answer when isValidMove said yes and playMove took it
CREATED = "created"  # newGame's answer when it returned
# An expected answer that is not graded: under a student's reading of an open rule the
# question is outside the ADT's contract there (the reference raises), so any answer goes.
NOT_GRADED = {"not-graded": True}
# The expected answer to a move a student's reading refuses (the scenario's moves were chosen
# under the page's decisions): isValidMove must say False; nothing after it is compared.
REFUSED = {"refused": True}


def step_label(step: dict[str, Any]) -> str:
    """What a step is called in feedback: the move text, or the query with its arguments."""
    if "q" not in step:
        return str(step["move"])
    name = step["q"]
    if name == "isValidMove":
        return f"isValidMove({step['move']})"
    return f"{name}({', '.join(str(a) for a in step.get('args', []))})"


def new_game_label(scenario: dict[str, Any]) -> str:
    return f"newGame(deck of {len(scenario['deck'])} cards)"


def strip_expectations(scenario: dict[str, Any]) -> dict[str, Any]:
    """The scenario as the sandbox receives it: name, deck and steps, never an answer."""
    return {
        "format": FORMAT,
        "name": scenario["name"],
        "deck": list(scenario["deck"]),
        "steps": [{k: v for k, v in step.items() if k != "expect"} for step in scenario["steps"]],
    }


def expected_answers(scenario: dict[str, Any]) -> list[list[Any]]:
    """The answers a correct ADT gives, in the form ``answers`` returns them."""
    out: list[list[Any]] = [[new_game_label(scenario), CREATED]]
    for step in scenario["steps"]:
        if "q" not in step:
            out.append([step_label(step), PLAYED])
        elif step["q"] == "hand":
            out.append([step_label(step), sorted(step["expect"])])
        else:
            out.append([step_label(step), step["expect"]])
    return out


def _number(name: str, answer: Any) -> int:
    """An integer answer; ints, IntEnum members and bools are numbers, anything else is not."""
    if isinstance(answer, int):
        return int(answer)
    raise TypeError(f"{name} returned {answer!r}, not an int")


def _ask(module: Any, game: Any, step: dict[str, Any]) -> Any:
    """Run one query step: its answer in scenario form."""
    name = step["q"]
    if name == "isValidMove":
        return bool(module.isValidMove(game, _make_move(module, step["move"])))
    args = step.get("args", [])
    if name == "hand":
        count = _number("handCardCount", module.handCardCount(game))
        return sorted(card_text(module.handCard(game, i)) for i in range(count))
    converted = []
    for arg, kind in zip(args, QUERIES[name], strict=True):
        if kind == "int":
            converted.append(arg)
        else:
            converted.append(_enum_member(module, kind.capitalize(), _NAMES[kind], arg))
    answer = getattr(module, name)(game, *converted)
    if name == "topDiscard":
        return card_text(answer)
    if name == "pastMove":
        return move_text(answer)
    if name == "playDirection":
        return _name(answer, DIRECTIONS)
    return _number(name, answer)


def _describe(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"[:500]


def answers(module: Any, scenario: dict[str, Any] | str) -> list[list[Any]]:
    """Play ``scenario`` on ``module``: one ``[label, answer]`` per step, after newGame's.

    Runs in the student's process and needs no expected answer.  A query's answer is its
    value in scenario form, or ``{"raised": "Type: message"}``.  A move's answer is
    ``"played"``, or a dict saying what went wrong: ``{"valid": False}`` when isValidMove
    rejected a move that playMove then took, ``{"raised": ..., "in": "isValidMove" or
    "playMove"}`` when one raised; a raise stops the replay (later answers would be
    meaningless), so the list is then shorter than the steps.
    """
    if isinstance(scenario, str):
        scenario = parse_scenario(scenario)
    scenario = validate(scenario, expectations=False)
    deck = [parse_card(c, f"deck[{i}]") for i, c in enumerate(scenario["deck"])]
    out: list[list[Any]] = []
    try:
        game = module.newGame(
            len(deck),
            [_enum_member(module, "Value", VALUES, v) for _, v, _ in deck],
            [_enum_member(module, "Color", COLORS, c) for c, _, _ in deck],
            [_enum_member(module, "Suit", SUITS, s) for _, _, s in deck],
        )
    except Exception as exc:  # noqa: BLE001 - student code may raise anything
        return [[new_game_label(scenario), {"raised": _describe(exc)}]]
    out.append([new_game_label(scenario), CREATED])
    for step in scenario["steps"]:
        label = step_label(step)
        if "q" in step:
            try:
                out.append([label, _ask(module, game, step)])
            except Exception as exc:  # noqa: BLE001
                out.append([label, {"raised": _describe(exc)}])
            continue
        try:
            move = _make_move(module, step["move"])
            valid = bool(module.isValidMove(game, move))
        except Exception as exc:  # noqa: BLE001
            out.append([label, {"raised": _describe(exc), "in": "isValidMove"}])
            return out
        try:
            result = module.playMove(game, move)
        except Exception as exc:  # noqa: BLE001
            out.append([label, {"valid": valid, "raised": _describe(exc), "in": "playMove"}])
            return out
        if result is not None:
            game = result
        out.append([label, PLAYED if valid else {"valid": False}])
    return out


def _same(expected: Any, actual: Any) -> bool:
    """Equal and of the same kind (an isValidMove answer of 1 is not True)."""
    return type(expected) is type(actual) and expected == actual


def _answer_of(pair: Any) -> Any:
    """The answer of a ``[label, answer]`` pair (anything else stands for itself)."""
    return pair[1] if isinstance(pair, list | tuple) and len(pair) == 2 else pair


def compare(scenario: dict[str, Any], got: list[Any]) -> list[dict[str, Any]]:
    """The mismatches between ``scenario``'s expectations and ``got`` (from ``answers``)."""
    return compare_answers(scenario["name"], expected_answers(scenario), got)


def compare_answers(name: str, expected: list[Any], got: list[Any]) -> list[dict[str, Any]]:
    """The mismatches between ``expected`` (from ``expected_answers``) and ``got``.

    Each mismatch is a dict: ``scenario`` (``name``), ``step`` (index; -1 is newGame),
    ``query`` (text), ``expected``, ``actual`` (or ``error``), ``moves`` (every move played
    before it, in order).  A step whose expected answer is ``"played"`` is a move.  A
    differing query does not stop the comparison (queries change nothing); a move that
    raised does, and so does the end of ``got``.
    """
    mismatches: list[dict[str, Any]] = []
    moves: list[str] = []

    def report(step: int, query: str, want: Any, **found: Any) -> None:
        entry = {"scenario": name, "step": step, "query": query, "expected": want}
        mismatches.append(entry | {"moves": list(moves)} | found)

    first = _answer_of(got[0]) if got else None
    if first != CREATED:
        error = first.get("raised") if isinstance(first, dict) else f"no game ({first!r})"
        report(-1, "newGame(deck)", "a new game", error=str(error))
        return mismatches
    for index, (label, want) in enumerate(expected[1:]):
        if index + 1 >= len(got):
            report(index, label, want, error="the replay stopped before this step")
            return mismatches
        answer = _answer_of(got[index + 1])
        if want == NOT_GRADED:
            continue
        if want == REFUSED:
            if not (isinstance(answer, dict) and answer.get("valid") is False):
                raised = isinstance(answer, dict) and "raised" in answer
                found = {"error": answer["raised"]} if raised else {"actual": answer == PLAYED}
                report(index, f"isValidMove({label})", False, **found)
            return mismatches
        if want == PLAYED:
            if answer == PLAYED:
                moves.append(label)
                continue
            if not isinstance(answer, dict):
                report(index, f"playMove({label})", "the move is played", actual=answer)
                return mismatches
            if answer.get("in") == "isValidMove":
                report(index, f"isValidMove({label})", True, error=answer.get("raised"))
                return mismatches
            if answer.get("valid") is False:
                report(index, f"isValidMove({label})", True, actual=False)
            if answer.get("in") == "playMove":
                report(index, f"playMove({label})", "the move is played", error=answer["raised"])
                return mismatches
            moves.append(label)
            continue
        if isinstance(answer, dict):
            report(index, label, want, error=answer.get("raised", repr(answer)))
        elif not _same(want, answer):
            report(index, label, want, actual=answer)
    return mismatches


def replay(
    module: Any, scenario: dict[str, Any] | str, *, stop_at_first: bool = False
) -> list[dict[str, Any]]:
    """Replay ``scenario`` on ``module`` and compare: the mismatches (see ``compare``), empty
    when all answers agree; with ``stop_at_first``, only the first."""
    if isinstance(scenario, str):
        scenario = parse_scenario(scenario)
    else:
        scenario = validate(scenario)
    found = compare(scenario, answers(module, strip_expectations(scenario)))
    return found[:1] if stop_at_first else found


def _multiset_difference(expected: list[Any], actual: list[Any]) -> tuple[list[str], list[str]]:
    """Cards in ``expected`` but not ``actual`` and the other way round, repeats counted."""
    left = [repr(x) if not isinstance(x, str) else x for x in expected]
    right = [repr(x) if not isinstance(x, str) else x for x in actual]
    extra = list(right)
    missing = []
    for item in left:
        if item in extra:
            extra.remove(item)
        else:
            missing.append(item)
    return missing, extra


def format_mismatch(mismatch: dict[str, Any], *, last_moves: int = 12) -> str:
    """Feedback for a student: the query that differs and the moves that led there."""
    moves = mismatch["moves"]
    shown = moves[-last_moves:]
    where = f"scenario {mismatch['scenario']}, " if mismatch.get("scenario") else ""
    step = "newGame" if mismatch["step"] < 0 else f"step {mismatch['step']}"
    lines = [f"{where}{step}: {mismatch['query']}"]
    lines.append(f"  expected: {mismatch['expected']!r}")
    if "error" in mismatch:
        lines.append(f"  raised:   {mismatch['error']}")
    else:
        actual = mismatch.get("actual")
        lines.append(f"  got:      {actual!r}")
        expected = mismatch["expected"]
        if isinstance(expected, list) and isinstance(actual, list):
            missing, extra = _multiset_difference(expected, actual)
            if missing:
                lines.append(f"  missing:  {', '.join(missing)}")
            if extra:
                lines.append(f"  not expected: {', '.join(extra)}")
    if not moves:
        lines.append("  (right after newGame, before any move)")
    else:
        skipped = len(moves) - len(shown)
        lines.append(
            f"  after {len(moves)} move(s)" + (f", the last {len(shown)}:" if skipped else ":")
        )
        lines.extend(f"    {skipped + i + 1}. {m}" for i, m in enumerate(shown))
    return "\n".join(lines)


def _load_module(path: str) -> Any:
    """Import a module file, or a package directory, as ``student_game``."""
    import importlib.util
    import os

    for name in [n for n in sys.modules if n == "student_game" or n.startswith("student_game.")]:
        del sys.modules[name]
    locations = None
    if os.path.isdir(path):
        locations = [path]
        path = os.path.join(path, "__init__.py")
    spec = importlib.util.spec_from_file_location(
        "student_game", path, submodule_search_locations=locations
    )
    if spec is None or spec.loader is None:
        raise ScenarioError(f"{path}: cannot be imported as a module")
    module = importlib.util.module_from_spec(spec)
    sys.modules["student_game"] = module
    spec.loader.exec_module(module)
    return module


def main(argv: list[str] | None = None, out: Callable[[str], None] = print) -> int:
    """``python scenario_runner.py GAME.py SCENARIO.json...``: feedback, exit 1 on a mismatch."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) < 2:
        out("usage: scenario_runner.py GAME.py SCENARIO.json [SCENARIO.json ...]")
        return 2
    module = _load_module(args[0])
    failed = 0
    for path in args[1:]:
        try:
            found = replay(module, load_scenario(path), stop_at_first=True)
        except ScenarioError as exc:
            out(f"bad scenario: {exc}")
            return 2
        if found:
            failed += 1
            out(format_mismatch(found[0]))
        else:
            out(f"ok {path}")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
