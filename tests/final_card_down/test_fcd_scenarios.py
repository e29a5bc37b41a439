"""Scenario fixtures: replayed with the standalone runner, reproducible, and telling.

The runner (``assignments/final-card-down/harness/scenario_runner.py``) is loaded by
path, exactly as the grader copies it into a sandbox: it must not need the reference.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import sys
import types
from pathlib import Path

import pytest

import reference.final_card_down.game as REF
from reference.final_card_down.handwritten import handwritten_scenarios
from reference.final_card_down.mutants import load_mutant, mutant_names
from reference.final_card_down.scenario_format import dump_scenario
from reference.final_card_down.scenario_gen import (
    DEFAULT_COUNT,
    DEFAULT_SEED,
    fixture_files,
    generate_scenario,
)

ROOT = Path(__file__).resolve().parents[2]
RUNNER_PATH = ROOT / "assignments" / "final-card-down" / "harness" / "scenario_runner.py"
FIXTURES = ROOT / "fixtures" / "final-card-down"


def _load_runner():
    spec = importlib.util.spec_from_file_location("fcd_scenario_runner", RUNNER_PATH)
    module = importlib.util.module_from_spec(spec)
    sys.modules["fcd_scenario_runner"] = module
    spec.loader.exec_module(module)
    return module


SR = _load_runner()
HANDWRITTEN = handwritten_scenarios()

# Every FAQ answer with behaviour to check, and the spec/decision topics; each must be
# covered by at least one hand-written scenario.
FAQ_TOPICS = {
    "faq-spots-handcard",
    "faq-spots-turns",
    "faq-hand-order",
    "faq-one-round",
    "faq-game-end",
    "faq-no-winner",
    "faq-empty-deck-ends",
    "faq-deck-size",
    "faq-no-shuffle",
    "faq-refill",
    "faq-refill-order",
    "faq-when-say",
    "faq-how-callout",
    "faq-wrong-callout",
    "faq-say-otherwise-invalid",
    "faq-callout-penalty",
    "faq-continue-calls",
    "faq-first-discard",
    "faq-zero",
    "faq-draw-two",
    "faq-continue",
    "faq-declare",
    "faq-declare-zero",
    "faq-numcards",
    "faq-newgame-order",
    "faq-player-points",
    "faq-definitions",
}


def test_runner_is_standalone_stdlib_only():
    tree = ast.parse(RUNNER_PATH.read_text(encoding="utf-8"))
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            imported.add((node.module or "").split(".")[0])
    assert imported <= {"__future__", "json", "sys", "collections", "typing", "importlib", "os"}


@pytest.mark.parametrize("scenario", HANDWRITTEN, ids=lambda s: s["name"])
def test_handwritten_scenario_agrees_with_reference(scenario):
    # Hand-computed expectations against the reference: an independent check of both.
    assert SR.replay(REF, dump_scenario(scenario)) == []


def test_every_faq_topic_has_a_handwritten_scenario():
    covered = {c for s in HANDWRITTEN for c in s["covers"]}
    assert FAQ_TOPICS <= covered, FAQ_TOPICS - covered


def test_fixture_files_on_disk_are_the_generator_output():
    # Regeneration is byte-identical: the committed fixtures are exactly what the seed gives.
    files = fixture_files(DEFAULT_SEED, DEFAULT_COUNT)
    on_disk = {
        p.relative_to(FIXTURES).as_posix(): p.read_text(encoding="utf-8")
        for p in FIXTURES.rglob("*")
        if p.is_file()
    }
    assert on_disk == files


def _scenario_cases():
    manifest = json.loads((FIXTURES / "manifest.json").read_text(encoding="utf-8"))
    return [c for c in manifest["cases"] if c["part"] == "adt"]


def test_manifest_lists_every_scenario_with_the_common_fields():
    manifest = json.loads((FIXTURES / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["assignment"] == "final-card-down" and manifest["generated_by"]
    names = [c["name"] for c in manifest["cases"]]
    assert len(names) == len(set(names))
    scenarios = _scenario_cases()
    assert len(scenarios) == len(HANDWRITTEN) + DEFAULT_COUNT
    for case in scenarios:
        assert case["visibility"] in ("public", "hidden") and case["covers"]
        assert (FIXTURES / case["input"]).is_file() and (FIXTURES / case["expected"]).is_file()
        assert case["input"].startswith(case["visibility"] + "/")
    assert {c["visibility"] for c in scenarios} == {"public", "hidden"}
    # The test-suite cases: one public (passes on the reference), one hidden per mutant,
    # named by number so the manifest does not say which rules are tested.
    suite_cases = [c for c in manifest["cases"] if c["part"] != "adt"]
    assert [(c["part"], c["visibility"], c["target"]) for c in suite_cases[:2]] == [
        ("tests-reference", "public", "reference"),
        ("tests-mutants", "hidden", "mutant-01"),
    ]
    assert len(suite_cases) == 1 + len(mutant_names())
    assert all(c["name"] == c["target"] for c in suite_cases[1:])


def test_every_fixture_replays_cleanly_on_the_reference():
    for case in _scenario_cases():
        scenario = SR.load_scenario(str(FIXTURES / case["input"]))
        assert SR.replay(REF, scenario) == [], case["name"]


def test_generator_is_reproducible_and_seed_dependent():
    assert generate_scenario(11, 3) == generate_scenario(11, 3)
    assert generate_scenario(11, 3) != generate_scenario(12, 3)


def test_generated_scenarios_exercise_the_rules():
    # Properties of the generated set: some games end with a winner, some calls are made and
    # some invalid moves are asked about; decks range from 30 to 800 cards.
    scenarios = [generate_scenario(DEFAULT_SEED, i) for i in range(DEFAULT_COUNT)]
    winners = {
        [s for s in sc["steps"] if s.get("q") == "gameWinner"][-1]["expect"] for sc in scenarios
    }
    assert winners & {0, 1, 2, 3}
    moves = [s["move"] for sc in scenarios for s in sc["steps"] if "q" not in s]
    assert any(m.startswith("SAY_") for m in moves) and any("DECLARE" in m for m in moves)
    assert any(s.get("expect") is False for sc in scenarios for s in sc["steps"])
    sizes = {len(sc["deck"]) for sc in scenarios}
    assert min(sizes) == 30 and max(sizes) == 800


@pytest.mark.parametrize("name", mutant_names())
def test_handwritten_scenarios_catch_every_mutant(name):
    mutant = load_mutant(name)
    assert any(SR.replay(mutant, s, stop_at_first=True) for s in HANDWRITTEN), name


# ----------------------------------------------------------------- the runner's behaviour


def _wrapper(**overrides):
    """A module exposing the reference's names, some replaced."""
    module = types.ModuleType("wrapped_game")
    module.__dict__.update({k: getattr(REF, k) for k in REF.__all__})
    module.__dict__.update(overrides)
    return module


