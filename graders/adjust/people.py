"""Which student a command means, and the reports on disk that show a standing.

``adjust``, ``history`` and ``roster extend`` take a STUDENT as the staff know them: a
roster id, login or email, or a submission's name (``jdoe``, ``submission_111``). Each is
resolved to the key the gradebook keeps adjustments and extensions under: the roster id when
the roster names one student, else the submission's name (a submission no roster student
matches, or a gradebook without a roster). Two students for one name, or none, is an error.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..errors import UnogradeError
from ..gradebook.records import Grading, Student


class StudentError(UnogradeError, ValueError):
    """A STUDENT that names nobody (or several): a one-line message."""


@dataclass(frozen=True)
class Who:
    key: str  # what adjustments and extensions are kept under
    label: str  # how to name them to the staff
    student: Student  # a roster student, or a stand-in named after the submission
    submissions: tuple[str, ...] = ()  # their submission names, when known


def resolve(
    book, text: str, assignment: str | None = None, need_grading: bool = False
) -> tuple[Who, object]:
    """(the student ``text`` names, the term of ``assignment`` (or every assignment))."""
    from ..roster.term import load_term

    text = text.strip()
    if not text:
        raise StudentError("name a student (a roster id, login, email or submission name)")
    term = load_term(book, None, [assignment] if assignment else ())
    assignments = [a for a, _ in term.assignments]
    by_key = _roster_keys(term.roster, text)
    if len(by_key) > 1:
        raise StudentError(
            f"{text!r} names {len(by_key)} roster students "
            f"({', '.join(t.id for t in by_key)}): give the id"
        )
    if by_key:
        student = by_key[0]
        names = tuple(g.student for a in assignments if (g := term.grading(a, student)) is not None)
        return Who(student.id, f"{student.name} ({student.id})", student, names), term
    # A submission's name: the roster student it counts for, or itself.
    graded = [g for a in assignments for g in term.latest.get(a, []) if g.student == text]
    if graded:
        if term.has_roster:
            owners = {
                s.id: s
                for a in assignments
                for s in term.roster
                if (g := term.grading(a, s)) is not None and g.student == text
            }
            if len(owners) == 1:
                student = next(iter(owners.values()))
                return Who(student.id, f"{student.name} ({student.id})", student, (text,)), term
            if len(owners) > 1:
                ids = ", ".join(sorted(owners))
                raise StudentError(
                    f"submission {text!r} is a group's ({ids}): name one of its students"
                )
        return Who(text, text, Student(id=text, name=text), (text,)), term
    where = f" of {assignment}" if assignment else ""
    if term.has_roster:
        raise StudentError(
            f"unknown student {text!r}: no roster id, login or email, and no submission{where} "
            "has that name"
        )
    if need_grading:
        raise StudentError(f"unknown student {text!r}: no submission{where} has that name")
    return Who(text, text, Student(id=text, name=text), ()), term


def _roster_keys(roster: Sequence[Student], text: str) -> list[Student]:
    folded = text.casefold()
    for field in ("id", "login", "email"):
        found = [t for t in roster if getattr(t, field) and getattr(t, field).casefold() == folded]
        if found:
            return found
    return []


def report_folder(book, grading: Grading) -> Path | None:
    """Where ``grading``'s reports were written, if they are still there."""
    if grading.run_id is None:
        return None
    for run in book.runs(grading.assignment):
        if run.id == grading.run_id and run.out_dir:
            folder = Path(run.out_dir) / grading.student
            return folder if (folder / "result.json").is_file() else None
    return None


def refresh_reports(folder: Path, standing) -> list[Path]:
    """Write ``report.md`` and ``report.html`` in ``folder`` again from its ``result.json``,
    with ``standing`` (the adjustments and lateness) under the graded score. A staff report
    stays one (its result.json holds what a hidden case showed); a student's never becomes
    one (its result.json holds nothing hidden to show)."""
    from ..report import render, write_atomic
    from ..results import from_dict

    data = json.loads((folder / "result.json").read_text(encoding="utf-8"))
    staff = any(
        c.get("hidden") and (c.get("messages") or c.get("args") is not None)
        for c in data.get("cases", [])
    )
    result = from_dict(data)
    written = []
    for fmt, name in (("md", "report.md"), ("html", "report.html")):
        if (folder / name).exists():
            write_atomic(folder / name, render(result, fmt, staff=staff, standing=standing))
            written.append(folder / name)
    return written
