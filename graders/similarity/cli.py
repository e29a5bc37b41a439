"""``unograde similarity ASSIGNMENT SUBMISSIONS... --out DIR``: the thin command over
:func:`graders.similarity.api.compare_class` (see :mod:`graders.similarity` for what is
compared and how it is weighed)."""

from __future__ import annotations

from pathlib import Path

import click

from ..gradebook.options import gradebook_option
from ..textsafe import terminal_plain


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
    from .api import SimilarityRequest, compare_class
    from .pages import terminal_lines

    request = SimilarityRequest(
        assignment=assignment_id,
        submissions=tuple(submissions),
        out=out,
        starter=tuple(starter),
        min_code=min_code,
        min_behaviour=min_behaviour,
        gradebook=gradebook,
        use_gradebook=not no_gradebook,
    )
    run = compare_class(request)
    pairs, docs, pages, seconds = run.pairs, run.documents, run.pages, run.seconds
    for line in terminal_lines(pairs, top):
        click.echo(line)
    for name, why in sorted(docs.skipped.items()):
        click.echo(f"not compared: {terminal_plain(name)}: {terminal_plain(why)}", err=True)
    click.echo(
        f"{len(pairs)} pair(s) listed of {len(docs.documents)} submissions in {seconds:.1f} s; "
        f"pages: {terminal_plain(str(pages[0]))}"
    )
