"""Comparing a class for similarity as one call (``unograde similarity`` only reads its options
into a :class:`SimilarityRequest`, calls :func:`compare_class` and prints the run)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import UsageError


def find_similar(assignment, submissions, book=None, starter=(), min_code=None,
                 min_behaviour=None):  # fmt: skip
    """(ranked pairs, the documents compared): code from ``submissions``, behaviour from
    ``book``'s latest gradings, if given."""
    from . import (
        MIN_BEHAVIOUR,
        MIN_CODE,
        behaviour_pairs,
        code_pairs,
        load_documents,
        rank,
    )

    docs = load_documents(assignment, [Path(p) for p in submissions], starter)
    code = code_pairs(docs.documents)
    behaviour = {}
    if book is not None:
        gradings = book.latest(assignment.id)
        behaviour = behaviour_pairs(gradings, book.cases([g.id for g in gradings]))
    pairs = rank(
        code,
        behaviour,
        MIN_CODE if min_code is None else min_code,
        MIN_BEHAVIOUR if min_behaviour is None else min_behaviour,
    )
    return pairs, docs


@dataclass(frozen=True)
class SimilarityRequest:
    """What ``unograde similarity`` is asked, as values (``use_gradebook=False`` is
    ``--no-gradebook``: code only, nothing recorded)."""

    assignment: str
    submissions: tuple[Path, ...]
    out: Path
    starter: tuple[Path, ...] = ()
    min_code: float = 0.5
    min_behaviour: float = 2.0
    gradebook: str | None = None
    use_gradebook: bool = True


@dataclass
class SimilarityRun:
    """A comparison done: the ranked pairs, the documents compared (and those skipped, with
    why), the pages written (``index.html`` first), and how long it took."""

    pairs: list
    documents: Any
    pages: list[Path]
    seconds: float


def _say(message: str) -> None:
    import click

    from ..textsafe import terminal_plain

    click.echo(f"unograde: {terminal_plain(message)}", err=True)


def compare_class(request: SimilarityRequest, warn: Callable[[str], None] = _say) -> SimilarityRun:
    """Rank pairs of the submissions by the code they share (normalised, starter removed),
    beside the cases they failed the same way (from the gradebook, when it can be opened:
    else ``warn`` says so and the code alone is compared); write the staff's pages under
    ``request.out`` and record the ranking in the gradebook. Bad input raises an error of
    the family."""
    from ..assignment import load_assignment
    from ..gradebook import Gradebook, GradebookError
    from ..gradebook.records import now
    from ..gradebook.term_store import SimilarityRow
    from ..textsafe import terminal_plain
    from .pages import page_name, write_pages

    assignment = load_assignment(request.assignment)
    out = request.out
    for path in request.submissions:
        if not path.exists():
            raise UsageError(f"{terminal_plain(str(path))}: no such file or folder")
    if out.exists() and not out.is_dir():
        raise UsageError(f"{terminal_plain(str(out))}: exists and is not a folder")
    book = None
    if request.use_gradebook:
        try:
            book = Gradebook(request.gradebook, create=False)
        except GradebookError as exc:
            warn(f"{exc}: code only")
    started = time.perf_counter()
    min_code, min_behaviour = request.min_code, request.min_behaviour
    try:
        pairs, docs = find_similar(assignment, request.submissions, book, request.starter,
                                   min_code, min_behaviour)  # fmt: skip
        seconds = time.perf_counter() - started
        facts = [
            ("assignment", f"{assignment.title} ({assignment.id})"),
            (
                "compared",
                f"{len(docs.documents)} submissions' code"
                + (f"; {len(docs.skipped)} without code of their own" if docs.skipped else ""),
            ),  # fmt: skip
            ("behaviour", f"the gradebook {book.name}" if book else "none (no gradebook)"),
            ("thresholds", f"code from {100 * min_code:.0f}%, behaviour from {min_behaviour:g}"),
            ("computed", f"{now()} in {seconds:.1f} s"),
        ]
        pages = write_pages(out, assignment.id, assignment.title, pairs, docs.documents, facts)
        if book is not None:
            at = now()
            book.replace_similarity(assignment.id, [
                SimilarityRow(rank, p.first, p.second, p.code_score, p.behaviour_score,
                              tuple(a.case for a in (p.behaviour.answers if p.behaviour else ())),
                              str((out / page_name(rank)).absolute()), at)
                for rank, p in enumerate(pairs, 1)
            ])  # fmt: skip
    except OSError as exc:
        said = f"{terminal_plain(str(out))}: cannot write the pages ({exc.strerror or exc})"
        raise UsageError(said) from None
    finally:
        if book is not None:
            book.close()
    return SimilarityRun(pairs, docs, pages, seconds)


__all__ = ["SimilarityRequest", "SimilarityRun", "compare_class", "find_similar"]
