"""The compilers and interpreters a course's own language needs: found once, said once.

A submission in Haskell, Standard ML or C needs a toolchain from the machine (Debian's
``ghc``, ``smlnj``, ``gcc``).  Where one is missing, the grader grades everything else and
says so once per run, with the command that installs it; it never fails a class for it.
Each toolchain's version is part of a build's cache key (:mod:`graders.run.buildcache`), so a
new compiler builds afresh.

Only the grader's process asks these questions (``--version`` runs of the host's own
compilers, no student file involved); every build of a student's file runs in the sandbox.
"""

from __future__ import annotations

import functools
import shutil
import subprocess
import sys
import threading
from dataclasses import dataclass


@dataclass(frozen=True)
class Toolchain:
    """One language's tools: the command that must exist, how to ask its version, and how
    to install it on Debian."""

    name: str  # "GHC", "SML/NJ", "gcc"
    command: str  # the executable looked up on PATH: "ghc", "sml", "gcc"
    version_args: tuple[str, ...]
    debian_package: str
    # Host folders outside the sandbox's system view (``/usr``, ``/etc``, ...) that the
    # toolchain reads, bound read-only at the same place (Debian's GHC keeps its package
    # database in /var/lib/ghc).
    sandbox_paths: tuple[str, ...] = ()
    # Its programs may be 32-bit x86 ones (Debian's SML/NJ 110.79 runtime is): the sandbox's
    # seccomp filter must admit that ABI for them, under the same deny list.
    abi32: bool = False

    @property
    def install_hint(self) -> str:
        return f"sudo apt-get install {self.debian_package}"

    def path(self) -> str | None:
        """Where the command is, or None when this machine does not have it."""
        return _which(self.command)

    def version(self) -> str:
        """The toolchain's own version line (part of every build's cache key); "" when it
        is missing or does not answer."""
        return _version(self.command, self.version_args)

    def missing_message(self) -> str:
        return (
            f"{self.name} is not installed on this machine, so submissions that need it are "
            f"not built or run; install it with `{self.install_hint}` and grade again"
        )


TOOLCHAINS: dict[str, Toolchain] = {
    "ghc": Toolchain("GHC", "ghc", ("--numeric-version",), "ghc", ("/var/lib/ghc",)),
    "smlnj": Toolchain("SML/NJ", "sml", ("@SMLversion",), "smlnj", abi32=True),
    "gcc": Toolchain("gcc", "gcc", ("-dumpfullversion",), "gcc"),
}


def toolchain(key: str) -> Toolchain:
    """The toolchain registered as ``key`` (``ghc``, ``smlnj``, ``gcc``)."""
    return TOOLCHAINS[key]


@functools.cache
def _which(command: str) -> str | None:
    return shutil.which(command)


@functools.cache
def _version(command: str, args: tuple[str, ...]) -> str:
    path = _which(command)
    if path is None:
        return ""
    try:
        done = subprocess.run(
            [path, *args], capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL
        )
    except (OSError, subprocess.SubprocessError):
        return ""
    text = (done.stdout.strip() or done.stderr.strip()).splitlines()
    return text[0][:200] if text else ""


_SAID: set[str] = set()
_SAID_LOCK = threading.Lock()


def say_missing_once(chain: Toolchain, say=None) -> bool:
    """Tell the instructor once per process that ``chain`` is missing (on stderr unless
    ``say`` is given); True the first time."""
    with _SAID_LOCK:
        if chain.name in _SAID:
            return False
        _SAID.add(chain.name)
    (say or (lambda text: print(f"unograde: {text}", file=sys.stderr)))(chain.missing_message())
    return True
