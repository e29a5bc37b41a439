"""Control groups for one sandboxed child: memory, process count and CPU share.

rlimits alone do not hold: memory held in a ``memfd`` or a tmpfs is not address
space, ``RLIMIT_NPROC`` does not bind root, and a fork flood loads the whole
machine.  Where the machine lets us create control groups (cgroup v2 with the
controllers delegated to us, or the v1 hierarchies), each child gets its own
group with ``memory.max``/``memory.limit_in_bytes`` (which counts tmpfs and memfd
pages), ``pids.max`` and a CPU quota, and the child joins it before it runs a line
of student code: the command is prefixed with a tiny ``sh`` that writes its own
pid into the group and then ``exec``s the real command.

Killing through the group reaches every process the submission made, whatever
session or process group it moved to.  Where no group can be made, ``create``
returns ``None`` and the report says which caps were in force.
"""

from __future__ import annotations

import os
import shlex
import signal
import threading
import time
from dataclasses import dataclass
from pathlib import Path

PREFIX = "unograde-"
V1_CONTROLLERS = ("memory", "pids", "cpu", "cpuacct")
ACCOUNTING = ("cpuacct",)  # counts, limits nothing: not named among the caps


@dataclass(frozen=True)
class Caps:
    """What a child's group is to enforce."""

    memory_bytes: int
    pids: int
    cpus: float


def _own_paths() -> dict[str, str]:
    """This process's cgroup path per controller (``""`` is the v2 unified one)."""
    paths: dict[str, str] = {}
    try:
        text = Path("/proc/self/cgroup").read_text()
    except OSError:
        return paths
    for line in text.splitlines():
        _, controllers, path = line.split(":", 2)
        for name in controllers.split(",") if controllers else [""]:
            paths[name] = path
    return paths


def _mounts() -> dict[str, Path]:
    """Mount points: ``"v2"`` for cgroup2, else per v1 controller."""
    found: dict[str, Path] = {}
    try:
        lines = Path("/proc/self/mounts").read_text().splitlines()
    except OSError:
        return found
    for line in lines:
        fields = line.split()
        if len(fields) < 4:
            continue
        where, kind, options = Path(fields[1]), fields[2], fields[3].split(",")
        if kind == "cgroup2":
            found.setdefault("v2", where)
        elif kind == "cgroup":
            for name in V1_CONTROLLERS:
                if name in options:
                    found.setdefault(name, where)
    return found


def _write(path: Path, value: str) -> bool:
    try:
        path.write_text(value)
        return True
    except OSError:
        return False


class Layout:
    """Where this machine lets us make groups: a v2 parent, or v1 parents per controller."""

    def __init__(self, root: Path | None = None, disabled: bool = False) -> None:
        # ``root`` replaces the real /sys/fs/cgroup layout in tests of the v2 code path.
        self.v2_parent: Path | None = None
        self.v1_parents: dict[str, Path] = {}
        if disabled:
            return
        if root is not None:
            self.v2_parent = root
            return
        mounts, own = _mounts(), _own_paths()
        v2 = mounts.get("v2")
        if v2 is not None and (v2 / "cgroup.controllers").is_file():
            parent = v2 / own.get("", "/").lstrip("/")
            if self._v2_delegated(parent):
                self.v2_parent = parent
                return
        for name in V1_CONTROLLERS:
            if name in mounts and name in own:
                parent = mounts[name] / own[name].lstrip("/")
                if os.access(parent, os.W_OK):
                    self.v1_parents[name] = parent

    @staticmethod
    def _v2_delegated(parent: Path) -> bool:
        """Memory and pids control for children of ``parent``, enabling them if we may."""
        try:
            enabled = (parent / "cgroup.subtree_control").read_text().split()
        except OSError:
            return False
        wanted = [c for c in ("memory", "pids", "cpu") if c not in enabled]
        for name in wanted:
            _write(parent / "cgroup.subtree_control", f"+{name}")
        try:
            enabled = (parent / "cgroup.subtree_control").read_text().split()
        except OSError:
            return False
        return "memory" in enabled and "pids" in enabled

    @property
    def usable(self) -> bool:
        return self.v2_parent is not None or {"memory", "pids"} <= set(self.v1_parents)

    def describe(self) -> str:
        if self.v2_parent is not None:
            return "cgroup v2"
        if self.usable:
            capping = sorted(c for c in self.v1_parents if c not in ACCOUNTING)
            return "cgroup v1 (" + ", ".join(capping) + ")"
        return "none"


_LAYOUT: Layout | None = None


def layout() -> Layout:
    """The machine's layout, looked up once (``UNOGRADE_NO_CGROUPS=1`` turns groups off)."""
    global _LAYOUT
    if _LAYOUT is None:
        _LAYOUT = Layout(disabled=os.environ.get("UNOGRADE_NO_CGROUPS") == "1")
    return _LAYOUT


