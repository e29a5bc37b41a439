"""A Haskell student's kit (issue 26): the course's part files checked by the kit in a fresh
Python with only the kit's requirements, read case for case as ``unograde check`` reads them.

The kit builds with GHC outside any sandbox and runs each case as the grader does; the grader
builds and runs in its sandbox.  Both must say the same of every failed case: the same cases,
the same first lines (outcome and differences, or GHC's first error), the same input and
output; only where a failed game first went wrong is the grader's alone (it replays the
reference's game, which no kit holds).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from .conftest import EXAMPLES, ROOT, run_kit
from .test_kit_as_student import GRADER_ONLY, blocks, feedback, shared_part

HASKELL = EXAMPLES / "uno-moves-haskell"
# Slow tier: makes a student's virtual environment and builds with GHC.
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("ghc") is None, reason="GHC is not installed"),
]


@pytest.fixture(scope="module")
def pristine(tmp_path_factory):
    """The uno-moves kit as ``unograde kit uno-moves`` writes it, unzipped."""
    where = tmp_path_factory.mktemp("haskell-kit")
    subprocess.run(
        [sys.executable, "-m", "graders.cli", "kit", "uno-moves", "--out", str(where / "k.zip")],
        check=True, capture_output=True, cwd=ROOT, timeout=300,
    )  # fmt: skip
    shutil.unpack_archive(where / "k.zip", where)
    return where / "uno-moves-kit"


def both(student_python, pristine, tmp_path, student: str) -> tuple[str, str]:
    """The kit's output (the student's .hs files put in the kit's folder, checked with
    ``--submission``) and ``unograde check``'s on the same folder."""
    kit = shutil.copytree(pristine, tmp_path / "kit")
    for source in (HASKELL / student).iterdir():
        shutil.copy(source, kit / source.name)
    mine = run_kit(student_python, kit, "--submission", "csce322h0mework03part01.hs")
    env = dict(os.environ, UNOGRADE_BUILD_CACHE=str(tmp_path / "builds"))
    theirs = subprocess.run(
        [sys.executable, "-m", "graders.cli", "check", "uno-moves", str(HASKELL / student)],
        capture_output=True, text=True, timeout=900, cwd=ROOT, env=env,
    )  # fmt: skip
    assert mine.returncode == 1, mine.stdout[-3000:] + mine.stderr[-2000:]
    assert theirs.returncode == 1, theirs.stdout[-3000:] + theirs.stderr[-2000:]
    return mine.stdout, theirs.stdout


def without_notes(lines: list[str]) -> list[str]:
    """A case's lines without the check's closing notes (which follow its last case)."""
    return [line for line in lines if not line.startswith("unograde note:")]


def same_reading(mine: str, theirs: str) -> dict[str, list[str]]:
    """Assert that the kit and the check fail the same cases with the same lines; the
    failed cases' first lines."""
    first_mine, first_theirs = blocks(mine), blocks(theirs)
    assert first_mine and first_mine == first_theirs
    every_mine, every_theirs = feedback(mine), feedback(theirs)
    assert set(every_mine) == set(every_theirs)
    for case, lines in every_mine.items():
        assert shared_part(lines) == without_notes(shared_part(every_theirs[case])), case
    assert GRADER_ONLY not in mine
    return first_mine


def test_a_wrong_haskell_student_reads_as_unograde_check_says(student_python, pristine, tmp_path):
    mine, theirs = both(student_python, pristine, tmp_path, "bo")
    first = same_reading(mine, theirs)
    # bo's one wrong rule fails cases of every part; each says what differs, card by card
    assert {case.split("::")[0] for case in first} == {"part01", "part02", "part03", "part04"}
    assert all(lines and lines[0].startswith("- ") for lines in first.values())
    assert "checking your Haskell part files" in mine
    # the grader alone says where the failed seed game of part 4 first went wrong
    seed = feedback(theirs)["part04::seed-part04test01"]
    assert any(line.startswith(GRADER_ONLY) for line in seed)


def test_a_compile_error_reads_as_unograde_check_says(student_python, pristine, tmp_path):
    mine, theirs = both(student_python, pristine, tmp_path, "cleo")
    first = same_reading(mine, theirs)
    # only part 3 fails, every one of its public cases with GHC's first error, as GHC said it
    assert {case.split("::")[0] for case in first} == {"part03"}
    for lines in first.values():
        assert lines[0].startswith(
            "- your csce322h0mework03part03.hs did not compile: csce322h0mework03part03.hs:88:"
        )
        assert "error" in lines[0]
