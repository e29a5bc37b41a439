"""Benchmark: one Haskell submission of uno-moves (the course's layout), compiled and run on
all 125 cases, against the Python reference solution graded the same way in the same run.

    python benchmarks/bench_haskell.py [--repeat 3] [--isolation auto]

Each repeat measures, one after the other (so a busy moment of a shared machine touches all
of them alike), and each figure is the median of the repeats with its range:

- the baseline: the Python example ada (right, 125 cases, one sandboxed child for all of them);
- amal (``examples/uno-moves-haskell/amal``, right) with an EMPTY build cache: its four part
  files compiled by GHC in the sandbox, then one run of a part's program per case (the
  consecutive cases of a part in one sandboxed child);
- amal again with that cache WARM (a re-run, a regrade): nothing compiled;
- bo (one rule wrong) with a warm cache, public cases only: its 13 failed games of parts 2-4
  explained by running bo's own part 1 program on the state before each turn (the probes).

What bounds each is printed with it: GHC's own time (the compiles, measured around each) for
the empty cache; for the warm one, the programs' runs (their wall clock as the driver in the
sandbox measured it) and the sandbox starts (counted: the consecutive cases of a part share
one child; the cost of one measured in the same run by starting ``/bin/true`` in the same
sandbox 20 times); for bo, the probes and their sandbox starts (one per chunk of turns).
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
from graders.grade import layout_run  # noqa: E402
from graders.grade.engine import grade_submission  # noqa: E402
from graders.run import programs  # noqa: E402
from graders.run.layouts import submission_kinds  # noqa: E402
from graders.run.programs import ProgramRunner, ProgramSpec  # noqa: E402
from graders.run.sandbox import choose_isolation  # noqa: E402
from graders.submission import cleanup, load_submissions  # noqa: E402

PYTHON = ROOT / "examples" / "uno-moves" / "ada"
HASKELL = ROOT / "examples" / "uno-moves-haskell"


class Meter:
    """Counts sandbox starts and times GHC's compiles and the probes while it is on."""

    def __init__(self) -> None:
        self.starts = self.compiles = self.probes = self.probe_starts = 0
        self.probing = False
        self.compile_s = self.probe_s = 0.0
        meter = self
        tree, compile_ = programs.Tree, ProgramRunner.compile
        probe = layout_run.LayoutRun.probe_answers

        class CountedTree(tree):
            def __init__(self, *args, **kwargs):
                meter.starts += 1
                meter.probe_starts += meter.probing
                super().__init__(*args, **kwargs)

        def timed_compile(runner, words, limits):
            started = time.perf_counter()
            try:
                return compile_(runner, words, limits)
            finally:
                meter.compiles += 1
                meter.compile_s += time.perf_counter() - started

        def timed_probe(run, *args):
            started = time.perf_counter()
            meter.probing = True
            try:
                return probe(run, *args)
            finally:
                meter.probing = False
                meter.probes += 1
                meter.probe_s += time.perf_counter() - started

        programs.Tree = CountedTree
        ProgramRunner.compile = timed_compile
        layout_run.LayoutRun.probe_answers = timed_probe
        self._undo = (tree, compile_, probe)

    def close(self) -> None:
        programs.Tree, ProgramRunner.compile, layout_run.LayoutRun.probe_answers = self._undo


def grade(path: Path, mode: str, public_only: bool = False) -> dict:
    """Grade one submission (every case, or the public ones) in this process; its wall clock
    and what the meter saw."""
    assignment = load_assignment("uno-moves")
    subs = load_submissions(path, assignment.module, programs=submission_kinds(assignment))
    cases = assignment.cases(visibility="public") if public_only else assignment.cases()
    meter = Meter()
    try:
        started = time.perf_counter()
        result = grade_submission(assignment, subs[0], cases, isolation=mode)
        wall = time.perf_counter() - started
    finally:
        meter.close()
        cleanup(subs)
    failed = sum(1 for c in result.cases if c.outcome == "failed")
    explained = sum(1 for c in result.cases if c.first_divergence)
    return {
        "wall": wall, "score": result.score, "cases": len(result.cases), "starts": meter.starts,
        "compiles": meter.compiles, "compile_s": meter.compile_s, "probes": meter.probes,
        "probe_s": meter.probe_s, "failed": failed, "explained": explained,
        "probe_starts": meter.probe_starts,
        "runs_s": sum(c.seconds for c in result.cases if c.outcome != "not-run"),
    }  # fmt: skip


