"""``unograde play uno-lab``: a game in the terminal through the reference.

The CLI calls :func:`play_cli`; everything it prints goes through ``print_fn`` and everything it
reads through ``input_fn``, so the CLI can use the terminal and tests can script both.
"""

from __future__ import annotations

from collections.abc import Callable

import unolab
from unolab import Player, show

from .outcome import game
from .strategies import Naive

PLAYER_NAMES = (
    "Sergey", "Pavel", "Saveliy", "Igor", "Gennadiy", "Irina", "Elsa", "Sevastian", "Arseniy",
    "Olga", "Efim", "Gerasim", "Samuil", "Erofei", "Nina",
)  # fmt: skip
"""The seed's players first (section 5 and the course's tests), then more up to 15."""


def make_players(players: int, manual: int) -> list[Player]:
    """``players`` Naive players; the first ``manual`` of them are played by a human."""
    if not 1 <= players <= len(PLAYER_NAMES):
        raise ValueError(f"--players must be between 1 and {len(PLAYER_NAMES)}, not {players}")
    if not 0 <= manual <= players:
        raise ValueError(f"--manual must be between 0 and {players}, not {manual}")
    return [
        Player.make(name, [], Naive.ownStrategy, i < manual)
        for i, name in enumerate(PLAYER_NAMES[:players])
    ]


def format_result(result: tuple[str, list[tuple[str, int]]]) -> str:
    """The result the way the seed shows it: ``val res = ("Arseniy", [("Sevastian", 28), ...])``."""
    winner, losses = result
    return f"\nval res =\n    ({show(winner)},\n    {show(list(losses))})\n"


def play_cli(
    players: int,
    manual: int,
    seed: int | None,
    input_fn: Callable[[], str],
    print_fn: Callable[[str], object],
) -> tuple[str, list[tuple[str, int]]]:
    """Play one game of ``players`` (``manual`` of them human) and return its result.

    ``input_fn()`` returns one line typed by the human ("" or EOFError: end of input, which
    switches the player to automatic mode); ``print_fn(text)`` must write ``text`` as it is (it
    already holds its newlines), e.g. ``functools.partial(print, end="")``.  ``seed`` makes the
    shuffles reproducible; None seeds from the system.  Raises ValueError for bad counts.
    """
    roster = make_players(players, manual)

    def read() -> str:
        try:
            line = input_fn()
        except EOFError:
            return ""
        return line if line.endswith("\n") else line + "\n"

    with unolab.using_io(print_fn, read), unolab.seeded(seed if seed is not None else _fresh()):
        result = game(roster)
    print_fn(format_result(result))
    return result


def _fresh() -> int:
    import random

    return random.SystemRandom().randrange(2**32)
