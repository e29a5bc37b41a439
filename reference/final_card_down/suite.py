"""Grading a student's pytest suite: run it on the reference and on every mutant, in the sandbox.

Each run is its own sandboxed program (``graders.run.programs.ProgramRunner``): a fresh folder
holding pytest (the sandbox's ``python -I -S`` sees no site-packages), the proxy ``game``
(``harness/adt_proxy.py``, the same file in every run), the student's
``test_*.py``/``conftest.py`` and the runner ``harness/suite_runner.py``.  The ADT under test
(the reference or a mutant) is not in that sandbox: it runs in one of its own
(``adt_link.ADTLink``), and every call of the proxy crosses to it, so a suite sees answers,
never the code (issue 25).  A fresh folder and (with bubblewrap) a fresh process namespace per
run mean a suite cannot carry anything from one run to the next: it cannot learn which run is
the reference except by testing behaviour, which is the point.

A mutant counts as *detected* when the suite passes on the reference and fails (a failing or
erroring test, a crash, a timeout) on the mutant.  Verdicts are cached per (suite, target), so
the reference runs once per suite however many mutant cases ask about it.

This module runs in the grader; it never imports student code.
"""

from __future__ import annotations

import ast
import atexit
import builtins
import contextvars
import functools
import hashlib
import importlib.util
import re
import shutil
import sys
import tempfile
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any

from graders.run.programs import ProgramRunner, ProgramSpec
from graders.run.slots import slot
from graders.vocabulary import Limits

from .adt_link import ADTLink
from .game.readings import DECISION_OF, OTHER_READING, Readings
from .harness_files import harness_file, load
from .mutants import mutant_for, sources, swapped

REFERENCE = "reference"
# The pure-Python packages pytest needs at run time (absent ones are skipped).
PACKAGES = ("pytest", "_pytest", "pluggy", "iniconfig", "packaging", "py")
MAX_SUITE_BYTES = 1_000_000
SUITE_LIMITS = Limits(timeout=30.0, cpu=30.0, memory_mb=768, output_kb=4096)
SPEC = ProgramSpec("run_suite.py", ("python3", "-B", "run_suite.py"))


SR = load("suite_runner.py")  # the in-sandbox half, stdlib only


# ----------------------------------------------------------------- targets


def run_label(label: str, readings: Readings | None = None) -> str:
    """The name of one run: target ``label`` played under ``readings`` (``mutant-07``, or
    ``mutant-07@play_after_draw`` for a student of D1's other reading). Runs are cached by it."""
    switches = readings.differences() if readings is not None else ()
    return f"{label}@{'+'.join(switches)}" if switches else label


def parse_run_label(run: str) -> tuple[str, Readings]:
    """``run_label``'s inverse: (target label, readings); unknown switches raise ValueError."""
    label, _, switches = run.partition("@")
    names = [n for n in switches.split("+") if n]
    unknown = set(names) - set(Readings.names())
    if unknown:
        raise ValueError(f"{run!r}: unknown readings {sorted(unknown)}")
    return label, Readings(**{n: True for n in names})


def target_files(run: str) -> dict[str, str]:
    """The ``game`` package's files for a run label (``reference`` or ``mutant-NN``, with
    ``@readings`` when the student reads an open rule the other way)."""
    label, readings = parse_run_label(run)
    return sources(None if label == REFERENCE else mutant_for(label).name, readings)


def mutant_rule(label: str, readings: Readings | None = None) -> str:
    """What mutant ``label`` breaks, as a student of ``readings`` would put it."""
    mutant = mutant_for(label)
    if readings is not None and swapped(mutant, readings):
        name = str(mutant.reading)
        return f"{DECISION_OF[name]} read the page's way, not yours ({OTHER_READING[name]})"
    return mutant.rule


# ----------------------------------------------------------------- pytest, copied


def _module_files(name: str) -> list[Path]:
    """Source files of module or package ``name`` as installed for the grader."""
    spec = importlib.util.find_spec(name)
    if spec is None or spec.origin is None:
        return []
    origin = Path(spec.origin)
    if spec.submodule_search_locations:
        return sorted(p for p in origin.parent.rglob("*.py") if "__pycache__" not in p.parts)
    return [origin]


