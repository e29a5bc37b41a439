"""Benchmark: one C submission of final-card-down (Game.c and testGame.c, the course's own
language), graded on every case, against the Python example ada graded the same way in the
same run.

    python benchmarks/bench_fcd_c.py [--repeat 3] [--isolation auto]

Each repeat measures, one after the other (so a busy moment of a shared machine touches all
of them alike), and each figure is the median of the repeats with its range:

- the baseline: the Python example ada (``examples/final-card-down/ada``: game.py and
  test_game.py), every case: the 47 scenarios, its suite on the reference and on the mutants;
- the C example ada (``examples/final-card-down-c/ada``: a sound Game.c, a testGame.c that
  catches all 29 mutants, so every mutant runs) with an EMPTY build cache: Game.c built with
  our scenario driver and testGame.c with the proxy, gcc with AddressSanitizer and
  UndefinedBehaviorSanitizer in the sandbox, then every case;
- the C ada again with the cache WARM (a re-run, a regrade): nothing compiled;
- each part alone, warm, C and Python one after the other: the ADT (the scenarios: one run
  of the driver per scenario, a sanitized program) and the suite (the reference and each
  mutant it reaches: one run of the suite program each, every Game.h call a round trip over
  a socket to the Python ADT in a sandbox of its own).  The two suites differ (the Python
  ada's catches fewer mutants, and reaches fewer), so the suite part is also given per run.

The in-process verdict cache of suites (``suite.CACHE``) is emptied before every grading, as a
fresh ``unograde grade`` starts with it empty.  What bounds the cold figure is printed with it
(gcc's time, measured around each compile), and for every figure the sandbox starts counted.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from graders.assignment import load_assignment  # noqa: E402
from graders.grade.engine import grade_submission  # noqa: E402
from graders.run import programs  # noqa: E402
from graders.run.layouts import submission_kinds  # noqa: E402
from graders.run.programs import ProgramRunner  # noqa: E402
from graders.run.sandbox import choose_isolation  # noqa: E402
from graders.submission import cleanup, load_submissions  # noqa: E402
from reference.final_card_down import suite  # noqa: E402

PYTHON = ROOT / "examples" / "final-card-down" / "ada"
C = ROOT / "examples" / "final-card-down-c" / "ada"
ADT = ("adt",)
SUITE = ("tests-reference", "tests-mutants")


class Meter:
    """Counts sandbox starts and times gcc's compiles while it is on."""

    def __init__(self) -> None:
        self.starts = self.compiles = 0
        self.compile_s = 0.0
        meter = self
        tree, compile_ = programs.Tree, ProgramRunner.compile

        class CountedTree(tree):
            def __init__(self, *args, **kwargs):
                meter.starts += 1
                super().__init__(*args, **kwargs)

        def timed_compile(runner, words, limits):
            started = time.perf_counter()
            try:
                return compile_(runner, words, limits)
            finally:
                meter.compiles += 1
                meter.compile_s += time.perf_counter() - started

        programs.Tree = CountedTree
        ProgramRunner.compile = timed_compile
        self._undo = (tree, compile_)

    def close(self) -> None:
        programs.Tree, ProgramRunner.compile = self._undo


def grade(path: Path, mode: str, parts: tuple[str, ...] = ()) -> dict:
    """Grade one submission (every case, or those of ``parts``) in this process, with an
    empty verdict cache; its wall clock and what the meter saw."""
    assignment = load_assignment("final-card-down")
    subs = load_submissions(path, assignment.module, programs=submission_kinds(assignment))
    cases = [c for c in assignment.cases() if not parts or c.part in parts]
    suite.CACHE.data.clear()
    meter = Meter()
    try:
        started = time.perf_counter()
        result = grade_submission(assignment, subs[0], cases, isolation=mode)
        wall = time.perf_counter() - started
    finally:
        meter.close()
        cleanup(subs)
    mutants = [c for c in result.cases if c.part == "tests-mutants"]
    return {
        "wall": wall, "score": result.score, "cases": len(result.cases), "starts": meter.starts,
        "compiles": meter.compiles, "compile_s": meter.compile_s,
        "sanitizer": sum(1 for c in result.cases if c.outcome == "sanitizer"),
        "caught": sum(1 for c in mutants if c.outcome == "passed"), "mutants": len(mutants),
        "suite_runs": len(suite.CACHE.data),
    }  # fmt: skip


