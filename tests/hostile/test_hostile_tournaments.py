"""Tournament players that stall just under their move limit: their thinking time in all is
bounded by the submission budget, after which they forfeit the games left."""

from __future__ import annotations

import textwrap
import time
from dataclasses import replace
from pathlib import Path

import pytest

from graders.assignment import load_assignment
from graders.run.budget import ThinkingTime
from reference.uno_official import arena, lineup_against_bots, run_tournament

# Slow tier: plays hostile players in sandboxed tournaments.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]

STALLER = """
import time

def strategy(view):
    time.sleep(0.4)
    return view.legal[0]
"""


def test_thinking_time_counts_and_runs_out():
    budget = ThinkingTime(1.0)
    budget.charge(0.6)
    assert not budget.exhausted
    budget.charge(0.5)
    assert budget.exhausted and "1 s" in budget.reason()
    budget.charge(-5)  # a negative time never gives time back
    assert budget.spent == pytest.approx(1.1)
    assert not ThinkingTime(None).exhausted


def test_a_strategy_stalling_under_its_move_limit_forfeits_after_its_budget(tmp_path: Path):
    assignment = load_assignment("uno-official")
    folder = tmp_path / "staller"
    folder.mkdir()
    (folder / f"{assignment.module}.py").write_text(textwrap.dedent(STALLER))
    # 0.4 s a move under a 5 s limit: never a timeout, however loaded the machine; 2 s of
    # thinking in all.
    limits = replace(assignment.limits, timeout=5.0, cpu=0.5, submission_timeout=2.0)
    games = 20
    started = time.monotonic()
    with arena.sandboxed(
        assignment, [("staller", folder)], limits, "rlimits", arena.expected_calls(games), 3
    ) as students:
        result = run_tournament(lineup_against_bots(students, seed=1), games, seed=4)
    elapsed = time.monotonic() - started
    # Without the budget: hundreds of moves at 0.4 s each. With it: about 2 s of stalling,
    # plus the reference bots' own play.
    assert elapsed < 2.0 + 60
    reasons = [m.reason for m in result.misplays if m.name == "staller"]
    assert any("thinking time of 2 s" in r for r in reasons), reasons[:3]
    staller = next(s for s in result.standings if s.name == "staller")
    assert staller.wins == 0


def test_a_final_card_down_player_stalling_under_its_limit_forfeits_after_its_budget(
    tmp_path: Path,
):
    from reference.final_card_down import arena as fcd_arena

    path = tmp_path / "staller.py"
    # ada's player, with a 0.2 s pause before each move (far under the 5 s limit).
    source = (ROOT / "examples" / "final-card-down" / "ada" / "player.py").read_text()
    stall = "def decideMove(game):\n    __import__('time').sleep(0.2)"
    path.write_text(source.replace("def decideMove(game):", stall, 1))
    limits = fcd_arena.Limits(
        timeout=5.0, cpu=0.5, memory_mb=256, output_kb=8, submission_timeout=1.0
    )
    started = time.monotonic()
    result, players, _ = fcd_arena.run_tournament([path], 10, 1, "rlimits", limits)
    assert time.monotonic() - started < 1.0 + 60
    reasons = [b.reason for b in result.illegal]
    assert any("thinking time of 1 s" in r for r in reasons), reasons[:3]
    assert players[0].thinking is not None and players[0].thinking.exhausted


HOSTILE_STRATEGIES = {
    "looper": "def strategy(view):\n    while True:\n        pass\n",
    "liar": (
        "class Liar:\n    def __eq__(self, o):\n        return True\n"
        "    def __hash__(self):\n        raise RuntimeError('no')\n"
        "    def __repr__(self):\n        raise RuntimeError('no')\n"
        "def strategy(view):\n    return Liar()\n"
    ),
    "mutator": (
        "def strategy(view):\n    try:\n        view.legal = ()\n    except Exception:\n"
        "        pass\n    object.__setattr__(view, 'hand', ())\n    return view.legal[0]\n"
    ),
    "deep": (
        "def strategy(view):\n    x = []\n    for _ in range(1_000_000):\n        x = [x]\n"
        "    return x\n"
    ),
    "hog": (
        "def strategy(view):\n    x = []\n    while True:\n        x.append(bytearray(32 << 20))\n"
    ),
}


@pytest.mark.parametrize("name", sorted(HOSTILE_STRATEGIES))
def test_hostile_strategies_lose_their_games_and_the_others_play_on(tmp_path: Path, name):
    assignment = load_assignment("uno-official")
    folder = tmp_path / name
    folder.mkdir()
    (folder / f"{assignment.module}.py").write_text(HOSTILE_STRATEGIES[name])
    limits = replace(assignment.limits, timeout=0.5, cpu=0.5, memory_mb=256, submission_timeout=5.0)
    games = 3
    started = time.monotonic()
    with arena.sandboxed(
        assignment, [(name, folder)], limits, "rlimits", arena.expected_calls(games), 3
    ) as students:
        result = run_tournament(lineup_against_bots(students, seed=1), games, seed=2)
    assert time.monotonic() - started < 5.0 + 60
    mine = next(s for s in result.standings if s.name == name)
    assert mine.wins == 0 and mine.misplays == games
    assert len(result.games) == games  # every game was played to an end
    assert sum(s.wins for s in result.standings) >= 1  # the bots played on and won
