"""A probe in the child (``graders/run/harness.py``, ``_many``): the student's function called
once per argument tuple in one round trip, as the grader explains a failed case with it.

Each answer is ``["returned", value]`` or ``["raised", "Type: message"]`` (the message cut at
500 characters); the first raise ends the probe; the probe's CPU time, output and timing are a
call's. Driven with the raw child (``test_harness_child.Child``); hostile code ends by CPU time.
"""

from __future__ import annotations

import os

from graders.run.harness import frame

from .test_harness_child import OK, Child, student

SOURCE = """
import sys

def tenth(x):
    print("asked", x)
    return 10 // x

def loud(x):
    raise ValueError("v" * 700)

def leaves(x):
    sys.exit(x)

def hungry(x):
    raise MemoryError()

def busy(x):
    while True:
        pass

def chatty(x):
    print("x" * x)
    return x
"""


def probe(child: Child, k: int, function: str, calls: tuple, cpu: float = 30.0) -> dict:
    os.write(child.in_w, frame({"id": k, "function": function, "cpu": cpu, "many": True}))
    os.write(child.in_w, frame(calls))
    return child.reply()


def started(tmp_path, **kwargs) -> Child:
    child = Child(student(tmp_path, SOURCE), **kwargs)
    assert child.reply() == OK
    return child


def test_each_call_is_answered_in_order_and_the_first_raise_ends_the_probe(tmp_path):
    child = started(tmp_path)
    reply = probe(child, 7, "tenth", ((1,), (5,), (0,), (2,)))
    child.finish()
    assert reply["id"] == 7 and reply["status"] == "returned"
    assert reply["value"] == [
        ["returned", 10],
        ["returned", 2],
        ["raised", "ZeroDivisionError: integer division or modulo by zero"],
    ]
    assert reply["stdout"] == "asked 1\nasked 5\nasked 0\n" and reply["dropped"] == 0
    assert 0 <= reply["seconds"] and round(reply["seconds"], 6) == reply["seconds"]


def test_a_raised_message_is_cut_at_500_characters(tmp_path):
    child = started(tmp_path)
    reply = probe(child, 0, "loud", ((1,),))
    child.finish()
    assert reply["value"] == [["raised", "ValueError: " + "v" * 500]]


def test_even_leaving_the_program_is_an_answer(tmp_path):
    child = started(tmp_path)
    reply = probe(child, 0, "leaves", ((3,), (4,)))
    after = child.call(1, "tenth", (5,))
    child.finish()
    assert reply["status"] == "returned" and reply["value"] == [["raised", "SystemExit: 3"]]
    assert after["value"] == 2  # the child answers on


def test_running_out_of_memory_or_cpu_time_ends_the_probe_as_a_call(tmp_path):
    child = started(tmp_path)
    hungry = probe(child, 0, "hungry", ((1,), (2,)))
    busy = probe(child, 1, "busy", ((1,),), cpu=0.3)
    after = child.call(2, "tenth", (5,))
    child.finish()
    assert hungry["status"] == "memory" and "value" not in hungry
    assert busy["status"] == "cpu" and "value" not in busy
    assert after["status"] == "returned" and after["value"] == 2


def test_a_probes_output_is_capped_like_a_calls(tmp_path):
    child = started(tmp_path, output_chars=10)
    reply = probe(child, 0, "chatty", ((4,), (6,)))
    child.finish()
    assert reply["value"] == [["returned", 4], ["returned", 6]]
    # "xxxx\n" and "xxxxxx\n": 12 characters, the first 10 kept
    assert reply["stdout"] == "xxxx\nxxxxx" and reply["dropped"] == 2


def test_a_probe_of_a_missing_function_is_missing(tmp_path):
    child = started(tmp_path)
    reply = probe(child, 0, "nowhere", ((1,),))
    child.finish()
    assert reply == {"id": 0, "status": "missing"}


def test_an_adapter_makes_each_call_of_a_probe(tmp_path):
    student(tmp_path, "def f(x):\n    return x\n")
    adapter = "def call(module, name, args):\n    return ('called', name, module.f(*args))\n"
    student(tmp_path, adapter, name="adapter")
    child = Child(tmp_path, adapter="adapter")
    assert child.reply() == OK
    reply = probe(child, 0, "f", ((1,), (2,)))
    child.finish()
    assert reply["value"] == [["returned", ("called", "f", 1)], ["returned", ("called", "f", 2)]]


def test_a_probes_timing_is_its_own_and_to_the_microsecond(tmp_path):
    child = started(tmp_path)
    times = [probe(child, k, "tenth", ((1,),))["seconds"] for k in range(20)]
    child.finish()
    assert all(0 <= t < 60 and round(t, 6) == t for t in times)
    # and not coarser: a probe takes microseconds, so the sixth decimal of twenty of them is
    # not 0 every time (one chance in 10**20)
    assert any(round(t, 5) != t for t in times)
