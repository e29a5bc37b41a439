"""Where a submission's CPU goes: the pieces the benchmarks print (measurements only).

- :func:`bare_starts`: the baselines, COUNT starts JOBS at a time, wall seconds for all of
  them (what ``bench_grade`` interleaves with its graded runs): ``python -c pass`` in a fresh
  virtual environment (the bare start: no site-packages ``.pth`` file of the machine's), the
  same with this machine's site-packages, and ``python -I -S -c pass``;
- :func:`child_layers`: a sandboxed child's start, one layer at a time, each built with the
  grader's own functions (``graders.run.sandbox``): the interpreter (``-I -S``), the launcher
  (``launch.pyc``, compiled once by the grader), then as the mode has it: without
  bubblewrap the seccomp filter loaded by the launcher and ``setpriv`` to the child's
  unprivileged user; with it ``setpriv``, bubblewrap's view, the filter loaded by
  bubblewrap; last the control group's join; each layer's wall milliseconds per start and
  its CPU milliseconds (read from a control group of its own, which counts bubblewrap's
  namespaces too), the layers measured round after round, interleaved;
- :func:`worker_parts`: one submission graded and reported in this process, as a worker
  does it, again and again: the worker's own CPU split into judging (the verdicts and their
  messages), each report format (rendered and written, timed one format at a time on the
  same result) and the rest (the sandbox's pipes, reading the replies, bookkeeping), and the
  sandboxed child's CPU (from its control group).
"""

from __future__ import annotations

import dataclasses
import os
import resource
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

BARE_VENV = Path(tempfile.gettempdir()) / "unograde-bench-bare-venv"

SITE = "python -c pass, this machine's site-packages"
BARE = {
    # The bare interpreter start the targets are stated in: ``python -c pass`` with its
    # ``site``, in a fresh virtual environment whose site-packages is empty, so that no
    # ``.pth`` file a machine's site-packages holds (a container's certifi hook, coverage's,
    # setuptools') is counted in it. Made by ``bare_venv()``.
    "python -c pass": [str(BARE_VENV / "bin" / "python"), "-c", "pass"],
    # The same interpreter as this machine runs it, every .pth file included.
    SITE: [sys.executable, "-c", "pass"],
    # What a sandboxed child starts: no site at all.
    "python -I -S -c pass": [sys.executable, "-I", "-S", "-c", "pass"],
}


def bare_venv() -> Path:
    """A virtual environment of this interpreter with nothing installed (``python -m venv
    --without-pip``), made once: its ``python -c pass`` is the bare start."""
    python = BARE_VENV / "bin" / "python"
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", "--without-pip", "--clear", str(BARE_VENV)],
                       check=True)  # fmt: skip
    site = subprocess.run([str(python), "-c", "import site; print(site.getsitepackages()[0])"],
                          check=True, capture_output=True, text=True).stdout.strip()  # fmt: skip
    extra = sorted(p.name for p in Path(site).glob("*.pth"))
    if extra:
        raise SystemExit(f"the bare virtual environment {BARE_VENV} holds .pth files: {extra}")
    return python


def bare_starts(command: list[str], count: int, jobs: int) -> float:
    """Wall seconds for ``count`` starts of ``command``, ``jobs`` at a time."""
    started = time.perf_counter()
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        list(pool.map(lambda _: subprocess.run(command, check=True), range(count)))
    return time.perf_counter() - started


def median_range(values: list[float], scale: float = 1.0, digits: int = 1) -> str:
    """``median (low to high)``, each times ``scale``."""
    ordered = sorted(v * scale for v in values)
    middle = statistics.median(ordered)
    if len(ordered) == 1:
        return f"{middle:.{digits}f}"
    return f"{middle:.{digits}f} ({ordered[0]:.{digits}f} to {ordered[-1]:.{digits}f})"


def _own_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


Layer = tuple[str, list[str], bool]  # name, command, whether bubblewrap loads the filter


