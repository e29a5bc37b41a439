"""One cached gcc build in the sandbox, for final-card-down's C programs.

Why one: a C player (``c_player``) and a C ``testGame.c`` (``c_suite``) are built the same
way (our support files with the student's, gcc with the sanitizers, in the sandbox, kept in
the build cache by digest); only the files, the command, the cache tag and the program's
name differ, so they are this function's arguments.

What the cache keeps: the folder holding the program, or ``failed.json`` (gcc's first error
and its report) for a source gcc refused, so the same bytes are never built twice.  Only a
failure that is the source's fault is kept: a compile error.  A build that was not run (no
sandbox) or that ran out of its limits (a busy machine) is built again next time.  (The
player's build kept to this rule before; the suite's also kept a build that was not run.)

Runs in the grader; gcc runs in the sandbox.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from graders.run import buildcache
from graders.run.programs import ProgramRunner
from graders.run.toolchains import toolchain
from graders.vocabulary import Limits, RunStatus

FAILED = "failed.json"
# gcc's words before ``-o``: the sanitizers on, as for the ADT part (assignment.toml's build).
GCC = (
    "gcc", "-std=gnu11", "-g", "-O1", "-Wall", "-Wextra", "-fno-omit-frame-pointer",
    "-fsanitize=address,undefined", "-fno-sanitize-recover=undefined",
)  # fmt: skip
LIMITS = Limits(timeout=60.0, cpu=60.0, memory_mb=2048, output_kb=64, disk_mb=256)


@dataclass(frozen=True)
class Spec:
    """A sanitized program for ``ProgramRunner``: no RLIMIT_DATA (the sanitizers reserve
    their shadow memory; the cgroup bounds the run)."""

    entry: str
    run: tuple[str, ...] = ()
    build: tuple[str, ...] = ()
    rlimit_memory: bool = False


def spec(program: str) -> Spec:
    """The spec that runs ``./program``."""
    return Spec(program, (f"./{program}",))


@dataclass(frozen=True)
class Build:
    """A build: the kept folder holding the program, or gcc's first error (``error``) and
    its report (``report``)."""

    folder: Path | None
    error: str = ""
    report: str = ""


def build(
    files: Sequence[tuple[str, bytes]],
    command: tuple[str, ...],
    limits: Limits,
    tag: str,
    program: str,
    isolation: str,
) -> Build:
    """``command`` (a gcc command making ``program``) run in the sandbox over ``files``
    (name, bytes), under ``limits``; cached by the digest of the files, the command, ``tag``
    and gcc's version."""
    chain = toolchain("gcc")
    if chain.path() is None:
        return Build(None, chain.missing_message())
    key = buildcache.build_key(files, command, tag + "\0" + chain.version())
    kept = buildcache.lookup(key)
    if kept is not None:
        failed = kept / FAILED
        if failed.is_file():
            data = json.loads(failed.read_text(encoding="utf-8"))
            return Build(None, str(data.get("error", "")), str(data.get("report", "")))
        return Build(kept)
    with tempfile.TemporaryDirectory(prefix=f"unograde-{tag}-") as where:
        for name, data in files:
            (Path(where) / name).write_bytes(data)
        with ProgramRunner(Path(where), spec(program), limits, isolation) as runner:
            failure = runner.compile(command, limits)
            with tempfile.TemporaryDirectory(prefix="unograde-keep-") as staging:
                if failure is not None:
                    error = failure.message or "the build failed"
                    result = Build(None, error, failure.traceback)
                    if failure.status == RunStatus.NOT_RUN or "ran out of" in error:
                        return result  # not the source's fault: built again next time
                    text = json.dumps({"error": error, "report": failure.traceback})
                    (Path(staging) / FAILED).write_text(text, encoding="utf-8")
                    buildcache.keep(key, Path(staging))
                    return result
                shutil.copy2(runner.work / program, Path(staging) / program)
                return Build(buildcache.keep(key, Path(staging)))
