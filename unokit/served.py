"""A self-check's served program: a submission in another language, loaded once, answering
case after case (a ``solution.sml`` under SML/NJ), as the grader's
:mod:`graders.run.served` runs it, without the grader's sandbox.

The grader loads a served program once per submission in a sandboxed child and speaks a line
protocol with it on two pipes; this is the same child and the same protocol, on the student's
own machine, as the kit's Python session is (a student checks their own work; the grader
confines what it runs).  Loading once matters: SML/NJ compiles the course's definitions and
the student's file in seconds, a case in milliseconds.

The protocol (the grader's module docstring says it in full): the child finds the pipes'
descriptors in ``UNOGRADE_SERVE_FDS`` ("REQUEST_FD REPLY_FD"); it first writes one JSON line
``{"import": {"status": "ok"}, "stdout": ..., "load_error": ...}``; then per case it reads
``ID NBYTES\\n`` and NBYTES bytes of request and answers one JSON line ``{"id": ID, "status":
...}`` (``returned`` with ``value``, ``raised``, ``missing`` or ``import-error``).  A case with
no answer within its wall-clock time ends the child, and a fresh one takes the next case.

The kit's side only; stdlib only (this file is copied verbatim into kits).
"""

from __future__ import annotations

import json
import os
import queue
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from collections.abc import Sequence
from pathlib import Path

from .session import Run
from .text import clean_text

LOAD_GRACE = 30.0  # seconds to load (the grader's too: SML/NJ compiles the file)
MAX_LINE = 32 * 1024 * 1024
STATUSES = ("returned", "raised", "missing", "import-error")
SKIP = {"unocheck", "fixtures", "__pycache__", ".venv", "venv", ".git", ".pytest_cache"}


def request(call_id: int, text: str) -> bytes:
    """One request as the child reads it: ``ID NBYTES`` and the bytes (the grader's framing)."""
    data = text.encode("utf-8")
    return f"{call_id} {len(data)}\n".encode() + data


def _text(value: object, limit: int) -> str:
    return clean_text(value[:limit]) if isinstance(value, str) else ""


class _Child:
    """One running served program, its two pipes and a thread reading its replies."""

    def __init__(self, command: Sequence[str], work: Path) -> None:
        self.log = tempfile.TemporaryFile()
        in_r, self.in_w = os.pipe()
        out_r, out_w = os.pipe()
        env = dict(os.environ, UNOGRADE_SERVE_FDS=f"{in_r} {out_w}")
        try:
            self.proc = subprocess.Popen(
                list(command),
                cwd=work,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=self.log,
                stderr=subprocess.STDOUT,
                pass_fds=(in_r, out_w),
                start_new_session=True,
            )
        except BaseException:
            for fd in (in_r, out_w, self.in_w, out_r):
                os.close(fd)
            self.log.close()
            raise
        os.close(in_r)
        os.close(out_w)
        self.replies: queue.Queue[bytes | None] = queue.Queue()
        self.stream = os.fdopen(out_r, "rb")
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        try:
            while True:
                line = self.stream.readline(MAX_LINE + 1)
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
            view = memoryview(data)
            while view:
                view = view[os.write(self.in_w, view) :]
            return True
        except OSError:
            return False

    def receive(self, seconds: float) -> dict | str | None:
        """The next reply; ``"timeout"`` past ``seconds``, ``None`` once the child is gone,
        ``"protocol"`` for anything that is not a JSON object."""
        try:
            line = self.replies.get(timeout=max(0.0, seconds))
        except queue.Empty:
            return "timeout"
        if line is None:
            return None
        try:
            message = json.loads(line) if len(line) <= MAX_LINE else None
        except (ValueError, RecursionError):
            return "protocol"
        return message if isinstance(message, dict) else "protocol"

    def death(self) -> str:
        try:
            code = self.proc.wait(timeout=2)
        except subprocess.TimeoutExpired:
            return "stopped answering"
        if code < 0:
            try:
                return f"killed by signal {signal.Signals(-code).name}"
            except ValueError:
                return f"killed by signal {-code}"
        return f"exited with status {code}"

    def log_tail(self, size: int = 2000) -> str:
        try:
            self.log.seek(0, os.SEEK_END)
            self.log.seek(max(0, self.log.tell() - size))
            return clean_text(self.log.read().decode("utf-8", "replace"))
        except (OSError, ValueError):
            return ""

    def close(self) -> None:
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except OSError:
                pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
        for closing in (lambda: os.close(self.in_w), self.stream.close, self.log.close):
            try:
                closing()
            except OSError:
                pass


