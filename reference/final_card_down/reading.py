"""A submission graded under its own reading of the spec's open rules (D1, D2, D4).

The spec marks rules 5, 6 and 7 with ``?``; the page decides each (Decisions D1, D2, D4) and
``game/readings.py`` makes the other reading a switch of the reference. A student who reads
an open rule the other way is graded under that reading, everywhere: the scenarios'
expectations, the reference their test suite must pass on, and the mutants it must catch.

Which reading: the one ``game.py`` declares, as a literal read from its source (never run)::

    READINGS = {"play_after_draw": True}

(keys are ``Readings`` switches, values ``True`` or ``False``; absent keys keep the page's
decision). A submission that declares none is graded under the reading its scenario answers
side with (``infer``); the feedback says which, and why.

Runs in the grader's process only.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Sequence
from functools import partial
from itertools import combinations
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from . import game as G
from .game.readings import DECISION_OF, OTHER_READING, Readings
from .harness_files import load

DECLARATION = "READINGS"
MODULE_FILES = ("game.py", "game/__init__.py")
PAGE = Readings()

SR = load("scenario_runner.py")  # the in-sandbox replayer, stdlib only


# ----------------------------------------------------------------- the declaration


def declared(folder: Path | None) -> tuple[Readings | None, str | None]:
    """The readings ``game.py`` in ``folder`` declares, or None; and a problem with the
    declaration to tell the student (it is then ignored), or None."""
    files = [folder / f for f in MODULE_FILES] if folder is not None else []
    path = next((f for f in files if f.is_file()), None)
    if path is None:
        return None, None
    try:
        tree = ast.parse(path.read_bytes())
    except (SyntaxError, ValueError):
        return None, None  # the import fails and says so in every case
    for node in tree.body:
        value = _assigned(node)
        if value is None:
            continue
        where = f"{path.name} line {node.lineno}: {DECLARATION}"
        try:
            literal = ast.literal_eval(value)
        except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
            return None, f"{where} is not a literal dict, so it was ignored"
        return _checked(literal, where)
    return None, None


def _assigned(node: ast.stmt) -> ast.expr | None:
    """The value of a top-level ``READINGS = ...`` (or annotated) assignment."""
    if isinstance(node, ast.Assign) and any(
        isinstance(t, ast.Name) and t.id == DECLARATION for t in node.targets
    ):
        return node.value
    if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
        if node.target.id == DECLARATION and node.value is not None:
            return node.value
    return None


def _checked(literal: Any, where: str) -> tuple[Readings | None, str | None]:
    names = Readings.names()
    if not isinstance(literal, dict):
        return None, f"{where} is not a dict, so it was ignored"
    unknown = sorted(repr(k) for k in literal if k not in names)
    if unknown:
        return None, (
            f"{where} names {', '.join(unknown)}, not one of {', '.join(names)}, so it was ignored"
        )
    if not all(type(v) is bool for v in literal.values()):
        return None, f"{where}: every value must be True or False, so it was ignored"
    return Readings(**literal), None


# ----------------------------------------------------------------- expectations


def reading_of(readings: Readings) -> SimpleNamespace:
    """The reference ADT as a module whose ``newGame`` plays ``readings``."""
    names = {name: getattr(G, name) for name in G.__all__}
    return SimpleNamespace(**(names | {"newGame": partial(G.newGame, readings=readings)}))


def expected_under(scenario: dict[str, Any], readings: Readings) -> list[list[Any]]:
    """The answers a correct ADT of ``readings`` gives to ``scenario`` (stripped of its
    expectations), in ``expected_answers``' form.

    The scenario's moves were chosen under the page's decisions. A move that this reading
    refuses is expected to be refused, and ends the expectation (what follows would be
    another game); a query the reference refuses under this reading (a ``pastMove`` of a
    turn that moved) is not graded: it is outside the ADT's contract there (D15)."""
    answers = SR.answers(reading_of(readings), scenario)
    out: list[list[Any]] = []
    for index, (label, answer) in enumerate(answers):
        step = scenario["steps"][index - 1] if index else None
        if isinstance(answer, dict):
            if step is not None and "q" in step:
                answer = SR.NOT_GRADED
            else:  # a move this reading refuses: isValidMove must say so, and the game ends
                out.append([label, SR.REFUSED])
                break
        out.append([label, answer])
    return out


