"""Who a sandboxed child runs as: never root.

A grader running as an ordinary user starts its children as itself (bubblewrap maps it into
a user namespace; no capability is left).  A grader running as root (Gradescope's image, CI,
a department's grading box) starts every child, in either isolation mode, as an unprivileged
user, switched with ``setpriv`` (util-linux) before the child's first instruction: real,
effective and saved ids, no supplementary groups, an empty bounding set and inheritable set,
and ``no_new_privs``.  As isolate does, each child gets a user id of its own from a range
(``UNOGRADE_SANDBOX_UIDS``, default 60000-60999, ids no account needs to exist for), held by a
lock for the child's life: two children of a batch never share an id, so neither can signal,
trace or read the other.  ``UNOGRADE_SANDBOX_USER`` names an account to use instead for every
child (the exported Gradescope autograder makes one).
"""

from __future__ import annotations

import fcntl
import functools
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

SANDBOX_USER = "UNOGRADE_SANDBOX_USER"
SANDBOX_UIDS = "UNOGRADE_SANDBOX_UIDS"
DEFAULT_UIDS = (60000, 60999)
LOCKS = Path("/run/unograde-uids") if Path("/run").is_dir() else Path("/tmp/unograde-uids")


class IdentityError(RuntimeError):
    """No unprivileged identity can be had for a child: the grader refuses to run it."""


def is_root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


@dataclass
class Identity:
    """An unprivileged uid/gid a child runs as, and the lock that keeps it this child's."""

    uid: int
    gid: int
    name: str  # the account's name, or "uid N" for an id of the range
    own: bool  # an id of the range, used by this child alone
    _lock: int | None = None

    def setpriv(self) -> list[str]:
        """The command prefix that switches to this identity, dropping every capability."""
        return [
            _setpriv_path(),
            f"--reuid={self.uid}",
            f"--regid={self.gid}",
            "--clear-groups",
            "--inh-caps=-all",
            "--bounding-set=-all",
            "--no-new-privs",
            "--",
        ]

    def release(self) -> None:
        if self._lock is not None:
            os.close(self._lock)
            self._lock = None


@functools.cache
def _setpriv_path() -> str:
    path = shutil.which("setpriv") or (
        "/usr/bin/setpriv" if Path("/usr/bin/setpriv").exists() else None
    )
    if path is None:
        raise IdentityError(
            "the grader runs as root and needs setpriv (util-linux) to run students' code as an "
            "unprivileged user: install util-linux, or run the grader as an ordinary user"
        )
    return path


def uid_range() -> tuple[int, int]:
    text = os.environ.get(SANDBOX_UIDS, "").strip()
    if not text:
        return DEFAULT_UIDS
    try:
        low, high = (int(part) for part in text.split("-", 1))
    except ValueError:
        raise IdentityError(
            f"{SANDBOX_UIDS}={text}: expected a range such as 60000-60999"
        ) from None
    if not 0 < low <= high < 2**31:
        raise IdentityError(f"{SANDBOX_UIDS}={text}: not a range of unprivileged ids")
    return low, high


def named_identity() -> Identity | None:
    """The account ``UNOGRADE_SANDBOX_USER`` names for every child, or None (the range)."""
    return _named()


def _named() -> Identity | None:
    name = os.environ.get(SANDBOX_USER, "").strip()
    if not name:
        return None
    import pwd

    try:
        entry = pwd.getpwnam(name)
    except KeyError:
        raise IdentityError(f"{SANDBOX_USER}={name}: no such user") from None
    if entry.pw_uid == 0 or entry.pw_gid == 0:
        raise IdentityError(f"{SANDBOX_USER}={name}: that is root, not an unprivileged user")
    return Identity(entry.pw_uid, entry.pw_gid, name, own=False)