def test_hand_order_does_not_matter():
    # FAQ: the order of a hand is not specified, so a reversed handCard must pass.
    def reversed_card(game, i):
        return REF.handCard(game, REF.handCardCount(game) - 1 - i)

    module = _wrapper(handCard=reversed_card)
    assert all(SR.replay(module, s) == [] for s in HANDWRITTEN)


def test_mutating_implementation_is_supported():
    # A student's playMove may change the game in place and return None.
    class Box:
        def __init__(self, game):
            self.game = game

    def wrap(fn):
        return lambda box, *args: fn(box.game, *args)

    def play_in_place(box, move):
        box.game = REF.playMove(box.game, move)

    names = [n for n in REF.__all__ if n[0].islower() and n not in ("newGame", "playMove")]
    overrides = {n: wrap(getattr(REF, n)) for n in names}
    overrides["newGame"] = lambda *args: Box(REF.newGame(*args))
    overrides["playMove"] = play_in_place
    module = _wrapper(**overrides)
    assert all(SR.replay(module, s) == [] for s in HANDWRITTEN)


def test_feedback_names_the_first_differing_query_and_the_moves():
    # The deal_in_blocks mutant gives player 0 cards 0..6: in the dealing scenario the deck
    # counts, player counts and top discard still agree; the hand query right after newGame
    # is the first to differ.
    scenario = next(s for s in HANDWRITTEN if s["name"] == "faq_dealing_order")
    found = SR.replay(load_mutant("deal_in_blocks"), scenario)
    first = found[0]
    assert first["query"] == "hand()" and first["moves"] == []
    assert first["expected"] == sorted(scenario["deck"][0:28:4])
    text = SR.format_mismatch(first)
    assert "faq_dealing_order" in text and "hand()" in text and "before any move" in text
    found = SR.replay(load_mutant("refill_reversed"), dump_scenario(HANDWRITTEN[2]))
    assert found and found[0]["moves"][-1] == "DRAW_CARD"
    assert "DRAW_CARD" in SR.format_mismatch(found[0])


def test_exceptions_in_student_code_become_mismatches():
    def broken(game):
        raise RuntimeError("boom")

    found = SR.replay(_wrapper(currentPlayer=broken), HANDWRITTEN[0])
    assert found and all("RuntimeError: boom" in m["error"] for m in found)

    def bad_play(game, move):
        raise KeyError("nope")

    found = SR.replay(_wrapper(playMove=bad_play), HANDWRITTEN[0])
    assert found[-1]["query"].startswith("playMove(") and "KeyError" in found[-1]["error"]


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("{", "line 1, column 2"),
        ('{"format": "x"}', "scenario.format"),
        (None, "deck[3]"),
        ("steps", "steps[1].q"),
        ("move", "steps[2].move"),
    ],
)
def test_bad_scenarios_name_the_place(text, where):
    good = json.loads(dump_scenario(HANDWRITTEN[0]))
    if text is None:
        good["deck"][3] = "RED THREE"
        text = json.dumps(good)
    elif text == "steps":
        good["steps"][1] = {"q": "noSuchQuery", "expect": 1}
        text = json.dumps(good)
    elif text == "move":
        good["steps"][2] = {"move": "PLAY_CARD RED NINETEEN HEARTS"}
        text = json.dumps(good)
    with pytest.raises(SR.ScenarioError) as info:
        SR.parse_scenario(text)
    assert where in str(info.value)


def test_runner_command_line(tmp_path):
    # python scenario_runner.py GAME SCENARIO...: "ok" lines and exit 0 on the reference copy.
    from reference.final_card_down.mutants import write_package

    pkg = write_package(tmp_path, None, package="ref_game_copy")
    paths = []
    for s in HANDWRITTEN[:3]:
        path = tmp_path / f"{s['name']}.json"
        path.write_text(dump_scenario(s), encoding="utf-8")
        paths.append(str(path))
    lines = []
    assert SR.main([str(pkg), *paths], out=lines.append) == 0
    assert lines == [f"ok {p}" for p in paths]
    bad = write_package(tmp_path / "bad", "deal_in_blocks", package="bad_game")
    lines = []
    assert SR.main([str(bad), paths[0]], out=lines.append) == 1
    assert "hand()" in lines[0]
