"""What a dashboard shows, computed from results: plain values the template draws.

The same class view is built from a batch's results (``unograde grade --out DIR``) and from
the gradebook's latest gradings (``unograde dashboard``), so the two pages agree. Failure
messages are grouped by their shape (numbers and quoted values set aside: ``hand 3, card 2:
expected ('r','5'), got ('g','5')`` and ``hand 1, card 4: expected ('b','2'), got ('y','2')``
are one kind of failure) and counted by student, with one message as it was written.
"""

from __future__ import annotations

import os
import re
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

from ..gradebook.records import CaseRow, Claim, Grading, PartRow, Student
from ..results import DIVERGENCE_PREFIX, OUTCOMES, SubmissionResult, first_message
from ..textsafe import terminal_plain

HARDEST_CASES = 25  # cases in the plot of the cases passed least often
FAILURES = 15  # kinds of failure listed


@dataclass(frozen=True)
class Entry:
    """One submission's latest result, from a batch or from the gradebook."""

    student: str
    score: float
    max_score: float
    parts: tuple[PartRow, ...]
    cases: tuple[CaseRow, ...]
    problem: str | None
    graded_at: str = ""
    report: Path | None = None  # its report.html, where it was written


def entry_of(result: SubmissionResult, report: Path | None, graded_at: str = "") -> Entry:
    parts = tuple(
        PartRow(p.id, p.function, p.title, p.points, p.max_points, p.passed, p.total)
        for p in result.parts
    )
    cases = tuple(
        CaseRow(
            c.name,
            c.part,
            c.hidden,
            str(c.outcome),
            c.points,
            c.max_points,
            None if c.passed else first_message(c),
        )  # fmt: skip
        for c in result.cases
    )
    return Entry(result.student, result.score, result.max_score, parts, cases, result.problem,
                 graded_at, report)  # fmt: skip


def entry_from(grading: Grading, cases: Sequence[CaseRow], report: Path | None) -> Entry:
    return Entry(grading.student, grading.score, grading.max_score, grading.parts, tuple(cases),
                 grading.problem, grading.graded_at, report)  # fmt: skip


def href(target: Path | None, page_dir: Path) -> str | None:
    """A link from a page in ``page_dir`` to ``target``, only if the file is there (every
    link on a dashboard resolves), each path segment URL-quoted."""
    if target is None or not target.is_file():
        return None
    relative = os.path.relpath(target.absolute(), page_dir.absolute())
    return "/".join(quote(part) for part in Path(relative).parts)


@dataclass(frozen=True)
class StudentRow:
    submission: str  # "" for a roster student without one
    roster_id: str
    name: str
    section: str
    score: float | None
    max_score: float
    parts: tuple[float | None, ...]  # in the view's part order
    problem: str  # could not run, timeouts, cases not run, no roster match
    failed: int  # cases not passed
    report: str | None
    could_not_run: bool = False
    final: float | None = None  # adjusted and less any late penalty (None: as graded)
    term_note: str = ""  # the adjustments and lateness, in words


@dataclass(frozen=True)
class PartStat:
    id: str
    label: str
    max_points: float
    mean_points: float
    cases_passed: int
    cases_total: int
    whole: int  # students who passed every case of the part
    students: int

    @property
    def case_rate(self) -> float:
        return self.cases_passed / self.cases_total if self.cases_total else 0.0

    @property
    def whole_rate(self) -> float:
        return self.whole / self.students if self.students else 0.0


@dataclass(frozen=True)
class CaseStat:
    name: str
    part: str
    hidden: bool
    passed: int
    total: int

    @property
    def rate(self) -> float:
        return self.passed / self.total if self.total else 0.0


@dataclass(frozen=True)
class Failure:
    pattern: str
    example: str
    outcome: str
    students: int
    cases: int


