"""uno-lab's feedback: a reply of the lab's adapter judged against a case's expected file.

One module for the grader and the students' self-check kit (``unograde kit uno-lab``): the
plugin (``reference/uno_lab/plugin.py``) and the reference's ``grading``, ``cases`` and
``notation`` modules use it, and the kit carries it, so both say
``cardSort: expected [WILD, CRD(SKIP, RED)], got [CRD(SKIP, RED), WILD]`` alike, and both end
a failed case with its call (``the call: cardSort([CRD(SKIP, RED), WILD])``).

The sandbox runs a case through the assignment's adapter (``harness/adapter.py``) and sends
back plain data: the result or the lab exception in the course's notation (the storage format
of fixtures and replies) and what the call printed.  Here that reply is read back into
``unolab`` values (the provided definitions) and judged against the expected file, by value and
by the printed lines.  Every message writes values as Python a student can paste into a test
(``python_text.py`` beside this file, which the kit carries too); printed output is compared
exactly as printed and only quoted as Python strings.  A case graded by the properties of a
random result is judged by the grader only (its checks use the lab's answers).

It imports only the standard library, the provided ``unolab``, the kit's runtime (``from
.loader import ...``: it is loaded as a module of that package) and the files beside it (the
adapter, the renderer); never the reference.  Strategies named in values (``Naive.ownStrategy``)
are read with :data:`STRATEGIES`: here stand-ins compared by name; the grader sets the
reference's.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol

from unolab import (
    CRD,
    ORDER,
    PASS,
    SIMPLE,
    Color,
    Desk,
    Direction,
    FalseStrategy,
    IllegalMove,
    Player,
    Wild,
)

from .loader import load_module

HERE = Path(__file__).resolve().parent
ADAPTER = load_module(HERE / "harness" / "adapter.py")
NotationError = ADAPTER.NotationError
Call = ADAPTER.Call

SML_TEXT = load_module(HERE / "sml_text.py")
"""Cases as Standard ML for a ``solution.sml`` under SML/NJ (the kit carries it too)."""

PYTHON_TEXT = load_module(HERE / "python_text.py")
"""The renderer every message writes values with (the kit carries it beside this file)."""
python_value = PYTHON_TEXT.python_value
python_error = PYTHON_TEXT.python_error
python_string = PYTHON_TEXT.python_string
python_call = PYTHON_TEXT.python_call

TASKS: tuple[str, ...] = (
    "precedes", "colorIsLT", "rankIsLT", "isLT", "cardSort", "cardValue", "sumCards",
    "oppositeDir", "removeCard", "cardCount", "deck", "deal", "nextPlayer", "deskNormalize",
    "draw", "drawTwo", "drawFour", "playableWhenWild", "playableWhenExec", "playableWhenProc",
    "cardsToPlay", "requiredColor", "hasColor", "countCards", "Naive", "moveAction",
    "askPlayerForCard", "play", "execution", "yourTurn", "playerLoss", "checkWinner", "game",
)  # fmt: skip
"""The lab's names in the seed's order; task 2 has two functions, so 33 names for 32 tasks."""

TASK_NUMBER: dict[str, int] = {name: (i + 1 if i < 2 else i) for i, name in enumerate(TASKS)}
"""Each name's task number in the seed (colorIsLT and rankIsLT are both task 2)."""


def part_of(task: str) -> str:
    """The part of a task: ``cardSort`` -> ``task04``; colorIsLT and rankIsLT are ``task02``."""
    return f"task{TASK_NUMBER[task]:02d}"


# ---------------------------------------------------------------------------------------------
# The course's notation, with the strategies a value may name.


class Naive:
    """A stand-in for the lab's Naive strategy in a value read here (compared by its name)."""

    @staticmethod
    def ownStrategy(*args: Any) -> Any:
        raise RuntimeError("the self-check reads strategies by name only")


