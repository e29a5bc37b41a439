"""uno-lab graded in Standard ML: what one SML submission costs, loaded once for its cases.

``python benchmarks/bench_uno_lab_sml.py [--repeat 3]`` grades the example class's full
SML solution (``examples/uno-lab-sml/full``: every case, public and hidden, in the sandbox)
and, in the same run, a bare SML/NJ loading the lab's definitions and the same file once
(no sandbox, no cases): the baseline.  It prints the median seconds of each, the cases, how
many children were started (1: the file is loaded once) and the ratio to the baseline.
Figures only: no assertion (speed is not tested).
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def bare_load(folder: Path) -> float:
    """SML/NJ loading the definitions and the solution, outside the sandbox."""
    started = time.monotonic()
    subprocess.run(
        ["sml", "solution.sml"], cwd=folder, stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, timeout=120,
    )  # fmt: skip
    return time.monotonic() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    options = parser.parse_args()
    if shutil.which("sml") is None:
        print("SML/NJ is not installed: sudo apt-get install smlnj")
        return 2
    from graders.assignment import load_assignment
    from graders.grade.engine import grade_submission
    from graders.run.programs import program_specs
    from graders.submission import load_submissions

    assignment = load_assignment("uno-lab")
    cases = assignment.cases()
    source = ROOT / "examples" / "uno-lab-sml" / "full"
    graded, bare, restarts = [], [], []
    for _ in range(options.repeat):
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp)
            shutil.copy(source / "solution.sml", folder / "solution.sml")
            shutil.copy(assignment.folder / "starter" / "lab-3-use.sml", folder)
            bare.append(bare_load(folder))
        sub = load_submissions(
            source, assignment.module, programs=program_specs(assignment.programs)
        )[0]
        started = time.monotonic()
        result = grade_submission(assignment, sub, cases)
        graded.append(time.monotonic() - started)
        restarts.append(sum(c.outcome != "passed" for c in result.cases))
    g, b = statistics.median(graded), statistics.median(bare)
    print(f"uno-lab, Standard ML (SML/NJ), {len(cases)} cases, score {result.score:g}")
    print(
        f"  graded in the sandbox, loaded once: {g:.2f} s ({min(graded):.2f} to {max(graded):.2f})"
    )
    print(f"  per case: {1000 * g / len(cases):.1f} ms")
    print(
        f"  baseline, a bare SML/NJ loading it once: {b:.2f} s ({min(bare):.2f} to {max(bare):.2f})"
    )
    print(f"  ratio to the baseline: {g / b:.1f}")
    print(f"  cases not passed (each would have cost a fresh child): {max(restarts)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