def _pygments_files() -> list[Path]:
    """The pygments modules pytest's terminal writer imports (pytest 9 needs them at start)."""
    try:
        import _pytest._io.terminalwriter  # noqa: F401 - imported for its pygments imports
    except ImportError:
        return []
    return sorted(
        Path(m.__file__)
        for n, m in list(sys.modules.items())
        if (n == "pygments" or n.startswith("pygments.")) and getattr(m, "__file__", None)
    )


def pytest_files() -> list[tuple[Path, str]]:
    """(installed file, path inside ``lib/``) for pytest and its dependencies, with each
    module's compiled form next to it so the sandboxed interpreter need not recompile."""
    out: list[tuple[Path, str]] = []
    for name in PACKAGES:
        for path in _module_files(name):
            out.append((path, path.relative_to(_site_of(path, name)).as_posix()))
    for path in _pygments_files():
        out.append((path, path.relative_to(_site_of(path, "pygments")).as_posix()))
    with_cache = []
    for path, rel in out:
        with_cache.append((path, rel))
        cached = Path(importlib.util.cache_from_source(str(path)))
        if cached.is_file():
            with_cache.append((cached, str(Path(rel).parent / "__pycache__" / cached.name)))
    return with_cache


def _site_of(path: Path, top: str) -> Path:
    """The folder that holds the top-level package or module ``top`` of ``path``."""
    for parent in path.parents:
        if (parent / top).is_dir() or (parent / f"{top}.py").is_file():
            return parent
    raise ValueError(f"{path} is not inside {top}")


_TEMPLATE: Path | None = None
_TEMPLATE_LOCK = threading.Lock()


def template_dir() -> Path:
    """A folder (one per grader process) with ``lib/``, the proxy ``game/`` and
    ``run_suite.py``: what every run folder starts from."""
    global _TEMPLATE
    with _TEMPLATE_LOCK:
        if _TEMPLATE is None or not _TEMPLATE.is_dir():
            root = Path(tempfile.mkdtemp(prefix="unograde-fcd-suite-"))
            for source, rel in pytest_files():
                target = root / "lib" / rel
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(source, target)  # keeps mtimes: the .pyc files stay valid
            shutil.copy2(Path(SR.__file__), root / SR.ENTRY)
            (root / "game").mkdir()
            shutil.copy2(harness_file("adt_proxy.py"), root / "game" / "__init__.py")
            atexit.register(shutil.rmtree, root, True)
            _TEMPLATE = root
        return _TEMPLATE


# ----------------------------------------------------------------- running


_SUITE_NAME = re.compile(r"(?:test_[A-Za-z0-9_]{1,60}|conftest)\.py")
MAX_SUITE_FILES = 50
C_SUITE = "testGame.c"  # a C submission's suite (``c_suite``): the course's file name


def checked_suite(files: Any) -> dict[str, str]:
    """The test files a request names, kept only when they are plain ``test_*.py`` or
    ``conftest.py`` names (no folders: they are written into a run folder here, in the
    grader) and within the size limit; anything else is dropped."""
    out: dict[str, str] = {}
    total = 0
    if not isinstance(files, dict):
        return out
    for name, text in sorted(files.items(), key=lambda kv: str(kv[0])):
        named = isinstance(name, str) and (_SUITE_NAME.fullmatch(name) or name == C_SUITE)
        if not (named and isinstance(text, str)):
            continue
        total += len(text)
        if total > MAX_SUITE_BYTES or len(out) >= MAX_SUITE_FILES:
            break
        out[name] = text
    return out


def is_c(folder: Path | None) -> bool:
    """Whether the submission in ``folder`` is a C one (a folder holding Game.c)."""
    return folder is not None and (folder / "Game.c").is_file()


def suite_files(folder: Path | None) -> dict[str, str]:
    """The student's ``test_*.py`` and ``conftest.py`` at the top of ``folder``."""
    if folder is None:
        return {}
    if is_c(folder):  # a C submission: its suite is testGame.c alone
        path = folder / C_SUITE
        if not path.is_file() or path.is_symlink():
            return {}
        return checked_suite(
            {C_SUITE: path.read_bytes()[: MAX_SUITE_BYTES + 1].decode("utf-8", "replace")}
        )
    found = {}
    for path in sorted(folder.iterdir()):
        if path.is_file() and _SUITE_NAME.fullmatch(path.name):
            found[path.name] = path.read_bytes()[: MAX_SUITE_BYTES + 1].decode("utf-8", "replace")
    return checked_suite(found)


