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

import atexit
import functools
import importlib.util
import json
import marshal
import os
import secrets
import select
import shutil
import signal
import stat
import subprocess
import sys
import sysconfig
import tempfile
import threading
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from unokit import imports

from ..textsafe import clean_text
from ..vocabulary import Limits, Outcome
from . import cgroups, harness, launch, seccomp
from .budget import REGISTER, Budget, Interrupted, current_budget
from .identity import Identity, acquire, give, is_root, named_identity, preflight, uid_range
from .replies import UNDECODED, decode_value, lazy_outcome, read_reply

HARNESS = Path(harness.__file__).resolve()
LAUNCHER = Path(launch.__file__).resolve()  # its source; a child runs ``launcher_file()``
LAUNCHER_INSIDE = "/sandbox/launch.pyc"  # the compiled launcher in bubblewrap's view
MAX_LINE = 32 * 1024 * 1024
STARTUP_GRACE = 10.0  # seconds for the interpreter to start and import the submission


@dataclass(frozen=True)
class Call:
    """One case as the child sees it: which function, which arguments (never the answer)."""

    id: int
    function: str
    args: tuple
    # A probe (``contract.Probe``): ``args`` holds one argument tuple per call, all made in
    # one round trip; the answer is their list.  Its arguments are not kept in the cache.
    many: bool = False
    # Seconds (wall clock and CPU) this call may take, when less than the case's limit: the
    # search for a smaller failing case keeps its own small budget (a fresh child's start
    # waits no longer either).
    timeout: float | None = None


@dataclass
class RunReport:
    outcomes: list[Outcome]
    isolation: str
    import_stdout: str = ""
    restarts: int = 0
    notes: list[str] = field(default_factory=list)


def private_folder(identity: Identity | None, prefix: str) -> Path:
    """A fresh folder for one child's files.  With an identity (a root grader), a folder of
    that identity's in the system's temporary space, which every user may traverse (a run's
    scratch folder is root's alone), and no other user may enter."""
    if identity is None:
        return Path(tempfile.mkdtemp(prefix=prefix))
    base = Path("/tmp") if Path("/tmp").is_dir() else Path(tempfile.gettempdir())
    folder = Path(tempfile.mkdtemp(prefix=prefix, dir=base))
    give(folder, identity)
    return folder


def readable_by_anyone(path: Path) -> bool:
    """Can any user read every file under ``path`` and enter every folder (checked without
    following links)?  A read-only bind of such a folder needs no copy for a child."""
    for top, _dirs, files in os.walk(path):
        if os.stat(top).st_mode & 0o005 != 0o005:
            return False
        for name in files:
            if os.lstat(os.path.join(top, name)).st_mode & 0o004 == 0:
                return False
    return True


def bwrap_path() -> str | None:
    return shutil.which("bwrap")


_BWRAP_WORKS: dict[str, bool] = {}


def _namespaces() -> list[str]:
    """bubblewrap's namespace and privilege options.

    As an ordinary user, bubblewrap maps that user into a new user namespace and drops every
    capability.  As root, it makes no user namespace (root's id would map to the host's root,
    and a root child may write ``/proc/sys``): the child's namespaces are owned by the host,
    and the only capabilities kept are the three ``setpriv`` needs to become the child's
    unprivileged identity and empty its bounding set; ``setpriv`` drops them for good."""
    common = ["--die-with-parent", "--new-session", "--cap-drop", "ALL"]
    if not is_root():
        return ["--unshare-all", *common]
    return [
        "--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts",
        "--unshare-cgroup-try", *common,
        "--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID", "--cap-add", "CAP_SETPCAP",
    ]  # fmt: skip


def bwrap_usable() -> bool:
    """bubblewrap is installed and can create namespaces here (checked once)."""
    path = bwrap_path()
    if path is None:
        return False
    if path not in _BWRAP_WORKS:
        try:
            # The features every child's command uses (a fresh read-only /proc in its own PID
            # namespace, /dev, a tmpfs): in a container bubblewrap may make namespaces and
            # still be refused a /proc, and then every run would fail, not fall back.
            probe = subprocess.run(
                [path, "--ro-bind", "/", "/", *_namespaces(), "--proc", "/proc",
                 "--remount-ro", "/proc", "--dev", "/dev", "--tmpfs", "/tmp", "true"],
                capture_output=True,
                timeout=10,
            )  # fmt: skip
            _BWRAP_WORKS[path] = probe.returncode == 0
        except (OSError, subprocess.SubprocessError):
            _BWRAP_WORKS[path] = False
    return _BWRAP_WORKS[path]


def choose_isolation(requested: str = "auto") -> str:
    """``bwrap`` or ``rlimits``; ``auto`` takes bubblewrap when it works.

    Raises RuntimeError (an ``IdentityError`` for the user a root grader's children run as)
    when the mode cannot run a child unprivileged here: a class is refused at once, never
    graded with children as root."""
    if requested == "bwrap" and not bwrap_usable():
        raise RuntimeError("bubblewrap (bwrap) is not installed or cannot create namespaces")
    if requested in ("rlimits", "bwrap"):
        mode = requested
    else:
        mode = "bwrap" if bwrap_usable() else "rlimits"
    preflight(needs_python=mode != "bwrap")
    return mode


ISOLATION_TEXT = {
    "bwrap": "bubblewrap: read-only system view, no network, own PID namespace, rlimits",
    "rlimits": "rlimits only (no bubblewrap): memory, CPU and file-size limits, own process "
    "group; the submission can read files that every user can read",
}


