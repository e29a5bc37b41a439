"""``unograde kit ASSIGNMENT [--out KIT.zip]``: the command around :func:`build_kit`."""

from __future__ import annotations

from pathlib import Path

import click


@click.command("kit")
@click.argument("assignment_id", metavar="ASSIGNMENT")
@click.option(
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    help="The zip to write (default: ASSIGNMENT-kit.zip here).",
)
def kit_command(assignment_id: str, out: Path | None) -> None:
    """A self-check kit for students: the assignment's page, starters, the public cases with
    their expected results, and a check run with plain `python -m pytest`, without unograde
    (no reference, no hidden case, no solution)."""
    from ..assignment import load_assignment
    from .build import build_kit

    assignment = load_assignment(assignment_id)
    summary = build_kit(assignment, out or Path(f"{assignment.id}-kit.zip"))
    click.echo(
        f"wrote {summary.path}: {summary.cases} public cases, {len(summary.files)} files "
        f"(students: unzip, then `python -m pip install -r requirements.txt` and "
        "`python -m pytest` in the folder)"
    )
