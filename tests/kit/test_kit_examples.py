"""Every assignment's kit, used by a student: the starter fails, right solutions pass, and a
wrong one reads, case for case, as ``unograde check`` says (the same feedback modules judge).

The right and wrong solutions are the repository's examples (each described in its
``examples/<id>/README.md``) and, for uno-official (whose examples hold no engine), the
reference's rules flattened into one student module as its conformance tests do.
"""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import EXAMPLES, ROOT, build, run_kit
from .test_kit_as_student import GRADER_ONLY, blocks, feedback, shared_part

# Slow tier: makes a student's virtual environment and runs kits in it.
pytestmark = pytest.mark.slow


def flat_uno_official() -> str:
    """The reference engine as one student module (tests/uno_official's helper), plus a
    strategy that takes the only legal action (what the strategy's public cases ask)."""
    path = ROOT / "tests" / "uno_official" / "test_official_conformance.py"
    spec = importlib.util.spec_from_file_location("_official_conformance", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.flat_engine() + "\n\ndef strategy(view):\n    return view.legal[0]\n"


# assignment -> (files of a right solution, how many tests pass, files of a wrong one)
RIGHT = {
    "uno-moves": ({"uno.py": EXAMPLES / "uno-moves/ada/uno.py"}, 45),
    "ochos-locos": ({"ochos_locos.py": EXAMPLES / "ochos-locos/amara/ochos_locos.py"}, 10),
    "uno-lab": ({"solution.py": EXAMPLES / "uno-lab/full_solution.py"}, 122),
    "uno-official": ({"uno_official.py": flat_uno_official}, 54),
    # 29 public scenarios, and ada's own 3 tests (the kit runs them on ada's game.py)
    "final-card-down": ({n: EXAMPLES / "final-card-down/ada" / n for n in
                         ("game.py", "test_game.py", "player.py")}, 29 + 3),
}  # fmt: skip
WRONG = {
    "uno-moves": ("uno.py", EXAMPLES / "uno-moves/ben.py"),
    "ochos-locos": ("ochos_locos.py", EXAMPLES / "ochos-locos/fatima/ochos_locos.py"),
    "uno-lab": ("solution.py", EXAMPLES / "uno-lab/partial_ordering_mistakes.py"),
    "uno-official": ("uno_official.py", EXAMPLES / "uno-official/color_counter.py"),
    "final-card-down": ("game.py", EXAMPLES / "final-card-down/ben/game.py"),
}
# assignment -> (its starter, a line of what the starter's first failure says)
STARTER = {
    "uno-moves": ("uno.py", "- onePlayerOneMove raised NotImplementedError"),
    "ochos-locos": ("ochos_locos.py", "got nothing (your output ends after 1 line(s))"),
    "uno-lab": ("solution.py", "- precedes raised NotImplementedError: precedes"),
    "uno-official": ("uno_official.py", "- deal_from_deck raised NotImplementedError"),
    "final-card-down": ("game.py", "- raised:   NotImplementedError: newGame is not written yet"),
}


@pytest.fixture(scope="module", params=sorted(RIGHT))
def pristine(request, tmp_path_factory):
    return request.param, build(request.param, tmp_path_factory.mktemp(request.param))


@pytest.fixture
def kit(pristine, tmp_path):
    assignment_id, folder = pristine
    return assignment_id, shutil.copytree(folder, tmp_path / folder.name)


def put(kit: Path, files: dict) -> None:
    for name, source in files.items():
        text = source() if callable(source) else source.read_text(encoding="utf-8")
        (kit / name).write_text(text, encoding="utf-8")


def test_the_starter_fails_with_readable_feedback(student_python, kit):
    assignment_id, folder = kit
    starter, says = STARTER[assignment_id]
    assert (folder / starter).is_file()
    proc = run_kit(student_python, folder)
    assert proc.returncode == 1, proc.stdout[-2000:]
    assert says in proc.stdout
    # uno-official's starter strategy answers the first legal action: its 2 forced-move
    # cases pass; everything else of every starter fails.
    last = proc.stdout.splitlines()[-1]
    assert "passed" not in last or (assignment_id == "uno-official" and "2 passed" in last)
    assert "INTERNALERROR" not in proc.stdout and "root[" not in proc.stdout


def test_a_right_solution_passes(student_python, kit):
    assignment_id, folder = kit
    files, count = RIGHT[assignment_id]
    put(folder, files)
    proc = run_kit(student_python, folder)
    assert proc.returncode == 0, proc.stdout[-3000:]
    assert f"{count} passed" in proc.stdout.splitlines()[-1]


def test_a_wrong_solution_reads_as_unograde_check_says(student_python, kit):
    assignment_id, folder = kit
    name, source = WRONG[assignment_id]
    if assignment_id == "final-card-down":
        put(folder, {n: source.parent / n for n in ("game.py", "test_game.py", "player.py")})
        target = source.parent
    else:
        put(folder, {name: source})
        target = source
    proc = run_kit(student_python, folder)
    assert proc.returncode == 1
    check = subprocess.run(
        [sys.executable, "-m", "graders.cli", "check", assignment_id, str(target)],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=ROOT,
    )
    assert check.returncode == 1, check.stderr
    mine, theirs = blocks(proc.stdout), blocks(check.stdout)
    shared = set(mine) & set(theirs)
    assert shared, (list(mine)[:5], list(theirs)[:5])
    assert {case: mine[case] for case in shared} == {case: theirs[case] for case in shared}
    # Every other line too (outcome, input, traceback, output), but where a case first went
    # wrong: only the grader says that, replaying the reference (the kit never holds it).
    mine_all, theirs_all = feedback(proc.stdout), feedback(check.stdout)
    assert {case: shared_part(mine_all[case]) for case in shared} == {
        case: shared_part(theirs_all[case]) for case in shared
    }
    assert GRADER_ONLY not in proc.stdout
    if assignment_id in ("uno-moves", "final-card-down"):  # their examples' games explained
        assert any(GRADER_ONLY in line for case in shared for line in theirs_all[case])
    if assignment_id == "uno-lab":
        # Both write Python and end a failed public case with its call (the page's Decision
        # 24), as tests/uno_lab/test_uno_lab_grading.py expects of the grader on this example.
        assert mine["task03::isLT-edge-colour-first"] == [
            "- isLT: expected True, got False",
            "- the call: isLT(CRD(NUM(9), YELLOW), CRD(NUM(0), BLUE))",
        ]
        assert "task03::isLT-edge-colour-first" in shared
    # Everything the kit holds that failed is something unograde check failed too.
    assert set(mine) - {"setup"} <= set(theirs) | {k for k in mine if "::test_" in k}


def test_ochos_locos_programs_are_checked_as_the_grader_runs_them(student_python, tmp_path):
    folder = build("ochos-locos", tmp_path)
    shutil.copy(EXAMPLES / "ochos-locos/bilal/main.py", folder / "main.py")
    proc = run_kit(student_python, folder, "--submission", "main.py")
    assert proc.returncode == 0 and "10 passed" in proc.stdout, proc.stdout[-2000:]
    # dmitri's misreading (a tie between colour and number goes to the number), as
    # examples/ochos-locos/class.json records its first failure.
    shutil.copy(EXAMPLES / "ochos-locos/dmitri/main.py", folder / "main.py")
    proc = run_kit(student_python, folder, "--submission", "main.py")
    assert proc.returncode == 1
    assert "- turn 2 (player 2): expected B8, got Y1" in proc.stdout


def test_final_card_down_judges_under_the_students_reading(student_python, tmp_path):
    folder = build("final-card-down", tmp_path)
    other = EXAMPLES / "final-card-down/other-reading"
    put(folder, {n: other / n for n in ("game.py", "test_game.py", "player.py")})
    declared = run_kit(student_python, folder)
    assert declared.returncode == 0, declared.stdout[-3000:]
    assert "graded under the reading game.py declares: D1 the other way" in declared.stdout
    # Without its declaration it is judged under the reading its answers side with.
    game = folder / "game.py"
    game.write_text(
        "\n".join(line for line in game.read_text().splitlines() if not line.startswith("READINGS"))
    )
    inferred = run_kit(student_python, folder)
    assert inferred.returncode == 0, inferred.stdout[-3000:]
    assert "game.py declares no READINGS; where the readings differ its answers follow D1" in (
        inferred.stdout
    )
