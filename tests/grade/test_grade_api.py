"""Grading through the Python API: the calls the command, the self-check and Gradescope's
runner make (``graders.grade.api``, ``graders.check.api``), checked against the example class's
README, whose table of scores was written by hand."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from dataclasses import FrozenInstanceError
from pathlib import Path

import pytest

from graders.assignment import AssignmentError, load_assignment
from graders.check.api import self_check
from graders.errors import UsageError
from graders.grade.api import GradeRequest, grade_class, grade_one, submissions_at
from graders.grade.batch import BatchSettings

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "uno-moves"
# Five of the eleven, one of each form (a folder, a file, a zip, a notebook, a syntax error):
# the others are slow on purpose (an endless loop, a program, a million characters printed).
SOME = ("ada", "ben.py", "ivan.zip", "jo.py", "hana.ipynb")


def readme_totals() -> dict[str, float]:
    """The total of each student in the README's table (``| ada | ... | 100 | ...``)."""
    totals = {}
    for line in (EXAMPLES / "README.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 8 and re.fullmatch(r"[a-z]+", cells[0]) and cells[0] != "student":
            totals[cells[0]] = float(cells[6])
    return totals


@pytest.fixture(scope="module")
def some_class(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("some") / "class"
    folder.mkdir()
    for name in SOME:
        source = EXAMPLES / name
        if source.is_dir():
            shutil.copytree(source, folder / name)
        else:
            shutil.copy2(source, folder / name)
    return folder


@pytest.fixture(scope="module")
def through_the_api(some_class, tmp_path_factory):
    out = tmp_path_factory.mktemp("api") / "out"
    request = GradeRequest("uno-moves", (some_class,), out=out, timeout=30, record=False)
    return grade_class(request), out


def test_the_readme_table_is_read():
    totals = readme_totals()
    assert len(totals) == 11 and totals["ada"] == 100 and totals["ivan"] == 50


def test_the_class_through_the_api_scores_as_the_readme_says(through_the_api):
    done, out = through_the_api
    totals = readme_totals()
    assert done.scores == pytest.approx({name: totals[name] for name in done.scores}, abs=0.006)
    assert sorted(done.scores) == ["ada", "ben", "hana", "ivan", "jo"]
    jo = next(r for r in done.results if r.student == "jo")
    assert jo.problem == "jo.py:7:21: SyntaxError: expected ':'"  # the README's words
    assert done.interrupted == 0 and done.recorder is None
    # Its reports are written as the command writes them, the class's dashboard too.
    assert (out / "ada" / "result.json").is_file() and (out / "index.html").is_file()
    assert "ada,25,25,25,25,100,100," in (out / "scores.csv").read_text()


def test_the_command_gives_what_the_api_gives(through_the_api, some_class, tmp_path):
    """``unograde grade`` reads its options into the same request: the same scores and the
    same outcome for every case."""
    done, _ = through_the_api
    out = tmp_path / "out"
    command = [sys.executable, "-m", "graders.cli", "grade", "uno-moves", str(some_class)]
    proc = subprocess.run(
        [*command, "--out", str(out), "--timeout", "30", "--no-gradebook"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr
    for result in done.results:
        written = json.loads((out / result.student / "result.json").read_text())
        assert written["score"] == result.score
        assert [c["outcome"] for c in written["cases"]] == [c.outcome for c in result.cases]


def test_bad_input_raises_the_familys_error_not_an_exit(tmp_path):
    with pytest.raises(AssignmentError, match="unknown assignment 'nope'"):
        grade_class(GradeRequest("nope", (tmp_path,), record=False))
    missing = tmp_path / "missing.py"
    with pytest.raises(UsageError, match=re.escape(f"{missing}: no such file or folder")):
        grade_class(GradeRequest("uno-moves", (missing,), record=False))
    with pytest.raises(UsageError, match="unknown format 'pdf'"):
        grade_class(GradeRequest("uno-moves", (tmp_path,), formats=("pdf",), record=False))


def test_a_batchs_settings_are_one_frozen_value():
    assignment = load_assignment("uno-moves")
    settings = BatchSettings(assignment, tuple(assignment.cases(visibility="public")))
    with pytest.raises(FrozenInstanceError):
        settings.jobs = 8  # type: ignore[misc]
    assert settings.run_limits == assignment.limits


def test_the_self_check_api_on_the_public_cases():
    done = self_check("uno-moves", EXAMPLES / "ada")
    [result] = done.results
    # The README: 11 public cases a part, and part01 one more (D5's worked example).
    assert len(result.cases) == 4 * 11 + 1
    assert not any(case.hidden for case in result.cases)
    assert done.passed and done.problem == ""
    broken = self_check("uno-moves", EXAMPLES / "jo.py")
    assert broken.results == [] and not broken.passed
    assert broken.problem == "jo: jo.py:7:21: SyntaxError: expected ':'"


def test_one_upload_graded_as_gradescopes_runner_does():
    assignment = load_assignment("uno-moves")
    with submissions_at(assignment, EXAMPLES / "ivan.zip") as subs:
        [sub] = subs
        result = grade_one(assignment, sub, isolation="rlimits")
        folder = sub.folder
    assert result.score == readme_totals()["ivan"]
    assert len(result.cases) == 4 * 31 + 1  # every case, hidden ones too
    assert folder is None or not folder.exists()  # the unpacked copy is gone


def test_the_worker_grades_without_calling_back_into_the_batch(tmp_path):
    """``grade_and_report`` does a submission's whole job (resume check, grading, reports)
    with the batch module never imported."""
    script = tmp_path / "worker.py"
    script.write_text(
        "import sys\n"
        "from pathlib import Path\n"
        "from graders.assignment import load_assignment\n"
        "from graders.grade.workers import Settings, grade_and_report\n"
        "from graders.submission import cleanup, load_submissions\n"
        "a = load_assignment('uno-moves')\n"
        f"subs = load_submissions(Path({str(EXAMPLES / 'ada')!r}), a.module)\n"
        "cases = tuple(a.cases(visibility='public'))\n"
        f"out = Path({str(tmp_path / 'out')!r})\n"
        "s = Settings(a, cases, a.limits, ('json',), out, 'auto', 'fp', True, None)\n"
        "first = grade_and_report(s, subs[0])\n"
        "again = grade_and_report(s, subs[0])\n"
        "cleanup(subs)\n"
        "print(first.result.score, first.skipped, again.skipped,\n"
        "      'graders.grade.batch' in sys.modules)\n"
    )
    proc = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=300, cwd=ROOT
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["100.0", "False", "True", "False"]
