"""Benchmark: grade 40 small submissions with 2 jobs, against 40 bare interpreters 2 at a time.

Both are measured in the same run, so the ratio means something on any machine:

    python benchmarks/bench_grade.py [--submissions 40] [--jobs 2] [--cases public|all]

The issue's target is a ratio of at most 3 (lower is better).  The baseline is the
floor any process-per-submission grader pays: starting Python itself.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from graders.assignment import load_assignment  # noqa: E402
from graders.grade.batch import grade_batch  # noqa: E402
from graders.run.sandbox import choose_isolation  # noqa: E402


def bare_interpreters(count: int, jobs: int) -> float:
    started = time.perf_counter()
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        list(
            pool.map(
                lambda _: subprocess.run([sys.executable, "-c", "pass"], check=True), range(count)
            )
        )
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--submissions", type=int, default=40)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--cases", choices=["public", "all"], default="public")
    parser.add_argument("--isolation", default="auto")
    parser.add_argument("--formats", default="json,md,html,gradescope")
    args = parser.parse_args()

    assignment = load_assignment("uno-moves")
    cases = assignment.cases(visibility="public" if args.cases == "public" else None)
    source = (ROOT / "examples" / "uno-moves" / "ada" / "uno.py").read_text()
    workdir = Path(tempfile.mkdtemp(prefix="unograde-bench-"))
    klass = workdir / "class"
    klass.mkdir()
    for k in range(args.submissions):
        (klass / f"student{k:03d}.py").write_text(source + f"\n# student {k}\n")
    mode = choose_isolation(args.isolation)
    try:
        baseline = bare_interpreters(args.submissions, args.jobs)
        started = time.perf_counter()
        items = grade_batch(
            assignment,
            [klass],
            cases,
            workdir / "out",
            args.jobs,
            formats=args.formats.split(","),
            isolation=mode,
        )
        graded = time.perf_counter() - started
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    perfect = sum(1 for i in items if i.result and i.result.score == i.result.max_score)
    print(
        f"isolation: {mode}; {len(cases)} cases per submission; {perfect}/{len(items)} "
        "submissions scored full marks"
    )
    n, jobs = args.submissions, args.jobs
    print(f"baseline: {n} bare interpreters, {jobs} at a time: {baseline:.2f} s")
    print(f"grading:  {args.submissions} submissions, {args.jobs} jobs: {graded:.2f} s")
    print(f"ratio: {graded / baseline:.2f} (target: at most 3)")


if __name__ == "__main__":
    main()
