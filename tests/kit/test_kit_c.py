"""A C student's kit (issue 28): Game.c checked by the kit in a fresh Python with only the
kit's requirements, built with the student's own gcc (AddressSanitizer and UndefinedBehavior-
Sanitizer on, as in the grader), read case for case as ``unograde check`` reads it.

The kit builds and runs outside any sandbox; the grader builds and runs in its sandbox.  Both
must say the same of every case: which fail, the same lines (the first difference, the
sanitizer's report and its place in Game.c), the same input; only where a failed game first
went wrong is the grader's alone (it replays the reference, which no kit holds).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys

import pytest

from .conftest import EXAMPLES, ROOT, build, run_kit
from .test_kit_as_student import GRADER_ONLY, feedback, shared_part
from .test_kit_haskell import without_notes

C = EXAMPLES / "final-card-down-c"
# Slow tier: makes a student's virtual environment and builds C with gcc.
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("gcc") is None, reason="gcc is not installed"),
]


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    return build("final-card-down", tmp_path_factory.mktemp("fcd-c-kit"))


def check(folder, tmp_path) -> subprocess.CompletedProcess:
    env = dict(os.environ, UNOGRADE_BUILD_CACHE=str(tmp_path / "builds"))
    return subprocess.run(
        [sys.executable, "-m", "graders.cli", "check", "final-card-down", str(folder)],
        capture_output=True, text=True, timeout=900, cwd=ROOT, env=env,
    )  # fmt: skip


def both(student_python, kit, tmp_path, student: str, *args: str):
    """The kit's run (the student's Game.c put in the kit's folder) and ``unograde check``'s
    on the student's folder; the kit's failures keyed as the check's (``part::case``)."""
    folder = shutil.copytree(kit, tmp_path / "kit")
    for source in (C / student).iterdir():
        shutil.copy(source, folder / source.name)
    mine = run_kit(student_python, folder, *args)
    theirs = check(C / student, tmp_path)
    kit_failed = {key.rsplit("kit.json::", 1)[-1]: lines for key, lines in
                  feedback(mine.stdout).items()}  # fmt: skip
    # The kit checks the ADT part only: the suite's parts need the reference.
    check_failed = {k: v for k, v in feedback(theirs.stdout).items() if k.startswith("adt::")}
    return mine, theirs, kit_failed, check_failed


def steady(lines: list[str]) -> list[str]:
    """A case's lines with what differs from one run of a program to the next left out: a
    sanitizer report's addresses (ASLR) and process id, and the line where the report is cut
    at its length (which the addresses' lengths move)."""
    kept = [line for line in lines if "more characters not shown)" not in line]
    return [re.sub(r"0x[0-9a-f]+|==\d+==", "…", line) for line in kept]


def same_reading(kit_failed: dict, check_failed: dict) -> None:
    assert set(kit_failed) == set(check_failed)
    for case, lines in kit_failed.items():
        theirs = without_notes(shared_part(check_failed[case]))
        assert steady(shared_part(lines)) == steady(theirs), case


def test_a_c_game_with_a_rule_wrong_reads_as_unograde_check_says(student_python, kit, tmp_path):
    mine, theirs, kit_failed, check_failed = both(student_python, kit, tmp_path, "bo")
    assert mine.returncode == 1, mine.stdout[-3000:] + mine.stderr[-2000:]
    assert theirs.returncode == 1, theirs.stdout[-3000:] + theirs.stderr[-2000:]
    same_reading(kit_failed, check_failed)
    # bo's ZERO is not wild (its Game.c): the scenarios that play one fail, each saying so
    assert "adt::faq_zero_is_wild" in kit_failed
    assert kit_failed["adt::faq_zero_is_wild"][0].startswith(
        "failed: step 0: isValidMove(PLAY_CARD GREEN ZERO SPADES)"
    )
    assert GRADER_ONLY not in mine.stdout and GRADER_ONLY in theirs.stdout
    assert "checking your C part files (Game.c)" in mine.stdout
    # the Python starter's test_game.py beside Game.c is not collected: only the cases
    assert "test_game.py" not in mine.stdout.split("unocheck: checked")[0]
    passed = len([c for c in kit_failed]) + int(mine.stdout.split(" passed")[0].split()[-1])
    assert passed == 29  # every public scenario, and nothing else


