"""A child started ahead (``graders.run.sandbox``: ``Session.prepare_next``, ``claim``): the
next submission's sandboxed child starts while the current one is judged; it is the same
sandbox, it sees only the submission that claims it, and the grading is the same as with a
child started when needed.

Expectations follow the docstrings: one child ahead per process at most, only under
bubblewrap and only where ``PREPARE_AHEAD`` is set (a batch's workers); a child that fits
another session, or died meanwhile, is closed and a fresh one started.
"""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

import pytest

from graders.assignment import load_assignment
from graders.grade import engine
from graders.run import sandbox
from graders.run.sandbox import Call, Session, bwrap_usable
from graders.submission import load_submissions
from graders.vocabulary import Limits, RunStatus

pytestmark = pytest.mark.skipif(not bwrap_usable(), reason="no bwrap: nothing starts ahead")

LIMITS = Limits(timeout=20.0, cpu=20.0, memory_mb=512, output_kb=4)
EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "uno-moves"

STUDENT = """
import os, signal

def files():
    return sorted(os.listdir(os.path.dirname(os.path.abspath(__file__))))

def uid():
    return os.getuid()

def kill_everything():
    killed = []
    for name in os.listdir("/proc"):
        if name.isdigit() and int(name) != os.getpid():
            try:
                os.kill(int(name), signal.SIGKILL)
                killed.append(int(name))
            except OSError:
                pass
    return killed
"""


@pytest.fixture(autouse=True)
def ahead(monkeypatch):
    monkeypatch.setattr(sandbox, "PREPARE_AHEAD", True)
    sandbox.close_ahead()
    yield
    sandbox.close_ahead()


def student(folder: Path, *extra: str) -> Path:
    folder.mkdir()
    (folder / "student.py").write_text(STUDENT)
    for name in extra:
        (folder / name).write_text("# another file of this submission\n")
    return folder


def test_the_next_session_takes_the_child_and_sees_only_its_own_files(tmp_path):
    first = student(tmp_path / "first", "notes_of_first.txt")
    second = student(tmp_path / "second", "notes_of_second.txt")
    with Session(first, "student", LIMITS, "bwrap") as one:
        assert one.call(Call(0, "files", ())).value == ["notes_of_first.txt", "student.py"]
        first_uid = one.call(Call(1, "uid", ())).value
        one.prepare_next()
        assert len(sandbox._AHEAD) == 1
        with Session(second, "student", LIMITS, "bwrap") as two:
            listed = two.call(Call(0, "files", ()))
            second_uid = two.call(Call(1, "uid", ())).value
            assert two.ahead is True and not sandbox._AHEAD
    assert listed.status == RunStatus.RETURNED
    assert listed.value == ["notes_of_second.txt", "student.py"]
    # an unprivileged id of its own, not the one the other submission's child ran as
    assert second_uid != first_uid and second_uid != 0 and first_uid != 0


def test_a_submission_cannot_reach_the_child_started_for_the_next(tmp_path):
    first = student(tmp_path / "first")
    second = student(tmp_path / "second")
    with Session(first, "student", LIMITS, "bwrap") as one:
        one.call(Call(0, "uid", ()))  # its own child, started when needed
        one.prepare_next()
        ahead_child = next(iter(sandbox._AHEAD.values()))
        assert one.call(Call(0, "kill_everything", ())).value == []  # its own PID namespace
        assert ahead_child.proc.poll() is None
    with Session(second, "student", LIMITS, "bwrap") as two:
        assert two.call(Call(0, "files", ())).value == ["student.py"]
        assert two.ahead is True


def test_a_child_started_for_another_module_is_closed_and_a_fresh_one_started(tmp_path):
    first = student(tmp_path / "first")
    other = tmp_path / "other"
    other.mkdir()
    (other / "other.py").write_text("def f():\n    return 7\n")
    with Session(first, "student", LIMITS, "bwrap") as one:
        one.call(Call(0, "uid", ()))
        one.prepare_next()
    stale = next(iter(sandbox._AHEAD.values()))
    with Session(other, "other", LIMITS, "bwrap") as two:
        assert two.call(Call(0, "f", ())).value == 7
        assert two.ahead is False
    assert stale.proc.poll() is not None and not stale.work.exists()


def test_a_child_that_died_ahead_is_replaced_not_blamed_on_the_submission(tmp_path):
    first = student(tmp_path / "first")
    second = student(tmp_path / "second")
    with Session(first, "student", LIMITS, "bwrap") as one:
        one.prepare_next()
    next(iter(sandbox._AHEAD.values())).kill()
    with Session(second, "student", LIMITS, "bwrap") as two:
        outcome = two.call(Call(0, "files", ()))
    assert outcome.status == RunStatus.RETURNED and outcome.value == ["student.py"]
    assert two.ahead is False


def test_nothing_starts_ahead_outside_a_batchs_workers_or_without_bubblewrap(tmp_path, monkeypatch):
    first = student(tmp_path / "first")
    monkeypatch.setattr(sandbox, "PREPARE_AHEAD", False)
    with Session(first, "student", LIMITS, "bwrap") as one:
        one.prepare_next()
    assert not sandbox._AHEAD
    monkeypatch.setattr(sandbox, "PREPARE_AHEAD", True)
    with Session(first, "student", LIMITS, "rlimits") as one:
        one.prepare_next()
    assert not sandbox._AHEAD


def test_closing_leaves_no_process_and_no_folder(tmp_path):
    first = student(tmp_path / "first")
    with Session(first, "student", LIMITS, "bwrap") as one:
        one.prepare_next()
    child = next(iter(sandbox._AHEAD.values()))
    folder, pid = child.work, child.proc.pid
    assert folder.is_dir()
    sandbox.close_ahead()
    assert not sandbox._AHEAD and not folder.exists()
    assert child.proc.poll() is not None
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


def _comparable(result):
    """A result without what differs between any two runs (timings, the grader's version)."""
    data = result.to_dict()
    data.pop("seconds", None)
    for case in data["cases"]:
        case.pop("seconds", None)
    return data


@pytest.mark.parametrize("name", ["ben.py", "dev.py", "emil.py", "chloe", "kai"])
def test_grading_with_a_child_started_ahead_is_grading_without_one(name, monkeypatch):
    """Each example graded twice after a warm-up: with the child started ahead (the engine
    prepares it after the cases ran) and with PREPARE_AHEAD off; the results are equal."""
    assignment = load_assignment("uno-moves")
    cases = assignment.cases()
    sub = load_submissions(EXAMPLES / name, assignment.module)[0]
    engine.grade_submission(assignment, sub, cases, isolation="bwrap")  # leaves one ahead
    assert len(sandbox._AHEAD) == 1
    warm = engine.grade_submission(assignment, dataclasses.replace(sub), cases, isolation="bwrap")
    monkeypatch.setattr(sandbox, "PREPARE_AHEAD", False)
    sandbox.close_ahead()
    cold = engine.grade_submission(assignment, dataclasses.replace(sub), cases, isolation="bwrap")
    assert _comparable(warm) == _comparable(cold)
