"""The term through the real ``unograde grade``: submission times from Gradescope's export,
lateness and adjustments in the students' reports, and ``--preview`` changing nothing."""

from __future__ import annotations

import shutil

import pytest

from graders.gradebook import Gradebook

from .conftest import EXAMPLES, unograde

# Slow tier: grades a whole term with the CLI.
pytestmark = pytest.mark.slow

METADATA = """\
submission_111:
  :submitters:
  - :name: Ada Lovelace
    :sid: '1001'
  :created_at: 2025-03-09 01:30:00.123456000 -05:00
submission_222:
  :submitters:
  - :name: Grace Hopper
    :sid: '1002'
  :created_at: 2025-03-07 20:00:00.000000000 -05:00
"""
TERM = '[late.uno-moves]\ndue = 2025-03-07T23:59:00-05:00\npenalty = "10%"\n'


def test_a_term_through_the_real_grader(tmp_path):
    export = tmp_path / "export"
    for folder, source in (("submission_111", "ben.py"), ("submission_222", "dev.py")):
        (export / folder).mkdir(parents=True)
        shutil.copy(EXAMPLES / source, export / folder / "uno.py")
    (export / "submission_metadata.yml").write_text(METADATA)
    (tmp_path / "term.toml").write_text(TERM)
    book, out = tmp_path / "gradebook.db", tmp_path / "reports"
    common = ("--public-only", "--gradebook", str(book), "--term", str(tmp_path / "term.toml"))
    graded = unograde("grade", "uno-moves", str(export), "--out", str(out), *common)
    assert graded.returncode == 0, graded.stderr
    with Gradebook(book) as gradebook:
        times = {g.student: (g.submitted_at, g.submitted_from) for g in gradebook.latest()}
    assert times["submission_111"][0] == "2025-03-09T06:30:00Z"
    assert "submission_metadata.yml" in times["submission_111"][1]
    # 1 h 31 min after the due date (04:59Z on the 8th) plus a day: 2 days started, -20
    late = (out / "submission_111" / "report.md").read_text()
    assert "Your score this term" in late and "2 days started): -20" in late
    assert "(Gradescope's submission_metadata.yml (created_at))" in late
    assert "- lateness: on time" in (out / "submission_222" / "report.md").read_text()

    made = unograde("adjust", "submission_111", "uno-moves", "--points", "3", "--reason",
                    "hand-checked part 4", "--gradebook", str(book), "--term",
                    str(tmp_path / "term.toml"), cwd=tmp_path)  # fmt: skip
    assert made.returncode == 0, made.stderr
    assert "rewrote" in made.stdout
    report = (out / "submission_111" / "report.md").read_text()
    assert "adjusted: +3 points" in report and "hand-checked part 4" in report
    assert "hand-checked part 4" in (out / "submission_111" / "report.html").read_text()

    # --preview: Grace's fixed submission goes up; nothing is recorded or written
    shutil.copy(EXAMPLES / "ada" / "uno.py", export / "submission_222" / "uno.py")
    before = (out / "submission_222" / "report.md").read_text()
    with Gradebook(book) as gradebook:
        count = gradebook.count("gradings")
    preview = unograde("grade", "uno-moves", str(export), "--out", str(out), "--preview",
                       *common)  # fmt: skip
    assert preview.returncode == 0, preview.stderr
    lines = preview.stdout.splitlines()
    grace = next(line for line in lines if line.startswith("submission_222: "))
    assert "-> 100 (+" in grace and "gained" in grace
    assert any(line.startswith("submission_111: ") and "(+0)" in line for line in lines)
    assert "preview: 1 up, 0 down, 1 the same, 0 never graded before" in preview.stdout
    with Gradebook(book) as gradebook:
        assert gradebook.count("gradings") == count
    assert (out / "submission_222" / "report.md").read_text() == before

    # the regrade for real: the adjustment is still there, on the new grading's score too
    again = unograde("grade", "uno-moves", str(export), "--out", str(out), *common)
    assert again.returncode == 0, again.stderr
    history = unograde("history", "submission_111", "--gradebook", str(book))
    assert "adjustment 1: +3 points" in history.stdout
    fixed = unograde("history", "submission_222", "--gradebook", str(book)).stdout
    assert "graded submission_222: 100 / 100 (+" in fixed and "a new submission" in fixed
