"""The grader's side of the sandbox: start a child, hand it cases, read results, clean up.

One child process per submission runs all of that submission's cases, each under
its own wall-clock deadline (enforced here) and CPU budget (enforced in the
child).  The child gets a fresh temporary working directory, a scrubbed
environment, its own session and process group, rlimits on memory, CPU and file
size, and, where bubblewrap is installed, a read-only view of just the system
and the Python standard library, no network, and its own PID namespace.  It is
handed inputs only: the reference package and the fixtures are not in its view.

If a case times out or the child dies, the child is killed (with everything it
started) and a new one takes the remaining cases: one bad case never costs the
others, and nothing a submission does can stop a batch.
"""

from __future__ import annotations

import json
import os
import secrets
import select
import shutil
import signal
import subprocess
import sys
import sysconfig
import tempfile
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..assignment import Limits
from . import harness

HARNESS = Path(harness.__file__).resolve()
MAX_LINE = 32 * 1024 * 1024
STARTUP_GRACE = 10.0  # seconds for the interpreter to start and import the submission


@dataclass(frozen=True)
class Call:
    """One case as the child sees it: which function, which arguments (never the answer)."""

    id: int
    function: str
    args: tuple


@dataclass
class Outcome:
    """What came back for one call, before any comparison."""

    id: int
    status: str  # returned raised missing memory cpu timeout crashed import-error protocol
    value: Any = None
    stdout: str = ""
    dropped: int = 0
    error_type: str = ""
    message: str = ""
    traceback: str = ""
    seconds: float = 0.0
    mutated: bool = False  # the function changed the arguments it was handed


@dataclass
class RunReport:
    outcomes: list[Outcome]
    isolation: str
    import_stdout: str = ""
    restarts: int = 0
    notes: list[str] = field(default_factory=list)


def bwrap_path() -> str | None:
    return shutil.which("bwrap")


_BWRAP_WORKS: dict[str, bool] = {}


def bwrap_usable() -> bool:
    """bubblewrap is installed and can create namespaces here (checked once)."""
    path = bwrap_path()
    if path is None:
        return False
    if path not in _BWRAP_WORKS:
        try:
            probe = subprocess.run(
                [path, "--ro-bind", "/", "/", "--unshare-all", "--die-with-parent", "true"],
                capture_output=True,
                timeout=10,
            )
            _BWRAP_WORKS[path] = probe.returncode == 0
        except (OSError, subprocess.SubprocessError):
            _BWRAP_WORKS[path] = False
    return _BWRAP_WORKS[path]


def choose_isolation(requested: str = "auto") -> str:
    """``bwrap`` or ``rlimits``; ``auto`` takes bubblewrap when it works."""
    if requested == "rlimits":
        return "rlimits"
    if requested == "bwrap":
        if not bwrap_usable():
            raise RuntimeError("bubblewrap (bwrap) is not installed or cannot create namespaces")
        return "bwrap"
    return "bwrap" if bwrap_usable() else "rlimits"


ISOLATION_TEXT = {
    "bwrap": "bubblewrap: read-only system view, no network, own PID namespace, rlimits",
    "rlimits": "rlimits only (no bubblewrap): memory, CPU and file-size limits, own process "
    "group; the submission can read files the grader's user can read",
}


def _python_prefix() -> Path:
    return Path(os.path.realpath(sys.base_prefix))


def _bwrap_command(sub: Path, work: Path) -> list[str]:
    """The bubblewrap prefix: system and stdlib read-only, site-packages hidden."""
    cmd = [
        bwrap_path() or "bwrap",
        "--unshare-all",
        "--die-with-parent",
        "--new-session",
        "--cap-drop",
        "ALL",
    ]
    for top in ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/etc"):
        p = Path(top)
        if p.is_symlink():
            cmd += ["--symlink", os.readlink(p), top]
        elif p.is_dir():
            cmd += ["--ro-bind", top, top]
    prefix = _python_prefix()
    if not str(prefix).startswith("/usr/"):
        cmd += ["--ro-bind", str(prefix), str(prefix)]
    hidden: set[Path] = set()
    for key in ("purelib", "platlib"):
        site = Path(
            os.path.realpath(
                sysconfig.get_paths(vars={"base": str(prefix), "platbase": str(prefix)})[key]
            )
        )
        if site.is_dir() and site not in hidden:
            hidden.add(site)
            cmd += ["--tmpfs", str(site)]
    cmd += [
        "--proc",
        "/proc",
        "--dev",
        "/dev",
        "--tmpfs",
        "/tmp",
        "--ro-bind",
        str(sub),
        "/sandbox/sub",
        "--ro-bind",
        str(HARNESS),
        "/sandbox/harness.py",
        "--bind",
        str(work),
        "/sandbox/work",
        "--chdir",
        "/sandbox/work",
    ]
    return cmd


