"""Tournaments with students' players in the sandbox (``reference/final_card_down/arena.py``).

The sandboxed player sees a snapshot of the game (``harness/player_game.py``), not the
reference ADT.  The strongest check of that snapshot is a second implementation: the same
player run in this process on the reference ADT itself must make exactly the same moves, so
the two tournaments must come out identical.
"""

from __future__ import annotations

import importlib.util
import json
import random
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import reference.final_card_down.game as G
from graders.cli import main
from graders.run.sandbox import bwrap_usable
from reference.final_card_down import arena
from reference.final_card_down.player import decideMove
from reference.final_card_down.tournament import full_deck, tournament

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "final-card-down"
ADA = EXAMPLES / "ada" / "player.py"
ISOLATIONS = [
    pytest.param("bwrap", marks=pytest.mark.skipif(not bwrap_usable(), reason="no bwrap")),
    "rlimits",
]


def in_process(path: Path):
    """A player's decideMove imported here with ``game`` = the reference ADT itself."""
    saved = sys.modules.get("game")
    sys.modules["game"] = G
    try:
        spec = importlib.util.spec_from_file_location(f"fcd_direct_{path.parent.name}", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        if saved is None:
            del sys.modules["game"]
        else:
            sys.modules["game"] = saved
    return module.decideMove


@pytest.mark.parametrize("isolation", ISOLATIONS)
def test_sandboxed_players_play_exactly_as_on_the_reference(isolation):
    direct = tournament([in_process(ADA), in_process(ADA)], 16, seed=5, names=["ada", "ada-2"])
    assert sum(e.wins for e in direct.entrants) + direct.no_winner == 16  # games were played
    sandboxed, players, mode = arena.run_tournament([ADA, ADA], 16, 5, isolation)
    assert sandboxed == direct
    assert [p.name for p in players] == ["ada", "ada-2"] and all(p.calls > 16 for p in players)
    assert mode.startswith("bubblewrap" if isolation == "bwrap" else "rlimits only")


def test_reproducible_from_the_seed():
    first, _, _ = arena.run_tournament([ADA], 8, 11, "rlimits")
    again, _, _ = arena.run_tournament([ADA], 8, 11, "rlimits")
    assert first == again
    tables = {
        tuple(e.wins for e in arena.run_tournament([ADA], 8, s, "rlimits")[0].entrants)
        for s in (11, 12, 13)
    }
    assert len(tables) > 1


def test_illegal_moves_lose_the_game_and_are_reported():
    result, _, _ = arena.run_tournament([EXAMPLES / "ben", EXAMPLES / "cy"], 6, 2, "rlimits")
    ben, cy = result.entrants[:2]
    assert ben.name == "ben" and cy.name == "cy" and ben.wins == cy.wins == 0
    assert result.forfeits == len(result.illegal) == ben.illegal_moves + cy.illegal_moves
    assert result.forfeits + result.no_winner + sum(e.wins for e in result.entrants) == 6
    for bad in result.illegal:
        if bad.entrant == "ben":
            # ben plays his first card without asking: the move is the first card of the
            # hand shown in the state, and the rules reject it.
            assert bad.move.startswith(f"PLAY_CARD {bad.state['hand'][0]}")
            assert bad.reason == "isValidMove is false"
        else:
            # cy looks the top card up in a table that lacks DECLARE, and otherwise only
            # draws and ends turns (wrongly, with a DRAW_TWO to pay).
            if bad.reason.startswith("decideMove raised KeyError"):
                assert " DECLARE " in bad.state["top_discard"] and bad.move == "(no move)"
            else:
                assert bad.reason == "isValidMove is false" and bad.move == "END_TURN"
    assert any(b.entrant == "ben" for b in result.illegal)
    assert "illegal moves" in result.report() and "state:" in result.report()


FAULTY = {
    "not_a_move.py": "def decideMove(game):\n    return 42\n",
    "syntax.py": "def decideMove(game)\n    return None\n",
    "plays_ahead.py": "import game as g\n\ndef decideMove(game):\n    return g.playMove(game)\n",
    "no_function.py": "x = 1\n",
}


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("not_a_move.py", "decideMove returned 42, which is not a Move"),
        ("syntax.py", "importing the player raised SyntaxError"),
        ("plays_ahead.py", "decideMove raised NotInSnapshotError: a tournament player gets a"),
        ("no_function.py", "the submission has no function decideMove"),
    ],
)
def test_faulty_players_forfeit_with_a_reason(tmp_path, name, reason):
    path = tmp_path / name
    path.write_text(FAULTY[name], encoding="utf-8")
    result, _, _ = arena.run_tournament([path], 3, 1, "rlimits")
    assert result.entrants[0].illegal_moves == 3 and result.forfeits == 3
    assert all(b.reason.startswith(reason) for b in result.illegal), result.illegal[0].reason


