"""Run a student's pytest suite against one ADT package, inside the sandbox, and say how it went.

The grader builds a run folder per target (the reference, or one broken implementation)::

    run_suite.py     this file
    lib/             pytest and its pure-Python dependencies, copied from the grader's
                     site-packages (the sandbox starts Python with -I -S: none is importable)
    game/            the ADT under test
    test_*.py        the student's suite (and conftest.py if they sent one)

and starts ``python -I -S -B run_suite.py`` in it, through ``graders.run.programs``.  This file
prints one line, ``VERDICT_MARK`` followed by JSON: how many tests ran and passed, and for each
failure only the test's name, the exception's type and the line of the student's file where it
was raised.  Never the message or a value: on the reference those would let a suite read out the
reference's answers (or its source) through the feedback.  The line also lists which functions of
``game`` the run called (and whether the suite started other processes): the grader uses the
reference run's list to skip mutants whose broken function the suite never reaches (D22); it is
never shown to the student.

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
        entry: dict[str, Any] = {"error": excinfo.typename if excinfo else "an error"}
        place = _place(excinfo, self.here) if excinfo else None
        if place:
            entry["file"], entry["line"] = place
        if getattr(report, "when", None) == "collect":  # importing a test file failed
            entry["where"] = os.path.basename(str(getattr(node, "path", "") or "")) or "?"
            self.errors.append(entry)
        else:
            entry["test"] = _test_name(report.nodeid)
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
MAX_CALLED = 2000
# Audit events of a suite starting another process: the functions that process calls are not
# seen here, so the run says its list of called functions is incomplete.
SPAWNING = ("os.fork", "os.forkpty", "os.posix_spawn", "os.exec", "os.spawn", "os.system")
SPAWNING_PREFIXES = ("subprocess.", "os.fork", "os.posix_spawn")


class Calls:
    """Which functions of ``game`` ran, as (file, first line) of each function's code.

    ``game`` is imported through a loader of ours that adds one statement at the top of
    every function body, on that body's first line (no line number moves): it adds the
    function's number to a set. A trace function would do the same, but under Python 3.11
    it slows every line of pytest too (a third of a run). Every run loads ``game`` this way,
    the reference's and each mutant's alike, so a suite cannot tell them apart by it; the
    grader reads the reference run's list only (see ``suite.py``).
    """

    NAME = "__unograde_called__"

    def __init__(self, game: str) -> None:
        self.game = game
        self.seen: set[int] = set()
        self.functions: list[tuple[str, int]] = []
        self.spawned = False

    def audit(self, event: str, args: Any) -> None:
        if event in SPAWNING or event.startswith(SPAWNING_PREFIXES):
            self.spawned = True

    def start(self) -> None:
        sys.addaudithook(self.audit)
        sys.meta_path.insert(0, _GameFinder(self))

    def instrument(self, tree: Any, path: str) -> Any:
        """``tree`` with ``__unograde_called__.add(N)`` first in each function body."""
        import ast

        name = os.path.basename(path)
        for node in ast.walk(tree):
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            self.functions.append((name, first))
            body = node.body
            at = 1 if _is_docstring(body[0]) and len(body) > 1 else 0
            mark = ast.parse(f"{self.NAME}.add({len(self.functions) - 1})").body[0]
            for part in ast.walk(mark):
                if hasattr(part, "lineno"):
                    part.lineno = part.end_lineno = body[at].lineno
                    part.col_offset = part.end_col_offset = body[at].col_offset
            body.insert(at, mark)
        return tree

    def called(self) -> list[list[Any]]:
        found = {self.functions[n] for n in list(self.seen) if 0 <= n < len(self.functions)}
        return [list(x) for x in sorted(found)[:MAX_CALLED]]


def _is_docstring(node: Any) -> bool:
    import ast

    return (
        isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    )


class _GameFinder:
    """Finds ``game`` and its modules in the run folder, loaded by :class:`_GameLoader`."""

    def __init__(self, calls: Calls) -> None:
        self.calls = calls

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> Any:
        import importlib.util

        if fullname != "game" and not fullname.startswith("game."):
            return None
        parts = fullname.split(".")[1:]
        folder = os.path.join(self.calls.game, *parts)
        if os.path.isfile(os.path.join(folder, "__init__.py")):
            where = os.path.join(folder, "__init__.py")
            return importlib.util.spec_from_file_location(
                fullname, where, loader=_loader(self.calls, fullname, where),
                submodule_search_locations=[folder],
            )  # fmt: skip
        where = folder + ".py"
        if os.path.isfile(where):
            return importlib.util.spec_from_file_location(
                fullname, where, loader=_loader(self.calls, fullname, where)
            )
        return None


def _loader(calls: Calls, fullname: str, path: str) -> Any:
    import importlib.machinery

    class _GameLoader(importlib.machinery.SourceFileLoader):
        """Compiles from the source every time (no cached bytecode), instrumented."""

        def get_code(self, name: str) -> Any:
            import ast

            source = self.get_data(self.path)
            tree = calls.instrument(ast.parse(source, self.path), self.path)
            return compile(tree, self.path, "exec", dont_inherit=True)

        def exec_module(self, module: Any) -> None:
            setattr(module, Calls.NAME, calls.seen)
            super().exec_module(module)

    return _GameLoader(fullname, path)


def main() -> int:
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path[:0] = [os.path.join(here, "lib"), here]
    sys.dont_write_bytecode = True
    calls = Calls(os.path.join(here, "game"))
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
        calls.start()
        code = pytest.main(args + tests, plugins=[collector])
        verdict = {
            "status": "ran",
            "exit": int(code),
            "collected": collector.collected,
            "passed": collector.passed,
            "failed": collector.failed[:50],
            "errors": collector.errors[:20],
            "called": calls.called(),
            "spawned": calls.spawned,
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
