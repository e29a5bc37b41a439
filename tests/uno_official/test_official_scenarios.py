"""Conformance fixtures: on disk exactly as the seeded generator makes them, well-formed, and
checked against hand-computed facts; parsing errors name their place."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from reference.uno_official import (
    UnoFormatError,
    action_from_json,
    apply,
    check_scenario,
    new_game,
    scenario_files,
    state_from_json,
    state_to_json,
)

ROOT = Path(__file__).resolve().parents[2] / "fixtures" / "uno-official"


def _load(rel: str):
    return json.loads((ROOT / rel).read_text(encoding="utf-8"))


def test_fixtures_on_disk_are_reproducible():
    manifest = _load("manifest.json")
    assert manifest["generated_by"].startswith("reference.uno_official.scenarios.write_fixtures")
    files = scenario_files()  # the defaults recorded in generated_by
    assert files == scenario_files()  # same seed, same bytes
    for rel, text in files.items():
        assert (ROOT / rel).read_text(encoding="utf-8") == text, rel


def test_manifest_format():
    manifest = _load("manifest.json")
    assert manifest["assignment"] == "uno-official"
    names = [c["name"] for c in manifest["cases"]]
    assert len(names) == len(set(names))
    covered = set()
    for case in manifest["cases"]:
        assert set(case) == {"name", "part", "visibility", "covers", "input", "expected"}
        assert case["visibility"] in ("public", "hidden")
        assert (ROOT / case["input"]).is_file() and (ROOT / case["expected"]).is_file()
        covered.update(case["covers"])
    for rule in ("first-discard", "matching", "draw", "skip", "reverse", "draw-two", "wild",
                 "wild-draw-four", "challenge", "uno", "penalty", "scoring", "match",
                 "reshuffle", "house-stacking", "house-seven-zero", "house-jump-in"):  # fmt: skip
        assert rule in covered, rule
    assert any(c["visibility"] == "hidden" for c in manifest["cases"])
    # deal cases feed deal_from_deck, state cases apply, probes a strategy
    for case in manifest["cases"]:
        given = _load(case["input"])
        part = "deal" if "deal" in given else "strategy" if "view" in given else "rules"
        assert case["part"] == part, case["name"]


def test_every_state_case_replays_and_conforms():
    for case in _load("manifest.json")["cases"]:
        if case["part"] != "rules":
            continue
        given, expected = _load(case["input"]), _load(case["expected"])
        state = state_from_json(given["state"])
        action = action_from_json(given["action"])
        try:
            after = apply(state, action)
            actual = {"state": state_to_json(after)}
        except ValueError:
            actual = {"error": "illegal_action"}
        assert check_scenario(expected, actual) == [], case["name"]


def test_hand_computed_facts_in_public_fixtures():
    # go-out-and-score: others hold Y1 Y2 Y3 / G4 G5 G6 / B1 B2 B3 = 6 + 15 + 6 = 27
    assert _load("public/go-out-and-score.expected.json")["state"]["scores"] == [27, 0, 0, 0]
    # score-card-values: W, W+4, RS / R+2, GR / Y9 = 50+50+20+20+20+9 = 169
    assert _load("public/score-card-values.expected.json")["state"]["scores"][0] == 169
    innocent = _load("public/challenge-innocent-draws-six.expected.json")["state"]
    assert len(innocent["hands"][1]) == 3 + 6 and innocent["current"] == 2
    guilty = _load("public/challenge-guilty-draws-four.expected.json")["state"]
    assert len(guilty["hands"][0]) == 2 + 4 and guilty["current"] == 1
    assert "error" in _load("public/mismatch-is-illegal.expected.json")
    rev = _load("public/deal-reverse-first.expected.json")["state"]
    assert (rev["current"], rev["direction"]) == (3, -1)


def test_check_scenario_reports_differences():
    exp = _load("public/skip.expected.json")
    wrong = json.loads(json.dumps(exp))
    wrong["state"]["current"] = 1
    assert any(d.startswith("current") for d in check_scenario(exp, wrong))
    assert check_scenario(exp, {"error": "x"}) != []
    err = _load("public/mismatch-is-illegal.expected.json")
    assert check_scenario(err, {"error": "illegal"}) == []
    assert check_scenario(err, exp) != []


def test_shuffled_case_compares_loosely():
    exp = _load("public/reshuffle-when-pile-empty.expected.json")
    assert exp["shuffled"] is True
    other = json.loads(json.dumps(exp))
    other["state"]["draw_pile"] = list(reversed(other["state"]["draw_pile"]))
    assert check_scenario(exp, other) == []
    other["state"]["discard"] = ["G9"]
    assert check_scenario(exp, other) != []


@pytest.mark.parametrize(
    ("mutate", "where"),
    [
        (lambda d: d["hands"][2].__setitem__(1, "X9"), "state.hands[2][1]"),
        (lambda d: d.__setitem__("phase", "dance"), "state.phase"),
        (lambda d: d.__setitem__("current", 7), "state.current"),
        (lambda d: d["draw_pile"].pop(), "extra"),
        (lambda d: d.pop("color"), "'color'"),
        (lambda d: d["rules"].__setitem__("num_players", 1), "state.rules.num_players"),
    ],
)
def test_bad_state_json_names_the_place(mutate, where):
    doc = state_to_json(new_game(4))
    mutate(doc)
    with pytest.raises(UnoFormatError) as info:
        state_from_json(doc)
    assert where in str(info.value) or (where == "extra" and "missing" in str(info.value))


def test_bad_action_json():
    for doc, where in [
        ({"kind": "fly"}, "action.kind"),
        ({"kind": "play", "card": "Q1"}, "action.card"),
        ({"kind": "play", "card": "W", "color": "P"}, "action.color"),
        ({"kind": "draw", "oops": 1}, "oops"),
        ([], "action"),
    ]:
        with pytest.raises(UnoFormatError) as info:
            action_from_json(doc)
        assert where in str(info.value)
