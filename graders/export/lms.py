"""Exports of the gradebook an LMS imports: Canvas, Moodle, and a long CSV for anything else.

- ``canvas``: Canvas's gradebook import format: ``Student, ID, SIS User ID, SIS Login ID,
  Section``, then one column per assignment, after a ``Points Possible`` row as Canvas's own
  export writes it. ``ID`` is Canvas's user id (the roster's ``lms_id``), ``SIS User ID`` the
  roster's id, ``SIS Login ID`` its login. A column named after an assignment Canvas does not
  have makes a new one; ``--column ID="Name (1234)"`` fills Canvas's assignment 1234.
- ``moodle``: Moodle's "Import grades from CSV": ``First name, Last name, ID number,
  Username, Email address``, then one column per assignment; on import, map "ID number" (or
  email, or username) to the user and each column to its grade item.
- ``csv``: one row per student, assignment and part (and ``total``), with the submission
  that counts; submissions that match no roster student are rows too, with no student.

A roster student several submissions claim (``alice.py``, and a zip's ``alice/``) is a
conflict: no score for them in any export (an empty cell; in ``csv`` the submission column
says ``conflict:`` and names the claims), and each conflict is named on stderr, as ``grade``
and ``roster show`` name it. Which one is the student's is for the staff to decide.

Every roster student gets a row, empty where nothing was submitted; the latest grading of a
submission counts. Each text cell goes through :func:`graders.textsafe.csv_cell` (a name
``=cmd|...`` reaches the spreadsheet as text). The file is written atomically, readable by
its owner only, as ``scores.csv`` is.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from pathlib import Path

import click

from ..gradebook.options import gradebook_option, open_gradebook
from ..gradebook.records import Student
from ..late.options import load_term_policies, term_option
from ..textsafe import csv_cell, terminal_plain
from ..usage import fail

TOTAL = "total"


def points_text(value: float) -> str:
    """Points as a plain decimal (``83.09``, ``25``, ``1250``), never in exponent form."""
    text = f"{round(value, 2):.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _csv(rows: list[list[str]]) -> str:
    out = io.StringIO()
    csv.writer(out, lineterminator="\r\n").writerows(rows)  # RFC 4180, as LMSs expect
    return out.getvalue()


def split_name(name: str) -> tuple[str, str]:
    """(first, last) of a roster name: ``Doe, Jane`` and ``Jane Doe`` both give
    (``Jane``, ``Doe``); one word is a last name."""
    if "," in name:
        last, _, first = name.partition(",")
        return first.strip(), last.strip()
    words = name.split()
    if len(words) <= 1:
        return "", name.strip()
    return " ".join(words[:-1]), words[-1]


def _score(term, assignment: str, student) -> str:
    """The score that counts: graded, adjusted by hand, less any late penalty."""
    score = term.score(assignment, student)
    return "" if score is None else points_text(score)


def canvas_rows(term, headers: dict[str, str]) -> list[list[str]]:
    assignments = [a for a, _ in term.assignments]
    rows = [
        ["Student", "ID", "SIS User ID", "SIS Login ID", "Section",
         *(csv_cell(headers.get(a, a)) for a in assignments)],
        ["Points Possible", "", "", "", "",
         *(points_text(term.max_score(a)) for a in assignments)],
    ]  # fmt: skip
    for t in term.rows():
        cells = [t.name, t.lms_id, t.id, t.login, t.section]
        rows.append([*(csv_cell(c) for c in cells), *(_score(term, a, t) for a in assignments)])
    return rows


def moodle_rows(term, headers: dict[str, str]) -> list[list[str]]:
    assignments = [a for a, _ in term.assignments]
    rows = [
        ["First name", "Last name", "ID number", "Username", "Email address",
         *(csv_cell(headers.get(a, a)) for a in assignments)],
    ]  # fmt: skip
    for t in term.rows():
        first, last = split_name(t.name)
        cells = [first, last, t.id, t.login, t.email]
        rows.append([*(csv_cell(c) for c in cells), *(_score(term, a, t) for a in assignments)])
    return rows


def _parts(term, assignment: str) -> list[str]:
    """The assignment's parts, in their order, from its gradings."""
    found: dict[str, None] = {}
    for grading in term.latest.get(assignment, []):
        for part in grading.parts:
            found.setdefault(part.part)
    return list(found)


