"""What a sandboxed session makes of its child's first reply and of a call that does not come
back (``graders.run.sandbox``: ``Session._start``, ``Session.call``, ``_call_message``).

Expectations follow the module's docstrings and docs/instructor/grading.md ("Each case ends"):
an import that crashes, loops or runs past the wall clock ends every case the same way; what
the child says about its import is cut like any reply (it runs the student's code, so it may
lie); a call's wall clock is its timeout plus a tenth and 0.1 s, so that the child's own CPU
timer reports a busy loop first; the submission's budget, once used up, makes every call
"not run". Hostile code ends by CPU time, by exiting, or by sleeping far past a generous limit;
the deadlines themselves are read with a fixed clock, so nothing depends on the machine's speed.
"""

from __future__ import annotations

import io
import marshal
import os
import resource
import time
from dataclasses import replace
from types import SimpleNamespace

import pytest

from graders.run import sandbox
from graders.run.budget import REGISTER, Budget
from graders.run.harness import read_frame
from graders.run.sandbox import Call, Session
from graders.vocabulary import Limits, RunStatus

LIMITS = Limits(timeout=30.0, cpu=30.0, memory_mb=512, output_kb=1)


def session(tmp_path, source, limits=LIMITS, **kwargs):
    tmp_path.mkdir(exist_ok=True)
    (tmp_path / "student.py").write_text(source)
    return Session(tmp_path, "student", limits, "rlimits", **kwargs)


def test_a_probes_header_says_many_and_its_arguments_follow_as_one_frame():
    calls = (([("r", "5")],), ([("g", "1")],))
    data = sandbox._call_message(Call(4, "count", calls, many=True), 2.5)
    inbox = io.BytesIO(data)
    head = marshal.loads(read_frame(inbox))
    assert head == {"id": 4, "function": "count", "cpu": 2.5, "many": True}
    assert marshal.loads(read_frame(inbox)) == calls
    assert read_frame(inbox) is None


def test_an_import_that_exits_is_a_crash_for_every_case(tmp_path):
    with session(tmp_path, "import os\nprint('going')\nos._exit(3)\n") as s:
        first = s.call(Call(5, "f", ()))
        second = s.call(Call(6, "f", ()))
    assert (first.id, first.status) == (5, RunStatus.CRASHED)
    assert first.message == "the submission exited with status 3 before any case ran"
    # a crash is not an import error: the next call starts a fresh child (which crashes too)
    assert (second.id, second.status) == (6, RunStatus.CRASHED)
    assert s.failed_import is None and s.restarts == 1


def test_an_import_that_busy_loops_ends_by_cpu_time_and_is_not_tried_again(tmp_path):
    # the import may use max(cpu, 1 s) of CPU time: here 1 s, the case's 0.2 s being less
    limits = replace(LIMITS, cpu=0.2)
    with session(tmp_path, "while True:\n    pass\n", limits) as s:
        first = s.call(Call(0, "f", ()))
        second = s.call(Call(1, "f", ()))
    assert first.status == RunStatus.TIMEOUT
    assert first.message == "used more than 1 s of CPU time while importing, before any case ran"
    assert (second.id, second.status, second.message) == (1, first.status, first.message)
    assert s.restarts == 0  # importing again would loop again


@pytest.mark.slow  # waits out the import's wall clock (about 10 s)
def test_an_import_that_sleeps_past_the_wall_clock_times_out(tmp_path):
    # the wall clock for an import: 10 s to start Python, plus the case's timeout (1 s here)
    limits = replace(LIMITS, timeout=1.0)
    with session(tmp_path, "import time\ntime.sleep(10**6)\n", limits) as s:
        first = s.call(Call(0, "f", ()))
    assert first.status == RunStatus.TIMEOUT
    assert first.message == "the submission timed out while importing before any case ran"
    assert s.failed_import is not None  # not tried again


# A student's import that writes its own "import" line to the grader's pipe first (the harness
# passes the pipe's number in its arguments): whatever it says is cut to the protocol's sizes.
FORGED = """
import os, sys
line = ('{"import": {"status": "raised", "type": "%s", "message": "%s", "traceback": "%s"}, '
        '"stdout": "%s"}\\n') % ("T" * 300, "m" * 3000, "t" * 6000, "s" * 30000)
os.write(int(sys.argv[2]), line.encode())
"""


def test_an_import_reply_is_cut_like_any_reply(tmp_path):
    with session(tmp_path, FORGED) as s:
        first = s.call(Call(0, "f", ()))
    assert first.status == RunStatus.IMPORT_ERROR
    assert first.error_type == "T" * 200
    assert first.message == "m" * 2000
    assert first.traceback == "t" * 5000
    assert first.stdout == "s" * 20000 and s.import_stdout == "s" * 20000


class Recorder:
    """Stands in for ``_Child.receive``: records each deadline and answers from a script."""

    def __init__(self, *answers):
        self.answers, self.deadlines = list(answers), []

    def receive(self, child, deadline):
        self.deadlines.append(deadline)
        return self.answers.pop(0)