def confinement_text(mode: str) -> str:
    """What keeps a child from the machine on this one, in the report's words: its user,
    capabilities, ``no_new_privs``, the seccomp filter and ``/proc/sys``."""
    rules = seccomp.available()
    if is_root():
        named = named_identity()
        low, high = uid_range()
        who = (
            f"runs as the unprivileged user {named.name} (not root)"
            if named is not None
            else f"runs as an unprivileged user of its own (not root, uid {low}-{high})"
        )
        who += ", no capabilities, no_new_privs"
    else:
        who = "runs as the grader's own user (not root), no capabilities, no_new_privs"
    proc = (
        "/proc read-only (no /proc/sys write), no /sys"
        if mode == "bwrap"
        else "/proc/sys not writable by that user"
    )
    filt = rules.describe() if rules else "no seccomp filter (libseccomp is not installed here)"
    return f"{who}; {filt}; {proc}"


def _python_prefix() -> Path:
    return Path(os.path.realpath(sys.base_prefix))


SANDBOX_WORK = "/sandbox/work"
SANDBOX_SITE = "/sandbox/site"  # what the assignment allows a submission to import


@functools.cache
def _system_view() -> tuple[str, ...]:
    """bubblewrap's options that are the same for every child: the system and the stdlib
    read-only, site-packages hidden (looked up once; a child starts per submission)."""
    cmd: list[str] = [bwrap_path() or "bwrap", *_namespaces()]
    for top in ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/etc"):
        p = Path(top)
        if p.is_symlink():
            cmd += ["--symlink", os.readlink(p), top]
        elif p.is_dir():
            cmd += ["--ro-bind", top, top]
    prefix = _python_prefix()
    if not str(prefix).startswith("/usr/"):
        # The folders on the way (pyenv's /root, 0700 on the host) made enterable: the child
        # runs as an unprivileged user, and bubblewrap would make them root's alone.
        for parent in reversed(prefix.parents[:-1]):
            cmd += ["--perms", "0755", "--dir", str(parent)]
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
    return tuple(cmd)


def bwrap_command(
    disk_mb: int,
    work: Path | None = None,
    ro_binds: list[tuple[Path, str]] | None = None,
    *,
    seccomp_fd: int | None,
) -> list[str]:
    """The bubblewrap prefix: system and stdlib read-only, site-packages hidden, no network,
    ``/proc`` read-only (``/proc/sys`` and ``/proc/sysrq-trigger`` with it), no ``/sys``, the
    compiled launcher at ``/sandbox/launch.pyc``, and ``seccomp_fd`` (from
    :func:`seccomp_pipe`, None only where there is no filter) the seccomp filter bubblewrap
    loads for the command.

    ``/tmp`` and the working folder ``/sandbox/work`` are tmpfs mounts of ``disk_mb`` each
    (their pages count against the child's memory group too), writable by the child's user;
    with ``work`` the working folder is that host folder instead, writable (a program's build
    step writes there).  ``ro_binds`` are (host path, sandbox path) pairs mounted read-only.
    """
    size = str(max(1, disk_mb) * 1024 * 1024)
    cmd = list(_system_view())
    cmd += ["--proc", "/proc", "--remount-ro", "/proc", "--dev", "/dev"]
    cmd += ["--perms", "0755", "--dir", "/sandbox"]
    cmd += ["--ro-bind", str(launcher_file()), LAUNCHER_INSIDE]
    if seccomp_fd is not None:
        cmd += ["--seccomp", str(seccomp_fd)]
    cmd += ["--perms", "1777", "--size", size, "--tmpfs", "/tmp"]
    if work is not None:
        cmd += ["--bind", str(work), SANDBOX_WORK]
    else:
        cmd += ["--perms", "1777", "--size", size, "--tmpfs", SANDBOX_WORK]
    # The folders binds land in, enterable by the child's unprivileged user (bubblewrap
    # would make them root's alone).
    made = {"/", "/sandbox", SANDBOX_WORK}
    for source, target in ro_binds or []:
        for parent in reversed(Path(target).parents):
            if str(parent) not in made:
                made.add(str(parent))
                cmd += ["--perms", "0755", "--dir", str(parent)]
        cmd += ["--ro-bind", str(source), target]
    cmd += ["--chdir", SANDBOX_WORK]
    return cmd


# This process's compiled launcher, by pid: a forked process makes its own.
_LAUNCHER_FILES: dict[int, Path] = {}
_LAUNCHER_LOCK = threading.Lock()


def _compiled_launcher() -> bytes:
    """``launch.py`` compiled for this interpreter, as a ``.pyc`` file's bytes: the magic
    number the interpreter checks before it runs a ``.pyc`` script, the flags of an unchecked
    hash-based file (nothing compares it with a source: the interpreter skips those 12
    bytes when it runs a ``.pyc`` named on its command line), then the marshalled code."""
    source = LAUNCHER.read_bytes()
    code = compile(source, "launch.py", "exec", dont_inherit=True)
    return (
        importlib.util.MAGIC_NUMBER
        + (0b01).to_bytes(4, "little")  # hash-based, unchecked
        + importlib.util.source_hash(source)
        + marshal.dumps(code)
    )


LAUNCHER_PREFIX = "unograde-launcher-"  # then the process id, a dash, a random part


