"""Grading programs in any language: the input on stdin, the output read from stdout.

A program submission is recognised by its entry file (``main.py``, ``main.js``,
``Main.java``, ``main.c``, a ``main`` binary, ...) as the assignment's
``[programs]`` table lists them, with how to build it (once) and how to run it.
Each case is a fresh run of the program under the same limits and isolation as a
function submission: wall clock, CPU, memory, output size, a scrubbed
environment, its own process group, and bubblewrap's read-only view where it works.
"""

from __future__ import annotations

import os
import secrets
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from unokit.text import error_line, first_error

from ..textsafe import cap_text, clean_text
from ..vocabulary import Limits, Outcome
from . import turns
from .budget import Budget, Interrupted, current_budget
from .identity import acquire, give
from .sandbox import LAUNCHER as LAUNCHER
from .sandbox import (
    SANDBOX_WORK,
    Tree,
    bwrap_command,
    choose_isolation,
    close_fd,
    confine_command,
    isolation_text,
    private_folder,
    seccomp_pipe,
)

BUILD_TIMEOUT = 120.0
TURNS = Path(turns.__file__).resolve()  # the driver that runs a program on many inputs
TURNS_INSIDE = "/sandbox/turns.py"  # where it is in bubblewrap's view
ERR_BYTES = 8192  # of a run's errors read back (as for a case)
# The signals the launcher's own rlimits send (CPU time, file size): a program killed by one
# ran out of that limit, under either isolation.
_LIMIT_SIGNALS = (signal.SIGXCPU, signal.SIGXFSZ)


# A ``[programs]`` build's limits where its entry gives none (``build_limits``): what a
# compiler needs (javac's JVM, gcc), more than a case, with the time a build always had.
PROGRAM_BUILD_DEFAULTS = {
    "timeout": BUILD_TIMEOUT,
    "cpu": BUILD_TIMEOUT,
    "memory_mb": 2048,
    "output_kb": 64,
    "disk_mb": 256,
    "processes": 128,
}


@dataclass(frozen=True)
class ProgramSpec:
    entry: str
    run: tuple[str, ...]
    build: tuple[str, ...] = ()
    # A served program (``serve = true``) is started once per submission and answers case
    # after case on a line protocol (:mod:`graders.run.served`), instead of a run per case.
    serve: bool = False
    toolchain: str = ""  # a key of graders.run.toolchains (``smlnj``): said once when missing
    # Files of the assignment's folder copied beside the submission (by their own name; the
    # official copies win), e.g. the served program's driver.
    support: tuple[str, ...] = ()
    note: str = ""  # what the submission's notes say it was graded as
    build_limits: Limits = field(default_factory=lambda: Limits(**PROGRAM_BUILD_DEFAULTS))


def program_specs(table: dict) -> list[ProgramSpec]:
    """``[programs]`` of an assignment.toml: ``"main.js" = { run = "node main.js" }``; a
    served one adds ``serve = true`` and may name its ``toolchain``, ``support`` files and
    ``note``; a compiled one its build and, optionally, the build's own limits, as a
    layout's::

        "Main.java" = { build = "javac Main.java", run = "java Main",
                        build_limits = { timeout = 60, memory_mb = 1024 } }
    """
    specs = []
    for entry, spec in table.items():
        given = dict(spec.get("build_limits") or {})
        try:
            limits = Limits(**(PROGRAM_BUILD_DEFAULTS | given))
        except TypeError as exc:
            raise ValueError(f"[programs] {entry!r} build_limits: {exc}") from None
        specs.append(
            ProgramSpec(
                entry,
                tuple(shlex.split(spec["run"])),
                tuple(shlex.split(spec.get("build", ""))),
                serve=bool(spec.get("serve", False)),
                toolchain=str(spec.get("toolchain", "")),
                support=tuple(str(s) for s in spec.get("support", ())),
                note=str(spec.get("note", "")),
                build_limits=limits,
            )
        )
    return specs