def _layer_commands(mode: str) -> tuple[list[Layer], object, Path]:
    """(name, command, bubblewrap loads the seccomp filter) for each layer, cumulative, as
    the grader builds them for ``mode``; the identity taken; the folder of the empty script
    the launcher runs.  Without bubblewrap the launcher loads the filter (``ctypes``);
    under it, bubblewrap does (``--seccomp FD``, a pipe made per start) and the launcher
    loads nothing."""
    from graders.run import seccomp
    from graders.run.identity import acquire
    from graders.run.sandbox import bwrap_command, confine_command, launcher_file
    from graders.vocabulary import Limits

    limits = Limits()
    identity = acquire()
    folder = Path(tempfile.mkdtemp(prefix="unograde-bench-layers-"))
    os.chmod(folder, 0o755)
    script = folder / "empty.py"
    script.write_text("")
    os.chmod(script, 0o644)
    python = [os.path.realpath(sys.executable), "-I", "-S"]
    launcher = [*python, "-B", str(launcher_file())]
    rules = seccomp.available(False)
    filtered = launcher + (["--seccomp", rules.program.hex()] if rules is not None else [])
    tail = ["--python", "--", str(script)]
    layers: list[Layer] = [
        ("interpreter (python -I -S -c pass)", [*python, "-c", "pass"], False),
        ("+ launcher (launch.pyc, compiled once by the grader)", launcher + tail, False),
    ]
    setpriv = (
        "+ setpriv to the child's own user"
        if identity is not None
        else "+ (no setpriv: the grader is not root)"
    )
    if mode != "bwrap":
        confined = confine_command(identity, mode=mode, nproc=limits.processes, python=True)
        layers += [
            ("+ seccomp filter loaded by the launcher (ctypes)", filtered + tail, False),
            (setpriv, confined + ["--", str(script)], False),
        ]
        return layers, identity, folder
    confined = confine_command(identity, mode=mode, nproc=limits.processes, python=True)
    unwrapped = (identity.setpriv() if identity is not None else []) + launcher + tail
    binds = [(script, "/sandbox/empty.py")]
    command = confined + ["--", "/sandbox/empty.py"]
    bare_view = bwrap_command(limits.disk_mb, ro_binds=binds, seccomp_fd=None)
    layers += [
        (setpriv, unwrapped, False),
        ("+ bubblewrap's view (no filter)", bare_view + command, False),
    ]
    if rules is not None:
        # the fd's number is put in at each start (``_with_filter``)
        with_filter = bwrap_command(limits.disk_mb, ro_binds=binds, seccomp_fd=FD_MARK)
        layers.append(("+ seccomp filter loaded by bubblewrap", with_filter + command, True))
    return layers, identity, folder


FD_MARK = -1  # where a layer's command takes the filter's pipe, made afresh per start


def _with_filter(command: list[str], fd: int) -> list[str]:
    return [str(fd) if word == str(FD_MARK) else word for word in command]


def child_layers(mode: str, rounds: int = 20) -> list[tuple[str, list[float], list[float]]]:
    """Each layer of a child's start: (name, wall ms per start, CPU ms per start), one value
    per round; a last layer adds the control group's join (``sh`` writing its pid), which is
    how every child starts where the machine has control groups."""
    from graders.run import cgroups
    from graders.run.sandbox import _group_caps, close_fd, seccomp_pipe
    from graders.vocabulary import Limits

    layers, identity, folder = _layer_commands(mode)
    last = layers[-1]
    layers.append(("+ control group joined (the whole start)", last[1], last[2]))
    walls: dict[str, list[float]] = {name: [] for name, _, _ in layers}
    cpus: dict[str, list[float]] = {name: [] for name, _, _ in layers}
    caps = _group_caps(Limits())
    try:
        for _ in range(rounds):
            for k, (name, command, filtered) in enumerate(layers):
                # Every layer's CPU is read from a control group of its own (bubblewrap's
                # namespaces are counted there, not in RUSAGE_CHILDREN); only the last layer
                # is started by the group's join (``sh``), the others are moved in by pid.
                group = cgroups.Group.create(secrets.token_hex(6), caps)
                joined = k == len(layers) - 1
                started = time.perf_counter()
                fd = seccomp_pipe() if filtered else None  # as the grader does, per start
                if fd is not None:
                    command = _with_filter(command, fd)
                argv = group.wrap(command) if (group is not None and joined) else command
                try:
                    proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL,
                                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                            start_new_session=True,
                                            pass_fds=() if fd is None else (fd,),
                                            preexec_fn=None if joined or group is None
                                            else _enter(group))  # fmt: skip
                finally:
                    close_fd(fd)
                code = proc.wait()
                walls[name].append(1000 * (time.perf_counter() - started))
                if code != 0:
                    raise RuntimeError(f"{name}: exited with {code}: {argv}")
                if group is not None:
                    cpus[name].append(1000 * group.cpu_seconds())
                    group.remove()
    finally:
        if identity is not None:
            identity.release()
        for path in folder.iterdir():
            path.unlink()
        folder.rmdir()
    return [(name, walls[name], cpus[name]) for name, _, _ in layers]


def _enter(group):
    """A ``preexec_fn`` moving the new process into ``group`` (no ``sh`` in between)."""
    targets = [d / "cgroup.procs" for d in group.dirs.values()]

    def enter() -> None:
        for target in targets:
            with open(target, "w") as handle:
                handle.write(str(os.getpid()))

    return enter


