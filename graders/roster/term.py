"""A term as the exports and the dashboard see it: the roster, the assignments graded into
the gradebook, and for each the grading that counts for each student.

With a roster, every roster student is a row (empty where nothing was submitted), and the
submissions that match no roster student are kept aside, listed, never dropped. Without
one, each submission name is a row of its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..errors import UnogradeError
from ..gradebook.records import Adjustment, Extension, Grading, Student
from .matching import ClassMatch, Matcher, match_class, name_conflicts

if TYPE_CHECKING:
    from ..adjust.standing import Standing
    from ..gradebook.store import Gradebook
    from ..late import LatePolicy


@dataclass
class Term:
    roster: list[Student]
    assignments: list[tuple[str, str]]  # (id, title), in the order of the columns
    latest: dict[str, list[Grading]]  # assignment -> the latest grading of each submission
    matches: dict[str, ClassMatch] = field(default_factory=dict)  # only with a roster
    # What moves a graded score: adjustments and extensions by assignment, late policies.
    adjustments: dict[str, list[Adjustment]] = field(default_factory=dict)
    extensions: dict[str, list[Extension]] = field(default_factory=dict)
    policies: dict[str, LatePolicy] = field(default_factory=dict)

    @property
    def has_roster(self) -> bool:
        return bool(self.roster)

    def rows(self) -> list[Student]:
        """The students, one row each: the roster, or (without one) each submission name as
        a student of its own."""
        if self.roster:
            return list(self.roster)
        names = sorted({g.student for gradings in self.latest.values() for g in gradings})
        return [Student(id=name, name=name) for name in names]

    def grading(self, assignment: str, student: Student) -> Grading | None:
        """The grading that counts for ``student`` on ``assignment`` (None: no submission)."""
        if self.roster:
            return self.matches[assignment].counted.get(student.id)
        for grading in self.latest.get(assignment, []):
            if grading.student == student.id:
                return grading
        return None

    def standing(
        self, assignment: str, student: Student, grading: Grading | None = None
    ) -> Standing | None:
        """The score that counts for ``student`` (None: no submission): the grading with the
        adjustments and extension made for them (by roster id or by the submission's name)
        and the assignment's late policy."""
        from ..adjust.standing import latest_extension, standing_of

        grading = grading or self.grading(assignment, student)
        if grading is None:
            return None
        keys = {student.id, grading.student}
        made = [a for a in self.adjustments.get(assignment, []) if a.student in keys]
        extension = latest_extension(self.extensions.get(assignment, []), keys)
        return standing_of(grading, made, self.policies.get(assignment), extension)

    def score(self, assignment: str, student: Student) -> float | None:
        """The final score of ``student`` (adjusted, less any late penalty), or None."""
        standing = self.standing(assignment, student)
        return None if standing is None else standing.final

    def max_score(self, assignment: str) -> float:
        scores = [g.max_score for g in self.latest.get(assignment, [])]
        return max(scores) if scores else 0.0

    def unmatched(self, assignment: str) -> list[Grading]:
        return self.matches[assignment].unmatched if self.roster else []

    def missing(self, assignment: str) -> list[Student]:
        return self.matches[assignment].missing if self.roster else []

    def conflicts(self, assignment: str) -> dict[str, list[str]]:
        """Who is claimed by several submissions, and by which: with a roster, the roster
        students (by id) several submissions match; without one, each name several
        submissions were graded under, told apart by a suffix (``bob-py``, ``bob-folder``)."""
        if self.roster:
            return self.matches[assignment].conflicts
        return name_conflicts(g.student for g in self.latest.get(assignment, []))


class UnknownAssignment(UnogradeError, ValueError):
    """An assignment the gradebook has no grading of (a one-line message)."""


def load_term(
    gradebook: Gradebook,
    roster: Sequence[Student] | None = None,
    only: Sequence[str] = (),
    policies: dict[str, LatePolicy] | None = None,
) -> Term:
    """The term in ``gradebook``; ``roster`` replaces the gradebook's own; ``only`` keeps
    those assignments, in that order; ``policies`` the late policy of each assignment."""
    students = list(roster) if roster is not None else gradebook.roster()
    known = gradebook.assignments()
    if only:
        titles = dict(known)
        unknown = [a for a in only if a not in titles]
        if unknown:
            graded = ", ".join(titles) or "none yet"
            raise UnknownAssignment(
                f"no grading of {unknown[0]!r} in {gradebook.name} (graded: {graded})"
            )
        known = [(a, titles[a]) for a in dict.fromkeys(only)]
    wanted = {a for a, _ in known}
    latest: dict[str, list[Grading]] = {a: [] for a, _ in known}
    for grading in gradebook.latest():
        if grading.assignment in wanted:
            latest[grading.assignment].append(grading)
    term = Term(students, known, latest, policies=dict(policies or {}))
    for adjustment in gradebook.adjustments():
        if adjustment.assignment in wanted:
            term.adjustments.setdefault(adjustment.assignment, []).append(adjustment)
    for extension in gradebook.extensions():
        if extension.assignment in wanted:
            term.extensions.setdefault(extension.assignment, []).append(extension)
    if students:
        claims = gradebook.claims()
        matcher = Matcher(students)
        for assignment, _ in known:
            term.matches[assignment] = match_class(students, latest[assignment], claims, matcher)
    return term
