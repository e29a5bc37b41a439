"""A uno-moves kit, used as a student uses it: a fresh Python with only the kit's requirements.

The starter fails with readable feedback, a right solution passes, a wrong one gets the same
lines ``unograde check`` prints, the starter notebook is checked too, and neither the
reference nor the grader can be imported there.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys

import nbformat
import pytest
from nbformat import v4

from .conftest import EXAMPLES, ROOT, build, run_kit

# Slow tier: makes a student's virtual environment and runs kits in it.
pytestmark = pytest.mark.slow

ADA = EXAMPLES / "uno-moves" / "ada" / "uno.py"  # a correct submission
BEN = EXAMPLES / "uno-moves" / "ben.py"  # typical wrong readings of the rules
# uno-moves' public fixtures, counted by hand from fixtures/uno-moves/manifest.json's layout:
# the 4 seed examples, the D5 worked example and 10 generated per part (as in
# tests/check/test_check_command.py).
PUBLIC = 4 + 1 + 4 * 10


@pytest.fixture(scope="module")
def pristine(tmp_path_factory):
    """The uno-moves kit, built and unzipped once (a folder name with a space in it)."""
    return build("uno-moves", tmp_path_factory.mktemp("kits") / "my kits")


@pytest.fixture
def kit(pristine, tmp_path):
    """A fresh copy of the kit for one test to write into."""
    return shutil.copytree(pristine, tmp_path / "uno-moves-kit")


def test_neither_the_reference_nor_the_grader_is_importable(student_python, pristine):
    for module in ("reference", "graders", "unograde"):
        proc = subprocess.run(
            [str(student_python), "-c", f"import {module}"],
            cwd=pristine.parent,
            capture_output=True,
            text=True,
        )
        assert proc.returncode != 0 and "ModuleNotFoundError" in proc.stderr, module
    listed = subprocess.run(
        [str(student_python), "-m", "pip", "list", "--format=json"], capture_output=True, text=True
    )
    names = {p["name"].lower() for p in json.loads(listed.stdout)}
    assert "unograde" not in names and {"pytest", "deepdiff", "jinja2"} <= names


def test_the_starter_fails_with_readable_feedback(student_python, kit):
    proc = run_kit(student_python, kit)
    out = proc.stdout
    assert proc.returncode == 1, out + proc.stderr
    assert f"{PUBLIC} failed" in out and "passed" not in out.splitlines()[-1]
    assert (
        "- onePlayerOneMove raised NotImplementedError: onePlayerOneMove is not written yet" in out
    )
    assert "Traceback (your code only):" in out and 'File "uno.py", line' in out
    assert "The case: fixtures/seed/part01test01.uno -> fixtures/seed/part01test01.solution" in out
    assert "hidden cases" in out  # the kit says what it cannot check
    # Nothing of the kit itself broke: no internal error, no traceback from the check's code.
    assert "INTERNALERROR" not in out and "unocheck/" not in out.replace("unocheck/kit.json", "")


def test_a_right_solution_passes(student_python, kit):
    shutil.copy(ADA, kit / "uno.py")
    proc = run_kit(student_python, kit)
    assert proc.returncode == 0, proc.stdout[-3000:]
    assert f"{PUBLIC} passed" in proc.stdout


def blocks(text: str) -> dict[str, list[str]]:
    """pytest's failure sections: test id -> its feedback lines (``- ...``)."""
    found: dict[str, list[str]] = {}
    current = None
    for line in text.splitlines():
        head = re.fullmatch(r"_+ (\S+) _+", line)
        if head:
            current = head.group(1)
            found[current] = []
        elif re.fullmatch(r"=+ .* =+", line):
            # the short test summary: with CI set, pytest prints each failure's whole message
            # there again, which is not part of the last section
            current = None
        elif current and line.startswith("- "):
            found[current].append(line)
    return found


# What only the grader says of a failed case: where it first went wrong (it replays the
# reference's game, which a kit never holds); and what only a kit says: the files of the case.
GRADER_ONLY = "Where it went wrong:"
KIT_ONLY = "The case: "


def feedback(text: str) -> dict[str, list[str]]:
    """pytest's failure sections: test id -> every line of its feedback (outcome, where it went
    wrong, differences, input, traceback, output), blank lines at either end left out."""
    found: dict[str, list[str]] = {}
    current = None
    for line in text.splitlines():
        head = re.fullmatch(r"_+ (\S+) _+", line)
        if head:
            current = head.group(1)
            found[current] = []
        elif re.fullmatch(r"=+ .* =+|-+ Captured .* -+", line) or line.startswith("unocheck"):
            current = None  # pytest's summary, captured output, the kit's closing notes
        elif current:
            found[current].append(line)
    return {case: _trimmed(lines) for case, lines in found.items()}