def _remove_launcher(pid: int, folder: Path) -> None:
    if os.getpid() == pid:  # never another process's (a fork inherits the finalizer)
        shutil.rmtree(folder, ignore_errors=True)
        path = _LAUNCHER_FILES.get(pid)
        if path is not None and path.parent == folder:  # not one made since
            del _LAUNCHER_FILES[pid]


def remove_launcher_file() -> None:
    """Remove this process's compiled launcher now (a worker told to stop, its children
    killed, leaves by ``os._exit``: no finalizer runs)."""
    path = _LAUNCHER_FILES.get(os.getpid())
    if path is not None:
        _remove_launcher(os.getpid(), path.parent)


def _sweep_launchers(base: Path) -> None:
    """Remove the launcher folders this user's processes left when they were killed
    outright (their process id is in the name, and it no longer runs); never another
    user's, never one of a live process."""
    for folder in base.glob(f"{LAUNCHER_PREFIX}*"):
        try:
            pid = int(folder.name[len(LAUNCHER_PREFIX) :].split("-", 1)[0])
            info = os.lstat(folder)
        except (ValueError, OSError):
            continue
        if info.st_uid != os.geteuid() or not stat.S_ISDIR(info.st_mode):
            continue
        if pid != os.getpid() and not Path(f"/proc/{pid}").exists():
            shutil.rmtree(folder, ignore_errors=True)


def launcher_file() -> Path:
    """The launcher compiled once per grader process, as a file the child's interpreter runs
    directly (``python -I -S -B launch.pyc``: nothing compiled at a child's start).

    It lives in a folder of this process's own in the system's temporary space, the
    grader's (root's, for a root grader), mode 0755, and the file is the grader's, 0644: the
    child's unprivileged user can read it and run it (without bubblewrap from here; under
    bubblewrap bound read-only at ``/sandbox/launch.pyc``), and nobody but the grader can
    write either.  Removed when this process ends (a worker of a process pool too); made
    again if something took it away meanwhile (a cleaner of old temporary files).  A
    process killed outright leaves its folder, with its process id in the name: the next
    process to make one removes it."""
    pid = os.getpid()
    path = _LAUNCHER_FILES.get(pid)
    if path is not None and path.is_file():
        return path
    with _LAUNCHER_LOCK:
        path = _LAUNCHER_FILES.get(pid)
        if path is not None and path.is_file():
            return path
        base = Path("/tmp") if Path("/tmp").is_dir() else Path(tempfile.gettempdir())
        _sweep_launchers(base)
        folder = Path(tempfile.mkdtemp(prefix=f"{LAUNCHER_PREFIX}{pid}-", dir=base))
        folder.chmod(0o755)  # mkdtemp's is 0700: the child's user must enter it
        path = folder / "launch.pyc"
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644)
        with os.fdopen(fd, "wb") as handle:
            os.fchmod(handle.fileno(), 0o644)  # whatever the umask
            handle.write(_compiled_launcher())
        # multiprocessing's finalizers run at this process's normal exit, and at a pool
        # worker's (which leaves by os._exit, past atexit).
        from multiprocessing import util

        util.Finalize(None, _remove_launcher, args=(pid, folder), exitpriority=0)
        _LAUNCHER_FILES[pid] = path
        return path


def confine_command(
    identity: Identity | None,
    *,
    mode: str,
    nproc: int | None = None,
    python: bool = False,
    compat32: bool = False,
) -> list[str]:
    """What every child starts with, inside bubblewrap's view (``mode`` "bwrap") or without
    it: ``setpriv`` to its unprivileged identity (a root grader), then the launcher (compiled
    once, see :func:`launcher_file`) with, for an id of its own, the process cap; it then
    runs the child's program (with ``python``, a Python script in the same interpreter).

    The seccomp filter: without bubblewrap the launcher loads it (``--seccomp``, its BPF
    program in hex; with ``compat32``, the filter that also admits the 32-bit x86 ABI under
    the same deny list, for a 32-bit toolchain).  Under bubblewrap, bubblewrap loads it
    (:func:`seccomp_pipe`, given to :func:`bwrap_command`), before ``setpriv``: the
    launcher then neither imports ``ctypes`` nor makes a call of its own for it."""
    prefix = identity.setpriv() if identity is not None else []
    where = LAUNCHER_INSIDE if mode == "bwrap" else str(launcher_file())
    launcher = [os.path.realpath(sys.executable), "-I", "-S", "-B", where]
    if mode != "bwrap":
        rules = seccomp.available(compat32)
        if rules is not None:
            launcher += ["--seccomp", rules.program.hex()]
    if nproc is not None and identity is not None and identity.own:
        launcher += ["--nproc", str(nproc)]
    if python:
        launcher.append("--python")
    return prefix + launcher


def seccomp_pipe(compat32: bool = False) -> int | None:
    """For one child under bubblewrap: the read end of a fresh pipe holding the seccomp
    filter's BPF program (``compat32``: the one that also admits the 32-bit x86 ABI), for
    ``bwrap --seccomp FD``; None where there is no filter (said in every report).

    The caller passes it to the child (``pass_fds``) and closes its own copy once the child
    has started.  bubblewrap reads it to the end, sets ``no_new_privs`` and loads the filter
    just before it executes the command (``setpriv``, then the launcher, then the program):
    a filter it cannot read or load ends the child, which never runs unfiltered."""
    rules = seccomp.available(compat32)
    if rules is None:
        return None
    read, write = os.pipe()
    try:
        # A few kB (a pipe holds 64 kB): written whole, without waiting for a reader.
        view = memoryview(rules.program)
        while view:
            view = view[os.write(write, view) :]
    except BaseException:
        os.close(read)
        raise
    finally:
        os.close(write)
    return read