@dataclass
class ClassView:
    assignment: str
    title: str
    max_score: float
    parts: list[PartStat]
    rows: list[StudentRow]
    cases: list[CaseStat]
    failures: list[Failure]
    facts: list[tuple[str, str]]
    roster: bool = False
    unmatched: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    similarity: list[SimilarPair] = field(default_factory=list)
    policy: str = ""  # the late policy, in words

    @property
    def scores(self) -> list[float]:
        return [r.final if r.final is not None else r.score for r in self.rows
                if r.score is not None]  # fmt: skip

    @property
    def has_term(self) -> bool:
        """Whether any score was moved by hand or by lateness (a column of its own)."""
        return any(r.term_note for r in self.rows)

    @property
    def summary(self) -> list[tuple[str, str]]:
        scores = self.scores  # per row: a group's score counts for each of its students
        if not scores:
            return [("students with a score", "0")]
        full = sum(1 for s in scores if s >= self.max_score > 0)
        return [
            ("students with a score", str(len(scores))),
            ("mean", f"{statistics.fmean(scores):.1f}"),
            ("median", f"{statistics.median(scores):.1f}"),
            ("full marks", str(full)),
            ("could not run", str(sum(1 for r in self.rows if r.could_not_run))),
        ]


@dataclass(frozen=True)
class SimilarPair:
    """A pair of the last similarity run, as a dashboard lists it."""

    rank: int
    first: str
    second: str
    code: float
    behaviour: float
    cases: str
    page: str | None  # a link to its side-by-side page, where it is on disk


def similar_pairs(rows, page_dir: Path, limit: int = 15) -> list[SimilarPair]:
    """The best ``limit`` pairs of ``rows`` (the gradebook's similarity rows)."""
    return [
        SimilarPair(
            r.rank,
            terminal_plain(r.first),
            terminal_plain(r.second),
            r.code,
            r.behaviour,
            terminal_plain(", ".join(r.cases[:6])),
            href(Path(r.page), page_dir) if r.page else None,
        )  # fmt: skip
        for r in list(rows)[:limit]
    ]


def term_note(standing) -> str:
    """A standing's adjustments and lateness in a few words (empty when nothing moved)."""
    if standing is None:
        return ""
    words = [f"{a.describe()} ({a.reason})" for a in standing.adjustments]
    if standing.lateness is not None and standing.lateness.late:
        words.append(standing.lateness.note)
    return terminal_plain("; ".join(words))


_QUOTED = re.compile(r"'[^'\n]{0,80}'|\"[^\"\n]{0,80}\"")
_NUMBER = re.compile(r"\d+(?:\.\d+)?")


def failure_pattern(message: str) -> str:
    """A message with its particulars set aside: the kind of failure it reports.  A failed
    game's kind is the rule or decision its first wrong turn broke (the students who broke
    rule 2 are one kind, whatever turn and cards)."""
    if message.startswith(DIVERGENCE_PREFIX) and " — " in message:
        return message.split(" — ", 1)[0]
    return _NUMBER.sub("N", _QUOTED.sub("'…'", message))


def _failures(entries: Sequence[Entry]) -> list[Failure]:
    groups: dict[tuple[str, str], dict] = {}
    for entry in entries:
        for case in entry.cases:
            if case.outcome == "passed":
                continue
            message = case.message or OUTCOMES.get(case.outcome, case.outcome)
            key = (case.outcome, failure_pattern(message))
            group = groups.setdefault(key, {"example": message, "students": set(), "cases": 0})
            group["students"].add(entry.student)
            group["cases"] += 1
    ranked = sorted(groups.items(), key=lambda kv: (-len(kv[1]["students"]), -kv[1]["cases"],
                                                     kv[0][1]))  # fmt: skip
    return [
        Failure(
            pattern,
            terminal_plain(g["example"]),
            OUTCOMES.get(outcome, outcome),
            len(g["students"]),
            g["cases"],
        )  # fmt: skip
        for (outcome, pattern), g in ranked[:FAILURES]
    ]