class Manual:
    """A stand-in for the lab's Manual strategy in a value read here (compared by its name)."""

    @staticmethod
    def ownStrategy(*args: Any) -> Any:
        raise RuntimeError("the self-check reads strategies by name only")


def standin_strategies(name: str) -> Callable[..., Any]:
    """The provided False, the adapter's First, and stand-ins for Naive and Manual."""
    return {
        "False.ownStrategy": FalseStrategy.ownStrategy,
        "First.ownStrategy": ADAPTER.First.ownStrategy,
        "Naive.ownStrategy": Naive.ownStrategy,
        "Manual.ownStrategy": Manual.ownStrategy,
    }[name]


STRATEGIES: Callable[[str], Callable[..., Any]] = standin_strategies
"""How strategy names are read (the grader sets its own, which can run them)."""


@lru_cache(maxsize=8192)
def parse_value(text: str) -> Any:
    """One value in the course's notation (lists become lists, tuples tuples).

    Kept by text: every submission's replies are read against the same expected texts, and a
    reply is read twice (its shape, then its verdict). The grading only reads the values it
    gets (none is changed), so a value can be handed out again."""
    return ADAPTER.parse_value(text, STRATEGIES)


def parse_call(text: str) -> Any:
    """``cardSort [WILD]`` -> Call("cardSort", ([WILD],)); ``deck`` -> Call("deck", ())."""
    return ADAPTER.parse_call(text, STRATEGIES)


# ---------------------------------------------------------------------------------------------
# A case's files (the text form of a case: its input file and its expected file).
#
# Input file::
#
#     # any comment
#     task: cardSort
#     seed: 4            (optional: the random source while the call runs)
#     stdin: 0|2         (optional: lines a manual player types, separated by |)
#     call: cardSort [CRD (NUM 2, YELLOW), WILD]
#           (the call may go on over the following lines)
#
# Expected file: sections ``result:``, ``raises:``, ``accept:`` (another acceptable outcome),
# ``properties:`` (graded by the grader's properties instead of one value) and ``printed:``
# followed by the exact output, each line behind a ``|``.  Without ``printed:`` the output is
# not graded.


_KEYS = ("task", "seed", "stdin", "call")
_EXPECTED_KEYS = ("result", "raises", "accept", "properties", "printed")


@dataclass(frozen=True)
class CaseInput:
    task: str
    call_text: str
    seed: int | None = None
    stdin: tuple[str, ...] = ()

    @property
    def call(self) -> Call:
        return parse_call(self.call_text)

    def render(self, comment: str = "") -> str:
        lines = [f"# {line}" for line in comment.splitlines()]
        lines.append(f"task: {self.task}")
        if self.seed is not None:
            lines.append(f"seed: {self.seed}")
        if self.stdin:
            lines.append("stdin: " + "|".join(self.stdin))
        call_lines = self.call_text.split("\n")
        lines.append("call: " + call_lines[0])
        lines.extend("      " + line for line in call_lines[1:])
        return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class Expected:
    result: str | None = None
    raises: str | None = None
    accept: tuple[str, ...] = ()
    properties: str | None = None
    printed: str | None = None
    extra: dict[str, str] = field(default_factory=dict)

    def render(self) -> str:
        out: list[str] = []
        for key in ("result", "raises", "properties"):
            value = getattr(self, key)
            if value is not None:
                out.append(_section(key, value))
        out.extend(_section("accept", a) for a in self.accept)
        if self.printed is not None:
            out.append("printed:")
            out.extend("|" + line for line in self.printed.split("\n"))
        return "\n".join(out) + "\n"


def _section(key: str, value: str) -> str:
    first, *rest = value.split("\n")
    return "\n".join([f"{key}: {first}"] + ["  " + line for line in rest])


