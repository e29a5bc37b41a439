"""Seeded random scenarios from the reference, and the fixture files with their manifest.

``generate_scenario(seed, index)`` deals a random deck (weighted towards the special
cards so their rules come up often) and plays a mix of valid moves - plays, draws,
calls, correct and wrong call-outs, skipped calls - recording queries and their
reference answers after every move, plus isValidMove checks of valid and invalid moves.
``fixture_files(seed, count)`` returns every file's text (hand-written scenarios,
generated ones, manifest.json); ``write_fixtures`` writes them.  Same seed, same bytes.

The manifest also lists the test-suite cases, which have no file: one public case (the
suite must pass on the reference) and one hidden case per mutant, named by an opaque label
(``mutant-07``) so the manifest does not say which rules are tested.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

from . import game as G
from .handwritten import handwritten_scenarios
from .mutants import mutant_labels, mutant_names, sources
from .reading import depends_on
from .scenario_format import FORMAT, ScenarioBuilder, dump_scenario

ASSIGNMENT = "final-card-down"
DEFAULT_SEED = 6
DEFAULT_COUNT = 24
PUBLIC_GENERATED = 6  # the first generated scenarios are public, the rest hidden
MAX_MOVES = 160

_SPECIAL_WEIGHT = {
    G.Value.ZERO: 3,
    G.Value.DRAW_TWO: 4,
    G.Value.ADVANCE: 3,
    G.Value.BACKWARDS: 3,
    G.Value.CONTINUE: 5,
    G.Value.DECLARE: 3,
}


def _random_deck(rng: random.Random, index: int) -> list[G.Card]:
    if index % 8 == 7:  # now and then the full 800-card deck, shuffled
        deck = [
            G.Card(v, c, s)
            for _ in range(2)
            for v in list(G.Value)[:16]
            for c in G.Color
            for s in G.Suit
        ]
        rng.shuffle(deck)
        return deck
    size = rng.choice((30, 31, 32, 34, 36, 40, 45, 50, 60, 80))
    colors = rng.sample(list(G.Color), rng.choice((2, 3, 5)))
    values = list(G.Value)[:16]
    weights = [_SPECIAL_WEIGHT.get(v, 1) for v in values]
    return [
        G.Card(rng.choices(values, weights)[0], rng.choice(colors), rng.choice(list(G.Suit)))
        for _ in range(size)
    ]


def _hand_texts(game: G.Game) -> list[str]:
    return sorted(str(G.handCard(game, i)) for i in range(G.handCardCount(game)))


def _invalid_candidates(game: G.Game) -> list[G.Move]:
    """Moves worth asking isValidMove about that the reference rejects now."""
    pool = [G.Move(a) for a in G.Action if a != G.Action.PLAY_CARD]
    for i in range(G.handCardCount(game)):
        card = G.handCard(game, i)
        pool.append(G.Move(G.Action.PLAY_CARD, G.Color.GREEN, card))
    pool.append(G.Move(G.Action.PLAY_CARD, None, G.topDiscard(game)))
    return [m for m in pool if not G.isValidMove(game, m)]


def _choose(rng: random.Random, game: G.Game, legal: tuple[G.Move, ...]) -> G.Move:
    """A plausible move: mostly sensible, sometimes careless (missed calls, wrong call-outs)."""
    says = [m for m in legal if m.action in (G.Action.SAY_UNO, G.Action.SAY_DUO, G.Action.SAY_TRIO)]
    plays = [m for m in legal if m.action == G.Action.PLAY_CARD]
    others = [m for m in legal if m.action in (G.Action.DRAW_CARD, G.Action.END_TURN)]
    if says and game.owed is not None:  # a call owed for the play just made
        if rng.random() < 0.75:
            return says[0]
    elif says:  # call-outs at the start of a turn
        right = [m for m in says if m.action in game.prev_missed]
        if right and rng.random() < 0.6:
            return rng.choice(right)
        if rng.random() < 0.04:
            return rng.choice(says)
    if plays and rng.random() < 0.85:
        return rng.choice(plays)
    if others:
        return rng.choice(others)
    return rng.choice(legal)


def generate_scenario(seed: int, index: int) -> dict[str, Any]:
    """Scenario ``index`` of the set generated with ``seed`` (independent of the others)."""
    rng = random.Random(seed * 1_000_003 + index)
    deck = _random_deck(rng, index)
    game = G.newGame(
        len(deck), [c.value for c in deck], [c.color for c in deck], [c.suit for c in deck]
    )
    s = ScenarioBuilder(
        f"generated_{seed}_{index:03d}",
        f"Seeded random play (seed {seed}, index {index}) on a {len(deck)}-card deck.",
        ["generated"],
        [str(c) for c in deck],
    )
    s.q("numCards", expect=G.numCards(game))
    for suit in rng.sample(list(G.Suit), 2):
        s.q("numOfSuit", suit.name, expect=G.numOfSuit(game, suit))
    for color in rng.sample(list(G.Color), 2):
        s.q("numOfColor", color.name, expect=G.numOfColor(game, color))
    for value in rng.sample(list(G.Value)[:16], 3):
        s.q("numOfValue", value.name, expect=G.numOfValue(game, value))
    _turn_queries(s, rng, game)
    play_moves(s, rng, game, MAX_MOVES)
    return s.to_dict()


def play_moves(s: ScenarioBuilder, rng: random.Random, game: G.Game, most: int) -> None:
    """Up to ``most`` plausible moves on ``game`` (until someone wins), each with its queries
    and isValidMove checks answered by the reference, added to ``s`` (the smaller cases of
    ``counterexample`` are played the same way)."""
    for _ in range(most):
        if G.gameWinner(game) != G.NOT_FINISHED:
            break
        legal = G.legalMoves(game)
        if rng.random() < 0.5:
            bad = _invalid_candidates(game)
            if bad:
                s.valid(str(rng.choice(bad)), False)
        if rng.random() < 0.3:
            s.valid(str(rng.choice(legal)), True)
        move = _choose(rng, game, legal)
        game = G.playMove(game, move)
        s.moves(str(move))
        s.q("handCardCount", expect=G.handCardCount(game))
        s.q("topDiscard", expect=str(G.topDiscard(game)))
        s.q("gameWinner", expect=G.gameWinner(game))
        if move.action == G.Action.END_TURN or G.gameWinner(game) != G.NOT_FINISHED:
            _turn_queries(s, rng, game)


def _turn_queries(s: ScenarioBuilder, rng: random.Random, game: G.Game) -> None:
    """The state at a turn boundary: whose turn, counts, points, hand, the last turn's moves."""
    s.q("currentPlayer", expect=G.currentPlayer(game))
    s.q("currentTurn", expect=G.currentTurn(game))
    s.q("numTurns", expect=G.numTurns(game))
    s.q("playDirection", expect=G.playDirection(game).name)
    for p in range(G.NUM_PLAYERS):
        s.q("playerCardCount", p, expect=G.playerCardCount(game, p))
    p = rng.randrange(G.NUM_PLAYERS)
    s.q("playerPoints", p, expect=G.playerPoints(game, p))
    s.q("hand", expect=_hand_texts(game))
    turn = G.currentTurn(game) - 1 if G.gameWinner(game) == G.NOT_FINISHED else G.currentTurn(game)
    if turn >= 0:
        n = G.turnMoves(game, turn)
        s.q("turnMoves", turn, expect=n)
        if n:
            k = rng.randrange(n)
            s.q("pastMove", turn, k, expect=str(G.pastMove(game, turn, k)))


