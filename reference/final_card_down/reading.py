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

from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from . import game as G
from .feedback import FEEDBACK

# DECISION_OF and OTHER_READING are re-exported: python -m reference.reading_loss reads every
# assignment's switches from this module (Readings, DECISION_OF, OTHER_READING, changed).
from .game.readings import DECISION_OF, OTHER_READING, Readings  # noqa: F401

DECLARATION = FEEDBACK.DECLARATION
PAGE = Readings()

SR = FEEDBACK.SR  # the in-sandbox replayer, stdlib only (the provided file)


# ----------------------------------------------------------------- the declaration
# (the assignment's feedback module, which students' self-check kits carry too: one reading of
# a declaration, one inference, one wording)


def _readings(switches: tuple[str, ...] | None) -> Readings | None:
    return None if switches is None else Readings(**{name: True for name in switches})


def declared(folder: Path | None) -> tuple[Readings | None, str | None]:
    """The readings ``game.py`` in ``folder`` declares, or None; and a problem with the
    declaration to tell the student (it is then ignored), or None."""
    switches, problem = FEEDBACK.declared(folder)
    return _readings(switches), problem


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


evidence = FEEDBACK.evidence


def infer(
    depends: Sequence[tuple[str, ...]],
    evidence_for: Callable[[int, Readings], int],
) -> Readings:
    """The reading a submission's answers side with (the page's decisions unless another
    has strictly more evidence; see the feedback module's ``infer``)."""
    chosen = FEEDBACK.infer(depends, lambda i, switches: evidence_for(i, _readings(switches)))
    return _readings(chosen) or PAGE


# ----------------------------------------------------------------- feedback


def describe(readings: Readings) -> str:
    """``readings`` in the student's words: the decisions read the other way."""
    return FEEDBACK.describe_reading(readings.differences())


def note(readings: Readings, how: str, source: str = "game.py") -> str | None:
    """The feedback line saying which reading the submission was graded under; ``how`` is
    "declared" or "inferred", ``source`` the file that declares it (game.py or Game.c). None
    for the page's decisions when nothing was declared."""
    return FEEDBACK.note(readings.differences(), how, source)


def declaring_file(folder: Path | None) -> str:
    """game.py, or Game.c for a C submission: the file the feedback names."""
    return FEEDBACK.declaring_file(folder)


# ----------------------------------------------------------------- what a reading costs


def changed(case: Any, fixtures: Path, switch: str) -> bool:
    """Whether a correct ADT of the other reading of ``switch`` answers the scenario ``case``
    otherwise than the page's expectation (``python -m reference.reading_loss``). Only ADT
    scenarios have answers; a test suite's loss follows from them (D23)."""
    if case.part != "adt":
        return False
    return expected_under(case.args[0], Readings(**{switch: True})) != case.expected
