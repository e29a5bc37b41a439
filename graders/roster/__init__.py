"""``unograde roster``: the class list in the gradebook, and who submitted what.

``roster import FILE.csv`` replaces the gradebook's roster with the file's students (columns
found by their headers or named with ``--column FIELD=HEADER``; a bad file changes nothing
and names its line); ``roster show`` lists the students and, per assignment, the submissions
that match no student and the students without a submission. Matching rules:
:mod:`graders.roster.matching`.
"""

from __future__ import annotations

from pathlib import Path

import click

from ..gradebook.options import gradebook_option, open_gradebook
from ..textsafe import terminal_plain, terminal_text
from ..usage import fail


@click.group("roster")
def roster() -> None:
    """The class list: import it into the gradebook; see who submitted what."""


@roster.command("import")
@click.argument("file", type=click.Path(path_type=Path))
@gradebook_option
@click.option(
    "--column",
    "columns",
    multiple=True,
    metavar="FIELD=HEADER",
    help="Read FIELD (id, name, email, login, section, lms_id) from the column HEADER "
    "(repeatable; unnamed fields are found by their usual headers).",
)
@click.option("--encoding", default="utf-8", show_default=True, help="The file's encoding.")
def import_command(file: Path, gradebook: str | None, columns: tuple[str, ...], encoding: str):
    """Make FILE.csv the gradebook's roster (id, name, email, login, section)."""
    from .parse import parse_mapping, read_roster

    parsed = read_roster(file, parse_mapping(columns), encoding)
    with open_gradebook(gradebook, create=True) as book:
        added, removed = book.replace_roster(parsed.students)
        used = ", ".join(f"{k} from {v!r}" for k, v in parsed.columns.items())
        click.echo(
            f"imported {len(parsed.students)} students into {terminal_plain(book.name)} "
            f"({added} new, {removed} no longer listed); columns: {terminal_plain(used)}"
        )
        for line in parsed.skipped:
            click.echo(f"skipped {terminal_plain(line)}")
        _status(book, ())


@roster.command("show")
@gradebook_option
@click.option(
    "--assignment", "assignments", multiple=True, metavar="ID", help="Only these assignments."
)
def show_command(gradebook: str | None, assignments: tuple[str, ...]) -> None:
    """The roster, and per assignment: unmatched submissions and students without one."""
    from rich.console import Console
    from rich.table import Table

    with open_gradebook(gradebook, create=False) as book:
        students = book.roster()
        table = Table(title=f"roster: {len(students)} students")
        for column in ("id", "name", "login", "email", "section"):
            table.add_column(column)
        for t in students:
            table.add_row(*(terminal_text(v) for v in (t.id, t.name, t.login, t.email, t.section)))
        Console().print(table)
        _status(book, assignments)


@roster.command("extend")
@click.argument("student")
@click.argument("assignment")
@click.option(
    "--until",
    required=True,
    metavar="TIME",
    help="The student's own due date, with its offset: 2025-03-09T23:59:00-05:00.",
)
@click.option("--reason", default="", help="Why (kept with it; shown in the student's report).")
@click.option("--by", help="Who grants it (default: the user running unograde).")
@gradebook_option
def extend_command(student: str, assignment: str, until: str, reason: str, by: str | None,
                   gradebook: str | None) -> None:  # fmt: skip
    """Give STUDENT (roster id, login, email or submission name) their own due date for
    ASSIGNMENT; lateness is then counted from it. Granting again replaces it (both kept)."""
    from ..adjust import default_user
    from ..adjust.people import resolve
    from ..late import parse_time, utc_text

    when = parse_time(until, "--until")
    with open_gradebook(gradebook, create=True) as book:
        graded = [a for a, _ in book.assignments()]
        if assignment not in graded and not _loadable(assignment):
            known = ", ".join(graded) or "none graded"
            fail(f"unknown assignment {terminal_plain(repr(assignment))} ({known})")
        who, _ = resolve(book, student, None)
        granted = book.extend(assignment, who.key, utc_text(when), reason, by or default_user())
    click.echo(
        f"extension {granted.id}: {terminal_plain(who.label)} has until {granted.until} for "
        f"{terminal_plain(assignment)} (by {terminal_plain(granted.by)})"
    )


def _loadable(assignment: str) -> bool:
    from ..assignment import AssignmentError, load_assignment

    try:
        load_assignment(assignment)
    except AssignmentError:
        return False
    return True


def _status(book, assignments: tuple[str, ...]) -> None:
    """Per assignment: how many roster students have a submission, which submissions match
    nobody, which students have none."""
    from .term import load_term

    term = load_term(book, None, assignments)
    if not term.has_roster:
        click.echo("no roster yet: unograde roster import FILE.csv")
        return
    for assignment, _title in term.assignments:
        match = term.matches[assignment]
        name = terminal_plain(assignment)
        click.echo(
            f"{name}: {len(match.counted)} of {len(term.roster)} students have a submission; "
            f"{len(match.unmatched)} submission(s) match no student; "
            f"{len(match.conflicts)} student(s) claimed by several submissions"
        )
        if match.unmatched:
            click.echo("  unmatched submissions: " + _list([g.student for g in match.unmatched]))
        if match.missing:
            click.echo(
                "  without a submission: " + _list([f"{t.name} ({t.id})" for t in match.missing])
            )
        for line in conflict_lines(term, assignment):
            click.echo(f"  {line}")


def conflict_lines(term, assignment: str) -> list[str]:
    """One line per student (or, without a roster, per name) several submissions claim: a
    conflict no command resolves by itself (neither submission counts), terminal-safe."""
    roster = {t.id: t for t in term.roster}
    lines = []
    for key, names in term.conflicts(assignment).items():
        student = roster.get(key)
        who = f"{student.name} ({student.id})" if student is not None else repr(key)
        lines.append(
            f"conflict: {terminal_plain(who)} is claimed by {len(names)} submissions "
            f"({_list(names)}); neither counts until the staff decide which is theirs"
        )
    return lines


def _list(names: list[str]) -> str:
    return ", ".join(terminal_plain(n) for n in names)


__all__ = ["conflict_lines", "roster"]
