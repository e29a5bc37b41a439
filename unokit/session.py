"""A self-check's runs: the student's module in a child process, one case after another.

The child is the grader's own sandbox harness (``harness.py``, carried in the kit), started
as the grader starts it, ``python -I -S``: no site-packages, so a module that imports what
the grader will not have fails here too.  It is reached over the child's standard input and
output, which every platform has, but replies on neither: ``child.py`` moves both pipes to
private descriptors before the student's module is imported, so what the student's code or
a process it starts prints cannot pass for (or break) a reply, as in the grader, whose
harness has pipes of its own.  It gets no rlimits (the grader enforces those) and, where the
platform has one, a CPU timer per case.  Each case also has a
wall-clock deadline, kept here: a case that passes it ends the child, and a fresh one takes
the next case.  All cases together get the assignment's time budget.

The kit's side only (the grader runs its sandbox, :mod:`graders.run.sandbox`).
"""

from __future__ import annotations

import json
import os
import queue
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .loader import load_module
from .notebook import NotebookError, notebook_code, syntax_problem
from .text import clean_text

STARTUP_GRACE = 10.0  # seconds for the interpreter to start and import the submission
MAX_LINE = 32 * 1024 * 1024
MAX_SOURCE_BYTES = 10 * 1024 * 1024
REPLY_STATUSES = ("returned", "raised", "missing", "memory", "cpu")
ADAPTER_MODULE = "_unograde_adapter"  # the name the grader gives it too (tracebacks skip it)
CHILD = Path(__file__).resolve().with_name("child.py")  # starts the harness on private pipes


@dataclass
class Run:
    """What came back for one case, before any verdict (``status`` as the grader's)."""

    status: str
    value: Any = None
    stdout: str = ""
    dropped: int = 0
    error_type: str = ""
    message: str = ""
    traceback: str = ""
    seconds: float = 0.0
    mutated: bool = False


@dataclass(frozen=True)
class Call:
    """One case as the child sees it: which function and which arguments."""

    id: int
    function: str
    args: tuple


@dataclass
class Prepared:
    """The student's work as the child will import it: a folder holding ``<module>.py``."""

    folder: Path | None
    problem: str | None
    notes: list[str]
    # A notebook's module line -> (code cell, line in it): tracebacks name the cell.
    where: dict[int, tuple[int, int]] = field(default_factory=dict)


def prepare(
    source: Path,
    module: str,
    helpers: Sequence[Path] = (),
    provided: Sequence[Path] = (),
    adapter: Path | None = None,
) -> Prepared:
    """A fresh folder with ``source`` (a ``.py`` file or a notebook) as ``<module>.py``, the
    student's other ``.py`` files (``helpers``), the assignment's provided files (the official
    copies win, as in the grader) and its adapter.  A source that cannot be read or compiled is
    a ``problem`` naming the place, never an exception."""
    notes: list[str] = []
    try:
        data = source.read_bytes()
    except OSError as exc:
        return Prepared(None, f"{source.name}: cannot be read ({exc.strerror or exc})", notes)
    where: dict[int, tuple[int, int]] = {}
    if source.suffix == ".ipynb":
        try:
            text, notes, where = notebook_code(data, source.name)
        except NotebookError as exc:
            return Prepared(None, str(exc), notes)
    else:
        if len(data) > MAX_SOURCE_BYTES:
            return Prepared(None, f"{source.name} is larger than 10 MB", notes)
        if not data.strip():
            return Prepared(None, f"{source.name} is empty", notes)
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            line = data[: exc.start].count(b"\n") + 1
            return Prepared(
                None,
                f"{source.name}:{line}: not UTF-8 text (byte {exc.start}): save the file as UTF-8",
                notes,
            )
    problem = syntax_problem(text, source.name, where)
    if problem:
        return Prepared(None, problem, notes)
    folder = Path(tempfile.mkdtemp(prefix="unocheck-"))
    for helper in helpers:
        if helper.is_file() and helper.name != f"{module}.py":
            shutil.copyfile(helper, folder / helper.name)
    (folder / f"{module}.py").write_text(text, encoding="utf-8")
    for path in provided:
        target = folder / path.name
        if target.exists() and target.read_bytes() != path.read_bytes():
            notes.append(f"{path.name} was replaced by the provided version")
        shutil.copyfile(path, target)
    if adapter is not None:
        shutil.copyfile(adapter, folder / f"{ADAPTER_MODULE}.py")
    return Prepared(folder, None, notes, where)


