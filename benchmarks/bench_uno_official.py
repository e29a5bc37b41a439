"""Engine benchmark: seeded four-player rounds between random legal players.

    python benchmarks/bench_uno_official.py [--games 3000] [--seed 1]

A "game" here is one round (until someone goes out), because that is what one RLCard UNO
game is; a match to 500 points is many of them.  Our random player plays a uniformly chosen
legal card when it has one and otherwise draws, plays a drawn card if it can, answers a Wild
Draw Four at random, calls "uno" at random and never catches - the closest match to RLCard's
players, which draw only when nothing can be played and auto-play a playable drawn card.
If ``rlcard`` is importable, the same number of games of its bare game loop (``UnoGame``:
``init_game``, ``get_legal_actions``, ``step``; not the environment wrapper) run too and the
ratio is printed.
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
    rnd = random.Random(seed).random
    actions = 0
    start = time.perf_counter()
    for g in range(games):
        state = new_game(seed * 1_000_003 + g)
        while state.winner < 0:
            legal = legal_actions(state)
            n = len(legal)
            if legal[-1].kind == "catch":
                n -= 1  # like RLCard's players, ours never catch
            phase = state.phase
            if n > 1 and phase == "play":
                action = legal[int(rnd() * (n - 1))]  # any play; the last action is "draw"
            elif n > 1 and phase == "drawn":
                action = legal[int(rnd() * (n - 1))]  # play the drawn card, as RLCard does
            else:
                action = legal[int(rnd() * n)]
            state = apply(state, action)
            actions += 1
    return time.perf_counter() - start, actions


def bench_rlcard(games: int, seed: int) -> tuple[float, int] | None:
    try:
        import numpy as np
        from rlcard.games.uno.game import UnoGame
    except ImportError:
        return None
    game = UnoGame(num_players=4)
    game.np_random = np.random.RandomState(seed)
    rng = np.random.RandomState(seed + 1)
    actions = 0
    start = time.perf_counter()
    for _ in range(games):
        game.init_game()
        while not game.is_over():
            legal = game.get_legal_actions()
            game.step(legal[rng.randint(len(legal))])
            actions += 1
    return time.perf_counter() - start, actions


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    ours, n_ours = bench_ours(args.games, args.seed)
    rate = args.games / ours
    print(f"unograde uno-official: {args.games} games in {ours:.2f} s = {rate:,.0f} games/s "
          f"({n_ours / args.games:.1f} actions/game, {n_ours / ours:,.0f} actions/s)")  # fmt: skip
    theirs = bench_rlcard(args.games, args.seed)
    if theirs is None:
        print("rlcard is not installed: no comparison (pip install rlcard to compare)")
        return 0
    t, n = theirs
    print(f"RLCard UnoGame loop:   {args.games} games in {t:.2f} s = {args.games / t:,.0f} "
          f"games/s ({n / args.games:.1f} steps/game, {n / t:,.0f} steps/s)")  # fmt: skip
    print(f"ratio (ours / RLCard, games per second): {rate / (args.games / t):.2f}x; "
          f"actions per second: {(n_ours / ours) / (n / t):.2f}x")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
