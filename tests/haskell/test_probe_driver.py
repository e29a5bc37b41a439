"""Many runs of one program in ONE sandboxed child (``ProgramRunner.run_each`` and its driver
``graders/run/turns.py``): what the first-divergence replay of a compiled submission uses so
that a probe of 100 turns costs one sandbox start, not 100.

The program here is a shell script whose behaviour each input file chooses, so every
expectation is written by hand: what it prints, where it stops, what it cannot forge.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from graders.run import programs
from graders.run.programs import ProgramRunner, ProgramSpec, _frames
from graders.run.sandbox import bwrap_usable
from graders.vocabulary import Limits

needs_bwrap = pytest.mark.skipif(not bwrap_usable(), reason="bubblewrap cannot run here")
MODES = [pytest.param("bwrap", marks=needs_bwrap), "rlimits"]

PROGRAM = r"""#!/bin/sh
what=$(cat "$1")
case "$what" in
  loop) while :; do :; done ;;
  big) head -c 100000 /dev/zero ;;
  fail) echo "bad input" >&2; exit 3 ;;
  forge)
    # the driver's own output, where the frames go: refused (it is not dumpable)
    if printf 'x 9 exit 0 6 0\nFORGED' 2>/dev/null > /proc/$PPID/fd/1; then
      echo "wrote the driver's output"
    else
      echo refused
    fi ;;
  peek)
    # the driver's open files (its output, its input): hidden from a process of its user
    if ls /proc/$PPID/fd >/dev/null 2>&1; then echo listed; else echo hidden; fi ;;
  fake) printf 'deadbeef 1 exit 0 6 0\nFORGED' ;;
  *) echo "read $1: $what"; echo "note $what" >&2 ;;
