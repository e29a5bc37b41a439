"""The pure core of a strategy tournament: seeded matches, rotated seats, honest statistics.

A game is a whole match to the target score (the seed: "The first player to score 500 points
wins the game").  Nothing here touches files, processes or the clock; the grader wraps it in
its sandbox and renders the tables and charts.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from graders.tournaments.arena import PlayerFault
from graders.tournaments.stats import Z95, Interval, mean_interval, wilson  # noqa: F401

from .bots import BOTS, Strategy, simple_bot, strong_bot
from .engine import apply, new_game
from .state import OFFICIAL, Action, GameState, IllegalActionError, Rules
from .view import PlayerView, observe


@dataclass(frozen=True)
class Misplay:
    """A strategy's illegal action (or exception), reported with what it saw."""

    game: int
    seat: int
    name: str
    view: PlayerView
    action: object
    reason: str


@dataclass(frozen=True)
class GameOutcome:
    game: int
    seed: int
    seats: tuple[str, ...]  # entry name per seat
    scores: tuple[int, ...]  # final match scores; 0 for a seat that forfeited
    winner: str | None  # None when unfinished, or when the winning seat had forfeited
    status: str  # "finished", "forfeit" (someone misplayed) or "unfinished"
    forfeited: tuple[str, ...] = ()


StrategyFailure = PlayerFault
"""A strategy that could not answer (it crashed, hung, or returned something that is not an
action): the shared arena's fault, whose message says what happened, in words for the report."""


@dataclass(frozen=True)
class Standing:
    name: str
    games: int
    wins: int
    win_rate: Interval  # Wilson score interval
    points: Interval  # mean final match score, normal interval
    misplays: int  # games this entry forfeited by a misplay


@dataclass(frozen=True)
class TournamentResult:
    standings: tuple[Standing, ...]
    games: tuple[GameOutcome, ...]
    misplays: tuple[Misplay, ...]
    seed: int


def game_seed(seed: int, game: int) -> int:
    """The match seed of game ``game`` of a tournament seeded ``seed``."""
    return random.Random(f"tournament/{seed}/{game}").getrandbits(48)


def play_match(
    seats: Sequence[Strategy],
    seed: int,
    rules: Rules = OFFICIAL,
    max_turns: int = 50_000,
) -> tuple[GameState, list[tuple[int, object, str, PlayerView]]]:
    """Play one match; return the final state and each misplay as (seat, action, reason, view).

    A seat that misplays (an illegal action, an exception, no answer) forfeits the match: the
    action is never corrected, and the seat is played on by the simple bot so that the other
    players' match still ends.  ``max_turns`` bounds the match: the rules alone do not
    guarantee an end.
    """
    if len(seats) != rules.num_players:
        raise ValueError(f"{len(seats)} strategies for {rules.num_players} seats")
    players = list(seats)
    misplays: list[tuple[int, object, str, PlayerView]] = []
    state = new_game(seed, rules)
    while state.phase != "match_over" and state.turn < max_turns:
        p = state.current
        view = observe(state, p)
        try:
            action = players[p](view)
        except StrategyFailure as exc:
            misplays.append((p, None, str(exc), view))
            players[p] = _autopilot(seed, p)
            continue
        except Exception as exc:  # a student's crash is a result, not our crash
            misplays.append((p, None, f"the strategy raised {type(exc).__name__}: {exc}", view))
            players[p] = _autopilot(seed, p)
            continue
        try:
            if not isinstance(action, Action):
                raise IllegalActionError(f"not an Action: {action!r}", state, action)
            state = apply(state, action)
        except IllegalActionError as exc:
            misplays.append((p, action, f"illegal action: {exc}", view))
            players[p] = _autopilot(seed, p)
    return state, misplays


def _autopilot(seed: int, seat: int) -> Strategy:
    """Who plays a forfeited seat to the end of the match: the simple bot, never forgetting."""
    return simple_bot(seed + seat, forget_rate=0.0)


