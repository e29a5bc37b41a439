"""Benchmark: ``unograde similarity`` on generated classes of growing size.

    python benchmarks/bench_similarity.py [--sizes 75,150,300,600]

Each class is independent generated solutions (``tests/similarity/generate.py``, 5 to 8
functions of 40 to 90 lines in all, about 1,500 tokens each) with one planted copy. Measured
in the same run, per size: reading and fingerprinting (Pygments' lexing, normalising,
winnowing), pairing through the fingerprint index, and the behaviour evidence from a
gradebook holding the class on 40 cases; then how each grows from one size to the next
(time ratio against size ratio: 1 is linear, 2 quadratic). The planted pair is checked to
rank first at every size. No figure here is an assertion anywhere.
"""

from __future__ import annotations

import argparse
import math
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from graders.assignment import load_assignment  # noqa: E402
from graders.gradebook import Gradebook  # noqa: E402
from graders.similarity import behaviour_pairs, code_pairs, load_documents  # noqa: E402
from tests.gradebook.conftest import make_result  # noqa: E402
from tests.similarity.generate import disguise, program  # noqa: E402


def one(size: int, base: Path) -> dict[str, float]:
    folder = base / f"class{size}"
    folder.mkdir()
    for n in range(size):
        (folder / f"s{n:04d}.py").write_text(program(5000 + n))
    (folder / "s0001.py").write_text(disguise(program(5000 + 2), 3))
    assignment = load_assignment("uno-moves")
    started = time.perf_counter()
    docs = load_documents(assignment, [folder])
    read = time.perf_counter() - started
    started = time.perf_counter()
    code = code_pairs(docs.documents)
    paired = time.perf_counter() - started
    best = max(code, key=lambda k: code[k].score)
    assert best == ("s0001", "s0002"), best
    with Gradebook(base / f"book{size}.db") as book:
        for n in range(size):
            cases = [(f"c{c}", "p", "failed" if (n * c) % 7 == 1 else "passed",
                      f"expected {c}, got {(n + c) % 5}") for c in range(40)]  # fmt: skip
            book.record(make_result(f"s{n:04d}", {"p": (1.0, 2.0, 1, 2)}, cases))
        started = time.perf_counter()
        gradings = book.latest("cards")
        behaviour_pairs(gradings, book.cases([g.id for g in gradings]))
        behaved = time.perf_counter() - started
    tokens = sum(len(d.tokens) for d in docs.documents.values()) / len(docs.documents)
    return {"read": read, "pair": paired, "behaviour": behaved, "tokens": tokens,
            "pairs": len(code)}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="75,150,300,600")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for size in sizes:
            rows.append((size, one(size, Path(tmp))))
    print(f"{'class':>6} {'tokens/sub':>10} {'read s':>8} {'pair s':>8} {'behav s':>8} "
          f"{'total s':>8} {'pairs sharing':>14}")  # fmt: skip
    for size, r in rows:
        total = r["read"] + r["pair"] + r["behaviour"]
        print(f"{size:>6} {r['tokens']:>10.0f} {r['read']:>8.2f} {r['pair']:>8.3f} "
              f"{r['behaviour']:>8.3f} {total:>8.2f} {r['pairs']:>14}")  # fmt: skip
    print("growth exponent between sizes (1 = linear, 2 = quadratic):")
    for (a, ra), (b, rb) in zip(rows, rows[1:], strict=False):
        for key in ("read", "pair", "behaviour"):
            exponent = math.log(rb[key] / ra[key]) / math.log(b / a) if ra[key] > 0 else 0
            print(f"  {a} -> {b} {key}: {exponent:.2f}")


if __name__ == "__main__":
    main()
