"""Scale-out: the same batch on a local Dask cluster gives the same scores as local threads."""

from __future__ import annotations

import csv
import subprocess
import sys
from pathlib import Path

import pytest

# Slow tier: starts a Dask cluster.
pytestmark = pytest.mark.slow

pytest.importorskip("dask.distributed")

ROOT = Path(__file__).resolve().parents[2]
STUDENTS = [ROOT / "examples" / "uno-moves" / n for n in ("ada", "ben.py", "ivan.zip", "jo.py")]


def grade(out: Path, *extra: str) -> dict[str, dict[str, str]]:
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "graders.cli",
            "grade",
            "uno-moves",
            *map(str, STUDENTS),
            "--public-only",
            "--out",
            str(out),
            *extra,
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    # A good run ends without Dask's clean-up errors (issue 32: "Failed to remove").
    assert "ERROR" not in proc.stderr and "Failed to remove" not in proc.stderr, proc.stderr
    return {row["student"]: row for row in csv.DictReader((out / "scores.csv").open())}


def test_dask_local_cluster_matches_threads(tmp_path):
    local = grade(tmp_path / "threads")
    on_dask = grade(tmp_path / "dask", "--dask", "local")
    assert local == on_dask
    assert float(local["ada"]["total"]) == 100 and float(local["ivan"]["total"]) == 50
    assert (tmp_path / "dask" / "ben" / "report.html").exists()
