"""Ready-made extra commands an assignment can offer through ``Commands.commands()``.

Two assignments with a terminal game should not each define ``--seed`` and ``--players``:
``play_command`` builds the one ``unograde play ASSIGNMENT`` every game uses. (Tournaments
have theirs in :mod:`graders.tournaments.cli`.)
"""

from __future__ import annotations

from collections.abc import Callable

import click

PlayFunction = Callable[..., int | None]


def play_command(run: PlayFunction, help_text: str) -> click.Command:
    """``unograde play ASSIGNMENT [--seed S] [--players N] [--manual K]``.

    ``run(seed=..., players=..., manual=...)`` plays the game and returns an exit status; a
    bad count raises ``ValueError`` (a one-line message, exit status 2)."""

    def callback(seed: int | None, players: int | None, manual: int | None) -> int:
        return run(seed=seed, players=players, manual=manual) or 0

    return click.Command(
        "play",
        callback=callback,
        help=help_text,
        params=[
            click.Option(["--seed"], type=int, help="Make the game reproducible."),
            click.Option(["--players"], type=click.IntRange(1, 10), help="Number of players."),
            click.Option(
                ["--manual"], type=click.IntRange(0, 10), help="Which players a person plays."
            ),
        ],
    )