def parse_case_input(text: str) -> CaseInput:
    """Read an input file; NotationError names the line of anything out of place."""
    fields: dict[str, str] = {}
    lines = text.split("\n")
    for number, line in enumerate(lines, start=1):
        if not line.strip() or line.startswith("#"):
            continue
        m = re.match(r"(\w+):\s?(.*)$", line)
        if m is None or m.group(1) not in _KEYS:
            raise NotationError(f"line {number}: expected one of {', '.join(_KEYS)}: {line!r}")
        key, value = m.group(1), m.group(2)
        if key == "call":
            rest = [s[6:] if s.startswith("      ") else s for s in lines[number:]]
            fields["call"] = "\n".join([value] + rest).rstrip()
            break
        fields[key] = value.strip()
    if "task" not in fields or "call" not in fields:
        raise NotationError("line 1: a case needs a 'task:' line and a 'call:' line")
    seed = None
    if "seed" in fields:
        if not re.fullmatch(r"-?\d+", fields["seed"]):
            raise NotationError(f"seed: not an integer: {fields['seed']!r}")
        seed = int(fields["seed"])
    stdin = tuple(fields["stdin"].split("|")) if "stdin" in fields else ()
    return CaseInput(fields["task"], fields["call"], seed, stdin)


def parse_expected(text: str) -> Expected:
    """Read an expected file (see the module's docstring)."""
    sections: list[tuple[str, list[str]]] = []
    for number, line in enumerate(text.split("\n"), start=1):
        m = re.match(r"(\w+):\s?(.*)$", line)
        if m is not None and m.group(1) in _EXPECTED_KEYS:
            sections.append((m.group(1), [m.group(2)] if m.group(1) != "printed" else []))
        elif not sections:
            if line.strip() and not line.startswith("#"):
                raise NotationError(f"line {number}: expected one of {_EXPECTED_KEYS}")
        elif sections[-1][0] == "printed":
            if line.startswith("|"):
                sections[-1][1].append(line[1:])
            elif line.strip():
                raise NotationError(f"line {number}: a printed line must start with '|'")
        else:
            sections[-1][1].append(line[2:] if line.startswith("  ") else line)
    values: dict[str, object] = {"accept": []}
    for key, body in sections:
        joined = "\n".join(body).rstrip() if key != "printed" else "\n".join(body)
        if key == "accept":
            values["accept"].append(joined)  # type: ignore[union-attr]
        else:
            values[key] = joined
    values["accept"] = tuple(values["accept"])  # type: ignore[arg-type]
    return Expected(**values)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------
# Reading a reply and judging it.


@dataclass(frozen=True)
class Outcome:
    """What a call did: returned ``value`` or raised ``error``, and what it printed."""

    value: Any = None
    error: BaseException | None = None
    printed: str = ""


def task_of(function: str) -> str:
    """``Naive.ownStrategy`` is task Naive; every other function is its own task."""
    return function.split(".")[0]


def payload(case: CaseInput, key: str = "") -> dict:
    """What the sandbox is handed for ``case``: its inputs only, never its expected file."""
    return {
        "key": key,
        "task": case.task,
        "call": case.call_text,
        "seed": case.seed,
        "stdin": list(case.stdin),
    }


def _error(text: str) -> BaseException:
    value = parse_value(text)
    if isinstance(value, BaseException):
        return value
    if isinstance(value, type) and issubclass(value, BaseException):
        return value()
    raise NotationError(f"not an exception of the lab: {text}")


def outcome_from_reply(reply: dict) -> Outcome:
    """The adapter's reply as values; NotationError when the result text is not a lab value."""
    printed = str(reply.get("printed") or "")
    if reply.get("raised") is not None:
        return Outcome(error=_error(str(reply["raised"])), printed=printed)
    return Outcome(value=parse_value(str(reply.get("result"))), printed=printed)


