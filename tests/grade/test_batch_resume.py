"""A killed batch loses nothing already graded, and a re-run skips unchanged submissions."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

# Slow tier: grades and kills whole batches.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
ADA = ROOT / "examples" / "uno-moves" / "ada" / "uno.py"


def unograde(*args, **kwargs):
    return subprocess.Popen(
        [sys.executable, "-m", "graders.cli", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        **kwargs,
    )


def test_killed_batch_keeps_finished_reports_and_resumes(tmp_path):
    klass = tmp_path / "class"
    klass.mkdir()
    (klass / "a_fast.py").write_text(ADA.read_text())
    for name in ("b_slow", "c_slow"):
        (klass / f"{name}.py").write_text(
            "def onePlayerOneMove(discard, deck, hand):\n    while True:\n        pass\n"
        )
    out = tmp_path / "out"
    args = [
        "grade",
        "uno-moves",
        str(klass),
        "--out",
        str(out),
        "--jobs",
        "1",
        "--timeout",
        "0.3",
        "--isolation",
        "rlimits",
        "--format",
        "json,md",
    ]
    proc = unograde(*args)
    done = out / "a_fast" / "result.json"
    deadline = time.monotonic() + 60
    while not done.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert done.exists()
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    first = json.loads(done.read_text())  # complete, not half-written
    assert first["score"] == 100
    assert not (out / "c_slow" / "result.json").exists()

    rerun = unograde(*args)
    stdout, stderr = rerun.communicate(timeout=300)
    assert rerun.returncode == 0, stderr
    assert "skipped" in stdout
    for name in ("a_fast", "b_slow", "c_slow"):
        assert (out / name / "result.json").exists()
    assert json.loads(done.read_text()) == first  # kept, not regraded
    rows = (out / "scores.csv").read_text().splitlines()
    assert len(rows) == 4


def test_changed_submission_is_regraded(tmp_path):
    klass = tmp_path / "class"
    klass.mkdir()
    student = klass / "eve.py"
    student.write_text("X = 1\n")
    out = tmp_path / "out"
    args = [
        "grade",
        "uno-moves",
        str(klass),
        "--out",
        str(out),
        "--isolation",
        "rlimits",
        "--public-only",
    ]
    assert unograde(*args).wait(timeout=120) == 0
    assert json.loads((out / "eve" / "result.json").read_text())["score"] == 0
    student.write_text(ADA.read_text())
    proc = unograde(*args)
    stdout, _ = proc.communicate(timeout=120)
    assert "skipped" not in stdout
    assert json.loads((out / "eve" / "result.json").read_text())["score"] == 100
