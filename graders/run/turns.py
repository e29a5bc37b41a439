"""Run one program on many input files inside ONE sandboxed child.  Stdlib only.

A compiled submission's program runs once per input file: once per case of a part, and
once per turn when the first-divergence replay runs the student's part-1 program on the
state before each turn of a failed game.  Each run in a sandbox of its own costs a start
(~50 ms: bubblewrap, a control group, ``setpriv``, the launcher) many times the run itself.
So the launcher starts this script once (``launch.py --python``, under every limit and the
seccomp filter, as the child's unprivileged user) and it runs the program once per file::

    turns.py TIMEOUT CPU OUT_BYTES ERR_BYTES -- word... {input} word...

Standard input carries a secret token on its first line, then one input file name a line.
For each name, in order, the command (``{input}`` replaced by the name) is started in a
process group of its own, with standard input from ``/dev/null``, its output and errors in
anonymous memory files, its CPU time limited to CPU s and each file it writes to
OUT_BYTES + 1 bytes; it gets TIMEOUT s of wall clock, then its group is killed.  After each
run this script writes one frame to its own standard output::

    TOKEN INDEX KIND CODE MS OUT_LEN ERR_LEN\\n<OUT_LEN bytes of output><ERR_LEN bytes of errors>

KIND is ``exit`` (CODE: the exit status, or minus the signal that killed it), ``timeout``
or ``nostart`` (it could not be started; the reason as its errors); MS is its wall clock in
milliseconds.  At most OUT_BYTES + 1 bytes of output are sent (one more than the cap, so
that the grader sees it was exceeded) and ERR_BYTES of errors.  The driver stops after the
first run that did not exit 0: the grader starts a fresh child for what follows, as it
starts a fresh one for a Python submission after a case that did not return.

Why the student's program cannot forge a frame: this process makes itself non-dumpable
before it reads the token, so a process of the same user can neither open its
``/proc/PID/fd`` (its standard output) nor read its memory; the token never appears in an
argument or the environment; and the program's own standard output is a memory file of its
own.  The grader accepts a frame only with the token and the next index, and reads nothing
after the first that is not one.
"""

from __future__ import annotations

import os
import resource
import select
import signal
import subprocess
import sys
import time

PR_SET_DUMPABLE = 4


def _undumpable() -> None:
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    zero = ctypes.c_ulong(0)
    if libc.prctl(PR_SET_DUMPABLE, zero, zero, zero, zero) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_DUMPABLE) failed")


def _read(fd: int, cap: int) -> bytes:
    os.lseek(fd, 0, os.SEEK_SET)
    chunks, left = [], cap
    while left > 0:
        chunk = os.read(fd, min(left, 1 << 16))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def _wait(proc: subprocess.Popen, timeout: float) -> int | None:
    """``proc``'s exit status, or None when it is still running after ``timeout`` s.
    Woken by the kernel when it exits (a pidfd): ``Popen.wait(timeout)`` polls with
    sleeps that double from 0.5 ms, several ms more than a short program's whole run."""
    try:
        fd = os.pidfd_open(proc.pid)
    except (AttributeError, OSError):
        try:
            return proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            return None
    try:
        poller = select.poll()
        poller.register(fd, select.POLLIN)
        if not poller.poll(max(0, int(timeout * 1000))):
            return None
    finally:
        os.close(fd)
    return proc.wait()


def _kill(pid: int) -> None:
    try:
        os.killpg(pid, signal.SIGKILL)
    except OSError:
        pass


def main(argv: list[str]) -> int:
    split = argv.index("--")
    timeout, cpu, out_bytes, err_bytes = argv[1:split]
    template = argv[split + 1 :]
    wall, cpu_seconds = float(timeout), max(1, int(float(cpu) + 0.999))
    out_cap, err_cap = int(out_bytes), int(err_bytes)
    _undumpable()
    lines = sys.stdin.buffer.read().decode("utf-8").split("\n")
    token, names = lines[0], [line for line in lines[1:] if line]
    sink = sys.stdout.buffer

    def limit() -> None:  # in the forked child, before it becomes the program
        resource.setrlimit(resource.RLIMIT_CPU, (cpu_seconds, cpu_seconds + 1))
        resource.setrlimit(resource.RLIMIT_FSIZE, (out_cap + 1, out_cap + 1))

    for index, name in enumerate(names):
        words = [name if word == "{input}" else word for word in template]
        out = os.memfd_create("out")
        err = os.memfd_create("err")
        kind, code = "exit", 0
        started = time.monotonic()
        try:
            proc = subprocess.Popen(
                words, stdin=subprocess.DEVNULL, stdout=out, stderr=err,
                start_new_session=True, preexec_fn=limit,
            )  # fmt: skip
        except OSError as exc:
            kind, code = "nostart", 127
            os.write(err, f"cannot start {words[0]}: {exc.strerror}\n".encode())
        else:
            status = _wait(proc, wall)
            _kill(proc.pid)  # what it left in its group
            if status is None:
                kind, code = "timeout", proc.wait()
            else:
                code = status
        ms = int((time.monotonic() - started) * 1000)
        printed, errors = _read(out, out_cap + 1), _read(err, err_cap)
        os.close(out)
        os.close(err)
        head = f"{token} {index} {kind} {code} {ms} {len(printed)} {len(errors)}\n".encode()
        sink.write(head + printed + errors)
        sink.flush()
        if kind != "exit" or code != 0 or len(printed) > out_cap:
            break
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
