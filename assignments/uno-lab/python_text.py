"""uno-lab values and calls written as Python, the language of every piece of feedback.

The fixtures, and the replies the sandboxed adapter sends back, keep the course's notation
(``CRD (NUM 5, RED)``, ``isLT (WILD, CRD (NUM 3, BLUE))``): it is their storage format, read by
the assignment's adapter (``harness/adapter.py``).  What a student reads is Python instead, text
that can be pasted into a test after ``from unolab import *``::

    CRD(NUM(5), RED)      ORDER(WILD, GREEN)      GIVE(RED)      PASS      None      True
    ('Sergey', 25)        Player.make('Sergey', [WILD], FalseStrategy.ownStrategy, False)
    Desk.make(players=[...], pile=[...], deck=[...], state=PROCEED, direction=CLOCKWISE, memo=[])
    IllegalMove('Sergey', (PROCEED, [...], ...))      IllegalGame      Empty
    cardSort([WILD])      precedes(lambda x, y: x == y)([1, 2, 3])(2)(3)      isLT(WILD, CRD(...))

Strings are Python literals (``repr``), so what a submission put in a name or printed is quoted
with its escapes and never breaks the line it is quoted in.  What the lab itself prints (the
graded output) is the lab's text; only its quoting in feedback is Python.

This is the one renderer: the feedback module beside it (``feedback.py``: the grading messages,
the shape check, the call line), the grader's property checkers and the report's view all call
it, and students' self-check kits carry it next to the feedback module, so the kit writes what
the grader writes.  Like the feedback module it imports only the standard library, the provided
``unolab``, the kit's runtime (``from .loader import ...``: it is loaded as a module of that
package) and the adapter beside it; never the reference.  Its output evaluates back to an equal
value in a namespace of ``unolab`` (with the grader's ``First`` strategy, and ``Naive``/``Manual``
from the solution); the tests check that on generated values.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import unolab
from unolab import CRD, GIVE, NUM, ORDER, SIMPLE, Desk, Empty, IllegalGame, IllegalMove, Player

from .loader import load_module

adapter = load_module(Path(__file__).resolve().parent / "harness" / "adapter.py")
"""The assignment's adapter (loaded once per file: the feedback module's own)."""
Call = adapter.Call

INDENT = "    "
"""One level of a multi-line desk (see :func:`python_value`)."""

_EQUAL = "lambda x, y: x == y"
"""SML's ``(op =)``, the equality fixtures hand to ``precedes``."""


def python_string(text: str) -> str:
    """A Python string literal for ``text``: ``'The turn of Pavel'``, ``'\\nThe turn of A\\n'``."""
    return repr(str(text))


def _function(value: Any) -> str:
    if value is adapter.op_equal:
        return _EQUAL
    name = getattr(value, "__qualname__", None)
    if isinstance(name, str) and name and "<" not in name:
        return name  # FalseStrategy.ownStrategy, First.ownStrategy, Naive.ownStrategy, isSameColor
    return _fallback(value)


def _fallback(value: Any) -> str:
    try:
        return repr(value)
    except Exception:  # noqa: BLE001 - feedback must never fail on an odd object
        return object.__repr__(value)


def _items(values: Sequence[Any], pad: str | None) -> str:
    return ", ".join(_value(v, pad) for v in values)


def _player(player: Player, pad: str | None) -> str:
    return (
        f"Player.make({_value(player.name, pad)}, {_value(list(player.cards), pad)}, "
        f"{_value(player.strategy, pad)}, {_value(player.manual, pad)})"
    )