def same(expected: Any, actual: Any) -> bool:
    """Structural equality that does not mind a list where a tuple was expected (or back)."""
    if isinstance(expected, list | tuple):
        return (
            isinstance(actual, list | tuple)
            and len(expected) == len(actual)
            and all(same(e, a) for e, a in zip(expected, actual, strict=True))
        )
    if isinstance(expected, Desk):
        return isinstance(actual, Desk) and all(
            same(getattr(expected, f), getattr(actual, f)) for f in Desk.__dataclass_fields__
        )
    if isinstance(expected, Player):
        return isinstance(actual, Player) and all(
            same(getattr(expected, f), getattr(actual, f)) for f in Player.__dataclass_fields__
        )
    if isinstance(expected, bool) or isinstance(actual, bool):
        return type(expected) is type(actual) and expected == actual
    try:
        return bool(expected == actual)
    except Exception:  # noqa: BLE001
        return False


def describe_error(error: BaseException) -> str:
    """An exception as feedback writes it: ``IllegalGame``, ``IllegalMove('A', (...))``."""
    return python_error(error)


def _player_field(player: Player, field: str) -> str:
    if field == "cards":
        return python_value(list(player.cards))
    return python_value(getattr(player, field))


def _player_diff(expected: Player, actual: Player) -> str:
    fields = [
        f"{f} expected {_player_field(expected, f)}, got {_player_field(actual, f)}"
        for f in ("cards", "strategy", "manual")
        if not same(getattr(expected, f), getattr(actual, f))
    ]
    return f"player {python_string(expected.name)}: " + "; ".join(fields)


PASS_HINT = (
    " (a skipped turn is a PASS in the memo: the player WILD_DRAW_FOUR punishes in moveAction,"
    " the player execution skips, the player yourTurn passes after a useless draw; nobody skips"
    " when the WILD_DRAW_FOUR's player held the colour)"
)
"""Said when two memos differ only in their PASS moves (see the page's Decisions)."""


def _only_passes_differ(expected: Any, actual: Any) -> bool:
    def without(memo: Any) -> list:
        return [m for m in memo if m is not PASS] if isinstance(memo, list | tuple) else [memo]

    return isinstance(actual, list | tuple) and same(without(expected), without(actual))


def desk_difference(expected: Desk, actual: Desk) -> list[str]:
    """The fields of two desks that differ, players by seating first, then by their fields."""
    out: list[str] = []
    want = [p.name for p in expected.players]
    got = [p.name for p in actual.players]
    if want != got:
        out.append(f"players expected in the order {python_value(want)}, got {python_value(got)}")
    else:
        out += [
            _player_diff(e, a)
            for e, a in zip(expected.players, actual.players, strict=True)
            if not same(e, a)
        ]
    for f in ("pile", "deck", "state", "direction", "memo"):
        e, a = getattr(expected, f), getattr(actual, f)
        if not same(e, a):
            e = list(e) if isinstance(e, tuple) else e
            a = list(a) if isinstance(a, tuple) else a
            hint = PASS_HINT if f == "memo" and _only_passes_differ(e, a) else ""
            out.append(f"{f} expected {python_value(e)}, got {python_value(a)}{hint}")
    return out


def quoted(text: str) -> str:
    """Printed text quoted as a Python string, escapes included: ``'\\nThe turn of Pavel\\n'``."""
    return python_string(text)


def printed_difference(expected: str, got: str) -> str | None:
    """The first printed line that differs, or None when the output is exactly the expected."""
    if got == expected:
        return None
    if not got:
        return f"printed nothing, expected {quoted(expected)}"
    want, have = expected.split("\n"), got.split("\n")
    for k in range(max(len(want), len(have))):
        e = want[k] if k < len(want) else None
        g = have[k] if k < len(have) else None
        if e != g:
            shown_e = "nothing" if e is None else quoted(e)
            shown_g = "nothing" if g is None else quoted(g)
            return f"printed line {k + 1}: expected {shown_e}, got {shown_g}"
    return f"printed {quoted(got)}, expected {quoted(expected)}"  # pragma: no cover


