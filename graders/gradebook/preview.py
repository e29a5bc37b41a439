"""``unograde grade --preview``: what a regrade would change, before it changes anything.

The batch is graded as usual but with no gradebook and no reports; each fresh result is then
compared with the student's latest recorded grading: the score, and the cases gained (passed
now, not before) and lost (passed before, not now). Nothing is recorded and nothing written,
so a course team can try a fixed fixture or a new grader version on the whole class first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..results import SubmissionResult

EPSILON = 1e-9


@dataclass(frozen=True)
class Change:
    student: str
    before: float | None  # None: never graded before
    after: float
    max_score: float
    gained: tuple[str, ...]
    lost: tuple[str, ...]

    @property
    def direction(self) -> str:
        if self.before is None:
            return "new"
        if self.after > self.before + EPSILON:
            return "up"
        if self.after < self.before - EPSILON:
            return "down"
        return "same"


def compare(book, assignment: str, results: Sequence[SubmissionResult]) -> list[Change]:
    """Each result against its student's latest grading of ``assignment`` in ``book``."""
    latest = {g.student: g for g in book.latest(assignment)}
    cases = book.cases([g.id for g in latest.values()])
    changes = []
    for result in sorted(results, key=lambda r: r.student):
        old = latest.get(result.student)
        now = {c.name: str(c.outcome) == "passed" for c in result.cases}
        if old is None:
            changes.append(Change(result.student, None, result.score, result.max_score, (), ()))
            continue
        before = {c.name: c.outcome == "passed" for c in cases.get(old.id, [])}
        gained = tuple(sorted(n for n, ok in now.items() if ok and not before.get(n, False)))
        lost = tuple(sorted(n for n, ok in before.items() if ok and not now.get(n, False)))
        changes.append(
            Change(result.student, old.score, result.score, result.max_score, gained, lost)
        )
    return changes


def summary(changes: Sequence[Change]) -> str:
    """``preview: 3 up, 1 down, 26 the same, 0 never graded before; nothing recorded``."""
    count = {d: sum(1 for c in changes if c.direction == d) for d in ("up", "down", "same", "new")}
    return (
        f"preview: {count['up']} up, {count['down']} down, {count['same']} the same, "
        f"{count['new']} never graded before; nothing recorded, no report written"
    )


def change_line(change: Change, points) -> str:
    """One student's line (plain text; the caller makes it safe for the terminal)."""
    if change.before is None:
        return f"{change.student}: {points(change.after)} / {points(change.max_score)} (new)"
    delta = change.after - change.before
    sign = "+" if delta >= 0 else ""
    line = (
        f"{change.student}: {points(change.before)} -> {points(change.after)} "
        f"({sign}{points(delta)})"
    )
    if change.gained:
        line += f"; gained {len(change.gained)}: " + _few(change.gained)
    if change.lost:
        line += f"; lost {len(change.lost)}: " + _few(change.lost)
    return line


def _few(names: Sequence[str], limit: int = 6) -> str:
    shown = ", ".join(names[:limit])
    return shown + (f" and {len(names) - limit} more" if len(names) > limit else "")
