"""``unograde similarity ASSIGNMENT SUBMISSIONS... --out DIR``: the thin command over
:mod:`graders.similarity` (see there for what is compared and how it is weighed)."""

from __future__ import annotations

import time
from pathlib import Path

import click

from ..gradebook.options import gradebook_option
from ..textsafe import terminal_plain
from ..usage import fail


def find_similar(assignment, submissions, book=None, starter=(), min_code=None,
                 min_behaviour=None):  # fmt: skip
    """(ranked pairs, the documents compared, the documents' load, the behaviour count):
    code from ``submissions``, behaviour from ``book``'s latest gradings, if given."""
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


@click.command("similarity")
@click.argument("assignment_id", metavar="ASSIGNMENT")
@click.argument("submissions", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--out", type=click.Path(path_type=Path), required=True,
              help="The folder for index.html, a page per pair and similarity.csv.")  # fmt: skip
@click.option("--starter", multiple=True, type=click.Path(path_type=Path),
              help="More given code to leave out (a file or folder; repeatable). The "
                   "assignment's starter/ and provided files always are.")  # fmt: skip
@click.option("--min-code", type=click.FloatRange(0, 1), default=0.5, show_default=True,
              help="List a pair from this share of shared code.")  # fmt: skip
@click.option(
    "--min-behaviour",
    type=click.FloatRange(0),
    default=2.0,
    show_default=True,
    help="List a pair from this behaviour score (wrong answers only they gave).",
)
@click.option(
    "--top",
    type=click.IntRange(1),
    default=20,
    show_default=True,
    help="Pairs printed here (every listed pair is on the pages).",
)
@gradebook_option
@click.option("--no-gradebook", is_flag=True, help="Code only: no behaviour, nothing recorded.")
def similarity(assignment_id, submissions, out, starter, min_code, min_behaviour, top,
               gradebook, no_gradebook) -> None:  # fmt: skip
    """Rank pairs of SUBMISSIONS by the code they share (normalised, starter removed), beside
    the cases they failed the same way (from the gradebook); staff pages under OUT."""
    from ..assignment import load_assignment
    from ..gradebook import Gradebook, GradebookError
    from ..gradebook.records import now
    from ..gradebook.term_store import SimilarityRow
    from .pages import page_name, terminal_lines, write_pages

    assignment = load_assignment(assignment_id)
    for path in submissions:
        if not path.exists():
            fail(f"{terminal_plain(str(path))}: no such file or folder")
    if out.exists() and not out.is_dir():
        fail(f"{terminal_plain(str(out))}: exists and is not a folder")
    book = None
    if not no_gradebook:
        try:
            book = Gradebook(gradebook, create=False)
        except GradebookError as exc:
            click.echo(f"unograde: {terminal_plain(str(exc))}: code only", err=True)
    started = time.perf_counter()
    try:
        pairs, docs = find_similar(assignment, submissions, book, starter, min_code,
                                   min_behaviour)  # fmt: skip
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
        fail(f"{terminal_plain(str(out))}: cannot write the pages ({exc.strerror or exc})")
    finally:
        if book is not None:
            book.close()
    for line in terminal_lines(pairs, top):
        click.echo(line)
    for name, why in sorted(docs.skipped.items()):
        click.echo(f"not compared: {terminal_plain(name)}: {terminal_plain(why)}", err=True)
    click.echo(
        f"{len(pairs)} pair(s) listed of {len(docs.documents)} submissions in {seconds:.1f} s; "
        f"pages: {terminal_plain(str(pages[0]))}"
    )