def spread(values: list[float], unit: str = " s", digits: int = 2) -> str:
    ordered = sorted(values)
    middle = statistics.median(ordered)
    if len(ordered) == 1:
        return f"{middle:.{digits}f}{unit}"
    return f"{middle:.{digits}f}{unit} ({ordered[0]:.{digits}f} to {ordered[-1]:.{digits}f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--isolation", default="auto")
    args = parser.parse_args()
    if shutil.which("gcc") is None:
        sys.exit("gcc is not installed: sudo apt-get install gcc")
    mode = choose_isolation(args.isolation)
    print(f"isolation: {mode}; gcc: {shutil.which('gcc')}; medians of {args.repeat} repeats")
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at the start")
    names = ("py", "cold", "warm", "py_adt", "c_adt", "py_suite", "c_suite")
    rows: dict[str, list[dict]] = {name: [] for name in names}
    saved = os.environ.get("UNOGRADE_BUILD_CACHE")
    try:
        for _ in range(max(1, args.repeat)):
            cache = Path(tempfile.mkdtemp(prefix="unograde-bench-builds-"))
            os.environ["UNOGRADE_BUILD_CACHE"] = str(cache)
            try:
                rows["py"].append(grade(PYTHON, mode))
                rows["cold"].append(grade(C, mode))
                rows["warm"].append(grade(C, mode))
                rows["py_adt"].append(grade(PYTHON, mode, ADT))
                rows["c_adt"].append(grade(C, mode, ADT))
                rows["py_suite"].append(grade(PYTHON, mode, SUITE))
                rows["c_suite"].append(grade(C, mode, SUITE))
            finally:
                shutil.rmtree(cache, ignore_errors=True)
    finally:
        if saved is None:
            os.environ.pop("UNOGRADE_BUILD_CACHE", None)
        else:
            os.environ["UNOGRADE_BUILD_CACHE"] = saved
    print(f"load average {os.getloadavg()[0]:.2f} at the end")

    def walls(name: str) -> str:
        return spread([r["wall"] for r in rows[name]])

    def ratio(name: str, base: str) -> str:
        pairs = zip(rows[name], rows[base], strict=True)
        return spread([r["wall"] / b["wall"] for r, b in pairs], "x")

    py, cold, warm = rows["py"][0], rows["cold"][0], rows["warm"][0]
    print(
        f"\nbaseline, Python (ada, {py['cases']} cases, score {py['score']:g}, "
        f"{py['caught']} of {py['mutants']} mutants caught; {py['starts']} sandbox starts): "
        f"{walls('py')}"
    )
    print(
        f"ada, C, empty build cache (score {cold['score']:g}, {cold['caught']} of "
        f"{cold['mutants']} mutants caught, {cold['sanitizer']} sanitizer reports; "
        f"{cold['compiles']} compiles, {cold['starts']} sandbox starts): {walls('cold')}; "
        f"{ratio('cold', 'py')} the Python baseline"
    )
    print(
        f"  bounded by gcc with the sanitizers: its {cold['compiles']} compiles took "
        f"{spread([r['compile_s'] for r in rows['cold']])} of it"
    )
    print(
        f"ada, C, warm build cache ({warm['compiles']} compiles, {warm['starts']} sandbox "
        f"starts): {walls('warm')}; {ratio('warm', 'py')} the Python baseline"
    )
    c_adt = rows["c_adt"][0]
    print(
        f"part adt, warm ({c_adt['cases']} scenarios): C {walls('c_adt')} ({c_adt['starts']} "
        f"sandboxed child for all the driver's runs), Python {walls('py_adt')}; C is "
        f"{ratio('c_adt', 'py_adt')} Python"
    )
    c_suite, py_suite = rows["c_suite"], rows["py_suite"]

    def per_run(runs: list[dict]) -> str:
        return spread([r["wall"] / max(1, r["suite_runs"]) for r in runs])

    print(
        f"part suite, warm: C {walls('c_suite')} for {c_suite[0]['suite_runs']} runs of the "
        f"suite (the reference, then each mutant it reaches), {per_run(c_suite)} a run; "
        f"Python {walls('py_suite')} for {py_suite[0]['suite_runs']} runs, "
        f"{per_run(py_suite)} a run; C is {ratio('c_suite', 'py_suite')} Python (whole part)"
    )


if __name__ == "__main__":
    main()