def run_target(
    tests: dict[str, str],
    label: str,
    limits: Limits = SUITE_LIMITS,
    isolation: str = "auto",
) -> dict[str, Any]:
    """Run the suite ``tests`` on target ``label``: the raw verdict.  The suite runs in a
    sandbox of its own with the proxy ``game``; the ADT ``label`` names runs in another
    (``ADTLink``), which also says which of its functions the suite reached (``called``,
    absent when that list may be incomplete)."""
    if C_SUITE in tests:  # a C program of asserts, linked with a C proxy of Game.h
        from . import c_suite

        return c_suite.run_target(tests[C_SUITE], label, target_files(label), limits, isolation)
    # pytest (``lib/``) and the proxy are bound read-only into every run, never copied per
    # run; the run holds one of the batch's slots (at most --jobs runs at once across its
    # workers).
    shared = ("lib", "game")
    with slot(), ProgramRunner(template_dir(), SPEC, limits, isolation, shared=shared) as runner:
        for name, text in checked_suite(tests).items():
            (runner.work / name).write_text(text, encoding="utf-8")
        with ADTLink(target_files(label), runner.work, limits, isolation) as link:
            outcome = runner.run(0, "")
            called = link.called()
    if outcome.status == "returned":
        verdict = SR.verdict_from_output(str(outcome.value))
        # The suite's process may print anything: only the ADT's own list is believed.
        verdict.pop("called", None)
        verdict.pop("spawned", None)
        if called is not None:
            verdict["called"] = called
        return verdict
    verdict = {"status": outcome.status, "seconds": round(outcome.seconds, 1)}
    if outcome.status == "crashed":
        verdict["message"] = outcome.message[:200]
    return verdict


class VerdictCache:
    """Verdicts by (suite digest, target label); the reference runs once per suite."""

    def __init__(self, size: int = 4096) -> None:
        self.size = size
        self.data: dict[tuple[str, str], dict[str, Any]] = {}
        self.lock = threading.Lock()
        self.running: dict[tuple[str, str], threading.Lock] = {}

    def get(self, tests: dict[str, str], label: str, **run: Any) -> dict[str, Any]:
        key = (digest(tests), label)
        with self.lock:
            gate = self.running.setdefault(key, threading.Lock())
        with gate:  # two threads asking for the same run wait for one result
            with self.lock:
                if key in self.data:
                    return self.data[key]
            verdict = run_target(tests, label, **run)
            with self.lock:
                if len(self.data) >= self.size:
                    self.data.pop(next(iter(self.data)))
                self.data[key] = verdict
                self.running.pop(key, None)
            return verdict


CACHE = VerdictCache()


def digest(tests: dict[str, str]) -> str:
    h = hashlib.sha256()
    for name in sorted(tests):
        h.update(name.encode() + b"\0" + tests[name].encode() + b"\0")
    return h.hexdigest()


def suite_limits(extra: dict[str, Any]) -> Limits:
    """Per-run limits from ``[extra]``: ``suite_timeout``, ``suite_memory_mb``."""
    timeout = float(extra.get("suite_timeout", SUITE_LIMITS.timeout))
    return replace(
        SUITE_LIMITS,
        timeout=timeout,
        cpu=timeout,
        memory_mb=int(extra.get("suite_memory_mb", SUITE_LIMITS.memory_mb)),
    )


@functools.cache
def changed_function(label: str) -> tuple[str, int] | None:
    """Where mutant ``label`` changes the reference: (file, first line) of the innermost
    function whose body holds its patch, as the reference's code objects number it (a
    decorated function starts at its first decorator); None when the patch is outside any
    function body (module or class level, a default value, a decorator), which runs on
    import whatever the suite does."""
    mutant = mutant_for(label)
    text = sources()[mutant.file]
    start = text.index(mutant.old)
    first = text.count("\n", 0, start) + 1
    last = first + mutant.old.count("\n", 0, len(mutant.old.rstrip("\n")))
    found: tuple[int, int] | None = None  # (first line of the function, its def line)
    for node in ast.walk(ast.parse(text)):
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        body_first = node.body[0].lineno
        if body_first <= first and last <= (node.end_lineno or 0):
            top = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            if found is None or node.lineno > found[1]:
                found = (top, node.lineno)
    return (mutant.file, found[0]) if found else None


