"""The style checker on the examples and on hand-written sources; the terminal game's entry point.

(The example class is graded through the sandbox in test_uno_lab_grading.py.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from reference import uno_lab as u
from reference.uno_lab.play import play_cli
from reference.uno_lab.style import REQUIREMENTS, check_style, style_deduction

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "uno-lab"
STARTER = Path(__file__).resolve().parents[2] / "assignments" / "uno-lab" / "starter"


def unmet(path: Path) -> set[str]:
    return {r[0] for r in check_style(path.read_text()) if not r[2]}


def test_the_examples_meet_the_requirements_their_readme_says():
    results = check_style((EXAMPLES / "full_solution.py").read_text())
    assert [r for r in results if not r[2]] == []
    assert len(results) == len(REQUIREMENTS)
    assert unmet(EXAMPLES / "style_only.py") == {
        "colorIsLT", "rankIsLT", "cardSort", "sumCards", "hasColor"
    }  # fmt: skip
    ordering = unmet(EXAMPLES / "partial_ordering_mistakes.py")
    assert "drawFour" in ordering and "colorIsLT" not in ordering and "play" in ordering
    assert unmet(EXAMPLES / "partial_turn_mistakes.py") == {"nextPlayer"}  # whoseTurn is gone


def test_starter_reports_the_requirements_as_unmet():
    assert unmet(STARTER / "solution.py") >= {"colorIsLT", "drawTwo", "game"}


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