def test_an_out_of_bounds_read_is_the_sanitizers_report_in_both(student_python, kit, tmp_path):
    mine, theirs, kit_failed, check_failed = both(student_python, kit, tmp_path, "dee")
    assert mine.returncode == 1 and theirs.returncode == 1
    same_reading(kit_failed, check_failed)
    reports = [lines[0] for lines in kit_failed.values() if lines[0].startswith("sanitizer")]
    assert reports, mine.stdout[-3000:]
    # the report's first frame in the student's file: Game.c, a line of dee's newGame
    source = (C / "dee" / "Game.c").read_text(encoding="utf-8").splitlines()
    for first in reports:
        assert "your Game.c: AddressSanitizer: heap-buffer-overflow" in first
        assert "SUMMARY: AddressSanitizer: heap-buffer-overflow" in "\n".join(
            kit_failed[next(k for k, v in kit_failed.items() if v[0] == first)]
        )  # the report itself, shown as the grader shows it
        line = int(first.split(" at Game.c:")[1].split()[0])
        assert 0 < line <= len(source)


def test_a_sound_c_game_passes_every_public_case_and_its_leaks_are_a_note(
    student_python, kit, tmp_path
):
    for student in ("ada", "cy"):
        mine, theirs, kit_failed, check_failed = both(
            student_python, kit, tmp_path / student, student
        )
        assert kit_failed == {} and check_failed == {}, (student, mine.stdout[-3000:])
        assert mine.returncode == 0 and "29 passed" in mine.stdout, mine.stdout[-2000:]
    # cy's destroyGame leaks each turn's moves (its Game.c): the note says so, as the grader's
    # review does, with where the memory was allocated (grow's realloc)
    found = re.search(
        r"unocheck note: memory leak: in (\d+) of 29 scenarios Game.c did not free everything "
        r"in destroyGame; in \w+: after destroyGame \d+ block\(s\), \d+ bytes, were still "
        r"allocated \(first allocated at Game\.c:(\d+) in grow",
        mine.stdout,
    )
    assert found is not None, mine.stdout[-3000:]
    assert 1 <= int(found.group(1)) <= 29
    source = (C / "cy" / "Game.c").read_text(encoding="utf-8").splitlines()
    assert "realloc(" in source[int(found.group(2)) - 1]


def test_a_game_c_in_the_c_folder_is_checked_with_submission_and_its_reading(
    student_python, kit, tmp_path
):
    folder = shutil.copytree(kit, tmp_path / "kit")
    game = (C / "ada" / "Game.c").read_text(encoding="utf-8")
    (folder / "c" / "Game.c").write_text("// READINGS = {}\n" + game, encoding="utf-8")
    mine = run_kit(student_python, folder, "--submission", "c/Game.c")
    assert mine.returncode == 0, mine.stdout[-3000:]
    assert "29 passed" in mine.stdout
    assert (
        "unocheck note: graded under the page's decisions D1, D2, D4, D31 and D32, as Game.c "
        "declares"
    ) in mine.stdout
    assert "game.py" not in mine.stdout.split("unocheck: checked")[1].split("unocheck: your")[0]


def test_without_a_c_compiler_the_kit_says_so_once(student_python, kit, tmp_path):
    folder = shutil.copytree(kit, tmp_path / "kit")
    shutil.copy(C / "ada" / "Game.c", folder / "Game.c")
    bare = tmp_path / "bin"  # a PATH with no gcc, cc or clang on it
    bare.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST", "PYTHON"))}
    env["PATH"] = str(bare)
    proc = subprocess.run(
        [str(student_python), "-m", "pytest", "-q"],
        cwd=folder, capture_output=True, text=True, timeout=300, env=env,
    )  # fmt: skip
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert proc.stdout.splitlines()[-1].startswith("1 failed in"), proc.stdout[-2000:]
    said = [
        line
        for line in proc.stdout.splitlines()
        if "needs a compiler" in line and not line.startswith("FAILED")  # (the summary's)
    ]
    assert said == [
        "Game.c is C: checking it needs a compiler on this machine (gcc or cc or clang), and "
        "none was found. Install one (sudo apt-get install gcc, or your system's C compiler) "
        "and check again; nothing was checked."
    ]
    assert "Traceback" not in proc.stdout + proc.stderr
