"""Running one uno-lab case against a module (the reference or a submission) and judging it.

The grader calls :func:`grade_case` with the case's two texts and the loaded submission module;
it gets back a :class:`CaseResult` whose feedback reads in the lab's notation, e.g.
``cardSort: expected [WILD, CRD (SKIP, RED)], got [CRD (SKIP, RED), WILD]``.
"""

from __future__ import annotations

import contextlib
import io
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import unolab
from unolab import Desk, IllegalMove, Player, show

from .cases import CaseInput, Expected, parse_case_input, parse_expected
from .notation import NotationError, parse_value

SPREAD_TUPLE = frozenset(
    {"isLT", "removeCard", "hasColor", "moveAction", "askPlayerForCard", "play", "Naive"}
)
"""Tasks whose SML tuple argument becomes positional arguments in the port."""


@dataclass(frozen=True)
class Outcome:
    """What a call did: returned ``value`` or raised ``error``, and what it printed."""

    value: Any = None
    error: BaseException | None = None
    printed: str = ""


@dataclass(frozen=True)
class CaseResult:
    task: str
    passed: bool
    feedback: tuple[str, ...]


def task_of(function: str) -> str:
    """``Naive.ownStrategy`` is task Naive; every other function is its own task."""
    return function.split(".")[0]


def resolve(module: ModuleType | Any, function: str) -> Any:
    target: Any = module
    for part in function.split("."):
        target = getattr(target, part)
    return target


class _Capture(io.StringIO):
    pass


@contextlib.contextmanager
def _captured(stdin: tuple[str, ...]) -> Iterator[_Capture]:
    """Collect both ``print`` and ``unolab.say`` in order; feed scripted input to both readers."""
    out = _Capture()
    lines = [line + "\n" for line in stdin]
    fake_in = io.StringIO("".join(lines))
    saved_in = sys.stdin
    sys.stdin = fake_in
    try:
        with contextlib.redirect_stdout(out), unolab.using_io(out.write, fake_in.readline):
            yield out
    finally:
        sys.stdin = saved_in


def run_case(case: CaseInput, module: ModuleType | Any) -> Outcome:
    """Call the case's function in ``module`` with the case's arguments; never raises."""
    call = case.call
    try:
        fn = resolve(module, call.function)
    except AttributeError:
        return Outcome(error=AttributeError(f"{call.function} is not defined"))
    spread = task_of(call.function) in SPREAD_TUPLE
    with _captured(case.stdin) as out:
        try:
            with unolab.seeded(case.seed if case.seed is not None else 0):
                value = fn
                for arg in call.arguments:
                    value = value(*arg) if spread and isinstance(arg, tuple) else value(arg)
            return Outcome(value=value, printed=out.getvalue())
        except Exception as e:  # noqa: BLE001 - a submission may raise anything
            return Outcome(error=e, printed=out.getvalue())


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
    try:
        return show(value)
    except Exception:  # noqa: BLE001
        return object.__repr__(value)


def describe_error(error: BaseException) -> str:
    if isinstance(error, IllegalMove):
        return repr(error)
    if isinstance(error, unolab.IllegalGame | unolab.Empty):
        return repr(error)
    return f"{type(error).__name__}: {error}"


def _field(desk: Desk, name: str) -> str:
    value = getattr(desk, name)
    return describe(list(value) if isinstance(value, tuple) else value)


def _desk_diff(expected: Desk, actual: Desk) -> str:
    fields = [
        f"{f} expected {_field(expected, f)}, got {_field(actual, f)}"
        for f in Desk.__dataclass_fields__
        if not same(getattr(expected, f), getattr(actual, f))
    ]
    return "; ".join(fields)


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


def judge(task: str, case: CaseInput, expected: Expected, outcome: Outcome) -> CaseResult:
    """Compare an outcome with the expected file; every failure gets one line of feedback."""
    from .properties import check

    feedback: list[str] = []
    if expected.properties is not None:
        if outcome.error is not None:
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
            want = f"to raise {spec}" if kind == "raises" else spec
            if outcome.error is not None:
                got = f"raised {describe_error(outcome.error)}"
            else:
                got = describe(outcome.value)
                wanted = parse_value(spec) if kind == "result" else None
                if isinstance(wanted, Desk) and isinstance(outcome.value, Desk):
                    feedback.append(f"{task}: {_desk_diff(wanted, outcome.value)}")
                    want = ""
            if want:
                feedback.append(f"{task}: expected {want}, got {got}")
    if expected.printed is not None and outcome.printed != expected.printed:
        feedback.append(f"{task}: printed {outcome.printed!r}, expected {expected.printed!r}")
    return CaseResult(task, not feedback, tuple(feedback))


def grade_case(input_text: str, expected_text: str, module: ModuleType | Any) -> CaseResult:
    """Grade one case of a submission ``module``; malformed case files raise NotationError."""
    case = parse_case_input(input_text)
    expected = parse_expected(expected_text)
    if expected.result is None and expected.raises is None and expected.properties is None:
        raise NotationError("expected file: needs result:, raises: or properties:")
    return judge(case.task, case, expected, run_case(case, module))


def expected_from_reference(case: CaseInput, properties: str | None = None) -> Expected:
    """The expected file the reference gives for ``case`` (values and printed output)."""
    from reference import uno_lab

    outcome = run_case(case, uno_lab)
    if properties is not None:
        return Expected(properties=properties)
    if outcome.error is not None:
        return Expected(raises=describe_error(outcome.error), printed=outcome.printed)
    return Expected(result=describe(outcome.value), printed=outcome.printed)
