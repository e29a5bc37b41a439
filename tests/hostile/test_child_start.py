"""A sandboxed child's start, made cheaper without weakening it (issue 30).

Two cuts: the launcher is compiled once per grader process (``sandbox.launcher_file``) and
the child runs that file, which is the grader's and no child's user can write; and under
bubblewrap the seccomp filter is loaded by bubblewrap (``bwrap --seccomp FD``), so the
child's own interpreter never imports ``ctypes`` for it.  Each test asks the child itself
(``/proc/self/status``, a refused call, ``sys.modules``, the file its interpreter was
started on) or bubblewrap, never the command line the grader built.

These tests need root (CI runs as root): the child then runs as a user of its own, which
cannot write what the grader wrote.
"""

from __future__ import annotations

import importlib.util
import os
import platform
import stat
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from graders.run import sandbox, seccomp
from graders.run.programs import ProgramRunner, ProgramSpec
from graders.run.sandbox import Call, bwrap_usable, run_calls
from graders.run.served import ServedSession
from graders.vocabulary import Limits

ROOT_ONLY = pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() != 0, reason="a child of its own user needs root"
)
FILTER = pytest.mark.skipif(seccomp.available() is None, reason="no libseccomp here")
BWRAP = pytest.mark.skipif(not bwrap_usable(), reason="bubblewrap cannot run here")
X86_64 = pytest.mark.skipif(platform.machine() != "x86_64", reason="system call numbers of x86-64")
ISOLATIONS = [pytest.param("bwrap", marks=BWRAP), "rlimits"]
pytestmark = [ROOT_ONLY, FILTER]

LIMITS = Limits(timeout=20.0, cpu=5.0, memory_mb=256, output_kb=64)

PROBE = """
import sys
CTYPES_BEFORE = "ctypes" in sys.modules  # before this module imports anything

import errno, os, socket

def _status():
    keep = ("Uid", "NoNewPrivs", "Seccomp")
    found = {}
    with open("/proc/self/status") as handle:
        for line in handle:
            name, _, value = line.partition(":")
            if name in keep:
                found[name] = value.split()[0]
    return found

def _refused(call):
    try:
        call()
    except OSError as exc:
        return errno.errorcode.get(exc.errno, str(exc.errno))
    return "allowed"

def _unshare_user():
    import ctypes  # only now: the question above was asked first
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.syscall(272, 0x10000000) == 0:  # unshare(CLONE_NEWUSER), x86-64
        return "allowed"
    return errno.errorcode.get(ctypes.get_errno(), "?")

def _launcher():
    flags, path = sys.orig_argv[1:4], sys.orig_argv[4]
    with open(path, "rb") as handle:
        head = handle.read(4)
    info = os.stat(path)
    folder = os.path.dirname(path)
    return {
        "flags": flags,
        "path": path,
        "head": head.hex(),
        "owner": info.st_uid,
        "mode": info.st_mode & 0o777,
        "write": _refused(lambda: open(path, "r+b").close()),
        "replace": _refused(lambda: open(os.path.join(folder, "new.pyc"), "xb").close()),
        "remove": _refused(lambda: os.unlink(path)),
    }

def probe():
    return {
        "ctypes": CTYPES_BEFORE,
        "status": _status(),
        "inet": _refused(lambda: socket.socket(socket.AF_INET, socket.SOCK_STREAM).close()),
        "unshare": _unshare_user(),
        "launcher": _launcher(),
    }
"""


def _probe(tmp_path: Path, isolation: str) -> dict:
    folder = tmp_path / "student"
    folder.mkdir()
    (folder / "probe.py").write_text(textwrap.dedent(PROBE))
    folder.chmod(0o755)
    (folder / "probe.py").chmod(0o644)
    report = run_calls(folder, "probe", [Call(1, "probe", ())], LIMITS, isolation)
    outcome = report.outcomes[0]
    assert outcome.status == "returned", (outcome.status, outcome.message, outcome.stdout)
    return outcome.value


