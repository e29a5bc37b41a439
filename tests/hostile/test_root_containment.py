"""Containment with the grader running as root (Gradescope, CI, a grading box).

Each attack here once worked, or is one the anchors' sandboxes (isolate, nsjail, Docker's
default profile) exist to stop: a submission that writes ``/proc/sys`` (``core_pattern``
makes the host kernel run a command of its choosing when a process crashes), traces a
sibling, mounts, makes a namespace, uses the kernel keyring or io_uring, or runs a setuid
binary.  Every one is tried as a uno-moves function, in both isolation modes, and must be
refused: the student's report shows the refusal (the exception the attack met), the host is
unchanged afterwards, and an honest student graded beside it keeps full marks.

These tests need root (CI runs as root); elsewhere they skip.
"""

from __future__ import annotations

import json
import os
import platform
import shutil
import stat
import textwrap
from pathlib import Path

import pytest

from graders.assignment import load_assignment
from graders.grade.batch import grade_batch
from graders.grade.engine import grade_submission
from graders.run import identity, seccomp
from graders.run.sandbox import bwrap_usable, choose_isolation, isolation_text
from graders.submission import cleanup, load_submissions

ROOT = Path(__file__).resolve().parents[2]
ADA = ROOT / "examples" / "uno-moves" / "ada" / "uno.py"
ROOT_ONLY = pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() != 0, reason="containment as root needs root"
)
X86_64 = pytest.mark.skipif(platform.machine() != "x86_64", reason="system call numbers of x86-64")
FILTER = pytest.mark.skipif(seccomp.available() is None, reason="no libseccomp here")
BWRAP = pytest.mark.skipif(not bwrap_usable(), reason="bubblewrap cannot run here")
ISOLATIONS = [pytest.param("bwrap", marks=BWRAP), "rlimits"]
pytestmark = [ROOT_ONLY]

SYSCTLS = (
    "kernel/core_pattern",
    "kernel/pid_max",
    "fs/file-max",
    "vm/overcommit_memory",
    "kernel/printk_ratelimit",
)

ATTACKS = """
import ctypes, errno, json, os, signal, subprocess, sys, time

libc = ctypes.CDLL(None, use_errno=True)

def _err():
    return errno.errorcode.get(ctypes.get_errno(), str(ctypes.get_errno()))

def sysctls(names):
    found = {}
    for name in names:
        path = "/proc/sys/" + name
        try:
            old = open(path).read()
            with open(path, "w") as handle:
                handle.write(old)
            found[name] = "written"
        except OSError as exc:
            found[name] = type(exc).__name__ + ":" + errno.errorcode.get(exc.errno, "?")
    return found

def core_pattern(marker):
    try:
        with open("/proc/sys/kernel/core_pattern", "w") as handle:
            handle.write("|/bin/sh -c 'touch " + marker + "'")
        result = "written"
    except OSError as exc:
        result = type(exc).__name__
    pid = os.fork()
    if pid == 0:  # a piped core_pattern runs whatever RLIMIT_CORE says
        os.kill(os.getpid(), signal.SIGSEGV)
        os._exit(0)
    os.waitpid(pid, 0)
    return result

def ptrace_sibling():
    pid = os.fork()
    if pid == 0:
        time.sleep(5)
        os._exit(0)
    r = libc.ptrace(16, pid, None, None)  # PTRACE_ATTACH
    result = "attached" if r == 0 else _err()
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    return result

def mount():
    os.makedirs("/tmp/m", exist_ok=True)
    r = libc.mount(b"none", b"/tmp/m", b"tmpfs", 0, None)
    return "mounted" if r == 0 else _err()

def syscall(number, *args):
    r = libc.syscall(number, *args)
    return "allowed" if r >= 0 else _err()

def unshare():
    return {
        "user": syscall(272, 0x10000000),  # unshare(CLONE_NEWUSER)
        "net": syscall(272, 0x40000000),
        "mount": syscall(272, 0x00020000),
    }

def keyring():
    return {
        "keyctl": syscall(250, 0, -3, 0),  # KEYCTL_GET_KEYRING_ID of the session keyring
        "add_key": syscall(248, b"user", b"unograde", b"x", 1, -3),
    }

def io_uring():
    params = ctypes.create_string_buffer(120)
    return syscall(425, 8, params)

def setuid(binary):
    try:
        out = subprocess.run([binary, "-u"], capture_output=True, text=True, timeout=10)
        return out.stdout.strip() + out.stderr.strip()[:200]
    except OSError as exc:
        return type(exc).__name__

def status():
    lines = open("/proc/self/status").read().splitlines()
    keep = ("Uid:", "Gid:", "CapEff:", "CapPrm:", "CapBnd:", "NoNewPrivs:", "Seccomp:")
    return {line.split(":")[0]: line.split(":", 1)[1].split() for line in lines
            if line.startswith(keep)}

def onePlayerOneMove(discard, deck, hand):
    report = {
        "status": status(),
        "sysctls": sysctls(SYSCTLS),
        "core_pattern": core_pattern(MARKER),
        "ptrace": ptrace_sibling(),
        "mount": mount(),
        "unshare": unshare(),
        "keyring": keyring(),
        "io_uring": io_uring(),
        "setuid": setuid(SETUID),
    }
    raise RuntimeError("REPORT" + json.dumps(report) + "END")
"""