def test_a_hanging_player_stops_being_asked(tmp_path):
    path = tmp_path / "slow.py"
    path.write_text("def decideMove(game):\n    while True:\n        pass\n", encoding="utf-8")
    limits = arena.Limits(timeout=0.3, cpu=0.3, memory_mb=256, output_kb=8)
    result, players, _ = arena.run_tournament([path], 4, 1, "rlimits", limits, max_failures=2)
    assert result.forfeits == 4 and players[0].calls == 2
    reasons = [b.reason for b in result.illegal]
    assert reasons[0].startswith("decideMove did not answer")
    assert reasons[-1].endswith("it is asked for no more moves")


def test_the_player_sandbox_holds_no_reference(tmp_path):
    arena.prepare_player(EXAMPLES / "ada", tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "_fcd_player_adapter.py",
        "game.py",
        "player.py",
    ]
    view = (tmp_path / "game.py").read_text(encoding="utf-8")
    assert view == arena.harness_file("player_game.py").read_text(encoding="utf-8")
    rules = (ROOT / "reference" / "final_card_down" / "game" / "rules.py").read_text()
    assert "WRONG_CALLOUT_PENALTY" in rules and "WRONG_CALLOUT_PENALTY" not in view


def test_snapshot_history_arrives_in_pieces():
    # The snapshot of a later turn, sent in two pieces (turns 0..k-1, then k..), rebuilds the
    # same history as one message with everything.
    deck = full_deck()
    random.Random(3).shuffle(deck)
    game = G.newGame(
        len(deck), [c.value for c in deck], [c.color for c in deck], [c.suit for c in deck]
    )
    for _ in range(60):
        game = G.playMove(game, decideMove(game))
    whole = arena.VIEW.Snapshot.from_plain(arena.snapshot(game, 0, 0, True))
    k = G.currentTurn(game) // 2
    head = arena.finished_turns(game, 0)[:k]
    tail = arena.snapshot(game, 0, k, False)["past"]
    past = [tuple(arena.VIEW.move_from_plain(m) for m in t) for t in head + tail]
    pieces = arena.VIEW.Snapshot(arena.snapshot(game, 0, k, False), past)
    view = arena.VIEW
    for turn in range(G.currentTurn(game) + 1):
        n = G.turnMoves(game, turn)
        assert view.turnMoves(whole, turn) == view.turnMoves(pieces, turn) == n
        for m in range(n):
            ref = str(G.pastMove(game, turn, m))
            assert str(view.pastMove(whole, turn, m)) == str(view.pastMove(pieces, turn, m)) == ref


def run(*args):
    return CliRunner().invoke(main, list(args))


def test_tournament_command(tmp_path):
    out = tmp_path / "report"
    result = run(
        "tournament", "final-card-down", str(ADA), "--games", "3", "--seed", "4", "--out", str(out)
    )
    assert result.exit_code == 0, result.output
    assert result.output.startswith("3 games, seed 4\n") and "95% CI" in result.output
    data = json.loads((out / "tournament.json").read_text(encoding="utf-8"))
    assert data["games"] == 3 and data["entrants"][0]["name"] == "ada"
    assert "ada" in (out / "tournament.md").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([str(ADA)] * 5, "a tournament needs 1 to 4 players, got 5"),
        ([str(EXAMPLES / "ada" / "game.py"), "README.txt"], "no such file"),
        ([str(ROOT / "pyproject.toml")], "expected a player's .py or .c file"),
        ([str(ROOT / "examples")], "no player.py in this folder"),
    ],
)
def test_tournament_command_errors(args, message):
    result = run("tournament", "final-card-down", *args, "--games", "2")
    assert result.exit_code == 2 and message in result.output
    assert "Traceback" not in result.output
