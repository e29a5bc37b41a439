"""``unograde similarity``: pairs of submissions ranked by the code they share, beside the
behavioural evidence only an autograder holding every case can give.

Code (:mod:`graders.similarity.fingerprint`): each submission's source files, whatever their
language, are tokenised by Pygments, normalised (identifiers, literals, whitespace, comments,
the order of functions) and winnowed. Every k-gram of the starter and provided files is
removed first, and so is a fingerprint that many submissions hold (code the whole class
writes alike, or was given some other way): neither is evidence. A pair's code score is the
share of the smaller submission's fingerprints that the other holds too.

Behaviour (:func:`behaviour_pairs`): from the gradebook's latest gradings, each case a
submission did not pass, with its first message (the wrong answer, or where its game first
departed from the rules: the turn and the move). Two submissions that give the same wrong
answer to the same case share it; each shared answer weighs (log(n / k) / log(n / 2))², n
graded submissions of which k gave it: 1 for an answer two students alone gave, about 0.3
for one a quarter of the class gave, nothing for one half the class gave. The score is the
sum: 3 means as much as three wrong answers only these two gave.

It ranks and shows evidence for a person to judge; it never changes a grade. The Python API
the command calls: :func:`load_documents`, :func:`code_pairs`, :func:`behaviour_pairs`,
:func:`rank`.
"""

from __future__ import annotations

import math
import re
import shutil
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path

from ..errors import UnogradeError
from .fingerprint import Document, SourceFile, all_hashes, document, read_source

MIN_CODE = 0.5  # a pair is listed from this share of shared fingerprints
MIN_BEHAVIOUR = 2.0  # ... or from as much as two wrong answers only these two gave
MIN_FINGERPRINTS = 4  # a submission with fewer (empty, or only the starter) is not compared


class SimilarityError(UnogradeError, ValueError):
    """Input that cannot be compared: a one-line message."""


@dataclass(frozen=True)
class Region:
    """A stretch of code both submissions of a pair hold: lines in each, by file index."""

    number: int
    first: tuple[tuple[int, int, int], ...]  # (file, first line, last line)
    second: tuple[tuple[int, int, int], ...]


@dataclass(frozen=True)
class CodeMatch:
    shared: int  # fingerprints both hold
    score: float  # shared / the smaller one's fingerprints
    first_share: float  # shared / the first's
    second_share: float
    regions: tuple[Region, ...] = ()


@dataclass(frozen=True)
class SharedAnswer:
    """A case both submissions failed the same way."""

    case: str
    hidden: bool
    kind: str  # "same wrong answer", "same departure" (a game), "same outcome"
    message: str
    holders: int  # submissions of the class that gave it
    weight: float


@dataclass(frozen=True)
class Behaviour:
    score: float
    answers: tuple[SharedAnswer, ...]


@dataclass
class Pair:
    first: str
    second: str
    code: CodeMatch | None = None
    behaviour: Behaviour | None = None
    code_rank: int | None = None
    behaviour_rank: int | None = None

    @property
    def code_score(self) -> float:
        return self.code.score if self.code is not None else 0.0

    @property
    def behaviour_score(self) -> float:
        return self.behaviour.score if self.behaviour is not None else 0.0


@dataclass
class Documents:
    """The class's submissions as compared, and what was set aside."""

    documents: dict[str, Document] = field(default_factory=dict)
    skipped: dict[str, str] = field(default_factory=dict)  # name -> why it is not compared
    starter: set[int] = field(default_factory=set)


# -- code ------------------------------------------------------------------------------------


def starter_files(folder: Path, provided: Sequence[str], extra: Sequence[Path] = ()
                  ) -> list[SourceFile]:  # fmt: skip
    """The assignment's starter (``starter/``) and provided files, and any given by hand."""
    paths: list[tuple[Path, str]] = []
    starter = folder / "starter"
    if starter.is_dir():
        paths += [(p, str(p.relative_to(starter))) for p in sorted(starter.rglob("*"))]
    paths += [(folder / name, name) for name in provided]
    for path in extra:
        if not path.exists():
            raise SimilarityError(f"{path}: no such starter file or folder")
        if path.is_dir():
            paths += [(p, str(p.relative_to(path))) for p in sorted(path.rglob("*"))]
        else:
            paths.append((path, path.name))
    files = []
    for path, name in paths:
        if path.is_file():
            found = read_source(path, name)
            if found is not None:
                files.append(found)
    return files


