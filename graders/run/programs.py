"""Grading programs in any language: the input on stdin, the output read from stdout.

A program submission is recognised by its entry file (``main.py``, ``main.js``,
``Main.java``, ``main.c``, a ``main`` binary, ...) as the assignment's
``[programs]`` table lists them, with how to build it (once) and how to run it.
Each case is a fresh run of the program under the same limits and isolation as a
function submission: wall clock, CPU, memory, output size, a scrubbed
environment, its own process group, and bubblewrap's read-only view where it works.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from ..assignment import Limits
from .sandbox import ISOLATION_TEXT, Outcome, _bwrap_command, _kill_group, choose_isolation

LAUNCHER = Path(__file__).resolve().parent / "launch.py"
BUILD_TIMEOUT = 120.0


@dataclass(frozen=True)
class ProgramSpec:
    entry: str
    run: tuple[str, ...]
    build: tuple[str, ...] = ()


def program_specs(table: dict) -> list[ProgramSpec]:
    """``[programs]`` of an assignment.toml: ``"main.js" = { run = "node main.js" }``."""
    return [
        ProgramSpec(
            entry, tuple(shlex.split(spec["run"])), tuple(shlex.split(spec.get("build", "")))
        )
        for entry, spec in table.items()
    ]


def detect(folder: Path, specs: list[ProgramSpec]) -> ProgramSpec | None:
    for spec in specs:
        if (folder / spec.entry).is_file():
            return spec
    return None


def _argv(words: tuple[str, ...]) -> list[str]:
    """``python3`` means this interpreter, isolated like a function submission's child."""
    if words and words[0] in ("python", "python3"):
        return [os.path.realpath(sys.executable), "-I", "-S", *words[1:]]
    return list(words)


def _error_line(stderr: str) -> str:
    """The line of a program's stderr most likely to say what went wrong."""
    lines = [line.strip() for line in stderr.splitlines() if line.strip()]
    if not lines:
        return ""
    errors = [line for line in lines if "error" in line.lower() or "exception" in line.lower()]
    return ": " + (errors[-1] if errors else lines[-1])[:300]


def _signal_name(code: int) -> str:
    try:
        return signal.Signals(code).name
    except ValueError:
        return str(code)


class ProgramRunner:
    """One submission's program: built once in its own working copy, then run per case."""

    def __init__(self, folder: Path, spec: ProgramSpec, limits: Limits, isolation: str = "auto"):
        self.spec, self.limits = spec, limits
        self.mode = choose_isolation(isolation)
        self.isolation = ISOLATION_TEXT[self.mode]
        self.work = Path(tempfile.mkdtemp(prefix="unograde-prog-"))
        shutil.copytree(folder, self.work, dirs_exist_ok=True)
        os.chmod(self.work, 0o755)

    def close(self) -> None:
        shutil.rmtree(self.work, ignore_errors=True)

    def __enter__(self) -> ProgramRunner:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _command(self, words: tuple[str, ...], cpu: float, output_bytes: int) -> list[str]:
        argv = _argv(words)
        limits = {
            "memory_mb": self.limits.memory_mb,
            "cpu": cpu,
            "file_bytes": output_bytes,
            "address_space": argv[0] == os.path.realpath(sys.executable),
        }
        launcher = [
            os.path.realpath(sys.executable),
            "-I",
            "-S",
            str(LAUNCHER),
            json.dumps(limits),
            "--",
            *argv,
        ]
        if self.mode == "bwrap":
            # The program's own copy is its working directory, writable (a build writes there).
            prefix = _bwrap_command(self.work, self.work)
            launcher[3] = "/sandbox/launch.py"
            return (
                prefix[:-2]
                + ["--ro-bind", str(LAUNCHER), "/sandbox/launch.py", "--chdir", "/sandbox/work"]
                + launcher
            )
        return launcher

    def _run(
        self, words: tuple[str, ...], stdin: str, timeout: float, cpu: float, case_id: int
    ) -> Outcome:
        out_cap = self.limits.output_kb * 1024
        token = os.urandom(8).hex()
        env = {
            "PATH": "/usr/local/bin:/usr/bin:/bin",
            "LANG": "C.UTF-8",
            "LC_ALL": "C.UTF-8",
            "HOME": "/sandbox/work" if self.mode == "bwrap" else str(self.work),
            "UNOGRADE_SANDBOX": token,
        }
        with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
            started = time.monotonic()
            proc = subprocess.Popen(
                self._command(words, cpu, out_cap + 1),
                cwd=self.work,
                env=env,
                stdin=subprocess.PIPE,
                stdout=out,
                stderr=err,
                start_new_session=True,
            )
            try:
                proc.stdin.write(stdin.encode())
                proc.stdin.close()
            except OSError:
                pass
            timed_out = False
            try:
                code = proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                timed_out, code = True, None
            elapsed = time.monotonic() - started
            _kill_group(proc, token)
            out.seek(0)
            stdout = out.read(out_cap + 1).decode("utf-8", "replace")
            err.seek(0)
            stderr = err.read(8192).decode("utf-8", "replace")
        base = Outcome(
            case_id, "returned", value=stdout[:out_cap], stdout=stderr[-2000:], seconds=elapsed
        )
        if len(stdout) > out_cap and not timed_out:
            base.status = "crashed"
            base.message = f"printed more than {self.limits.output_kb} KB (the output limit)"
        elif timed_out:
            base.status, base.message = "timeout", f"no answer within {timeout:g} s (wall clock)"
        elif code is not None and code < 0:
            sig = -code
            if sig == signal.SIGXCPU:
                base.status, base.message = "timeout", f"used more than {cpu:g} s of CPU time"
            elif sig == signal.SIGXFSZ or len(stdout) > out_cap:
                base.status = "crashed"
                base.message = f"printed more than {self.limits.output_kb} KB (the output limit)"
            elif "out of memory" in stderr.lower() or "MemoryError" in stderr:
                base.status, base.message = "memory", "ran out of memory"
            else:
                base.status, base.message = "crashed", f"killed by signal {_signal_name(sig)}"
        elif code:
            if "MemoryError" in stderr or "out of memory" in stderr.lower():
                base.status, base.message = "memory", "ran out of memory"
            else:
                base.status = "crashed"
                base.message = f"exited with status {code}" + _error_line(stderr)
        elif len(stdout) > out_cap:
            base.status = "crashed"
            base.message = f"printed more than {self.limits.output_kb} KB (the output limit)"
        return base

    def build(self) -> Outcome | None:
        """Build once (``javac``, ``gcc``...); an outcome when the build fails."""
        if not self.spec.build:
            return None
        result = self._run(self.spec.build, "", BUILD_TIMEOUT, BUILD_TIMEOUT, -1)
        if result.status == "returned":
            return None
        result.status = "import-error"
        result.error_type = "BuildError"
        result.message = f"`{' '.join(self.spec.build)}` failed: {result.message}\n{result.stdout}"
        return result

    def run(self, case_id: int, stdin: str, args: tuple[str, ...] = ()) -> Outcome:
        """One case: ``stdin`` on standard input, ``args`` after the program's own command."""
        return self._run(
            self.spec.run + tuple(args), stdin, self.limits.timeout, self.limits.cpu, case_id
        )
