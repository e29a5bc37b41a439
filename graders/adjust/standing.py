"""A student's standing on an assignment: the graded score, what the staff set by hand, and
what the late policy takes; the score every export, dashboard and report shows.

Computed whenever it is read, never stored: the gradings, adjustments and extensions are the
record, and a regrade changes only the graded score underneath. So an adjustment survives
every regrade, a withdrawn one stops counting without being forgotten, and a due date moved
in the term file applies to every view at once.

The order is fixed and said in every report: the graded score, then the adjustments in the
order they were made (a part's ``+2`` or ``set 18`` moves the total by as much as it moves
the part; a total's ``set`` makes the total that), then the late penalty on that adjusted
score (a percentage is of the maximum score). To excuse lateness, grant an extension.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..gradebook.records import Adjustment, Extension, Grading
from ..late import Lateness, LatePolicy, parse_time


@dataclass(frozen=True)
class Standing:
    graded: float
    max_score: float
    parts: tuple[tuple[str, float, float], ...]  # (part, graded points, adjusted points)
    adjustments: tuple[Adjustment, ...]  # in force, oldest first
    withdrawn: tuple[Adjustment, ...]
    adjusted: float
    lateness: Lateness | None  # None: the assignment has no late policy
    submitted_from: str | None = None
    extension: Extension | None = None

    @property
    def penalty(self) -> float:
        return self.lateness.penalty if self.lateness is not None else 0.0

    @property
    def final(self) -> float:
        """The score that counts: adjusted, less the late penalty."""
        return self.adjusted - self.penalty

    @property
    def changed(self) -> bool:
        """Whether anything moved the graded score (or could be asked about)."""
        return bool(self.adjustments or self.penalty or self.withdrawn)

    def part_points(self, part: str) -> float | None:
        for pid, _graded, adjusted in self.parts:
            if pid == part:
                return adjusted
        return None

    def lines(self) -> list[str]:
        """The standing in words, one fact a line, for every report: plain text (the
        reasons are the staff's words; each output escapes them its own way)."""
        lines = [f"graded: {_points(self.graded)} / {_points(self.max_score)}"]
        for a in self.adjustments:
            lines.append(f"adjusted: {a.describe()} (by {a.by}, {a.at}): {a.reason}")
        for a in self.withdrawn:
            w = a.withdrawn
            by = f" by {w.by}, {w.at}: {w.reason}" if w is not None else ""
            lines.append(f"withdrawn: {a.describe()} ({a.reason}){by}")
        if self.lateness is not None:
            late = self.lateness
            when = f"submitted {late.submitted.isoformat()}" if late.submitted else ""
            source = f" ({self.submitted_from})" if self.submitted_from and when else ""
            due = f"due {late.due.isoformat()}" if late.due else ""
            if self.extension is not None:
                due += f" (extension by {self.extension.by}: {self.extension.reason or '-'})"
            facts = ", ".join(x for x in (when + source, due) if x)
            lines.append(f"lateness: {late.note}" + (f"; {facts}" if facts else ""))
        lines.append(f"score: {_points(self.final)} / {_points(self.max_score)}")
        return lines


def standing_of(
    grading: Grading,
    adjustments: Iterable[Adjustment] = (),
    policy: LatePolicy | None = None,
    extension: Extension | None = None,
) -> Standing:
    """The standing of ``grading`` with the adjustments made for its student (withdrawn ones
    are kept aside) and the assignment's late policy with the student's extension."""
    parts = {p.part: p.points for p in grading.parts}
    adjusted_parts = dict(parts)
    total = grading.score
    active, withdrawn = [], []
    for a in sorted(adjustments, key=lambda a: a.id):
        if a.kind == "withdraw":
            continue
        if a.withdrawn is not None:
            withdrawn.append(a)
            continue
        active.append(a)
        value = a.value or 0.0
        if a.part is None:
            total = value if a.kind == "set" else total + value
        else:
            before = adjusted_parts.get(a.part, 0.0)
            after = value if a.kind == "set" else before + value
            adjusted_parts[a.part] = after
            total += after - before
    lateness = None
    if policy is not None:
        submitted = (
            parse_time(grading.submitted_at, "submitted_at") if grading.submitted_at else None
        )
        until = parse_time(extension.until, "extension") if extension is not None else None
        lateness = policy.apply(total, grading.max_score, submitted, until)
    rows = tuple((p, parts.get(p, 0.0), adjusted_parts[p]) for p in adjusted_parts)
    return Standing(grading.score, grading.max_score, rows, tuple(active), tuple(withdrawn),
                    total, lateness, grading.submitted_from, extension)  # fmt: skip


def latest_extension(extensions: Sequence[Extension], keys: Iterable[str]) -> Extension | None:
    """The latest extension granted to any of ``keys`` (a roster id, a submission's name)."""
    wanted = set(keys)
    found = [e for e in extensions if e.student in wanted]
    return max(found, key=lambda e: e.id) if found else None


def _points(value: float) -> str:
    text = f"{round(value, 2):.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


__all__ = ["Standing", "latest_extension", "standing_of"]
