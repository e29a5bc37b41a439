"""Run a student's pytest suite against one ADT package, inside the sandbox, and say how it went.

The grader builds a run folder per target (the reference, or one broken implementation)::

    run_suite.py     this file
    lib/             pytest and its pure-Python dependencies, copied from the grader's
                     site-packages (the sandbox starts Python with -I -S: none is importable)
    game/            the proxy ``game`` (``adt_proxy.py``): every call crosses to the ADT
                     under test, which runs in a sandbox of its own (``adt_server.py``)
    adt/socket       where the proxy reaches it
    test_*.py        the student's suite (and conftest.py if they sent one)

and starts ``python -I -S -B run_suite.py`` in it, through ``graders.run.programs``.  This file
prints one line, ``VERDICT_MARK`` followed by JSON: how many tests ran and passed, and for each
failure only the test's name, the exception's type and the line of the student's file where it
was raised.  Never the message or a value: on the reference those would let a suite read out the
reference's answers through the feedback.  (Which functions of the ADT the run reached, for
D22, is told by the ADT's own process, never by this one.)

Standard library only at import time, so the grader can import it too (``verdict_from_output``).
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

VERDICT_MARK = "UNOGRADE-SUITE-VERDICT "
ENTRY = "run_suite.py"
TEST_FILES_HELP = "test_*.py files (and conftest.py)"
MAX_NAME = 200  # characters of a test's or an exception's name (the grader cuts them again)


def is_suite_file(name: str) -> bool:
    """The student files a run folder receives: ``test_*.py`` and ``conftest.py``."""
    return name == "conftest.py" or (name.startswith("test_") and name.endswith(".py"))


def _test_name(nodeid: str) -> str:
    """``test_game.py::TestX::test_y[3-4]`` -> ``TestX::test_y`` (parameter ids are dropped:
    they are computed at run time and could carry data out)."""
    name = nodeid.split("::", 1)[1] if "::" in nodeid else nodeid
    return name.split("[", 1)[0]


def _place(excinfo: Any, here: str) -> tuple[str, int] | None:
    """The last traceback frame in one of the student's files: (file name, line)."""
    for entry in reversed(list(excinfo.traceback)):
        path = os.path.abspath(str(entry.path))
        if os.path.dirname(path) == here and is_suite_file(os.path.basename(path)):
            return os.path.basename(path), entry.lineno + 1
    return None


class Collector:
    """A pytest plugin recording outcomes, exception types and the student's line numbers."""

    def __init__(self, here: str) -> None:
        self.here = here
        self.collected = 0
        self.passed = 0
        self.failed: list[dict[str, Any]] = []
        self.errors: list[dict[str, Any]] = []

    def pytest_collection_finish(self, session: Any) -> None:
        self.collected = len(session.items)

    def pytest_runtest_logreport(self, report: Any) -> None:
        if report.when == "call" and report.passed:
            self.passed += 1

    def pytest_exception_interact(self, node: Any, call: Any, report: Any) -> None:
        excinfo = call.excinfo
        entry: dict[str, Any] = {"error": excinfo.typename[:MAX_NAME] if excinfo else "an error"}
        place = _place(excinfo, self.here) if excinfo else None
        if place:
            entry["file"], entry["line"] = place
        if getattr(report, "when", None) == "collect":  # importing a test file failed
            entry["where"] = os.path.basename(str(getattr(node, "path", "") or "")) or "?"
            self.errors.append(entry)
        else:
            entry["test"] = _test_name(report.nodeid)[:MAX_NAME]
            entry["when"] = report.when
            self.failed.append(entry)


# pytest's plugins that cannot change whether a test passes (unraisable and thread exceptions
# are only warnings; doctests, JUnit XML, pastebin and --setup-* are never asked for): left
# out of every run alike, they cost a fifth of a run (a full garbage collection, five times).
QUIET_PLUGINS = (
    "cacheprovider",
    "stepwise",
    "unraisableexception",
    "threadexception",
    "doctest",
    "junitxml",
    "pastebin",
    "setuponly",
    "setupplan",
)


def main() -> int:
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path[:0] = [os.path.join(here, "lib"), here]
    sys.dont_write_bytecode = True
    out = os.fdopen(os.dup(1), "w", encoding="utf-8")
    quiet = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):  # pytest's own report and anything the suite prints go nowhere
        os.dup2(quiet, fd)
    verdict: dict[str, Any]
    try:
        import pytest
    except Exception as exc:  # noqa: BLE001 - the run folder is broken: the grader's fault
        verdict = {"status": "no-pytest", "error": f"{type(exc).__name__}: {exc}"[:300]}
    else:
        tests = sorted(n for n in os.listdir(here) if is_suite_file(n) and n != "conftest.py")
        ini = os.path.join(here, "pytest.ini")  # ours: no configuration from outside the folder
        with open(ini, "w", encoding="utf-8") as handle:
            handle.write("[pytest]\n")
        collector = Collector(here)
        args = ["-q", "-c", ini, "--rootdir", here, "--color=no"]
        args += ["-W", "ignore::DeprecationWarning"]
        for plugin in QUIET_PLUGINS:
            args += ["-p", f"no:{plugin}"]
        code = pytest.main(args + tests, plugins=[collector])
        verdict = {
            "status": "ran",
            "exit": int(code),
            "collected": collector.collected,
            "passed": collector.passed,
            "failed": collector.failed[:50],
            "errors": collector.errors[:20],
        }
    out.write(VERDICT_MARK + json.dumps(verdict) + "\n")
    out.flush()
    os._exit(0)  # whatever the suite left behind (threads, atexit hooks) does not matter


def verdict_from_output(stdout: str) -> dict[str, Any]:
    """The verdict line of a run's output; ``{"status": "no-verdict"}`` when there is none
    (a test ended the process, for example with ``os._exit``)."""
    for line in reversed(stdout.splitlines()):
        if line.startswith(VERDICT_MARK):
            try:
                verdict = json.loads(line[len(VERDICT_MARK) :])
            except ValueError:
                break
            if isinstance(verdict, dict):
                return verdict
            break
    return {"status": "no-verdict"}


def passes(verdict: dict[str, Any]) -> bool:
    """Every test passed, and there was at least one."""
    return bool(
        verdict.get("status") == "ran" and verdict.get("exit") == 0 and verdict.get("collected")
    )


if __name__ == "__main__":
    raise SystemExit(main())
