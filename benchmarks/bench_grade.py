"""Benchmark: what grading costs, against bare interpreters started in the same run.

    python benchmarks/bench_grade.py [--submissions 40] [--jobs 2] [--repeat 5]
                                     [--assignments uno-moves ochos-locos uno-lab]
                                     [--no-class] [--no-fcd] [--no-fixtures] [--table]

Every figure is a median with its range (over ``--repeat`` runs), and every ratio is taken
against baselines measured in the same run, interleaved: before and after each timed run,
SUBMISSIONS starts, JOBS at a time, of ``python -c pass`` in a fresh virtual environment (the
BARE start the targets are stated in: the interpreter and its ``site``, no ``.pth`` file of
the machine's site-packages), of ``python -c pass`` with this machine's site-packages (a
container's ``.pth`` files can make it four times dearer: shown, never used for a target)
and of ``python -I -S -c pass`` (what a sandboxed child starts). First, a sandboxed child's
start layer by layer (``cost_parts.child_layers``). Per assignment:

- through the command (``python -m graders.cli grade``, what ``unograde grade`` runs), a class
  of SUBMISSIONS copies of a correct submission and a class of 2, ``--jobs JOBS``, every case
  (public and hidden), reports in every format, a fresh gradebook: the MARGINAL cost of a
  submission, (class - class of 2) / (SUBMISSIONS - 2), in milliseconds and in bare starts
  (target: at most 3 bare ``python -c pass`` starts);
- one submission end to end: ``grade ASSIGNMENT s.py --out DIR`` (a fresh gradebook) and
  ``check ASSIGNMENT s.py``, wall seconds (target: at most 0.6 s each), and the modules the
  ``grade`` run imports, by package (``python -X importtime``, self times summed);
- where one submission's CPU goes (``cost_parts.worker_parts``): the sandboxed child, and the
  worker's own CPU split into judging, each report format and the rest; the submission's
  calls, as the child timed them (the submission's own code; with an adapter, uno-lab's,
  the adapter's reading and writing of the course's notation too); and the FLOOR: (a child's
  start + those calls) / JOBS, in bare starts: what no cut of the grader's can go below;
- in this process (``--no-class`` leaves it out), the class graded by ``grade_batch`` at
  ``--jobs 1`` and ``--jobs JOBS``: submissions per second, the main process's CPU per
  submission (the gradebook's share of it), the workers' and the children's, and a model of
  the throughput on 16 and 64 cores.

Then final-card-down's example class and fixture generation (as before). ``--table`` ends
with the Markdown table that docs/speed.md quotes. The machine's load average is printed at
the start and the end: a figure is worth quoting only from a run on an otherwise idle
machine.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import cost_parts  # noqa: E402

from graders.assignment import load_assignment  # noqa: E402
from graders.grade.batch import grade_batch  # noqa: E402
from graders.gradebook import BatchRecorder, Gradebook  # noqa: E402
from graders.run.sandbox import choose_isolation  # noqa: E402

# A correct submission of each assignment (file or folder), copied SUBMISSIONS times.
CORRECT = {
    "uno-moves": ROOT / "examples" / "uno-moves" / "ada" / "uno.py",
    "ochos-locos": ROOT / "examples" / "ochos-locos" / "amara" / "ochos_locos.py",
    "uno-lab": ROOT / "examples" / "uno-lab" / "full_solution.py",
}
FORMATS = ["json", "md", "html", "gradescope"]


def own_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def bare_interpreters(count: int, jobs: int) -> float:
    return cost_parts.bare_starts(cost_parts.BARE["python -c pass"], count, jobs)


class Baseline:
    """The bare starts, measured again around every timed run (interleaved): each kind's
    wall seconds for COUNT starts, JOBS at a time, every time it was measured."""

    def __init__(self, count: int, jobs: int) -> None:
        self.count, self.jobs = count, jobs
        self.walls: dict[str, list[float]] = {name: [] for name in cost_parts.BARE}

    def measure(self) -> dict[str, float]:
        now = {}
        for name, command in cost_parts.BARE.items():
            now[name] = cost_parts.bare_starts(command, self.count, self.jobs)
            self.walls[name].append(now[name])
        return now

    def around(self, timed):
        """``timed()``'s result, with each baseline's mean of just before and just after it
        (milliseconds per start)."""
        before = self.measure()
        result = timed()
        after = self.measure()
        per_start = {k: 1000 * (before[k] + after[k]) / 2 / self.count for k in before}
        return result, per_start

    def text(self) -> str:
        return "; ".join(
            f"{name}: {cost_parts.median_range(walls, 1000 / self.count, 2)} ms per start "
            f"({self.count} starts, {self.jobs} at a time, measured {len(walls)} times)"
            for name, walls in self.walls.items()
        )


def command_env() -> dict[str, str]:
    """The environment of a timed command: this checkout first on the path, and compiled
    bytecode written and read as on a user's machine (a shell that sets
    PYTHONDONTWRITEBYTECODE would have every run compile ~85 of unograde's modules from source,
    about 0.1 s that no installed copy pays)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def compile_once() -> None:
    """Bytecode for the checkout's packages, written before anything is timed."""
    import compileall

    for package in ("graders", "reference", "unokit", "assignments"):
        if (ROOT / package).is_dir():
            compileall.compile_dir(ROOT / package, quiet=1)


