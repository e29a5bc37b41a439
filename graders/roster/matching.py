"""Which roster student a submission belongs to.

A submission is named after its file or folder, and those names come from wherever the
class was collected: a login (``jdoe.py``), an id, an email address, or the naming of an
LMS's bulk download:

- Canvas: ``doejane_12345_67890_uno.py`` and ``doejane_LATE_12345_67890_uno.py`` (sortable
  name without punctuation, Canvas's user id, the attachment's id, the file's own name);
- Gradescope: ``submission_123456/`` folders, whose students are listed in the export's
  ``submission_metadata.yml`` (read when the class is graded: the gradebook keeps them, one
  row per co-submitter of a group);
- Moodle: ``Jane Doe_4242_assignsubmission_file_/`` folders.

Rules are tried in that order of certainty, and a rule that finds two students finds none:
a submission is matched to one student (or, from Gradescope's metadata, to a group) or
listed as unmatched; it is never given to a student by a guess between two.
"""

from __future__ import annotations

import re
import unicodedata
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ..gradebook.records import Claim, Grading, Student

CANVAS = re.compile(r"^(?P<name>[^_]+?)(?:_late)?_(?P<uid>\d+)_(?P<sub>\d+)(?:_.*)?$", re.I)
MOODLE = re.compile(r"^(?P<name>.+?)_(?P<pid>\d+)_assignsubmission_[a-z]+_?$", re.I)
# What ``assign_names`` adds to tell apart ``bob/``, ``bob.py`` and ``bob.zip``.
NAME_SUFFIX = re.compile(r"-(?:py|ipynb|zip|folder|[0-9a-f]{6})$")