LONG_HEADER = ["student", "name", "email", "login", "section", "submission", "assignment",
               "part", "score", "max_score", "graded_at", "graded_score", "adjustments",
               "submitted_at", "lateness", "late_penalty"]  # fmt: skip


def long_rows(term) -> list[list[str]]:
    rows = [list(LONG_HEADER)]

    def add(who: list[str], assignment: str, grading, standing, parts: list[str],
            note: str = "") -> None:  # fmt: skip
        points = {p.part: p for p in grading.parts} if grading is not None else {}
        for part in [*parts, TOTAL]:
            extra = ["", "", "", "", ""]
            if grading is None:
                score, most, submission, when = "", "", note, ""
            else:
                row = points.get(part)
                graded = grading.score if part == TOTAL else row.points if row else 0
                final = standing.final if part == TOTAL else standing.part_points(part)
                score = points_text(graded if final is None else final)
                most = points_text(
                    grading.max_score if part == TOTAL else row.max_points if row else 0
                )
                submission, when = grading.student, grading.graded_at
                made = [a for a in standing.adjustments if (a.part or TOTAL) == part]
                late = standing.lateness if part == TOTAL else None
                extra = [
                    points_text(graded),
                    csv_cell("; ".join(f"{a.describe()}: {a.reason}" for a in made)),
                    csv_cell(grading.submitted_at or ""),
                    csv_cell(late.note if late is not None else ""),
                    points_text(late.penalty) if late is not None else "",
                ]
            rows.append(
                [*(csv_cell(c) for c in who), csv_cell(submission), csv_cell(assignment),
                 csv_cell(part), score, most, when, *extra]
            )  # fmt: skip

    for assignment, _ in term.assignments:
        parts = _parts(term, assignment)
        conflicts = term.conflicts(assignment) if term.has_roster else {}
        for t in term.rows():
            who = [t.id, t.name, t.email, t.login, t.section]
            # A student several submissions claim: no score, and the claims in its place.
            note = f"conflict: {', '.join(conflicts[t.id])}" if t.id in conflicts else ""
            grading = term.grading(assignment, t)
            add(who, assignment, grading, term.standing(assignment, t, grading), parts, note)
        for grading in term.unmatched(assignment):
            nobody = Student(id=grading.student, name="")
            add(["", "", "", "", ""], assignment, grading,
                term.standing(assignment, nobody, grading), parts)  # fmt: skip
    return rows


def _report(term, out: Path) -> None:
    """What the instructor must know about the file just written (stderr)."""
    click.echo(
        f"wrote {terminal_plain(str(out))}: {len(term.rows())} students, "
        f"{len(term.assignments)} assignment(s)",
        err=True,
    )
    if not term.has_roster:
        click.echo("no roster: one row per submission name (unograde roster import)", err=True)
    for assignment, _ in term.assignments if term.has_roster else ():
        missing, unmatched = term.missing(assignment), term.unmatched(assignment)
        if missing:
            click.echo(
                f"{terminal_plain(assignment)}: {len(missing)} student(s) without a submission "
                f"(empty cells): {_names([t.name or t.id for t in missing])}",
                err=True,
            )
        if unmatched:
            click.echo(
                f"{terminal_plain(assignment)}: {len(unmatched)} submission(s) match no roster "
                f"student and are not in this file: {_names([g.student for g in unmatched])}",
                err=True,
            )
    from ..roster import conflict_lines

    shown = " (an empty cell in this file)" if term.has_roster else ""
    for assignment, _ in term.assignments:
        for line in conflict_lines(term, assignment):
            click.echo(f"{terminal_plain(assignment)}: {line}{shown}", err=True)


def _names(names: list[str], limit: int = 12) -> str:
    shown = ", ".join(terminal_plain(n) for n in names[:limit])
    return shown + (f" and {len(names) - limit} more" if len(names) > limit else "")


def _headers(pairs: tuple[str, ...]) -> dict[str, str]:
    headers = {}
    for pair in pairs:
        assignment, sep, header = pair.partition("=")
        if not sep or not assignment.strip() or not header.strip():
            fail(f"--column {pair!r}: expected ASSIGNMENT=HEADER")
        headers[assignment.strip()] = header.strip()
    return headers