class ServedSession:
    """The served program kept across cases (a fresh one after a timeout or a crash), run in
    a copy of the student's folder with the assignment's own copies of the files it provides
    and of the program's support files (``files``: name -> path; they win, as in the grader).

    ``timeout``: each case's wall-clock seconds; ``budget``: the seconds for all cases."""

    def __init__(
        self,
        folder: Path,
        command: Sequence[str],
        files: dict[str, Path],
        *,
        timeout: float = 2.0,
        budget: float = 60.0,
        output_chars: int = 64 * 1024,
    ) -> None:
        self.command = list(command)
        self.timeout, self.budget, self.output_chars = timeout, budget, output_chars
        self.deadline = time.monotonic() + budget + LOAD_GRACE
        self.notes: list[str] = []
        self.work = Path(tempfile.mkdtemp(prefix="unocheck-served-"))
        for entry in sorted(Path(folder).iterdir()):
            if entry.name in SKIP or entry.name in ("conftest.py", "pytest.ini"):
                continue
            if entry.is_dir() and not entry.is_symlink():
                shutil.copytree(entry, self.work / entry.name, symlinks=True)
            elif entry.is_file():
                shutil.copy2(entry, self.work / entry.name)
        for name, source in files.items():
            target = self.work / name
            if target.is_file() and target.read_bytes() != source.read_bytes():
                self.notes.append(f"{name} was replaced by the provided version")
            shutil.copyfile(source, target)
        self.child: _Child | None = None
        self.failed: Run | None = None
        self.load_error = ""
        self.load_stdout = ""

    def __enter__(self) -> ServedSession:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
        shutil.rmtree(self.work, ignore_errors=True)

    def close(self) -> None:
        if self.child is not None:
            self.child.close()
            self.child = None

    def _left(self) -> float:
        return self.deadline - time.monotonic()

    def _start(self) -> Run | None:
        """Start a child and wait for it to load; a run for every case when it cannot."""
        program = shutil.which(self.command[0]) if self.command else None
        if program is None:
            return Run("not-run", message=f"not run: {self.command[0]} is not installed")
        try:
            self.child = _Child([program, *self.command[1:]], self.work)
        except OSError as exc:
            return Run("crashed", message=f"cannot start {self.command[0]}: {exc}")
        first = self.child.receive(min(LOAD_GRACE, max(self._left(), 0.0)))
        if not isinstance(first, dict) or not isinstance(first.get("import"), dict):
            why = "took too long to load" if first == "timeout" else self.child.death()
            tail = self.child.log_tail()
            self.close()
            status = "timeout" if first == "timeout" else "crashed"
            return Run(status, message=f"the program {why} before any case ran", stdout=tail)
        info = first["import"]
        if info.get("status") != "ok":
            self.close()
            return Run(
                "import-error",
                error_type=_text(info.get("type"), 200) or "an error",
                message=_text(info.get("message"), 2000),
                traceback=_text(info.get("traceback"), 5000),
            )
        if not self.load_stdout:
            self.load_stdout = _text(first.get("stdout"), 2000)
            self.load_error = _text(first.get("load_error"), 2000)
        return None

    def call(self, call_id: int, text: str) -> Run:
        """One case's request; the reply as a run (its ``value`` the answer's text). Never
        raises for anything the student's program does."""
        if self.failed is not None:
            return self.failed
        if self._left() <= 0:
            self.close()
            return Run(
                "not-run",
                message=f"not run: the self-check's time budget of {self.budget:g} s was used up",
            )
        if self.child is None:
            failure = self._start()
            if failure is not None:
                if failure.status in ("import-error", "not-run", "timeout"):
                    self.failed = failure  # loading again would fail again
                return failure
        child = self.child
        assert child is not None
        started = time.monotonic()
        sent = child.send(request(call_id, text))
        reply = child.receive(min(self.timeout * 1.1 + 0.1, max(self._left(), 0.0)))
        elapsed = time.monotonic() - started
        if reply == "timeout":
            self.close()
            message = f"no result within {self.timeout:g} s (wall clock)"
            return Run("timeout", seconds=elapsed, message=message)
        if not sent or not isinstance(reply, dict):
            why = "sent something that is not a result"
            if reply is None or not sent:
                why = child.death()
            tail = child.log_tail()
            self.close()
            return Run("crashed", seconds=elapsed, message=f"the process {why}", stdout=tail)
        status = reply.get("status")
        if reply.get("id") != call_id or status not in STATUSES:
            self.close()
            return Run(
                "crashed",
                seconds=elapsed,
                message="the process sent a result that does not belong to this case",
            )
        return Run(
            status=str(status),
            value=reply.get("value"),
            stdout=_text(reply.get("stdout"), self.output_chars),
            error_type=_text(reply.get("type"), 200),
            message=_text(reply.get("message"), 2000),
            traceback=_text(reply.get("traceback"), 5000),
            seconds=elapsed,
        )
