"""Seeded four-player tournaments between ``decideMove(game)`` players.

``tournament(players, games, seed)`` plays ``games`` games on the full 800-card deck,
each shuffled by its own ``random.Random`` derived from the seed, and reports every
entrant's win rate with a 95% Wilson interval.  Fewer than four players are topped
up with the reference's simple player ("house" seats); the seating rotates each game
so no entrant keeps the advantage of starting.  A move ``isValidMove`` rejects (or an
exception from the player) loses that game for its player and is reported with the
move and the state; the game then counts as a win for nobody.  A game that reaches
``max_moves`` is stopped as unfinished, so every tournament terminates.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from graders.tournaments.arena import PlayerFault  # noqa: F401 - raised by players here
from graders.tournaments.stats import Z95, wilson

from . import game as G
from .player import decideMove as house_player

Player = Callable[[G.Game], G.Move]


class TournamentError(ValueError):
    """Bad tournament arguments (no players, more than four, games < 1)."""


def wilson_interval(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a win rate (the shared one), as (low, high)."""
    interval = wilson(wins, games, z)
    return (interval.low, interval.high)


@dataclass(frozen=True)
class IllegalMove:
    """A move that lost a game: who made it, what it was, and the state it was made in."""

    game: int
    entrant: str
    seat: int
    move: str
    reason: str
    state: dict[str, Any]


@dataclass(frozen=True)
class EntrantResult:
    name: str
    games: int
    wins: int
    win_rate: float
    ci_low: float
    ci_high: float
    illegal_moves: int


@dataclass(frozen=True)
class TournamentResult:
    seed: int
    games: int
    entrants: tuple[EntrantResult, ...]
    no_winner: int  # games ending NO_WINNER (empty deck and one-card discard pile)
    unfinished: int  # games stopped at max_moves
    forfeits: int  # games ended by an illegal move
    illegal: tuple[IllegalMove, ...] = field(default=())

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def report(self) -> str:
        """A plain-text table, one line per entrant, then the illegal moves."""
        lines = [f"{self.games} games, seed {self.seed}"]
        for e in self.entrants:
            lines.append(
                f"  {e.name:<24} {e.wins:>5} wins  {100 * e.win_rate:5.1f}%  "
                f"95% CI [{100 * e.ci_low:5.1f}%, {100 * e.ci_high:5.1f}%]  "
                f"illegal moves: {e.illegal_moves}"
            )
        lines.append(
            f"  no winner: {self.no_winner}  unfinished: {self.unfinished}  "
            f"forfeits: {self.forfeits}"
        )
        for m in self.illegal:
            lines.append(
                f"  game {m.game}: {m.entrant} (seat {m.seat}) played {m.move}: {m.reason}"
            )
            lines.append(f"    state: {m.state}")
        return "\n".join(lines)


def full_deck() -> list[G.Card]:
    """Two of every value x colour x suit: the course's 800-card tournament deck."""
    return [
        G.Card(v, c, s)
        for _ in range(2)
        for v in list(G.Value)[:16]
        for c in G.Color
        for s in G.Suit
    ]


def _state(game: G.Game) -> dict[str, Any]:
    """What a player saw: enough to reproduce and explain an illegal move."""
    turn = G.currentTurn(game)
    return {
        "turn": turn,
        "player": G.currentPlayer(game),
        "hand": [str(G.handCard(game, i)) for i in range(G.handCardCount(game))],
        "top_discard": str(G.topDiscard(game)),
        "direction": G.playDirection(game).name,
        "moves_this_turn": [str(G.pastMove(game, turn, k)) for k in range(G.turnMoves(game, turn))],
        "card_counts": [G.playerCardCount(game, p) for p in range(G.NUM_PLAYERS)],
    }


def _name(player: Player, index: int) -> str:
    module = getattr(player, "__module__", "") or ""
    return f"{index}:{module.rsplit('.', 1)[-1]}.{getattr(player, '__name__', 'player')}"


def tournament(
    players: Sequence[Player],
    games: int,
    seed: int,
    *,
    names: Sequence[str] | None = None,
    max_moves: int = 5000,
) -> TournamentResult:
    """Play ``games`` seeded games between ``players`` (1..4 ``decideMove`` callables)."""
    if not 1 <= len(players) <= G.NUM_PLAYERS:
        raise TournamentError(f"a tournament needs 1 to 4 players, got {len(players)}")
    if games < 1:
        raise TournamentError(f"games must be at least 1, got {games}")
    entrants = list(players) + [house_player] * (G.NUM_PLAYERS - len(players))
    labels = list(names) if names is not None else [_name(p, i) for i, p in enumerate(players)]
    if len(labels) != len(players):
        raise TournamentError("names must have one entry per player")
    labels += [f"house{i}" for i in range(len(players), G.NUM_PLAYERS)]
    wins = [0] * G.NUM_PLAYERS
    illegal_counts = [0] * G.NUM_PLAYERS
    illegal: list[IllegalMove] = []
    no_winner = unfinished = forfeits = 0
    base = full_deck()
    for index in range(games):
        deck = list(base)
        random.Random(seed * 1_000_003 + index).shuffle(deck)
        game = G.newGame(
            len(deck), [c.value for c in deck], [c.color for c in deck], [c.suit for c in deck]
        )
        seat_entrant = [(s + index) % G.NUM_PLAYERS for s in range(G.NUM_PLAYERS)]
        forfeited = False
        for _ in range(max_moves):
            if G.gameWinner(game) != G.NOT_FINISHED:
                break
            seat = G.currentPlayer(game)
            who = seat_entrant[seat]
            try:
                move = entrants[who](game)
                reason = None if G.isValidMove(game, move) else "isValidMove is false"
            except PlayerFault as exc:
                move, reason = None, str(exc)
            except Exception as exc:  # noqa: BLE001 - a player's bug loses its game
                move, reason = None, f"the player raised {type(exc).__name__}: {exc}"
            if reason is not None:
                illegal_counts[who] += 1
                forfeits += 1
                illegal.append(
                    IllegalMove(
                        index,
                        labels[who],
                        seat,
                        "(no move)" if move is None else str(move),
                        reason,
                        _state(game),
                    )
                )
                forfeited = True
                break
            game = G.playMove(game, move)
        winner = G.gameWinner(game)
        if forfeited:
            continue
        if winner == G.NOT_FINISHED:
            unfinished += 1
        elif winner == G.NO_WINNER:
            no_winner += 1
        elif 0 <= winner < G.NUM_PLAYERS:
            wins[seat_entrant[winner]] += 1
    results = []
    for i, label in enumerate(labels):
        low, high = wilson_interval(wins[i], games)
        results.append(
            EntrantResult(label, games, wins[i], wins[i] / games, low, high, illegal_counts[i])
        )
    return TournamentResult(
        seed, games, tuple(results), no_winner, unfinished, forfeits, tuple(illegal)
    )