def _matches(spec_kind: str, spec: str, outcome: Outcome) -> bool:
    if spec_kind == "result":
        return outcome.error is None and same(parse_value(spec), outcome.value)
    expected_error = parse_value(spec)
    if outcome.error is None:
        return False
    if isinstance(expected_error, IllegalMove):
        return (
            isinstance(outcome.error, IllegalMove)
            and outcome.error.name == expected_error.name
            and same(expected_error.strategy_args, outcome.error.strategy_args)
        )
    return isinstance(expected_error, type) and isinstance(outcome.error, expected_error)


class PropertyChecks(Protocol):
    """The grader's checks of a random task's result (``reference/uno_lab/properties.py``, a
    module of these two functions): they use the lab's answers, so a kit has none."""

    def check(self, name: str, case: CaseInput, outcome: Outcome) -> list[str]:
        """What the result of ``case`` breaks of the properties ``name`` (none: it passes)."""
        ...

    def error_allowed(self, name: str, case: CaseInput, error: BaseException) -> bool:
        """Whether raising ``error`` is an answer the lab's text allows for ``case`` (the
        page's Decisions: draw raising IllegalGame when fewer cards are left than asked)."""
        ...


def judge_outcome(
    task: str,
    case: CaseInput,
    expected: Expected,
    outcome: Outcome,
    checks: PropertyChecks | None = None,
) -> tuple[str, ...]:
    """Compare an outcome with the expected file; every failure gets one line of feedback.

    Returns the feedback lines: none means the case passed.  A case graded by the properties
    of a random result needs ``checks`` (the grader's: they use the lab's answers).
    """
    feedback: list[str] = []
    if expected.properties is not None:
        if outcome.error is not None:
            if checks is None or not checks.error_allowed(expected.properties, case, outcome.error):
                feedback.append(f"{task}: raised {describe_error(outcome.error)}")
        elif checks is None:
            feedback.append(f"{task}: this case's properties are checked by the grader only")
        else:
            feedback.extend(
                f"{task}: {v}" for v in checks.check(expected.properties, case, outcome)
            )
    else:
        options = [("result", expected.result)] if expected.result is not None else []
        options += [("raises", expected.raises)] if expected.raises is not None else []
        options += [
            ("raises" if a.startswith("raises ") else "result", a.removeprefix("raises "))
            for a in expected.accept
        ]
        if not any(_matches(kind, spec, outcome) for kind, spec in options):
            kind, spec = options[0]
            shown = python_value(parse_value(spec))
            if outcome.error is not None:
                want = f"to raise {shown}" if kind == "raises" else shown
                feedback.append(f"{task}: expected {want}, got {describe_error(outcome.error)}")
            elif kind == "raises":
                feedback.append(
                    f"{task}: expected to raise {shown}, got {python_value(outcome.value)}"
                )
            else:
                wanted = parse_value(spec)
                if isinstance(wanted, Desk) and isinstance(outcome.value, Desk):
                    feedback.extend(f"{task}: {d}" for d in desk_difference(wanted, outcome.value))
                else:
                    feedback.append(
                        f"{task}: expected {python_value(wanted)}, got "
                        f"{python_value(outcome.value)}"
                    )
    if expected.printed is not None:
        difference = printed_difference(expected.printed, outcome.printed)
        if difference:
            feedback.append(f"{task}: {difference}")
    return tuple(feedback)


def verdict(
    case: CaseInput,
    expected: Expected,
    reply: dict,
    checks: PropertyChecks | None = None,
) -> tuple[str, ...]:
    """Judge the adapter's ``reply`` for ``case``: the feedback lines, none when it passed
    (``checks``: the grader's property checks, see :func:`judge_outcome`)."""
    task = case.task
    if reply.get("missing"):
        name = str(reply["missing"])
        if task_of(name) == task:
            return (f"{task}: {name} is not defined in your solution",)
        return (f"{task}: this case needs {name}, which is not defined in your solution",)
    try:
        outcome = outcome_from_reply(reply)
    except NotationError:
        text = str(reply.get("result") or reply.get("raised"))
        return (f"{task}: returned {text[:300]}, which is not a value of the lab",)
    lines = judge_outcome(task, case, expected, outcome, checks)
    if reply.get("dropped"):
        lines += (f"{task}: printed more than {ADAPTER.PRINTED_CAP} characters",)
    return lines