def test_the_import_and_each_call_have_their_own_wall_clock(tmp_path, monkeypatch):
    # The clock is fixed at 1000 s: the deadlines are exact. The import may take 10 s to start
    # Python plus the timeout; a call, its timeout plus a tenth and 0.1 s.
    recorder = Recorder({"import": {"status": "ok"}, "stdout": ""}, "timeout")
    monkeypatch.setattr(
        sandbox._Child, "receive", lambda child, deadline: recorder.receive(child, deadline)
    )
    monkeypatch.setattr(sandbox, "time", SimpleNamespace(monotonic=lambda: 1000.0))
    limits = replace(LIMITS, timeout=10.0)
    with session(tmp_path, "def f():\n    return 1\n", limits, budget=Budget(None)) as s:
        out = s.call(Call(0, "f", ()))
    assert recorder.deadlines == [pytest.approx(1020.0), pytest.approx(1011.1)]
    assert out.status == RunStatus.TIMEOUT
    assert out.message == "no result within 10 s (wall clock)"
    assert out.seconds == 0.0  # what the (fixed) clock measured: no time passed


def test_a_call_cut_by_the_budget_is_not_run_for_the_budgets_reason(tmp_path):
    # the function sleeps far past the budget, under a 30 s wall clock: the budget ends it
    budget = Budget(3.0)
    source = "import time\n\ndef f():\n    time.sleep(10**6)\n"
    with session(tmp_path, source, expected_calls=2, budget=budget) as s:
        first = s.call(Call(0, "f", ()))
        second = s.call(Call(1, "f", ()))
    assert (first.id, first.status) == (0, RunStatus.NOT_RUN)
    assert first.message == "not run: the submission's time budget of 3 s was used up"
    assert (second.id, second.status, second.message) == (1, RunStatus.NOT_RUN, first.message)
    assert budget.hit


CPU_LIMIT = """
import os, resource

def limit():
    return resource.getrlimit(resource.RLIMIT_CPU)[0]

def crash():
    os._exit(1)
"""


def test_a_fresh_child_gets_cpu_time_for_the_calls_still_to_come(tmp_path):
    # A child's CPU limit covers the calls it may still answer (1 s each here) plus 10 s to
    # start; the harness rounds it up: int(total + 1). Five calls expected: the first child
    # gets 1 * 5 + 10 + 1 = 16 s. After two calls (the second crashes it) the next child is
    # made for the three calls left: 1 * 3 + 10 + 1 = 14 s.
    limits = replace(LIMITS, cpu=1.0)
    with session(tmp_path, CPU_LIMIT, limits, expected_calls=5, budget=Budget(None)) as s:
        first = s.call(Call(0, "limit", ()))
        crashed = s.call(Call(1, "crash", ()))
        last = s.call(Call(2, "limit", ()))
    hard = resource.getrlimit(resource.RLIMIT_CPU)[1]  # a child never gets more than this

    def capped(seconds):
        return seconds if hard == resource.RLIM_INFINITY else min(seconds, hard)

    assert first.value == capped(16)
    assert crashed.status == RunStatus.CRASHED
    assert last.value == capped(14) and s.restarts == 1


def test_no_child_is_started_once_grading_is_being_stopped(tmp_path):
    REGISTER.stopping.set()  # an interrupt (Ctrl-C, SIGTERM) is being handled
    try:
        with session(tmp_path, "def f():\n    return 1\n") as s:
            out = s.call(Call(3, "f", ()))
    finally:
        REGISTER.reset()
    assert (out.id, out.status) == (3, RunStatus.NOT_RUN)
    assert out.message == "not run: grading was interrupted"
    assert s.child is None


def test_a_deadline_already_past_is_a_timeout_at_once():
    # _Child.receive on a pipe with nothing to read: a deadline half a second ago (a wait
    # that began too late) answers "timeout" without waiting; one a little ahead waits for it.
    # A reply already waiting is read.
    read_end, write_end = os.pipe()
    try:
        child = object.__new__(sandbox._Child)
        child.buffer, child.out_r = b"", read_end
        assert sandbox._Child.receive(child, time.monotonic() - 0.5) == "timeout"
        assert sandbox._Child.receive(child, time.monotonic() + 0.2) == "timeout"
        os.write(write_end, b'{"id": 1}\n')
        assert sandbox._Child.receive(child, time.monotonic() + 30) == {"id": 1}
    finally:
        os.close(read_end)
        os.close(write_end)


def test_the_harness_is_compiled_once_per_process_not_once_per_child(tmp_path, monkeypatch):
    compiled = []

    def counting(*args, **kwargs):
        compiled.append(args[1] if len(args) > 1 else "")
        return compile(*args, **kwargs)

    monkeypatch.setattr(sandbox, "compile", counting, raising=False)
    getattr(sandbox._harness_code, "cache_clear", lambda: None)()
    for k in range(3):  # three children, one after another
        with session(tmp_path / f"s{k}", "def f():\n    return 1\n") as s:
            assert s.call(Call(0, "f", ())).value == 1
    assert len(compiled) == 1
