"""Engine benchmark: seeded four-player rounds between random legal players.

    python benchmarks/bench_uno_official.py [--games 3000] [--seed 1] [--repeat 3]

A "game" here is one round (until someone goes out), because that is what one RLCard UNO
game is; a match to 500 points is many of them.  Our random player plays a uniformly chosen
legal card when it has one and otherwise draws, plays a drawn card (the engine passes the turn
by itself when it cannot be played), answers a Wild Draw Four at random, calls "uno" at random
and never catches: the closest match to RLCard's players, which draw only when nothing can be
played and auto-play a playable drawn card.  Our rounds still do more (the challenge, "uno"
calls and their penalties, scoring).

If ``rlcard`` is importable (optional: ``pip install -e '.[bench]'``), the same number of games of
its bare game loop (``UnoGame``: ``init_game``, ``get_legal_actions``, ``step``; not the
environment wrapper) run in the same process, each side choosing with the same kind of random
source (``random.Random``), and the ratio is printed.  Each side is timed ``--repeat`` times,
alternating, and the best time counts; times are the process's CPU time, so that other work
on a shared machine disturbs them as little as possible (both loops are single-threaded).

When the compiled build of the engine is in use (see ``hatch_build.py``), the same source is
also timed interpreted, so one run shows what the build is worth.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from types import ModuleType

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from reference.uno_official import engine  # noqa: E402


def bench_ours(games: int, seed: int, rules_engine: ModuleType = engine) -> tuple[float, int]:
    """Seconds for ``games`` rounds, and the number of actions applied."""
    apply, legal_actions, new_game = (
        rules_engine.apply,
        rules_engine.legal_actions,
        rules_engine.new_game,
    )
    rnd = random.Random(seed).random
    actions = 0
    start = time.process_time()
    for g in range(games):
        state = new_game(seed * 1_000_003 + g)
        while state.winner < 0:
            legal = legal_actions(state)
            n = len(legal)
            if legal[-1].kind == "catch":
                n -= 1  # like RLCard's players, ours never catch
            if n > 1 and state.phase in ("play", "drawn"):
                # any play; the last action is "draw" (or "pass" after drawing a playable card,
                # which RLCard's loop would always play)
                action = legal[int(rnd() * (n - 1))]
            else:
                action = legal[int(rnd() * n)]
            state = apply(state, action)
            actions += 1
    return time.process_time() - start, actions


def bench_rlcard(games: int, seed: int) -> tuple[float, int] | None:
    """The same for RLCard's bare ``UnoGame`` loop, or None when rlcard is not installed."""
    try:
        import numpy as np
        from rlcard.games.uno.game import UnoGame
    except ImportError:
        return None
    game = UnoGame(num_players=4)
    game.np_random = np.random.RandomState(seed)
    rnd = random.Random(seed + 1).random
    actions = 0
    start = time.process_time()
    for _ in range(games):
        game.init_game()
        while not game.is_over():
            legal = game.get_legal_actions()
            game.step(legal[int(rnd() * len(legal))])
            actions += 1
    return time.process_time() - start, actions


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    # The engine as installed (the compiled build when there is an up-to-date one) and, for
    # comparison, the same source interpreted.
    sides: dict[str, ModuleType] = {"installed": engine}
    if engine.COMPILED:
        sides["interpreted"] = engine.interpreted()
    ours: dict[str, list[tuple[float, int]]] = {name: [] for name in sides}
    theirs: list[tuple[float, int]] = []
    for _ in range(max(1, args.repeat)):
        for name, module in sides.items():
            ours[name].append(bench_ours(args.games, args.seed, module))
        other = bench_rlcard(args.games, args.seed)
        if other is not None:
            theirs.append(other)
    if engine.COMPILED:
        print("engine: compiled build of reference/uno_official/engine.py (Cython)")
    else:
        print(
            "engine: interpreted (no compiled build, or engine.py changed since it was built: "
            "`python hatch_build.py` rebuilds it)"
        )
    t2 = n2 = None
    if theirs:
        t2, n2 = min(theirs)
    for name, runs in ours.items():
        t, n_ours = min(runs)
        rate = args.games / t
        label = "unograde uno-official" if name == "installed" else "  same, interpreted"
        print(
            f"{label}: {args.games} games in {t:.2f} s = {rate:,.0f} games/s "
            f"({n_ours / args.games:.1f} actions/game, {n_ours / t:,.0f} actions/s)"
        )
        if t2 is not None and n2 is not None:
            print(
                f"  ratio to RLCard: {rate / (args.games / t2):.2f}x in games per second, "
                f"{(n_ours / t) / (n2 / t2):.2f}x in actions per second"
            )
    if t2 is None or n2 is None:
        print("rlcard is not installed: no comparison (pip install -e '.[bench]' to compare)")
        return 0
    print(
        f"RLCard UnoGame loop:   {args.games} games in {t2:.2f} s = {args.games / t2:,.0f} "
        f"games/s ({n2 / args.games:.1f} steps/game, {n2 / t2:,.0f} steps/s)"
    )
    print(f"(best of {len(theirs)} runs each, alternating, CPU time)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