def sandbox_start(mode: str, count: int = 20) -> float:
    """Seconds per sandboxed run of ``/bin/true``: what one case's run costs before the
    student's program does anything (bubblewrap, the control group, setpriv, the launcher)."""
    folder = Path(tempfile.mkdtemp(prefix="unograde-bench-true-"))
    try:
        limits = load_assignment("uno-moves").limits
        with ProgramRunner(folder, ProgramSpec("true", ("/bin/true",)), limits, mode) as runner:
            runner.run(0, "")  # the first start pays for looking things up
            started = time.perf_counter()
            for k in range(count):
                outcome = runner.run(k, "")
                assert outcome.status == "returned", outcome.message
            return (time.perf_counter() - started) / count
    finally:
        shutil.rmtree(folder, ignore_errors=True)


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
    if shutil.which("ghc") is None:
        sys.exit("GHC is not installed: sudo apt-get install ghc")
    mode = choose_isolation(args.isolation)
    print(f"isolation: {mode}; GHC: {shutil.which('ghc')}; medians of {args.repeat} repeats")
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at the start")
    rows: dict[str, list[dict]] = {"ada": [], "cold": [], "warm": [], "bo": []}
    starts: list[float] = []
    saved = os.environ.get("UNOGRADE_BUILD_CACHE")
    try:
        for _ in range(max(1, args.repeat)):
            cache = Path(tempfile.mkdtemp(prefix="unograde-bench-builds-"))
            os.environ["UNOGRADE_BUILD_CACHE"] = str(cache)
            try:
                rows["ada"].append(grade(PYTHON, mode))
                rows["cold"].append(grade(HASKELL / "amal", mode))
                rows["warm"].append(grade(HASKELL / "amal", mode))
                grade(HASKELL / "bo", mode, public_only=True)  # its builds, so bo is warm
                rows["bo"].append(grade(HASKELL / "bo", mode, public_only=True))
                starts.append(sandbox_start(mode))
            finally:
                shutil.rmtree(cache, ignore_errors=True)
    finally:
        if saved is None:
            os.environ.pop("UNOGRADE_BUILD_CACHE", None)
        else:
            os.environ["UNOGRADE_BUILD_CACHE"] = saved
    ada, cold, warm, bo = rows["ada"], rows["cold"], rows["warm"], rows["bo"]

    def ratios(runs: list[dict]) -> str:
        return spread([r["wall"] / a["wall"] for r, a in zip(runs, ada, strict=True)], "x")

    print(f"load average {os.getloadavg()[0]:.2f} at the end")
    print(
        f"\nbaseline, Python (ada, {ada[0]['cases']} cases, score {ada[0]['score']:g}): "
        f"{spread([r['wall'] for r in ada])}"
    )
    print(
        f"amal, Haskell, empty build cache (score {cold[0]['score']:g}, "
        f"{cold[0]['compiles']} compiles, {cold[0]['cases']} cases): "
        f"{spread([r['wall'] for r in cold])}; {ratios(cold)} the Python baseline"
    )
    print(
        f"  bounded by GHC: its {cold[0]['compiles']} compiles took "
        f"{spread([r['compile_s'] for r in cold])} of it"
    )
    print(
        f"amal, Haskell, warm build cache ({warm[0]['compiles']} compiles): "
        f"{spread([r['wall'] for r in warm])}; {ratios(warm)} the Python baseline"
    )
    per_start = statistics.median(starts)
    print(
        f"  bounded by the runs of the programs, {warm[0]['cases']} of them (one per case): "
        f"{spread([r['runs_s'] for r in warm])} by the driver's clock; and by sandbox starts: "
        f"{warm[0]['starts']} (the consecutive cases of a part share one child); one start of "
        f"/bin/true in the same sandbox: {spread([s * 1000 for s in starts], ' ms', 1)}, so "
        f"{warm[0]['starts'] * per_start:.2f} s of starts (one per case would be "
        f"{warm[0]['cases'] * per_start:.2f} s)"
    )
    print(
        f"bo, Haskell, warm, public cases ({bo[0]['cases']}; {bo[0]['failed']} failed, "
        f"{bo[0]['explained']} explained by {bo[0]['probes']} probes): "
        f"{spread([r['wall'] for r in bo])}, of which the probes "
        f"{spread([r['probe_s'] for r in bo])}; sandbox starts: {bo[0]['starts']}, "
        f"{bo[0]['probe_starts']} of them for the probes (one per chunk of turns: 8, 16, 32...)"
    )


if __name__ == "__main__":
    main()
