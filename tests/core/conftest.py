"""Shared by the core's tests: ``unograde`` as a course team runs it, in a fresh process."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def unograde(
    *args: str, course: Path | None = None, env_course: Path | None = None
) -> subprocess.CompletedProcess[str]:
    """Run ``python -m graders.cli [--course COURSE] ARGS`` with no course inherited from the
    test process (``env_course`` sets ``UNOGRADE_COURSE`` instead)."""
    env = {k: v for k, v in os.environ.items() if k != "UNOGRADE_COURSE"}
    if env_course is not None:
        env["UNOGRADE_COURSE"] = str(env_course)
    prefix = ["--course", str(course)] if course else []
    return subprocess.run(
        [sys.executable, "-m", "graders.cli", *prefix, *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
