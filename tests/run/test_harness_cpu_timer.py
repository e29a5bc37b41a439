"""The child's CPU timer runs only while a student's function runs (``graders/run/harness.py``):
armed with the case's seconds when the call starts, disarmed when it ends, so nothing the
student's code does between calls (a module ``__getattr__`` answering a lookup) or while its
result is described (a ``__repr__``) can be cut short by a timer left running.

The student's code reads the timer itself (``signal.getitimer``), so the expectations are exact
and nothing depends on the machine's speed.
"""

from __future__ import annotations

import os

from graders.run.harness import frame

from .test_harness_child import OK, Child, student

# ``timer_at_lookup`` is found by the module's ``__getattr__``, which runs in the child's loop
# before the call's timer is armed: the function it hands back returns what the timer read then.
SOURCE = """
import signal

def _left():
    return signal.getitimer(signal.ITIMER_PROF)[0]

def __getattr__(name):
    if name == "timer_at_lookup":
        seen = _left()
        return lambda *args: seen
    raise AttributeError(name)

def timer_in_call():
    return _left()

class Described:
    def __repr__(self):
        return f"timer {_left()}"

def described():
    return Described()

def f(x=0):
    return x
"""


def test_no_timer_runs_after_the_import(tmp_path):
    child = Child(student(tmp_path, SOURCE))
    assert child.reply() == OK
    assert child.call(0, "timer_at_lookup")["value"] == 0.0
    child.finish()


def test_the_timer_is_armed_with_the_cases_seconds_while_the_function_runs(tmp_path):
    child = Child(student(tmp_path, SOURCE))
    assert child.reply() == OK
    left = child.call(0, "timer_in_call", cpu=30.0)["value"]
    child.finish()
    assert 25.0 < left < 30.1  # 30 s, read to the timer's granularity


def test_no_timer_runs_after_a_call(tmp_path):
    child = Child(student(tmp_path, SOURCE))
    assert child.reply() == OK
    assert child.call(0, "f", (1,))["value"] == 1
    assert child.call(1, "timer_at_lookup")["value"] == 0.0
    child.finish()


def test_no_timer_runs_while_the_result_is_described(tmp_path):
    child = Child(student(tmp_path, SOURCE))
    assert child.reply() == OK
    reply = child.call(0, "described", cpu=30.0)
    child.finish()
    assert reply["status"] == "returned"
    assert reply["value"] == {"__object__": "Described", "__repr__": "timer 0.0"}


def test_no_timer_runs_after_a_probe(tmp_path):
    child = Child(student(tmp_path, SOURCE))
    assert child.reply() == OK
    # a probe: f called once per argument tuple, in one round trip
    os.write(child.in_w, frame({"id": 0, "function": "f", "cpu": 30.0, "many": True}))
    os.write(child.in_w, frame(((1,), (2,))))
    probe = child.reply()
    assert probe["status"] == "returned" and probe["value"] == [["returned", 1], ["returned", 2]]
    assert child.call(1, "timer_at_lookup")["value"] == 0.0
    child.finish()


def test_where_the_platform_has_no_cpu_timer_none_is_set(monkeypatch):
    # A self-check kit runs this very file on Windows, whose signal module has no setitimer:
    # the harness still imports, and arming or disarming the timer does nothing.
    import importlib.util
    import signal

    monkeypatch.delattr(signal, "setitimer")
    spec = importlib.util.find_spec("graders.run.harness")
    fresh = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fresh)  # a copy of its own: the imported harness is left alone
    assert fresh._HAS_TIMER is False
    fresh._cpu_timer(5.0)
    fresh._cpu_timer(0)