def letters(text: str) -> str:
    """Only letters and digits, without accents or case: ``Doe, Zoë`` -> ``doezoe``."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if c.isalnum() and not unicodedata.combining(c)).casefold()


def name_forms(name: str) -> set[str]:
    """The forms a name takes in file names: ``Jane Doe`` and ``Doe, Jane`` both give
    ``janedoe`` and ``doejane`` (Canvas writes the family name first)."""
    if "," in name:
        last, _, first = name.partition(",")
        words = [*first.split(), *last.split()]
    else:
        words = name.split()
    if not words:
        return set()
    forms = {letters("".join(words))}
    if len(words) > 1:
        forms.add(letters(words[-1] + "".join(words[:-1])))
    forms.discard("")
    return forms


def name_conflicts(names: Iterable[str]) -> dict[str, list[str]]:
    """The names several submissions claimed: ``{"bob": ["bob-folder", "bob-py"]}`` for the
    names ``assign_names`` gave ``bob/`` and ``bob.py``, told apart by their suffixes."""
    groups: dict[str, list[str]] = defaultdict(list)
    for name in names:
        groups[NAME_SUFFIX.sub("", name).casefold()].append(name)
    return {
        min(NAME_SUFFIX.sub("", n) for n in group): sorted(group)
        for group in groups.values()
        if len(group) > 1
    }


@dataclass(frozen=True)
class Match:
    submission: str
    students: tuple[Student, ...]
    how: str  # which rule: "login", "Canvas's user id", "Gradescope's metadata"...


class Matcher:
    """Finds the roster students of a submission name (see the module's rules)."""

    def __init__(self, students: Sequence[Student]) -> None:
        self.index: dict[str, dict[str, list[Student]]] = defaultdict(lambda: defaultdict(list))
        for t in students:
            for kind, value in (
                ("id", t.id),
                ("login", t.login),
                ("email", t.email),
                ("email's user", t.email.partition("@")[0] if "@" in t.email else ""),
                ("LMS user id", t.lms_id),
            ):
                if value:
                    self.index[kind][value.casefold()].append(t)
            for form in name_forms(t.name):
                self.index["name"][form].append(t)

    def _one(self, kind: str, value: str) -> Student | None:
        found = self.index[kind].get(value.casefold(), []) if value else []
        unique = {t.id: t for t in found}
        return next(iter(unique.values())) if len(unique) == 1 else None

    def _direct(self, value: str) -> tuple[Student, str] | None:
        for kind in ("login", "id", "email", "email's user", "LMS user id"):
            student = self._one(kind, value)
            if student is not None:
                return student, kind
        return None

    def _by_name(self, name: str) -> Student | None:
        found = {t.id: t for form in name_forms(name) for t in self.index["name"].get(form, [])}
        return next(iter(found.values())) if len(found) == 1 else None

    def match(self, submission: str, claims: Iterable[Claim] = ()) -> Match | None:
        claimed = []
        for claim in claims:
            student = (
                self._one("id", claim.sid)
                or self._one("email", claim.email)
                or (self._by_name(claim.name) if claim.name else None)
            )
            if student is not None and student not in claimed:
                claimed.append(student)
        if claimed:
            return Match(submission, tuple(claimed), "Gradescope's metadata")
        for value in dict.fromkeys((submission, NAME_SUFFIX.sub("", submission))):
            found = self._direct(value)
            if found is not None:
                return Match(submission, (found[0],), found[1])
        canvas = CANVAS.match(submission)
        if canvas:
            uid = canvas["uid"]
            student = self._one("LMS user id", uid) or self._one("id", uid)
            if student is not None:
                return Match(submission, (student,), "Canvas's user id")
            student = self._one("name", letters(canvas["name"]))
            if student is not None:
                return Match(submission, (student,), "Canvas's file name")
        moodle = MOODLE.match(submission)
        if moodle:
            student = self._by_name(moodle["name"])
            if student is not None:
                return Match(submission, (student,), "Moodle's folder name")
        student = self._by_name(submission) or self._one("name", letters(submission))
        if student is not None:
            return Match(submission, (student,), "name")
        return None


@dataclass
class ClassMatch:
    """One assignment's latest gradings against the roster."""

    counted: dict[str, Grading]  # roster id -> the grading that counts for that student
    how: dict[str, Match] = field(default_factory=dict)  # submission -> how it was matched
    unmatched: list[Grading] = field(default_factory=list)
    missing: list[Student] = field(default_factory=list)  # roster students with no submission
    # roster id -> the submissions that claim that student: a conflict, none of them counted
    conflicts: dict[str, list[str]] = field(default_factory=dict)

    @property
    def student_of(self) -> dict[str, list[Student]]:
        """submission -> its roster students."""
        return {name: list(m.students) for name, m in self.how.items()}


def match_class(
    students: Sequence[Student],
    gradings: Sequence[Grading],
    claims: dict[tuple[str, str], list[Claim]] | None = None,
    matcher: Matcher | None = None,
) -> ClassMatch:
    """Each roster student's grading among ``gradings`` (the latest of each submission of
    one assignment). Several submissions matched to one student are a conflict: none of them
    counts (which one is the student's is the staff's call, not the order they were graded
    in: a zip holding ``alice/uno.py`` once outscored the real Alice), and they are listed in
    ``conflicts``, for ``grade``, ``roster show`` and every export to show."""
    matcher = matcher or Matcher(students)
    claims = claims or {}
    result = ClassMatch(counted={})
    claimed: dict[str, dict[str, Grading]] = {}
    for grading in sorted(gradings, key=lambda g: g.id):
        found = matcher.match(
            grading.student, claims.get((grading.assignment, grading.student), ())
        )
        if found is None:
            result.unmatched.append(grading)
            continue
        result.how[grading.student] = found
        for student in found.students:
            claimed.setdefault(student.id, {})[grading.student] = grading
    for student_id, by_name in claimed.items():
        if len(by_name) == 1:
            result.counted[student_id] = next(iter(by_name.values()))
        else:
            result.conflicts[student_id] = sorted(by_name)
    result.missing = [
        t for t in students if t.id not in result.counted and t.id not in result.conflicts
    ]
    return result
