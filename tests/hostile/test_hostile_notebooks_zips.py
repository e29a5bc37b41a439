"""Hostile notebooks and zips (uno-moves): a class zip of the worst a student can send still
finishes in bounded time, the correct student keeps full marks, nothing is left running."""

from __future__ import annotations

import csv
import io
import json
import os
import stat
import time
import zipfile
from dataclasses import replace
from pathlib import Path

import nbformat
import pytest

from graders.assignment import load_assignment
from graders.grade.batch import grade_batch
from graders.grade.engine import grade_submission
from graders.paths import fixtures_dir
from graders.run.sandbox import bwrap_usable
from graders.submission import cleanup, load_submissions

from .conftest import processes_with

# Slow tier: grades a class of hostile students in the sandbox.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
ADA = ROOT / "examples" / "uno-moves" / "ada" / "uno.py"
MARK = f"unograde-hostile-zip-{os.getpid()}"


@pytest.fixture(scope="module")
def assignment():
    return load_assignment("uno-moves")


def notebook(path: Path, *cells: str) -> Path:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(c) for c in cells]
    path.write_text(nbformat.writes(nb))
    return path


def grade(assignment, path: Path, cases, limits, isolation="rlimits"):
    subs = load_submissions(path, assignment.module)
    try:
        return grade_submission(assignment, subs[0], cases, limits, isolation)
    finally:
        cleanup(subs)


@pytest.mark.parametrize("body", ["while True:\n    pass", "import time\ntime.sleep(10**6)"])
def test_a_notebook_that_never_finishes_importing_fails_fast(tmp_path, assignment, body):
    path = notebook(tmp_path / "nina.ipynb", "x = 1", body)
    cases = assignment.cases(visibility="public")
    limits = replace(assignment.limits, timeout=0.5, cpu=0.5)
    started = time.monotonic()
    result = grade(assignment, path, cases, limits)
    elapsed = time.monotonic() - started
    assert not any(c.passed for c in result.cases)
    assert {c.outcome for c in result.cases} == {"timeout"}
    assert "while importing" in result.cases[0].messages[0]
    # One import timeout (start-up grace + the limit), not one per case.
    assert elapsed < 10 + 0.5 + 15, elapsed


def test_shell_and_magic_cells_are_dropped_never_run(tmp_path, assignment):
    canary = tmp_path / "canary"
    path = notebook(
        tmp_path / "sam.ipynb",
        f"!touch {canary}",
        f"%%bash\ntouch {canary}",
        f"%system touch {canary}\n" + ADA.read_text(),
    )
    cases = assignment.cases(visibility="public")[:3]
    result = grade(assignment, path, cases, None)
    assert all(c.passed for c in result.cases)
    assert not canary.exists()
    notes = " ".join(result.notes)
    assert "a shell command" in notes and "cell magic" in notes and "IPython magic" in notes


@pytest.mark.skipif(not bwrap_usable(), reason="no bwrap")
def test_a_notebook_cannot_read_hidden_fixtures(tmp_path, assignment):
    hidden = next(c for c in assignment.cases() if c.hidden)
    secret = fixtures_dir("uno-moves") / hidden.expected_path
    path = notebook(
        tmp_path / "peek.ipynb",
        f"try:\n    LEAK = open({str(secret)!r}).read()\nexcept OSError:\n    LEAK = 'none'",
        "def onePlayerOneMove(d, k, h):\n    raise RuntimeError('leak=' + LEAK[:80])",
    )
    result = grade(assignment, path, assignment.cases(visibility="public")[:1], None, "bwrap")
    assert "leak=none" in result.cases[0].messages[0]