class Group:
    """One child's control group(s): made before the child starts, removed after."""

    def __init__(self, dirs: dict[str, Path], version: int, caps: Caps) -> None:
        self.dirs, self.version, self.caps = dirs, version, caps

    @classmethod
    def create(cls, token: str, caps: Caps, where: Layout | None = None) -> Group | None:
        """A group with ``caps`` applied, or None where the machine offers none."""
        where = where or layout()
        name = f"{PREFIX}{os.getpid()}-{token}"
        if where.v2_parent is not None:
            path = where.v2_parent / name
            try:
                path.mkdir()
            except OSError:
                return None
            group = cls({"": path}, 2, caps)
            ok = _write(path / "memory.max", str(caps.memory_bytes))
            ok &= _write(path / "pids.max", str(caps.pids))
            _write(path / "memory.swap.max", "0")
            _write(path / "cpu.max", f"{int(caps.cpus * 100000)} 100000")
            if not ok:
                group.remove()
                return None
            return group
        if not where.usable:
            return None
        dirs: dict[str, Path] = {}
        for controller, parent in where.v1_parents.items():
            try:
                (parent / name).mkdir()
            except OSError:
                continue
            dirs[controller] = parent / name
        group = cls(dirs, 1, caps)
        ok = "memory" in dirs and "pids" in dirs
        ok = ok and _write(dirs["memory"] / "memory.limit_in_bytes", str(caps.memory_bytes))
        ok = ok and _write(dirs["pids"] / "pids.max", str(caps.pids))
        if ok:
            _write(dirs["memory"] / "memory.memsw.limit_in_bytes", str(caps.memory_bytes))
            if "cpu" in dirs:
                period = 100000
                _write(dirs["cpu"] / "cpu.cfs_period_us", str(period))
                _write(dirs["cpu"] / "cpu.cfs_quota_us", str(int(caps.cpus * period)))
        if not ok:
            group.remove()
            return None
        return group

    def describe(self) -> str:
        cpu = f", CPU {self.caps.cpus:g} core" if self.version == 2 or "cpu" in self.dirs else ""
        return (
            f"cgroup v{self.version}: memory {self.caps.memory_bytes // (1024 * 1024)} MB "
            f"(tmpfs and memfd included), at most {self.caps.pids} processes{cpu}"
        )

    def wrap(self, command: list[str]) -> list[str]:
        """``command`` prefixed so that it joins this group before it starts."""
        joins = " && ".join(
            f"echo $$ > {shlex.quote(str(d / 'cgroup.procs'))}" for d in self.dirs.values()
        )
        script = f'{joins} && unset PWD OLDPWD && exec "$@"'
        return ["/bin/sh", "-c", script, "unograde-sandbox", *command]

    def _procs(self) -> list[int]:
        pids: set[int] = set()
        for d in self.dirs.values():
            try:
                pids.update(int(p) for p in (d / "cgroup.procs").read_text().split())
            except (OSError, ValueError):
                continue
        return sorted(pids)

    def kill(self, wait: bool = True) -> None:
        """Kill every process in the group, again until none is left (fork floods); with
        ``wait`` False, once, without looking again (an interrupt's handler)."""
        if self.version == 2:
            _write(self.dirs[""] / "cgroup.kill", "1")
        if not wait:
            for pid in self._procs():
                try:
                    os.kill(pid, signal.SIGKILL)
                except OSError:
                    pass
            return
        pause = 0.0002  # a killed process is usually gone at once: look again soon, then less
        for _ in range(200):
            procs = self._procs()
            if not procs:
                return
            for pid in procs:
                try:
                    os.kill(pid, signal.SIGKILL)
                except OSError:
                    pass
            time.sleep(pause)
            pause = min(pause * 2, 0.005)

    def memory_exceeded(self) -> bool:
        """The kernel hit the memory cap (an OOM kill or a refused charge)."""
        if self.version == 2:
            try:
                text = (self.dirs[""] / "memory.events").read_text()
            except OSError:
                return False
            counts = dict(line.split() for line in text.splitlines() if line.strip())
            return int(counts.get("oom_kill", 0)) > 0 or int(counts.get("max", 0)) > 0
        folder = self.dirs.get("memory")
        if folder is None:
            return False
        try:
            text = (folder / "memory.oom_control").read_text()
            counts = dict(line.split() for line in text.splitlines() if line.strip())
            if int(counts.get("oom_kill", 0)) > 0:
                return True
            return int((folder / "memory.failcnt").read_text()) > 0
        except (OSError, ValueError):
            return False

    def cpu_seconds(self) -> float:
        """The CPU its processes used (user and system), read before it is removed."""
        try:
            if self.version == 2:
                stat = (self.dirs[""] / "cpu.stat").read_text().split()
                return int(stat[stat.index("usage_usec") + 1]) / 1e6
            for controller in ("cpuacct", "cpu"):
                usage = self.dirs.get(controller, Path("/nonexistent")) / "cpuacct.usage"
                if usage.is_file():
                    return int(usage.read_text()) / 1e9
        except (OSError, ValueError, IndexError):
            pass
        return 0.0

    def remove(self) -> None:
        USED.add(self.cpu_seconds())
        for d in self.dirs.values():
            for _ in range(50):
                try:
                    d.rmdir()
                    break
                except FileNotFoundError:
                    break
                except OSError:  # a killed process not yet reaped still counts
                    time.sleep(0.01)


class _Used:
    """The CPU seconds of every group this process removed: what its sandboxed children
    used, bubblewrap's namespaces included (``resource.RUSAGE_CHILDREN`` misses those)."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.groups = 0
        self._lock = threading.Lock()

    def add(self, seconds: float) -> None:
        with self._lock:
            self.seconds += seconds
            self.groups += 1


USED = _Used()


def sweep_stale(where: Layout | None = None) -> int:
    """Remove groups left by a grader that was killed (its pid no longer runs)."""
    where = where or layout()
    parents = [where.v2_parent] if where.v2_parent else list(where.v1_parents.values())
    removed = 0
    for parent in parents:
        if parent is None:
            continue
        try:
            entries = list(parent.glob(f"{PREFIX}*"))
        except OSError:
            continue
        for entry in entries:
            try:
                owner = int(entry.name[len(PREFIX) :].split("-", 1)[0])
            except ValueError:
                continue
            if owner == os.getpid() or Path(f"/proc/{owner}").exists():
                continue
            group = Group({"x": entry}, 1, Caps(0, 0, 0))
            group.kill()
            group.remove()
            removed += 1
    return removed