# ---------------------------------------------------------------------------------------------
# Shapes: what each task's result must be at all.


def _is_card(x: Any) -> bool:
    return isinstance(x, CRD | Wild)


def _is_move(x: Any) -> bool:
    return isinstance(x, SIMPLE | ORDER) or x is PASS


def _seq(x: Any, item: Callable[[Any], bool]) -> bool:
    return isinstance(x, list | tuple) and all(item(v) for v in x)


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _is_loss(x: Any) -> bool:
    return isinstance(x, tuple | list) and len(x) == 2 and isinstance(x[0], str) and _is_int(x[1])


def _is_result(x: Any) -> bool:
    return (
        isinstance(x, tuple | list)
        and len(x) == 2
        and isinstance(x[0], str)
        and _seq(x[1], _is_loss)
    )


_SHAPES: dict[str, tuple[str, Callable[[Any], bool]]] = {
    "bool": ("True or False", lambda x: isinstance(x, bool)),
    "int": ("an int", _is_int),
    "cards": ("a list of cards", lambda x: _seq(x, _is_card)),
    "ints": ("a list of ints", lambda x: _seq(x, _is_int)),
    "color": ("a colour", lambda x: isinstance(x, Color)),
    "direction": ("a direction", lambda x: isinstance(x, Direction)),
    "desk": ("a desk", lambda x: isinstance(x, Desk)),
    "move": ("a move (SIMPLE, ORDER or PASS)", _is_move),
    "player-move": (
        "a pair (player, move)",
        lambda x: (
            isinstance(x, tuple | list)
            and len(x) == 2
            and isinstance(x[0], Player)
            and _is_move(x[1])
        ),
    ),
    "loss": ("a pair (name, points)", _is_loss),
    "option": ("None or (winner, [(name, loss), ...])", lambda x: x is None or _is_result(x)),
    "result": ("a pair (winner, [(name, loss), ...])", _is_result),
}

RESULT_SHAPE: dict[str, str] = {
    "precedes": "bool", "colorIsLT": "bool", "rankIsLT": "bool", "isLT": "bool",
    "cardSort": "cards", "cardValue": "int", "sumCards": "int", "oppositeDir": "direction",
    "removeCard": "cards", "cardCount": "int", "deck": "cards", "deal": "desk",
    "nextPlayer": "desk", "deskNormalize": "desk", "draw": "desk", "drawTwo": "desk",
    "drawFour": "desk", "playableWhenWild": "bool", "playableWhenExec": "bool",
    "playableWhenProc": "bool", "cardsToPlay": "cards", "requiredColor": "color",
    "hasColor": "bool", "countCards": "ints", "Naive": "move", "moveAction": "desk",
    "askPlayerForCard": "player-move", "play": "desk", "execution": "desk", "yourTurn": "desk",
    "playerLoss": "loss", "checkWinner": "option", "game": "result",
}  # fmt: skip
"""What each task returns (the seed's types), for "wrong result type" messages."""


def _is_reply(value: Any) -> bool:
    return (
        isinstance(value, dict)
        and isinstance(value.get("key"), str)
        and (
            isinstance(value.get("missing"), str)
            or (
                isinstance(value.get("printed"), str)
                and (isinstance(value.get("result"), str) or isinstance(value.get("raised"), str))
            )
        )
    )


def _task(part: str, value: dict) -> str:
    name = task_of(str(value.get("function") or ""))
    if name in TASK_NUMBER and part_of(name) == part:
        return name
    return next(t for t, n in TASK_NUMBER.items() if part_of(t) == part)