@X86_64
@pytest.mark.parametrize("isolation", ISOLATIONS)
def test_the_child_is_filtered_and_under_bubblewrap_never_imports_ctypes(tmp_path, isolation):
    found = _probe(tmp_path, isolation)
    uid = int(found["status"]["Uid"])
    assert uid != 0
    # The filter is in force in the child's own process, with no_new_privs, and refuses.
    assert found["status"]["Seccomp"] == "2" and found["status"]["NoNewPrivs"] == "1", found
    assert found["inet"] == "EPERM"  # bubblewrap's empty network would make the socket
    assert found["unshare"] == "EPERM"
    # Under bubblewrap the launcher loaded nothing itself: no ctypes in the child before
    # the student's module asked.  Without it the launcher loads the filter with ctypes
    # (which shows the question can tell the two apart).
    assert found["ctypes"] is (isolation != "bwrap")


@pytest.mark.parametrize("isolation", ISOLATIONS)
def test_the_launcher_the_child_runs_is_compiled_and_not_the_childs_to_change(tmp_path, isolation):
    launcher = _probe(tmp_path, isolation)["launcher"]
    assert launcher["flags"] == ["-I", "-S", "-B"]
    where = "/sandbox/launch.pyc" if isolation == "bwrap" else str(sandbox.launcher_file())
    assert launcher["path"] == where
    # a compiled file for this very interpreter (its magic number), not a source
    assert bytes.fromhex(launcher["head"]) == importlib.util.MAGIC_NUMBER
    assert launcher["owner"] == os.geteuid() and launcher["mode"] & 0o022 == 0, launcher
    # the child's user can neither write it nor put another in its place
    for attempt in ("write", "replace", "remove"):
        assert launcher[attempt] in ("EACCES", "EPERM", "EROFS", "EBUSY"), (attempt, launcher)


