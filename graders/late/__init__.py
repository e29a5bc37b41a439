"""The late policy: a due date, an optional cut-off, a penalty per day or per hour with a cap
or a floor; and the times it compares (when a submission was made, a student's extension).

Where a policy comes from: the assignment's ``assignment.toml`` (a ``[late]`` table), or a
term file (``--term FILE``, else ``$UNOGRADE_TERM``, else ``term.toml`` in the current
folder when there is one) whose ``[late.<assignment>]`` table wins over the assignment's own,
so a course team sets this term's dates without touching the assignment::

    [late.cards]
    due = 2025-03-07T23:59:00-05:00     # a TOML date-time, or the same as a string
    cutoff = 2025-03-10T23:59:00-05:00  # optional: later than this scores 0
    per = "day"                         # or "hour": each one started counts
    penalty = "10%"                     # of the maximum score per day; or points: 2
    cap = "50%"                         # optional: the most a penalty takes
    floor = "40%"                       # optional: a penalty never takes a score below this

Every time carries its offset (``-05:00``, ``Z``): a time without one is refused rather than
read in whatever zone the grader's machine is in. The penalty is applied when scores are
read (exports, dashboards, reports), never stored: change the due date and every view
follows; grant an extension and that student's lateness is counted from it.
"""

from __future__ import annotations

import datetime as dt
import math
import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from ..errors import UnogradeError

TERM_ENVIRONMENT = "UNOGRADE_TERM"
TERM_DEFAULT = "term.toml"
UNITS = {"day": 86400.0, "hour": 3600.0}


class LateError(UnogradeError, ValueError):
    """A policy, a time or a term file that cannot be read: a one-line message naming it."""


def parse_time(value: object, where: str) -> dt.datetime:
    """An aware datetime from an ISO 8601 string (``2025-03-07T23:59:00-05:00``, ``...Z``) or a
    TOML date-time; a time without an offset, or not a time, is a :class:`LateError`."""
    if isinstance(value, dt.datetime):
        when = value
    elif isinstance(value, str):
        text = value.strip()
        if text.endswith(("Z", "z")):
            text = text[:-1] + "+00:00"
        try:
            when = dt.datetime.fromisoformat(text)
        except ValueError:
            raise LateError(
                f"{where}: {value!r} is not a date and time (expected ISO 8601 such as "
                "2025-03-07T23:59:00-05:00)"
            ) from None
    else:
        raise LateError(f"{where}: expected a date and time, got {value!r}")
    if when.tzinfo is None or when.utcoffset() is None:
        raise LateError(
            f"{where}: {value!s} has no time zone; give its offset (2025-03-07T23:59:00-05:00, "
            "or Z for UTC)"
        )
    return when


