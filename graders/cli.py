"""The ``unograde`` command.

One small function per verb; each turns the user's words into a call on the
library and every expected failure (unknown assignment, missing file, bad input)
into a one-line message on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import json
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


if __name__ == "__main__":
    main()