def check_shape(part: str, value: Any) -> str | None:
    """Why a reply cannot be an answer of ``part`` at all: not a value of the lab, or not of the
    type the task returns (``deal: expected a desk, got None``)."""
    if not _is_reply(value):
        return "the call did not come back through the uno-lab adapter (its reply is malformed)"
    if value.get("missing") or value.get("raised") is not None:
        return None
    task = _task(part, value)
    if len(value["result"]) > MAX_RESULT_CHARS:
        return (
            f"{task}: returned {len(value['result']):,} characters; no value of the lab is "
            f"longer than {MAX_RESULT_CHARS:,} (a whole desk takes about 2,000)"
        )
    try:
        result = parse_value(value["result"])
    except NotationError:
        return f"{task}: returned {value['result'][:300]}, which is not a value of the lab"
    kind, fits = _SHAPES[RESULT_SHAPE[task]]
    if not fits(result):
        return f"{task}: expected {kind}, got {python_value(result)[:300]}"
    return None


MAX_RESULT_CHARS = 64 * 1024
"""The longest answer, in the lab's notation, a task may return: the longest answer of any
fixture is about 2,000 characters (a whole desk); a test keeps them all under a tenth.  A
longer reply is a wrong shape before it is parsed, so no reply of megabytes is ever parsed,
compared or drawn."""


# ---------------------------------------------------------------------------------------------
# The verdict's hooks (the plugin's, and the kit's).


def _expectation(expected: Any) -> tuple[str, CaseInput, Expected]:
    """A case's key, parsed input and expected file: the grader keeps them parsed, a kit keeps
    their text (``{"key": ..., "input": ..., "expected": ...}``)."""
    if isinstance(expected, dict):
        return (
            str(expected["key"]),
            _case_input(expected["input"]),
            _expected(expected["expected"]),
        )
    return expected.key, expected.input, expected.expected


@lru_cache(maxsize=1024)
def _case_input(text: str) -> CaseInput:
    return parse_case_input(text)


@lru_cache(maxsize=1024)
def _expected(text: str) -> Expected:
    return parse_expected(text)


def call_line(case: CaseInput) -> str:
    """The case's call as a line of feedback, in Python: ``the call: cardSort([WILD])`` (with
    the lines a manual player typed, when there are any)."""
    line = f"the call: {python_call(case.call)}"
    if case.stdin:
        line += f", the player typing {python_value(list(case.stdin))}"
    return line


def judge(case: Any, value: Any, checks: PropertyChecks | None = None) -> list[str]:
    """The feedback lines for a reply (after :func:`check_shape`); empty when the case passed:
    by value, by properties (``checks``, the grader's), and by what was printed.  A failed public
    case ends with its call, so that a student reading only the text (terminal, Markdown,
    ``unograde check``, the kit) can paste it into a test; a hidden case never shows its input
    (a kit's cases, which have no ``hidden``, are all public)."""
    key, case_input, expected = _expectation(case.expected)
    if not isinstance(value, dict) or value.get("key") != key:
        return ["the reply does not belong to this case"]
    lines = list(verdict(case_input, expected, value, checks))
    if lines and not getattr(case, "hidden", False) and not value.get("missing"):
        lines.append(call_line(case_input))
    return lines


def program_input(args: Any) -> str:
    """A case's request to the SML driver (``args``: the case's, the payload first): the call
    as SML, printed back with the printer of the task's result type."""
    payload = args[0]
    return SML_TEXT.request(payload, RESULT_SHAPE[str(payload["task"])], ADAPTER.tokenize)


def parse_program_output(part: str, text: Any) -> dict:
    """The SML driver's answer for a case: the same reply a Python submission's adapter gives
    (ValueError when it is not one: graded "malformed output")."""
    return SML_TEXT.read_answer(text)


def show_input(part: str, args: Any) -> list[str]:
    """No separate input block: a failed public case's feedback already ends with its call in
    Python (:func:`judge`, the page's Decision 24), which is the input a student can paste
    into a test; the payload the adapter reads (a keyed dict) would only repeat it less
    readably."""
    return []
