"""One scratch folder per grading run, so that nothing of a student's outlives the run.

Every temporary copy the grader makes while it runs (unpacked zips, prepared
submission folders, program working copies, sandbox logs) is made under one folder
of this run's, by pointing :mod:`tempfile` at it for the run's duration.  The folder is
removed when the run ends, however it ends short of SIGKILL; a run killed outright
leaves its folder behind with its process id in it, and the next run removes every
such folder whose owner no longer runs (and the control groups it left).
"""

from __future__ import annotations

import os
import shutil
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from . import cgroups

PREFIX = "unograde-run-"
_LOCK = threading.Lock()
_DEPTH = [0]


def _owner(folder: Path) -> int | None:
    try:
        return int(folder.name[len(PREFIX) :].split("-", 1)[0])
    except ValueError:
        return None


def sweep(base: Path | None = None) -> int:
    """Remove scratch folders and control groups of runs that were killed; how many."""
    base = base or Path(tempfile.gettempdir())
    removed = 0
    for folder in base.glob(f"{PREFIX}*"):
        owner = _owner(folder)
        if owner is None or owner == os.getpid() or Path(f"/proc/{owner}").exists():
            continue
        shutil.rmtree(folder, ignore_errors=True)
        removed += 1
    return removed + cgroups.sweep_stale()


@contextmanager
def scratch_space() -> Iterator[Path]:
    """Point :mod:`tempfile` at a fresh folder of this run's until the block ends.

    Nested uses share the outer folder (a batch grading inside a command that already
    made one).
    """
    with _LOCK:
        _DEPTH[0] += 1
        outer = _DEPTH[0] > 1
        previous = tempfile.tempdir
        if not outer:
            sweep()
            root = Path(tempfile.mkdtemp(prefix=f"{PREFIX}{os.getpid()}-"))
            tempfile.tempdir = str(root)
        else:
            root = Path(tempfile.gettempdir())
    try:
        yield root
    finally:
        with _LOCK:
            _DEPTH[0] -= 1
            if not outer:
                tempfile.tempdir = previous
                shutil.rmtree(root, ignore_errors=True)
