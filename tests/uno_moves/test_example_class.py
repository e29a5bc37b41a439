"""The bundled example class is graded as its README (written by hand) says it should be."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

# Slow tier: grades the example class with the CLI.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    out = tmp_path_factory.mktemp("class") / "out"
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "graders.cli",
            "grade",
            "uno-moves",
            str(ROOT / "examples" / "uno-moves"),
            "--out",
            str(out),
            # A generous wall clock: a correct program (kai starts python3 for every case) is
            # never graded near its own run time on a loaded machine. fay's endless loop still
            # times out, by the assignment's CPU limit (2 s), whatever the load.
            "--timeout",
            "30",
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr
    results = {
        p.name: json.loads((p / "result.json").read_text()) for p in out.iterdir() if p.is_dir()
    }
    return proc.stdout, results


def outcomes(result, part):
    return {c["outcome"] for c in result["cases"] if c["part"] == part}


def test_every_student_is_graded(graded):
    _, results = graded
    assert set(results) == {
        "ada",
        "ben",
        "chloe",
        "dev",
        "emil",
        "fay",
        "gus",
        "hana",
        "ivan",
        "jo",
        "kai",
    }


def test_correct_forms_score_full_marks(graded):
    _, results = graded
    for student in ("ada", "gus", "hana", "kai"):
        assert results[student]["score"] == 100, student
    # kai is a program (stdin to stdout), graded through the course's printed solution text.
    assert "graded as a program: python3 main.py" in results["kai"]["notes"]


def test_wrong_readings_lose_points_where_the_readme_says(graded):
    _, results = graded
    chloe = {p["id"]: p for p in results["chloe"]["parts"]}
    assert chloe["part01"]["passed"] == chloe["part01"]["total"]
    assert chloe["part02"]["passed"] == chloe["part02"]["total"]
    assert chloe["part03"]["passed"] < chloe["part03"]["total"]
    assert "failed" in outcomes(results["ben"], "part04")
    dev_notes = [
        m
        for c in results["dev"]["cases"]
        for m in c["messages"]
        if "changed the lists it was given" in m
    ]
    assert dev_notes


def test_crash_loop_missing_syntax_notebook_and_prints(graded):
    _, results = graded
    assert "error" in outcomes(results["emil"], "part02")
    emil_errors = [c for c in results["emil"]["cases"] if c["outcome"] == "error"]
    assert any("IndexError" in c["messages"][0] for c in emil_errors)
    assert "timeout" in outcomes(results["fay"], "part04")
    assert outcomes(results["ivan"], "part02") == {"missing"}
    assert results["ivan"]["score"] == 50
    assert results["jo"]["problem"] == "jo.py:7:21: SyntaxError: expected ':'"
    assert len(results["hana"]["notes"]) == 3
    gus = results["gus"]["cases"]
    assert any(c["stdout_dropped"] > 0 for c in gus)


def test_summary_table_and_csv(graded):
    stdout, _ = graded
    assert "ada" in stdout and "100/100" in stdout and "scores.csv" in stdout
