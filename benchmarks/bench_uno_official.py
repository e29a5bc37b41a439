"""Engine benchmark: seeded four-player rounds between random legal players.

    python benchmarks/bench_uno_official.py [--games 3000] [--seed 1] [--repeat 3]

A "game" here is one round (until someone goes out), because that is what one RLCard UNO
game is; a match to 500 points is many of them.  Our random player plays a uniformly chosen
legal card when it has one and otherwise draws, plays a drawn card (the engine passes the turn
by itself when it cannot be played), answers a Wild Draw Four at random, calls "uno" at random
and never catches: the closest match to RLCard's players, which draw only when nothing can be
played and auto-play a playable drawn card.  Our rounds still do more (the challenge, "uno"
calls and their penalties, scoring).

If ``rlcard`` is importable (it is optional, never a dependency), the same number of games of
its bare game loop (``UnoGame``: ``init_game``, ``get_legal_actions``, ``step``; not the
environment wrapper) run in the same process, each side choosing with the same kind of random
source (``random.Random``), and the ratio is printed.  Each side is timed ``--repeat`` times,
alternating, and the best time counts; times are the process's CPU time, so that other work
on a shared machine disturbs them as little as possible (both loops are single-threaded).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from reference.uno_official.engine import apply, legal_actions, new_game  # noqa: E402


def bench_ours(games: int, seed: int) -> tuple[float, int]:
    """Seconds for ``games`` rounds, and the number of actions applied."""
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
    ours: list[tuple[float, int]] = []
    theirs: list[tuple[float, int]] = []
    for _ in range(max(1, args.repeat)):
        ours.append(bench_ours(args.games, args.seed))
        other = bench_rlcard(args.games, args.seed)
        if other is not None:
            theirs.append(other)
    t, n_ours = min(ours)
    rate = args.games / t
    print(
        f"unograde uno-official: {args.games} games in {t:.2f} s = {rate:,.0f} games/s "
        f"({n_ours / args.games:.1f} actions/game, {n_ours / t:,.0f} actions/s)"
    )
    if not theirs:
        print("rlcard is not installed: no comparison (pip install rlcard to compare)")
        return 0
    t2, n = min(theirs)
    print(
        f"RLCard UnoGame loop:   {args.games} games in {t2:.2f} s = {args.games / t2:,.0f} "
        f"games/s ({n / args.games:.1f} steps/game, {n / t2:,.0f} steps/s)"
    )
    print(
        f"ratio (ours / RLCard, games per second): {rate / (args.games / t2):.2f}x; "
        f"actions per second: {(n_ours / t) / (n / t2):.2f}x (best of {len(ours)} each)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