def detect(folder: Path, specs: list) -> object | None:
    """The first of ``specs`` (programs, then a course's layouts) that ``folder`` holds."""
    for spec in specs:
        found_in = getattr(spec, "found_in", None)
        if found_in is not None and found_in(folder):
            return spec
        if found_in is None and (folder / spec.entry).is_file():
            return spec
    return None


def _argv(words: tuple[str, ...]) -> list[str]:
    """``python3`` means this interpreter, isolated like a function submission's child."""
    if words and words[0] in ("python", "python3"):
        return [os.path.realpath(sys.executable), "-I", "-S", *words[1:]]
    return list(words)


MAX_REPORT = 6000  # characters of a compiler's report kept (its first errors)


def _safe_name(name: str) -> str:
    """A relative file name inside the working folder (no ``..``, no absolute path)."""
    parts = [p for p in Path(name).parts if p not in ("", ".", "..", "/")]
    return "/".join(parts) or "input"


def _remove(path: Path) -> None:
    try:
        path.unlink()
    except OSError:
        pass


def _signal_name(code: int) -> str:
    try:
        return signal.Signals(code).name
    except ValueError:
        return str(code)


def classify(
    case_id: int, code: int | None, stdout: str, stderr: str, elapsed: float,
    timed_out: bool, memory: bool, limits: Limits, timeout: float, cpu: float,
) -> Outcome:  # fmt: skip
    """What one run of a program came to, from how it ended (``code``: its exit status, or
    minus the signal that killed it; None when it was still running at ``timeout``), what it
    printed (``stdout``, read up to one character past the cap) and its errors."""
    out_cap = limits.output_kb * 1024
    base = Outcome(case_id, "returned", value=stdout[:out_cap], stdout=stderr, seconds=elapsed)
    if len(stdout) > out_cap and not timed_out:
        base.status = "crashed"
        base.message = f"printed more than {limits.output_kb} KB (the output limit)"
    elif timed_out:
        base.status, base.message = "timeout", f"no answer within {timeout:g} s (wall clock)"
    elif memory:
        base.status, base.message = "memory", "ran out of memory"
    elif code is not None and code < 0:
        sig = -code
        if sig == signal.SIGXCPU:
            base.status, base.message = "timeout", f"used more than {cpu:g} s of CPU time"
        elif sig == signal.SIGXFSZ or len(stdout) > out_cap:
            base.status = "crashed"
            base.message = f"printed more than {limits.output_kb} KB (the output limit)"
        elif "out of memory" in stderr.lower() or "MemoryError" in stderr:
            base.status, base.message = "memory", "ran out of memory"
        else:
            base.status, base.message = "crashed", f"killed by signal {_signal_name(sig)}"
    elif code:
        if "MemoryError" in stderr or "out of memory" in stderr.lower():
            base.status, base.message = "memory", "ran out of memory"
        else:
            base.status = "crashed"
            base.message = f"exited with status {code}" + error_line(stderr)
    return base


def _frames(data: bytes, token: str, n: int, first_id: int, limits: Limits) -> list[Outcome]:
    """The runs ``turns.py`` framed in ``data``, each as ``classify`` sees it, up to the
    first frame that is not one (another token, another index, a length that does not fit)
    or the first run that did not return."""
    out_cap = limits.output_kb * 1024
    outcomes: list[Outcome] = []
    pos = 0
    for index in range(n):
        end = data.find(b"\n", pos, pos + 256)
        if end < 0:
            break
        head = data[pos:end].split(b" ")
        if len(head) != 7 or head[0] != token.encode() or head[1] != str(index).encode():
            break
        kind = head[2].decode("ascii", "replace")
        try:
            code, ms, out_len, err_len = int(head[3]), int(head[4]), int(head[5]), int(head[6])
        except ValueError:
            break
        fits = 0 <= out_len <= out_cap + 1 and 0 <= err_len <= ERR_BYTES
        start = end + 1
        if kind not in ("exit", "timeout", "nostart") or not fits:
            break
        if start + out_len + err_len > len(data):
            break
        printed = data[start : start + out_len].decode("utf-8", "replace")
        errors = data[start + out_len : start + out_len + err_len].decode("utf-8", "replace")
        pos = start + out_len + err_len
        timed_out = kind == "timeout"
        outcome = classify(
            first_id + index, None if timed_out else code, printed, clean_text(errors)[-2000:],
            max(0, ms) / 1000, timed_out, False, limits, limits.timeout, limits.cpu,
        )  # fmt: skip
        outcomes.append(outcome)
        if outcome.status != "returned":
            break
    return outcomes


