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
