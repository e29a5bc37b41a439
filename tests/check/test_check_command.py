"""``unograde check``: the student's self-check on public fixtures, through pytest."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

# Slow tier: runs unograde check in pytest subprocesses.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
ADA = ROOT / "examples" / "uno-moves" / "ada" / "uno.py"


# uno-moves' public fixtures: the 4 seed examples, 1 worked example of a Decision (D5) and
# 10 generated per part.
PUBLIC = 4 + 1 + 4 * 10
# Part 1's public fixtures: its seed example, the D5 example (a part-1 file) and 10 generated.
PART1_PUBLIC = 1 + 1 + 10


def check(*args, cwd=None):
    return subprocess.run(
        [sys.executable, "-m", "graders.cli", "check", *args],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=cwd,
    )


def test_passing_submission_exits_0_with_one_test_per_public_fixture():
    proc = check("uno-moves", str(ADA), "-q")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert f"{PUBLIC} passed" in proc.stdout


def test_failing_submission_exits_1_with_structural_diff(tmp_path):
    student = tmp_path / "uno.py"
    student.write_text(
        ADA.read_text() + "\n_m = onePlayerOneMove\n"
        "def onePlayerOneMove(discard, deck, hand):\n"
        "    h, d, p = _m(discard, deck, hand)\n"
        "    return h, d, [('b', '-')] + list(p)\n"
    )
    proc = check("uno-moves", str(student))
    assert proc.returncode == 1
    assert "discard: extra colour marker ('b','-') at the front" in proc.stdout
    # Every part-1 case returns a discard pile, so the extra marker fails all of them and only them.
    assert f"{PART1_PUBLIC} failed, {PUBLIC - PART1_PUBLIC} passed" in proc.stdout
    assert "hidden" not in proc.stdout


def test_bad_input_exits_2(tmp_path):
    assert check("nope", str(ADA)).returncode == 2
    proc = check("uno-moves", str(tmp_path / "missing.py"))
    assert proc.returncode == 2 and "no such file" in proc.stderr


def test_plain_pytest_with_the_plugin_options(tmp_path):
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            str(tmp_path),
            "-q",
            "-p",
            "no:cacheprovider",
            "--unograde-assignment",
            "uno-moves",
            "--unograde-submission",
            str(ADA),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stdout
    assert f"{PUBLIC} passed" in proc.stdout


def test_a_file_that_cannot_run_is_said_once_and_exits_2(tmp_path):
    """Before issue 32 the syntax error came back once per public case (45 times), exit 1."""
    bad = tmp_path / "uno.py"
    bad.write_text("def onePlayerOneMove(discard, deck, hand:\n    return 1\n")
    proc = check("uno-moves", str(bad), "-q")
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert proc.stdout.count("SyntaxError") <= 2  # the failure and its summary line
    assert "uno.py:1" in proc.stdout and "passed" not in proc.stdout
    empty = tmp_path / "empty"
    empty.mkdir()
    proc = check("uno-moves", str(empty), "-q")
    assert proc.returncode == 2 and "found no uno.py" in proc.stdout, proc.stdout


def test_the_short_summary_says_what_went_wrong_not_only_failed():
    """Issue 32: pytest's summary line showed "- failed:" and nothing more for every case."""
    ben = ROOT / "examples" / "uno-moves" / "ben.py"
    proc = check("uno-moves", str(ben))
    assert proc.returncode == 1
    summary = [line for line in proc.stdout.splitlines() if line.startswith("FAILED ")]
    assert summary, proc.stdout
    for line in summary:
        assert not line.rstrip().endswith("failed:"), line
        assert len(line.split(" - failed: ", 1)[1].strip()) > 10, line


def test_check_loads_only_its_own_plugin_and_rewrites_no_assertion():
    """The installed pytest plugins have nothing to do in a self-check (hypothesis' alone
    cost 0.4 s to import): the check's run imports none of them, and still gives one test
    per public fixture."""
    import os

    proc = subprocess.run(
        [sys.executable, "-m", "graders.cli", "check", "uno-moves", str(ADA), "-q"],
        capture_output=True, text=True, timeout=300,
        env=dict(os.environ, PYTHONPROFILEIMPORTTIME="1"),
    )  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr[-2000:]
    assert f"{PUBLIC} passed" in proc.stdout
    imported = {line.rsplit("|", 1)[-1].strip() for line in proc.stderr.splitlines()
                if line.startswith("import time:")}  # fmt: skip
    assert "graders.check.plugin" in imported and "_pytest.main" in imported
    assert not {"hypothesis", "pytest_cov", "pytest_benchmark"} & imported