class ProgramRunner:
    """One submission's program: built once in its own working copy, then run per case.

    Under bubblewrap each run's working folder is a fresh tmpfs of the disk cap, holding the
    working copy's top-level entries bound read-only: a run may write new files there (up
    to the cap) but never changes what the next run sees.  The build step alone writes to
    the working copy itself.  Every wait is cut at the submission's budget.
    """

    def __init__(
        self,
        folder: Path,
        spec: ProgramSpec,
        limits: Limits,
        isolation: str = "auto",
        budget: Budget | None = None,
        shared: tuple[str, ...] = (),
        system: tuple[str, ...] = (),
    ):
        """``shared`` names top-level entries of ``folder`` that, under bubblewrap, are not
        copied but bound read-only from ``folder`` itself (a library every run uses, such as
        pytest: copying it for each run cost more than the run). Without bubblewrap nothing
        is read-only, so they are copied like the rest: one run cannot change the next's.
        ``system``: host folders a toolchain reads beyond the sandbox's system view, bound
        read-only at the same paths (bubblewrap; without it they are where they are)."""
        self.system = [(Path(p), p) for p in system if Path(p).is_dir()]
        self.spec, self.limits = spec, limits
        self.mode = choose_isolation(isolation)
        self.isolation = isolation_text(self.mode, limits)
        self.budget = budget or current_budget()
        # A grader running as root runs every build and run as an unprivileged identity of
        # this runner's, which owns the working copy (the build writes there).
        self.identity = acquire()
        if self.mode == "bwrap":
            # Bound into the sandbox (bubblewrap, without capabilities, must enter it): in
            # the run's scratch folder, which no other user of the host can reach.
            self.work = Path(tempfile.mkdtemp(prefix="unograde-prog-"))
        else:
            self.work = private_folder(self.identity, "unograde-prog-")
        if self.mode != "bwrap":
            shared = ()
        self.shared = [(Path(folder) / name, name) for name in shared]
        shutil.copytree(
            folder,
            self.work,
            dirs_exist_ok=True,
            symlinks=True,
            ignore=lambda where, names: shared if Path(where) == Path(folder) else (),
        )
        give(self.work, self.identity)
        os.chmod(self.work, 0o700 if self.mode != "bwrap" and self.identity else 0o755)

    def close(self) -> None:
        shutil.rmtree(self.work, ignore_errors=True)
        if self.identity is not None:
            self.identity.release()
            self.identity = None

    def __enter__(self) -> ProgramRunner:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _entries(self) -> list[tuple[Path, str]]:
        """The working copy's top-level files and folders, as read-only binds (no links), and
        the shared entries from where they are."""
        binds = [(source, f"{SANDBOX_WORK}/{name}") for source, name in self.shared]
        for entry in sorted(self.work.iterdir()):
            if entry.is_symlink() or not (entry.is_file() or entry.is_dir()):
                continue
            binds.append((entry, f"{SANDBOX_WORK}/{entry.name}"))
        return binds

    def _command(
        self, words: tuple[str, ...], cpu: float, output_bytes: int, build: bool,
        limits: Limits, inputs: list[tuple[Path, str]], driver: bool = False,
        seccomp_fd: int | None = None,
    ) -> list[str]:  # fmt: skip
        """The child's command line; with ``driver``, ``words`` are the arguments of
        ``turns.py``, which the launcher runs in its own interpreter (no second start).
        Under bubblewrap, ``seccomp_fd`` is the filter it loads (``seccomp_pipe``)."""
        argv = _argv(words) if not driver else [self._turns_path(), *words]
        address_space = not driver and argv[0] == os.path.realpath(sys.executable)
        # 0: no memory rlimit (a sanitizer's shadow memory; the cgroup still bounds it)
        keep = build or getattr(self.spec, "rlimit_memory", True)
        memory = int(limits.memory_mb) if keep else 0
        caps = [
            "--limits",
            str(memory),
            repr(float(cpu)),
            str(int(output_bytes)),
            "1" if address_space else "0",
        ]
        confine = confine_command(
            self.identity, mode=self.mode, nproc=limits.processes, python=driver
        )
        launcher = confine + caps + ["--", *argv]
        if self.mode == "bwrap":
            binds = list(self.system)
            if driver:
                binds.append((TURNS, TURNS_INSIDE))
            if build:
                shared = [(source, f"{SANDBOX_WORK}/{name}") for source, name in self.shared]
                prefix = bwrap_command(
                    limits.disk_mb, work=self.work, ro_binds=binds + shared, seccomp_fd=seccomp_fd
                )
            else:
                mounted = [(source, f"{SANDBOX_WORK}/{name}") for source, name in inputs]
                prefix = bwrap_command(
                    limits.disk_mb,
                    ro_binds=binds + self._entries() + mounted,
                    seccomp_fd=seccomp_fd,
                )
            return prefix + launcher
        return launcher

    def _run(
        self,
        words: tuple[str, ...],
        stdin: str,
        timeout: float,
        cpu: float,
        case_id: int,
        build: bool = False,
        limits: Limits | None = None,
        files: Sequence[tuple[str, bytes]] = (),
        stdout_bytes: int | None = None,
        driver: bool = False,
    ) -> Outcome:
        """One run of ``words``; ``files`` (name, bytes) are put read-only in its working
        folder first (a case's input file), and taken away after.  With ``stdout_bytes``
        the outcome's value is what it printed as bytes, up to that many, unjudged (the
        frames of ``turns.py``, run with ``driver``)."""
        limits = limits or self.limits
        if self.budget.expired:
            self.budget.hit = True
            return Outcome(case_id, "not-run", message=self.budget.reason())
        out_cap = limits.output_kb * 1024
        try:
            tree = Tree(limits, self.identity)
        except Interrupted:
            return Outcome(case_id, "not-run", message="not run: grading was interrupted")
        home = SANDBOX_WORK if self.mode == "bwrap" else str(self.work)
        inputs = self._place(files)
        try:
            with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
                started = time.monotonic()
                # A build writes files (objects, the program): its file-size cap is the
                # disk's, not what a case may print; what it prints is still read up to the cap.
                size = max(limits.disk_mb, 1) << 20 if build else out_cap + 1
                if stdout_bytes is not None:
                    size = stdout_bytes
                filter_fd = seccomp_pipe() if self.mode == "bwrap" else None
                try:
                    command = self._command(
                        words, cpu, size, build, limits, inputs, driver, filter_fd
                    )
                    proc = subprocess.Popen(
                        tree.command(command),
                        cwd=self.work,
                        env=tree.env(home),
                        stdin=subprocess.PIPE,
                        stdout=out,
                        stderr=err,
                        pass_fds=() if filter_fd is None else (filter_fd,),
                        start_new_session=True,
                    )
                finally:
                    close_fd(filter_fd)
                tree.started(proc)
                try:
                    proc.stdin.write(stdin.encode())
                    proc.stdin.close()
                except OSError:
                    pass
                timed_out = over_budget = False
                wait = self.budget.cap(started + timeout) - started
                try:
                    code = proc.wait(timeout=max(0.0, wait))
                except subprocess.TimeoutExpired:
                    timed_out, code = True, None
                    over_budget = self.budget.expired
                elapsed = time.monotonic() - started
                memory = tree.memory_exceeded()
                tree.kill()
                out.seek(0)
                printed = out.read(out_cap + 1 if stdout_bytes is None else stdout_bytes)
                stdout = printed.decode("utf-8", "replace")
                err.seek(0)
                stderr = clean_text(
                    err.read(8192 if not build else 32768).decode("utf-8", "replace")
                )
        finally:
            tree.close()
            self._unplace(inputs)
        if self.mode == "bwrap" and code is not None and code - 128 in _LIMIT_SIGNALS:
            code = 128 - code  # bubblewrap exits 128 + N for a child killed by signal N
        if over_budget:
            self.budget.hit = True
        if stdout_bytes is not None:  # the frames read so far count, even when cut short
            status = "timeout" if timed_out else "memory" if memory else "returned"
            message = f"exit status {code}" if code else ""
            if over_budget:
                status, message = "not-run", self.budget.reason()
            return Outcome(case_id, status, value=printed, stdout=stderr[-2000:],
                           seconds=elapsed, message=message)  # fmt: skip
        if over_budget:
            return Outcome(case_id, "not-run", seconds=elapsed, message=self.budget.reason())
        # A build's messages are read from the top (the first error); a run's from the end.
        kept = stderr[:16000] if build else stderr[-2000:]
        return classify(
            case_id, code, stdout, kept, elapsed, timed_out, memory, limits, timeout, cpu
        )

    def _place(self, files: Sequence[tuple[str, bytes]]) -> list[tuple[Path, str]]:
        """Write ``files`` where the run will read them: under bubblewrap in a folder of
        their own, bound read-only into the working folder; otherwise into the working copy
        itself (read-only, the grader's), taken away after the run."""
        if not files:
            return []
        placed = []
        folders = {_safe_name(name).rpartition("/")[0] for name, _ in files}
        if self.mode == "bwrap" and len(files) > 1 and len(folders) == 1 and "" not in folders:
            # Many files of one folder (a probe's turns): one bind of the folder, not one each.
            holder = Path(tempfile.mkdtemp(prefix="unograde-input-"))
            os.chmod(holder, 0o755)
            inner = holder / "d"
            inner.mkdir(mode=0o755)
            for name, data in files:
                source = inner / _safe_name(name).rpartition("/")[2]
                source.write_bytes(data)
                os.chmod(source, 0o444)
            return [(inner, folders.pop())]
        if self.mode == "bwrap":
            holder = Path(tempfile.mkdtemp(prefix="unograde-input-"))
            os.chmod(holder, 0o755)
            for k, (name, data) in enumerate(files):
                source = holder / f"{k}"
                source.write_bytes(data)
                os.chmod(source, 0o444)
                placed.append((source, _safe_name(name)))
            return placed
        for name, data in files:
            target = self.work / _safe_name(name)
            target.parent.mkdir(parents=True, exist_ok=True)
            if target.exists() or target.is_symlink():
                _remove(target)
            target.write_bytes(data)
            os.chmod(target, 0o444)
            placed.append((target, _safe_name(name)))
        return placed

    def _unplace(self, placed: list[tuple[Path, str]]) -> None:
        for source, _ in placed:
            _remove(source)
        if placed and self.mode == "bwrap":
            shutil.rmtree(placed[0][0].parent, ignore_errors=True)

    def _turns_path(self) -> str:
        return TURNS_INSIDE if self.mode == "bwrap" else str(TURNS)

    def run_each(
        self, first_id: int, words: tuple[str, ...], inputs: Sequence[tuple[str, bytes]]
    ) -> list[Outcome]:
        """The program ``words`` run on each of ``inputs`` (name, bytes) in turn, the word
        ``{input}`` replaced by the file's name, all in ONE sandboxed child (``turns.py``):
        one sandbox start for a probe's dozens of runs, not one each.  Each run has the
        limits of a case (wall clock, CPU, output) and the child's memory, process and disk
        caps.  The outcomes, one per run as ``run`` would give it (the value: what it
        printed), stop at the first that did not return: the driver runs no further.  A
        list ending in ``not-run`` when the budget ran out.  Reading back, a frame is
        believed only with this run's secret token and the next index (see ``turns.py``),
        so a program cannot forge another run's answer.
        """
        if not inputs:
            return []
        limits, n = self.limits, len(inputs)
        out_cap = limits.output_kb * 1024
        token = secrets.token_hex(16)
        names = [_safe_name(name) for name, _ in inputs]
        stdin = token + "\n" + "".join(f"{name}\n" for name in names)
        args = (repr(float(limits.timeout)), repr(float(limits.cpu)), str(out_cap),
                str(ERR_BYTES), "--", *words)  # fmt: skip
        frame = out_cap + 1 + ERR_BYTES + 128
        # The driver's own wall clock and CPU: every run's and its own start, at most.
        wall = n * (limits.timeout + 0.5) + 5.0
        whole = self._run(
            args, stdin, wall, n * limits.cpu + 5.0, first_id, files=inputs,
            stdout_bytes=n * frame, driver=True,
        )  # fmt: skip
        outcomes = _frames(whole.value or b"", token, n, first_id, limits)
        if outcomes and outcomes[-1].status != "returned":
            if whole.status == "memory":
                outcomes[-1].status, outcomes[-1].message = "memory", "ran out of memory"
            return outcomes
        if len(outcomes) < n:  # the child ended before the driver had said every run
            k = first_id + len(outcomes)
            if whole.status == "not-run":
                outcomes.append(Outcome(k, "not-run", message=whole.message))
            elif whole.status == "timeout":
                message = f"no answer within {limits.timeout:g} s (wall clock)"
                outcomes.append(Outcome(k, "timeout", message=message))
            elif whole.status == "memory":
                outcomes.append(Outcome(k, "memory", message="ran out of memory"))
            else:
                said = f" ({whole.message})" if whole.message else ""
                message = f"its run was cut short{said}" + error_line(whole.stdout)
                outcomes.append(Outcome(k, "crashed", message=message, stdout=whole.stdout))
        return outcomes

    def build(self) -> Outcome | None:
        """Build once (``javac``, ``gcc``...) under the entry's build limits; None when it
        built, else what every case gets: a ``compile-error`` with the compiler's first
        error and its report, as a layout's part (``compile``), or ``not-run``."""
        if not self.spec.build:
            return None
        return self.compile(self.spec.build, self.spec.build_limits)

    def run(
        self,
        case_id: int,
        stdin: str,
        args: tuple[str, ...] = (),
        words: tuple[str, ...] | None = None,
        files: Sequence[tuple[str, bytes]] = (),
    ) -> Outcome:
        """One case: ``stdin`` on standard input, ``args`` after the program's own command
        (``words``, the spec's run command by default); ``files`` put read-only in its
        working folder (a case's input file)."""
        command = (self.spec.run if words is None else words) + tuple(args)
        return self._run(command, stdin, self.limits.timeout, self.limits.cpu, case_id, files=files)

    def compile(self, words: tuple[str, ...], limits: Limits) -> Outcome | None:
        """One compiler run in the working copy, under the build ``limits`` (a compiler
        needs more than a case); None when it built, else an outcome saying why not: a
        ``compile-error`` with the compiler's first error as its message and its report (cut
        to a bounded size) as its traceback, or the limit it ran out of."""
        result = self._run(words, "", limits.timeout, limits.cpu, -1, build=True, limits=limits)
        if result.status == "returned":
            return None
        if result.status == "not-run":
            return result
        report = cap_text(result.stdout.strip() or result.value.strip(), MAX_REPORT)
        if result.status == "crashed" and result.message.startswith("exited with status"):
            result.status = "compile-error"
            result.message = first_error(report) or result.message
        else:  # a limit: the compiler's own time, memory or output
            result.status = "compile-error"
            result.message = f"the build ran out of its limits: {result.message}"
        result.error_type = "CompileError"
        result.traceback = report
        result.value, result.stdout = None, ""
        return result