def load_documents(
    assignment, paths: Sequence[Path], extra_starter: Sequence[Path] = ()
) -> Documents:
    """Every submission under ``paths`` (named as ``unograde grade`` names them), its code
    files read and fingerprinted, starter and provided code removed."""
    from ..run.programs import program_specs
    from ..submission import (
        Submission,
        SubmissionError,
        assign_names,
        load_submissions,
        syntax_checked_later,
    )

    programs = program_specs(assignment.programs) if assignment.programs else None
    submissions: list[Submission] = []
    for path in paths:
        try:
            with syntax_checked_later():
                submissions.extend(load_submissions(path, assignment.module, programs=programs))
        except SubmissionError as exc:
            raise SimilarityError(str(exc)) from None
    assign_names(submissions)
    starter = starter_files(assignment.folder, assignment.provided, extra_starter)
    provided = {Path(p).name for p in assignment.provided}
    found = Documents(starter=all_hashes(starter))
    try:
        for sub in submissions:
            if sub.folder is None or not sub.folder.is_dir():
                found.skipped[sub.name] = sub.problem or "nothing to read"
                continue
            files = []
            for path in sorted(sub.folder.rglob("*")):
                relative = str(path.relative_to(sub.folder))
                if path.is_symlink() or not path.is_file() or path.name in provided:
                    continue
                source = read_source(path, relative)
                if source is not None:
                    files.append(source)
            doc = document(sub.name, files)
            for h in found.starter & doc.prints.keys():
                del doc.prints[h]
            if doc.size < MIN_FINGERPRINTS:
                found.skipped[sub.name] = "no code of its own (empty, or only the starter)"
                continue
            found.documents[sub.name] = doc
    finally:
        for sub in submissions:
            if sub.folder is not None:
                shutil.rmtree(sub.folder, ignore_errors=True)
    return found


