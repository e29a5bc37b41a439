"""One submission graded while the gradebook opens (``graders.grade.api._Opening``, the batch's
``Meanwhile``): the gradebook's opening, SQLAlchemy's import most of it, is done by the main
thread while the lone submission's sandboxed child runs. What may not change: an error in the
opening is said as ``prepare`` says it for a class (the same message, the same exit status, a
missing dependency's own error) with nothing written; every report and the gradebook's record
are written when it succeeds; no thread is left behind; a class opens its gradebook first."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from graders.assignment import load_assignment
from graders.grade.api import GradeRequest, grade_class, prepare
from graders.grade.batch import BatchHooks, BatchSettings, Meanwhile, run_batch
from graders.gradebook import Gradebook
from graders.gradebook import schema as s
from tests.conftest import threads_now

ROOT = Path(__file__).resolve().parents[2]
ADA = ROOT / "examples" / "uno-moves" / "ada" / "uno.py"

# A finder that makes SQLAlchemy missing, as on a machine where it is not installed.
NO_SQLALCHEMY = """
import runpy, sys
class Missing:
    def find_spec(self, name, path=None, target=None):
        if name == "sqlalchemy" or name.startswith("sqlalchemy."):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
sys.meta_path.insert(0, Missing())
sys.argv = ["unograde", *sys.argv[1:]]
runpy.run_module("graders.cli", run_name="__main__")
"""


def run(*args: str, cwd: Path, script: str | None = None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "UNOGRADE_GRADEBOOK"}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    start = ["-c", script] if script else ["-m", "graders.cli"]
    return subprocess.run([sys.executable, *start, *args], capture_output=True, text=True,
                          cwd=cwd, env=env, timeout=600)  # fmt: skip


def lone_and_class(tmp_path: Path) -> tuple[Path, Path]:
    """ada.py alone, and a class of two copies of it."""
    lone = tmp_path / "ada.py"
    shutil.copy2(ADA, lone)
    klass = tmp_path / "class"
    klass.mkdir()
    for name in ("ada.py", "bo.py"):
        shutil.copy2(ADA, klass / name)
    return lone, klass


def newer_gradebook(path: Path) -> bytes:
    """A gradebook this unograde refuses (a newer schema), as bytes to compare later."""
    with Gradebook(path) as book, book.writing() as conn:
        conn.execute(s.meta.update(), {"value": "99"})
    return path.read_bytes()


def test_the_lone_submission_takes_the_overlapped_path_and_a_class_does_not(tmp_path):
    lone, klass = lone_and_class(tmp_path)
    book = str(tmp_path / "g.db")
    one = prepare(GradeRequest("uno-moves", (lone,), gradebook=book, public_only=True))
    assert one.opening is not None and one.recorder is None  # opened while it is graded
    many = prepare(GradeRequest("uno-moves", (klass,), gradebook=book, public_only=True))
    assert many.opening is None and many.recorder is not None  # opened here, as ever
    many.recorder.gradebook.close()
    unrecorded = prepare(GradeRequest("uno-moves", (lone,), record=False, public_only=True))
    assert unrecorded.opening is None and unrecorded.recorder is None


def test_a_gradebook_that_cannot_be_used_is_said_alike_for_one_and_a_class(tmp_path):
    lone, klass = lone_and_class(tmp_path)
    book = tmp_path / "gradebook.db"
    before = newer_gradebook(book)
    said = {}
    for label, what in (("one", lone), ("class", klass)):
        out = tmp_path / f"out-{label}"
        done = run("grade", "uno-moves", str(what), "--public-only", "--gradebook", str(book),
                   "--out", str(out), cwd=tmp_path)  # fmt: skip
        said[label] = (done.returncode, done.stdout, done.stderr)
        assert not out.exists()  # nothing written, not even scores.csv
    assert said["one"] == said["class"]
    code, stdout, stderr = said["one"]
    assert code == 2 and stdout == "" and stderr.count("\n") == 1
    assert stderr.startswith("unograde: ") and "schema version 99 is newer" in stderr
    assert book.read_bytes() == before  # and the gradebook untouched


def test_a_missing_sqlalchemy_is_the_same_error_for_one_and_a_class(tmp_path):
    lone, klass = lone_and_class(tmp_path)
    said = {}
    for label, what in (("one", lone), ("class", klass)):
        out = tmp_path / f"out-{label}"
        done = run("grade", "uno-moves", str(what), "--public-only", "--gradebook",
                   str(tmp_path / f"{label}.db"), "--out", str(out), cwd=tmp_path,
                   script=NO_SQLALCHEMY)  # fmt: skip
        said[label] = (done.returncode, done.stderr.splitlines()[-1])
        assert not out.exists() and not (tmp_path / f"{label}.db").exists()
    assert said["one"] == said["class"] == (1, "ModuleNotFoundError: No module named 'sqlalchemy'")


def test_one_submission_is_reported_and_recorded_and_no_thread_is_left(tmp_path):
    lone, _ = lone_and_class(tmp_path)
    out, book = tmp_path / "out", tmp_path / "g.db"
    before = set(threading.enumerate())
    interval = sys.getswitchinterval()
    done = grade_class(GradeRequest("uno-moves", (lone,), out=out, gradebook=str(book),
                                    public_only=True))  # fmt: skip
    assert threads_now(before) == before
    assert sys.getswitchinterval() == interval  # lowered only while the gradebook opened
    assert done.scores == {"ada": 100.0} and done.recorder is not None
    assert done.recorder.recorded == 1
    for name in ("result.json", "report.md", "report.html", "results.json"):
        assert (out / "ada" / name).is_file()
    assert (out / "scores.csv").is_file() and (out / "index.html").is_file()
    students = [r[0] for r in sqlite3.connect(book).execute("SELECT student FROM gradings")]
    assert students == ["ada"]


def settings_for(out: Path) -> BatchSettings:
    assignment = load_assignment("uno-moves")
    return BatchSettings(assignment, tuple(assignment.cases(visibility="public")), out)


class Refused(Exception):
    pass


def test_work_that_fails_meanwhile_leaves_nothing_written_and_is_raised(tmp_path):
    lone, klass = lone_and_class(tmp_path)
    for label, what in (("one", lone), ("class", klass)):
        threads = set(threading.enumerate())
        error = Refused(label)
        calls = []

        def refuse(error=error, calls=calls):
            calls.append(threading.current_thread())
            raise error

        out = tmp_path / f"out-{label}"
        with pytest.raises(Refused) as raised:
            run_batch(settings_for(out), [what], BatchHooks(meanwhile=Meanwhile(refuse)))
        assert raised.value is error  # the very error, once
        assert calls == [threading.main_thread()]  # in the caller's thread
        assert not out.exists()
        assert threads_now(threads) == threads


def test_a_meanwhile_says_whether_to_go_on_once_its_work_is_done():
    done = Meanwhile(lambda: None)
    done.run()
    assert done.go_on() and done.check() is None
    failed = Meanwhile(lambda: 1 / 0)
    failed.run()
    assert not failed.go_on()
    with pytest.raises(ZeroDivisionError):
        failed.check()

    def interrupted():
        raise KeyboardInterrupt

    cut = Meanwhile(interrupted)
    with pytest.raises(KeyboardInterrupt):
        cut.run()
    assert cut.done.is_set() and not cut.go_on()  # the grading thread is never left waiting


# Registered before the command runs, so it runs after the command's own exit handlers.
FROZEN_AT_EXIT = """
import atexit, gc, os, runpy, sys
atexit.register(lambda: os.write(1, f"frozen at exit: {gc.get_freeze_count() > 0}\\n".encode()))
sys.argv = ["unograde", *sys.argv[1:]]
runpy.run_module("graders.cli", run_name="__main__")
"""


def test_the_command_freezes_what_is_left_at_exit_once_everything_is_written(tmp_path):
    """The interpreter's shutdown does not walk the objects left for cycles (tens of ms):
    they are frozen by the command's last exit handler, after the reports are written."""
    lone, _ = lone_and_class(tmp_path)
    out, book = tmp_path / "out", tmp_path / "g.db"
    done = run("grade", "uno-moves", str(lone), "--public-only", "--out", str(out),
               "--gradebook", str(book), cwd=tmp_path, script=FROZEN_AT_EXIT)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.rstrip().endswith("frozen at exit: True")
    assert json.loads((out / "ada" / "result.json").read_text())["score"] == 100.0
    assert [r[0] for r in sqlite3.connect(book).execute("SELECT student FROM gradings")] == ["ada"]
    # A verb that freezes nothing itself (grade does, once it has read its cases): at exit.
    helped = run("--help", cwd=tmp_path, script=FROZEN_AT_EXIT)
    assert helped.returncode == 0 and helped.stdout.rstrip().endswith("frozen at exit: True")
