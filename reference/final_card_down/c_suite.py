"""A student's C ``testGame.c`` run on the reference and on every mutant, in the sandbox.

The course's tests were a C program of ``assert``s over ``Game.h``.  Here that program is
linked with ``c/fcd_proxy.c``, a ``Game.h`` whose every call crosses the Unix socket
``adt/socket`` to the ADT under test (the Python reference or a mutant, in a sandbox of its
own: ``adt_link.ADTLink``, the same server the Python suites reach).  So no second
reference is written in C, the mutants are the Python ones, and the suite sees answers,
never code (D26).

The program is built once per source (in the sandbox, kept in the build cache by digest),
with AddressSanitizer and UndefinedBehaviorSanitizer as the ADT part is; each run is a
fresh sandbox of its own holding only the built program.  A run passes when the program
exits 0; a failed ``assert`` (SIGABRT, with ``file:line: function: Assertion`` on stderr),
a crash, a sanitizer's report, a call the ADT refuses or a non-zero exit fails it.  Only
what the student's file vouches for is reported: the line and the function of the failed
``assert`` (``suite._clean`` checks both against the file).

Runs in the grader; never imports student code.
"""

from __future__ import annotations

import re
import shutil
import tempfile
from pathlib import Path
from typing import Any

from graders.paths import assignment_dir
from graders.run.programs import ProgramRunner
from graders.run.slots import slot
from graders.vocabulary import Limits

from . import c_build
from .adt_link import ADTLink

SUITE_FILE = "testGame.c"
PROGRAM = "suite"
C_FOLDER = assignment_dir("final-card-down") / "c"  # a checkout's, or the installed wheel's
SUPPORT = ("Game.h", "Card.h", "Card.c", "fcd_proxy.c")
BUILD = (*c_build.GCC, "-o", PROGRAM, SUITE_FILE, "fcd_proxy.c", "Card.c")
BUILD_LIMITS = c_build.LIMITS
_SPEC = c_build.spec(PROGRAM)  # sanitized: no RLIMIT_DATA (the cgroup bounds a run)
_ASSERT = re.compile(r"(\S+?\.c):(\d+): (\w+): Assertion .* failed\.")
_REFUSED = re.compile(r"fcd_proxy: the ADT refused (\w+) \((\w+)\)")
_COMMENTS = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)
_ASSERT_CALL = re.compile(r"\bassert\s*\(")


def has_assert(text: str) -> bool:
    """Whether ``text`` (a testGame.c) calls ``assert`` outside its comments."""
    return _ASSERT_CALL.search(_COMMENTS.sub(" ", text)) is not None


def _support_files(text: str) -> list[tuple[str, bytes]]:
    files = [(name, (C_FOLDER / name).read_bytes()) for name in SUPPORT]
    return files + [(SUITE_FILE, text.encode("utf-8"))]


def build(text: str, isolation: str) -> tuple[Path | None, str]:
    """The built suite program's kept folder, or None and the compiler's first error
    (``c_build``; the tag's 2: a refused build has been kept as ``failed.json`` since)."""
    built = c_build.build(
        _support_files(text), BUILD, BUILD_LIMITS, "fcd-suite-2", PROGRAM, isolation
    )
    return built.folder, built.error


def run_target(
    text: str, label: str, files: dict[str, str], limits: Limits, isolation: str = "auto"
) -> dict[str, Any]:
    """One run of the suite ``text`` on target ``label`` (whose ``game`` package is
    ``files``): the raw verdict, in the form ``suite.run_target`` gives a pytest run's."""
    kept, problem = build(text, isolation)
    if kept is None:
        return {
            "status": "ran", "exit": 2, "collected": 0,
            "errors": [{"where": SUITE_FILE, "error": "CompileError"}], "message": problem[:300],
        }  # fmt: skip
    with tempfile.TemporaryDirectory(prefix="unograde-fcd-crun-") as folder:
        shutil.copy2(kept / PROGRAM, Path(folder) / PROGRAM)
        with slot(), ProgramRunner(Path(folder), _SPEC, limits, isolation) as runner:
            with ADTLink(files, runner.work, limits, isolation) as link:
                outcome = runner.run(0, "")
                called = link.called()
    verdict = _verdict(outcome)
    if called is not None and verdict.get("status") == "ran":
        verdict["called"] = called
        if not called and verdict.get("exit") == 0:
            # a main that reached no function of Game.h tested nothing: as pytest collecting
            # no test, it does not pass (and says so in testGame.c's words, ``suite.explain``)
            verdict.update(exit=5, collected=0, passed=0)
    return verdict


def _verdict(outcome: Any) -> dict[str, Any]:
    stderr = str(outcome.stdout or "") + "\n" + str(outcome.value or "")
    if outcome.status == "returned":
        return {"status": "ran", "exit": 0, "collected": 1, "passed": 1}
    if outcome.status in ("timeout", "memory"):
        return {"status": outcome.status, "seconds": round(outcome.seconds, 1)}
    failed = _ASSERT.search(stderr)
    if failed is not None:
        file, line, function = failed.groups()
        entry = {"test": function, "file": file.rsplit("/", 1)[-1], "line": int(line)}
        return {
            "status": "ran", "exit": 1, "collected": 1,
            "failed": [entry | {"error": "AssertionError"}],
        }  # fmt: skip
    refused = _REFUSED.search(stderr)
    if refused is not None:
        entry = {"test": "main", "error": refused.group(2)}
        return {"status": "ran", "exit": 1, "collected": 1, "failed": [entry]}
    return {"status": "crashed", "message": str(outcome.message)[:200]}
