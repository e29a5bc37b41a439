"""What the gradebook holds, as plain values (no database layer needed to use them)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime


def now() -> str:
    """The time as the gradebook stores it: ISO 8601 in UTC, to the millisecond."""
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


@dataclass(frozen=True)
class Student:
    """One row of the roster."""

    id: str
    name: str
    email: str = ""
    login: str = ""
    section: str = ""
    lms_id: str = ""


@dataclass(frozen=True)
class Claim:
    """Who an LMS export says made a submission (Gradescope's metadata)."""

    sid: str = ""
    email: str = ""
    name: str = ""


@dataclass(frozen=True)
class PartRow:
    part: str
    function: str
    title: str
    points: float
    max_points: float
    passed: int
    total: int


@dataclass(frozen=True)
class CaseRow:
    name: str
    part: str
    hidden: bool
    outcome: str
    points: float
    max_points: float
    message: str | None


@dataclass(frozen=True)
class Grading:
    """One recorded grading of one submission (the latest one counts)."""

    id: int
    run_id: int | None
    assignment: str
    title: str
    student: str
    origin: str
    digest: str
    graded_at: str
    grader_version: str
    isolation: str
    score: float
    max_score: float
    problem: str | None
    budget_hit: bool
    submitted_at: str | None = None  # when it was submitted (ISO 8601, UTC), if known
    submitted_from: str | None = None  # who says so: "Gradescope's metadata", "--submitted-at"
    parts: tuple[PartRow, ...] = ()


@dataclass(frozen=True)
class Run:
    id: int
    assignment: str
    title: str
    started_at: str
    finished_at: str | None
    grader_version: str
    isolation: str
    out_dir: str | None
    host: str


@dataclass(frozen=True)
class Adjustment:
    """A grade set by hand: ``kind`` "points" (``value`` added) or "set" (the part, or the
    total when ``part`` is None, becomes ``value``), or "withdraw" (takes back the adjustment
    ``withdraws``). Every one is kept; ``withdrawn`` is filled in when reading."""

    id: int
    assignment: str
    student: str
    part: str | None
    kind: str
    value: float | None
    withdraws: int | None
    reason: str
    by: str
    at: str
    withdrawn: Adjustment | None = None

    def describe(self) -> str:
        """``+2 on part02``, ``set to 18``: what it does, in words."""
        where = f" on {self.part}" if self.part else ""
        if self.kind == "withdraw":
            return f"withdrew adjustment {self.withdraws}"
        if self.kind == "set":
            return f"set to {_points(self.value)}{where}"
        sign = "+" if (self.value or 0) >= 0 else ""
        return f"{sign}{_points(self.value)} points{where}"


@dataclass(frozen=True)
class Extension:
    """A student's own due date for an assignment (the latest granted counts)."""

    id: int
    assignment: str
    student: str
    until: str
    reason: str
    by: str
    at: str


def _points(value: float | None) -> str:
    text = f"{round(value or 0.0, 2):.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text
