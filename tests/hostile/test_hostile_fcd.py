"""final-card-down: a test suite cannot tell a mutant run from the reference run.

Every run of a student's suite, on the reference or on a mutant, sees the same folder, the
same options, the same environment and the same paths: only the behaviour of ``game``
differs.  A suite that looks for any tell and fails only when it finds one must catch no
mutant at all.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from graders.assignment import load_assignment
from graders.grade.engine import grade_submission
from graders.run.sandbox import bwrap_usable
from graders.submission import cleanup, load_submissions
from reference.final_card_down.mutants import mutant_labels

ROOT = Path(__file__).resolve().parents[2]
ADA = ROOT / "examples" / "final-card-down" / "ada"
ISOLATIONS = [
    pytest.param("bwrap", marks=pytest.mark.skipif(not bwrap_usable(), reason="no bwrap")),
    "rlimits",
]

SNOOPING_SUITE = '''
import hashlib
import os
import sys

import game


def tells(request):
    """Everything a run could differ in, apart from behaviour."""
    here = os.path.dirname(os.path.abspath(__file__))
    option = request.config.option
    return {
        "files": sorted(os.listdir(here)),
        "argv": list(sys.argv),
        "environ": sorted(k for k in os.environ if k != "UNOGRADE_SANDBOX"),
        "exitfirst": bool(getattr(option, "exitfirst", False)),
        "maxfail": getattr(option, "maxfail", 0),
        "game_file": game.__file__,
        "game_files": sorted(os.listdir(os.path.dirname(game.__file__))),
        "cwd": os.getcwd(),
    }


def test_looks_like_the_reference(request):
    seen = tells(request)
    assert not seen["exitfirst"] and not seen["maxfail"], seen
    assert "EXITFIRST" not in seen["files"], seen
    assert not any("mutant" in repr(value).lower() for value in seen.values()), seen
'''


@pytest.mark.parametrize("isolation", ISOLATIONS)
def test_a_suite_that_detects_runs_instead_of_bugs_scores_nothing(tmp_path, isolation):
    assignment = load_assignment("final-card-down")
    student = tmp_path / "snoop"
    shutil.copytree(ADA, student, ignore=shutil.ignore_patterns("test_*.py"))
    (student / "test_snoop.py").write_text(SNOOPING_SUITE)
    labels = mutant_labels()[:4]
    cases = [c for c in assignment.cases() if c.name in {"suite-passes-on-reference", *labels}]
    assert len(cases) == 5
    subs = load_submissions(student, assignment.module)
    try:
        result = grade_submission(assignment, subs[0], cases, isolation=isolation)
    finally:
        cleanup(subs)
    outcomes = {c.name: c.outcome for c in result.cases}
    assert outcomes["suite-passes-on-reference"] == "passed"
    # The snooping test passes on every mutant: it detects none of them.
    assert [outcomes[label] for label in labels] == ["failed"] * 4, outcomes


HOSTILE_ADTS = {
    "looper": "while True:\n    pass\n",
    "forker": (
        "import os\nfor _ in range(2000):\n    try:\n        if os.fork() == 0:\n"
        "            os.execvp('sleep', ['unograde-fcd-fork-MARK', '300'])\n"
        "    except OSError:\n        break\n"
    ),
    "hog": "x = []\nwhile True:\n    x.append(bytearray(32 << 20))\n",
    "deep": "def __getattr__(name):\n    def f(*a):\n        x = []\n"
    "        for _ in range(1_000_000):\n            x = [x]\n        return x\n    return f\n",
}


def test_hostile_adts_in_one_class_beside_a_sound_one(tmp_path):
    import os
    import time

    from graders.grade.batch import grade_batch

    from .conftest import processes_with

    assignment = load_assignment("final-card-down")
    marker = f"unograde-fcd-fork-{os.getpid()}"
    klass = tmp_path / "class"
    shutil.copytree(ADA, klass / "ada")
    for name, source in HOSTILE_ADTS.items():
        (klass / name).mkdir()
        (klass / name / "game.py").write_text(source.replace("unograde-fcd-fork-MARK", marker))
    cases = [c for c in assignment.cases(visibility="public") if c.part != "tests"][:12]
    limits = replace_limits(assignment, timeout=1.0, cpu=1.0, memory_mb=256, budget=5.0)
    started = time.monotonic()
    items = grade_batch(assignment, [klass], cases, None, 2, limits, isolation="rlimits")
    elapsed = time.monotonic() - started
    results = {i.result.student: i.result for i in items}
    alone = grade_batch(assignment, [ADA], cases, None, 1, limits, isolation="rlimits")[0].result
    assert results["ada"].score == alone.score > 0  # unchanged by its neighbours
    for name in HOSTILE_ADTS:
        assert not any(c.passed for c in results[name].cases), name
    assert elapsed < 3 * 5.0 + 30
    time.sleep(0.3)
    assert processes_with(marker) == []


def replace_limits(assignment, timeout, cpu, memory_mb, budget):
    from dataclasses import replace

    return replace(
        assignment.limits, timeout=timeout, cpu=cpu, memory_mb=memory_mb, submission_timeout=budget
    )


@pytest.mark.skipif(not bwrap_usable(), reason="no bwrap")
def test_a_suite_cannot_change_the_pytest_every_run_shares():
    from reference.final_card_down import suite

    tests = {
        "test_game.py": (
            "import os\n"
            "def test_lib_is_read_only():\n"
            "    for path in ('lib/marker.txt', 'lib/_pytest/__init__.py'):\n"
            "        try:\n"
            "            with open(path, 'a') as handle:\n"
            "                handle.write('# changed by a suite')\n"
            "        except OSError:\n"
            "            continue\n"
            "        raise AssertionError('wrote into ' + path)\n"
        )
    }
    verdict = suite.run_target(tests, "reference", isolation="bwrap")
    assert (verdict["status"], verdict["passed"], verdict["exit"]) == ("ran", 1, 0), verdict
    lib = suite.template_dir() / "lib"
    assert not (lib / "marker.txt").exists()
    assert "changed by a suite" not in (lib / "_pytest" / "__init__.py").read_text()
