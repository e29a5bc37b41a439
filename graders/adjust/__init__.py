"""``unograde adjust`` and ``unograde history``: grades set by hand, with a reason that
survives regrades, and a student's whole record.

``adjust STUDENT ASSIGNMENT [--part P] (--points +2 | --set 18) --reason "..."`` records who
(``--by``, default the user running it) and when; ``--withdraw ID`` takes one back, as a row
of its own (nothing is ever deleted). The score shown everywhere is computed when read
(:mod:`graders.adjust.standing`), so an adjustment outlives every regrade. After either, the
student's report on disk (where the grading's run wrote it) is written again with the
adjustment shown. ``history STUDENT [ASSIGNMENT]`` lists every grading (with what changed
from the one before: score, cases gained and lost), adjustment, withdrawal and extension.

The Python API the commands call: :func:`make_adjustment`, :func:`withdraw_adjustment`,
:func:`history_lines`.
"""

from __future__ import annotations

import getpass
import math
import os

import click

from ..gradebook.options import gradebook_option, open_gradebook
from ..late.options import load_term_policies, term_option
from ..textsafe import terminal_plain
from ..usage import fail


def default_user() -> str:
    """Who is making a change, when ``--by`` does not say: the user running unograde."""
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return os.environ.get("USER") or "unknown"


def make_adjustment(book, student: str, assignment: str, part: str | None, kind: str,
                    value: float, reason: str, by: str):  # fmt: skip
    """Record an adjustment for the student ``student`` names; returns (it, who, grading).
    Raises :class:`graders.adjust.people.StudentError` or
    :class:`graders.gradebook.AdjustmentError` with a one-line reason."""
    from ..gradebook.term_store import AdjustmentError
    from .people import resolve

    if not math.isfinite(value):
        raise AdjustmentError(f"{value!r} is not a number of points")
    _known_assignment(book, assignment)
    who, term = resolve(book, student, assignment, need_grading=True)
    grading = term.grading(assignment, who.student)
    if grading is None:
        raise AdjustmentError(f"{who.label} has no grading of {assignment} that counts to adjust")
    if part is not None and part not in {p.part for p in grading.parts}:
        parts = ", ".join(p.part for p in grading.parts) or "none"
        raise AdjustmentError(f"{assignment} has no part {part!r} (parts: {parts})")
    made = book.adjust(assignment, who.key, part, kind, value, reason, by)
    return made, who, grading


def withdraw_adjustment(book, student: str, assignment: str, adjustment_id: int, reason: str,
                        by: str):  # fmt: skip
    """Withdraw adjustment ``adjustment_id``, which must be ``student``'s on ``assignment``."""
    from ..gradebook.term_store import AdjustmentError
    from .people import resolve

    _known_assignment(book, assignment)
    who, term = resolve(book, student, assignment, need_grading=True)
    keys = {who.key, *who.submissions}
    target = [a for a in book.adjustments(assignment, keys) if a.id == adjustment_id]
    if not target or target[0].kind == "withdraw":
        raise AdjustmentError(
            f"no adjustment {adjustment_id} of {who.label} on {assignment} "
            "(unograde history lists them)"
        )
    done = book.withdraw(adjustment_id, reason, by)
    return done, who, term.grading(assignment, who.student)


def _known_assignment(book, assignment: str) -> None:
    from ..gradebook.term_store import AdjustmentError

    graded = [a for a, _ in book.assignments()]
    if assignment not in graded:
        raise AdjustmentError(
            f"no grading of {assignment!r} in {book.name} (graded: {', '.join(graded) or 'none'})"
        )


def refresh_student(book, who, assignment: str, policies: dict) -> list:
    """Write the student's reports again with their standing; returns the files written."""
    from ..roster.term import load_term
    from .people import refresh_reports, report_folder

    term = load_term(book, None, [assignment], policies)
    grading = term.grading(assignment, who.student)
    if grading is None:
        return []
    folder = report_folder(book, grading)
    if folder is None:
        return []
    standing = term.standing(assignment, who.student, grading)
    try:
        return refresh_reports(folder, standing)
    except (OSError, ValueError, TypeError, KeyError):
        return []  # a report folder changed by hand: the gradebook is what counts


