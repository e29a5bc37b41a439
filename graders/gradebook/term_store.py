"""What the course team adds to a term by hand: adjustments, extensions, and the last
similarity run of each assignment (the gradebook's schema version 2).

A mixin of :class:`graders.gradebook.store.Gradebook`, kept apart so that the store's
recording path stays what it was. Nothing here is ever updated or deleted except the
similarity pairs (a run replaces the last one as a whole): a withdrawn adjustment is a second
row that names the first, and an extension granted again is a new row, the latest counting.
Who did it and when are kept with each row; text the staff type goes in as bound parameters.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from sqlalchemy import and_, select

from ..errors import UnogradeError
from ..textsafe import clean_text
from . import schema as s
from .records import Adjustment, Extension, now


class AdjustmentError(UnogradeError, ValueError):
    """An adjustment that cannot be made or withdrawn: a one-line reason."""


@dataclass(frozen=True)
class SimilarityRow:
    """One ranked pair of the last similarity run, as the dashboards show it."""

    rank: int
    first: str
    second: str
    code: float
    behaviour: float
    cases: tuple[str, ...]
    page: str | None
    computed_at: str


class TermRecords:
    """Adjustments, extensions and similarity pairs on an open gradebook."""

    # -- adjustments ------------------------------------------------------------------

    def adjust(
        self,
        assignment: str,
        student: str,
        part: str | None,
        kind: str,
        value: float,
        reason: str,
        by: str,
    ) -> Adjustment:
        """Record a grade set by hand (``kind`` "points" or "set"); returns it."""
        if kind not in ("points", "set"):
            raise AdjustmentError(f"unknown kind of adjustment {kind!r}")
        if not reason.strip():
            raise AdjustmentError("an adjustment needs a reason (--reason)")
        row = {
            "assignment": assignment,
            "student": student,
            "part": part,
            "kind": kind,
            "value": float(value),
            "withdraws": None,
            "reason": clean_text(reason.strip()),
            "by": clean_text(by),
            "at": now(),
        }
        with self.writing() as conn:  # type: ignore[attr-defined]
            new = conn.execute(s.adjustments.insert(), row).inserted_primary_key[0]
        return Adjustment(id=int(new), **row)

    def withdraw(self, adjustment_id: int, reason: str, by: str) -> Adjustment:
        """Take back adjustment ``adjustment_id`` (recorded as a row of its own)."""
        if not reason.strip():
            raise AdjustmentError("a withdrawal needs a reason (--reason)")
        a = s.adjustments.c
        with self.writing() as conn:  # type: ignore[attr-defined]
            target = conn.execute(select(s.adjustments).where(a.id == adjustment_id)).first()
            if target is None or target.kind == "withdraw":
                raise AdjustmentError(f"no adjustment {adjustment_id} to withdraw")
            done = conn.execute(
                select(a.id).where(and_(a.kind == "withdraw", a.withdraws == adjustment_id))
            ).first()
            if done is not None:
                raise AdjustmentError(
                    f"adjustment {adjustment_id} was already withdrawn (by entry {done.id})"
                )
            row = {
                "assignment": target.assignment,
                "student": target.student,
                "part": target.part,
                "kind": "withdraw",
                "value": None,
                "withdraws": adjustment_id,
                "reason": clean_text(reason.strip()),
                "by": clean_text(by),
                "at": now(),
            }
            new = conn.execute(s.adjustments.insert(), row).inserted_primary_key[0]
        return Adjustment(id=int(new), **row)

    def adjustments(
        self, assignment: str | None = None, students: Iterable[str] | None = None
    ) -> list[Adjustment]:
        """Every adjustment and withdrawal, oldest first; an adjustment that was withdrawn
        carries its withdrawal as ``withdrawn``."""
        a = s.adjustments
        query = select(a).order_by(a.c.id)
        if assignment is not None:
            query = query.where(a.c.assignment == assignment)
        wanted = None if students is None else set(students)
        with self.reading() as conn:  # type: ignore[attr-defined]
            rows = [
                Adjustment(
                    r.id,
                    r.assignment,
                    r.student,
                    r.part,
                    r.kind,
                    r.value,
                    r.withdraws,
                    r.reason,
                    r.by,
                    r.at,
                )  # fmt: skip
                for r in conn.execute(query)
                if wanted is None or r.student in wanted
            ]
        withdrawals = {r.withdraws: r for r in rows if r.kind == "withdraw"}
        return [replace(r, withdrawn=withdrawals.get(r.id)) for r in rows]

    # -- extensions -------------------------------------------------------------------

    def extend(self, assignment: str, student: str, until: str, reason: str, by: str) -> Extension:
        """Grant ``student`` a due date of their own (ISO 8601, UTC) for ``assignment``."""
        row = {
            "assignment": assignment,
            "student": student,
            "until": until,
            "reason": clean_text(reason.strip()),
            "by": clean_text(by),
            "at": now(),
        }
        with self.writing() as conn:  # type: ignore[attr-defined]
            new = conn.execute(s.extensions.insert(), row).inserted_primary_key[0]
        return Extension(id=int(new), **row)

    def extensions(self, assignment: str | None = None) -> list[Extension]:
        """Every extension granted, oldest first (the latest per student counts)."""
        e = s.extensions
        query = select(e).order_by(e.c.id)
        if assignment is not None:
            query = query.where(e.c.assignment == assignment)
        with self.reading() as conn:  # type: ignore[attr-defined]
            return [
                Extension(r.id, r.assignment, r.student, r.until, r.reason, r.by, r.at)
                for r in conn.execute(query)
            ]

    # -- similarity -------------------------------------------------------------------

    def replace_similarity(self, assignment: str, rows: Sequence[SimilarityRow]) -> None:
        """The last similarity run of ``assignment`` becomes ``rows``, in one transaction."""
        t = s.similarity_pairs
        values = [
            {"assignment": assignment, "rank": r.rank, "first": clean_text(r.first),
             "second": clean_text(r.second), "code": r.code, "behaviour": r.behaviour,
             "cases": clean_text("\n".join(r.cases)), "page": r.page,
             "computed_at": r.computed_at}
            for r in rows
        ]  # fmt: skip
        with self.writing() as conn:  # type: ignore[attr-defined]
            conn.execute(t.delete().where(t.c.assignment == assignment))
            if values:
                conn.execute(t.insert(), values)

    def similarity(self, assignment: str) -> list[SimilarityRow]:
        """The pairs of the last similarity run of ``assignment``, best first."""
        t = s.similarity_pairs
        query = select(t).where(t.c.assignment == assignment).order_by(t.c.rank)
        with self.reading() as conn:  # type: ignore[attr-defined]
            return [
                SimilarityRow(
                    r.rank,
                    r.first,
                    r.second,
                    r.code,
                    r.behaviour,
                    tuple(x for x in r.cases.split("\n") if x),
                    r.page,
                    r.computed_at,
                )  # fmt: skip
                for r in conn.execute(query)
            ]