@pytest.fixture(scope="module")
def assignment():
    return load_assignment("uno-moves")


@pytest.fixture
def setuid_id():
    """A setuid-root copy of ``id`` any user may run: it prints 0 if setuid is honoured."""
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="unograde-setuid-", dir="/tmp"))
    folder.chmod(0o755)
    binary = folder / "id"
    shutil.copy("/usr/bin/id", binary)
    os.chown(binary, 0, 0)
    binary.chmod(0o4755)
    assert binary.stat().st_mode & stat.S_ISUID
    yield binary
    shutil.rmtree(folder, ignore_errors=True)


def _attack_source(marker: Path, setuid: str) -> str:
    return (
        f"SYSCTLS = {SYSCTLS!r}\nMARKER = {str(marker)!r}\nSETUID = {setuid!r}\n"
        + textwrap.dedent(ATTACKS)
    )


def _report(result) -> dict:
    text = " ".join(result.cases[0].messages)
    assert "REPORT" in text, text
    return json.loads(text.split("REPORT", 1)[1].split("END", 1)[0])


@X86_64
@FILTER
@pytest.mark.parametrize("isolation", ISOLATIONS)
def test_every_attack_is_refused_and_the_host_is_unchanged(
    tmp_path, assignment, setuid_id, isolation
):
    before = {name: Path("/proc/sys", name).read_text() for name in SYSCTLS}
    marker = Path("/tmp") / f"unograde-core-pattern-{os.getpid()}-{isolation}"
    marker.unlink(missing_ok=True)
    folder = tmp_path / "student"
    folder.mkdir()
    (folder / "uno.py").write_text("def onePlayerOneMove(discard, deck, hand):\n    pass\n")
    case = next(c for c in assignment.cases() if c.part == "part01")
    subs = load_submissions(folder, assignment.module)
    try:
        # Under bubblewrap the child sees only its binds: its own setuid copy rides in the
        # submission's folder (bound as it is, setuid bit and all); without it, the host's.
        setuid = str(setuid_id)
        if isolation == "bwrap":
            shutil.copy2(setuid_id, subs[0].folder / "id")
            (subs[0].folder / "id").chmod(0o4755)
            setuid = "/sandbox/sub/id"
        (subs[0].folder / "uno.py").write_text(_attack_source(marker, setuid))
        result = grade_submission(assignment, subs[0], [case], isolation=isolation)
    finally:
        cleanup(subs)
        after = {name: Path("/proc/sys", name).read_text() for name in SYSCTLS}
        for name, value in before.items():  # had the attack worked: the host put back
            if after[name] != value:
                Path("/proc/sys", name).write_text(value)
    found = _report(result)

    uid = int(found["status"]["Uid"][0])
    assert uid != 0 and all(int(n) == uid for n in found["status"]["Uid"]), found["status"]
    assert all(int(n) != 0 for n in found["status"]["Gid"]), found["status"]
    for caps in ("CapEff", "CapPrm", "CapBnd"):
        assert int(found["status"][caps][0], 16) == 0, (caps, found["status"])
    assert found["status"]["NoNewPrivs"] == ["1"] and found["status"]["Seccomp"] == ["2"]

    for name, what in found["sysctls"].items():
        assert what != "written" and what.split(":")[1] in ("EACCES", "EROFS", "EPERM"), (
            name,
            what,
        )
    assert found["core_pattern"] != "written"
    assert found["ptrace"] == "EPERM"
    assert found["mount"] == "EPERM"
    assert found["unshare"] == {"user": "EPERM", "net": "EPERM", "mount": "EPERM"}
    assert found["keyring"] == {"keyctl": "EPERM", "add_key": "EPERM"}
    assert found["io_uring"] == "ENOSYS"
    assert "0" not in found["setuid"].split() and found["setuid"].isdigit(), found["setuid"]

    # The report says plainly what stopped the attack, and what confined the child.
    assert result.cases[0].outcome == "error"
    assert "runs as an unprivileged user" in result.isolation
    assert "seccomp filter" in result.isolation
    # The host is as it was.
    assert not marker.exists()
    assert after == before


