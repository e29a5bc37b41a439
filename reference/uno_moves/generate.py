"""Seeded fixture generation for uno-moves.

Every fixture starts from a shuffled standard 108-card deck in the course's
notation, so no card is ever invented; scenarios then arrange the deal so that
every rule gets exercised (pending Draw 2 and Wild Draw 4 chains, tiny decks,
hands of only wilds, bare wilds on the discard pile).  The same seed always gives
the same files: each fixture has its own ``random.Random`` derived from the seed
and its index, never the global generator.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path

from reference.uno_moves.formats.solution import format_solution
from reference.uno_moves.formats.uno_file import Game, format_uno

from .cards import COLOURS, WILD, WILD_DRAW_FOUR, Card, Cards, is_draw_two
from .parts import coverage, simulate

SCENARIOS = (
    "fresh",
    "pending-draw-two",
    "pending-wild-draw-four",
    "small-deck",
    "wild-heavy",
    "short-hands",
    "bare-wild",
    "action-heavy",
)


def standard_deck() -> Cards:
    """The 108 cards: per colour one 0, two each of 1-9, skip, reverse, draw 2; 4+4 wilds."""
    cards: list[Card] = []
    for colour in COLOURS:
        cards.append((colour, "0"))
        for symbol in "123456789srd":
            cards += [(colour, symbol)] * 2
    cards += [WILD] * 4 + [WILD_DRAW_FOUR] * 4
    return tuple(cards)


@dataclass(frozen=True)
class Fixture:
    name: str
    part: str
    game: Game
    solution: str
    covers: tuple[str, ...]
    scenario: str


def _take(pool: list[Card], wanted, rng: random.Random) -> Card | None:
    matches = [k for k, c in enumerate(pool) if wanted(c)]
    if not matches:
        return None
    return pool.pop(rng.choice(matches))


def random_game(
    rng: random.Random,
    scenario: str,
    players: int,
    hand_size: int = 7,
    deck_size: int | None = None,
) -> Game:
    """Deal one game from a shuffled deck, arranged for ``scenario``."""
    pool = list(standard_deck())
    rng.shuffle(pool)
    discard: list[Card] = []
    if scenario == "short-hands":
        hand_size = rng.randint(1, 3)
    hands: list[list[Card]] = []
    for _ in range(players):
        size = hand_size if scenario != "wild-heavy" else rng.randint(1, hand_size)
        hands.append([pool.pop() for _ in range(size)])
    if scenario == "wild-heavy":
        for hand in hands:
            for _ in range(rng.randint(1, 3)):
                card = _take(pool, lambda c: c[0] == "w", rng)
                if card is not None:
                    hand.insert(rng.randrange(len(hand) + 1), card)
        victim = rng.randrange(players)  # one hand of only wilds
        pool += [c for c in hands[victim] if c[0] != "w"]
        hands[victim] = [c for c in hands[victim] if c[0] == "w"] or [WILD]
        if WILD in hands[victim] and hands[victim].count(WILD) > 4:
            hands[victim] = [WILD]
    if scenario == "action-heavy":
        for hand in hands:
            for _ in range(rng.randint(1, 3)):
                card = _take(pool, lambda c: c[1] in "sr" and c[0] != "w", rng)
                if card is not None:
                    hand.insert(rng.randrange(len(hand) + 1), card)
    # The discard pile.
    top = _take(pool, lambda c: c[0] != "w" and c[1] != "d", rng)
    discard.append(top or pool.pop())
    if scenario == "pending-draw-two":
        for _ in range(rng.randint(1, 3)):
            card = _take(pool, is_draw_two, rng)
            if card is not None:
                discard.insert(0, card)
        for hand in hands[: rng.randint(0, players)]:
            card = _take(pool, is_draw_two, rng)
            if card is not None:
                hand.insert(rng.randrange(len(hand) + 1), card)
    elif scenario == "pending-wild-draw-four":
        for _ in range(rng.randint(1, 2)):
            card = _take(pool, lambda c: c == WILD_DRAW_FOUR, rng)
            if card is not None:
                discard[:0] = [(rng.choice(COLOURS), "-"), card]
        for hand in hands[: rng.randint(0, players)]:
            card = _take(pool, lambda c: c == WILD_DRAW_FOUR, rng)
            if card is not None:
                hand.insert(rng.randrange(len(hand) + 1), card)
    elif scenario == "bare-wild":
        card = _take(pool, lambda c: c[0] == "w", rng)
        if card is not None:
            discard.insert(0, card)
    if scenario == "small-deck":
        deck_size = rng.randint(0, 3)
    deck = pool if deck_size is None else pool[: max(0, deck_size)]
    return Game(tuple(tuple(h) for h in hands), tuple(deck), tuple(discard))


EXTRA_CANDIDATES = 2000  # at most count + this many candidates are tried (see generate)
PARALLEL_FROM = 1000  # candidates: fewer are simulated in this process


def _candidate(
    part: str, seed: int, index: int, players: int | None, deck_size: int | None, hand_size: int
) -> tuple[Game, str, tuple]:
    """Candidate ``index``: its game, scenario and the simulation's result; it depends on
    nothing but its own seed (``uno-moves/PART/SEED/INDEX``), never on other candidates."""
    number = int(part.removeprefix("part"))
    rng = random.Random(f"uno-moves/{part}/{seed}/{index}")
    scenario = SCENARIOS[index % len(SCENARIOS)]
    if players is not None:
        n = players
    else:
        n = rng.randint(1, 3) if number < 3 else rng.randint(2, 9)
    game = random_game(rng, scenario, n, hand_size, deck_size)
    return game, scenario, simulate(number, game.discard, game.deck, game.hands)


def _covers(args: tuple) -> list[tuple[str, ...]]:
    """What each candidate of a range covers (the first pass: no solution text is made)."""
    part, seed, indices, players, deck_size, hand_size = args
    out = []
    for index in indices:
        _, _, (hands, _, _, events) = _candidate(part, seed, index, players, deck_size, hand_size)
        out.append(tuple(coverage(events, len(hands))))
    return out


def _fixtures(args: tuple) -> list[Fixture]:
    """The chosen candidates as fixtures, with their solution texts (the second pass)."""
    part, seed, chosen, players, deck_size, hand_size = args
    out = []
    for position, index in chosen:
        game, scenario, (hands, deck, discard, events) = _candidate(
            part, seed, index, players, deck_size, hand_size
        )
        out.append(
            Fixture(
                f"{part}-s{seed}-{position:03d}",
                part,
                game,
                format_solution(hands, deck, discard),
                tuple(coverage(events, len(hands))),
                scenario,
            )
        )
    return out


def _spread(function, chunks: list[tuple], jobs: int) -> list:
    """``function`` over ``chunks``, in order; in ``jobs`` processes when there are several."""
    if jobs <= 1 or len(chunks) <= 1:
        return [function(chunk) for chunk in chunks]
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    ctx = multiprocessing.get_context("forkserver")
    with ProcessPoolExecutor(max_workers=jobs, mp_context=ctx) as pool:
        return list(pool.map(function, chunks))


def _chunks(items: list, pieces: int) -> list[list]:
    size = max(1, -(-len(items) // pieces))
    return [items[k : k + size] for k in range(0, len(items), size)]


def generate(
    part: str,
    count: int,
    seed: int,
    players: int | None = None,
    deck_size: int | None = None,
    hand_size: int = 7,
    jobs: int = 1,
) -> list[Fixture]:
    """``count`` fixtures for ``part`` (``part01``..``part04``), reproducible from ``seed``
    whatever ``jobs`` (processes) is: every candidate has its own seed.

    Candidates ``0 .. min(10 * count, count + EXTRA_CANDIDATES) - 1`` are simulated; those
    that cover something no earlier one covered are chosen first, then the others in order.
    (Past a few hundred candidates nothing new is covered, so a large set does not try ten
    times its size.)
    """
    total = min(count * 10, count + EXTRA_CANDIDATES)
    jobs = jobs if total >= PARALLEL_FROM else 1  # starting processes costs more than that
    pieces = max(1, jobs) * 4
    common = (players, deck_size, hand_size)
    chunks = [(part, seed, ids, *common) for ids in _chunks(list(range(total)), pieces)]
    covers = [c for chunk in _spread(_covers, chunks, jobs) for c in chunk]
    # Greedy: first the candidates that add something not yet covered, then in order.
    chosen: list[int] = []
    seen: set[str] = set()
    for k, found in enumerate(covers):
        if len(chosen) < count and not set(found) <= seen:
            chosen.append(k)
            seen |= set(found)
    picked = set(chosen)
    chosen += [k for k in range(total) if k not in picked][: count - len(chosen)]
    positions = list(enumerate(sorted(chosen)))
    chunks = [(part, seed, ids, *common) for ids in _chunks(positions, pieces)]
    return [f for chunk in _spread(_fixtures, chunks, jobs) for f in chunk]


def write_fixtures(fixtures: list[Fixture], out_dir: str | Path) -> list[Path]:
    """Write ``NAME.uno`` and ``NAME.solution`` for each fixture; return the paths written."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for f in fixtures:
        for suffix, text in ((".uno", format_uno(f.game)), (".solution", f.solution)):
            path = out / f"{f.name}{suffix}"
            path.write_text(text, encoding="utf-8")
            written.append(path)
    return written