def command(*words: str, cwd: Path) -> float:
    """Wall seconds of ``python -m graders.cli WORDS`` (what ``unograde`` runs), which must
    succeed (``check`` exits 1 only when a case fails: not for a correct submission)."""
    env = command_env()
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "graders.cli", *words], cwd=cwd, env=env,
                          capture_output=True, text=True)  # fmt: skip
    seconds = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(words)} failed ({done.returncode}):\n{done.stderr[-3000:]}")
    return seconds


def imports_by_package(*words: str, cwd: Path) -> list[tuple[str, float]]:
    """Milliseconds of importing, by top-level package, in one run of the command."""
    env = command_env()
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "graders.cli", *words],
                          cwd=cwd, env=env, capture_output=True, text=True)  # fmt: skip
    totals: dict[str, float] = {}
    for line in done.stderr.splitlines():
        if not line.startswith("import time:") or "self [us]" in line:
            continue
        self_us, _, name = line[len("import time:") :].split("|")
        package = name.strip().split(".")[0]
        totals[package] = totals.get(package, 0.0) + int(self_us) / 1000
    return sorted(totals.items(), key=lambda kv: -kv[1])


def through_command(assignment_id: str, n: int, jobs: int, repeat: int, base: Baseline,
                    work: Path) -> dict:  # fmt: skip
    """The class and a class of 2 graded by the command; one submission graded and checked."""
    big = make_class(CORRECT[assignment_id], n, work / "big")
    small = make_class(CORRECT[assignment_id], 2, work / "small")
    single = work / "single" / f"s{CORRECT[assignment_id].suffix}"
    single.parent.mkdir()
    single.write_text(CORRECT[assignment_id].read_text(encoding="utf-8"))
    figures: dict[str, list] = {"marginal": [], "ratio": [], "ratio_site": [],
                                "ratio_isolated": [], "grade": [], "check": [],
                                "per_start": []}  # fmt: skip

    def grade(klass: Path, k: int, label: str, *extra: str) -> float:
        out, book = work / f"out-{label}-{k}", work / f"book-{label}-{k}.db"
        return command("grade", assignment_id, str(klass), "--jobs", str(jobs), "--out",
                       str(out), "--gradebook", str(book), *extra, cwd=work)  # fmt: skip

    for k in range(repeat):
        whole, at_big = base.around(lambda: grade(big, k, "big"))  # noqa: B023
        two, at_small = base.around(lambda: grade(small, k, "small"))  # noqa: B023
        marginal = 1000 * (whole - two) / (n - 2)
        per_start = {name: (at_big[name] + at_small[name]) / 2 for name in at_big}
        figures["marginal"].append(marginal)
        figures["per_start"].append(per_start)
        figures["ratio"].append(marginal / per_start["python -c pass"])
        figures["ratio_site"].append(marginal / per_start[cost_parts.SITE])
        figures["ratio_isolated"].append(marginal / per_start["python -I -S -c pass"])
        figures["grade"].append(base.around(lambda: grade(single, k, "one"))[0])  # noqa: B023
        figures["check"].append(
            base.around(lambda: command("check", assignment_id, str(single), "-q", cwd=work))[0]
        )
    figures["imports"] = imports_by_package(
        "grade", assignment_id, str(single), "--out", str(work / "out-imports"),
        "--gradebook", str(work / "book-imports.db"), cwd=work,
    )  # fmt: skip
    return figures


