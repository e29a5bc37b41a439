"""``python -m reference.reading_loss``: what a student of each open reading fails today.

Run on a couple of fixtures whose answer under each reading is plain from the fixture itself
(the page's worked example of D5; a scenario that keeps a drawn card; a game that ends with
NO WINNER); the points are checked against the manifest's counts.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from reference import reading_loss

ROOT = Path(__file__).resolve().parents[2]


def manifest(assignment: str) -> list[dict]:
    return json.loads((ROOT / "fixtures" / assignment / "manifest.json").read_text())["cases"]


def by_switch(found):
    return {loss.switch or loss.decision: loss for loss in found}


def test_uno_moves_on_two_fixtures():
    names = ["part01-d5-extended-bare-wild-draw-four", "seed-part04test01"]
    found = by_switch(reading_loss.losses("uno-moves", names))
    assert set(found) == {
        "wild_draw_four_extends_draw_two",
        "marked_wild_draw_fours_only",
        "part3_continues_after_a_win",
    }
    # The D5 worked example owes 8 on the page and 4 under the other reading.
    assert found["marked_wild_draw_fours_only"].cases == (names[0],)
    assert found["part3_continues_after_a_win"].cases == ()  # part 1 and 4 only
    part01 = sum(1 for c in manifest("uno-moves") if c["part"] == "part01")
    assert found["marked_wild_draw_fours_only"].points == round(25 / part01, 2)
    assert found["marked_wild_draw_fours_only"].of_cases == len(manifest("uno-moves"))
    assert found["marked_wild_draw_fours_only"].of_points == 100


def test_the_handouts_worked_examples_cost_no_reading():
    seed = [c["name"] for c in manifest("uno-moves") if c["name"].startswith("seed-")]
    assert len(seed) == 4
    assert all(loss.cases == () for loss in reading_loss.losses("uno-moves", seed))


def test_ochos_locos_on_two_fixtures():
    found = by_switch(reading_loss.losses("ochos-locos", ["sample-1", "deal-006"]))
    # sample 1's draws (R2 on B7, G5 on Y3, B6 on R3) are never playable; deal-006 ends blocked.
    assert found["6"].switch == "" and found["6"].cases == ("deal-006",)
    assert "sample-1" not in found["play_drawn_card"].cases
    assert found["6"].points == round(50 / len(manifest("ochos-locos")), 2)


def test_uno_official_on_two_fixtures():
    found = by_switch(reading_loss.losses("uno-official", ["keep-drawn-card", "play-drawn-card"]))
    assert found["drawn_card_must_be_played"].cases == ("keep-drawn-card",)
    assert found["wild_draw_four_refused"].cases == ()
    assert found["guilty_challenge_skips_challenger"].cases == ()


def test_the_command(capsys):
    assert reading_loss.main(["uno-official", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert {row["switch"] for row in out} == {
        "wild_draw_four_refused",
        "guilty_challenge_skips_challenger",
        "drawn_card_must_be_played",
    }
    assert all(row["of_cases"] == len(manifest("uno-official")) for row in out)
    assert reading_loss.main(["no-such-assignment"]) == 2
    assert "no open readings known" in capsys.readouterr().err


@pytest.mark.parametrize("assignment", sorted(reading_loss.MODULES))
def test_every_built_in_assignment_has_its_switches(assignment):
    import importlib

    module = importlib.import_module(reading_loss.MODULES[assignment])
    names = module.Readings.names()
    assert names and set(module.DECISION_OF) == set(names) == set(module.OTHER_READING)
    assert module.Readings().differences() == ()