def unreached(reference: dict[str, Any], label: str, readings: Readings | None = None) -> bool:
    """Does the suite never call the function mutant ``label`` breaks? Then its run on the
    mutant would be the reference run again, step for step, and the mutant survives without
    being run (D22).  Read from the reference run's list of the functions it called, which
    the ADT's own process keeps (every call of the suite, from any of its processes, crosses
    to it, and the suite cannot forge it); a list that is missing or malformed means
    "reached": the mutant runs.  A mutant swapped for the page's decision (``readings``)
    changes ``DEFAULT``, read by every game: always reached."""
    if readings is not None and swapped(mutant_for(label), readings):
        return False
    called, where = reference.get("called"), changed_function(label)
    if where is None or not isinstance(called, list):
        return False
    seen = {
        (c[0], c[1])
        for c in called
        if isinstance(c, list) and len(c) == 2 and isinstance(c[0], str) and type(c[1]) is int
    }
    return len(seen) == len(called) and where not in seen


def evaluate(
    label: str,
    tests: dict[str, str],
    limits: Limits = SUITE_LIMITS,
    isolation: str = "auto",
    cache: VerdictCache = CACHE,
    readings: Readings | None = None,
) -> dict[str, Any]:
    """A test-suite case's value: ``{"target": label, "verdict": ...}`` plus, for the
    reference, what failed (checked against the student's source, see ``_clean``), and the
    ``readings`` (switch names) it ran under when they are not the page's.

    Reference: ``passes`` / ``fails`` / ``no-tests``.  Mutant: ``detected`` / ``survived`` /
    ``not-run`` (the suite does not pass on the reference, or there is no suite).  Both the
    reference and the mutant play ``readings`` (the student's reading of the open rules).
    """
    value = _evaluate(label, checked_suite(tests), limits, isolation, cache, readings)
    switches = readings.differences() if readings is not None else ()
    return value | {"readings": list(switches)} if switches else value


def _evaluate(label, tests, limits, isolation, cache, readings) -> dict[str, Any]:
    if not tests or not any(n != "conftest.py" for n in tests):
        verdict = "no-tests"
        return {"target": label, "verdict": verdict if label == REFERENCE else "not-run"}
    run = {"limits": limits, "isolation": isolation}
    reference = cache.get(tests, run_label(REFERENCE, readings), **run)
    if label == REFERENCE:
        if SR.passes(reference):
            return {"target": label, "verdict": "passes"}
        return {"target": label, "verdict": "fails", "detail": _clean(reference, tests)}
    if not SR.passes(reference):
        return {"target": label, "verdict": "not-run"}
    if unreached(reference, label, readings):
        return {"target": label, "verdict": "survived"}
    # The same run as on the reference, option for option: a suite must not be able to tell
    # a mutant run from the reference run by anything but the behaviour of ``game``.
    mutant = cache.get(tests, run_label(label, readings), **run)
    return {"target": label, "verdict": "survived" if SR.passes(mutant) else "detected"}


def evaluate_all(
    labels: list[str],
    tests: dict[str, str],
    limits: Limits = SUITE_LIMITS,
    isolation: str = "auto",
    jobs: int = 2,
    cache: VerdictCache = CACHE,
    readings: Readings | None = None,
) -> None:
    """Run the suite on the reference, then (if it passes there) on every mutant of
    ``labels``, ``jobs`` runs at a time, into ``cache``: ``evaluate`` then finds them there.
    Each run is still its own sandbox (D21); the submission's time budget holds in every
    thread (the context is copied)."""
    tests = checked_suite(tests)
    if not tests or not any(n != "conftest.py" for n in tests):
        return
    run = {"limits": limits, "isolation": isolation}
    reference = cache.get(tests, run_label(REFERENCE, readings), **run)
    if not SR.passes(reference):
        return
    mutants = [
        run_label(label, readings)
        for label in labels
        if label != REFERENCE and not unreached(reference, label, readings)
    ]
    with ThreadPoolExecutor(max_workers=max(1, jobs), thread_name_prefix="fcd-suite") as pool:
        runs = [
            pool.submit(contextvars.copy_context().run, cache.get, tests, label, **run)
            for label in mutants
        ]
        for future in runs:
            future.result()