def print_command(assignment_id: str, n: int, jobs: int, f: dict) -> None:
    mr = cost_parts.median_range
    print(
        f"  through the command, --jobs {jobs}: marginal cost of a submission "
        f"{mr(f['marginal'])} ms = {mr(f['ratio'], digits=2)} bare starts of python -c pass "
        f"(target: at most 3), {mr(f['ratio_site'], digits=2)} of python -c pass with this "
        f"machine's site-packages, {mr(f['ratio_isolated'], digits=2)} of python -I -S -c pass"
    )
    print(
        f"  one submission end to end: grade --out DIR {mr(f['grade'], digits=2)} s; "
        f"check {mr(f['check'], digits=2)} s (target: at most 0.6 s each)"
    )
    total = sum(ms for _, ms in f["imports"])
    top = ", ".join(f"{name} {ms:.0f}" for name, ms in f["imports"][:8])
    print(f"  imports of one grade --out run: {total:.0f} ms ({top}, ...)")


def floor(parts, start_cpu: float, jobs: int, figures: dict) -> dict:
    """What no cut of ours can go below, per submission: a sandboxed child's start (CPU, its
    layers measured in this run) and its calls as the child timed them (the submission's own
    code; with an adapter, the adapter's work inside each call too); on JOBS cores at once
    that is (start + calls) / JOBS of wall clock, in bare ``python -c pass`` starts of the
    same run (their milliseconds per start, JOBS at a time)."""
    student = statistics.median(parts.student_ms)
    wall = (start_cpu + student) / jobs
    per_start = statistics.median(ps["python -c pass"] for ps in figures["per_start"])
    return {"start": start_cpu, "student": student, "wall": wall, "starts": wall / per_start,
            "left": 3 * per_start - wall}  # fmt: skip


def print_floor(f: dict, jobs: int) -> None:
    print(
        f"  the floor: a sandboxed child's start {f['start']:.1f} ms CPU + its calls "
        f"{f['student']:.1f} ms = {f['wall']:.1f} ms of wall clock per submission at "
        f"--jobs {jobs} = {f['starts']:.2f} bare starts; the target of 3 leaves "
        f"{f['left']:.1f} ms of wall clock ({f['left'] * jobs:.1f} ms CPU) for everything else "
        "(the harness, the replies, judging, 4 reports, the gradebook)"
    )


def make_class(source: Path, count: int, folder: Path) -> Path:
    klass = folder / "class"
    klass.mkdir(parents=True)
    for k in range(count):
        target = klass / f"student{k:03d}{source.suffix}"
        target.write_text(source.read_text(encoding="utf-8") + f"\n# student {k}\n")
    return klass


class TimedRecorder:
    """The gradebook's recorder, with the main thread's CPU it takes added up."""

    def __init__(self, recorder) -> None:
        self.recorder, self.cpu = recorder, 0.0

    def __call__(self, item) -> None:
        before = time.thread_time()
        self.recorder(item)
        self.cpu += time.thread_time() - before


