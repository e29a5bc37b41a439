"""``unograde dashboard``: the term's class view, from the gradebook.

``unograde grade ... --out DIR`` writes ``DIR/index.html`` for its run
(:func:`graders.dashboard.render.batch_dashboard`); this verb writes ``OUT/index.html`` for
every assignment of the gradebook (one row per student, one column per assignment) and
``OUT/<assignment>.html``, each assignment's class view, drawn as the batch's is.
"""

from __future__ import annotations

from pathlib import Path

import click

from ..gradebook.options import gradebook_option, open_gradebook
from ..late.options import load_term_policies, term_option
from ..textsafe import terminal_plain
from ..usage import fail


@click.command("dashboard")
@gradebook_option
@click.option(
    "--out", type=click.Path(path_type=Path), required=True, help="The folder to write into."
)
@click.option(
    "--roster",
    "roster_file",
    type=click.Path(path_type=Path),
    help="A roster CSV to use instead of the one imported into the gradebook.",
)
@click.option(
    "--roster-column", "roster_columns", multiple=True, metavar="FIELD=HEADER",
    help="A --roster column by its header (as in `roster import --column`).",
)  # fmt: skip
@click.option("--encoding", default="utf-8", show_default=True, help="The --roster's encoding.")
@click.option(
    "--assignment", "assignments", multiple=True, metavar="ID", help="Only these assignments."
)
@term_option
def dashboard(gradebook, out, roster_file, roster_columns, encoding, assignments, term) -> None:
    """Write OUT/index.html: every assignment of the term, one row per student, with a class
    page per assignment (self-contained HTML; opens offline)."""
    from ..roster.parse import parse_mapping, read_roster
    from .render import term_dashboard

    students = None
    if roster_file is not None:
        students = read_roster(roster_file, parse_mapping(roster_columns), encoding).students
    if out.exists() and not out.is_dir():
        fail(f"{terminal_plain(str(out))}: exists and is not a folder")
    with open_gradebook(gradebook, create=False) as book:
        policies = load_term_policies(term, [a for a, _ in book.assignments()])
        try:
            pages = term_dashboard(book, out, students, assignments, policies)
        except OSError as exc:
            fail(f"{terminal_plain(str(out))}: cannot write the dashboard ({exc.strerror or exc})")
    click.echo(f"wrote {terminal_plain(str(pages[0]))} and {len(pages) - 1} assignment page(s)")


__all__ = ["dashboard"]