def test_a_class_zip_of_hostile_students(tmp_path, assignment):
    archive = tmp_path / "class.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        zf.writestr("ada/uno.py", ADA.read_text())
        zf.writestr("loop.py", "def onePlayerOneMove(d, k, h):\n    while True: pass\n")
        zf.writestr(
            "forks.py",
            "import os\ndef onePlayerOneMove(d, k, h):\n    while True:\n        try:\n"
            "            if os.fork() == 0:\n"
            f"                os.execvp('sleep', ['{MARK}', '300'])\n"
            "        except OSError:\n            return None\n",
        )
        zf.writestr(
            "hog.py",
            "def onePlayerOneMove(d, k, h):\n    x = []\n    while True:\n"
            "        x.append(bytearray(32 << 20))\n",
        )
        link = zipfile.ZipInfo("linked/uno.py")
        link.external_attr = (stat.S_IFLNK | 0o777) << 16
        zf.writestr(link, str(ROOT / "reference" / "uno_moves" / "rules.py"))
    cases = assignment.cases(visibility="public")
    # The loop ends by CPU time; ada (correct) is never graded near her own run time.
    budget, jobs = 10.0, 2
    limits = replace(
        assignment.limits, timeout=10.0, cpu=0.5, memory_mb=256, submission_timeout=budget
    )
    out = tmp_path / "out"
    started = time.monotonic()
    items = grade_batch(assignment, [archive], cases, out, jobs, limits, isolation="rlimits")
    elapsed = time.monotonic() - started
    results = {i.result.student: i.result for i in items}
    assert results["ada"].score == 100
    assert all(r.score == 0 for name, r in results.items() if name != "ada"), {
        n: r.score for n, r in results.items()
    }
    assert "linked" in results and results["linked"].problem
    assert elapsed < -(-len(results) // jobs) * budget + 30, elapsed
    rows = list(csv.reader(io.StringIO((out / "scores.csv").read_text())))
    assert sorted(r[0] for r in rows[1:]) == sorted(results)
    time.sleep(0.3)
    assert processes_with(MARK) == []


MAGICS = 1_000_000


def test_a_million_magics_make_a_bounded_note_list_while_reading(tmp_path):
    """Issue 25: a 4 MB notebook of a million ``%a`` lines made a million notes (59 MB of each
    report, 619 MB of the grader's memory). The note list is capped with "... and N more",
    and reading the notebook never holds a million notes or line entries."""
    import tracemalloc

    # Each cell's source one string, as Jupyter may save it: 4 bytes a line, 4 MB in all.
    cells = [ADA.read_text(), "\n".join(["%a"] * MAGICS)]
    path = tmp_path / "magic.ipynb"
    path.write_text(json.dumps({"cells": [{"cell_type": "code", "source": c} for c in cells]}))
    assert 4_000_000 < path.stat().st_size < 4_100_000
    tracemalloc.start()
    try:
        [sub] = load_submissions(path, "uno")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    try:
        assert sub.problem is None
        kept = sub.notes[:-1]
        assert 0 < len(kept) <= 100
        assert sub.notes[-1] == f"... and {MAGICS - len(kept):,} more"
        assert kept[0] == "cell 2, line 1: dropped an IPython magic (%a)"
        assert kept[-1] == f"cell 2, line {len(kept)}: dropped an IPython magic (%a)"
        # Every line of the module still names its cell and line (a traceback needs it).
        first_magic = len(ADA.read_text().split("\n")) + 2  # ADA's lines, then an empty one
        assert sub.cell_of_line[first_magic + 999] == (2, 1000)
        assert sub.cell_of_line[1] == (1, 1)
        # The notebook is 4 MB: reading and compiling it may cost some times that (about 50
        # MB), never the hundreds of MB a note and a map entry for each of its lines cost.
        assert peak < 100 * 1024 * 1024, f"{peak:,} bytes at the peak"
    finally:
        cleanup([sub])


def test_a_notebook_of_many_magics_writes_small_reports_and_keeps_its_marks(tmp_path, assignment):
    """The same attack end to end (a tenth of it): the reports stay small and say how many
    notes were cut, and the student's correct code keeps full marks."""
    from graders.report import render

    count = MAGICS // 10
    path = notebook(tmp_path / "magic.ipynb", ADA.read_text(), "\n".join(["%a"] * count))
    cases = assignment.cases(visibility="public")[:3]
    result = grade(assignment, path, cases, None)
    assert all(c.passed for c in result.cases)
    assert len(result.notes) <= 101
    assert result.notes[-1] == f"... and {count - (len(result.notes) - 1):,} more"
    for fmt in ("json", "md", "html", "gradescope"):
        text = render(result, fmt, assignment=assignment)
        assert len(text) < 200_000, (fmt, len(text))
        assert f"and {count - (len(result.notes) - 1):,} more" in text or fmt == "gradescope"