_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,79}")
MAX_NAME = 60  # characters of a test's or an exception's name kept in a report
MAX_REPORTED = 10  # failing tests (and as many import errors) kept in a report
# Exception names a report may show besides the classes the student's files define: Python's
# own, the ADT's (as its proxy raises them) and pytest's.  Any other name is "an error": a
# name made at run time (``type(NAME, (Exception,), {})``) could carry the reference's
# answers out, a few dozen characters per failing test.
KNOWN_ERRORS = frozenset(
    name
    for name, value in vars(builtins).items()
    if isinstance(value, type) and issubclass(value, BaseException)
) | {
    "FinalCardDownError",
    "InvalidDeckError",
    "InvalidArgumentError",
    "InvalidMoveError",
    "ADTProcessError",
    "Failed",
    "FixtureLookupError",
    "CompileError",  # a C testGame.c that gcc refused (``c_suite``)
}


def _short(name: str) -> str:
    return name if len(name) <= MAX_NAME else name[: MAX_NAME - 1] + "…"


def _clean(verdict: dict[str, Any], tests: dict[str, str]) -> dict[str, Any]:
    """Keep only what the student's own files can vouch for, cut short: test names that are
    defined in them, line numbers inside them, exception type names that are Python's, the
    ADT's, pytest's or defined in them, at most ``MAX_REPORTED`` failures of each kind, each
    name at most ``MAX_NAME`` characters.  A suite running on the reference could otherwise
    smuggle the reference's answers out through its feedback (issue 25: ten exception names
    made at run time carried 490 bytes); what is left can only choose among the student's
    own words."""
    defined = set()
    for name, text in tests.items():
        defined |= set(re.findall(r"^\s*(?:async\s+)?(?:def|class)\s+(\w+)", text, re.M))
        if name.endswith(".c"):  # C functions defined at the start of a line
            defined |= set(re.findall(r"^[A-Za-z_][\w \t*]*?\b(\w+)\s*\([^;{]*\)\s*\{", text, re.M))
    errors = KNOWN_ERRORS | defined

    def entry(raw: Any) -> dict[str, Any] | None:
        if not isinstance(raw, dict):
            return None
        out: dict[str, Any] = {}
        error = raw.get("error")
        known = isinstance(error, str) and error in errors and _IDENT.fullmatch(error)
        out["error"] = _short(error) if known else "an error"
        file, line = raw.get("file"), raw.get("line")
        if file in tests and isinstance(line, int) and 0 < line <= tests[file].count("\n") + 1:
            out["file"], out["line"] = file, line
        test = raw.get("test")
        if isinstance(test, str):
            parts = test.split("::")
            if not all(_IDENT.fullmatch(p) and p in defined for p in parts):
                return None
            out["test"] = "::".join(_short(p) for p in parts[-2:])
            if raw.get("when") in ("setup", "teardown"):
                out["when"] = raw["when"]
        where = raw.get("where")
        if isinstance(where, str):
            out["where"] = where if where in tests else "a test file"
        return out

    status = verdict.get("status")
    clean: dict[str, Any] = {"status": status if status in _STATUS_TEXT else "no-verdict"}
    for key in ("exit", "collected", "passed", "seconds"):
        if isinstance(verdict.get(key), int | float) and not isinstance(verdict.get(key), bool):
            clean[key] = verdict[key]
    for key in ("failed", "errors"):
        items = verdict.get(key)
        if isinstance(items, list):
            kept = [e for e in (entry(r) for r in items[:50]) if e is not None]
            clean[key] = kept[:MAX_REPORTED]
            if len(kept) > MAX_REPORTED:
                clean[f"more_{key}"] = len(kept) - MAX_REPORTED
    compiled = [e for e in clean.get("errors", []) if e.get("error") == "CompileError"]
    if C_SUITE in tests and compiled and isinstance(verdict.get("message"), str):
        # gcc's first error in testGame.c, made before anything ran: the compiler's words on
        # the student's own file and the public headers, never an answer of the reference
        clean["message"] = verdict["message"][:300]
    return clean