def class_view(
    assignment: str,
    title: str,
    entries: Sequence[Entry],
    page_dir: Path,
    facts: list[tuple[str, str]],
    roster: Sequence[Student] = (),
    claims: dict[tuple[str, str], list[Claim]] | None = None,
    standings: dict | None = None,
) -> ClassView:
    """The class view of one assignment; with a roster, every roster student is a row.
    ``standings``: submission name -> its :class:`graders.adjust.standing.Standing` (the
    score after adjustments and lateness), shown beside the graded score."""
    standings = standings or {}
    part_order: dict[str, PartRow] = {}
    for entry in entries:
        for p in entry.parts:
            part_order.setdefault(p.part, p)
    max_score = max((e.max_score for e in entries), default=0.0)
    parts = []
    for part_id, first in part_order.items():
        rows = [p for e in entries for p in e.parts if p.part == part_id]
        parts.append(
            PartStat(
                id=part_id,
                label=f"{part_id} {first.function}".strip(),
                max_points=first.max_points,
                mean_points=statistics.fmean(p.points for p in rows) if rows else 0.0,
                cases_passed=sum(p.passed for p in rows),
                cases_total=sum(p.total for p in rows),
                whole=sum(1 for p in rows if p.total and p.passed == p.total),
                students=len(rows),
            )
        )
    case_stats: dict[str, list] = {}
    for entry in entries:
        for c in entry.cases:
            stat = case_stats.setdefault(c.name, [c.part, c.hidden, 0, 0])
            stat[2] += c.outcome == "passed"
            stat[3] += 1
    cases = [CaseStat(name, *values) for name, values in case_stats.items()]

    def row(entry: Entry | None, student: Student | None, roster: bool = False) -> StudentRow:
        points = {p.part: p.points for p in entry.parts} if entry else {}
        standing = standings.get(entry.student) if entry else None
        if student is not None and entry is not None:
            standing = standings.get((student.id, entry.student), standing)
        # Text a student or a roster controls: no control character or escape sequence in the
        # page either (it is read with less and cat too); HTML is the template's to escape.
        return StudentRow(
            submission=terminal_plain(entry.student) if entry else "",
            roster_id=terminal_plain(student.id) if student else "",
            name=terminal_plain(student.name) if student else "",
            section=terminal_plain(student.section) if student else "",
            score=entry.score if entry else None,
            max_score=entry.max_score if entry else max_score,
            parts=tuple(points.get(p.id) if entry else None for p in parts),
            problem=_problems(entry, student, roster) if entry else "",
            failed=sum(1 for c in entry.cases if c.outcome != "passed") if entry else 0,
            report=href(entry.report, page_dir) if entry else None,
            could_not_run=bool(entry and entry.problem),
            final=standing.final if standing is not None else None,
            term_note=term_note(standing),
        )

    view = ClassView(assignment, title, max_score, parts, [], cases, _failures(entries), facts)
    if roster:
        from ..roster.matching import match_class

        by_name = {e.student: e for e in entries}
        gradings = [
            Grading(
                n,
                None,
                assignment,
                title,
                e.student,
                "",
                "",
                e.graded_at,
                "",
                "",
                e.score,
                e.max_score,
                e.problem,
                False,
            )  # fmt: skip
            for n, e in enumerate(sorted(entries, key=lambda e: e.graded_at))
        ]
        matched = match_class(roster, gradings, claims)
        view.roster = True
        for student in roster:
            grading = matched.counted.get(student.id)
            view.rows.append(row(by_name[grading.student] if grading else None, student))
        for grading in matched.unmatched:
            view.rows.append(row(by_name[grading.student], None, roster=True))
        view.unmatched = [terminal_plain(g.student) for g in matched.unmatched]
        view.missing = [terminal_plain(f"{t.name} ({t.id})") for t in matched.missing]
    else:
        view.rows = [row(e, None) for e in sorted(entries, key=lambda e: e.student)]
    return view


def _problems(entry: Entry, student: Student | None, roster: bool = False) -> str:
    """What went wrong besides wrong answers: the submission could not run, cases timed out or
    were not run, and (with a roster) no roster student matches it."""
    found = [terminal_plain(entry.problem)] if entry.problem else []
    for outcome, words in (("timeout", "timed out"), ("not-run", "not run")):
        count = sum(1 for c in entry.cases if c.outcome == outcome)
        if count:
            found.append(f"{count} case{'s' if count != 1 else ''} {words}")
    if roster and student is None:
        found.append("matches no roster student")
    return "; ".join(found)


@dataclass(frozen=True)
class TermCell:
    score: float | None  # the score that counts (after adjustments and lateness)
    max_score: float
    report: str | None
    note: str = ""  # what moved it from the graded score


@dataclass(frozen=True)
class TermRow:
    roster_id: str
    name: str
    section: str
    cells: tuple[TermCell, ...]

    @property
    def total(self) -> float:
        return sum(c.score for c in self.cells if c.score is not None)

    @property
    def submitted(self) -> int:
        return sum(1 for c in self.cells if c.score is not None)


@dataclass
class TermView:
    assignments: list[tuple[str, str, str | None]]  # (id, title, link to its page)
    rows: list[TermRow]
    max_total: float
    facts: list[tuple[str, str]]
    roster: bool
    unmatched: dict[str, list[str]] = field(default_factory=dict)
    missing: dict[str, int] = field(default_factory=dict)