def depends_on(scenario: dict[str, Any]) -> tuple[str, ...]:
    """The switches whose other reading changes an answer of ``scenario`` (with its
    expectations): the ones a student of that reading would be marked wrong on."""
    stripped = SR.strip_expectations(scenario)
    page = SR.expected_answers(scenario)
    return tuple(
        name
        for name in Readings.names()
        if expected_under(stripped, Readings(**{name: True})) != page
    )


# ----------------------------------------------------------------- inferring


def evidence(page: list[list[Any]], other: list[list[Any]], got: list[Any]) -> int:
    """Which of two expectations of one scenario the answers ``got`` side with, counted only
    where they differ: +1 for each such step answered as ``other`` expects, -1 for each
    answered as ``page`` expects. A move ``other`` refuses (``REFUSED``, its last step)
    counts +1 when ``got`` refused it too, -1 when ``got`` played it; nothing after it counts.
    Steps ``other`` does not grade, and wrong answers to both, count nothing: a submission
    that is merely wrong gains no evidence for any reading."""
    score = 0
    for index, (_label, want) in enumerate(page):
        if index >= len(got) or index >= len(other):
            break
        answer = got[index][1] if isinstance(got[index], list | tuple) else got[index]
        alternative = other[index][1]
        if alternative == SR.REFUSED:  # the other reading refuses this move
            refused = isinstance(answer, dict) and answer.get("valid") is False
            score += 1 if refused else -1 if answer == SR.PLAYED else 0
            break
        if alternative == SR.NOT_GRADED or _same(want, alternative):
            continue
        score += 1 if _same(answer, alternative) else -1 if _same(answer, want) else 0
    return score


def _same(a: Any, b: Any) -> bool:
    return type(a) is type(b) and a == b


def infer(
    depends: Sequence[tuple[str, ...]],
    evidence_for: Callable[[int, Readings], int],
) -> Readings:
    """The reading a submission's answers side with (the page's decisions unless another
    has strictly more evidence).

    ``depends[i]``: the switches case ``i`` depends on; ``evidence_for(i, readings)``: its
    ``evidence`` for ``readings`` against the page's decisions. Each switch is weighed alone
    first, then combinations of the switches with evidence for them; ties go to fewer
    switches."""

    def score(readings: Readings) -> int:
        on = set(readings.differences())
        return sum(evidence_for(i, readings) for i, d in enumerate(depends) if on & set(d))

    for_it = [
        name
        for name in Readings.names()
        if any(name in d for d in depends) and score(Readings(**{name: True})) > 0
    ]
    best, best_score = PAGE, 0
    for size in range(1, len(for_it) + 1):
        for names in combinations(for_it, size):
            candidate = Readings(**{n: True for n in names})
            points = score(candidate)
            if points > best_score:
                best, best_score = candidate, points
    return best


# ----------------------------------------------------------------- feedback


def describe(readings: Readings) -> str:
    """``readings`` in the student's words: the decisions read the other way."""
    return "; ".join(
        f"{DECISION_OF[n]} the other way ({n}: {OTHER_READING[n]})" for n in readings.differences()
    )


def note(readings: Readings, how: str) -> str | None:
    """The feedback line saying which reading the submission was graded under; ``how`` is
    "declared" or "inferred". None for the page's decisions when nothing was declared."""
    example = "READINGS = {" + ", ".join(f'"{n}": True' for n in readings.differences()) + "}"
    if how == "declared":
        if not readings.differences():
            return "graded under the page's decisions D1, D2 and D4, as game.py declares"
        return f"graded under the reading game.py declares: {describe(readings)}"
    if not readings.differences():
        return None
    return (
        f"game.py declares no {DECLARATION}; where the readings differ its answers follow "
        f"{describe(readings)}, "
        "so its scenarios, the reference its tests run on and the mutants all follow that "
        f"reading (declare it to be sure: {example} in game.py)"
    )


# ----------------------------------------------------------------- what a reading costs


def changed(case: Any, fixtures: Path, switch: str) -> bool:
    """Whether a correct ADT of the other reading of ``switch`` answers the scenario ``case``
    otherwise than the page's expectation (``python -m reference.reading_loss``). Only ADT
    scenarios have answers; a test suite's loss follows from them (D23)."""
    if case.part != "adt":
        return False
    return expected_under(case.args[0], Readings(**{switch: True})) != case.expected
