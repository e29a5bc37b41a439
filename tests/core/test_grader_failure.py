"""A grader failure on one submission (issue 25): the student reads one line, never a traceback
or a path; the staff's log has the traceback; the failure is recorded with its digest, so a
re-run does not redo it unless the grader's code changed. A report whose drawing fails is
written again without drawings, with the grading it had."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from graders.assignment import load_assignment
from graders.grade import batch
from graders.grade.batch import grade_batch
from graders.grade.failures import GRADER_FAILED, LOG_NAME

from .test_core_on_a_fake_assignment import FAKE_COURSE, RIGHT

BREAKS = RIGHT.replace("    return out\n", "    return 'BREAK-THE-GRADER'\n")
# count_red answers a string its view cannot draw; everything else right
BAD_VIEW = RIGHT.replace(
    '    return sum(1 for c in cards if c[0] == "r")\n',
    '    return "BREAK-THE-VIEW" if cards == ["r1", "g2", "r3", "b4"] else '
    'sum(1 for c in cards if c[0] == "r")\n',
)
REPORTS = ("report.md", "report.html", "result.json", "results.json")


@pytest.fixture()
def course(monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("UNOGRADE_COURSE", str(FAKE_COURSE))
    return FAKE_COURSE


def _class(tmp_path: Path, **files: str) -> Path:
    klass = tmp_path / "class"
    klass.mkdir()
    for name, text in files.items():
        (klass / f"{name}.py").write_text(textwrap.dedent(text))
    return klass


def _grade(klass: Path, out: Path, jobs: int = 2):
    a = load_assignment("fakecards")
    items = grade_batch(a, [klass], a.cases(), out, jobs, isolation="rlimits")
    return {i.submission.name: i for i in items}


def test_the_student_reads_one_line_and_the_staff_log_has_the_traceback(course, tmp_path):
    out = tmp_path / "out"
    items = _grade(_class(tmp_path, ann=RIGHT, bob=BREAKS), out)
    assert items["ann"].result.score == 10  # the class goes on
    bob = items["bob"].result
    assert bob.problem == GRADER_FAILED and bob.score == 0
    for name in REPORTS:
        text = (out / "bob" / name).read_text(encoding="utf-8")
        assert "Traceback" not in text and "simulated" not in text, name
        assert str(FAKE_COURSE) not in text and str(Path(batch.__file__).parent) not in text
    assert GRADER_FAILED in (out / "bob" / "report.md").read_text(encoding="utf-8")
    log = (out / LOG_NAME).read_text(encoding="utf-8")
    assert "bob" in log and "Traceback" in log
    assert "RuntimeError: a grader bug, simulated, in " in log
    assert "ann" not in log
    assert "bob" in (out / "scores.csv").read_text()


def test_a_failed_grading_is_kept_until_the_grader_changes(course, tmp_path, monkeypatch):
    klass, out = _class(tmp_path, bob=BREAKS), tmp_path / "out"
    first = _grade(klass, out, jobs=1)["bob"]
    assert not first.skipped
    recorded = json.loads((out / "bob" / "result.json").read_text())
    assert recorded["digest"].startswith(first.submission.digest + ":")
    again = _grade(klass, out, jobs=1)["bob"]
    assert again.skipped and again.result.problem == GRADER_FAILED
    assert (out / LOG_NAME).read_text().count("=== ") == 1  # not graded (nor logged) again
    # the grader's code changed (a fix): graded again
    monkeypatch.setattr(batch, "code_of", lambda assignment: "another-grader")
    fixed = _grade(klass, out, jobs=1)["bob"]
    assert not fixed.skipped
    assert (out / LOG_NAME).read_text().count("=== ") == 2


def test_a_view_that_cannot_be_drawn_leaves_the_grading_and_every_report(course, tmp_path):
    out = tmp_path / "out"
    item = _grade(_class(tmp_path, cat=BAD_VIEW), out, jobs=1)["cat"]
    result = item.result
    assert result.problem is None
    failed = [c for c in result.cases if not c.passed]
    assert [c.name for c in failed] == ["count-mixed"] and result.score < 10
    data = json.loads((out / "cat" / "result.json").read_text())
    md = (out / "cat" / "report.md").read_text()
    html = (out / "cat" / "report.html").read_text()
    assert data["score"] == result.score and f"{result.score:g}" in md
    assert "count-mixed" in html and "FAKE VIEW" not in html  # written without its drawing
    assert "Traceback" not in html + md
    assert "writing the reports" in (out / LOG_NAME).read_text()