def manifest_entries(fixtures: list[Fixture], folder: str, public: int) -> list[dict]:
    """Manifest rows: the first ``public`` fixtures are public, the rest hidden."""
    return [
        {
            "name": f.name,
            "part": f.part,
            "visibility": "public" if k < public else "hidden",
            "covers": [f"scenario:{f.scenario}", *f.covers],
            "input": f"{folder}/{f.name}.uno",
            "expected": f"{folder}/{f.name}.solution",
        }
        for k, f in enumerate(fixtures)
    ]


def dumps_manifest(manifest: dict) -> str:
    return json.dumps(manifest, indent=1, ensure_ascii=False) + "\n"


SEED_EXAMPLES = {
    "part01": "part01test01",
    "part02": "part02test01",
    "part03": "part03test01",
    "part04": "part04test01",
}
# Worked examples of the page's Decisions, written and solved by hand (``decisions/``, public).
DECISION_EXAMPLES = (
    (
        "part01-d5-extended-bare-wild-draw-four",
        "part01",
        ("decision-D5", "extend-wild-draw-four", "bare-wild-draw-four"),
    ),
)
BUNDLED_SEED = 2026
BUNDLED_COUNT = 30
BUNDLED_PUBLIC = 10


def build_bundled(root: str | Path) -> dict:
    """(Re)write the bundled fixture set under ``root`` (``fixtures/uno-moves``).

    The four repaired seed examples (``seed/``, written by hand, public) come first, then
    the worked examples of the Decisions (``decisions/``, solved by hand, public); then, per
    part, ``BUNDLED_COUNT`` generated fixtures, the first ``BUNDLED_PUBLIC`` public and the
    rest hidden.
    """
    root = Path(root)
    cases = [
        {
            "name": f"seed-{name}",
            "part": part,
            "visibility": "public",
            "covers": ["seed-example"],
            "input": f"seed/{name}.uno",
            "expected": f"seed/{name}.solution",
        }
        for part, name in SEED_EXAMPLES.items()
    ]
    cases += [
        {
            "name": name,
            "part": part,
            "visibility": "public",
            "covers": list(covers),
            "input": f"decisions/{name}.uno",
            "expected": f"decisions/{name}.solution",
        }
        for name, part, covers in DECISION_EXAMPLES
    ]
    for part in SEED_EXAMPLES:
        fixtures = generate(part, BUNDLED_COUNT, BUNDLED_SEED)
        write_fixtures(fixtures, root / part)
        cases += manifest_entries(fixtures, part, BUNDLED_PUBLIC)
    manifest = {
        "assignment": "uno-moves",
        "generated_by": "python -m reference.uno_moves.generate "
        f"(build_bundled: seed {BUNDLED_SEED}, {BUNDLED_COUNT} per part)",
        "cases": cases,
    }
    (root / "manifest.json").write_text(dumps_manifest(manifest), encoding="utf-8")
    return manifest


if __name__ == "__main__":
    from graders.paths import fixtures_dir

    build_bundled(fixtures_dir("uno-moves"))
