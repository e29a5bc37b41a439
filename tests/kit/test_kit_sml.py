"""uno-lab's kit checking a Standard ML solution.sml on a real SML/NJ, as a student runs it.

The kit runs the grader's own SML driver (carried in the kit) on the served protocol, without
the grader's sandbox (:mod:`unokit.served`).  The expectations come from
``unograde check`` on the same file (run here, with the grader) and from what the partial
example does: tasks 1-9, so exactly the public cases of tasks 10 onwards fail.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest

from .conftest import EXAMPLES, ROOT, build, run_kit
from .test_kit_as_student import feedback

# Slow tier: makes a student's virtual environment and builds with SML/NJ.
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("sml") is None, reason="SML/NJ (sml) not installed"),
]

PARTIAL = EXAMPLES / "uno-lab-sml" / "partial" / "solution.sml"


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    return build("uno-lab", tmp_path_factory.mktemp("uno-lab-sml"))


def test_the_kit_checks_an_sml_solution_with_the_failed_cases_of_unograde_check(
    student_python, kit, tmp_path
):
    folder = shutil.copytree(kit, tmp_path / "kit")
    shutil.copy(PARTIAL, folder / "solution.sml")
    # solution.py stays: a student names the SML file, as CHECK.md says
    checked = run_kit(student_python, folder, "--submission", "solution.sml")
    assert checked.returncode == 1, checked.stdout + checked.stderr
    assert "graded as Standard ML: solution.sml under SML/NJ" in checked.stdout

    check = subprocess.run(
        [sys.executable, "-m", "graders.cli", "check", "uno-lab", str(PARTIAL)],
        capture_output=True, text=True, timeout=600, cwd=ROOT,
    )  # fmt: skip
    assert check.returncode == 1, check.stdout + check.stderr

    cases = json.loads((kit / "unocheck" / "kit.json").read_text(encoding="utf-8"))["cases"]
    in_kit = {f"{c['part']}::{c['name']}" for c in cases}
    by_hand = {key for key in in_kit if key >= "task10"}  # the tasks the example leaves out
    kit_failed = {key.rsplit("kit.json::", 1)[-1]: lines for key, lines in
                  feedback(checked.stdout).items()}  # fmt: skip
    check_failed = feedback(check.stdout)
    assert set(kit_failed) == by_hand
    assert set(kit_failed) == set(check_failed) & in_kit
    # the others are the public cases the kit leaves to the grader (judged by properties, all
    # of tasks the example leaves out), and the kit says how many
    left = set(check_failed) - in_kit
    assert left and all(key >= "task10" for key in left)
    assert f"{len(left)} of the public cases are left to the grader" in checked.stdout
    for key, lines in kit_failed.items():
        assert lines[0] == check_failed[key][0], key  # the same first line, word for word
    assert f"{len(by_hand)} failed, {len(in_kit) - len(by_hand)} passed" in checked.stdout


def test_without_sml_nj_the_kit_says_how_to_install_it(student_python, kit, tmp_path):
    folder = shutil.copytree(kit, tmp_path / "kit")
    shutil.copy(PARTIAL, folder / "solution.sml")
    bare = tmp_path / "bin"  # a PATH with no sml on it
    bare.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST", "PYTHON"))}
    env["PATH"] = str(bare)
    proc = subprocess.run(
        [str(student_python), "-m", "pytest", "--submission", "solution.sml", "-q"],
        cwd=folder, capture_output=True, text=True, timeout=300, env=env,
    )  # fmt: skip
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "passed" not in proc.stdout.splitlines()[-1]
    assert "SML/NJ is not installed on this machine" in proc.stdout
    assert "sudo apt-get install smlnj" in proc.stdout


def test_the_check_page_says_how_to_check_sml(kit):
    page = (kit / "CHECK.md").read_text(encoding="utf-8")
    assert "`python -m pytest --submission solution.sml`" in page
    assert "sudo apt-get install smlnj" in page
    assert (kit / "unocheck" / "support" / "driver.sml").is_file()