def close_fd(fd: int | None) -> None:
    if fd is not None:
        try:
            os.close(fd)
        except OSError:
            pass


def caps_text(mode: str, limits: Limits) -> str:
    """Which caps are in force for a child on this machine, in the report's words."""
    layout = cgroups.layout()
    if layout.usable:
        group = (
            f"cgroup ({layout.describe()}): memory {_group_caps(limits).memory_bytes >> 20} MB "
            f"including files in memory, at most {limits.processes} processes, one CPU core"
        )
    else:
        group = "no cgroups (memory by address space only, no process-count cap)"
    disk = (
        f"work folder and /tmp: tmpfs of {limits.disk_mb} MB each"
        if mode == "bwrap"
        else f"disk: {FILE_MB} MB per file only"
    )
    return f"{group}; {disk}"


def isolation_text(mode: str, limits: Limits | None = None) -> str:
    """The isolation line every report carries: the sandbox, what confines the child (its
    user, capabilities, seccomp, /proc/sys), then the caps in force."""
    text = f"{ISOLATION_TEXT[mode]}; {confinement_text(mode)}"
    if limits is None:
        return text
    return f"{text}; caps: {caps_text(mode, limits)}"


FILE_MB = 16


def _group_caps(limits: Limits) -> cgroups.Caps:
    memory = (limits.memory_mb + 2 * limits.disk_mb + 64) * 1024 * 1024
    return cgroups.Caps(memory_bytes=memory, pids=limits.processes, cpus=1.0)


def _kill_group(
    proc: subprocess.Popen,
    token: str,
    scan: bool = True,
    uid: int | None = None,
    wait: bool = True,
) -> None:
    """Kill the child's process group, reap it (``wait``), then (``scan``) anything else that
    still carries its token or runs as its own ``uid``: without a control group, that is how
    a process that left the group is found."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    if wait:
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
    if not scan:
        return
    marker = f"UNOGRADE_SANDBOX={token}".encode()
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            if (uid is not None and entry.stat().st_uid == uid) or marker in (
                entry / "environ"
            ).read_bytes():
                os.kill(int(entry.name), signal.SIGKILL)
        except (OSError, ValueError):
            continue


class Tree:
    """One sandboxed process tree: its process group, its control group and its token.

    Killing it reaches everything the child started (a daemon that left the process group
    is still in the control group, and still carries the token in its environment). It is
    entered in the register of live children so that an interrupt can kill it.
    """

    def __init__(self, limits: Limits, identity: Identity | None = None) -> None:
        if REGISTER.stopping.is_set():
            raise Interrupted("the run is being stopped")
        self.identity = identity
        self.token = secrets.token_hex(8)
        self.group = cgroups.Group.create(self.token, _group_caps(limits))
        self.proc: subprocess.Popen | None = None
        self._lock = threading.Lock()
        self._dead = False

    def command(self, cmd: list[str]) -> list[str]:
        return self.group.wrap(cmd) if self.group is not None else cmd

    def env(self, home: str) -> dict[str, str]:
        """Nothing of the grader's environment: only what a program needs to start."""
        return {
            "PATH": "/usr/local/bin:/usr/bin:/bin",
            "HOME": home,
            "LANG": "C.UTF-8",
            "LC_ALL": "C.UTF-8",
            "PYTHONHASHSEED": "0",
            "PYTHONIOENCODING": "utf-8",
            "UNOGRADE_SANDBOX": self.token,
        }

    def started(self, proc: subprocess.Popen) -> None:
        self.proc = proc
        REGISTER.add(self)

    def memory_exceeded(self) -> bool:
        return self.group is not None and self.group.memory_exceeded()

    def kill(self, wait: bool = True) -> None:
        """Kill every process of the tree (idempotent, callable from any thread).

        ``wait`` False (an interrupt's handler, see ``Register.stop_all``): the kills are sent
        and nothing is waited for or locked; the tree stays to be closed as usual."""
        own = self.identity.uid if self.identity is not None and self.identity.own else None
        if not wait:
            if self.group is not None:
                self.group.kill(wait=False)
            if self.proc is not None:
                _kill_group(self.proc, self.token, self.group is None, own, wait=False)
            return
        with self._lock:
            if self._dead:
                return
            self._dead = True
        if self.group is not None:
            self.group.kill()
        if self.proc is not None:
            # A control group holds every process the child made: no need to look further.
            _kill_group(self.proc, self.token, scan=self.group is None, uid=own)

    def close(self) -> None:
        self.kill()
        if self.group is not None:
            self.group.kill()  # anything that slipped in while the first kill ran
            self.group.remove()
        REGISTER.discard(self)


def _total_cpu(limits: Limits, n_calls: int, budget: Budget | None) -> float:
    """The CPU seconds a child may use in all: each call's, and the start's grace, never
    past the submission's budget."""
    total = limits.cpu * max(1, n_calls) + STARTUP_GRACE
    if budget is not None and budget.seconds is not None:
        total = min(total, budget.seconds + STARTUP_GRACE)
    return total


@functools.cache
def _harness_code(name: str) -> bytes:
    """The harness compiled for this interpreter, as ``name`` (its path as the child sees
    it), marshalled: compiled once per grader process, not once per child."""
    source = HARNESS.read_bytes()
    return marshal.dumps(compile(source, name, "exec", dont_inherit=True))


