"""Interrupting a real batch: Ctrl-C or SIGTERM stops it within seconds, leaves no process of
any submission running, keeps every result written, and a re-run finishes the rest; a batch
killed outright leaves its scratch folder, which the next run removes."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest

from graders.run import cgroups
from graders.run.budget import REGISTER, Budget, budget_scope, current_budget
from graders.run.scratch import PREFIX

from .conftest import processes_with

# Slow tier: interrupts real batches and waits for them to stop.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
ADA = ROOT / "examples" / "uno-moves" / "ada" / "uno.py"
SLOW = "import time\ndef onePlayerOneMove(d, k, h):\n    time.sleep(0.8)\n    return (h, k, d)\n"


def make_class(tmp_path: Path, slow: int = 5) -> Path:
    students = tmp_path / "class"
    students.mkdir()
    (students / "aaa.py").write_text(ADA.read_text())  # graded first: names are sorted
    for k in range(slow):
        (students / f"slow{k}.py").write_text(SLOW)
    return students


def grade_command(students: Path, out: Path) -> list[str]:
    limits = ["--timeout", "1", "--submission-timeout", "4", "--public-only", "--jobs", "2"]
    return [sys.executable, "-m", "graders.cli", "grade", "uno-moves", str(students), "--out",
            str(out), *limits]  # fmt: skip


def start(students: Path, out: Path) -> subprocess.Popen:
    return subprocess.Popen(
        grade_command(students, out),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )


def wait_for(path: Path, proc: subprocess.Popen, seconds: float = 120) -> None:
    deadline = time.monotonic() + seconds
    while not path.exists():
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline, f"{path} never appeared"
        time.sleep(0.05)


def scratch_of(pid: int) -> list[Path]:
    return list(Path(tempfile.gettempdir()).glob(f"{PREFIX}{pid}-*"))


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_an_interrupted_batch_stops_keeps_results_and_resumes(tmp_path, sig):
    students, out = make_class(tmp_path), tmp_path / "out"
    proc = start(students, out)
    wait_for(out / "aaa" / "result.json", proc)
    time.sleep(1.0)  # the slow students are now in flight
    sent = time.monotonic()
    proc.send_signal(sig)
    stdout, stderr = proc.communicate(timeout=60)
    stopped_in = time.monotonic() - sent
    assert proc.returncode == 128 + sig, stderr
    assert stopped_in < 5, stopped_in  # the aim is 2 s; 5 leaves room for a loaded machine
    assert "interrupted" in stderr and "Traceback" not in stderr
    # Nothing of the batch runs on, and its scratch copies of students' code are gone.
    time.sleep(0.3)
    assert processes_with(f"{PREFIX}{proc.pid}-") == []
    assert scratch_of(proc.pid) == []
    # What was written stays, and is complete.
    kept = json.loads((out / "aaa" / "result.json").read_text())
    assert kept["score"] == 100
    rows = (out / "scores.csv").read_text().splitlines()
    assert rows[1].startswith("aaa,")
    # Abandoned submissions were not written as if graded.
    for path in out.glob("slow*/result.json"):
        data = json.loads(path.read_text())
        assert not any("interrupted" in " ".join(c["messages"]) for c in data["cases"])
    # A re-run grades only what is missing.
    again = subprocess.run(
        grade_command(students, out),
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=600,
    )
    assert again.returncode == 0, again.stderr
    assert "skipped" in again.stdout
    assert len((out / "scores.csv").read_text().splitlines()) == 1 + 6


def test_a_killed_batch_leaves_nothing_after_the_next_run(tmp_path):
    students, out = make_class(tmp_path, slow=3), tmp_path / "out"
    proc = start(students, out)
    wait_for(out / "aaa" / "result.json", proc)
    time.sleep(0.5)
    left = scratch_of(proc.pid)
    assert left, "the run's scratch folder should exist while it runs"
    proc.kill()
    proc.communicate(timeout=30)
    assert scratch_of(proc.pid) == left  # SIGKILL cannot be handled: the folder stays...
    again = subprocess.run(
        [sys.executable, "-m", "graders.cli", "grade", "uno-moves", str(ADA), "--public-only"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert again.returncode == 0, again.stderr
    assert scratch_of(proc.pid) == []  # ...until the next run sweeps it
    time.sleep(0.3)
    assert processes_with(f"{PREFIX}{proc.pid}-") == []


def test_the_register_kills_every_live_child_and_refuses_new_ones():
    killed = []

    class Child:
        def kill(self, wait=True):
            killed.append(self)

    first, second = Child(), Child()
    REGISTER.add(first)
    REGISTER.add(second)
    try:
        REGISTER.stop_all()
        assert killed == [first, second] or killed == [second, first]
        late = Child()
        REGISTER.add(late)  # started while stopping: killed at once
        assert killed[-1] is late
    finally:
        for child in (first, second, late):
            REGISTER.discard(child)
        REGISTER.reset()
    assert REGISTER.live() == 0


def test_budget_scope_and_cap():
    assert current_budget().deadline is None
    budget = Budget(10)
    with budget_scope(budget):
        assert current_budget() is budget
        assert budget.cap(budget.started + 100) == budget.deadline
        assert budget.cap(budget.started + 1) == budget.started + 1
        assert not budget.expired
    assert current_budget().deadline is None
    assert Budget(0).expired


def test_cgroup_v2_writes_the_caps_and_kills_through_the_group(tmp_path):
    # A stand-in for a delegated cgroup v2 folder: the files the kernel would provide.
    layout = cgroups.Layout(root=tmp_path)
    group = cgroups.Group.create("tok", cgroups.Caps(300 << 20, 40, 1.0), layout)
    assert group is not None and group.version == 2
    folder = group.dirs[""]
    assert folder.parent == tmp_path and folder.name.startswith(f"unograde-{os.getpid()}-")
    assert (folder / "memory.max").read_text() == str(300 << 20)
    assert (folder / "pids.max").read_text() == "40"
    assert (folder / "cpu.max").read_text() == "100000 100000"
    assert "at most 40 processes" in group.describe()
    script = group.wrap(["python3", "x.py"])
    assert script[:2] == ["/bin/sh", "-c"] and script[-2:] == ["python3", "x.py"]
    assert f"> {folder / 'cgroup.procs'}" in script[2]
    (folder / "memory.events").write_text("low 0\nhigh 0\nmax 3\noom 1\noom_kill 1\n")
    assert group.memory_exceeded()
    (folder / "memory.events").write_text("low 0\nhigh 0\nmax 0\noom 0\noom_kill 0\n")
    assert not group.memory_exceeded()
    group.kill()
    assert (folder / "cgroup.kill").read_text() == "1"


@pytest.mark.skipif(not cgroups.layout().usable, reason="no cgroups here")
def test_stale_groups_of_a_dead_grader_are_swept():
    probe = subprocess.Popen(["sleep", "0"])
    probe.wait()
    where = cgroups.layout()
    parents = [where.v2_parent] if where.v2_parent else list(where.v1_parents.values())
    made = []
    for parent in parents:
        path = parent / f"{cgroups.PREFIX}{probe.pid}-stale"
        path.mkdir()
        made.append(path)
    assert cgroups.sweep_stale() >= len(made)
    assert not any(p.exists() for p in made)


def test_a_signal_handler_stops_every_child_without_waiting_on_any():
    """``stop_all(wait=False)`` is what the handlers call: it runs in the thread it
    interrupted, which may hold the register's lock (inside ``add``) or be waiting on one of
    the children itself, so it takes the lock again (reentrant) and waits on nothing."""
    calls = []

    class Child:
        def kill(self, wait=True):
            calls.append(wait)

    child = Child()
    done = threading.Event()

    def handler_inside_add():
        with REGISTER._lock:  # the interrupted thread was adding a child
            REGISTER.stop_all(wait=False)
        done.set()

    REGISTER.add(child)
    try:
        worker = threading.Thread(target=handler_inside_add, daemon=True)
        worker.start()
        worker.join(timeout=30)
        assert done.is_set(), "stop_all deadlocked on the register's own lock"
        assert calls == [False]
    finally:
        REGISTER.discard(child)
        REGISTER.reset()


def test_a_tree_killed_without_waiting_sends_the_kill_and_waits_on_nothing(tmp_path):
    from graders.run.sandbox import Tree
    from graders.vocabulary import Limits

    tree = Tree(Limits())
    proc = subprocess.Popen(
        tree.command([sys.executable, "-c", "import time; time.sleep(600)"]),
        start_new_session=True,
    )
    tree.started(proc)
    try:

        def no_wait(*args, **kwargs):
            raise AssertionError("waited on the child")

        proc.wait = no_wait  # the interrupted thread may hold this process's wait lock
        tree.kill(wait=False)
        del proc.wait
        assert proc.wait(timeout=30) == -signal.SIGKILL
    finally:
        tree.close()
    assert REGISTER.live() == 0
