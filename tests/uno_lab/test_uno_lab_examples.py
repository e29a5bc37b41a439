"""The example class graded end to end; the style checker; the play entry point."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from reference import uno_lab as u
from reference.uno_lab import fixtures, grading
from reference.uno_lab.play import play_cli
from reference.uno_lab.style import REQUIREMENTS, check_style, style_deduction

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "uno-lab"
STARTER = Path(__file__).resolve().parents[2] / "assignments" / "uno-lab" / "starter"
FILES = fixtures.generate_fixtures(2024, 3)
CASES = json.loads(FILES["manifest.json"])["cases"]


def load(path: Path):
    spec = importlib.util.spec_from_file_location(f"uno_lab_example_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def failing_parts(module) -> set[str]:
    return {
        c["part"]
        for c in CASES
        if not grading.grade_case(FILES[c["input"]], FILES[c["expected"]], module).passed
    }


def test_full_solution_passes_every_case_and_every_requirement():
    assert failing_parts(load(EXAMPLES / "full_solution.py")) == set()
    results = check_style((EXAMPLES / "full_solution.py").read_text())
    assert [r for r in results if not r[2]] == []
    assert len(results) == len(REQUIREMENTS)


def test_partial_ordering_mistakes_fail_where_expected():
    failing = failing_parts(load(EXAMPLES / "partial_ordering_mistakes.py"))
    # isLT by rank first, cardSort ascending; everything from moveAction on is missing
    assert {"isLT", "cardSort", "moveAction", "play", "game"} <= failing
    assert "cardValue" not in failing and "drawFour" not in failing  # drawFour still works
    unmet = {r[0] for r in check_style((EXAMPLES / "partial_ordering_mistakes.py").read_text())
             if not r[2]}  # fmt: skip
    assert "drawFour" in unmet and "colorIsLT" not in unmet and "play" in unmet


def test_partial_turn_mistakes_fail_where_expected():
    failing = failing_parts(load(EXAMPLES / "partial_turn_mistakes.py"))
    assert {"nextPlayer", "hasColor", "play"} <= failing
    assert "cardSort" not in failing and "precedes" not in failing
    unmet = {r[0] for r in check_style((EXAMPLES / "partial_turn_mistakes.py").read_text())
             if not r[2]}  # fmt: skip
    assert unmet == {"nextPlayer"}  # whoseTurn is gone


def test_starter_imports_and_every_task_is_reported_missing():
    starter = load(STARTER / "solution.py")
    with pytest.raises(NotImplementedError):
        starter.cardSort([])
    results = check_style((STARTER / "solution.py").read_text())
    assert {r[0] for r in results if not r[2]} >= {"colorIsLT", "drawTwo", "game"}


def test_style_checker_reads_helpers_and_reports_syntax_errors():
    src = (
        "def _walk(lst, a, b):\n    return precedes(isSameColor)(lst)(a)(b)\n"
        "def colorIsLT(c1):\n    return lambda c2: _walk(colors, c1, c2)\n"
        "drawTwo = lambda d: draw(draw(d))\n"
    )
    by_task = {(t, r): met for t, r, met, _ in check_style(src)}
    assert by_task[("colorIsLT", "uses precedes")] is True
    assert by_task[("drawTwo", "composes draw")] is True
    assert by_task[("rankIsLT", "uses precedes")] is False
    bad = check_style("def f(:\n")
    assert bad[0][0] == "*" and bad[0][2] is False and "line 1" in bad[0][3]
    assert style_deduction(check_style(src)) == {t: 0.0 for t, _, m, _ in check_style(src) if not m}
    assert style_deduction([("isLT", "x", False, "")], per_unmet=0.5) == {"isLT": 0.5}


def test_play_cli_is_reproducible_and_drives_the_manual_dialog():
    def run(seed):
        out: list[str] = []
        lines = iter(["0", "1", "0", "2"])
        result = play_cli(4, 1, seed, lambda: next(lines, ""), out.append)
        return result, "".join(out)

    (winner, losses), text = run(3)
    assert run(3) == ((winner, losses), text)
    assert text.startswith("\nPlayer Sergey deals.\n")
    assert "Enter the number of the selected card from the list of playable cards (from 0)." in text
    assert dict(losses)[winner] == 0
    assert text.endswith(f"\nval res =\n    ({u.show(winner)},\n    {u.show(losses)})\n")


def test_play_cli_rejects_bad_counts():
    with pytest.raises(ValueError):
        play_cli(0, 0, 1, lambda: "", lambda s: None)
    with pytest.raises(ValueError):
        play_cli(3, 4, 1, lambda: "", lambda s: None)
