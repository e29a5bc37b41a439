"""``unograde grade`` records into the gradebook: where it is, what is recorded again on a
re-run (nothing twice), and a gradebook that fails mid-batch stops nothing."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from graders.assignment import load_assignment
from graders.grade.batch import BatchItem
from graders.gradebook import BatchRecorder, Gradebook, GradebookError
from graders.gradebook import schema as s
from graders.submission import Submission

from .conftest import EXAMPLES, make_result, unograde

# Slow tier: grades classes with the CLI.
pytestmark = pytest.mark.slow

ADA = (EXAMPLES / "ada" / "uno.py").read_text()


def env_without_gradebook() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k != "UNOGRADE_GRADEBOOK"}


def students_in(path: Path) -> list[str]:
    return [r[0] for r in sqlite3.connect(path).execute("SELECT student FROM gradings ORDER BY id")]


def test_the_gradebook_is_found_where_the_readme_says(tmp_path):
    (tmp_path / "ada.py").write_text(ADA)
    env = env_without_gradebook()
    here = unograde("grade", "uno-moves", "ada.py", "--public-only", cwd=tmp_path, env=env)
    assert here.returncode == 0, here.stderr
    assert students_in(tmp_path / "gradebook.db") == ["ada"]  # the default: ./gradebook.db
    assert f"1 grading(s) recorded in {'gradebook.db'}" in here.stderr
    env["UNOGRADE_GRADEBOOK"] = str(tmp_path / "term.db")
    by_env = unograde("grade", "uno-moves", "ada.py", "--public-only", cwd=tmp_path, env=env)
    assert by_env.returncode == 0 and students_in(tmp_path / "term.db") == ["ada"]
    flag = tmp_path / "flag.db"
    by_flag = unograde("grade", "uno-moves", "ada.py", "--public-only", "--gradebook", str(flag),
                       cwd=tmp_path, env=env)  # fmt: skip
    assert by_flag.returncode == 0 and students_in(flag) == ["ada"]
    assert students_in(tmp_path / "term.db") == ["ada"]  # --gradebook over the environment
    assert students_in(tmp_path / "gradebook.db") == ["ada"]


def test_a_gradebook_grade_cannot_use_stops_it_before_grading(tmp_path):
    (tmp_path / "ada.py").write_text(ADA)
    book = tmp_path / "gradebook.db"
    with Gradebook(book) as gradebook:
        gradebook.record(make_result("kept"))
        with gradebook.writing() as conn:
            conn.execute(s.meta.update(), {"value": "99"})
    before = book.read_bytes()
    done = unograde("grade", "uno-moves", "ada.py", "--public-only", "--gradebook", str(book),
                    "--out", str(tmp_path / "out"), cwd=tmp_path)  # fmt: skip
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1 and "schema version 99 is newer" in done.stderr
    assert not (tmp_path / "out").exists()  # nothing graded
    assert book.read_bytes() == before  # and the gradebook untouched


def item(name: str, digest: str, skipped: bool = False) -> BatchItem:
    sub = Submission(name, f"class/{name}.py", None)
    return BatchItem(sub, make_result(name, assignment="uno-moves", digest=digest), skipped)


def test_a_rerun_records_nothing_twice_and_a_new_gradebook_gets_the_skipped(tmp_path):
    assignment = load_assignment("uno-moves")
    with Gradebook(tmp_path / "a.db") as book:
        first = BatchRecorder(book, assignment, tmp_path / "out")
        for it in (item("ada", "1"), item("bob", "2")):
            first(it)
        first.finish()
        again = BatchRecorder(book, assignment, tmp_path / "out")
        again(item("ada", "1", skipped=True))  # unchanged: its grading is there already
        again(item("bob", "3"))  # graded again (new fixtures, say): history
        again.finish()
        assert (first.recorded, again.recorded) == (2, 1)
        assert [(g.student, g.digest) for g in book.history("uno-moves", "bob")] == [
            ("bob", "2"), ("bob", "3"),
        ]  # fmt: skip
        runs = book.runs("uno-moves")
        assert len(runs) == 2 and all(r.finished_at and r.isolation for r in runs)
        assert runs[0].out_dir == str((tmp_path / "out").absolute())
    with Gradebook(tmp_path / "b.db") as fresh:  # another gradebook: the skipped are new to it
        recorder = BatchRecorder(fresh, assignment, None)
        recorder(item("ada", "1", skipped=True))
        assert recorder.recorded == 1 and [g.student for g in fresh.latest()] == ["ada"]


def test_a_gradebook_failing_mid_batch_stops_nothing_and_a_rerun_records_the_rest(tmp_path):
    assignment = load_assignment("uno-moves")
    with Gradebook(tmp_path / "g.db") as book:
        recorder = BatchRecorder(book, assignment, None)
        real = book.record

        def flaky(result, *args, **kwargs):
            if result.student == "bob":
                raise GradebookError(f"{book.name}: disk I/O error")
            return real(result, *args, **kwargs)

        book.record = flaky
        for it in (item("ada", "1"), item("bob", "2"), item("cy", "3")):
            recorder(it)  # never raises: the batch goes on
        assert recorder.failed == ["bob"] and "disk I/O error" in recorder.error
        assert recorder.recorded == 2
        book.record = real
        rerun = BatchRecorder(book, assignment, None)
        for it in (item("ada", "1", True), item("bob", "2", True), item("cy", "3", True)):
            rerun(it)  # all unchanged: only what is missing is recorded
        assert rerun.recorded == 1
        assert sorted(g.student for g in book.latest()) == ["ada", "bob", "cy"]
        assert book.count("gradings") == 3