def run(
    assignment_id: str, klass: Path, jobs: int, mode: str, out: Path, gradebook: bool = True
) -> dict:
    assignment = load_assignment(assignment_id)
    cases = assignment.cases()  # every case: public and hidden
    cpu, started = own_cpu(), time.perf_counter()
    book = Gradebook(out.parent / f"{out.name}.db") if gradebook else None
    record = TimedRecorder(BatchRecorder(book, assignment, out)) if book else None
    items = grade_batch(
        assignment, [klass], cases, out, jobs, formats=FORMATS, isolation=mode, record=record
    )
    if record is not None:
        record.recorder.finish()
        book.close()
    wall, cpu = time.perf_counter() - started, own_cpu() - cpu
    n = len(items)
    perfect = sum(1 for i in items if i.result and i.result.score == i.result.max_score)
    return {
        "n": n,
        "cases": len(cases),
        "perfect": perfect,
        "wall": wall,
        "rate": n / wall,
        "main_ms": 1000 * cpu / n,
        "record_ms": 1000 * record.cpu / n if record else 0.0,
        "items": items,
        "worker_ms": 1000 * sum(i.cpu[0] for i in items) / n,
        "child_ms": 1000 * sum(i.cpu[1] for i in items) / n,
    }


def draw_dashboard(assignment_id: str, items, out: Path) -> tuple[float, float]:
    """The class dashboard of a graded batch, as ``unograde grade --out`` draws it."""
    from graders.dashboard.render import batch_dashboard

    assignment = load_assignment(assignment_id)
    results = [i.result for i in items if i.result is not None]
    cpu, started = own_cpu(), time.perf_counter()
    batch_dashboard(assignment.id, assignment.title, results, out, [("benchmark", "yes")])
    return own_cpu() - cpu, time.perf_counter() - started


def median_run(runs: list[dict]) -> dict:
    """The run whose wall clock is the median of ``runs`` (its CPU figures with it)."""
    ordered = sorted(runs, key=lambda r: r["wall"])
    return ordered[len(ordered) // 2]


def spread(runs: list[dict], key: str) -> str:
    values = sorted(r[key] for r in runs)
    middle = values[len(values) // 2]
    return (
        f"{middle:.2f}"
        if len(values) == 1
        else f"{middle:.2f}; {values[0]:.2f} to {values[-1]:.2f}"
    )


def model(figures: dict, cores: int) -> tuple[float, str]:
    """Submissions per second on ``cores`` cores: the parallel work (worker + child CPU per
    submission) spread over the cores, capped by the main process's serial share."""
    parallel = (figures["worker_ms"] + figures["child_ms"]) / 1000
    serial = figures["main_ms"] / 1000
    by_cores, by_main = cores / parallel, 1 / serial
    return min(by_cores, by_main), "the cores" if by_cores < by_main else "the main process"


def fixtures(jobs: int, folder: Path) -> float:
    started = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "graders.cli", "fixtures", "generate", "uno-moves/part04",
         "--count", "10000", "--seed", "1", "--jobs", str(jobs), "--out", str(folder)],
        check=True, capture_output=True, cwd=ROOT,
    )  # fmt: skip
    return time.perf_counter() - started


FCD_BEFORE = 9.6  # s: the example class at --jobs 2 on this 2-core machine, before issue 15
# The example class as it was when that was measured; other-reading (a student whose suite
# catches every mutant, so every mutant runs) joined it later and is timed with the whole class.
FCD_CLASS_THEN = ("ada", "ben", "cy")