def test_the_launcher_file_is_the_graders_readable_by_all_and_its_folder_too():
    path = sandbox.launcher_file()
    assert path.suffix == ".pyc" and sandbox.launcher_file() == path  # once per process
    for where in (path, path.parent):
        info = os.lstat(where)
        assert info.st_uid == os.geteuid() and not stat.S_ISLNK(info.st_mode)
        assert info.st_mode & 0o022 == 0 and info.st_mode & 0o004
    assert path.parent.stat().st_mode & 0o001  # enterable by the child's user
    # what it holds runs as the launcher: an unknown option is refused by launch.py's code
    run = subprocess.run(
        [os.path.realpath(sys.executable), "-I", "-S", "-B", str(path), "--nonsense", "--"],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 126 and "unknown launcher option --nonsense" in run.stderr


def test_a_launcher_file_taken_away_is_made_again():
    path = sandbox.launcher_file()
    path.unlink()
    again = sandbox.launcher_file()
    assert again.is_file() and again.read_bytes()[:4] == importlib.util.MAGIC_NUMBER


def test_a_killed_process_s_launcher_is_swept_by_the_next_never_another_user_s():
    gone = subprocess.Popen(["true"])
    gone.wait()  # a process id that no longer runs
    base = sandbox.launcher_file().parent.parent
    dead = base / f"{sandbox.LAUNCHER_PREFIX}{gone.pid}-left"
    planted = base / f"{sandbox.LAUNCHER_PREFIX}{gone.pid}-planted"
    dead.mkdir()
    planted.mkdir()
    os.chown(planted, 65534, 65534)  # someone else's: not the grader's to remove
    try:
        mine = sandbox.launcher_file()
        sandbox.remove_launcher_file()
        assert not mine.exists() and not mine.parent.exists()
        again = sandbox.launcher_file()  # made afresh, sweeping on the way
        assert again.parent.name.startswith(f"{sandbox.LAUNCHER_PREFIX}{os.getpid()}-")
        assert not dead.exists() and planted.exists()
    finally:
        for folder in (dead, planted):
            if folder.exists():
                folder.rmdir()


BROKEN = seccomp.Filter(b"\0" * 8, ())  # "ld #0" with no return: the kernel refuses it


def _bwrap_with_filter(folder: Path, program: bytes, script: str, passed: bool = True):
    """``sh -c script`` under bubblewrap's view (``folder`` its writable working folder),
    with ``program`` handed to bubblewrap as the filter (``passed``: its pipe reaches it)."""
    read, write = os.pipe()
    os.write(write, program)
    os.close(write)
    try:
        cmd = sandbox.bwrap_command(16, work=folder, seccomp_fd=read)
        return subprocess.run(
            [*cmd, "/bin/sh", "-c", script],
            capture_output=True,
            text=True,
            pass_fds=(read,) if passed else (),
        )
    finally:
        os.close(read)


@BWRAP
def test_bubblewrap_refuses_to_run_what_it_cannot_filter(tmp_path):
    """A filter bubblewrap cannot load, or cannot read, ends the child before its command."""
    marker = tmp_path / "ran"
    script = "grep Seccomp: /proc/self/status > /sandbox/work/ran"
    for program, passed in ((BROKEN.program, True), (seccomp.build().program, False)):
        run = _bwrap_with_filter(tmp_path, program, script, passed)
        assert run.returncode != 0 and not marker.exists(), (program, passed, run)
        assert "seccomp" in run.stderr.lower(), run.stderr
    # the same command with the real filter runs (the checks above are not a broken command)
    run = _bwrap_with_filter(tmp_path, seccomp.build().program, script)
    assert run.returncode == 0, run.stderr
    assert marker.read_text().split() == ["Seccomp:", "2"]


@pytest.mark.parametrize("isolation", ISOLATIONS)
def test_a_filter_that_cannot_be_loaded_stops_the_child_in_either_mode(
    tmp_path, isolation, monkeypatch
):
    monkeypatch.setattr(seccomp, "available", lambda compat32=False: BROKEN)
    folder = tmp_path / "student"
    folder.mkdir()
    (folder / "probe.py").write_text("def probe():\n    return 42\n")
    folder.chmod(0o755)
    (folder / "probe.py").chmod(0o644)
    report = run_calls(folder, "probe", [Call(1, "probe", ())], LIMITS, isolation)
    outcome = report.outcomes[0]
    assert outcome.status == "crashed" and outcome.value != 42, outcome
    assert "seccomp" in outcome.stdout.lower(), outcome.stdout


STATUS_SCRIPT = "#!/bin/sh\ngrep -E '^(Seccomp|NoNewPrivs):' /proc/self/status\n"


@pytest.mark.parametrize("isolation", ISOLATIONS)
def test_a_program_run_is_filtered_in_either_mode(tmp_path, isolation):
    folder = tmp_path / "prog"
    folder.mkdir()
    (folder / "prog").write_text(STATUS_SCRIPT)
    (folder / "prog").chmod(0o755)
    with ProgramRunner(folder, ProgramSpec("prog", ("./prog",)), LIMITS, isolation) as runner:
        outcome = runner.run(1, "")
    assert outcome.status == "returned", outcome
    assert sorted(outcome.value.split()) == sorted(["Seccomp:", "2", "NoNewPrivs:", "1"]), outcome


SERVED = """#!/bin/bash
set -- $UNOGRADE_SERVE_FDS  # (bash: dash writes to no descriptor past 9)
found=$(grep -E '^(Seccomp|NoNewPrivs):' /proc/self/status | tr -s '\\t\\n' '  ')
printf '{"import": {"status": "ok"}, "stdout": "%s"}\\n' "$found" >&"$2"
"""


@pytest.mark.parametrize("isolation", ISOLATIONS)
@pytest.mark.parametrize("compat32", [False, True])
def test_a_served_program_is_filtered_with_either_filter(tmp_path, isolation, compat32):
    if seccomp.available(compat32) is None:
        pytest.skip("this libseccomp cannot build the filter")
    folder = tmp_path / "served"
    folder.mkdir()
    (folder / "serve.sh").write_text(SERVED)
    (folder / "serve.sh").chmod(0o755)
    folder.chmod(0o755)
    with ServedSession(
        folder, ("/bin/bash", "serve.sh"), LIMITS, isolation, compat32=compat32
    ) as session:
        first = session.call(Call(1, "f", ("x",)))  # the script has left: its first line counts
        said = session.import_stdout
    assert sorted(said.split()) == sorted(["Seccomp:", "2", "NoNewPrivs:", "1"]), (said, first)