def utc_text(when: dt.datetime) -> str:
    """How the gradebook stores a time: ISO 8601 in UTC (``2025-03-08T04:59:00Z``)."""
    return when.astimezone(dt.UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


@dataclass(frozen=True)
class Amount:
    """Points, or a share of the maximum score (``"10%"``)."""

    value: float
    percent: bool

    def points(self, max_score: float) -> float:
        return self.value * max_score / 100.0 if self.percent else self.value

    def __str__(self) -> str:
        number = f"{self.value:g}"
        return f"{number}%" if self.percent else f"{number} points"


def _amount(value: object, where: str) -> Amount:
    if isinstance(value, bool):
        raise LateError(f'{where}: expected points (2) or a share of the maximum ("10%")')
    if isinstance(value, int | float):
        amount = Amount(float(value), False)
    elif isinstance(value, str) and value.strip().endswith("%"):
        try:
            amount = Amount(float(value.strip()[:-1]), True)
        except ValueError:
            raise LateError(f'{where}: {value!r} is not a percentage such as "10%"') from None
    else:
        raise LateError(f'{where}: expected points (2) or a share of the maximum ("10%")')
    if not math.isfinite(amount.value) or amount.value < 0:
        raise LateError(f"{where}: {value!r} must be a positive amount")
    return amount


@dataclass(frozen=True)
class Lateness:
    """What the policy does to one submission's score."""

    due: dt.datetime | None  # the due date that applies (an extension's, if granted)
    submitted: dt.datetime | None
    seconds_late: float  # 0 when on time (or when either time is unknown)
    units: int  # days or hours started after the due date
    penalty: float  # points taken
    after_cutoff: bool
    note: str  # in words, for every report

    @property
    def late(self) -> bool:
        return self.seconds_late > 0


@dataclass(frozen=True)
class LatePolicy:
    due: dt.datetime
    cutoff: dt.datetime | None = None
    per: str = "day"
    penalty: Amount = Amount(0.0, False)
    cap: Amount | None = None
    floor: Amount | None = None
    source: str = ""  # where it was read from

    @classmethod
    def from_mapping(cls, table: Mapping, where: str) -> LatePolicy:
        """Read a ``[late]`` table; every mistake is a LateError naming ``where`` and its key."""
        known = {"due", "cutoff", "per", "penalty", "cap", "floor"}
        unknown = sorted(set(table) - known)
        if unknown:
            keys = ", ".join(sorted(known))
            raise LateError(f"{where}: unknown key {unknown[0]!r} (keys: {keys})")
        if "due" not in table:
            raise LateError(f"{where}: due = ... is required")
        due = parse_time(table["due"], f"{where}: due")
        cutoff = parse_time(table["cutoff"], f"{where}: cutoff") if "cutoff" in table else None
        if cutoff is not None and cutoff < due:
            raise LateError(f"{where}: the cutoff {cutoff} is before the due date {due}")
        per = table.get("per", "day")
        if per not in UNITS:
            raise LateError(f'{where}: per = {per!r}: expected "day" or "hour"')
        penalty = _amount(table.get("penalty", 0), f"{where}: penalty")
        cap = _amount(table["cap"], f"{where}: cap") if "cap" in table else None
        floor = _amount(table["floor"], f"{where}: floor") if "floor" in table else None
        return cls(due, cutoff, per, penalty, cap, floor, where)

    def apply(
        self, score: float, max_score: float, submitted: dt.datetime | None,
        extension: dt.datetime | None = None,
    ) -> Lateness:  # fmt: skip
        """The lateness of a submission made at ``submitted`` scoring ``score``: each day (or
        hour) started after the due date takes the penalty, up to the cap, never below the
        floor nor below 0; after the cut-off the whole score goes. An extension moves the due
        date to the extension's, and the cut-off by as much."""
        due, cutoff = self.due, self.cutoff
        if extension is not None and extension > due:
            # the late window moves with the due date: as long after it as it was
            cutoff = None if cutoff is None else cutoff + (extension - due)
            due = extension
        if submitted is None:
            return Lateness(due, None, 0.0, 0, 0.0, False, "submission time unknown: not judged")
        seconds = (submitted - due).total_seconds()
        if seconds <= 0:
            return Lateness(due, submitted, 0.0, 0, 0.0, False, "on time")
        late = _duration(seconds)
        if cutoff is not None and submitted > cutoff:
            return Lateness(due, submitted, seconds, 0, max(score, 0.0), True,
                            f"{late} late, after the cut-off: scores 0")  # fmt: skip
        units = math.ceil(seconds / UNITS[self.per])
        penalty = units * self.penalty.points(max_score)
        if self.cap is not None:
            penalty = min(penalty, self.cap.points(max_score))
        if self.floor is not None:
            penalty = min(penalty, max(0.0, score - self.floor.points(max_score)))
        penalty = max(0.0, min(penalty, score))
        unit = self.per if units == 1 else f"{self.per}s"
        return Lateness(due, submitted, seconds, units, penalty, False,
                        f"{late} late ({units} {unit} started): -{_points(penalty)}")  # fmt: skip

    def describe(self) -> str:
        parts = [f"due {utc_text(self.due)}"]
        if self.penalty.value:
            parts.append(f"-{self.penalty} per {self.per} started")
        if self.cap is not None:
            parts.append(f"at most -{self.cap}")
        if self.floor is not None:
            parts.append(f"never below {self.floor}")
        if self.cutoff is not None:
            parts.append(f"0 after {utc_text(self.cutoff)}")
        return ", ".join(parts)


def _duration(seconds: float) -> str:
    minutes = math.ceil(seconds / 60)
    days, rest = divmod(minutes, 24 * 60)
    hours, minutes = divmod(rest, 60)
    words = [f"{days} d"] if days else []
    words += [f"{hours} h"] if hours else []
    words += [f"{minutes} min"] if minutes and not days else []
    return " ".join(words) or "1 min"


def _points(value: float) -> str:
    text = f"{round(value, 2):.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


# -- where policies come from ---------------------------------------------------------------


def term_file(value: str | os.PathLike | None) -> Path | None:
    """The term file: ``--term``, else ``$UNOGRADE_TERM``, else ``term.toml`` here if present."""
    if value:
        path = Path(value)
        if not path.is_file():
            raise LateError(f"{path}: no such term file")
        return path
    env = os.environ.get(TERM_ENVIRONMENT)
    if env:
        path = Path(env)
        if not path.is_file():
            raise LateError(f"{path}: no such term file (from ${TERM_ENVIRONMENT})")
        return path
    here = Path(TERM_DEFAULT)
    return here if here.is_file() else None


def _read_toml(path: Path) -> dict:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise LateError(f"{path}: {exc}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise LateError(f"{path}: cannot read it ({exc})") from None


def load_policies(assignments: list[str], term: str | os.PathLike | None = None
                  ) -> dict[str, LatePolicy]:  # fmt: skip
    """The late policy of each of ``assignments`` that has one: the term file's
    ``[late.<id>]``, else the assignment's own ``[late]`` (when it can be loaded here)."""
    found: dict[str, LatePolicy] = {}
    path = term_file(term)
    if path is not None:
        late = _read_toml(path).get("late", {})
        if not isinstance(late, dict):
            raise LateError(f"{path}: [late.<assignment>] tables expected")
        for assignment, table in late.items():
            if not isinstance(table, dict):
                raise LateError(f"{path}: late.{assignment}: expected a table")
            found[assignment] = LatePolicy.from_mapping(table, f"{path}: [late.{assignment}]")
    for assignment in assignments:
        if assignment in found:
            continue
        policy = _assignment_policy(assignment)
        if policy is not None:
            found[assignment] = policy
    return found


def _assignment_policy(assignment: str) -> LatePolicy | None:
    from ..assignment import AssignmentError, load_assignment

    try:
        folder = load_assignment(assignment).folder
    except (AssignmentError, Exception):  # noqa: BLE001 - an assignment not on this machine
        return None
    config = folder / "assignment.toml"
    table = _read_toml(config).get("late")
    if table is None:
        return None
    if not isinstance(table, dict):
        raise LateError(f"{config}: [late] must be a table")
    return LatePolicy.from_mapping(table, f"{config}: [late]")


__all__ = [
    "Amount",
    "LateError",
    "LatePolicy",
    "Lateness",
    "load_policies",
    "parse_time",
    "term_file",
    "utc_text",
]