class _Child:
    """One harness process and a thread reading its replies."""

    def __init__(self, harness: Path, setup: dict, frame, tagged) -> None:
        self.work = Path(tempfile.mkdtemp(prefix="unocheck-work-"))
        self.errors = tempfile.TemporaryFile()
        posix = os.name == "posix"
        self.proc = subprocess.Popen(
            # child.py moves these pipes away from the student's descriptors 0 and 1
            [sys.executable, "-I", "-S", "-B", str(CHILD), str(harness)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.errors,
            cwd=self.work,
            start_new_session=posix,
        )
        self.tagged = tagged
        self.replies: queue.Queue[bytes | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.send(frame(setup))

    def _read(self) -> None:
        stream = self.proc.stdout
        assert stream is not None
        try:
            while True:
                line = stream.readline(MAX_LINE + 1)
                if not line:
                    break
                self.replies.put(line)
                if len(line) > MAX_LINE:
                    break
        except (OSError, ValueError):
            pass
        self.replies.put(None)

    def send(self, data: bytes) -> bool:
        try:
            assert self.proc.stdin is not None
            self.proc.stdin.write(data)
            self.proc.stdin.flush()
            return True
        except (OSError, ValueError):
            return False

    def receive(self, seconds: float) -> dict | str | None:
        """The next reply; ``"timeout"`` past ``seconds``, ``None`` once the child is gone,
        ``"protocol"`` for anything that is not a reply."""
        try:
            line = self.replies.get(timeout=max(0.0, seconds))
        except queue.Empty:
            return "timeout"
        if line is None:
            return None
        if len(line) > MAX_LINE:
            return "protocol"
        try:
            message = json.loads(line, object_hook=self.tagged)
        except (ValueError, RecursionError, TypeError):
            return "protocol"
        return message if isinstance(message, dict) else "protocol"

    def death(self) -> str:
        try:
            code = self.proc.wait(timeout=2)
        except subprocess.TimeoutExpired:
            return "stopped answering"
        if code < 0:
            try:
                name = signal.Signals(-code).name
            except ValueError:
                name = ""
            return f"killed by signal {-code} {name}".strip()
        return f"exited with status {code}"

    def errors_tail(self, size: int = 2000) -> str:
        try:
            self.errors.seek(0, os.SEEK_END)
            self.errors.seek(max(0, self.errors.tell() - size))
            return clean_text(self.errors.read().decode("utf-8", "replace"))
        except (OSError, ValueError):
            return ""

    def close(self) -> None:
        if self.proc.poll() is None:
            try:
                if os.name == "posix":
                    os.killpg(self.proc.pid, signal.SIGKILL)
                else:
                    self.proc.kill()
            except (ProcessLookupError, PermissionError, OSError):
                pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
        for stream in (self.proc.stdin, self.proc.stdout):
            try:
                if stream is not None:
                    stream.close()
            except OSError:
                pass
        self.errors.close()
        shutil.rmtree(self.work, ignore_errors=True)


def _text(value: object, limit: int = 20_000) -> str:
    return clean_text(value[:limit]) if isinstance(value, str) else ""


def _count(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 0


def install_hint(message: str, allowed: Sequence[str]) -> str:
    """For "No module named 'numpy'" where the assignment allows numpy: how to install it (the
    student's own Python lacks it; the grader's has it). Else nothing."""
    match = re.search(r"No module named '([^'.]+)", message)
    if match is None or match.group(1) not in allowed:
        return ""
    name = match.group(1)
    return (
        f" ({name} is allowed by this assignment but not installed in the Python that runs "
        f"this check: `python -m pip install {name}`)"
    )


class Session:
    """The child kept across cases (a fresh one after a timeout or a crash), within a budget.

    ``harness`` is the harness file; ``timeout`` and ``cpu`` are each case's wall-clock and
    CPU seconds; ``budget`` the seconds for all cases; ``output_chars`` what a case may print;
    ``site`` the folders the child finds the assignment's allowed imports in (last on its
    ``sys.path``, as the grader's sandbox puts them).
    """

    def __init__(
        self,
        harness: Path,
        folder: Path,
        module: str,
        *,
        adapter: bool = False,
        timeout: float = 2.0,
        cpu: float = 2.0,
        budget: float = 60.0,
        output_chars: int = 32 * 1024,
        site: Sequence[str] = (),
        allowed: Sequence[str] = (),
    ) -> None:
        self.allowed = tuple(allowed)  # the names the assignment allows, installed or not
        self.wire = load_module(harness)  # the frames and the tagged JSON, as the grader's
        self.harness, self.folder, self.module = harness, folder, module
        self.adapter = ADAPTER_MODULE if adapter else None
        self.timeout, self.cpu, self.output_chars = timeout, cpu, output_chars
        self.site = list(site)  # what the assignment lets a submission import (``imports``)
        self.deadline = time.monotonic() + budget
        self.budget = budget
        self.child: _Child | None = None
        self.failed_import: Run | None = None
        self.import_stdout = ""

    def __enter__(self) -> Session:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        if self.child is not None:
            self.child.close()
            self.child = None

    def _setup(self) -> dict:
        return {
            "root": str(self.folder),
            "path": [str(self.folder)],
            "module": self.module,
            "memory_mb": 0,
            "total_cpu": self.budget + STARTUP_GRACE,
            "import_cpu": max(self.cpu, 1.0),
            "file_mb": 16,
            "output_chars": self.output_chars,
            "adapter": self.adapter,
            "rlimits": False,
            "site": self.site,
        }

    def _left(self) -> float:
        return self.deadline - time.monotonic()

    def _start(self) -> Run | None:
        """Start a child; a run for every case when it cannot take any."""
        self.child = _Child(self.harness, self._setup(), self.wire.frame, self.wire.tagged)
        first = self.child.receive(min(STARTUP_GRACE + self.timeout, max(self._left(), 0.0)))
        if not isinstance(first, dict) or "import" not in first:
            reason = "timed out while importing" if first == "timeout" else self.child.death()
            status = "timeout" if first == "timeout" else "crashed"
            tail = self.child.errors_tail()
            self.close()
            return Run(status, message=f"the submission {reason} before any case ran", stdout=tail)
        if not self.import_stdout:
            self.import_stdout = _text(first.get("stdout"))
        info = first["import"] if isinstance(first["import"], dict) else {}
        if info.get("status") != "ok":
            self.close()
            status = {"memory": "memory", "cpu": "timeout"}.get(info.get("status"), "import-error")
            message = {
                "memory": "ran out of memory while importing",
                "timeout": f"used more than {max(self.cpu, 1.0):g} s of CPU time while "
                "importing, before any case ran",
            }.get(status, _text(info.get("message"), 2000))
            if info.get("type") == "ModuleNotFoundError":
                message += install_hint(message, self.allowed)
            return Run(
                status,
                error_type=_text(info.get("type"), 200),
                message=message,
                traceback=_text(info.get("traceback"), 5000),
                stdout=_text(first.get("stdout")),
            )
        return None

    def call(self, call: Call) -> Run:
        """Run one case; never raises for anything the student's code does."""
        if self.failed_import is not None:
            return self.failed_import
        if self._left() <= 0:
            self.close()
            return Run(
                "not-run",
                message=f"not run: the self-check's time budget of {self.budget:g} s was used up",
            )
        if self.child is None:
            failure = self._start()
            if failure is not None:
                if failure.status in ("import-error", "memory", "timeout"):
                    self.failed_import = failure  # importing again would fail again
                return failure
        child = self.child
        assert child is not None
        started = time.monotonic()
        try:
            args = self.wire.frame(call.args)
        except ValueError:  # not marshal-able: what the grader sends then
            plain = json.loads(
                json.dumps(self.wire.encode(call.args)), object_hook=self.wire.tagged
            )
            args = self.wire.frame(plain)
        head = self.wire.frame({"id": call.id, "function": call.function, "cpu": self.cpu})
        sent = child.send(head + args)
        wait = min(self.timeout * 1.1 + 0.1, max(self._left(), 0.0))
        reply = child.receive(wait) if sent else None
        elapsed = time.monotonic() - started
        if reply == "timeout":
            self.close()
            if self._left() <= 0:
                return Run(
                    "not-run",
                    message=f"not run: the self-check's time budget of {self.budget:g} s "
                    "was used up",
                )
            return Run(
                "timeout",
                seconds=elapsed,
                message=f"no result within {self.timeout:g} s (wall clock)",
            )
        if not isinstance(reply, dict):
            why = child.death() if reply is None else "sent something that is not a result"
            tail = child.errors_tail()
            self.close()
            return Run("crashed", seconds=elapsed, message=f"the process {why}", stdout=tail)
        status = reply.get("status")
        if reply.get("id") != call.id or status not in (
            "returned",
            "raised",
            "missing",
            "memory",
            "cpu",
        ):
            self.close()
            return Run(
                "crashed",
                seconds=elapsed,
                message="the process sent a result that does not belong to this case",
            )
        return Run(
            status="timeout" if status == "cpu" else str(status),
            value=reply.get("value"),
            stdout=_text(reply.get("stdout"), self.output_chars),
            dropped=_count(reply.get("dropped")),
            error_type=_text(reply.get("type"), 200),
            message=(
                f"used more than {self.cpu:g} s of CPU time"
                if status == "cpu"
                else _text(reply.get("message"), 2000)
            ),
            traceback=_text(reply.get("traceback"), 5000),
            seconds=elapsed,
            mutated=reply.get("mutated") is True,
        )