def _desk(desk: Desk, pad: str | None) -> str:
    fields = [
        ("pile", list(desk.pile)),
        ("deck", list(desk.deck)),
        ("state", desk.state),
        ("direction", desk.direction),
        ("memo", list(desk.memo)),
    ]
    if pad is None:
        players = "[" + ", ".join(_player(p, None) for p in desk.players) + "]"
        rest = ", ".join(f"{name}={_value(v, None)}" for name, v in fields)
        return f"Desk.make(players={players}, {rest})"
    inner, deeper = pad + INDENT, pad + 2 * INDENT
    if desk.players:
        players = "".join(f"{deeper}{_player(p, deeper)},\n" for p in desk.players)
        players = f"[\n{players}{inner}]"
    else:
        players = "[]"
    lines = [f"{inner}players={players},"]
    lines += [f"{inner}{name}={_value(v, inner)}," for name, v in fields]
    return "Desk.make(\n" + "\n".join(lines) + f"\n{pad})"


def _value(value: Any, pad: str | None) -> str:  # noqa: C901 - one branch per kind of value
    if value is None or isinstance(value, bool | int):
        return repr(value)
    if isinstance(value, str):
        return python_string(value)
    if isinstance(value, list):
        return "[" + _items(value, pad) + "]"
    if isinstance(value, tuple):
        return "(" + _items(value, pad) + ("," if len(value) == 1 else "") + ")"
    if isinstance(value, unolab.Color | unolab.Action | unolab.Wild | unolab.Direction):
        return value.name
    if isinstance(value, unolab.Phase | unolab.Pass):
        return value.name
    if isinstance(value, NUM):
        return f"NUM({_value(value.n, pad)})"
    if isinstance(value, CRD):
        return f"CRD({_value(value.rank, pad)}, {_value(value.color, pad)})"
    if isinstance(value, GIVE):
        return f"GIVE({_value(value.color, pad)})"
    if isinstance(value, SIMPLE):
        return f"SIMPLE({_value(value.card, pad)})"
    if isinstance(value, ORDER):
        return f"ORDER({_value(value.card, pad)}, {_value(value.color, pad)})"
    if isinstance(value, Player):
        return _player(value, pad)
    if isinstance(value, Desk):
        return _desk(value, pad)
    if isinstance(value, BaseException) or (
        isinstance(value, type) and issubclass(value, BaseException)
    ):
        return python_error(value)
    if callable(value):
        return _function(value)
    return _fallback(value)


def python_value(value: Any, multiline: bool = False) -> str:
    """``value`` as Python text; never raises.  With ``multiline`` a desk is laid out one field
    (and one player) a line, as a person would format it; otherwise everything is on one line."""
    try:
        return _value(value, "" if multiline else None)
    except RecursionError:
        return "<a value nested too deeply to show>"


def python_error(error: BaseException | type[BaseException]) -> str:
    """A lab exception as the Python that raises it: ``IllegalGame``, ``Empty``,
    ``IllegalMove('Sergey', (PROCEED, [...], ...))``; another exception by its type and message."""
    if isinstance(error, type):
        return error.__name__
    if isinstance(error, IllegalMove):
        args = getattr(error, "strategy_args", ())
        return f"IllegalMove({python_value(error.name)}, {python_value(tuple(args))})"
    if isinstance(error, IllegalGame | Empty):
        return type(error).__name__
    return f"{type(error).__name__}: {error}"


def python_call(call: Call, multiline: bool = False) -> str:
    """A case's call as Python: curried arguments one pair of parentheses each, a tuple the port
    spreads into positional arguments (``isLT``, ``play``, ``Naive.ownStrategy``, ...) spread:
    ``precedes(lambda x, y: x == y)([1, 2, 3])(2)(3)``, ``removeCard([WILD], WILD, Empty)``,
    ``deck`` (task 10 is a list, not a call)."""
    pad = "" if multiline else None
    task = call.function.split(".")[0]
    text = call.function
    try:
        for arg in call.arguments:
            if task in adapter.SPREAD_TUPLE and isinstance(arg, tuple):
                text += "(" + _items(arg, pad) + ")"
            else:
                text += "(" + _value(arg, pad) + ")"
    except RecursionError:
        return f"{call.function}(<arguments nested too deeply to show>)"
    return text


__all__ = ["INDENT", "python_call", "python_error", "python_string", "python_value"]
