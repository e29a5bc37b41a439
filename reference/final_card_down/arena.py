"""Tournaments of students' AI players, each player in a sandbox of its own.

``unograde tournament final-card-down PLAYER.py ... --games N --seed S`` plays N seeded
four-player games (``tournament.tournament``: the 800-card deck shuffled per game, seats
rotating, empty seats taken by the reference's simple player) and reports each player's win
rate with a 95% Wilson interval.  The games, the rules and the house players stay in this
process; a student's ``decideMove`` runs only in its sandboxed child
(``graders.run.sandbox.Session``, one per player, kept across calls and games).

What a player receives (Decision D17 on the assignment page): not the reference ADT but a
snapshot of the game as plain data, rebuilt in the child as a ``game`` module with the ADT's
names (``harness/player_game.py``), including the list of valid moves ``isValidMove`` consults.
Shipping the reference into the child would hand every student the answer to the ADT part.

A move the rules reject, an exception, a timeout, a crash or an answer that is not a move
loses that game for the player and is reported with the move and the state.

C players (a ``player.c``, or a folder holding one: ``c_player.is_c_player``) play in the same
tournaments: built in the sandbox and asked through the proxy ``Game.h``, whose calls the
tournament's reference game answers from here (``c_player``, Decision D33).
"""

from __future__ import annotations

import json
import shutil
import tempfile
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from graders.assignment import Assignment, Limits
from graders.run.sandbox import Session
from graders.tournaments.arena import PlayerFault, SandboxedPlayer, Words

from . import c_player
from . import game as G
from .harness_files import harness_file, load
from .tournament import TournamentResult, tournament

PLAYER_MODULE = "player"
ADAPTER_MODULE = "_fcd_player_adapter"
PLAYER_LIMITS = Limits(timeout=1.0, cpu=1.0, memory_mb=512, output_kb=32)
MAX_FAILURES = 3  # timeouts or crashes before a player forfeits the rest of the tournament
CALLS_PER_GAME = 100  # for the child's overall CPU budget; each call has its own limit


VIEW = load("player_game.py")  # its move_key is the one the child uses


# ----------------------------------------------------------------- players' folders


def player_name(path: Path) -> str:
    """``alice.py`` -> alice; ``alice/player.py`` and the folder ``alice/`` -> alice (and the
    same for ``.c``)."""
    if path.is_dir() or path.stem == PLAYER_MODULE:
        return (path if path.is_dir() else path.resolve().parent).name or PLAYER_MODULE
    return path.stem


def prepare_player(path: Path, into: Path) -> None:
    """Fill ``into`` with the player as ``player.py`` (with its helper modules when ``path`` is
    a folder), the snapshot module as ``game.py`` and the child-side adapter.

    A student's own ``game.py`` and tests are left out: in a tournament ``game`` is the
    snapshot.  A player file that does not compile still gets a sandbox; its import error is
    reported game by game, so one broken player never stops a tournament.
    """
    if path.is_dir():
        main = path / f"{PLAYER_MODULE}.py"
        if not main.is_file():
            raise ValueError(f"{path}: no {PLAYER_MODULE}.py in this folder (nor player.c)")
        for helper in sorted(path.glob("*.py")):
            if helper.name != "game.py" and not helper.name.startswith(("test_", "conftest")):
                shutil.copy2(helper, into / helper.name)
    elif path.is_file() and path.suffix == ".py":
        shutil.copy2(path, into / f"{PLAYER_MODULE}.py")
    else:
        raise ValueError(
            f"{path}: expected a player's .py or .c file or a folder holding player.py or player.c"
        )
    shutil.copy2(harness_file("player_game.py"), into / "game.py")
    shutil.copy2(harness_file("player_adapter.py"), into / f"{ADAPTER_MODULE}.py")


# ----------------------------------------------------------------- snapshots


def plain_card(card: G.Card) -> list[int]:
    return [int(card.value), int(card.color), int(card.suit)]


def plain_move(move: G.Move) -> list[Any]:
    action, next_color, card = VIEW.move_key(move)
    return [action, next_color, None if card is None else list(card)]


def finished_turns(game: G.Game, start: int) -> list[list[list[Any]]]:
    """The moves of turns ``start`` .. ``currentTurn - 1``, oldest first."""
    turns = []
    past = game.past
    for _ in range(game.turn - start):
        assert past is not None
        moves, past = past
        turns.append([plain_move(m) for m in moves])
    turns.reverse()
    return turns


def snapshot(game: G.Game, game_id: int, past_from: int, reset: bool) -> dict[str, Any]:
    """What the current player may know, as plain data (``harness/player_game.py`` reads it)."""
    player = G.currentPlayer(game)
    data: dict[str, Any] = {
        "game": game_id,
        "reset": reset,
        "past_from": past_from,
        "past": finished_turns(game, past_from),
        "turn": G.currentTurn(game),
        "player": player,
        "direction": int(G.playDirection(game)),
        "moves": [plain_move(m) for m in game.moves],
        "hand": [plain_card(c) for c in game.hands[player]],
        "counts": [G.playerCardCount(game, p) for p in range(G.NUM_PLAYERS)],
        "points": [G.playerPoints(game, p) for p in range(G.NUM_PLAYERS)],
        "top": plain_card(G.topDiscard(game)),
        "valid": [plain_move(m) for m in G.legalMoves(game)],
        "deck": {
            "cards": G.numCards(game),
            "suits": [G.numOfSuit(game, s) for s in G.Suit],
            "colors": [G.numOfColor(game, c) for c in G.Color],
            "values": [G.numOfValue(game, v) for v in list(G.Value)[:16]],
        },
    }
    return data