@dataclasses.dataclass
class WorkerParts:
    rounds: int
    cases: int
    worker_ms: list[float]  # the worker's own CPU per submission
    judge_ms: list[float]  # of which judging
    child_ms: list[float]  # the sandboxed child's CPU per submission
    wall_ms: list[float]  # one submission's wall clock, graded alone
    formats_ms: dict[str, list[float]]  # each report format, rendered and written
    # The submission's own code: the sum of its cases' seconds as the child timed each call
    # (the student's function alone, around nothing of ours).
    student_ms: list[float] = dataclasses.field(default_factory=list)


def worker_parts(assignment_id: str, source: Path, mode: str, rounds: int = 5) -> WorkerParts:
    """One submission graded and reported here as a worker does it, ``rounds`` times."""
    from graders.assignment import load_assignment
    from graders.grade import engine
    from graders.grade.batch import fixtures_fingerprint
    from graders.grade.failures import code_of
    from graders.grade.workers import Settings, grade_and_report
    from graders.report import write_reports
    from graders.run import cgroups
    from graders.submission import load_submissions

    assignment = load_assignment(assignment_id)
    cases = assignment.cases()
    out = Path(tempfile.mkdtemp(prefix="unograde-bench-parts-"))
    formats = ["json", "md", "html", "gradescope"]
    fingerprint = fixtures_fingerprint(assignment, assignment.limits, cases)
    settings = Settings(
        assignment=assignment, cases=tuple(cases), limits=assignment.limits,
        formats=tuple(formats), out_dir=out, isolation=mode, fingerprint=fingerprint,
        full_results=True, scratch=None, grader_code=code_of(assignment),
    )  # fmt: skip
    submission = load_submissions(source, assignment.module)[0]
    judged = [0.0]
    judge = engine.judge

    def timed_judge(*args, **kwargs):
        before = time.thread_time()
        try:
            return judge(*args, **kwargs)
        finally:
            judged[0] += time.thread_time() - before

    parts = WorkerParts(rounds, len(cases), [], [], [], [], {f: [] for f in formats})
    engine.judge = timed_judge
    try:
        grade_and_report(settings, dataclasses.replace(submission, name="warm"))
        for k in range(rounds):
            sub = dataclasses.replace(submission, name=f"s{k}")
            judged[0] = 0.0
            cpu, child, started = _own_cpu(), cgroups.USED.seconds, time.perf_counter()
            done = grade_and_report(settings, sub)
            parts.wall_ms.append(1000 * (time.perf_counter() - started))
            parts.worker_ms.append(1000 * (_own_cpu() - cpu))
            parts.child_ms.append(1000 * (cgroups.USED.seconds - child))
            parts.judge_ms.append(1000 * judged[0])
            parts.student_ms.append(1000 * sum(c.seconds for c in done.result.cases))
            for fmt in formats:
                folder = out / f"format-{k}"
                before = _own_cpu()
                write_reports(done.result, folder, [fmt], assignment.show_hidden, assignment)
                parts.formats_ms[fmt].append(1000 * (_own_cpu() - before))
    finally:
        engine.judge = judge
        import shutil

        shutil.rmtree(out, ignore_errors=True)
    return parts


def print_layers(layers: list[tuple[str, list[float], list[float]]]) -> None:
    print("  a sandboxed child's start, layer by layer (ms per start: wall; CPU):")
    previous = None
    for name, walls, cpus in layers:
        cpu = median_range(cpus) if cpus else "(no control group to read)"
        step = ""
        if previous is not None and cpus and previous:
            step = f"; this layer: {statistics.median(cpus) - statistics.median(previous):+.1f}"
        print(f"    {name}: {median_range(walls)}; CPU {cpu}{step}")
        previous = cpus


def print_worker_parts(assignment_id: str, parts: WorkerParts) -> None:
    worker = statistics.median(parts.worker_ms)
    judged = statistics.median(parts.judge_ms)
    formats = {f: statistics.median(v) for f, v in parts.formats_ms.items()}
    rest = worker - judged - sum(formats.values())
    print(
        f"  {assignment_id}, one correct submission graded alone ({parts.cases} cases, "
        f"medians of {parts.rounds}): wall {median_range(parts.wall_ms)} ms; "
        f"sandboxed child CPU {median_range(parts.child_ms)} ms; worker CPU "
        f"{median_range(parts.worker_ms)} ms, of which judging {median_range(parts.judge_ms)}, "
        + ", ".join(f"{f} {median_range(v)}" for f, v in parts.formats_ms.items())
        + f" (each report format), the rest (pipes, replies, bookkeeping) about {rest:.1f}; "
        f"its calls as the child timed them (the submission's own code; with an adapter, "
        f"the adapter's too) "
        f"{median_range(parts.student_ms)} ms"
    )