def common_limit(count: int) -> int:
    """How many submissions may hold a fingerprint before it is code the class writes alike
    (and no evidence): a tenth of the class, at least 5."""
    return max(5, count // 10)


def code_pairs(documents: dict[str, Document], limit: int | None = None) -> dict[tuple, CodeMatch]:
    """Every pair that shares a fingerprint (held by at most ``limit`` submissions), with its
    shares; found through an index of fingerprints, so the work grows with the shared
    fingerprints, not with the square of the class."""
    limit = limit or common_limit(len(documents))
    holders: dict[int, list[str]] = defaultdict(list)
    for name, doc in documents.items():
        for h in doc.prints:
            holders[h].append(name)
    common = {h for h, names in holders.items() if len(names) > limit}
    size = {name: len(doc.prints.keys() - common) for name, doc in documents.items()}
    shared: dict[tuple[str, str], int] = defaultdict(int)
    for names in holders.values():
        if 2 <= len(names) <= limit:
            for a, b in combinations(sorted(names), 2):
                shared[(a, b)] += 1
    found = {}
    for (a, b), count in shared.items():
        smaller = min(size[a], size[b])
        if smaller <= 0:
            continue
        found[(a, b)] = CodeMatch(count, count / smaller, count / max(size[a], 1),
                                  count / max(size[b], 1))  # fmt: skip
    return found


def regions(first: Document, second: Document, ignore: set[int] = frozenset()) -> tuple:
    """The stretches of code two submissions share, numbered in the first's order, each as
    lines of the first and of the second (what the side-by-side page marks)."""
    from .fingerprint import K

    spans: list[tuple[int, int, int]] = []  # (first token, last token, hash)
    for h, positions in first.prints.items():
        if h in ignore or h not in second.prints:
            continue
        spans += [(p, p + K - 1, h) for p in positions]
    spans.sort()
    merged: list[list] = []
    for start, end, h in spans:
        if merged and start <= merged[-1][1] + 1:
            merged[-1][1] = max(merged[-1][1], end)
            merged[-1][2].add(h)
        else:
            merged.append([start, end, {h}])
    found = []
    for number, (start, end, hashes) in enumerate(merged, 1):
        theirs = sorted((p, p + K - 1) for h in hashes for p in second.prints[h])
        found.append(Region(number, _lines(first, [(start, end)]), _lines(second, _merge(theirs))))
    return tuple(found)


def _merge(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out: list[list[int]] = []
    for start, end in spans:
        if out and start <= out[-1][1] + 1:
            out[-1][1] = max(out[-1][1], end)
        else:
            out.append([start, end])
    return [(a, b) for a, b in out]


def _lines(doc: Document, spans: Iterable[tuple[int, int]]) -> tuple[tuple[int, int, int], ...]:
    """Token spans as (file, first line, last line), split where the file changes."""
    out: list[tuple[int, int, int]] = []
    for start, end in spans:
        end = min(end, len(doc.where) - 1)
        first_file, first_line = doc.where[start]
        last_file, last_line = doc.where[end]
        if first_file == last_file:
            out.append((first_file, first_line, last_line))
        else:
            out.append((first_file, first_line, len(doc.files[first_file].line_starts)))
            out.append((last_file, 1, last_line))
    return tuple(out)


# -- behaviour -------------------------------------------------------------------------------

_TURN = re.compile(r"\bturn \d+\b")


def answer_kind(outcome: str, message: str | None) -> str:
    if not message:
        return "same outcome"
    return "same departure" if _TURN.search(message) else "same wrong answer"


def behaviour_pairs(gradings: Sequence, cases: dict[int, list]) -> dict[tuple, Behaviour]:
    """Pairs of submissions that failed cases the same way, weighted by how rare each shared
    answer is (see the module's docstring); ``gradings`` the latest of each submission,
    ``cases`` their cases by grading id (:meth:`graders.gradebook.Gradebook.cases`)."""
    n = len(gradings)
    if n < 3:
        return {}
    unit = math.log(n / 2)
    answers: dict[tuple[str, str, str], list[str]] = defaultdict(list)
    shown: dict[tuple[str, str, str], tuple[bool, str, str]] = {}
    for grading in gradings:
        for case in cases.get(grading.id, []):
            if case.outcome == "passed":
                continue
            message = _normalised(case.message, grading.student)
            key = (case.name, case.outcome, message)
            answers[key].append(grading.student)
            shown.setdefault(key, (case.hidden, case.message or case.outcome, case.outcome))
    found: dict[tuple[str, str], list[SharedAnswer]] = defaultdict(list)
    for key, names in answers.items():
        k = len(set(names))
        if k < 2 or k > n // 2:
            continue  # nobody to share it with, or half the class gave it: no evidence
        hidden, message, outcome = shown[key]
        weight = (math.log(n / k) / unit) ** 2
        answer = SharedAnswer(key[0], hidden, answer_kind(outcome, key[2]), message, k, weight)
        for a, b in combinations(sorted(set(names)), 2):
            found[(a, b)].append(answer)
    return {
        pair: Behaviour(
            sum(a.weight for a in shared), tuple(sorted(shared, key=lambda a: (-a.weight, a.case)))
        )  # fmt: skip
        for pair, shared in found.items()
    }


def _normalised(message: str | None, student: str) -> str:
    """A message with the submission's own name set aside (a traceback names its file)."""
    if not message:
        return ""
    text = message.strip()
    if student:
        text = text.replace(student, "<student>")
    return text


# -- ranking ---------------------------------------------------------------------------------


def rank(
    code: dict[tuple, CodeMatch],
    behaviour: dict[tuple, Behaviour],
    min_code: float = MIN_CODE,
    min_behaviour: float = MIN_BEHAVIOUR,
) -> list[Pair]:
    """The pairs worth a person's look (code share or behaviour at its threshold), each with
    its rank on code and on behaviour, listed by code score, then behaviour."""
    pairs: dict[tuple, Pair] = {}
    for n, key in enumerate(sorted(code, key=lambda k: (-code[k].score, k)), 1):
        if code[key].score >= min_code:
            pairs[key] = Pair(*key, code=code[key], code_rank=n)
    ordered = sorted(behaviour, key=lambda k: (-behaviour[k].score, k))
    for n, key in enumerate(ordered, 1):
        if behaviour[key].score >= min_behaviour:
            pair = pairs.setdefault(key, Pair(*key, code=code.get(key)))
            pair.behaviour, pair.behaviour_rank = behaviour[key], n
    for key, pair in pairs.items():
        if pair.behaviour is None and key in behaviour:
            pair.behaviour = behaviour[key]
            pair.behaviour_rank = ordered.index(key) + 1
        if pair.code_rank is None and key in code:
            pair.code_rank = sorted(code, key=lambda k: (-code[k].score, k)).index(key) + 1
    return sorted(pairs.values(), key=lambda p: (-p.code_score, -p.behaviour_score,
                                                 p.first, p.second))  # fmt: skip


__all__ = [
    "Behaviour",
    "CodeMatch",
    "Documents",
    "Pair",
    "Region",
    "SharedAnswer",
    "SimilarityError",
    "behaviour_pairs",
    "code_pairs",
    "load_documents",
    "rank",
    "regions",
]