@pytest.mark.parametrize("isolation", ISOLATIONS)
def test_the_honest_student_beside_an_attacker_keeps_full_marks(
    tmp_path, assignment, setuid_id, isolation
):
    hostile = tmp_path / "class" / "mallory.py"
    hostile.parent.mkdir()
    hostile.write_text(_attack_source(tmp_path / "marker", str(setuid_id)))
    shutil.copy(ADA, tmp_path / "class" / "ada.py")
    cases = [c for c in assignment.cases(visibility="public") if c.part == "part01"]
    items = grade_batch(assignment, [tmp_path / "class"], cases, None, 2, isolation=isolation)
    scores = {item.result.student: item.result for item in items}
    assert scores["ada"].score == pytest.approx(scores["ada"].max_score)
    assert scores["ada"].cases and all(c.outcome == "passed" for c in scores["ada"].cases)
    assert scores["mallory"].cases[0].outcome == "error"


def test_two_children_never_share_an_identity(monkeypatch):
    monkeypatch.delenv(identity.SANDBOX_USER, raising=False)
    first, second = identity.acquire(), identity.acquire()
    try:
        assert first is not None and second is not None
        assert first.uid != second.uid and 0 not in (first.uid, second.uid)
        low, high = identity.uid_range()
        assert low <= first.uid <= high and low <= second.uid <= high
    finally:
        first.release()
        second.release()
    again = identity.acquire()  # a released id may be taken again
    again.release()


def test_a_root_grader_never_runs_a_child_as_root(monkeypatch):
    monkeypatch.setenv(identity.SANDBOX_USER, "root")
    with pytest.raises(identity.IdentityError, match="that is root"):
        choose_isolation("rlimits")
    monkeypatch.setenv(identity.SANDBOX_USER, "no-such-user-here")
    with pytest.raises(identity.IdentityError, match="no such user"):
        choose_isolation("rlimits")
    monkeypatch.setenv(identity.SANDBOX_USER, "")  # empty: the range, never root
    chosen = identity.acquire()
    try:
        assert chosen is not None and chosen.uid != 0 and chosen.own
    finally:
        chosen.release()
    monkeypatch.setenv(identity.SANDBOX_UIDS, "0-10")
    with pytest.raises(identity.IdentityError, match="not a range of unprivileged ids"):
        identity.acquire()


def test_an_interpreter_the_user_cannot_reach_is_refused_with_the_fix(monkeypatch):
    monkeypatch.delenv(identity.SANDBOX_USER, raising=False)
    monkeypatch.setattr(
        identity, "python_unreachable", lambda uid, gid: "/opt/py/bin/python3: Permission denied"
    )
    with pytest.raises(identity.IdentityError, match="install bubblewrap, or make this Python"):
        choose_isolation("rlimits")
    if bwrap_usable():  # bubblewrap's view makes the way in itself: no refusal there
        assert choose_isolation("bwrap") == "bwrap"


@pytest.mark.parametrize("isolation", ISOLATIONS)
def test_the_report_names_what_was_in_force(isolation):
    text = isolation_text(isolation)
    assert "not root" in text and "no capabilities" in text and "no_new_privs" in text
    if seccomp.available() is not None:
        assert "seccomp filter" in text
    else:
        assert "no seccomp filter" in text
    assert "/proc/sys" in text


def test_only_closed_root_folders_on_the_way_are_opened_for_entering(tmp_path):
    """A Python under /root (pyenv): the grader opens the folders on the way for entering
    (o+x), never for listing or reading, and leaves open ones and others' folders alone."""
    closed = tmp_path / "closed"
    inner = closed / "inner"
    inner.mkdir(parents=True)
    (inner / "python").write_text("")
    closed.chmod(0o700)
    inner.chmod(0o750)
    theirs = tmp_path / "theirs"
    theirs.mkdir(mode=0o700)
    os.chown(theirs, 12345, 12345)
    opened = identity.make_enterable(inner / "python")
    assert closed in opened and inner in opened
    assert stat.S_IMODE(closed.stat().st_mode) == 0o701
    assert stat.S_IMODE(inner.stat().st_mode) == 0o751
    assert identity.make_enterable(inner / "python") == []  # already enterable: nothing
    identity.make_enterable(theirs / "x")
    assert stat.S_IMODE(theirs.stat().st_mode) == 0o700  # not root's: left alone


@pytest.mark.skipif(
    not os.path.realpath(os.sys.executable).startswith("/root/"),
    reason="this Python is not under /root",
)
def test_a_python_under_a_closed_root_is_opened_not_refused(tmp_path):
    """Before the grader opened the way, a fresh machine whose Python is pyenv's under /root
    (0700) refused every class without bubblewrap: the README's own commands failed."""
    import subprocess
    import sys

    before = stat.S_IMODE(os.stat("/root").st_mode)
    os.chmod("/root", 0o700)
    try:
        code = (
            "from graders.run.sandbox import choose_isolation; print(choose_isolation('rlimits'))"
        )
        proc = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT
        )
        assert proc.returncode == 0 and proc.stdout.strip() == "rlimits", proc.stderr
        assert "made /root enterable by every user" in proc.stderr
        assert stat.S_IMODE(os.stat("/root").st_mode) == 0o701
    finally:
        os.chmod("/root", before | 0o001)
