"""uno-lab: the reference for the 32-task UNO engine lab (seed 001), ported from Standard ML.

Importing this package first loads the assignment's provided definitions
(``assignments/uno-lab/starter/unolab.py``) under the module name ``unolab``, the very file that
submissions import, so that cards, moves, players and desks are one set of types for the reference,
the fixtures and the students.  Then it offers every provided name together with the 32 tasks:
``from reference import uno_lab; uno_lab.cardSort([...])``.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from graders.paths import assignment_dir


def _load_definitions() -> object:
    """Load ``unolab.py`` once, register it as ``unolab`` and return it.

    When a module named ``unolab`` is already loaded from the same file (a submission imported it
    first) it is reused, so types stay shared; one loaded from another file is replaced.
    """
    path = (assignment_dir("uno-lab") / "starter" / "unolab.py").resolve()
    loaded = sys.modules.get("unolab")
    if loaded is not None and getattr(loaded, "__file__", None):
        if Path(loaded.__file__).resolve() == path:
            return loaded
    spec = importlib.util.spec_from_file_location("unolab", path)
    if spec is None or spec.loader is None:  # pragma: no cover - a broken checkout
        raise ImportError(f"uno-lab: cannot load the provided definitions from {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules["unolab"] = module
    spec.loader.exec_module(module)
    return module


definitions = _load_definitions()

from unolab import *  # noqa: E402, F403

from .cards import cardCount, cardValue, deck, oppositeDir, removeCard, sumCards  # noqa: E402
from .dealing import deal, deskNormalize, draw, drawFour, drawTwo, nextPlayer  # noqa: E402

# The lab's names in the seed's order (33 names for 32 tasks) and each one's task number, as
# the assignment's feedback module (which students' self-check kits carry) has them.
from .feedback import FEEDBACK  # noqa: E402
from .ordering import cardSort, colorIsLT, isLT, precedes, rankIsLT  # noqa: E402
from .outcome import checkWinner, game, playerLoss  # noqa: E402
from .play import play_cli  # noqa: E402
from .playability import (  # noqa: E402
    cardsToPlay,
    countCards,
    hasColor,
    playableWhenExec,
    playableWhenProc,
    playableWhenWild,
    requiredColor,
)
from .strategies import Manual, Naive  # noqa: E402

# The submodule ``play`` (the terminal game, ``play_cli``) shares its name with task 27.  It is
# imported above, before ``turns``, so that the name ``play`` ends up bound to the task; a later
# ``from reference.uno_lab.play import play_cli`` finds the module loaded and leaves it so.
from .turns import askPlayerForCard, execution, moveAction, play, yourTurn  # noqa: E402

TASKS: tuple[str, ...] = FEEDBACK.TASKS
TASK_NUMBER: dict[str, int] = FEEDBACK.TASK_NUMBER

TASK_POINTS: dict[int, int] = {
    1: 3, 2: 2, 3: 3, 4: 2, 5: 2, 6: 2, 7: 1, 8: 3, 9: 2, 10: 3, 11: 5, 12: 3, 13: 4, 14: 4,
    15: 2, 16: 2, 17: 2, 18: 2, 19: 2, 20: 5, 21: 2, 22: 2, 23: 2, 24: 3, 25: 6, 26: 3, 27: 8,
    28: 4, 29: 6, 30: 2, 31: 3, 32: 5,
}  # fmt: skip
"""Points per task number, 100 in all (the seed gives none: see the page's Decisions)."""

__all__ = [
    "precedes",
    "colorIsLT",
    "rankIsLT",
    "isLT",
    "cardSort",
    "cardValue",
    "sumCards",
    "oppositeDir",
    "removeCard",
    "cardCount",
    "deck",
    "deal",
    "nextPlayer",
    "deskNormalize",
    "draw",
    "drawTwo",
    "drawFour",
    "playableWhenWild",
    "playableWhenExec",
    "playableWhenProc",
    "cardsToPlay",
    "requiredColor",
    "hasColor",
    "countCards",
    "Naive",
    "moveAction",
    "askPlayerForCard",
    "play",
    "execution",
    "yourTurn",
    "playerLoss",
    "checkWinner",
    "game",
    "Manual",
    "play_cli",
    "TASKS",
    "TASK_POINTS",
    "TASK_NUMBER",
    "definitions",
]
__all__ += definitions.__all__
