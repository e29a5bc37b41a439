"""The assignment's fixtures: the seed's two samples plus seeded generated deals.

``generate_fixtures`` is pure: it returns every file's text keyed by its path
relative to ``fixtures/ochos-locos/`` (the manifest included), and the same
seed and count always give byte-identical texts.  Generated deals are drawn
with their own ``random.Random(seed)``; each one is aimed at a target (a winner
seat, an exhausted or empty draw pile, a long or blocked game) so the set
covers them all, and its ``covers`` list says what the deal actually does.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from pathlib import Path

from .cards import FULL_DECK
from .deal import HAND_SIZE, MIN_CARDS, PLAYERS, Deal, format_deal, parse_deal
from .game import Game, play
from .samples import SAMPLES

ASSIGNMENT = "ochos-locos"
PART = "game"
DEFAULT_SEED = 8
DEFAULT_COUNT = 60
PUBLIC_GENERATED = 8
"""How many generated deals are public besides the two samples; the rest are hidden."""
LONG_GAME = 35
"""Turns from which a game counts as long (about one random deal in sixteen)."""
MAX_TRIES = 2000

TARGETS: tuple[str, ...] = (
    "winner-1",
    "winner-2",
    "winner-3",
    "exhausted-draw-pile",
    "long-game",
    "no-winner",
    "empty-draw-pile",
    "draw",
    "no-draw",
    "short-draw-pile",
)


def covers(game: Game) -> tuple[str, ...]:
    """What a played deal exercises, as the manifest's ``covers`` tags."""
    tags = [f"winner-{game.winner}" if game.winner else "no-winner"]
    draws = [turn for turn in game.turns if turn.played is None]
    tags.append("draw" if draws else "no-draw")
    if any(turn.drawn is None for turn in draws):
        tags.append("exhausted-draw-pile")
    if not game.deal.draw_pile:
        tags.append("empty-draw-pile")
    elif len(game.deal.draw_pile) <= 4:
        tags.append("short-draw-pile")
    if len(game.turns) >= LONG_GAME:
        tags.append("long-game")
    return tuple(tags)


def _random_deal(rng: random.Random, target: str) -> Deal:
    if target == "empty-draw-pile":
        pile = 0
    elif target in ("exhausted-draw-pile", "short-draw-pile", "no-winner"):
        pile = rng.randint(0, 4)
    elif target == "long-game":
        pile = 32 - MIN_CARDS
    else:
        pile = rng.randint(0, 32 - MIN_CARDS)
    cards = rng.sample(FULL_DECK, MIN_CARDS + pile)
    hands = tuple(tuple(cards[p * HAND_SIZE : (p + 1) * HAND_SIZE]) for p in range(PLAYERS))
    return Deal(hands, cards[MIN_CARDS - 1], tuple(cards[MIN_CARDS:]))


NO_WINNER_SHARE = 0.05
"""The share of generated deals that end with NO WINNER: about what random deals do (3.5% of
20,000 full deals), so that students are graded mostly on the endings the seed shows."""


def _targets(count: int) -> list[str]:
    """What each generated deal aims at: the other targets in turn, and NO WINNER for
    ``NO_WINNER_SHARE`` of them (at least one, the first among the public deals)."""
    others = [t for t in TARGETS if t != "no-winner"]
    targets = [others[k % len(others)] for k in range(count)]
    wanted = max(1, round(count * NO_WINNER_SHARE)) if count else 0
    for k in range(wanted):
        targets[min(count - 1, 5 + k * (count // wanted))] = "no-winner"
    return targets


def _aimed_game(rng: random.Random, target: str) -> Game:
    """The first random deal that covers ``target`` (or the last one tried); a deal aimed at
    anything else must have a winner."""
    for _ in range(MAX_TRIES):
        game = play(_random_deal(rng, target))
        tags = covers(game)
        if target in tags and (target == "no-winner" or "no-winner" not in tags):
            return game
    return game


def generate_fixtures(seed: int = DEFAULT_SEED, count: int = DEFAULT_COUNT) -> dict[str, str]:
    """Every fixture file's text by relative path: samples, ``count`` generated deals, manifest."""
    rng = random.Random(seed)
    files: dict[str, str] = {}
    cases = []

    def add(
        name: str, visibility: str, tags: tuple[str, ...], deal_text: str, lines: Sequence[str]
    ) -> None:
        stem = f"{visibility}/{name}"
        files[f"{stem}.in"] = deal_text
        files[f"{stem}.out"] = "\n".join(lines) + "\n"
        cases.append(
            {
                "name": name,
                "part": PART,
                "visibility": visibility,
                "covers": list(tags),
                "input": f"{stem}.in",
                "expected": f"{stem}.out",
            }
        )

    for sample in SAMPLES:
        # The samples' expected output is the seed's, as transcribed, not the reference's.
        tags = ("sample", *covers(play(parse_deal(sample.input_text))))
        add(sample.name, "public", tags, sample.input_text, sample.output_lines)
    for index, target in enumerate(_targets(count)):
        game = _aimed_game(rng, target)
        visibility = "public" if index < PUBLIC_GENERATED else "hidden"
        name = f"deal-{index + 1:03d}"
        add(name, visibility, covers(game), format_deal(game.deal), game.lines)
    manifest = {
        "assignment": ASSIGNMENT,
        "generated_by": (
            f"reference.ochos_locos.fixtures.write_fixtures(out_dir, seed={seed}, count={count})"
            " (pure form: generate_fixtures(seed, count))"
        ),
        "cases": cases,
    }
    files["manifest.json"] = json.dumps(manifest, indent=2) + "\n"
    return files


def write_fixtures(
    out_dir: str | Path, seed: int = DEFAULT_SEED, count: int = DEFAULT_COUNT
) -> list[Path]:
    """Write ``generate_fixtures(seed, count)`` under ``out_dir``; return the paths written."""
    root = Path(out_dir)
    written = []
    for relative, text in generate_fixtures(seed, count).items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8", newline="\n")
        written.append(path)
    return written
