"""The example students through the command line: ``unograde grade final-card-down``.

ben's ADT forgets that a ZERO is wild and his suite passes on the reference; cy's ADT
refills the deck in reverse and cy's suite relies on the order of a hand, so it fails on the
reference (see ``examples/final-card-down/README.md``).  ada, the correct one, is graded in
``test_fcd_grade.py`` on both isolation paths.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from graders.cli import main
from reference.final_card_down.handwritten import handwritten_scenarios
from reference.final_card_down.scenario_gen import DEFAULT_COUNT, PUBLIC_GENERATED

# Slow tier: grades the example class with the CLI.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "final-card-down"


def test_grading_the_example_class(tmp_path):
    out = tmp_path / "reports"
    result = CliRunner().invoke(
        main,
        ["grade", "final-card-down", str(EXAMPLES / "ben"), str(EXAMPLES / "cy"), "--public-only"]
        + ["--out", str(out)],
    )
    assert result.exit_code == 0, result.output
    rows = {r["student"]: r for r in csv.DictReader((out / "scores.csv").open(encoding="utf-8"))}
    assert sorted(rows) == ["ben", "cy"]
    assert 0 < float(rows["ben"]["adt"]) < 70 and 0 < float(rows["cy"]["adt"]) < 70
    public_scenarios = len(handwritten_scenarios()) + PUBLIC_GENERATED
    assert DEFAULT_COUNT > PUBLIC_GENERATED  # the other generated scenarios are hidden
    for student, suite_passes in (("ben", True), ("cy", False)):
        graded = json.loads((out / student / "result.json").read_text(encoding="utf-8"))
        parts = {p["id"]: p for p in graded["parts"]}
        assert parts["adt"]["total"] == public_scenarios
        assert (parts["tests-reference"]["passed"] == 1) == suite_passes, student
    report = (out / "cy" / "report.md").read_text(encoding="utf-8")
    assert "test_drawn_card_comes_first failed: AssertionError" in report
    assert (out / "ben" / "results.json").is_file() and (out / "ben" / "report.html").is_file()


def test_fixtures_generate_reproduces_the_bundled_scenarios(tmp_path):
    out = tmp_path / "gen"
    result = CliRunner().invoke(
        main,
        ["fixtures", "generate", "final-card-down/adt", "--count", "2", "--seed", "6"]
        + ["--out", str(out)],
    )
    assert result.exit_code == 0, result.output
    bundled = ROOT / "fixtures" / "final-card-down" / "public"
    for name in ("generated_6_001.json", "faq_zero_is_wild.json"):
        assert (out / "public" / name).read_bytes() == (bundled / name).read_bytes()
    wrong = CliRunner().invoke(
        main, ["fixtures", "generate", "final-card-down/tests-mutants", "--out", str(out)]
    )
    assert wrong.exit_code == 2 and "only final-card-down/adt" in wrong.output
