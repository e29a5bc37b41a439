"""What the terminal shows: a short summary per submission, a table for a batch."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.table import Table

from ..results import OUTCOMES, SubmissionResult
from ..textsafe import cap_text, terminal_plain, terminal_text


def _outcome(key: str) -> str:
    return OUTCOMES.get(key, key)


def _cell(text: str, limit: int = 60) -> str:
    """A table cell from student-controlled text: no escapes, no markup, bounded."""
    return terminal_text(cap_text(terminal_plain(text), limit))


SHOWN_FAILURES = 5


def submission_summary(
    result: SubmissionResult, console: Console, details: bool = True, report: Path | None = None
) -> None:
    """One submission's score, parts and first failures; the rest are counted and the report
    that holds them all is named (``report``: its ``report.md``, when one was written)."""
    colour = "green" if result.score >= result.max_score else "yellow" if result.score else "red"
    console.print(
        f"[bold]{terminal_text(result.student)}[/bold]: [{colour}]{round(result.score, 2):g} / "
        f"{result.max_score:g}[/]"
    )
    if result.problem:
        console.print(
            f"  [red]could not run:[/red] {terminal_text(cap_text(result.problem, 500))}",
            highlight=False,
        )
    for part in result.parts:
        console.print(
            f"  {part.id} {part.function}: {part.passed}/{part.total} cases, "
            f"{round(part.points, 2):g}/{part.max_points:g} points",
            highlight=False,
            markup=False,
        )
    if details:
        shown = 0
        for case in result.cases:
            if case.passed or shown >= SHOWN_FAILURES:
                continue
            shown += 1
            name = terminal_text(f"{case.part} {case.name}")
            if case.hidden:
                console.print(
                    f"  [red]✘[/red] {name} (hidden): {terminal_text(_outcome(case.outcome))}",
                    highlight=False,
                )
                found = case.counterexample or {}
                if found.get("found") and found.get("summary"):  # a fresh case: public
                    given = " / ".join(map(str, found.get("input") or []))
                    line = cap_text(f"{found['summary']}: {given}", 600)
                    console.print(f"      {terminal_plain(line)}", highlight=False, markup=False)
                continue
            console.print(
                f"  [red]✘[/red] {name}: {terminal_text(_outcome(case.outcome))}", highlight=False
            )
            first = case.first_divergence or {}
            if first.get("summary"):  # where it went wrong comes before how the end differs
                where = terminal_plain(cap_text(str(first["summary"]), 500))
                console.print(
                    f"      where it went wrong: {where}",
                    highlight=False,
                    markup=False,
                )
            for line in case.messages[:3]:
                console.print(
                    f"      {terminal_plain(cap_text(line, 500))}", highlight=False, markup=False
                )
        more = sum(not case.passed for case in result.cases) - shown
        if more > 0:
            where = (
                f"see {terminal_plain(str(report))}"
                if report is not None
                else "grade with --out DIR for a report of every case"
            )
            console.print(
                f"  ... and {more} more failed case{'s' if more != 1 else ''} ({where})",
                highlight=False,
                markup=False,
            )
    for note in result.notes:
        console.print(
            f"  note: {terminal_plain(cap_text(note, 500))}", highlight=False, markup=False
        )
    for line in result.review:
        console.print(
            f"  review: {terminal_plain(cap_text(line, 500))}", highlight=False, markup=False
        )
    if result.deduction:
        console.print(f"  deduction: {round(result.deduction, 2):g} points", highlight=False)


MAX_PART_COLUMNS = 6


def batch_table(results: list[SubmissionResult], part_ids: list[str], title: str) -> Table:
    """One row per student; with many parts (32, say), a "cases" column instead of one
    column per part, so that the table stays readable in 80 columns (scores.csv has them all)."""
    table = Table(title=title)
    table.add_column("student")
    if len(part_ids) > MAX_PART_COLUMNS:
        table.add_column("cases passed", justify="right")
        table.add_column("total", justify="right")
        table.add_column("notes")
        for result in sorted(results, key=lambda r: r.student):
            passed = sum(c.passed for c in result.cases)
            outcomes = sorted({_outcome(c.outcome) for c in result.cases if not c.passed})
            table.add_row(
                _cell(result.student, 80),
                f"{passed}/{len(result.cases)}",
                f"{round(result.score, 2):g}/{result.max_score:g}",
                _cell(result.problem or ", ".join(outcomes)),
            )
        return table
    for part in part_ids:
        table.add_column(part, justify="right")
    table.add_column("total", justify="right")
    table.add_column("notes")
    for result in sorted(results, key=lambda r: r.student):
        points = {p.id: f"{round(p.points, 2):g}" for p in result.parts}
        outcomes = sorted({_outcome(c.outcome) for c in result.cases if not c.passed})
        note = _cell(result.problem or ", ".join(outcomes))
        table.add_row(
            _cell(result.student, 80),
            *(points.get(p, "-") for p in part_ids),
            f"{round(result.score, 2):g}/{result.max_score:g}",
            note,
        )
    return table
