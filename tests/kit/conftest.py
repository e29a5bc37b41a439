"""Helpers for the self-check kit's tests: build a kit, and a student's fresh Python.

The student's Python is a virtual environment made once per session with nothing but the
kit's ``requirements.txt`` (pytest, deepdiff, jinja2), as a student makes it: unograde, the
reference and the grader are not in it.  Making it takes about 10 to 15 s (pip's cache
helps); a machine that cannot install the requirements skips these tests, saying why.
"""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from graders.assignment import load_assignment
from graders.kit.build import REQUIREMENTS, build_kit

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"


def build(assignment_id: str, where: Path) -> Path:
    """Build ``assignment_id``'s kit under ``where`` and unzip it; the kit's folder."""
    where.mkdir(parents=True, exist_ok=True)
    archive = where / f"{assignment_id}-kit.zip"
    build_kit(load_assignment(assignment_id), archive)
    with zipfile.ZipFile(archive) as zf:
        zf.extractall(where)
    return where / f"{assignment_id}-kit"


def venv_python(folder: Path) -> Path:
    return folder / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


@pytest.fixture(scope="session")
def student_python(tmp_path_factory) -> Path:
    """A fresh virtual environment with only the kit's requirements installed."""
    folder = tmp_path_factory.mktemp("student") / "venv"
    made = subprocess.run(
        [sys.executable, "-m", "venv", str(folder)], capture_output=True, text=True, timeout=300
    )
    if made.returncode != 0:
        pytest.skip(f"cannot make a virtual environment: {made.stderr[-500:]}")
    python = venv_python(folder)
    installed = subprocess.run(
        [str(python), "-m", "pip", "install", "-q", *REQUIREMENTS],
        capture_output=True,
        text=True,
        timeout=600,
    )
    if installed.returncode != 0:
        pytest.skip(f"cannot install the kit's requirements: {installed.stderr[-800:]}")
    return python


def run_kit(
    python: Path, kit: Path, *args: str, timeout: float = 300
) -> subprocess.CompletedProcess:
    """``python -m pytest ARGS`` in the kit's folder, as a student runs it."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST", "PYTHON"))}
    return subprocess.run(
        [str(python), "-m", "pytest", *args],
        cwd=kit,
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
    )