def fixture_files(seed: int = DEFAULT_SEED, count: int = DEFAULT_COUNT) -> dict[str, str]:
    """Every fixture file's text by relative path, manifest.json included."""
    files: dict[str, str] = {}
    cases: list[dict[str, Any]] = []
    for scenario in handwritten_scenarios():
        path = f"public/{scenario['name']}.json"
        files[path] = dump_scenario(scenario)
        cases.append(_case(scenario, "public", path))
    for index in range(count):
        scenario = generate_scenario(seed, index)
        visibility = "public" if index < PUBLIC_GENERATED else "hidden"
        path = f"{visibility}/{scenario['name']}.json"
        files[path] = dump_scenario(scenario)
        cases.append(_case(scenario, visibility, path))
    cases.append(
        {
            "name": "suite-passes-on-reference",
            "part": "tests-reference",
            "visibility": "public",
            "covers": ["test-suite"],
            "target": "reference",
        }
    )
    for label in mutant_labels():
        cases.append(
            {
                "name": label,
                "part": "tests-mutants",
                "visibility": "hidden",
                "covers": ["test-suite"],
                "target": label,
            }
        )
    manifest = {
        "assignment": ASSIGNMENT,
        # What the test-suite verdicts depend on besides the suite: a change to the reference
        # or to a mutant changes the manifest, so a resumed batch grades again.
        "suite_targets_sha256": suite_targets_digest(),
        "format": FORMAT,
        "generated_by": (
            "reference.final_card_down.scenario_gen.write_fixtures(out_dir, "
            f"seed={seed}, count={count}); hand-written scenarios from "
            "reference.final_card_down.handwritten"
        ),
        "note": (
            "a scenario holds its own expected answers: input and expected are one file; "
            "test-suite cases (parts tests-*) have no file, only a target"
        ),
        "cases": cases,
    }
    files["manifest.json"] = json.dumps(manifest, indent=2) + "\n"
    return files


def suite_targets_digest() -> str:
    """sha256 over the reference's and every mutant's source files, in catalog order."""
    h = hashlib.sha256()
    for name in (None, *mutant_names()):
        for file, text in sorted(sources(name).items()):
            h.update(f"{name}/{file}\0".encode() + text.encode() + b"\0")
    return h.hexdigest()


def _case(scenario: dict[str, Any], visibility: str, path: str) -> dict[str, Any]:
    return {
        "name": scenario["name"],
        "part": "adt",
        "visibility": visibility,
        "covers": scenario["covers"],
        "readings": list(depends_on(scenario)),
        "input": path,
        "expected": path,
    }


def write_fixtures(
    out_dir: str | Path, seed: int = DEFAULT_SEED, count: int = DEFAULT_COUNT
) -> list[Path]:
    """Write ``fixture_files(seed, count)`` under ``out_dir``; returns the paths written."""
    root = Path(out_dir)
    written = []
    for rel, text in fixture_files(seed, count).items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written