def _kill_group(proc: subprocess.Popen, token: str) -> None:
    """Kill the child's process group, then anything else that still carries its token."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    try:
        proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        pass
    marker = f"UNOGRADE_SANDBOX={token}".encode()
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            if marker in (entry / "environ").read_bytes():
                os.kill(int(entry.name), signal.SIGKILL)
        except (OSError, ValueError):
            continue


class _Child:
    """One running harness process and its two pipes."""

    def __init__(
        self,
        sub: Path,
        module: str,
        limits: Limits,
        isolation: str,
        extra_paths: list[Path],
        n_calls: int,
        adapter: str | None = None,
    ) -> None:
        self.token = secrets.token_hex(8)
        self.work = Path(tempfile.mkdtemp(prefix="unograde-work-"))
        self.log = self.work.parent / f"{self.work.name}.log"
        in_r, self.in_w = os.pipe()
        self.out_r, out_w = os.pipe()
        inside_sub = "/sandbox/sub" if isolation == "bwrap" else str(sub)
        paths = [inside_sub] + [str(p) for p in extra_paths]
        setup = {
            "root": inside_sub,
            "path": paths,
            "module": module,
            "memory_mb": limits.memory_mb,
            "total_cpu": limits.cpu * max(1, n_calls) + STARTUP_GRACE,
            "import_cpu": max(limits.cpu, 1.0),
            "file_mb": 16,
            "output_chars": limits.output_kb * 1024,
            "adapter": adapter,
        }
        harness_path = "/sandbox/harness.py" if isolation == "bwrap" else str(HARNESS)
        cmd = [
            os.path.realpath(sys.executable),
            "-I",
            "-S",
            "-B",
            harness_path,
            str(in_r),
            str(out_w),
            json.dumps(setup),
        ]
        if isolation == "bwrap":
            cmd = _bwrap_command(sub, self.work) + cmd
        env = {
            "PATH": "/usr/local/bin:/usr/bin:/bin",
            "HOME": "/sandbox/work" if isolation == "bwrap" else str(self.work),
            "LANG": "C.UTF-8",
            "LC_ALL": "C.UTF-8",
            "PYTHONHASHSEED": "0",
            "PYTHONIOENCODING": "utf-8",
            "UNOGRADE_SANDBOX": self.token,
        }
        with open(self.log, "wb") as log:
            self.proc = subprocess.Popen(
                cmd,
                cwd=self.work,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                pass_fds=(in_r, out_w),
                start_new_session=True,
            )
        os.close(in_r)
        os.close(out_w)
        self.buffer = b""

    def send(self, message: dict) -> bool:
        data = (json.dumps(message) + "\n").encode()
        try:
            while data:
                written = os.write(self.in_w, data)
                data = data[written:]
            return True
        except OSError:
            return False

    def receive(self, deadline: float) -> dict | None | str:
        """The next JSON line; ``None`` on EOF, ``"timeout"`` past the deadline."""
        while b"\n" not in self.buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return "timeout"
            ready, _, _ = select.select([self.out_r], [], [], remaining)
            if not ready:
                return "timeout"
            chunk = os.read(self.out_r, 1 << 16)
            if not chunk:
                return None
            self.buffer += chunk
            if len(self.buffer) > MAX_LINE:
                return "protocol"
        line, _, self.buffer = self.buffer.partition(b"\n")
        try:
            message = json.loads(line)
        except ValueError:
            return "protocol"
        return message if isinstance(message, dict) else "protocol"

    def death(self) -> str:
        try:
            code = self.proc.wait(timeout=2)
        except subprocess.TimeoutExpired:
            return "stopped answering"
        if code < 0:
            name = signal.Signals(-code).name if -code in signal.Signals._value2member_map_ else ""
            if -code == signal.SIGXCPU:
                return "ran out of CPU time (SIGXCPU)"
            return f"killed by signal {-code} {name}".strip()
        return f"exited with status {code}"

    def log_tail(self, size: int = 2000) -> str:
        try:
            return self.log.read_bytes()[-size:].decode("utf-8", "replace")
        except OSError:
            return ""

    def close(self) -> None:
        for fd in (self.in_w, self.out_r):
            try:
                os.close(fd)
            except OSError:
                pass
        _kill_group(self.proc, self.token)
        shutil.rmtree(self.work, ignore_errors=True)
        self.log.unlink(missing_ok=True)


class Session:
    """A sandboxed child kept across calls: it imports the submission once and answers call
    after call; after a timeout or a crash it is killed and a fresh one takes the next call.

    ``run_calls`` uses it for a submission's cases; tournaments use it to ask a student's
    strategy for one move after another.
    """

    def __init__(
        self,
        sub: Path,
        module: str,
        limits: Limits,
        isolation: str = "auto",
        extra_paths: list[Path] | None = None,
        adapter: str | None = None,
        expected_calls: int = 1,
    ) -> None:
        self.sub, self.module, self.limits = sub, module, limits
        self.mode = choose_isolation(isolation)
        self.isolation = ISOLATION_TEXT[self.mode]
        self.extra_paths, self.adapter = extra_paths or [], adapter
        self.remaining = max(1, expected_calls)
        self.child: _Child | None = None
        self.failed_import: Outcome | None = None
        self.import_stdout = ""
        self.restarts = -1

    def __enter__(self) -> Session:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        if self.child is not None:
            self.child.close()
            self.child = None

    def _start(self) -> Outcome | None:
        """Start a child; return an outcome for every call if it cannot take any."""
        self.restarts += 1
        self.child = _Child(
            self.sub,
            self.module,
            self.limits,
            self.mode,
            self.extra_paths,
            self.remaining,
            self.adapter,
        )
        first = self.child.receive(time.monotonic() + STARTUP_GRACE + self.limits.timeout)
        if not isinstance(first, dict) or "import" not in first:
            reason = "timed out while importing" if first == "timeout" else self.child.death()
            status = "timeout" if first == "timeout" else "crashed"
            tail = self.child.log_tail()
            self.close()
            return Outcome(
                -1, status, message=f"the submission {reason} before any case ran", stdout=tail
            )
        if not self.import_stdout:
            self.import_stdout = str(first.get("stdout", ""))
        info = first["import"]
        if info.get("status") != "ok":
            self.close()
            return Outcome(
                -1,
                {"memory": "memory", "cpu": "timeout"}.get(info.get("status"), "import-error"),
                error_type=str(info.get("type", "")),
                message=str(info.get("message", "")),
                traceback=str(info.get("traceback", "")),
                stdout=str(first.get("stdout", "")),
            )
        return None

    def call(self, call: Call) -> Outcome:
        """Run one call; never raises for anything the submission does."""
        if self.failed_import is not None:
            return replace(self.failed_import, id=call.id)
        if self.child is None:
            failure = self._start()
            if failure is not None:
                if failure.status in ("import-error", "memory"):
                    self.failed_import = failure  # importing again would fail again
                return replace(failure, id=call.id)
        child = self.child
        assert child is not None
        self.remaining = max(1, self.remaining - 1)
        limits = self.limits
        started = time.monotonic()
        message = {
            "id": call.id,
            "function": call.function,
            "args": harness.encode(call.args),
            "cpu": limits.cpu,
        }
        sent = child.send(message)
        # A little slack past the wall limit lets the child's own CPU timer report a busy
        # loop (no kill, no restart); a sleeping or blocked case still meets the wall.
        reply = child.receive(started + limits.timeout * 1.1 + 0.1) if sent else None
        elapsed = time.monotonic() - started
        if reply == "timeout":
            self.close()
            return Outcome(
                call.id,
                "timeout",
                seconds=elapsed,
                message=f"no result within {limits.timeout:g} s (wall clock)",
            )
        if reply is None or reply == "protocol":
            why = child.death() if reply is None else "sent something that is not a result"
            tail = child.log_tail()
            self.close()
            return Outcome(
                call.id, "crashed", seconds=elapsed, message=f"the process {why}", stdout=tail
            )
        if reply.get("id") != call.id or reply.get("status") not in (
            "returned",
            "raised",
            "missing",
            "memory",
            "cpu",
        ):
            self.close()
            return Outcome(
                call.id,
                "crashed",
                seconds=elapsed,
                message="the process sent a result that does not belong to this case",
            )
        return Outcome(
            id=call.id,
            status="timeout" if reply["status"] == "cpu" else reply["status"],
            value=harness.decode(reply.get("value")),
            stdout=str(reply.get("stdout", "")),
            dropped=int(reply.get("dropped", 0) or 0),
            error_type=str(reply.get("type", "")),
            message=(
                f"used more than {limits.cpu:g} s of CPU time"
                if reply["status"] == "cpu"
                else str(reply.get("message", ""))
            ),
            traceback=str(reply.get("traceback", "")),
            seconds=float(reply.get("seconds", elapsed) or 0.0),
            mutated=bool(reply.get("mutated", False)),
        )


def run_calls(
    sub: Path,
    module: str,
    calls: list[Call],
    limits: Limits,
    isolation: str = "auto",
    extra_paths: list[Path] | None = None,
    adapter: str | None = None,
) -> RunReport:
    """Run ``calls`` against the module ``module`` in folder ``sub``, one child for all of
    them (a fresh one after a timeout or crash); never raises for anything the submission
    does."""
    with Session(sub, module, limits, isolation, extra_paths, adapter, len(calls)) as session:
        outcomes = [session.call(call) for call in calls]
    report = RunReport(outcomes, session.isolation, session.import_stdout)
    report.restarts = max(0, session.restarts)
    return report
