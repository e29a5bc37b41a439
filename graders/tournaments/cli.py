"""``unograde tournament ASSIGNMENT [PLAYERS...]``: the one command every tournament uses.

An assignment with a tournament offers ``tournament_command(run)`` through
``Commands.commands()``; the options, the checks of the players' paths and the exit status are
the same for every game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import click

TournamentFunction = Callable[..., int | None]


def tournament_command(run: TournamentFunction, help_text: str) -> click.Command:
    """``run(paths, games=..., seed=..., out=..., isolation=...)`` plays and reports; bad
    arguments raise ``ValueError`` (a one-line message, exit status 2)."""

    def callback(
        players: Sequence[Path], games: int, seed: int, out: Path | None, isolation: str
    ) -> int:
        for path in players:
            if not path.exists():
                raise ValueError(f"{path}: no such file or folder")
        return run(list(players), games=games, seed=seed, out=out, isolation=isolation) or 0

    return click.Command(
        "tournament",
        callback=callback,
        help=help_text,
        params=[
            click.Argument(["players"], nargs=-1, type=click.Path(path_type=Path)),
            click.Option(
                ["--games"], default=100, show_default=True, type=click.IntRange(1, 10**7)
            ),
            click.Option(["--seed"], default=0, show_default=True, type=int),
            click.Option(
                ["--out"], type=click.Path(path_type=Path), help="Write the report page here."
            ),
            click.Option(
                ["--isolation"],
                type=click.Choice(["auto", "bwrap", "rlimits"]),
                default="auto",
                show_default=True,
            ),
        ],
    )