def fcd_example_class(jobs: int, mode: str, students: tuple[str, ...] = ()) -> tuple[float, int]:
    """final-card-down's example class (the ADT by its scenarios, the test suite on the
    reference and on each mutant that it reaches), every case, with reports; ``students``
    picks some of its folders (all of them by default)."""
    assignment = load_assignment("final-card-down")
    examples = ROOT / "examples" / "final-card-down"
    out = Path(tempfile.mkdtemp(prefix="unograde-bench-fcd-"))
    paths = [examples / s for s in students] if students else [examples]
    try:
        started = time.perf_counter()
        items = grade_batch(
            assignment, paths, assignment.cases(), out, jobs, formats=FORMATS, isolation=mode
        )
        return time.perf_counter() - started, len(items)
    finally:
        shutil.rmtree(out, ignore_errors=True)


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f}, {five:.2f}, {fifteen:.2f} (1, 5, 15 min)"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--submissions", type=int, default=40)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--assignments", nargs="*", default=list(CORRECT))
    parser.add_argument("--isolation", default="auto")
    parser.add_argument("--no-fixtures", action="store_true")
    parser.add_argument("--no-fcd", action="store_true")
    parser.add_argument("--no-class", action="store_true", help="no in-process class runs")
    parser.add_argument("--no-gradebook", action="store_true")
    parser.add_argument("--no-layers", action="store_true")
    parser.add_argument("--table", action="store_true", help="end with the Markdown table")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    compile_once()
    cost_parts.bare_venv()
    mode = choose_isolation(args.isolation)
    n, jobs = max(3, args.submissions), args.jobs
    repeat = max(1, args.repeat)
    base = Baseline(n, jobs)
    table: dict[str, dict] = {}
    print(f"isolation: {mode}; class size {n}; jobs {jobs}; medians of {repeat} runs "
          f"(low to high in brackets); {os.cpu_count()} cores; {load()}")  # fmt: skip
    start_cpu = None  # a sandboxed child's whole start, CPU ms: the floor's first part
    if not args.no_layers:
        print()
        layers = cost_parts.child_layers(mode)
        cost_parts.print_layers(layers)
        if layers[-1][2]:
            start_cpu = statistics.median(layers[-1][2])
    for assignment_id in args.assignments:
        work = Path(tempfile.mkdtemp(prefix="unograde-bench-"))
        try:
            figures = through_command(assignment_id, n, jobs, repeat, base, work)
            parts = cost_parts.worker_parts(assignment_id, CORRECT[assignment_id], mode)
            print(f"\n{assignment_id}: {parts.cases} cases per submission (all)")
            print_command(assignment_id, n, jobs, figures)
            cost_parts.print_worker_parts(assignment_id, parts)
            table[assignment_id] = {"command": figures, "parts": parts}
            if start_cpu is not None:
                table[assignment_id]["floor"] = floor(parts, start_cpu, jobs, figures)
                print_floor(table[assignment_id]["floor"], jobs)
            if not args.no_class:
                table[assignment_id]["class"] = in_process(
                    assignment_id, n, jobs, mode, repeat, base, not args.no_gradebook, work
                )
        finally:
            shutil.rmtree(work, ignore_errors=True)
    print(f"\nbaseline (interleaved with every timed run above): {base.text()}")
    if not args.no_fcd:
        fcd(jobs, mode, base, n)
    if not args.no_fixtures:
        folder = Path(tempfile.mkdtemp(prefix="unograde-bench-fixtures-"))
        try:
            seconds = fixtures(jobs, folder)
        finally:
            shutil.rmtree(folder, ignore_errors=True)
        print(
            f"\nfixtures: 10,000 uno-moves part04 fixtures with solutions, --jobs {jobs}: "
            f"{seconds:.1f} s (target: under 10; bounded by the simulation, in {jobs} processes)"
        )
    print(f"\nat the end: {load()}")
    if args.table:
        print_table(table, n, jobs)


