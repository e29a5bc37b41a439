"""Benchmark: one submission of each compiled language, each with its own benchmark.

    python benchmarks/bench_languages.py [--repeat 3]

Runs, one after the other, the benchmark of each language the course grades besides Python,
each of which measures its submission against a baseline of its own in the same run and
prints its medians with their ranges:

- Haskell (``bench_haskell.py``): uno-moves in the course's layout, its four part files
  built by GHC in the sandbox with an empty build cache, then again with it warm (a re-run
  builds nothing: the cache is keyed by the digest of the sources and the compiler);
- Standard ML (``bench_uno_lab_sml.py``): uno-lab's full SML solution, loaded once by SML/NJ
  for all its cases;
- C (``bench_fcd_c.py``, where it exists): final-card-down in C, built once per submission.

A language whose toolchain is missing is said and skipped. Figures only: no assertion.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

LANGUAGES = [
    ("Haskell", "bench_haskell.py", "ghc"),
    ("Standard ML", "bench_uno_lab_sml.py", "sml"),
    ("C", "bench_fcd_c.py", "gcc"),
]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    failed = 0
    for language, script, tool in LANGUAGES:
        print(f"== {language} ({script})", flush=True)
        if not (HERE / script).is_file():
            print(f"   not here: {script} does not exist in this checkout\n", flush=True)
            continue
        if shutil.which(tool) is None:
            print(f"   skipped: {tool} is not installed\n", flush=True)
            continue
        done = subprocess.run([sys.executable, str(HERE / script), "--repeat", str(args.repeat)])
        failed += done.returncode != 0
        print(flush=True)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
