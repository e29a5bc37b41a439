"""Served programs: a submission in another language, loaded once, answering case after case.

A language whose loading costs more than a case (Standard ML under SML/NJ compiles the
course's definitions and the student's file) is graded like a Python module, not like a
program run per case: one sandboxed child per submission loads it once and answers each
case on a line protocol, and after a timeout or a crash a fresh child takes the next case.
This is :class:`graders.run.sandbox.Session` with another child: the same deadlines,
budget, restarts, limits and isolation (bubblewrap's read-only view, the unprivileged
identity, the seccomp filter, the control group), only the program and its messages differ.

The protocol, on two pipes whose descriptors the child finds in ``UNOGRADE_SERVE_FDS``
("REQUEST_FD REPLY_FD"; its own standard input is empty and its output goes to a log):

* first the child writes one JSON line ``{"import": {"status": "ok"}, "stdout": ...}`` once
  it has loaded the submission (any other status is an import error, as for a module);
* then, per case, the grader writes ``ID NBYTES\\n`` and NBYTES bytes of the request (the
  text the assignment's ``ProgramIO.program_input`` gives), and the child answers one JSON
  line ``{"id": ID, "status": ..., ...}`` with the fields of a module's reply: ``returned``
  with ``value`` (the answer as text, read by ``parse_program_output``) and ``stdout``;
  ``raised`` with ``type``, ``message``, ``traceback``; ``missing``; or ``import-error``
  (the submission stopped loading before what the case needs).

Everything the child sends is checked as a module's reply is (:meth:`Session._accept`).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from ..vocabulary import Limits
from . import toolchains
from .budget import Budget
from .identity import Identity, give
from .sandbox import (
    REPLY_STATUSES,
    SANDBOX_WORK,
    Call,
    Session,
    _Child,
    bwrap_command,
    close_fd,
    confine_command,
    private_folder,
    seccomp_pipe,
)

SERVED_STATUSES = (*REPLY_STATUSES, "import-error")
LOAD_GRACE = 30.0  # seconds a served program may take to load (SML/NJ compiles the file)


def request(call_id: int, text: str) -> bytes:
    """One request as the child reads it: ``ID NBYTES`` and the bytes."""
    data = text.encode("utf-8")
    return f"{call_id} {len(data)}\n".encode() + data


class _ServedChild(_Child):
    """One running served program and its two pipes (the rest is a module child's)."""

    def __init__(
        self,
        folder: Path,
        command: tuple[str, ...],
        limits: Limits,
        isolation: str,
        n_calls: int,
        budget: Budget | None,
        identity: Identity | None,
        compat32: bool,
        rlimit_memory: bool = True,
    ) -> None:
        from .sandbox import FILE_MB, Tree

        self.identity = identity
        self.tree = Tree(limits, identity)
        self.farm = None
        self.token = self.tree.token
        self.isolation = isolation
        self.work: Path | None = None
        if isolation != "bwrap":
            # A private folder of the child's identity holding a copy of the submission.
            self.work = private_folder(identity, "unograde-served-")
            shutil.copytree(folder, self.work / "work", symlinks=True)
            cwd = self.work / "work"
            give(self.work, identity)
        fd, log_name = tempfile.mkstemp(prefix="unograde-log-")
        os.close(fd)
        self.log = Path(log_name)
        in_r, self.in_w = os.pipe()
        self.out_r, out_w = os.pipe()
        total_cpu = limits.cpu * max(1, n_calls) + LOAD_GRACE
        if budget is not None and budget.seconds is not None:
            total_cpu = min(total_cpu, budget.seconds + LOAD_GRACE)
        argv = list(command)
        resolved = shutil.which(argv[0]) if argv else None
        if resolved:
            argv[0] = resolved
        cmd = confine_command(identity, mode=isolation, nproc=limits.processes, compat32=compat32)
        limit_words = [
            "--limits",
            str(int(limits.memory_mb) if rlimit_memory else 0),
            repr(float(total_cpu)),
            str(FILE_MB * 1024 * 1024),
            "0",
        ]
        cmd += limit_words + ["--", *argv]
        filter_fd = None
        if isolation == "bwrap":
            home, cwd = SANDBOX_WORK, Path("/")
        else:
            home = str(cwd)
        env = self.tree.env(home)
        env["UNOGRADE_SERVE_FDS"] = f"{in_r} {out_w}"
        try:
            if isolation == "bwrap":
                binds = []
                for entry in sorted(Path(folder).iterdir()):
                    if entry.is_symlink() or not (entry.is_file() or entry.is_dir()):
                        continue
                    binds.append((entry, f"{SANDBOX_WORK}/{entry.name}"))
                # the same filter as the launcher's without bubblewrap (compat32 too)
                filter_fd = seccomp_pipe(compat32)
                cmd = bwrap_command(limits.disk_mb, ro_binds=binds, seccomp_fd=filter_fd) + cmd
            with open(self.log, "wb") as log:
                proc = subprocess.Popen(
                    self.tree.command(cmd),
                    cwd=cwd,
                    env=env,
                    stdin=subprocess.DEVNULL,
                    stdout=log,
                    stderr=subprocess.STDOUT,
                    pass_fds=(in_r, out_w) if filter_fd is None else (in_r, out_w, filter_fd),
                    start_new_session=True,
                )
        except BaseException:
            for fd_ in (in_r, out_w, self.in_w, self.out_r):
                os.close(fd_)
            close_fd(filter_fd)
            self.tree.close()
            self._remove_files()
            raise
        close_fd(filter_fd)
        self.proc = proc
        self.tree.started(proc)
        os.close(in_r)
        os.close(out_w)
        self.buffer = b""


class ServedSession(Session):
    """A served program kept across calls (see the module's docstring); ``call(Call(id,
    function, (request_text,)))`` sends the request text and returns the reply as an
    ``Outcome`` whose value is the answer's text."""

    statuses = SERVED_STATUSES
    startup_grace = LOAD_GRACE

    def __init__(
        self,
        folder: Path,
        command: tuple[str, ...],
        limits: Limits,
        isolation: str = "auto",
        expected_calls: int = 1,
        budget: Budget | None = None,
        compat32: bool = False,
        rlimit_memory: bool = True,
    ) -> None:
        """``rlimit_memory`` False: no memory rlimit for the program (a sanitizer reserves
        terabytes of shadow memory it never touches); its control group still bounds it."""
        super().__init__(
            folder, "", limits, isolation, expected_calls=expected_calls, budget=budget
        )
        self.command = tuple(command)
        self.compat32 = compat32
        self.rlimit_memory = rlimit_memory

    def _spawn(self) -> _Child:
        return _ServedChild(
            self.sub,
            self.command,
            self.limits,
            self.mode,
            self.remaining,
            self.budget,
            self.identity,
            self.compat32,
            self.rlimit_memory,
        )

    def _message(self, call: Call, cpu: float) -> bytes:
        text = call.args[0] if call.args and isinstance(call.args[0], str) else ""
        return request(call.id, text)


def compat32_for(toolchain: str) -> bool:
    """Whether the toolchain's programs may be 32-bit x86 ones (the seccomp filter must then
    admit that ABI, under the same deny list)."""
    chain = toolchains.TOOLCHAINS.get(toolchain)
    return bool(chain and chain.abi32)