@click.command("adjust")
@click.argument("student")
@click.argument("assignment")
@click.option("--part", metavar="P", help="The part to adjust (default: the total).")
@click.option("--points", type=float, metavar="+N", help="Points to add (negative: take).")
@click.option("--set", "set_to", type=float, metavar="N", help="The points it becomes.")
@click.option("--withdraw", type=int, metavar="ID", help="Withdraw adjustment ID instead.")
@click.option("--reason", required=True, help="Why (shown to the student in their report).")
@click.option("--by", help="Who makes it (default: the user running unograde).")
@term_option
@gradebook_option
def adjust(student, assignment, part, points, set_to, withdraw, reason, by, term, gradebook):
    """Set STUDENT's grade on ASSIGNMENT by hand (--points +2 or --set 18, with --reason),
    or --withdraw an adjustment; recorded with who and when, kept through every regrade."""
    chosen = [x for x in (points, set_to, withdraw) if x is not None]
    if len(chosen) != 1:
        fail("give exactly one of --points N, --set N or --withdraw ID")
    by = by or default_user()
    with open_gradebook(gradebook, create=False) as book:
        if withdraw is not None:
            made, who, _ = withdraw_adjustment(book, student, assignment, withdraw, reason, by)
        else:
            kind, value = ("points", points) if points is not None else ("set", set_to)
            made, who, _ = make_adjustment(book, student, assignment, part, kind, value,
                                           reason, by)  # fmt: skip
        policies = load_term_policies(term, [assignment])
        written = refresh_student(book, who, assignment, policies)
        from ..roster.term import load_term

        view = load_term(book, None, [assignment], policies)
        standing = view.standing(assignment, who.student)
    click.echo(
        f"recorded {'withdrawal' if made.kind == 'withdraw' else 'adjustment'} {made.id}: "
        f"{terminal_plain(who.label)}, {terminal_plain(assignment)}: "
        f"{terminal_plain(made.describe())} (by {terminal_plain(made.by)}, {made.at})"
    )
    if standing is not None:
        for line in standing.lines():
            click.echo(f"  {terminal_plain(line)}")
    for path in written:
        click.echo(f"  rewrote {terminal_plain(str(path))}")


def history_lines(book, student: str, assignment: str | None, policies: dict) -> list[str]:
    """Every grading of the student's submissions (with what changed), every adjustment,
    withdrawal and extension, oldest first; then the standing now. Plain text."""
    from .people import resolve

    who, term = resolve(book, student, assignment)
    assignments = [a for a, _ in term.assignments]
    term.policies = policies
    lines = [f"history of {who.label}"]
    for a in assignments:
        events: list[tuple[str, int, str]] = []
        current = term.grading(a, who.student)
        names = {current.student} if current is not None else set()
        names |= {g.student for g in term.latest.get(a, []) if g.student == who.key}
        gradings = [g for name in sorted(names) for g in book.history(a, name)]
        cases = book.cases([g.id for g in gradings])
        previous: dict[str, tuple] = {}
        for g in sorted(gradings, key=lambda g: g.id):
            before = previous.get(g.student)
            outcome = {c.name: c.outcome for c in cases.get(g.id, [])}
            text = f"graded {g.student}: {_points(g.score)} / {_points(g.max_score)}"
            if before is not None:
                old, old_outcome = before
                delta = g.score - old.score
                text += f" ({'+' if delta >= 0 else ''}{_points(delta)})"
                gained = sorted(
                    n
                    for n, o in outcome.items()
                    if o == "passed" and old_outcome.get(n) != "passed"
                )
                lost = sorted(n for n, o in old_outcome.items()
                              if o == "passed" and outcome.get(n) != "passed")  # fmt: skip
                text += f"; cases gained: {_few(gained)}; lost: {_few(lost)}"
                if g.digest != old.digest:
                    text += "; a new submission"
            if g.submitted_at:
                text += f"; submitted {g.submitted_at} ({g.submitted_from or 'unknown source'})"
            text += f" [run {g.run_id}, grader {g.grader_version}]"
            events.append((g.graded_at, 0, text))
            previous[g.student] = (g, outcome)
        keys = {who.key, *names}
        for adj in book.adjustments(a, keys):
            if adj.kind == "withdraw":
                text = f"withdrew adjustment {adj.withdraws} (by {adj.by}): {adj.reason}"
            else:
                text = f"adjustment {adj.id}: {adj.describe()} (by {adj.by}): {adj.reason}"
            events.append((adj.at, 1, text))
        for ext in book.extensions(a):
            if ext.student in keys:
                events.append((ext.at, 2, f"extension until {ext.until} (by {ext.by}): "
                                          f"{ext.reason or '-'}"))  # fmt: skip
        if not events:
            continue
        lines.append(f"{a}:")
        lines += [f"  {when}  {text}" for when, _, text in sorted(events)]
        standing = term.standing(a, who.student) if current is not None else None
        if standing is not None:
            lines += [f"  now: {line}" for line in standing.lines()]
    if len(lines) == 1:
        lines.append("  nothing recorded")
    return lines


def _few(names: list[str], limit: int = 8) -> str:
    if not names:
        return "none"
    shown = ", ".join(names[:limit])
    return shown + (f" and {len(names) - limit} more" if len(names) > limit else "")


def _points(value: float) -> str:
    text = f"{round(value, 2):.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


@click.command("history")
@click.argument("student")
@click.argument("assignment", required=False)
@term_option
@gradebook_option
def history(student, assignment, term, gradebook) -> None:
    """Every grading of STUDENT's submissions (score, cases gained and lost), every
    adjustment, withdrawal and extension, oldest first, and the score that counts now."""
    with open_gradebook(gradebook, create=False) as book:
        graded = [a for a, _ in book.assignments()]
        policies = load_term_policies(term, graded)
        lines = history_lines(book, student, assignment, policies)
    for line in lines:
        click.echo(terminal_plain(line))


__all__ = ["adjust", "history", "history_lines", "make_adjustment", "withdraw_adjustment"]
