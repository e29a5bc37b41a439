"""The engine benchmark runs, and times the same games in both engine modes.

No speed is asserted here (speed targets live in the benchmark's own output); these tests
check that the benchmark measures what it says it measures.
"""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

from reference.uno_official import engine

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_uno_official.py"


def load_benchmark():
    spec = importlib.util.spec_from_file_location("bench_uno_official", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_benchmark_plays_the_same_games_in_both_engine_modes():
    bench = load_benchmark()
    _, installed = bench.bench_ours(30, 7)
    _, interpreted = bench.bench_ours(30, 7, engine.interpreted())
    assert installed == interpreted > 30 * 20  # a round is dozens of actions, never a handful


def test_the_benchmark_counts_every_action_of_every_round():
    # An independent count: the same random player written out here, round by round.
    bench = load_benchmark()
    rnd = random.Random(3).random
    expected = 0
    for g in range(10):
        state = engine.new_game(3 * 1_000_003 + g)
        while state.winner < 0:
            legal = engine.legal_actions(state)
            n = len(legal) - (legal[-1].kind == "catch")
            if n > 1 and state.phase in ("play", "drawn"):
                n -= 1
            state = engine.apply(state, legal[int(rnd() * n)])
            expected += 1
    assert bench.bench_ours(10, 3)[1] == expected


def test_the_benchmark_reports_which_engine_ran(capsys):
    bench = load_benchmark()
    assert bench.main(["--games", "5", "--repeat", "1"]) == 0
    out = capsys.readouterr().out
    # "engine: interpreted (no compiled build, ...)" names the build too: read the first word.
    assert ("engine: compiled build" in out) == engine.COMPILED
    assert ("engine: interpreted" in out) != engine.COMPILED
    assert "unograde uno-official: 5 games in" in out
    assert ("RLCard UnoGame loop:" in out) != ("rlcard is not installed" in out)
