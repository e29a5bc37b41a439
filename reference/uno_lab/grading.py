"""Judging one uno-lab case, in the grader's process, from what the sandbox sent back.

The sandboxed child runs the case through the assignment's adapter
(``assignments/uno-lab/harness/adapter.py``) and returns plain data: the result or the lab
exception in the course's notation (the storage format of fixtures and replies), and what the call
printed.  Here that reply is read back into ``unolab`` values and judged against the case's
expected file; every failure gets a line of feedback that writes values as Python a student can
paste into a test (:mod:`reference.uno_lab.python_text`), e.g.
``cardSort: expected [WILD, CRD(SKIP, RED)], got [CRD(SKIP, RED), WILD]``.  What the lab printed
is compared exactly as printed; feedback quotes it as Python strings.

Nothing here runs a submission.  :func:`run_reference` runs the *reference* through the same
adapter code, in process, to write expected files and to test the fixtures.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from unolab import PASS, Desk, IllegalMove, Player

from .cases import CaseInput, Expected
from .notation import NotationError, adapter, parse_value
from .python_text import python_error, python_string, python_value

PRINTING_TASKS = frozenset(
    {
        "deal",
        "nextPlayer",
        "deskNormalize",
        "moveAction",
        "askPlayerForCard",
        "play",
        "execution",
        "yourTurn",
        "game",
    }
)
"""Tasks whose printed lines are part of their behaviour (the seed prints in them, directly or
through whoseTurn, play's message or the Manual dialog); generated cases grade their output."""


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


def run_reference(case: CaseInput) -> dict:
    """The reply the adapter gives for the reference (in process: the reference is ours)."""
    from reference import uno_lab

    return adapter.run(uno_lab, payload(case))


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


def describe(value: Any) -> str:
    """A value as feedback writes it: Python (never raises)."""
    return python_value(value)


def describe_error(error: BaseException) -> str:
    """An exception as feedback writes it: ``IllegalGame``, ``IllegalMove('A', (...))``."""
    return python_error(error)


def _player_field(player: Player, field: str) -> str:
    if field == "cards":
        return describe(list(player.cards))
    return describe(getattr(player, field))


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
        out.append(f"players expected in the order {describe(want)}, got {describe(got)}")
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
            out.append(f"{f} expected {describe(e)}, got {describe(a)}{hint}")
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


def judge(task: str, case: CaseInput, expected: Expected, outcome: Outcome) -> tuple[str, ...]:
    """Compare an outcome with the expected file; every failure gets one line of feedback.

    Returns the feedback lines: none means the case passed.
    """
    from .properties import check, error_allowed

    feedback: list[str] = []
    if expected.properties is not None:
        if outcome.error is not None:
            if not error_allowed(expected.properties, case, outcome.error):
                feedback.append(f"{task}: raised {describe_error(outcome.error)}")
        else:
            feedback.extend(f"{task}: {v}" for v in check(expected.properties, case, outcome))
    else:
        options = [("result", expected.result)] if expected.result is not None else []
        options += [("raises", expected.raises)] if expected.raises is not None else []
        options += [
            ("raises" if a.startswith("raises ") else "result", a.removeprefix("raises "))
            for a in expected.accept
        ]
        if not any(_matches(kind, spec, outcome) for kind, spec in options):
            kind, spec = options[0]
            shown = describe(parse_value(spec))
            if outcome.error is not None:
                want = f"to raise {shown}" if kind == "raises" else shown
                feedback.append(f"{task}: expected {want}, got {describe_error(outcome.error)}")
            elif kind == "raises":
                feedback.append(f"{task}: expected to raise {shown}, got {describe(outcome.value)}")
            else:
                wanted = parse_value(spec)
                if isinstance(wanted, Desk) and isinstance(outcome.value, Desk):
                    feedback.extend(f"{task}: {d}" for d in desk_difference(wanted, outcome.value))
                else:
                    feedback.append(
                        f"{task}: expected {describe(wanted)}, got {describe(outcome.value)}"
                    )
    if expected.printed is not None:
        difference = printed_difference(expected.printed, outcome.printed)
        if difference:
            feedback.append(f"{task}: {difference}")
    return tuple(feedback)


def verdict(case: CaseInput, expected: Expected, reply: dict) -> tuple[str, ...]:
    """Judge the adapter's ``reply`` for ``case``: the feedback lines, none when it passed."""
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
    lines = judge(task, case, expected, outcome)
    if reply.get("dropped"):
        lines += (f"{task}: printed more than {adapter.PRINTED_CAP} characters",)
    return lines


def expected_from_reference(case: CaseInput, properties: str | None = None) -> Expected:
    """The expected file the reference gives for ``case``: its value or exception, and what it
    printed when the task is one that prints.  A property-graded case keeps only the property."""
    if properties is not None:
        return Expected(properties=properties)
    reply = run_reference(case)
    printed = str(reply.get("printed") or "") if case.task in PRINTING_TASKS else None
    if reply.get("raised") is not None:
        return Expected(raises=str(reply["raised"]), printed=printed)
    return Expected(result=str(reply["result"]), printed=printed)
