"""The course header's two readings (D31, D32): a student who followed the header is graded
under it, declared in ``game.py`` or ``Game.c``, or inferred from their answers.

A student of each reading here is ada (the reference written out as one file) with the one
check the header does not make taken out of her ``game.py``: nothing else of her work
changes, so whatever she loses under the page's decisions is the reading's doing.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from graders.cli import main
from reference.final_card_down import reading

# Slow tier: grades students in the sandbox.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
ADA = ROOT / "examples" / "final-card-down" / "ada"

# The check each reading drops from ada's game.py (two lines each, found exactly once).
CHECKS = {
    "draw_after_play": (
        "    if game.played:\n"
        '        return "a card was already played this turn, so the player cannot draw"\n'
    ),
    "callout_in_turn_zero": (
        "    if game.prev_player < 0:\n"
        '        return f"{word.name} as a call-out: nobody has played a turn yet"\n'
    ),
}


def header_student(tmp_path: Path, switch: str, declaration: str | None) -> Path:
    """ada with ``switch``'s check dropped, and ``declaration`` (a line) after the imports."""
    folder = tmp_path / f"{switch}-{'none' if declaration is None else len(declaration)}"
    shutil.copytree(ADA, folder)
    game = folder / "game.py"
    text = game.read_text(encoding="utf-8")
    assert text.count(CHECKS[switch]) == 1
    text = text.replace(CHECKS[switch], "")
    if declaration is not None:
        anchor = "from __future__ import annotations\n"
        text = text.replace(anchor, anchor + declaration + "\n", 1)
    game.write_text(text, encoding="utf-8")
    return folder


def grade_adt(tmp_path: Path, folders: list[Path]) -> dict[str, dict]:
    """The public scenarios only (the ADT part; the test-suite parts' cases are hidden)."""
    out = tmp_path / "reports"
    args = ["grade", "final-card-down", *map(str, folders), "--out", str(out)]
    result = CliRunner().invoke(main, [*args, "--public-only", "--no-gradebook"])
    assert result.exit_code in (0, 1), result.output
    return {
        f.name: json.loads((out / f.name / "result.json").read_text(encoding="utf-8"))
        for f in folders
    }


def adt_points(result: dict) -> tuple[float, float]:
    (part,) = [p for p in result["parts"] if p["id"] == "adt"]
    return part["points"], part["max_points"]


@pytest.mark.parametrize("switch", sorted(CHECKS))
def test_a_student_of_the_headers_reading_is_graded_under_it(tmp_path, switch):
    declared = header_student(tmp_path, switch, f'READINGS = {{"{switch}": True}}')
    undeclared = header_student(tmp_path, switch, None)
    page = header_student(tmp_path, switch, "READINGS = {}")
    results = grade_adt(tmp_path, [declared, undeclared, page])
    decision = reading.DECISION_OF[switch]
    for name in (declared.name, undeclared.name):
        points, of = adt_points(results[name])
        assert points == of > 0, (name, results[name]["notes"])
    assert any(
        f"declares: {decision} the other way ({switch}" in n
        for n in results[declared.name]["notes"]
    )
    (inferred,) = results[undeclared.name]["notes"]
    assert "declares no READINGS" in inferred and f"{decision} the other way" in inferred
    # Judged by the page's decisions, the same work fails the scenarios that try the move.
    points, of = adt_points(results[page.name])
    assert points < of


@pytest.mark.parametrize(
    ("line", "switches", "problem"),
    [
        ('// READINGS = {"draw_after_play": true}', ("draw_after_play",), None),
        (
            '  //READINGS = {"callout_in_turn_zero": True, "play_after_draw": false}',
            ("callout_in_turn_zero",),  # false: the page's decision
            None,
        ),
        ("// READINGS = {}", (), None),
        ('// READINGS = {"draw_after_play": 1}', None, "must be true or false"),  # C words
        ("// READINGS = {draw_after_play}", None, "not a literal dict"),
        ('// READINGS = {"drawing": true}', None, "not one of"),
        ('/* READINGS = {"draw_after_play": true} */', None, None),  # only a // line counts
    ],
)
def test_a_c_submission_declares_in_a_comment_of_game_c(tmp_path, line, switches, problem):
    (tmp_path / "Game.c").write_text(f'#include "Game.h"\n{line}\nint x;\n', encoding="utf-8")
    readings, found = reading.FEEDBACK.declared(tmp_path)
    assert readings == switches
    if problem is None:
        assert found is None
    else:
        assert found is not None and problem in found and "Game.c line 2" in found


def test_game_py_wins_over_game_c(tmp_path):
    (tmp_path / "Game.c").write_text('// READINGS = {"draw_after_play": true}\n')
    (tmp_path / "game.py").write_text("READINGS = {}\n")
    assert reading.FEEDBACK.declared(tmp_path) == ((), None)