def _export(
    kind: str,
    build: Callable,
    gradebook: str | None,
    roster_file: Path | None,
    roster_columns: tuple[str, ...],
    encoding: str,
    assignments: tuple[str, ...],
    columns: tuple[str, ...],
    out: Path,
    needs_roster: bool,
    term_path: str | None = None,
) -> None:
    from ..report import write_atomic
    from ..roster.parse import parse_mapping, read_roster
    from ..roster.term import load_term

    headers = _headers(columns)
    students = None
    if roster_file is not None:
        students = read_roster(roster_file, parse_mapping(roster_columns), encoding).students
    if out.is_dir():
        fail(f"{terminal_plain(str(out))}: is a folder; --out names the file to write")
    with open_gradebook(gradebook, create=False) as book:
        policies = load_term_policies(term_path, [a for a, _ in book.assignments()])
        term = load_term(book, students, assignments, policies)
    if needs_roster and not term.has_roster:
        fail(
            f"a {kind} import matches students by their ids, so it needs a roster: "
            "unograde roster import FILE.csv, or --roster FILE.csv"
        )
    if not term.assignments:
        fail(f"{terminal_plain(book.name)}: nothing graded yet")
    unknown = sorted(set(headers) - {a for a, _ in term.assignments})
    if unknown:
        fail(f"--column {terminal_plain(unknown[0])}=...: no such assignment in this export")
    text = _csv(build(term, headers) if kind != "csv" else build(term))
    try:
        write_atomic(out, text)
    except OSError as exc:
        fail(f"{terminal_plain(str(out))}: cannot write it ({exc.strerror or exc})")
    _report(term, out)


def _options(function: Callable) -> Callable:
    function = click.option(
        "--out", type=click.Path(path_type=Path), required=True, help="The CSV file to write."
    )(function)
    function = click.option(
        "--assignment",
        "assignments",
        multiple=True,
        metavar="ID",
        help="Only these assignments, in this order (repeatable; default: all, by id).",
    )(function)
    function = click.option(
        "--encoding", default="utf-8", show_default=True, help="The --roster file's encoding."
    )(function)
    function = click.option(
        "--roster-column",
        "roster_columns",
        multiple=True,
        metavar="FIELD=HEADER",
        help="A --roster column by its header (as in `roster import --column`).",
    )(function)
    function = click.option(
        "--roster",
        "roster_file",
        type=click.Path(path_type=Path),
        help="A roster CSV to use instead of the one imported into the gradebook.",
    )(function)
    return term_option(gradebook_option(function))


def _column_option(function: Callable) -> Callable:
    return click.option(
        "--column",
        "columns",
        multiple=True,
        metavar="ASSIGNMENT=HEADER",
        help="The LMS's name for an assignment's column (repeatable; default: its id).",
    )(function)


@click.command("canvas")
@_options
@_column_option
def canvas(term, gradebook, roster_file, roster_columns, encoding, assignments, out, columns):
    """Canvas's gradebook import CSV: Student, ID, SIS User ID, SIS Login ID, Section, then
    one column per assignment; every roster student a row."""
    _export("Canvas", canvas_rows, gradebook, roster_file, roster_columns, encoding,
            assignments, columns, out, needs_roster=True, term_path=term)  # fmt: skip


@click.command("moodle")
@_options
@_column_option
def moodle(term, gradebook, roster_file, roster_columns, encoding, assignments, out, columns):
    """Moodle's grade import CSV: First name, Last name, ID number, Username, Email address,
    then one column per assignment; every roster student a row."""
    _export("Moodle", moodle_rows, gradebook, roster_file, roster_columns, encoding,
            assignments, columns, out, needs_roster=True, term_path=term)  # fmt: skip


@click.command("csv")
@_options
def long_csv(term, gradebook, roster_file, roster_columns, encoding, assignments, out) -> None:
    """A long CSV: one row per student, assignment and part (and total), with the submission
    that counts and when it was graded."""
    _export("csv", long_rows, gradebook, roster_file, roster_columns, encoding,
            assignments, (), out, needs_roster=False, term_path=term)  # fmt: skip


COMMANDS = (canvas, moodle, long_csv)