def move_from_answer(value: Any) -> G.Move:
    """The reference's Move for the child's plain answer, or PlayerFault saying why not."""
    if isinstance(value, dict) and "not_a_move" in value:
        raise PlayerFault(f"decideMove returned {value['not_a_move']}, which is not a Move")
    try:
        action, next_color, card = value
        return G.Move(
            G.Action(action),
            None if next_color is None else G.Color(next_color),
            None if card is None else G.Card(G.Value(card[0]), G.Color(card[1]), G.Suit(card[2])),
        )
    except (TypeError, ValueError, IndexError):
        raise PlayerFault(f"decideMove returned {value!r:.200}, which is not a Move") from None


# ----------------------------------------------------------------- a player in its sandbox


WORDS = Words(who="decideMove", function="decideMove", module="the player")


class SandboxPlayer(SandboxedPlayer):
    """A ``decideMove(game)`` callable for ``tournament`` (the shared arena's player): each
    call is one sandboxed call, sending the turns the child has not heard about yet."""

    def __init__(self, name: str, session: Session, max_failures: int = MAX_FAILURES) -> None:
        super().__init__(name, session, WORDS, max_failures)
        self._initial: tuple | None = None
        self._game_id = -1
        self._sent = 0  # finished turns the child has heard about

    def __call__(self, game: G.Game) -> G.Move:
        if game.initial is not self._initial:
            self._initial, self._game_id, self._sent = game.initial, self._game_id + 1, -1
        reset = self._sent < 0 or self.session.child is None
        start = 0 if reset else self._sent
        try:
            answer = self.ask(snapshot(game, self._game_id, start, reset))
        finally:  # a child that crashed or timed out was restarted: it knows no turns
            self._sent = game.turn if self.last_status in ("returned", "raised") else -1
        return move_from_answer(answer)


def run_tournament(
    paths: list[Path],
    games: int,
    seed: int,
    isolation: str = "auto",
    limits: Limits = PLAYER_LIMITS,
    max_failures: int = MAX_FAILURES,
) -> tuple[TournamentResult, list[SandboxedPlayer], str]:
    """Play the tournament with each player in its sandbox: (result, players, isolation).
    Python and C players may play in one tournament."""
    if not 1 <= len(paths) <= G.NUM_PLAYERS:
        raise ValueError(f"a tournament needs 1 to {G.NUM_PLAYERS} players, got {len(paths)}")
    if games < 1:
        raise ValueError(f"games must be at least 1, got {games}")
    names: list[str] = []
    for path in paths:
        base = player_name(Path(path))
        name, k = base, 1
        while name in names:
            k += 1
            name = f"{base}-{k}"
        names.append(name)
    calls = games * CALLS_PER_GAME
    with ExitStack() as stack:
        players: list[SandboxedPlayer] = []
        for path, name in zip(paths, names, strict=True):
            if c_player.is_c_player(Path(path)):
                players.append(
                    c_player.open_player(
                        stack, Path(path), name, limits, isolation, max_failures, calls
                    )
                )
                continue
            folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="fcd-player-")))
            prepare_player(Path(path), folder)
            session = Session(
                folder, PLAYER_MODULE, limits, isolation, adapter=ADAPTER_MODULE,
                expected_calls=calls,
            )  # fmt: skip
            players.append(SandboxPlayer(name, stack.enter_context(session), max_failures))
        result = tournament(players, games, seed, names=names)  # type: ignore[arg-type]
        return result, players, players[0].session.isolation


def report_text(result: TournamentResult, isolation: str) -> str:
    return f"{result.report()}\nisolation: {isolation}\n"


def run_command(
    assignment: Assignment,
    paths: list[Path],
    games: int = 100,
    seed: int = 0,
    out: Path | None = None,
    isolation: str = "auto",
) -> int:
    """``unograde tournament final-card-down``: print the table, write ``OUT/tournament.json``
    and ``OUT/tournament.md`` when asked; bad arguments raise ValueError (exit 2)."""
    extra = assignment.extra
    limits = Limits(
        timeout=float(extra.get("player_timeout", PLAYER_LIMITS.timeout)),
        cpu=float(extra.get("player_timeout", PLAYER_LIMITS.cpu)),
        memory_mb=int(extra.get("player_memory_mb", PLAYER_LIMITS.memory_mb)),
        output_kb=PLAYER_LIMITS.output_kb,
    )
    try:
        result, _, mode = run_tournament(
            list(paths), games, seed, isolation, limits, int(extra.get("player_failures", 3))
        )
    except RuntimeError as exc:  # bubblewrap asked for and not available
        raise ValueError(str(exc)) from None
    text = report_text(result, mode)
    print(text, end="")
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        data = result.to_dict() | {"isolation": mode}
        (out / "tournament.json").write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        (out / "tournament.md").write_text(
            f"# Final Card-Down tournament\n\n```\n{text}```\n", encoding="utf-8"
        )
        print(f"report: {out / 'tournament.md'}, {out / 'tournament.json'}")
    return 0