def _trimmed(lines: list[str]) -> list[str]:
    while lines and not lines[0].strip():
        lines = lines[1:]
    while lines and not lines[-1].strip():
        lines = lines[:-1]
    return lines


def shared_part(lines: list[str]) -> list[str]:
    """A case's feedback without what only one side says (``GRADER_ONLY``'s section, up to
    the blank line that ends it; ``KIT_ONLY``'s line)."""
    kept: list[str] = []
    skipping = False
    for line in lines:
        if line.startswith(GRADER_ONLY):
            skipping = True
        elif skipping:
            skipping = bool(line.strip())
        elif not line.startswith(KIT_ONLY):
            kept.append(line)
    return _trimmed(kept)


def test_a_wrong_solution_reads_as_unograde_check_says(student_python, kit):
    shutil.copy(BEN, kit / "uno.py")
    proc = run_kit(student_python, kit)
    assert proc.returncode == 1
    check = subprocess.run(
        [sys.executable, "-m", "graders.cli", "check", "uno-moves", str(BEN)],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )
    assert check.returncode == 1
    mine, theirs = blocks(proc.stdout), blocks(check.stdout)
    assert mine and mine == theirs
    # Every line of a failed case, not only its differences: the outcome, the input, the
    # traceback and the output read alike; only where it went wrong is the grader's alone.
    mine_all, theirs_all = feedback(proc.stdout), feedback(check.stdout)
    assert set(mine_all) == set(theirs_all)
    assert {k: shared_part(v) for k, v in mine_all.items()} == {
        k: shared_part(v) for k, v in theirs_all.items()
    }
    explained = [k for k, v in theirs_all.items() if any(GRADER_ONLY in line for line in v)]
    assert explained and all(k.split("::")[0] in ("part02", "part03", "part04") for k in explained)
    assert GRADER_ONLY not in proc.stdout
    shown = [k for k, v in mine_all.items() if "Input (start state):" in v]
    assert shown == list(mine_all)  # every failed case shows its start state, as in the grader
    # The lines are the assignment's words, not deepdiff's.
    assert any("card" in line for lines in mine.values() for line in lines)
    assert "root[" not in proc.stdout


def test_the_starter_notebook_is_checked_too(student_python, kit):
    nb = nbformat.reads((kit / "uno.ipynb").read_text(encoding="utf-8"), as_version=4)
    nbformat.validate(nb)
    assert nb.cells[0].cell_type == "markdown"
    code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    for name in ("onePlayerOneMove", "onePlayerManyMoves", "manyPlayersOneMove"):
        assert f"def {name}(" in code
    proc = run_kit(student_python, kit, "--submission", "uno.ipynb", "-x")
    assert proc.returncode == 1
    assert "onePlayerOneMove is not written yet" in proc.stdout
    # The traceback names the notebook's cell and the line in it, as the grader's does.
    assert re.search(r'File "uno\.ipynb", cell \d+, line \d+, in onePlayerOneMove', proc.stdout)
    assert 'File "uno.py"' not in proc.stdout
    # The student's own notebook, with a magic the check leaves out (and says so): passes.
    mine = v4.new_notebook()
    mine.cells = [v4.new_markdown_cell("my work"), v4.new_code_cell("%time 1\n" + ADA.read_text())]
    (kit / "uno.ipynb").write_text(nbformat.writes(mine), encoding="utf-8")
    (kit / "uno.py").unlink()  # without uno.py the notebook is what is checked
    proc = run_kit(student_python, kit)
    assert proc.returncode == 0, proc.stdout[-3000:]
    assert f"{PUBLIC} passed" in proc.stdout
    assert "cell 1, line 1: dropped an IPython magic (%time 1)" in proc.stdout


def test_a_syntax_error_is_named_with_its_place(student_python, kit):
    (kit / "uno.py").write_text("def onePlayerOneMove(discard, deck, hand:\n    pass\n")
    proc = run_kit(student_python, kit, "-x")
    assert proc.returncode == 1
    assert "uno.py:1:" in proc.stdout and "SyntaxError" in proc.stdout
    assert "INTERNALERROR" not in proc.stdout


def test_no_work_to_check_says_so(student_python, kit):
    (kit / "uno.py").unlink()
    (kit / "uno.ipynb").unlink()
    proc = run_kit(student_python, kit)
    assert proc.returncode == 1
    assert "found neither uno.py nor uno.ipynb" in proc.stdout
    proc = run_kit(student_python, kit, "--submission", "nope.py")
    assert proc.returncode == 1 and "nope.py: no such file" in proc.stdout


def test_a_selection_runs_only_those_cases(student_python, kit):
    shutil.copy(ADA, kit / "uno.py")
    proc = run_kit(student_python, kit, "-k", "part02")
    assert proc.returncode == 0
    assert "11 passed" in proc.stdout  # part 2: its seed example and 10 generated