_STATUS_TEXT = {
    "ran": "",
    "timeout": "it did not finish within the time limit",
    "memory": "it ran out of memory",
    "crashed": "the test run crashed",
    "no-verdict": "the test run stopped before pytest finished (does a test exit the process?)",
    "no-pytest": "the grader could not start pytest (a grader problem: tell the staff)",
}


# ----------------------------------------------------------------- feedback


def _place(e: dict[str, Any]) -> str:
    return f" (line {e['line']} of {e['file']})" if "file" in e else ""


def explain(value: dict[str, Any]) -> list[str]:
    """Messages for a test-suite case that did not pass, in the assignment's terms (a C
    submission's, ``"language": "C"``, in testGame.c's and assert's)."""
    verdict, label = value.get("verdict"), value.get("target")
    in_c = value.get("language") == "C"
    if verdict == "no-tests":
        if in_c:
            return [
                f"no {C_SUITE} in the submission: there is no test suite to run (a C "
                f"submission's tests are the asserts of {C_SUITE}'s main, over Game.h)"
            ]
        return [f"no {SR.TEST_FILES_HELP} in the submission: there is no test suite to run"]
    if verdict == "not-run":
        return ["not run: the test suite does not pass on the reference ADT (see that case)"]
    if verdict == "survived":
        mutant = mutant_for(str(label))
        switches = [n for n in value.get("readings") or () if n in Readings.names()]
        rule = mutant_rule(str(label), Readings(**{n: True for n in switches}))
        lines = [
            f"{C_SUITE} passes on this broken ADT: no assert checks the rule it breaks"
            if in_c
            else "the test suite passes on this broken ADT: no test checks the rule it breaks"
        ]
        if in_c and value.get("asserts") is False:
            lines.append(
                f"{C_SUITE} has no assert: its main must check what Game.h's functions answer "
                "with assert(...) (from <assert.h>), so that a wrong answer stops it"
            )
        return [*lines, f"(staff only; hidden case) mutant {mutant.name}: {rule}"]
    if verdict != "fails":
        return [f"unexpected test-suite result {value!r}"]
    detail = value.get("detail") or {}
    lines = ["the test suite fails on the reference ADT (a correct implementation)"]
    status = detail.get("status")
    if status != "ran":
        lines.append(_STATUS_TEXT.get(str(status), str(status)))
        return lines
    code = detail.get("exit")
    if code == 5 or not detail.get("collected") and code != 2:
        lines.append(
            f"{C_SUITE} ran but called no function of Game.h: its main must play games "
            "through Game.h and assert what they answer"
            if in_c
            else "pytest collected no tests: name test functions test_... in test_*.py"
        )
    for e in detail.get("errors", [])[:5]:
        if in_c and e.get("error") == "CompileError":
            said = detail.get("message")
            lines.append(f"{C_SUITE} did not compile" + (f": {said}" if said else ""))
            continue
        lines.append(f"importing {e.get('where', 'a test file')} raised {e['error']}{_place(e)}")
    failed = detail.get("failed", [])
    for e in failed[:MAX_REPORTED]:
        if in_c and e["error"] == "AssertionError":
            lines.append(f"an assert failed in {e['test']}{_place(e)}")
        elif in_c:
            lines.append(f"in {e['test']}: the ADT refused a call of Game.h ({e['error']})")
        else:
            when = f" in its {e['when']}" if "when" in e else ""
            lines.append(f"{e['test']} failed{when}: {e['error']}{_place(e)}")
    more = max(0, len(failed) - MAX_REPORTED) + int(detail.get("more_failed") or 0)
    if more:
        lines.append(f"… and {more} more failing {'asserts' if in_c else 'tests'}")
    if code not in (0, 1, 2, 5, None):
        lines.append(f"{C_SUITE if in_c else 'pytest'} ended with exit status {code}")
    lines.append(
        "every assert must hold on a correct ADT; asserts that rely on the order of a hand or "
        "on invalid input are themselves wrong (Decisions D14, D15)"
        if in_c
        else "every test must pass on a correct ADT; tests that rely on the order of a hand or "
        "on invalid input are themselves wrong (Decisions D14, D15)"
    )
    return lines
