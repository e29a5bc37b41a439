"""examples/uno-moves-haskell/README.md's table: every student's cases per part and score, as
a real grading of every case (public and hidden) gives them, and as they are worked out
here without the grader's judging.

The independent count: each part file compiled by GHC directly (no sandbox, no build
cache), run on each fixture's input as the course ran it (``./part01 case.uno``, 2 s of CPU
as a case has), and what it printed compared, as text, with the fixture's own solution file:
the same text is a pass; text without the solution text's section lines (``"Result"``,
``"Hands"``, ``"Discard"``, ``"Deck"``) is output no reader can take (malformed); any other
text fails; a part that does not compile fails every case; two
runs in a row out of CPU time end the part, its other cases not run (the grader's
``stop_after``).  A right program must print exactly the course's text, so amal's counts
must be the full marks the Python reference gets.
"""

from __future__ import annotations

import json
import re
import resource
import shutil
import subprocess
from pathlib import Path

import pytest

from graders.assignment import load_assignment
from graders.grade.engine import grade_submission
from graders.run.layouts import submission_kinds
from graders.submission import cleanup, load_submissions

ROOT = Path(__file__).resolve().parents[2]
CLASS = ROOT / "examples" / "uno-moves-haskell"
FIXTURES = ROOT / "fixtures" / "uno-moves"
HELPERS = ROOT / "assignments" / "uno-moves" / "starter" / "haskell" / "Helpers.hs"
STUDENTS = ("amal", "bo", "cleo", "dara", "eli")
WORDS = {
    "failed": "failed",
    "compile error": "compile-error",
    "timeout": "timeout",
    "not run": "not-run",
    "malformed": "malformed",
}
# The section lines of the course's solution text; without them it cannot be read at all.
HEADERS = {'"Result"', '"Hands"', '"Discard"', '"Deck"'}
# Slow tier: builds Haskell programs with GHC.
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("ghc") is None, reason="GHC is not installed"),
]


def readme_table() -> dict[str, tuple[dict[str, dict[str, int]], float]]:
    """student -> ({part: {outcome: count}}, score) from the README's table, whose cells read
    ``29/32 (3 failed)``: passed / cases, then the other outcomes."""
    text = (CLASS / "README.md").read_text(encoding="utf-8")
    table = {}
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not cells or cells[0] not in STUDENTS:
            continue
        parts = {}
        for k, cell in enumerate(cells[1:5]):
            found = re.fullmatch(r"(\d+)/(\d+)(?: \((.+)\))?", cell)
            assert found, cell
            counts = {"passed": int(found.group(1))} if int(found.group(1)) else {}
            for item in (found.group(3) or "").split(", ") if found.group(3) else []:
                number, word = item.split(" ", 1)
                counts[WORDS[word]] = int(number)
            assert sum(counts.values()) == int(found.group(2)), cell
            parts[f"part0{k + 1}"] = counts
        table[cells[0]] = (parts, float(cells[5]))
    assert set(table) == set(STUDENTS)
    return table


def _cpu_limit() -> None:
    resource.setrlimit(resource.RLIMIT_CPU, (2, 3))


def worked_out(student: str, work: Path) -> dict[str, dict[str, int]]:
    """The counts without the grader's judging (see the module's docstring)."""
    folder = work / student
    shutil.copytree(CLASS / student, folder)
    if not (folder / "Helpers.hs").exists():
        shutil.copy(HELPERS, folder / "Helpers.hs")
    manifest = json.loads((FIXTURES / "manifest.json").read_text(encoding="utf-8"))
    counts: dict[str, dict[str, int]] = {}
    for part in ("part01", "part02", "part03", "part04"):
        source = f"csce322h0mework03{part}.hs"
        built = subprocess.run(
            ["ghc", "-v0", "-outputdir", f".o-{part}", "-o", part, source],
            cwd=folder, capture_output=True, text=True, timeout=600,
        )  # fmt: skip
        mine = counts.setdefault(part, {})
        in_a_row = 0
        for entry in (e for e in manifest["cases"] if e["part"] == part):
            if built.returncode != 0:
                outcome = "compile-error"
            elif in_a_row >= 2:
                outcome = "not-run"
            else:
                ran = subprocess.run(
                    [str(folder / part), str(FIXTURES / entry["input"])], cwd=folder,
                    capture_output=True, text=True, timeout=600, preexec_fn=_cpu_limit,
                )  # fmt: skip
                expected = (FIXTURES / entry["expected"]).read_text(encoding="utf-8")
                if ran.returncode != 0:
                    outcome = "timeout" if ran.returncode == -24 else "crashed"  # SIGXCPU
                elif ran.stdout.strip() == expected.strip():
                    outcome = "passed"
                elif not HEADERS <= set(ran.stdout.splitlines()):
                    outcome = "malformed"
                else:
                    outcome = "failed"
                in_a_row = in_a_row + 1 if outcome == "timeout" else 0
            mine[outcome] = mine.get(outcome, 0) + 1
    return counts


