"""The ``unograde`` command for uno-moves: list, solve, fixtures generate, and its errors."""

from __future__ import annotations

import json
import subprocess
import sys

from click.testing import CliRunner

from graders.cli import main
from graders.paths import fixtures_dir

SEED = fixtures_dir("uno-moves") / "seed"


def run(*args):
    return CliRunner().invoke(main, list(args))


def test_list_names_parts_functions_points():
    result = run("list")
    assert result.exit_code == 0
    for word in ("uno-moves", "part03", "manyPlayersOneMove", "25"):
        assert word in result.output


def test_solve_prints_course_text():
    result = run("solve", "uno-moves/part02", str(SEED / "part02test01.uno"))
    assert result.exit_code == 0
    assert result.output == (SEED / "part02test01.solution").read_text()


def test_solve_json():
    result = run("solve", "uno-moves/part01", str(SEED / "part01test01.uno"), "--json")
    data = json.loads(result.output)
    assert data["discard"] == [["b", "6"], ["b", "3"]]
    assert data["turns"][0]["rule"] == "colour"
    # A card is one line's worth, never one character per line (issue 32).
    assert '"discard": [["b", "6"], ["b", "3"]]' in result.output
    assert all(line.strip() not in ('"b",', '"6"') for line in result.output.splitlines())


def test_compact_json_is_json_of_the_same_value():
    from graders.cli import compact_json

    value = {"a": [[1, "x"], [2, None]], "b": [], "c": {}, "d": [{"e": [True]}], "f": 1.5}
    assert json.loads(compact_json(value)) == value
    assert compact_json([[1, 2], [3]]) == "[[1, 2], [3]]"


def test_errors_are_one_line_and_exit_2(tmp_path):
    bad = tmp_path / "bad.uno"
    bad.write_text("(\n[],\n[('r','5')\n,[])")
    cases = [
        (["solve", "nope/part01", str(bad)], "unknown assignment 'nope'"),
        (["solve", "uno-moves/part07", str(bad)], "has no part 'part07'"),
        (["solve", "uno-moves/part01", str(tmp_path / "missing.uno")], "no such file"),
        (["solve", "uno-moves/part03", str(bad)], f"{bad}:4:4: expected ',' or ']', found ')'"),
    ]
    for args, message in cases:
        result = subprocess.run(
            [sys.executable, "-m", "graders.cli", *args], capture_output=True, text=True
        )
        assert result.returncode == 2, result
        assert message in result.stderr
        assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr


def test_fixtures_generate_is_reproducible(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    for out in (a, b):
        result = run(
            "fixtures",
            "generate",
            "uno-moves/part03",
            "--count",
            "4",
            "--seed",
            "9",
            "--out",
            str(out),
            "--players",
            "5",
        )
        assert result.exit_code == 0, result.output
    files = sorted(p.name for p in a.iterdir())
    assert len(files) == 9  # 4 inputs, 4 solutions, a manifest
    for name in files:
        assert (a / name).read_bytes() == (b / name).read_bytes()
    manifest = json.loads((a / "manifest.json").read_text())
    first = manifest["cases"][0]
    solved = run("solve", "uno-moves/part03", str(a / first["input"]))
    assert solved.output == (a / first["expected"]).read_text()
    assert (a / first["input"]).read_text().count("\n[(") >= 5  # five hands


def test_grading_one_submission_counts_the_failures_it_does_not_show(tmp_path):
    from pathlib import Path

    ben = Path(__file__).resolve().parents[2] / "examples" / "uno-moves" / "ben.py"
    out = tmp_path / "out"
    result = run("grade", "uno-moves", str(ben), "--out", str(out), "--no-gradebook")
    assert result.exit_code == 0, result.output
    cases = json.loads((out / "ben" / "result.json").read_text())["cases"]
    failed = sum(c["outcome"] != "passed" for c in cases)
    assert failed > 5
    assert result.output.count("✘") == 5
    flat = " ".join(result.output.split())
    assert f"... and {failed - 5} more failed cases (see " in flat
    assert "".join(result.output.split()).count(str(out / "ben" / "report.md")) == 1