def run_tournament(
    entries: Sequence[tuple[str, Strategy]],
    games: int,
    seed: int,
    rules: Rules = OFFICIAL,
    max_turns: int = 50_000,
    progress: Callable[[int], None] | None = None,
) -> TournamentResult:
    """Play ``games`` seeded matches.  ``entries`` fills the seats in order (one per seat,
    names unique); game ``g`` rotates them by ``g`` seats so every entry sits everywhere.
    A misplay forfeits that game for the offender (no win, 0 points; see ``play_match``), and
    it is reported with the view it acted on."""
    n = rules.num_players
    names = [name for name, _ in entries]
    if len(entries) != n:
        raise ValueError(f"need exactly {n} entries (one per seat), got {len(entries)}")
    if len(set(names)) != n:
        raise ValueError(f"entry names must be unique, got {names}")
    if games < 0:
        raise ValueError(f"games must be >= 0, got {games}")
    outcomes: list[GameOutcome] = []
    misplays: list[Misplay] = []
    for g in range(games):
        shift = g % n
        order = [entries[(i + shift) % n] for i in range(n)]
        s = game_seed(seed, g)
        final, bad = play_match([fn for _, fn in order], s, rules, max_turns)
        seat_names = tuple(name for name, _ in order)
        out_seats = {seat for seat, _, _, _ in bad}
        for seat, action, reason, view in bad:
            misplays.append(Misplay(g, seat, seat_names[seat], view, action, reason))
        scores = tuple(0 if i in out_seats else v for i, v in enumerate(final.scores))
        forfeited = tuple(seat_names[i] for i in sorted(out_seats))
        if final.phase != "match_over":
            status, winner = "unfinished", None
        else:
            status = "forfeit" if out_seats else "finished"
            winner = None if final.winner in out_seats else seat_names[final.winner]
        outcomes.append(GameOutcome(g, s, seat_names, scores, winner, status, forfeited))
        if progress is not None:
            progress(g + 1)
    standings = []
    for name in names:
        points = [o.scores[o.seats.index(name)] for o in outcomes]
        wins = sum(1 for o in outcomes if o.winner == name)
        bad_count = sum(1 for o in outcomes if name in o.forfeited)
        standings.append(
            Standing(name, games, wins, wilson(wins, games), mean_interval(points), bad_count)
        )
    standings.sort(key=lambda st: (-st.win_rate.value, -st.points.value, st.name))
    return TournamentResult(tuple(standings), tuple(outcomes), tuple(misplays), seed)


def reference_lineup(seed: int = 0, rules: Rules = OFFICIAL) -> list[tuple[str, Strategy]]:
    """The reference bots against each other: strong and simple bots alternating."""
    out: list[tuple[str, Strategy]] = []
    for i in range(rules.num_players):
        kind = "strong" if i % 2 == 0 else "simple"
        maker = strong_bot if kind == "strong" else simple_bot
        out.append((f"{kind}-{i}", maker(seed + i)))
    return out


def lineup_against_bots(
    students: Sequence[tuple[str, Strategy]],
    bot: str = "simple",
    seed: int = 0,
    rules: Rules = OFFICIAL,
) -> list[tuple[str, Strategy]]:
    """Student entries first, the remaining seats filled with reference bots of one kind."""
    if bot not in BOTS:
        raise ValueError(f"unknown bot {bot!r} (bots: {', '.join(BOTS)})")
    maker = BOTS[bot]
    out = list(students)
    i = 0
    while len(out) < rules.num_players:
        out.append((f"{bot}-{i}", maker(seed + i)))
        i += 1
    return out


@dataclass(frozen=True)
class Threshold:
    """A grading rule from the assignment's configuration, e.g. win rate at least 0.30
    against three simple bots."""

    metric: str  # "win_rate" or "points"
    minimum: float
    points: float = 1.0
    description: str = ""
    opponents: str = "simple"  # the reference bots that fill the other seats
    name: str = ""


def check_thresholds(
    result: TournamentResult, name: str, thresholds: Sequence[Threshold]
) -> list[tuple[Threshold, float, bool]]:
    """Each threshold with the entry's measured value and whether it is met.  A strategy that
    misplayed fails every threshold: illegal moves are never graded as play."""
    standing = next(st for st in result.standings if st.name == name)
    out = []
    for t in thresholds:
        if t.metric == "win_rate":
            value = standing.win_rate.value
        elif t.metric == "points":
            value = standing.points.value
        else:
            raise ValueError(f"unknown threshold metric {t.metric!r}")
        out.append((t, value, value >= t.minimum and standing.misplays == 0))
    return out


def leaderboard(result: TournamentResult, name: str) -> list[dict[str, object]]:
    """Entries for Gradescope's ``leaderboard`` field for entry ``name``."""
    standing = next(st for st in result.standings if st.name == name)
    return [
        {"name": "Win rate", "value": round(standing.win_rate.value, 4), "order": "desc"},
        {"name": "Average points", "value": round(standing.points.value, 1), "order": "desc"},
    ]
