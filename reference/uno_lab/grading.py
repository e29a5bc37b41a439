"""Judging one uno-lab case, in the grader's process, from what the sandbox sent back.

The sandboxed child runs the case through the assignment's adapter
(``assignments/uno-lab/harness/adapter.py``) and returns plain data: the result or the lab
exception in the course's notation (the storage format of fixtures and replies), and what the call
printed.  Here that reply is read back into ``unolab`` values and judged against the case's
expected file; every failure gets a line of feedback that writes values as Python a student can
paste into a test (``assignments/uno-lab/python_text.py``), e.g.
``cardSort: expected [WILD, CRD(SKIP, RED)], got [CRD(SKIP, RED), WILD]``.  What the lab printed
is compared exactly as printed; feedback quotes it as Python strings.

Nothing here runs a submission.  :func:`run_reference` runs the *reference* through the same
adapter code, in process, to write expected files and to test the fixtures.  The judging itself
is the assignment's feedback module (``assignments/uno-lab/feedback.py``, which students'
self-check kits carry); here it gets the grader's property checks for the random tasks.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from .cases import CaseInput, Expected
from .feedback import FEEDBACK
from .notation import adapter

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

Outcome = FEEDBACK.Outcome
task_of = FEEDBACK.task_of
payload = FEEDBACK.payload
outcome_from_reply = FEEDBACK.outcome_from_reply
same = FEEDBACK.same
describe = FEEDBACK.python_value
describe_error = FEEDBACK.describe_error
desk_difference = FEEDBACK.desk_difference
PASS_HINT = FEEDBACK.PASS_HINT
quoted = FEEDBACK.quoted
printed_difference = FEEDBACK.printed_difference


def _checks() -> ModuleType:
    """The grader's property checks (``check`` and ``error_allowed``), which the feedback
    module's verdict takes for the random tasks (imported late: they quote with this module)."""
    from . import properties

    return properties


def run_reference(case: CaseInput) -> dict:
    """The reply the adapter gives for the reference (in process: the reference is ours)."""
    from reference import uno_lab

    return adapter.run(uno_lab, payload(case))


def judge(task: str, case: CaseInput, expected: Expected, outcome: Any) -> tuple[str, ...]:
    """Compare an outcome with the expected file; every failure gets one line of feedback
    (none: the case passed). The random tasks' properties are the grader's own."""
    return FEEDBACK.judge_outcome(task, case, expected, outcome, _checks())


def verdict(case: CaseInput, expected: Expected, reply: dict) -> tuple[str, ...]:
    """Judge the adapter's ``reply`` for ``case``: the feedback lines, none when it passed."""
    return FEEDBACK.verdict(case, expected, reply, _checks())


def expected_from_reference(case: CaseInput, properties: str | None = None) -> Expected:
    """The expected file the reference gives for ``case``: its value or exception, and what it
    printed when the task is one that prints.  A property-graded case keeps only the property."""
    if properties is not None:
        return Expected(properties=properties)
    return expected_of_reply(case.task, run_reference(case))


def expected_of_reply(task: str, reply: dict) -> Expected:
    """The expected file a reference's ``reply`` to a call of ``task`` makes."""
    printed = str(reply.get("printed") or "") if task in PRINTING_TASKS else None
    if reply.get("raised") is not None:
        return Expected(raises=str(reply["raised"]), printed=printed)
    return Expected(result=str(reply["result"]), printed=printed)