def acquire() -> Identity | None:
    """The identity for a new child: None when the grader is not root (children run as the
    grader's own user); an :class:`Identity` otherwise.  Raises :class:`IdentityError` when
    no unprivileged one can be had: a root grader never runs a child as root."""
    if not is_root():
        return None
    named = _named()
    if named is not None:
        return named
    low, high = uid_range()
    LOCKS.mkdir(mode=0o700, exist_ok=True)
    start = (os.getpid() * 7919) % (high - low + 1)
    for step in range(high - low + 1):
        uid = low + (start + step) % (high - low + 1)
        fd = os.open(LOCKS / str(uid), os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            continue
        return Identity(uid, uid, f"uid {uid}", own=True, _lock=fd)
    raise IdentityError(f"every id of {SANDBOX_UIDS} ({low}-{high}) is in use by a child")


@functools.cache
def python_unreachable(uid: int, gid: int) -> str | None:
    """Why ``uid`` cannot start this interpreter with its standard library (a Python in a
    folder only root may enter, such as pyenv's under ``/root``), or None; checked once per
    id.  Without bubblewrap, a child runs this interpreter from the host's own paths."""
    python = os.path.realpath(sys.executable)
    try:
        probe = subprocess.run(
            [python, "-I", "-S", "-c", "import ctypes, json, sys; print(sys.base_prefix)"],
            user=uid,
            group=gid,
            extra_groups=[],
            capture_output=True,
            cwd="/",
            timeout=30,
        )
    except (OSError, subprocess.SubprocessError) as exc:
        return f"{python} ({exc})"
    if probe.returncode != 0:
        tail = probe.stderr.decode("utf-8", "replace").strip().splitlines()[-1:] or ["failed"]
        return f"{python}: {tail[0][:300]}"
    found = probe.stdout.decode("utf-8", "replace").strip()
    if os.path.realpath(found) != os.path.realpath(sys.base_prefix):
        # An interpreter that cannot read its own folder guesses another prefix (/usr) and
        # may run with another Python's standard library: not the grader's.
        return f"{python} with its own standard library (it found {found[:200]!r} instead)"
    return None


def preflight(needs_python: bool) -> None:
    """Raise :class:`IdentityError` where a root grader could not run a child unprivileged:
    no ``setpriv``, a ``UNOGRADE_SANDBOX_USER`` that is root or no user, a bad range, or
    (``needs_python``: without bubblewrap, where a child runs this interpreter from the
    host's own paths) an interpreter that identity cannot reach.  Nothing as a non-root
    grader; checked before a submission's first child, so a class is refused at once."""
    if not is_root():
        return
    _setpriv_path()
    named = _named()
    uid, gid = (named.uid, named.gid) if named else (uid_range()[0], uid_range()[0])
    if not needs_python:
        return
    problem = python_unreachable(uid, gid)
    python = Path(os.path.realpath(sys.executable))
    if problem and make_enterable(python):
        # Only folders on the way were closed (pyenv's /root, 0700): opened for entering, not
        # reading, the interpreter runs; ask again (a new answer, not the cached one).
        python_unreachable.cache_clear()
        problem = python_unreachable(uid, gid)
    if problem:
        who = named.name if named else f"an id of {SANDBOX_UIDS} ({uid})"
        raise IdentityError(
            f"without bubblewrap, students' code runs as {who}, who cannot run {problem}; "
            "install bubblewrap, or make this Python readable by every user"
        )


_OPENED: list[Path] = []


def make_enterable(path: Path) -> list[Path]:
    """Let every user enter (search, ``o+x``; never list or read) each root-owned folder on
    the way to ``path`` that no other user may enter, and say so once on stderr; the folders
    opened.  Without bubblewrap a child runs the grader's interpreter from the host's own
    paths as an unprivileged user, and a Python under ``/root`` (pyenv) would otherwise
    refuse every class; what a child can then read is what every user could already read
    (the rlimits mode's threat model)."""
    opened = []
    for folder in reversed(path.parents):
        info = os.stat(folder)
        if info.st_uid == 0 and not info.st_mode & 0o001:
            os.chmod(folder, (info.st_mode & 0o7777) | 0o001)
            opened.append(folder)
    if opened:
        _OPENED.extend(opened)
        print(
            "unograde: made " + ", ".join(map(str, opened)) + " enterable by every user "
            "(o+x, not readable) so that students' code, run as an unprivileged user without "
            "bubblewrap, can start this Python; install bubblewrap to avoid this",
            file=sys.stderr,
        )
    return opened


def give(path: Path, identity: Identity | None) -> None:
    """``path`` and everything under it given to ``identity`` (links themselves, never
    followed), so that a child running as it may work there; nothing without one."""
    if identity is None:
        return
    for top, dirs, files in os.walk(path):
        os.chown(top, identity.uid, identity.gid, follow_symlinks=False)
        for name in dirs + files:
            os.chown(os.path.join(top, name), identity.uid, identity.gid, follow_symlinks=False)
