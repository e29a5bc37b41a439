"""What grading produces: per case, per part, per submission.  Plain data, JSON-ready."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

OUTCOMES = {
    "passed": "passed",
    "failed": "failed",
    "error": "error (an exception)",
    "timeout": "timeout",
    "memory": "memory limit",
    "crashed": "crashed",
    "missing": "missing function",
    "wrong-shape": "wrong result type or shape",
    "malformed": "malformed output",
    "not-run": "not run",
}


@dataclass
class CaseResult:
    name: str
    part: str
    hidden: bool
    outcome: str  # a key of OUTCOMES
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

    @property
    def passed(self) -> bool:
        return self.outcome == "passed"


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
        return asdict(self)

    @property
    def failed_cases(self) -> list[CaseResult]:
        return [c for c in self.cases if not c.passed]


def from_dict(data: dict) -> SubmissionResult:
    parts = [PartResult(**p) for p in data.pop("parts")]
    cases = [CaseResult(**c) for c in data.pop("cases")]
    return SubmissionResult(parts=parts, cases=cases, **data)