class _Child:
    """One running harness process and its two pipes."""

    # The compiled harness, when it is a file of its own (not in ``work``); a subclass that
    # runs something else (``served``) has none.
    code_file: Path | None = None
    raw: bytes | None = None  # the last reply's value, as the child sent it (``replies``)
    raw_value: Any = UNDECODED  # and that value, when it had to be decoded to be checked

    def __init__(
        self,
        sub: Path,
        module: str,
        limits: Limits,
        isolation: str,
        extra_paths: list[Path],
        n_calls: int,
        adapter: str | None = None,
        budget: Budget | None = None,
        allowed_imports: tuple[str, ...] = (),
        identity: Identity | None = None,
        ahead: bool = False,
    ) -> None:
        self.identity = identity
        self.tree = Tree(limits, identity)
        self.farm: Path | None = None
        self.token = self.tree.token
        self.isolation = isolation
        # ``ahead``: started before its submission is known (see :func:`prepare_ahead`):
        # bubblewrap binds an empty folder of the grader's where the submission goes, the
        # submission is copied in when a session claims the child (:meth:`claim`), and only
        # then does the child get its setup and import anything.
        self.slot: Path | None = None
        # Under bubblewrap the working folder is a sized tmpfs inside the sandbox, and the
        # submission is bound read-only (a copy any user can read, where the child's
        # unprivileged identity could not read the original).  Without it, a private folder
        # (of the child's identity, holding a copy of the submission, when it has one).
        self.work: Path | None = None
        if ahead:
            self.work = Path(tempfile.mkdtemp(prefix="unograde-ahead-"))
            self.work.chmod(0o755)  # the grader's; the child's user only enters it
            sub = self.slot = self.work / "submission"
            sub.mkdir(mode=0o755)
        elif isolation != "bwrap":
            self.work = private_folder(identity, "unograde-work-")
            if identity is not None:
                sub = Path(shutil.copytree(sub, self.work / "submission", symlinks=True))
                give(self.work, identity)
        elif identity is not None and not readable_by_anyone(sub):
            self.work = Path(tempfile.mkdtemp(prefix="unograde-work-"))
            sub = Path(shutil.copytree(sub, self.work / "submission", symlinks=True))
            give(sub, identity)
        fd, log_name = tempfile.mkstemp(prefix="unograde-log-")
        os.close(fd)
        self.log = Path(log_name)
        in_r, self.in_w = os.pipe()
        self.out_r, out_w = os.pipe()
        inside_sub = "/sandbox/sub" if isolation == "bwrap" else str(sub)
        paths = [inside_sub] + [str(p) for p in extra_paths]
        # What the assignment lets a submission import beyond the standard library.
        # They go at the end of sys.path: the standard library is found first, as usual.
        extra = imports.allowed(tuple(allowed_imports)) if allowed_imports else None
        import_binds: list[tuple[Path, str]] = []
        sites: list[str] = []
        if extra:
            if isolation == "bwrap":  # one folder of the sandbox's: no host path shows
                import_binds = [(e, f"{SANDBOX_SITE}/{e.name}") for e in extra.unique_entries()]
                sites = [SANDBOX_SITE]
            else:
                self.farm = imports.link_farm(extra.entries, self.work if identity else None)
                give(self.farm, identity)
                sites = [str(self.farm)]
        setup = {
            "root": inside_sub,
            "path": paths,
            "module": module,
            "memory_mb": limits.memory_mb,
            "total_cpu": _total_cpu(limits, n_calls, budget),
            "import_cpu": max(limits.cpu, 1.0),
            "file_mb": FILE_MB,
            "output_chars": limits.output_kb * 1024,
            "adapter": adapter,
            "site": sites,
        }
        harness_path = "/sandbox/harness.py" if isolation == "bwrap" else str(HARNESS)
        # The harness as compiled once by this process, under its usual name (tracebacks
        # read the same): the child runs it without compiling 16 kB of source every start.
        self.code = self._compiled_harness(harness_path)
        code_path = "/sandbox/harness.marshal" if isolation == "bwrap" else str(self.code)
        cmd = confine_command(identity, mode=isolation, nproc=limits.processes, python=True)
        cmd += ["--", code_path, str(in_r), str(out_w)]
        filter_fd = None
        home = SANDBOX_WORK if isolation == "bwrap" else str(self.work)
        env = self.tree.env(home)
        if extra:
            env.update(imports.THREAD_ENV)
        try:
            if isolation == "bwrap":
                binds = [(sub, "/sandbox/sub"), (self.code, "/sandbox/harness.marshal")]
                filter_fd = seccomp_pipe()
                prefix = bwrap_command(
                    limits.disk_mb, ro_binds=binds + import_binds, seccomp_fd=filter_fd
                )
                cmd = prefix + cmd
            with open(self.log, "wb") as log:
                proc = subprocess.Popen(
                    self.tree.command(cmd),
                    cwd=self.work or "/",
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
        self.setup = setup
        if not ahead:
            self.send(harness.frame(setup))  # small: the pipe takes it without waiting

    def claim(self, sub: Path, n_calls: int, budget: Budget | None, limits: Limits) -> bool:
        """A child started ahead becomes ``sub``'s: its files copied into the bound folder
        (given to the child's user, as any copy is), then the setup sent. False when the
        child has died meanwhile or its setup cannot be sent (the caller starts another)."""
        assert self.slot is not None
        if self.proc.poll() is not None:
            return False
        shutil.copytree(sub, self.slot, symlinks=True, dirs_exist_ok=True)
        give(self.slot, self.identity)
        self.setup["total_cpu"] = _total_cpu(limits, n_calls, budget)
        return self.send(harness.frame(self.setup))

    def _compiled_harness(self, name: str) -> Path:
        """A file of this child's holding the harness compiled (``marshal``), readable by the
        child's user: in its private working folder, else beside its log (bound read-only
        into bubblewrap's view)."""
        if self.work is not None:
            path = self.work / "harness.marshal"
            path.write_bytes(_harness_code(name))
            path.chmod(0o644)  # the grader's, readable: the child's user reads it to start
            return path
        fd, name_ = tempfile.mkstemp(prefix="unograde-harness-", suffix=".marshal")
        with os.fdopen(fd, "wb") as handle:
            handle.write(_harness_code(name))
        os.chmod(name_, 0o644)
        self.code_file = Path(name_)
        return self.code_file

    def send(self, data: bytes) -> bool:
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
            try:
                ready, _, _ = select.select([self.out_r], [], [], remaining)
                if not ready:
                    return "timeout"
                chunk = os.read(self.out_r, 1 << 16)
            except OSError:  # the pipe was closed under us by an interrupt
                return None
            if not chunk:
                return None
            self.buffer += chunk
            if len(self.buffer) > MAX_LINE:
                return "protocol"
        line, _, self.buffer = self.buffer.partition(b"\n")
        try:
            # A case's value is left as its bytes (``replies``): decoded when read.
            reply = read_reply(line, decode=False)
        except (ValueError, RecursionError, TypeError):
            return "protocol"
        self.raw, self.raw_value = reply.raw, reply.value
        return reply.message if isinstance(reply.message, dict) else "protocol"

    def death(self) -> str:
        try:
            code = self.proc.wait(timeout=2)
        except subprocess.TimeoutExpired:
            return "stopped answering"
        if self.tree.memory_exceeded():
            return "memory"
        if (
            self.isolation == "bwrap"
            and code > 128
            and code - 128 in signal.Signals._value2member_map_
        ):
            code = 128 - code  # bubblewrap exits with 128 + the signal that killed the child
        if code < 0:
            name = signal.Signals(-code).name if -code in signal.Signals._value2member_map_ else ""
            if -code == signal.SIGXCPU:
                return "ran out of CPU time (SIGXCPU)"
            return f"killed by signal {-code} {name}".strip()
        return f"exited with status {code}"

    def log_tail(self, size: int = 2000) -> str:
        try:
            with open(self.log, "rb") as handle:
                handle.seek(0, os.SEEK_END)
                handle.seek(max(0, handle.tell() - size))
                return clean_text(handle.read().decode("utf-8", "replace"))
        except OSError:
            return ""

    def kill(self) -> None:
        self.tree.kill()

    def _remove_files(self) -> None:
        if self.work is not None:
            shutil.rmtree(self.work, ignore_errors=True)
        if self.code_file is not None:
            self.code_file.unlink(missing_ok=True)
        imports.remove_farm(self.farm)
        self.log.unlink(missing_ok=True)

    def close(self) -> None:
        # Killed before its pipes close: on end of input the child would otherwise start
        # Python's own shutdown (freeing every object), CPU spent for nothing.
        self.tree.kill()
        for fd in (self.in_w, self.out_r):
            try:
                os.close(fd)
            except OSError:
                pass
        self.tree.close()
        self._remove_files()


REPLY_STATUSES = ("returned", "raised", "missing", "memory", "cpu")
MAX_TEXT = 20_000  # characters kept of any text field the child sends


def _text(value: object, limit: int = MAX_TEXT) -> str:
    """A text field from the child: a string, cleaned, bounded (anything else is dropped)."""
    if not isinstance(value, str):
        return ""
    return clean_text(value[:limit])


def _count(value: object) -> int:
    """A non-negative count from the child (a forged one is read as 0)."""
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 0


def _seconds(value: object, elapsed: float) -> float:
    """The child's own timing, trusted only between 0 and what the grader measured."""
    if isinstance(value, int | float) and not isinstance(value, bool) and 0 <= value <= elapsed:
        return float(value)
    return elapsed


_ARGS_FRAME: dict[int, tuple[Any, bytes]] = {}
MAX_CACHED_ARGS = 4096


def _args_frame(args: tuple) -> bytes:
    """The arguments as the child reads them. Plain data is marshalled as it is; anything
    else goes as the description ``harness.encode`` gives it (its type and repr)."""
    try:
        return harness.frame(args)
    except ValueError:  # an object marshal does not know
        plain = json.loads(json.dumps(harness.encode(args)), object_hook=harness.tagged)
        return harness.frame(plain)


def _call_message(call: Call, cpu: float) -> bytes:
    """A call's two frames: which case and function, then the arguments. A case's arguments
    are the same for every submission of a class, so their frame is kept (by the identity
    of the arguments, which the cache holds on to) instead of being made again for each."""
    if call.many:
        head = {"id": call.id, "function": call.function, "cpu": cpu, "many": True}
        return harness.frame(head) + _args_frame(call.args)
    key = id(call.args)
    cached = _ARGS_FRAME.get(key)
    if cached is None or cached[0] is not call.args:
        if len(_ARGS_FRAME) >= MAX_CACHED_ARGS:
            _ARGS_FRAME.clear()
        cached = (call.args, _args_frame(call.args))
        _ARGS_FRAME[key] = cached
    return harness.frame({"id": call.id, "function": call.function, "cpu": cpu}) + cached[1]


PREPARE_AHEAD = False
"""Whether this process starts the next submission's child while it judges the current one
(:meth:`Session.prepare_next`): set by a batch's worker processes, which grade submission
after submission; a lone grading never pays for a child nobody takes."""

_AHEAD: dict[tuple, _Child] = {}  # at most one: the child started ahead, by what it fits


def _take_ahead(key: tuple) -> _Child | None:
    """The child started ahead for ``key``, taken (one that fits something else is closed)."""
    child = _AHEAD.pop(key, None)
    close_ahead()
    return child


def close_ahead() -> None:
    """Close the child started ahead, if any (a worker's exit; a mismatch)."""
    while _AHEAD:
        _, child = _AHEAD.popitem()
        child.close()
        if child.identity is not None:
            child.identity.release()


atexit.register(close_ahead)


class Session:
    """A sandboxed child kept across calls: it imports the submission once and answers call
    after call; after a timeout or a crash it is killed and a fresh one takes the next call.

    ``run_calls`` uses it for a submission's cases; tournaments use it to ask a student's
    strategy for one move after another.  Every wait is cut at the submission's budget (the
    one in force when the session is made): past it, the child is killed and each call
    answers "not-run" at once.
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
        budget: Budget | None = None,
        allowed_imports: tuple[str, ...] = (),
    ) -> None:
        self.sub, self.module, self.limits = sub, module, limits
        self.allowed_imports = tuple(allowed_imports)
        self.mode = choose_isolation(isolation)
        self.isolation = isolation_text(self.mode, limits)
        self.identity: Identity | None = None  # taken with the first child, kept to the end
        self.extra_paths, self.adapter = extra_paths or [], adapter
        self.remaining = max(1, expected_calls)
        self.budget = budget or current_budget()
        self.child: _Child | None = None
        self.failed_import: Outcome | None = None
        self.import_stdout = ""
        self.ready: dict = {}  # the first child's first message (what its import said)
        self.restarts = -1
        self.ahead = False  # its first child was started ahead (:meth:`prepare_next`)

    # What a subclass changes for another kind of child (``graders.run.served``): the child
    # itself, a call's message to it, and the statuses its replies may carry.
    statuses: tuple[str, ...] = REPLY_STATUSES
    startup_grace: float = STARTUP_GRACE

    def _spawn(self) -> _Child:
        return _Child(
            self.sub,
            self.module,
            self.limits,
            self.mode,
            self.extra_paths,
            self.remaining,
            self.adapter,
            self.budget,
            self.allowed_imports,
            self.identity,
        )

    def _message(self, call: Call, cpu: float) -> bytes:
        """A call as the child reads it, with the CPU seconds it may use."""
        return _call_message(call, cpu)

    def _ahead_key(self) -> tuple:
        """What a child started ahead must have been started for to serve this session:
        everything of its start but the submission."""
        return (self.module, self.limits, self.mode, tuple(map(str, self.extra_paths)),
                self.adapter, self.allowed_imports)  # fmt: skip

    def prepare_next(self) -> None:
        """Start now, in the background, the child the next submission graded in this
        process will take (:data:`PREPARE_AHEAD`; bubblewrap only): its start (bubblewrap,
        the user, the interpreter, the launcher, the harness) then runs while this one is
        judged and reported, off the next submission's critical path. It is a child like any
        other, of an unprivileged id of its own, with nothing in it until it is claimed.
        Never fails the grading: a child that cannot start ahead is started when needed."""
        if not PREPARE_AHEAD or self.mode != "bwrap" or type(self) is not Session:
            return
        close_ahead()
        identity = None
        try:
            identity = acquire()
            child = _Child(
                self.sub, self.module, self.limits, self.mode, self.extra_paths, 1,
                self.adapter, None, self.allowed_imports, identity, ahead=True,
            )  # fmt: skip
        except Exception:  # noqa: BLE001 - ahead of time is a nicety: the next starts cold
            if identity is not None:
                identity.release()
            return
        _AHEAD[self._ahead_key()] = child

    def _claim_ahead(self) -> bool:
        """Take the child started ahead for a session like this one, if there is one."""
        if type(self) is not Session or self.mode != "bwrap":
            return False
        child = _take_ahead(self._ahead_key())
        if child is None:
            return False
        try:
            claimed = child.claim(self.sub, self.remaining, self.budget, self.limits)
        except OSError:
            claimed = False
        if not claimed:
            child.close()
            if child.identity is not None:
                child.identity.release()
            return False
        self.identity, self.child = child.identity, child
        self.ahead = True
        return True

    def __enter__(self) -> Session:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
        if self.identity is not None:
            self.identity.release()
            self.identity = None

    def close(self) -> None:
        """Kill the child (a fresh one, of the same identity, takes the next call)."""
        if self.child is not None:
            self.child.close()
            self.child = None

    def _over_budget(self, call_id: int) -> Outcome:
        self.budget.hit = True
        self.close()
        return Outcome(call_id, "not-run", message=self.budget.reason())

    def _start(self, until: float | None = None) -> Outcome | None:
        """Start a child; return an outcome for every call if it cannot take any (waiting
        for its import until ``until`` at the latest, when given)."""
        self.restarts += 1
        try:
            if self.identity is not None or not self._claim_ahead():
                if self.identity is None:
                    self.identity = acquire()
                self.child = self._spawn()
        except Interrupted:
            return Outcome(-1, "not-run", message="not run: grading was interrupted")
        deadline = self.budget.cap(time.monotonic() + self.startup_grace + self.limits.timeout)
        if until is not None:
            deadline = min(deadline, until)
        first = self.child.receive(deadline)
        if self.budget.expired and not isinstance(first, dict):
            return self._over_budget(-1)
        if not isinstance(first, dict) or "import" not in first:
            reason = "timed out while importing" if first == "timeout" else self.child.death()
            status = "timeout" if first == "timeout" else "crashed"
            if reason == "memory":
                status, reason = "memory", "ran out of memory while importing"
            tail = self.child.log_tail()
            self.close()
            return Outcome(
                -1, status, message=f"the submission {reason} before any case ran", stdout=tail
            )
        if not self.import_stdout:
            self.import_stdout = _text(first.get("stdout"))
        if not self.ready:
            self.ready = first
        info = first["import"] if isinstance(first["import"], dict) else {}
        if info.get("status") != "ok":
            self.close()
            status = {"memory": "memory", "cpu": "timeout"}.get(info.get("status"), "import-error")
            message = {
                "memory": "ran out of memory while importing",
                "timeout": f"used more than {max(self.limits.cpu, 1.0):g} s of CPU time while "
                "importing, before any case ran",
            }.get(status, _text(info.get("message"), 2000))
            return Outcome(
                -1,
                status,
                error_type=_text(info.get("type"), 200),
                message=message,
                traceback=_text(info.get("traceback"), 5000),
                stdout=_text(first.get("stdout")),
            )
        return None

    def call(self, call: Call) -> Outcome:
        """Run one call; never raises for anything the submission does."""
        if self.failed_import is not None:
            return replace(self.failed_import, id=call.id)
        if self.budget.expired:
            return self._over_budget(call.id)
        until = None if call.timeout is None else time.monotonic() + call.timeout
        if self.child is None:
            failure = self._start(until)
            if failure is not None:
                # Importing again would fail again (unless only this call's own time ran out).
                if failure.status in ("import-error", "memory") or (
                    failure.status == "timeout" and until is None
                ):
                    self.failed_import = failure
                return replace(failure, id=call.id)
        child = self.child
        assert child is not None
        self.remaining = max(1, self.remaining - 1)
        limits = self.limits
        if until is not None:  # its own, smaller limits (never more than the case's)
            left = max(0.05, until - time.monotonic())
            limits = replace(limits, timeout=min(limits.timeout, left), cpu=min(limits.cpu, left))
        started = time.monotonic()
        sent = child.send(self._message(call, limits.cpu))
        # A little slack past the wall limit lets the child's own CPU timer report a busy
        # loop (no kill, no restart); a sleeping or blocked case still meets the wall.
        deadline = self.budget.cap(started + limits.timeout * 1.1 + 0.1)
        if until is not None:
            deadline = min(deadline, until + 0.1)
        reply = child.receive(deadline) if sent else None
        elapsed = time.monotonic() - started
        if reply == "timeout" and self.budget.expired:
            return self._over_budget(call.id)
        if reply == "timeout":
            self.close()
            return Outcome(
                call.id,
                "timeout",
                seconds=elapsed,
                message=f"no result within {limits.timeout:g} s (wall clock)",
            )
        if REGISTER.stopping.is_set():
            self.close()
            return Outcome(call.id, "not-run", message="not run: grading was interrupted")
        if reply is None or reply == "protocol":
            why = child.death() if reply is None else "sent something that is not a result"
            tail = child.log_tail()
            self.close()
            if why == "memory":
                return Outcome(
                    call.id, "memory", seconds=elapsed, message="ran out of memory", stdout=tail
                )
            return Outcome(
                call.id, "crashed", seconds=elapsed, message=f"the process {why}", stdout=tail
            )
        return self._accept(call, reply, elapsed, child.raw, child.raw_value)

    def _accept(
        self,
        call: Call,
        reply: dict,
        elapsed: float,
        raw: bytes | None = None,
        raw_value: Any = UNDECODED,
    ) -> Outcome:
        """Check everything the child sent: it runs the student's code, so it may lie."""
        status = reply.get("status")
        if reply.get("id") != call.id or status not in self.statuses:
            self.close()
            return Outcome(
                call.id,
                "crashed",
                seconds=elapsed,
                message="the process sent a result that does not belong to this case",
            )
        value = reply.get("value")
        limits = self.limits
        fields = dict(
            id=call.id,
            status="timeout" if status == "cpu" else status,
            stdout=_text(reply.get("stdout"), limits.output_kb * 1024),
            dropped=_count(reply.get("dropped")),
            error_type=_text(reply.get("type"), 200),
            message=(
                f"used more than {limits.cpu:g} s of CPU time"
                if status == "cpu"
                else _text(reply.get("message"), 2000)
            ),
            traceback=_text(reply.get("traceback"), 5000),
            seconds=_seconds(reply.get("seconds"), elapsed),
            mutated=reply.get("mutated") is True,
        )
        if raw is not None:  # the value came last, as its bytes (``replies``)
            if status == "returned" and raw_value is UNDECODED:
                return lazy_outcome(raw, **fields)  # decoded only if something reads it
            value = decode_value(raw) if raw_value is UNDECODED else raw_value
        return Outcome(value=value, raw=raw if status == "returned" else None, **fields)


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