def in_process(assignment_id, n, jobs, mode, repeat, base, record, work) -> dict:
    """The class graded by ``grade_batch`` in this process, at 1 and JOBS jobs."""
    klass = make_class(CORRECT[assignment_id], n, work / "in-process")
    ones, manys = [], []
    for k in range(repeat):
        ones.append(run(assignment_id, klass, 1, mode, work / f"out1-{k}", record))
        manys.append(run(assignment_id, klass, jobs, mode, work / f"outN-{k}", record))
    base.measure()
    dashboard = draw_dashboard(assignment_id, manys[-1]["items"], work / f"outN-{k}")
    one, many = median_run(ones), median_run(manys)
    print(f"  in this process (grade_batch), {many['perfect']}/{many['n']} full marks:")
    print(f"    jobs 1: {one['rate']:.1f} submissions/s ({spread(ones, 'wall')} s)")
    print(
        f"    jobs {jobs}: {many['rate']:.1f} submissions/s ({spread(manys, 'wall')} s); "
        f"speed-up {one['wall'] / many['wall']:.2f}x (target at 2 jobs: at least 1.8)"
    )
    print(
        f"    main process: {spread(manys, 'main_ms')} ms CPU per submission (target: at most "
        "10), " + (f"of which recording in the gradebook: {spread(manys, 'record_ms')} ms"
                   if record else "no gradebook")
    )  # fmt: skip
    print(
        f"    workers: {spread(manys, 'worker_ms')} ms CPU per submission (compare, feedback, "
        f"reports); sandboxed children: {spread(manys, 'child_ms')} ms"
    )
    print(
        f"    class dashboard (index.html, once per batch): {dashboard[0]:.2f} s CPU, "
        f"{dashboard[1]:.2f} s"
    )
    for cores in (16, 64):
        rate, bound = model(many, cores)
        print(f"    model, {cores} cores: about {rate:.0f} submissions/s (bounded by {bound})")
    return {"many": many, "one": one}


def fcd(jobs: int, mode: str, base: Baseline, n: int) -> None:
    one, count = fcd_example_class(1, mode)
    many, _ = fcd_example_class(jobs, mode)
    then, _ = fcd_example_class(jobs, mode, FCD_CLASS_THEN)
    per_start = statistics.median(base.walls["python -c pass"]) / n
    print(
        f"\nfinal-card-down example class ({count} students, every case): "
        f"jobs 1: {one:.2f} s; jobs {jobs}: {many:.2f} s (speed-up {one / many:.2f}x; ratio "
        f"to {count} bare interpreters: {many / (per_start * count):.0f}). "
        f"The class of issue 15 ({', '.join(FCD_CLASS_THEN)}): {then:.2f} s at jobs {jobs}; "
        f"before issue 15: {FCD_BEFORE} s (target: under half, {FCD_BEFORE / 2} s). Bounded "
        "by the sandboxed pytest runs (about 0.17 s each, most of it starting Python and "
        f"pytest), {jobs} at a time across the workers"
    )


def print_table(table: dict, n: int, jobs: int) -> None:
    """The Markdown table docs/speed.md quotes."""
    mr = cost_parts.median_range
    ids = list(table)
    rows = [
        ("cases per submission", lambda t: str(t["parts"].cases)),
        (f"marginal cost of a submission, `--jobs {jobs}`, ms",
         lambda t: mr(t["command"]["marginal"])),
        ("in bare `python -c pass` starts (target 3)",
         lambda t: "**" + mr(t["command"]["ratio"], digits=2) + "**"),
        ("in `python -c pass` starts with this machine's site-packages",
         lambda t: mr(t["command"]["ratio_site"], digits=2)),
        ("in `python -I -S -c pass` starts",
         lambda t: mr(t["command"]["ratio_isolated"], digits=2)),
        ("`grade s.py --out DIR`, s (target 0.6)", lambda t: mr(t["command"]["grade"], digits=2)),
        ("`check s.py`, s (target 0.6)", lambda t: mr(t["command"]["check"], digits=2)),
        ("sandboxed child, CPU ms", lambda t: mr(t["parts"].child_ms)),
        ("worker, CPU ms", lambda t: mr(t["parts"].worker_ms)),
        ("of which judging", lambda t: mr(t["parts"].judge_ms)),
        ("of which reports (4 formats)",
         lambda t: f"{sum(statistics.median(v) for v in t['parts'].formats_ms.values()):.1f}"),
        ("the calls as the child timed them (the submission's code), ms",
         lambda t: mr(t["parts"].student_ms)),
        ("floor (child's start + those calls) / jobs, in bare starts",
         lambda t: f"{t['floor']['starts']:.2f}" if "floor" in t else "-"),
    ]  # fmt: skip
    print("\n| | " + " | ".join(ids) + " |")
    print("|---|" + "---|" * len(ids))
    for label, cell in rows:
        print(f"| {label} | " + " | ".join(cell(table[i]) for i in ids) + " |")


if __name__ == "__main__":
    main()
