"""A C submission's feedback speaks C: testGame.c and assert, Game.c and its ``// READINGS``
line, never game.py, test_game.py, pytest or player.py.

Each C folder here is graded whole (``unograde grade``); every message and note a student
reads is scanned for the Python port's file names, and the messages expected are the ones
each folder's text calls for (no testGame.c; a main that reaches no function of Game.h; a
suite with no assert; a testGame.c gcc refuses; a declaration of the page's decisions, and a
malformed one).
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from graders.cli import main
from graders.run.toolchains import toolchain
from reference.final_card_down import reading, suite

ROOT = Path(__file__).resolve().parents[2]
C_EXAMPLES = ROOT / "examples" / "final-card-down-c"
PYTHON_WORDS = ("game.py", "test_game", "test_*.py", "pytest", "player.py", "conftest")

# Slow tier: builds C programs with gcc.
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(toolchain("gcc").path() is None, reason="no gcc"),
]

# A main that calls Game.h (newGame, numCards) and checks nothing.
NO_ASSERT = """#include <stdio.h>
#include "Game.h"
// no assert here: it only prints what the ADT answers
static value values[40];
static color colors[40];
static suit suits[40];
int main(void) {
    for (int i = 0; i < 40; i++) {
        values[i] = (value)(3 + i % 7);
        colors[i] = (color)(i % 4);
        suits[i] = (suit)(i % 4);
    }
    Game g = newGame(40, values, colors, suits);
    printf("%d\\n", numCards(g));
    destroyGame(g);
    return 0;
}
"""
CALLS_NOTHING = '#include <assert.h>\n#include "Game.h"\nint main(void) { assert(1); return 0; }\n'
UNDEFINED = '#include "Game.h"\nint main(void) { return nosuch(); }\n'


@pytest.fixture(autouse=True)
def build_cache(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("UNOGRADE_BUILD_CACHE", str(tmp_path_factory.getbasetemp() / "builds"))


def c_student(tmp_path: Path, name: str, test: str | None, first_line: str = "") -> Path:
    """ada's sound Game.c (with ``first_line`` on top), and ``test`` as testGame.c (None:
    no testGame.c)."""
    folder = tmp_path / name
    folder.mkdir()
    game = (C_EXAMPLES / "ada" / "Game.c").read_text(encoding="utf-8")
    (folder / "Game.c").write_text(first_line + "\n" + game, encoding="utf-8")
    if test is not None:
        (folder / "testGame.c").write_text(test, encoding="utf-8")
    return folder


def grade(tmp_path: Path, *folders: Path) -> dict[str, dict]:
    out = tmp_path / "reports"
    result = CliRunner().invoke(
        main, ["grade", "final-card-down", *map(str, folders), "--out", str(out), "--staff"]
    )
    assert result.exit_code in (0, 1), result.output
    return {
        f.name: json.loads((out / f.name / "result.json").read_text(encoding="utf-8"))
        for f in folders
    }


def said(result: dict) -> list[str]:
    """Every line the student reads: each case's messages and where it first went wrong,
    and the notes."""
    lines = [m for case in result["cases"] for m in case["messages"]]
    lines += [json.dumps(c["first_divergence"]) for c in result["cases"] if c["first_divergence"]]
    return lines + list(result["notes"])


def messages(result: dict, case: str) -> list[str]:
    return next(c["messages"] for c in result["cases"] if c["name"] == case)


def test_every_message_of_a_c_submission_speaks_c(tmp_path):
    folders = [
        c_student(tmp_path, "none", None, "// READINGS = {}"),
        c_student(tmp_path, "idle", CALLS_NOTHING),
        c_student(tmp_path, "quiet", NO_ASSERT, '// READINGS = {"draw_after_play": 1}'),
        c_student(tmp_path, "broken", UNDEFINED),
        shutil.copytree(C_EXAMPLES / "bo", tmp_path / "bo"),  # a rule wrong, an assert too
    ]
    results = grade(tmp_path, *folders)
    for name, result in results.items():
        for line in said(result):
            assert not any(word in line for word in PYTHON_WORDS), (name, line)
        # the parts table names the C suite testGame.c (assignment.toml's [layouts.c.shown])
        named = {p["id"]: p["function"] for p in result["parts"]}
        assert named == {
            "adt": "newGame",
            "tests-reference": "testGame.c",
            "tests-mutants": "testGame.c",
        }, name
    table = (tmp_path / "reports" / "bo" / "report.md").read_text(encoding="utf-8")
    assert "| tests-mutants | testGame.c |" in table and "test_game.py" not in table

    # no testGame.c: the file a C suite is, named
    (line,) = messages(results["none"], "suite-passes-on-reference")
    assert line.startswith("no testGame.c in the submission") and "assert" in line
    # the page's decisions declared on Game.c's comment line
    assert (
        "graded under the page's decisions D1, D2, D4, D31 and D32, as Game.c declares"
        in results["none"]["notes"]
    )

    # a main that reaches no function of Game.h tests nothing: it does not pass
    idle = messages(results["idle"], "suite-passes-on-reference")
    assert "testGame.c ran but called no function of Game.h" in idle[1]
    assert idle[-1].startswith("every assert must hold on a correct ADT")

    # no assert: the suite passes on the reference, and every mutant says why it survived
    quiet = results["quiet"]
    assert messages(quiet, "suite-passes-on-reference") == []
    mutants = [c for c in quiet["cases"] if c["part"] == "tests-mutants"]
    assert mutants and all(c["outcome"] == "failed" for c in mutants)
    for case in mutants:
        first, second = case["messages"][:2]
        assert first == "testGame.c passes on this broken ADT: no assert checks the rule it breaks"
        assert second.startswith("testGame.c has no assert")
    # the malformed declaration, in C's words (true or false), on Game.c's line 1
    (problem,) = [n for n in quiet["notes"] if "READINGS" in n]
    assert problem.startswith("Game.c line 1: READINGS") and "must be true or false" in problem

    # bo: where its game first departs is told, and its failed assert by file and line
    bo = results["bo"]
    assert any(c["first_divergence"] for c in bo["cases"])
    assert "found by replaying the scenario with your ADT" in " ".join(said(bo))
    failed = messages(bo, "suite-passes-on-reference")
    lines = (C_EXAMPLES / "bo" / "testGame.c").read_text(encoding="utf-8").splitlines()
    found = [re.fullmatch(r"an assert failed in (\w+) \(line (\d+) of testGame\.c\)", m)
             for m in failed]  # fmt: skip
    (where,) = [m for m in found if m]
    assert "assert(" in lines[int(where.group(2)) - 1]
    assert re.search(rf"\b{where.group(1)}\s*\(", "\n".join(lines))

    # its hidden cases: no smaller case for the suite's part, said in the suite's words; a
    # scenario of a compiled Game.c is not searched, said as such
    from reference.final_card_down.counterexample import SUITE

    notes = {c["part"]: c["counterexample"]["note"] for c in bo["cases"]
             if c["hidden"] and c["counterexample"]}  # fmt: skip
    assert notes["tests-mutants"] == SUITE
    assert notes["adt"].startswith("no smaller case is searched for a compiled or whole program")

    # gcc refused testGame.c: said with gcc's words, not as an import
    broken = messages(results["broken"], "suite-passes-on-reference")
    assert broken[1].startswith("testGame.c did not compile")
    assert results["broken"]["parts"][1]["points"] == 0


def test_the_reading_note_names_game_c_and_its_comment_line(tmp_path):
    (tmp_path / "Game.c").write_text("int x;\n", encoding="utf-8")
    assert reading.declaring_file(tmp_path) == "Game.c"
    inferred = reading.FEEDBACK.note(("draw_after_play",), "inferred", "Game.c")
    assert inferred.startswith("Game.c declares no READINGS")
    assert 'the line // READINGS = {"draw_after_play": true} in Game.c' in inferred
    assert "game.py" not in inferred and "True" not in inferred
    declared = reading.FEEDBACK.note(("draw_after_play",), "declared", "Game.c")
    assert declared.startswith("graded under the reading Game.c declares: D31 the other way")
    # a Python submission keeps its own words; game.py wins over a Game.c beside it
    (tmp_path / "game.py").write_text("READINGS = {}\n", encoding="utf-8")
    assert reading.declaring_file(tmp_path) == "game.py"
    python = reading.FEEDBACK.note(("draw_after_play",), "inferred", "game.py")
    assert 'READINGS = {"draw_after_play": True} in game.py' in python


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("assert(x);", True),
        ("  assert (numCards(g) == 40);", True),
        ("// assert(x);\nint y;", False),
        ("/* assert(x);\n assert(y); */ int z;", False),
        ("static_assert_like(x); int assertion = 1;", False),
        ("", False),
    ],
)
def test_an_assert_is_found_outside_comments_only(text, expected):
    from reference.final_card_down.c_suite import has_assert

    assert has_assert(text) is expected


def test_the_python_wording_is_kept_for_a_python_suite():
    lines = suite.explain({"target": "reference", "verdict": "no-tests"})
    assert lines == [
        "no test_*.py files (and conftest.py) in the submission: there is no test suite to run"
    ]
    c_lines = suite.explain({"target": "reference", "verdict": "no-tests", "language": "C"})
    assert "testGame.c" in c_lines[0] and "test_" not in c_lines[0]
