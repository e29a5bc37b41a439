"""Students' strategies in the sandbox, and the tournaments the grader plays with them.

A student's strategy never runs in the grader's process.  Each one gets a sandboxed child
(``graders.run.sandbox.Session``) that imports it once and is kept for the whole tournament;
every decision is one call, handed the player's view as plain data and answering with an
action as plain data (``assignments/uno-official/adapter.py`` converts on the child's side).
The game itself, the bots and the rules stay here, out of the student's reach: a strategy
cannot change the engine, see other hands or the draw pile, or take back a move.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from graders.assignment import Assignment
from graders.grade.engine import ADAPTER_MODULE
from graders.run.sandbox import Session
from graders.tournaments.arena import SandboxedPlayer, Words, sandboxes
from graders.vocabulary import Limits

from .bots import BOTS, Strategy
from .serialize import UnoFormatError, action_from_json, view_to_json
from .state import Action
from .tournament import (
    StrategyFailure,
    Threshold,
    TournamentResult,
    lineup_against_bots,
    reference_lineup,
    run_tournament,
)
from .view import PlayerView

SEATS = 4


@dataclass(frozen=True)
class TournamentConfig:
    """``[extra.tournament]`` of ``assignment.toml``."""

    games: int = 200
    seed: int = 2024
    opponents: str = "simple"
    max_failures: int = 3
    thresholds: tuple[Threshold, ...] = field(default_factory=tuple)


def tournament_config(assignment: Assignment) -> TournamentConfig:
    """Read and check the configuration; a mistake names its place in ``assignment.toml``."""
    where = f"{assignment.folder / 'assignment.toml'}: extra.tournament"
    raw = assignment.extra.get("tournament", {})
    if not isinstance(raw, dict):
        raise ValueError(f"{where}: expected a table")

    def get(key: str, kind: type, default: Any, place: str = where, table: dict = raw) -> Any:
        value = table.get(key, default)
        if kind is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
            raise ValueError(f"{place}.{key}: expected {kind.__name__}, got {value!r}")
        return value

    opponents = get("opponents", str, "simple")
    if opponents not in BOTS:
        raise ValueError(f"{where}.opponents: {opponents!r} is not one of {', '.join(BOTS)}")
    thresholds = []
    for k, t in enumerate(raw.get("thresholds", [])):
        place = f"{where}.thresholds[{k}]"
        if not isinstance(t, dict):
            raise ValueError(f"{place}: expected a table")
        metric = get("metric", str, "", place, t)
        if metric not in ("win_rate", "points"):
            raise ValueError(f"{place}.metric: expected 'win_rate' or 'points', got {metric!r}")
        versus = get("opponents", str, opponents, place, t)
        if versus not in BOTS:
            raise ValueError(f"{place}.opponents: {versus!r} is not one of {', '.join(BOTS)}")
        thresholds.append(
            Threshold(
                metric=metric,
                minimum=get("minimum", float, 0.0, place, t),
                points=get("points", float, 0.0, place, t),
                description=get("description", str, "", place, t),
                opponents=versus,
                name=get("name", str, f"threshold-{k + 1}", place, t),
            )
        )
    config = TournamentConfig(
        games=get("games", int, 200),
        seed=get("seed", int, 2024),
        opponents=opponents,
        max_failures=get("max_failures", int, 3),
        thresholds=tuple(thresholds),
    )
    if config.games < 1 or config.max_failures < 1:
        raise ValueError(f"{where}: games and max_failures must be at least 1")
    return config


WORDS = Words(who="the strategy", function="strategy", module="the strategy")


class SandboxedStrategy(SandboxedPlayer):
    """A strategy that lives in a sandboxed child (the shared arena's player); called like any
    ``Strategy``.

    A move with a single legal action is not asked for: there is nothing to decide (and the
    assignment's probe cases check that a strategy answers such moves).  Anything but an
    action raises ``StrategyFailure`` (the tournament forfeits that game and reports it).
    """

    def __init__(self, session: Session, max_failures: int = 3, name: str = "") -> None:
        super().__init__(name, session, WORDS, max_failures)

    def __call__(self, view: PlayerView) -> Action:
        if len(view.legal) == 1:
            return view.legal[0]
        # As one JSON text: it crosses the pipe and the child's checks far faster than nested
        # containers (the adapter reads it back).
        return _to_action(self.ask(json.dumps(view_to_json(view), separators=(",", ":"))))


def _to_action(value: object) -> Action:
    """The adapter's plain action as an ``Action``; anything else is a misplay, never fixed."""
    if not isinstance(value, dict):
        raise StrategyFailure(f"the strategy's answer is not an action: {value!r}"[:300])
    if "invalid" in value:
        raise StrategyFailure(f"the strategy returned {value['invalid']}, not an action")
    if "unknown_fields" in value:
        raise StrategyFailure(
            f"the strategy returned an action with unknown field(s) {value['unknown_fields']}"
        )
    try:
        return action_from_json(value, "the returned action")
    except UnoFormatError as exc:
        raise StrategyFailure(f"the strategy returned {value!r}: {exc}") from None


def install_adapter(assignment: Assignment, folder: Path) -> str:
    """Put the assignment's adapter next to the strategy (as the grader does); its module name."""
    if not assignment.adapter:
        raise ValueError(f"{assignment.id}: assignment.toml names no adapter")
    shutil.copy2(assignment.folder / assignment.adapter, folder / f"{ADAPTER_MODULE}.py")
    return ADAPTER_MODULE


@contextmanager
def sandboxed(
    assignment: Assignment,
    folders: Sequence[tuple[str, Path]],
    limits: Limits,
    isolation: str,
    expected_calls: int,
    max_failures: int,
) -> Iterator[list[tuple[str, SandboxedStrategy]]]:
    """One session per (name, folder), open for the duration of the ``with`` block."""
    for _, folder in folders:
        install_adapter(assignment, folder)
    with sandboxes(
        folders, assignment.module, limits, isolation, ADAPTER_MODULE, expected_calls
    ) as sessions:
        yield [(name, SandboxedStrategy(s, max_failures, name)) for name, s in sessions]


def lineup(
    students: Sequence[tuple[str, Strategy]], opponents: str, seed: int
) -> list[tuple[str, Strategy]]:
    """Students first, the empty seats filled with reference bots; no students: bots only."""
    if not students:
        return reference_lineup(seed)
    if len(students) > SEATS:
        raise ValueError(f"at most {SEATS} strategies play at one table, got {len(students)}")
    return lineup_against_bots(students, bot=opponents, seed=seed)


def expected_calls(games: int) -> int:
    """A generous bound on one strategy's decisions, for its child's total CPU budget."""
    return games * 400


def play_thresholds(
    assignment: Assignment,
    folder: Path,
    name: str,
    config: TournamentConfig,
    isolation: str = "auto",
    limits: Limits | None = None,
    progress: Callable[[int], None] | None = None,
) -> dict[str, TournamentResult]:
    """The graded tournaments: one per kind of opponent the thresholds name, the student's
    strategy in the sandbox against three reference bots of that kind."""
    results: dict[str, TournamentResult] = {}
    for opponents in dict.fromkeys(t.opponents for t in config.thresholds):
        with sandboxed(
            assignment,
            [(name, folder)],
            limits or assignment.limits,
            isolation,
            expected_calls(config.games),
            config.max_failures,
        ) as students:
            entries = lineup(students, opponents, config.seed)
            results[opponents] = run_tournament(
                entries, config.games, config.seed, progress=progress
            )
    return results
