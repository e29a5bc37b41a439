"""The child side of the sandbox, driven directly: ``python -I -S harness.py IN_FD OUT_FD``.

The grader's ``Session`` hides what the child sends; here the raw replies are read, so the
child's own bookkeeping (its limits, exit status, cuts of messages and tracebacks, timing) is
checked as the module docstring of ``graders/run/harness.py`` describes it. Every wait is
bounded by a generous deadline; nothing depends on the machine's speed.
"""

from __future__ import annotations

import json
import math
import os
import resource
import select
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from graders.run.harness import frame, tagged
from graders.run.sandbox import HARNESS

WAIT = 60.0  # seconds: a deadline, never a measurement


class Child:
    def __init__(self, folder: Path, module: str = "student", adapter: str | None = None,
                 memory_mb: int = 512, total_cpu: float = 40.0, file_mb: int = 16,
                 output_chars: int = 1024, setup: object = "default",
                 env: dict | None = None) -> None:  # fmt: skip
        in_r, self.in_w = os.pipe()
        self.out_r, out_w = os.pipe()
        self.proc = subprocess.Popen(
            [os.path.realpath(sys.executable), "-I", "-S", "-B", str(HARNESS), str(in_r),
             str(out_w)],
            pass_fds=(in_r, out_w), cwd=folder, stdin=subprocess.DEVNULL, env=env,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        os.close(in_r)
        os.close(out_w)
        self.buffer = b""
        if setup == "default":
            setup = {
                "root": str(folder), "path": [str(folder)], "module": module,
                "memory_mb": memory_mb, "total_cpu": total_cpu, "import_cpu": 5.0,
                "file_mb": file_mb, "output_chars": output_chars, "adapter": adapter,
            }  # fmt: skip
        if setup is not None:
            os.write(self.in_w, frame(setup))

    def call(self, k: int, function: str, args: tuple = (), cpu: float = 30.0) -> dict:
        os.write(self.in_w, frame({"id": k, "function": function, "cpu": cpu}) + frame(args))
        return self.reply()

    def reply(self) -> dict:
        while b"\n" not in self.buffer:
            ready, _, _ = select.select([self.out_r], [], [], WAIT)
            assert ready, "the child did not answer"
            chunk = os.read(self.out_r, 1 << 16)
            assert chunk, "the child closed its pipe"
            self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        return json.loads(line, object_hook=tagged)

    def finish(self) -> int:
        os.close(self.in_w)
        code = self.proc.wait(WAIT)
        os.close(self.out_r)
        return code


def student(tmp_path: Path, source: str, name: str = "student") -> Path:
    (tmp_path / f"{name}.py").write_text(textwrap.dedent(source))
    return tmp_path


OK = {"import": {"status": "ok"}, "stdout": "", "dropped": 0}


def test_the_child_answers_and_exits_0_when_the_grader_closes_the_pipe(tmp_path):
    child = Child(student(tmp_path, "def f(x):\n    return x\n"))
    assert child.reply() == OK
    reply = child.call(3, "f", (("r", "5"),))
    assert reply["id"] == 3 and reply["status"] == "returned" and reply["value"] == ("r", "5")
    assert child.finish() == 0


@pytest.mark.parametrize("setup", [None, ["not", "a", "dict"]])
def test_a_child_without_a_setup_exits_2_without_importing(tmp_path, setup):
    canary = tmp_path / "imported"
    folder = student(tmp_path, f"open({str(canary)!r}, 'w').close()\n")
    child = Child(folder, setup=setup)
    assert child.finish() == 2
    assert not canary.exists()


def test_the_childs_limits_are_lowered_and_cannot_be_raised_again(tmp_path):
    source = """
        import resource
        def limits():
            names = ("RLIMIT_AS", "RLIMIT_CPU", "RLIMIT_FSIZE", "RLIMIT_CORE")
            return [resource.getrlimit(getattr(resource, n)) for n in names]
        """
    child = Child(student(tmp_path, source), memory_mb=300, total_cpu=40.0, file_mb=16)
    assert child.reply() == OK
    got = child.call(0, "limits")["value"]
    child.finish()

    def lowered(which, value):
        # the grader's own hard limit stays the ceiling; an unlimited one becomes the value,
        # so that the student's code cannot raise its soft limit back
        _, hard = resource.getrlimit(which)
        if hard == resource.RLIM_INFINITY:
            return (value, value)
        return (min(value, hard), hard)

    assert got == [
        lowered(resource.RLIMIT_AS, 300 * 1024 * 1024),
        lowered(resource.RLIMIT_CPU, 41),  # int(40 + 1): the whole run's CPU time, plus one
        lowered(resource.RLIMIT_FSIZE, 16 * 1024 * 1024),
        lowered(resource.RLIMIT_CORE, 0),
    ]


def test_the_childs_timing_is_its_own_and_to_the_microsecond(tmp_path):
    child = Child(student(tmp_path, "def f():\n    return 1\n"))
    assert child.reply() == OK
    times = [child.call(k, "f")["seconds"] for k in range(20)]
    child.finish()
    assert all(0 <= t < WAIT for t in times)
    assert all(round(t, 6) == t for t in times)
    # and not coarser: a call takes microseconds, so the sixth decimal of twenty of them is
    # not 0 every time (one chance in 10**20)
    assert any(round(t, 5) != t for t in times)


def test_long_messages_and_tracebacks_are_cut_as_the_protocol_says(tmp_path):
    source = """
        def long_error():
            raise ValueError("y" * 6000)

        def long_recursion_error():
            raise RecursionError("z" * 1000)

        def ping(n=0):
            return pong(n + 1)

        def pong(n):
            return ping(n + 1)
        """
    child = Child(student(tmp_path, source))
    assert child.reply() == OK
    error = child.call(0, "long_error")
    recursion = child.call(1, "long_recursion_error")
    deep = child.call(2, "ping")
    child.finish()
    assert error["status"] == "raised" and error["type"] == "ValueError"
    assert error["message"] == "y" * 2000  # the first 2000 characters of the message
    assert len(error["traceback"]) == 5000 and error["traceback"].endswith("y" * 100 + "\n")
    assert recursion["type"] == "RecursionError" and recursion["message"] == "z" * 500
    assert deep["type"] == "RecursionError"
    # about a thousand of the student's frames (ping and pong alternate, so Python does not
    # fold them into "[Previous line repeated ...]"): only the last 3000 characters are sent
    assert len(deep["traceback"]) == 3000
    assert deep["traceback"].endswith("RecursionError: maximum recursion depth exceeded\n")


def test_an_import_error_is_cut_like_a_calls(tmp_path):
    child = Child(student(tmp_path, "raise ImportError('w' * 6000)\n"))
    first = child.reply()
    assert child.finish() == 0
    info = first["import"]
    assert info["status"] == "raised" and info["type"] == "ImportError"
    assert info["message"] == "w" * 2000
    assert len(info["traceback"]) == 5000 and info["traceback"].endswith("w\n")


def test_an_adapter_resolves_the_functions_it_offers(tmp_path):
    student(tmp_path, "VALUE = 42\n")
    student(
        tmp_path,
        """
        def resolve_function(module, name):
            return (lambda *args: None) if name == "answer" else getattr(module, name, None)

        def call(module, name, args):
            return ("called", name, module.VALUE, args)
        """,
        name="adapter",
    )
    child = Child(tmp_path, adapter="adapter")
    assert child.reply() == OK
    answer = child.call(0, "answer", (1,))
    missing = child.call(1, "nowhere")
    child.finish()
    assert answer["status"] == "returned" and answer["value"] == ("called", "answer", 42, (1,))
    assert missing["status"] == "missing"


def test_a_float_that_lies_about_equality_comes_back_as_the_number_it_is(tmp_path):
    # A NaN whose __eq__ always says True passes the "value == value" test for NaN, but it
    # also "equals" infinity, so it is still tagged and never reaches the JSON encoder (which
    # refuses NaN): it comes back as NaN, and the child goes on.
    source = """
        class Liar(float):
            def __eq__(self, other):
                return True
            __hash__ = float.__hash__

        def lie():
            print("before")
            return Liar("nan")

        def honest():
            return 1
        """
    child = Child(student(tmp_path, source))
    assert child.reply() == OK
    lie = child.call(0, "lie")
    after = child.call(1, "honest")
    child.finish()
    assert lie["status"] == "returned" and math.isnan(lie["value"])
    assert lie["stdout"] == "before\n" and lie["id"] == 0
    assert after["status"] == "returned" and after["value"] == 1


def test_a_memory_cap_of_one_megabyte_is_applied_too(tmp_path):
    # The smallest cap there is (0 means none): a module that takes 80 MB as it is imported
    # never reports a successful import (it runs out of memory, or the child dies trying).
    child = Child(student(tmp_path, "VALUE = [0] * 10_000_000\n"), memory_mb=1)
    ready, _, _ = select.select([child.out_r], [], [], WAIT)
    first = os.read(child.out_r, 1 << 16) if ready else b""
    child.finish()
    assert b'"status": "ok"' not in first


@pytest.mark.parametrize("name", ["launch", "budget", "colorsys"])
def test_a_students_module_named_like_a_file_beside_the_harness_is_the_students(tmp_path, name):
    # The child runs isolated (-I): the harness's own folder (graders/run/, with launch.py,
    # budget.py, ...) is not on its path, and the submission's folder comes first, before the
    # standard library's (colorsys is a standard module the child has not imported).
    child = Child(student(tmp_path, "def f():\n    return 'mine'\n", name=name), module=name)
    assert child.reply() == OK
    reply = child.call(0, "f")
    child.finish()
    assert reply["status"] == "returned" and reply["value"] == "mine"


def test_a_memory_cap_of_zero_means_no_cap(tmp_path):
    child = Child(student(tmp_path, "VALUE = [0] * 1000\ndef f():\n    return len(VALUE)\n"),
                  memory_mb=0)  # fmt: skip
    assert child.reply() == OK
    assert child.call(0, "f")["value"] == 1000
    child.finish()


def test_arguments_changed_to_hold_an_object_that_cannot_compare_are_changed(tmp_path):
    source = """
        class Raiser:
            def __eq__(self, other):
                raise RuntimeError("no comparing me")
            __hash__ = object.__hash__

        def poison(pile):
            pile[0] = Raiser()  # same length: comparing with the original calls __eq__
            return 1
        """
    child = Child(student(tmp_path, source))
    assert child.reply() == OK
    reply = child.call(0, "poison", ([("r", "5")],))
    child.finish()
    assert reply["status"] == "returned" and reply["value"] == 1
    assert reply["mutated"] is True


def test_the_child_writes_no_bytecode_and_forgets_the_shells_folders(tmp_path):
    source = (
        "import os\ndef where():\n    return [os.environ.get('PWD'), os.environ.get('OLDPWD')]\n"
    )
    env = dict(os.environ, PWD="/somewhere", OLDPWD="/elsewhere")
    child = Child(student(tmp_path, source), env=env)
    assert child.reply() == OK
    assert child.call(0, "where")["value"] == [None, None]
    child.finish()
    assert not (tmp_path / "__pycache__").exists()  # nothing written next to the submission


def test_an_adapter_without_resolve_function_still_calls(tmp_path):
    student(tmp_path, "def f(x):\n    return x\n")
    student(tmp_path, "def call(module, name, args):\n    return ('via', name)\n", name="adapter")
    child = Child(tmp_path, adapter="adapter")
    assert child.reply() == OK
    assert child.call(0, "f", (1,))["value"] == ("via", "f")
    child.finish()