def graded(student: str) -> tuple[dict[str, dict[str, int]], float]:
    assignment = load_assignment("uno-moves")
    subs = load_submissions(
        CLASS / student, assignment.module, programs=submission_kinds(assignment)
    )
    try:
        result = grade_submission(assignment, subs[0], assignment.cases())
    finally:
        cleanup(subs)
    counts: dict[str, dict[str, int]] = {}
    for case in result.cases:
        part = counts.setdefault(case.part, {})
        part[case.outcome.value] = part.get(case.outcome.value, 0) + 1
    return counts, result.score


def test_the_readme_counts_are_a_real_grading_and_worked_out_without_it(tmp_path, monkeypatch):
    monkeypatch.setenv("UNOGRADE_BUILD_CACHE", str(tmp_path / "builds"))
    table = readme_table()
    python_full = {
        part: {"passed": n}
        for part, n in _python_reference_counts().items()  # the Python reference's full marks
    }
    assert table["amal"][0] == python_full
    for student in STUDENTS:
        said, score = table[student]
        counts, graded_score = graded(student)
        assert counts == said, student
        assert counts == worked_out(student, tmp_path / "own"), student
        # the score: each part's 25 points shared by its cases
        by_counts = sum(25 * c.get("passed", 0) / sum(c.values()) for c in said.values())
        assert round(graded_score, 2) == round(by_counts, 2) == score, student


def _python_reference_counts() -> dict[str, int]:
    """Every case per part, as the Python example ada (right) passes them all."""
    assignment = load_assignment("uno-moves")
    subs = load_submissions(ROOT / "examples" / "uno-moves" / "ada", assignment.module)
    try:
        result = grade_submission(assignment, subs[0], assignment.cases())
    finally:
        cleanup(subs)
    assert result.score == 100
    counts: dict[str, int] = {}
    for case in result.cases:
        counts[case.part] = counts.get(case.part, 0) + 1
    return counts


def test_the_readme_shows_bos_grading_as_the_command_prints_it(tmp_path):
    """The documentation's example output of a Haskell student is what ``unograde grade``
    prints for bo (its figures are checked above and in test_haskell_layout.py: the score,
    the counts, turn 13)."""
    import os
    import sys

    readme = (ROOT / "docs" / "assignments.md").read_text(encoding="utf-8")
    command = "$ unograde grade uno-moves examples/uno-moves-haskell/bo\n"
    assert command in readme
    shown = readme.split(command, 1)[1].split("```", 1)[0]
    env = dict(os.environ, UNOGRADE_BUILD_CACHE=str(tmp_path / "builds"))
    proc = subprocess.run(
        [sys.executable, "-m", "graders.cli", "grade", "uno-moves",
         str(CLASS / "bo"), "--no-gradebook"],
        capture_output=True, text=True, timeout=900, cwd=ROOT, env=env,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-2000:]
    printed = " ".join(proc.stdout.split())
    lines = [line.strip() for line in shown.splitlines() if line.strip() not in ("", "...")]
    assert len(lines) >= 10
    # the terminal wraps long lines where it must: each item (a line of the summary, a failed
    # case with its lines, a note) reads word for word, in the order printed
    items: list[list[str]] = []
    for line in lines:
        if line.startswith(("bo:", "part0", "✘", "note:")) or not items:
            items.append([line])
        else:
            items[-1].append(line)
    assert len(items) >= 8
    at = 0
    for item in items:
        words = " ".join(" ".join(item).split())
        found = printed.find(words, at)
        assert found >= 0, words
        at = found + len(words)
