"""Structural comparison, and helpers that explain differences in the student's terms.

Whether a case passes is decided by deepdiff on normalised values (tuples and
lists are the same thing where the assignment allows either).  What the student
reads is produced by the assignment's plugin with the helpers below, which speak
of cards, hands and turns rather than of deepdiff's ``root[0][2][1]`` paths.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from difflib import SequenceMatcher
from typing import Any

from deepdiff import DeepDiff


def normalise(value: Any) -> Any:
    """Tuples become lists, recursively, so that ``('r','5') == ['r','5']``."""
    if isinstance(value, tuple | list):
        return [normalise(v) for v in value]
    if isinstance(value, dict):
        return {k: normalise(v) for k, v in value.items()}
    return value


def differs(expected: Any, actual: Any) -> DeepDiff:
    """deepdiff of the normalised values; empty (falsy) when they are the same."""
    return DeepDiff(normalise(expected), normalise(actual), verbose_level=1)


def _hashable(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_hashable(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((repr(k), _hashable(v)) for k, v in value.items()))
    return value


def _plural(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def describe_sequence(
    label: str,
    expected: Sequence[Any],
    actual: Sequence[Any],
    show: Callable[[Any], str] = repr,
    noun: str = "card",
    kind: Callable[[Any], str] | None = None,
    limit: int = 3,
) -> list[str]:
    """Explain how ``actual`` differs from ``expected``, first divergence first.

    Produces lines such as ``deck: 2 cards missing at the end``, ``discard: extra
    colour marker ('b','-') at the front`` or ``hand 3, card 2: expected ('r','5'),
    got ('g','5')``.  ``kind`` names a particular item (for example "colour marker")
    and defaults to ``noun``.  At most ``limit`` lines, then a count of the rest.
    """
    kind = kind or (lambda _item: noun)
    exp, act = [normalise(x) for x in expected], [normalise(x) for x in actual]
    if exp == act:
        return []
    lines: list[str] = []
    ops = SequenceMatcher(
        a=[_hashable(x) for x in exp], b=[_hashable(x) for x in act], autojunk=False
    ).get_opcodes()
    for tag, i1, i2, j1, j2 in ops:
        if tag == "equal":
            continue
        where = (
            "at the front" if i1 == 0 else "at the end" if i1 == len(exp) else f"after {noun} {i1}"
        )
        if tag == "delete":
            missing = exp[i1:i2]
            if len(missing) == 1:
                lines.append(f"{label}: missing {kind(missing[0])} {show(missing[0])} {where}")
            else:
                lines.append(f"{label}: {_plural(len(missing), noun)} missing {where}")
        elif tag == "insert":
            extra = act[j1:j2]
            if len(extra) == 1:
                lines.append(f"{label}: extra {kind(extra[0])} {show(extra[0])} {where}")
            else:
                lines.append(f"{label}: {_plural(len(extra), noun)} too many {where}")
        else:
            for k in range(max(i2 - i1, j2 - j1)):
                if k >= i2 - i1:
                    lines.append(f"{label}: extra {kind(act[j1 + k])} {show(act[j1 + k])}")
                elif k >= j2 - j1:
                    lines.append(f"{label}: missing {kind(exp[i1 + k])} {show(exp[i1 + k])}")
                else:
                    lines.append(
                        f"{label}, {noun} {i1 + k + 1}: expected {show(exp[i1 + k])}, "
                        f"got {show(act[j1 + k])}"
                    )
    if len(lines) > limit:
        rest = len(lines) - limit
        lines = lines[:limit] + [f"{label}: … and {_plural(rest, 'more difference')}"]
    return lines


def type_name(value: Any) -> str:
    """A short, student-facing name for what a function returned."""
    if value is None:
        return "None"
    if isinstance(value, tuple | list):
        return f"a {type(value).__name__} of {len(value)}"
    if isinstance(value, dict) and "__repr__" in value and "__type__" in value:
        return f"a {value['__type__']}"
    return f"a {type(value).__name__}"
