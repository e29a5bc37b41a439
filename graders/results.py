"""What grading produces: per case, per part, per submission.  Plain data, JSON-ready."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, fields, is_dataclass
from enum import StrEnum
from typing import Any

from unokit.verdict import OUTCOME_LABELS

from .textsafe import cap_text, clean_text


class CaseOutcome(StrEnum):
    """How a case ended, end to end: the judge sets it, results and reports read it.

    A ``StrEnum``: each member equals its string (``CaseOutcome.PASSED == "passed"``), so
    result.json, templates and older results read the same.
    """

    PASSED = "passed"
    FAILED = "failed"  # a result of the right shape that differs from the expected one
    ERROR = "error"  # the student's code raised (or the submission could not run at all)
    TIMEOUT = "timeout"
    MEMORY = "memory"
    CRASHED = "crashed"  # the process died or sent no result
    MISSING = "missing"  # no such function
    WRONG_SHAPE = "wrong-shape"
    MALFORMED = "malformed"  # a program printed output that is not in the expected form
    NOT_RUN = "not-run"  # after repeated timeouts, or past the submission's budget
    COMPILE_ERROR = "compile-error"  # a part's source file that its compiler refused
    SANITIZER = "sanitizer"  # a compiled program stopped by its sanitizer (ASan, UBSan)

    @property
    def label(self) -> str:
        return _LABELS[self]


_LABELS = {o: OUTCOME_LABELS[o.value] for o in CaseOutcome}
# What people read for each outcome (templates look outcomes up here).
OUTCOMES: dict[str, str] = {o.value: o.label for o in CaseOutcome}


@dataclass
class CaseResult:
    name: str
    part: str
    hidden: bool
    outcome: CaseOutcome
    points: float
    max_points: float
    messages: list[str] = field(default_factory=list)
    stdout: str = ""
    stdout_dropped: int = 0
    traceback: str = ""
    seconds: float = 0.0
    covers: list[str] = field(default_factory=list)
    view: dict | None = None  # what the HTML report draws (public cases only)
    args: Any = None  # the inputs (public cases only)
    # The input (start state) as lines in the assignment's notation (public cases only).
    given: list[str] = field(default_factory=list)
    # Where a failed case first went wrong (``contract.Explanation``): the turn, the rule,
    # the state before it (public cases only, every case in a staff run).
    first_divergence: dict | None = None
    # A failed hidden case's public stand-in (``contract.Counterexamples``): a smaller fresh
    # case the submission also gets wrong (``found``, ``input``, ``args``, ``differences``,
    # ``first_divergence``, ``summary``, ``size``, ``note``), or ``found: False`` and a note
    # saying why none is shown. Never anything of the hidden case's own input.
    counterexample: dict | None = None

    @property
    def passed(self) -> bool:
        return self.outcome == CaseOutcome.PASSED


@dataclass
class PartResult:
    id: str
    function: str
    title: str
    points: float
    max_points: float
    passed: int
    total: int


@dataclass
class SubmissionResult:
    assignment: str
    title: str
    student: str
    origin: str
    digest: str
    isolation: str
    score: float
    max_score: float
    parts: list[PartResult]
    cases: list[CaseResult]
    notes: list[str] = field(default_factory=list)
    problem: str | None = None
    import_stdout: str = ""
    seconds: float = 0.0
    grader_version: str = ""
    # Style and other review notes from the plugin's ``review`` hook, and what they cost.
    review: list[str] = field(default_factory=list)
    deduction: float = 0.0
    # Gradescope leaderboard entries: {"name": ..., "value": ..., "order": "asc"|"desc"}.
    leaderboard: list[dict] = field(default_factory=list)
    # The submission's wall-clock budget ran out: some cases were not run.
    budget_hit: bool = False

    def to_dict(self) -> dict:
        """Plain nested data, sharing nothing mutable with the result (as ``asdict``), made
        without ``asdict``'s deep copy of every string: it runs for every report written."""
        return _plain(self)

    @property
    def failed_cases(self) -> list[CaseResult]:
        return [c for c in self.cases if not c.passed]


# What a case keeps of its messages where only a summary travels (the compact result a worker
# sends the main process, the gradebook): the first one (the first difference), cut short.
FIRST_MESSAGE_CHARS = 240


DIVERGENCE_PREFIX = "first wrong turn, by "
"""How a case's first message begins when the grader found where its game went wrong: the
rule or decision that turn broke, then `` — `` and the summary (the dashboard groups by it)."""


def first_message(case: CaseResult) -> str | None:
    """A case's first message, cleaned (it may come from the student) and cut short: where a
    failed game first went wrong, when the grader found it (the rule of that turn first), else
    its first difference."""
    first = case.first_divergence if isinstance(case.first_divergence, dict) else {}
    if first.get("rule") and first.get("summary"):
        text = f"{DIVERGENCE_PREFIX}{first['rule']} — {first['summary']}"
        return cap_text(clean_text(text), FIRST_MESSAGE_CHARS)
    if not case.messages:
        return None
    return cap_text(clean_text(case.messages[0]), FIRST_MESSAGE_CHARS)


_IMMUTABLE = frozenset({str, int, float, bool, type(None)})


def _plain(value: Any) -> Any:
    kind = type(value)
    if kind in _IMMUTABLE or isinstance(value, StrEnum):
        return value
    if kind is list or kind is tuple:
        items = [v if type(v) in _IMMUTABLE else _plain(v) for v in value]
        return items if kind is list else tuple(items)
    if kind is dict:
        return {k: v if type(v) in _IMMUTABLE else _plain(v) for k, v in value.items()}
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in fields(value)}
    return copy.deepcopy(value)


def from_dict(data: dict) -> SubmissionResult:
    parts = [PartResult(**p) for p in data.pop("parts")]
    cases = [CaseResult(**(c | {"outcome": CaseOutcome(c["outcome"])})) for c in data.pop("cases")]
    return SubmissionResult(parts=parts, cases=cases, **data)
