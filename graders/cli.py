"""The ``unograde`` command.

One small function per verb; each turns the user's words into a call on the
library and every expected failure (unknown assignment, missing file, bad input)
into a one-line message on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import click

from .assignment import AssignmentError, list_assignments, load_assignment, split_target

USAGE_ERROR = 2


def fail(message: str) -> None:
    click.echo(f"unograde: {message}", err=True)
    sys.exit(USAGE_ERROR)


def resolve_part(target: str, need_part: bool = True):
    assignment_id, part = split_target(target)
    try:
        assignment = load_assignment(assignment_id)
        if part is not None:
            assignment.part(part)
    except AssignmentError as exc:
        fail(str(exc))
    if need_part and part is None and len(assignment.parts) == 1:
        part = assignment.parts[0].id
    if need_part and part is None:
        parts = ", ".join(f"{assignment.id}/{p.id}" for p in assignment.parts)
        fail(f"name a part: {parts}")
    return assignment, part


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="unograde")
def main() -> None:
    """unograde: reference solutions, fixtures and sandboxed grading for UNO assignments."""


@main.command("list")
def list_command() -> None:
    """List assignments, their parts, function names and points."""
    from rich.console import Console
    from rich.table import Table

    table = Table(title="unograde assignments")
    for column in ("assignment", "part", "function", "points"):
        table.add_column(column)
    for assignment_id in list_assignments():
        try:
            a = load_assignment(assignment_id)
        except (AssignmentError, KeyError) as exc:
            table.add_row(assignment_id, "-", f"(broken: {exc})", "-")
            continue
        for p in a.parts:
            table.add_row(a.id, p.id, p.function, f"{p.points:g}")
    Console().print(table)


@main.command()
@click.argument("target")
@click.argument("file", type=click.Path(path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print a JSON form instead of the text.")
def solve(target: str, file: Path, as_json: bool) -> None:
    """Solve FILE with the reference, e.g. ``unograde solve uno-moves/part03 game.uno``."""
    assignment, part = resolve_part(target)
    plugin = assignment.plugin
    if not file.is_file():
        fail(f"{file}: no such file")
    try:
        if as_json:
            click.echo(json.dumps(plugin.solve_json(part, file), indent=1))
        else:
            click.echo(plugin.solve(part, file), nl=False)
    except ValueError as exc:
        fail(str(exc))


@main.group()
def fixtures() -> None:
    """Generate fixtures with the reference."""


@fixtures.command("generate")
@click.argument("target")
@click.option("--count", default=25, show_default=True, type=click.IntRange(1, 100000))
@click.option("--seed", default=0, show_default=True, type=int)
@click.option("--out", "out", required=True, type=click.Path(path_type=Path))
@click.option("--players", type=click.IntRange(1, 50), help="Number of hands (default: random).")
@click.option("--deck-size", type=click.IntRange(0, 108), help="Cards left in the deck.")
@click.option("--hand-size", type=click.IntRange(0, 30), help="Cards dealt to each hand.")
def fixtures_generate(target, count, seed, out, players, deck_size, hand_size) -> None:
    """Write COUNT reproducible fixtures (inputs and solutions) for TARGET into OUT."""
    assignment, part = resolve_part(target)
    try:
        written = assignment.plugin.generate_fixtures(
            part, count, seed, out, players=players, deck_size=deck_size, hand_size=hand_size
        )
    except (OSError, ValueError) as exc:
        fail(str(exc))
    click.echo(f"wrote {len(written)} files to {out}")


def _parse_formats(text: str) -> list[str]:
    from .report import FORMATS

    formats = [f.strip() for f in text.split(",") if f.strip()]
    unknown = [f for f in formats if f not in FORMATS]
    if unknown:
        fail(f"unknown format {unknown[0]!r} (formats: {', '.join(FORMATS)})")
    return formats


@main.command()
@click.argument("assignment_id", metavar="ASSIGNMENT")
@click.argument("submissions", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--out", type=click.Path(path_type=Path), help="Write reports under OUT/<student>/.")
@click.option("--jobs", default=2, show_default=True, type=click.IntRange(1, 256))
@click.option("--timeout", type=click.FloatRange(0.1, 3600), help="Seconds per case (wall).")
@click.option("--memory", type=click.IntRange(32, 65536), help="Memory cap in MB.")
@click.option("--format", "formats", default="json,md,html,gradescope", show_default=True)
@click.option(
    "--isolation",
    type=click.Choice(["auto", "bwrap", "rlimits"]),
    default="auto",
    show_default=True,
)
@click.option("--public-only", is_flag=True, help="Grade on the public fixtures only.")
@click.option(
    "--submission-timeout",
    type=click.FloatRange(1, 86400),
    help="Wall-clock seconds for all of one submission's cases (default: assignment.toml).",
)
@click.option(
    "--dask",
    "dask_address",
    metavar="ADDRESS",
    help="Grade on a Dask cluster (a scheduler address, or 'local').",
)
def grade(
    assignment_id,
    submissions,
    out,
    jobs,
    timeout,
    memory,
    formats,
    isolation,
    public_only,
    submission_timeout,
    dask_address,
) -> None:
    """Grade one or many SUBMISSIONS (files, folders, notebooks, zips) in parallel.

    Each submission is bounded by its time budget (--submission-timeout), so a batch takes
    at most about (submissions / jobs) x that budget whatever the submissions do.  Ctrl-C
    or SIGTERM stops within seconds, keeps every report already written, and a re-run
    grades only what is missing.
    """
    from dataclasses import replace

    from .grade.batch import grade_batch
    from .run.sandbox import choose_isolation

    try:
        assignment = load_assignment(assignment_id)
        cases = assignment.cases(visibility="public" if public_only else None)
        mode = choose_isolation(isolation)
    except (AssignmentError, RuntimeError, ValueError) as exc:
        fail(str(exc))
    chosen_formats = _parse_formats(formats)
    limits = assignment.limits
    if timeout is not None:
        limits = replace(limits, timeout=timeout, cpu=min(limits.cpu, timeout))
    if memory is not None:
        limits = replace(limits, memory_mb=memory)
    if submission_timeout is not None:
        limits = replace(limits, submission_timeout=submission_timeout)
    for path in submissions:
        if not path.exists():
            fail(f"{path}: no such file or folder")
    if out is not None and out.exists() and not out.is_dir():
        fail(f"{out}: exists and is not a folder")
    from .grade.progress import BatchProgress, interrupt_handlers

    with interrupt_handlers() as stop, BatchProgress(assignment.id) as progress:
        items = grade_batch(
            assignment,
            list(submissions),
            cases,
            out,
            jobs,
            limits,
            chosen_formats,
            mode,
            on_start=progress.start,
            on_done=progress.done,
            on_progress=progress.inflight,
            dask=dask_address,
            stop=stop,
        )
    _grade_summary(assignment, items, mode, out, stop.signal, limits.submission_timeout)


def _grade_summary(
    assignment, items, mode: str, out: Path | None, interrupted: int, budget: float
) -> None:
    """What ``grade`` prints when the batch ends, and its exit status."""
    from rich.console import Console

    from .report.terminal import batch_table, submission_summary
    from .textsafe import terminal_text

    results = [item.result for item in items if item.result is not None]
    stdout = Console()
    if len(items) == 1 and results:
        submission_summary(results[0], stdout)
    elif results:
        part_ids = [p.id for p in assignment.parts]
        stdout.print(batch_table(results, part_ids, f"{assignment.title}: {len(results)} graded"))
    skipped = sum(item.skipped for item in items)
    stdout.print(
        f"isolation: {results[0].isolation if results else mode}", highlight=False, markup=False
    )
    if skipped:
        stdout.print(f"{skipped} unchanged submission(s) skipped (results kept from last run)")
    over = sorted(r.student for r in results if r.budget_hit)
    if over:
        stdout.print(
            f"{len(over)} submission(s) used up their time budget of "
            f"{budget:g} s (cases not run): " + ", ".join(terminal_text(name) for name in over),
            highlight=False,
        )
    if out is not None:
        stdout.print(
            f"reports: {out}/<student>/ (report.html, report.md, result.json, "
            f"results.json); scores: {out / 'scores.csv'}",
            highlight=False,
            markup=False,
        )
    if interrupted:
        missing = sum(item.result is None for item in items)
        click.echo(
            f"unograde: interrupted; {len(results)} graded and kept, {missing} not graded "
            "(run the same command again to finish)",
            err=True,
        )
        sys.exit(128 + interrupted)
    if len(items) == 1 and results and results[0].problem:
        sys.exit(USAGE_ERROR)  # a lone submission that could not run at all: bad input


@main.command()
@click.argument("assignment_id", metavar="ASSIGNMENT")
@click.argument("submission", type=click.Path(path_type=Path))
@click.option("--isolation", type=click.Choice(["auto", "bwrap", "rlimits"]), default="auto")
@click.option("-q", "--quiet", is_flag=True, help="Only the summary line.")
def check(assignment_id, submission, isolation, quiet) -> None:
    """A student's self-check on the public fixtures (pytest underneath).

    Exit status 0 when every public fixture passes, 1 when some fail, 2 on bad input.
    """
    import tempfile

    import pytest

    try:
        load_assignment(assignment_id)
    except AssignmentError as exc:
        fail(str(exc))
    if not submission.exists():
        fail(f"{submission}: no such file or folder")
    with tempfile.TemporaryDirectory(prefix="unograde-check-") as empty:
        args = [
            empty,
            "--unograde-assignment",
            assignment_id,
            "--unograde-submission",
            str(submission.resolve()),
            "--unograde-isolation",
            isolation,
            "--rootdir",
            empty,
            "-p",
            "no:cacheprovider",
            "-q" if quiet else "-v",
            "--tb=short",
            "-o",
            "console_output_style=classic",
        ]
        here = os.getcwd()
        os.chdir(empty)  # test ids then read "part01::seed-part01test01", not a temp path
        try:
            code = pytest.main(args)
        finally:
            os.chdir(here)
    sys.exit(0 if code == 0 else 1 if code == 1 else USAGE_ERROR)


def _plugin_verb(assignment_id: str, verb: str):
    try:
        assignment = load_assignment(assignment_id)
    except AssignmentError as exc:
        fail(str(exc))
    function = getattr(assignment.plugin, verb, None)
    if function is None:
        fail(
            f"{assignment_id} has no `{verb}` (assignments with one: "
            f"{', '.join(a for a in list_assignments() if _has(a, verb)) or 'none'})"
        )
    return assignment, function


def _has(assignment_id: str, verb: str) -> bool:
    try:
        return hasattr(load_assignment(assignment_id).plugin, verb)
    except Exception:  # noqa: BLE001 - a broken assignment simply has no verb
        return False


@main.command()
@click.argument("assignment_id", metavar="ASSIGNMENT")
@click.option("--seed", type=int, help="Make the game reproducible.")
@click.option("--players", type=click.IntRange(1, 10), help="Number of players.")
@click.option("--manual", type=click.IntRange(0, 10), help="Which players a person plays.")
def play(assignment_id, seed, players, manual) -> None:
    """Play an assignment's game in the terminal, through the reference."""
    _, function = _plugin_verb(assignment_id, "play")
    try:
        code = function(seed=seed, players=players, manual=manual)
    except ValueError as exc:
        fail(str(exc))
    sys.exit(code or 0)


@main.command()
@click.argument("assignment_id", metavar="ASSIGNMENT")
@click.argument("strategies", nargs=-1, type=click.Path(path_type=Path))
@click.option("--games", default=100, show_default=True, type=click.IntRange(1, 10**7))
@click.option("--seed", default=0, show_default=True, type=int)
@click.option("--out", type=click.Path(path_type=Path), help="Write the report page here.")
@click.option("--isolation", type=click.Choice(["auto", "bwrap", "rlimits"]), default="auto")
def tournament(assignment_id, strategies, games, seed, out, isolation) -> None:
    """Play seeded games between STRATEGIES (students' players, run in the sandbox) and the
    reference's bots; report win rates with 95% confidence intervals."""
    assignment, function = _plugin_verb(assignment_id, "tournament")
    for path in strategies:
        if not path.exists():
            fail(f"{path}: no such file or folder")
    try:
        code = function(
            assignment, list(strategies), games=games, seed=seed, out=out, isolation=isolation
        )
    except ValueError as exc:
        fail(str(exc))
    sys.exit(code or 0)


if __name__ == "__main__":
    main()
