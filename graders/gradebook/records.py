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
