"""Builds of compiled submissions, kept by what they were built from.

A Haskell, C or SML submission is compiled once in the sandbox; a re-run, a regrade, the
first-divergence replay and every case reuse that build.  A build is kept under the digest of
everything it came from (the sources' bytes, the provided files, the build command and the
toolchain's version), so a changed file or compiler builds afresh and two submissions never
share a build unless their sources are the same bytes.  What is kept is the build's output
folder as the sandbox left it: it is only ever run in the sandbox again.

The cache lives in ``UNOGRADE_BUILD_CACHE`` (default ``~/.cache/unograde/builds``), one
folder per digest, written atomically (built in a temporary folder, then renamed), so a killed
run leaves no half build behind.  ``unograde`` never reads a build it did not key itself.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
from collections.abc import Iterable
from pathlib import Path

ENV = "UNOGRADE_BUILD_CACHE"


def cache_root() -> Path:
    configured = os.environ.get(ENV, "").strip()
    if configured:
        return Path(configured)
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "unograde" / "builds"


def build_key(files: Iterable[tuple[str, bytes]], command: Iterable[str], toolchain: str) -> str:
    """The digest of a build's inputs: each (name, bytes) pair in name order, the build
    command's words and the toolchain's version line."""
    digest = hashlib.sha256(b"unograde-build-1\0")
    for name, data in sorted(files):
        digest.update(name.encode() + b"\0" + len(data).to_bytes(8, "big") + data)
    digest.update(b"\0command\0" + "\0".join(command).encode())
    digest.update(b"\0toolchain\0" + toolchain.encode())
    return digest.hexdigest()


def lookup(key: str) -> Path | None:
    """The kept build of ``key``, or None."""
    folder = cache_root() / key
    return folder if folder.is_dir() else None


def keep(key: str, built: Path) -> Path:
    """Keep the folder ``built`` as the build of ``key`` (a copy); the kept folder."""
    root = cache_root()
    # The grader's own: no sandboxed child (an unprivileged user, without bubblewrap) may
    # read another submission's build from it.
    root.mkdir(mode=0o700, parents=True, exist_ok=True)
    final = root / key
    if final.is_dir():
        return final
    staging = Path(tempfile.mkdtemp(prefix=f".{key[:16]}-", dir=root))
    try:
        shutil.copytree(built, staging, dirs_exist_ok=True, symlinks=True)
        os.chmod(staging, 0o755)
        try:
            os.rename(staging, final)
        except OSError:  # another worker kept the same build first
            shutil.rmtree(staging, ignore_errors=True)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return final