esac
"""

LIMITS = Limits(timeout=30.0, cpu=1.0, memory_mb=256, output_kb=8)


@pytest.fixture
def runner(tmp_path, request):
    folder = tmp_path / "sub"
    folder.mkdir()
    prog = folder / "prog"
    prog.write_text(PROGRAM)
    prog.chmod(prog.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    spec = ProgramSpec("prog", ("./prog",))
    with ProgramRunner(folder, spec, LIMITS, request.param) as made:
        yield made


def inputs(*texts: str) -> list[tuple[str, bytes]]:
    return [(f"cases/turn-{k + 1:03d}.uno", text.encode()) for k, text in enumerate(texts)]


WORDS = ("./prog", "{input}")


@pytest.mark.parametrize("runner", MODES, indirect=True)
def test_every_input_is_run_in_order_in_one_child(runner, monkeypatch):
    started = []
    real = programs.Tree

    class Counting(real):
        def __init__(self, *args, **kwargs):
            started.append(1)
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(programs, "Tree", Counting)
    outcomes = runner.run_each(100, WORDS, inputs("alpha", "beta", "gamma"))
    assert len(started) == 1
    assert [o.id for o in outcomes] == [100, 101, 102]
    assert [o.status for o in outcomes] == ["returned"] * 3
    assert [o.value for o in outcomes] == [
        "read cases/turn-001.uno: alpha\n",
        "read cases/turn-002.uno: beta\n",
        "read cases/turn-003.uno: gamma\n",
    ]
    assert [o.stdout.strip() for o in outcomes] == ["note alpha", "note beta", "note gamma"]


@pytest.mark.parametrize("runner", MODES, indirect=True)
def test_the_runs_stop_at_the_first_that_does_not_return(runner):
    looped = runner.run_each(0, WORDS, inputs("one", "loop", "never"))
    assert [o.status for o in looped] == ["returned", "timeout"]
    assert "CPU time" in looped[1].message  # its own CPU limit, not the driver's
    failed = runner.run_each(0, WORDS, inputs("fail", "never"))
    assert [o.status for o in failed] == ["crashed"]
    assert failed[0].message.startswith("exited with status 3")
    assert "bad input" in failed[0].stdout
    big = runner.run_each(0, WORDS, inputs("big", "never"))
    assert [o.status for o in big] == ["crashed"]
    assert "printed more than 8 KB" in big[0].message


@pytest.mark.parametrize("runner", MODES, indirect=True)
def test_a_program_cannot_forge_another_runs_answer(runner):
    outcomes = runner.run_each(0, WORDS, inputs("forge", "peek", "fake", "after"))
    assert [o.status for o in outcomes] == ["returned"] * 4
    assert outcomes[0].value == "refused\n"
    assert outcomes[1].value == "hidden\n"
    # a frame printed as output is output, and the next run is read as its own
    assert outcomes[2].value == "deadbeef 1 exit 0 6 0\nFORGED"
    assert outcomes[3].value == "read cases/turn-004.uno: after\n"


@pytest.mark.parametrize("runner", MODES, indirect=True)
def test_a_program_that_cannot_start_is_its_runs_outcome(runner):
    outcomes = runner.run_each(0, ("./no-such-program", "{input}"), inputs("a", "b"))
    assert [o.status for o in outcomes] == ["crashed"]
    assert "exited with status 127" in outcomes[0].message
    assert "cannot start ./no-such-program" in outcomes[0].stdout


def test_frames_are_believed_only_with_the_token_and_the_next_index():
    token = "a" * 32

    def frame(index: int, out: bytes, tok: str = token, kind: str = "exit") -> bytes:
        return f"{tok} {index} {kind} 0 7 {len(out)} 0\n".encode() + out

    good = frame(0, b"zero") + frame(1, b"one")
    assert [o.value for o in _frames(good, token, 2, 0, LIMITS)] == ["zero", "one"]
    assert [o.seconds for o in _frames(good, token, 2, 0, LIMITS)] == [0.007, 0.007]
    # another token, a repeated index, an unknown kind, a length past the end: read no further
    assert [
        o.value for o in _frames(frame(0, b"z") + frame(1, b"o", "b" * 32), token, 2, 0, LIMITS)
    ] == ["z"]
    assert [o.value for o in _frames(frame(0, b"z") + frame(0, b"o"), token, 2, 0, LIMITS)] == ["z"]
    assert _frames(frame(0, b"z", kind="other"), token, 1, 0, LIMITS) == []
    assert _frames(frame(0, b"zero")[:-1], token, 1, 0, LIMITS) == []
    too_long = f"{token} 0 exit 0 7 {8 * 1024 + 2} 0\n".encode() + b"x" * (8 * 1024 + 2)
    assert _frames(too_long, token, 1, 0, LIMITS) == []


def test_the_driver_is_where_the_sandbox_binds_it():
    # run_each binds this very file read-only into bubblewrap's view; it must be the stdlib
    # script beside the launcher (the unprivileged child reads it in rlimits mode too)
    assert programs.TURNS == Path(programs.turns.__file__).resolve()
    assert programs.TURNS.parent == programs.LAUNCHER.parent
    assert os.access(programs.TURNS, os.R_OK)


def test_a_programs_build_gets_the_limits_its_entry_gives():
    from graders.run.programs import PROGRAM_BUILD_DEFAULTS, program_specs

    specs = program_specs(
        {
            "main.c": {"build": "gcc -o main main.c", "run": "./main"},
            "Main.java": {
                "build": "javac Main.java",
                "run": "java Main",
                "build_limits": {"cpu": 1.0, "memory_mb": 1024},
            },
        }
    )
    plain, java = specs
    assert plain.build_limits.timeout == PROGRAM_BUILD_DEFAULTS["timeout"]
    assert java.build_limits.cpu == 1.0 and java.build_limits.memory_mb == 1024
    assert java.build_limits.timeout == PROGRAM_BUILD_DEFAULTS["timeout"]  # the rest default
    with pytest.raises(ValueError, match="build_limits"):
        program_specs({"x": {"run": "./x", "build_limits": {"speed": 9}}})


@pytest.mark.parametrize("mode", MODES)
def test_a_programs_build_that_outruns_its_limits_is_a_compile_error(tmp_path, mode):
    folder = tmp_path / "sub"
    folder.mkdir()
    spinning = ProgramSpec(
        "main",
        ("./main",),
        ("sh", "-c", "while :; do :; done"),
        build_limits=Limits(timeout=300.0, cpu=1.0, memory_mb=256, output_kb=8),
    )
    with ProgramRunner(folder, spinning, LIMITS, mode) as runner:
        failure = runner.build()
    assert failure is not None and failure.status == "compile-error"
    assert failure.message == "the build ran out of its limits: used more than 1 s of CPU time"
