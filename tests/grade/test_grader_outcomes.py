"""Each outcome a case can have, produced by a real submission run in the sandbox.

Every test runs on both isolation paths where the machine allows: bubblewrap
(skipped when it cannot run here) and the rlimits fallback.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from graders.assignment import load_assignment
from graders.grade.engine import grade_submission
from graders.run.sandbox import bwrap_usable
from graders.submission import cleanup, load_submissions

ROOT = Path(__file__).resolve().parents[2]
ADA = ROOT / "examples" / "uno-moves" / "ada" / "uno.py"
ISOLATIONS = [
    pytest.param("bwrap", marks=pytest.mark.skipif(not bwrap_usable(), reason="no bwrap")),
    "rlimits",
]


@pytest.fixture(scope="module")
def assignment():
    return load_assignment("uno-moves")


@pytest.fixture(scope="module")
def seed_cases(assignment):
    return [c for c in assignment.cases() if c.name.startswith("seed-")]


def grade_source(tmp_path, assignment, cases, source, isolation, name="student"):
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(source))
    subs = load_submissions(path, assignment.module)
    try:
        return grade_submission(assignment, subs[0], cases, isolation=isolation)
    finally:
        cleanup(subs)


@pytest.mark.parametrize("isolation", ISOLATIONS)
def test_correct_submission_passes_everything(tmp_path, assignment, seed_cases, isolation):
    result = grade_source(tmp_path, assignment, seed_cases, ADA.read_text(), isolation)
    assert [c.outcome for c in result.cases] == ["passed"] * 4
    assert result.score == result.max_score == 100
    assert result.isolation.startswith("bubblewrap" if isolation == "bwrap" else "rlimits only")


@pytest.mark.parametrize("isolation", ISOLATIONS)
def test_each_outcome(tmp_path, assignment, seed_cases, isolation):
    source = """
        import os, time
        def onePlayerOneMove(discard, deck, hand):       # failed: hand reversed
            print("thinking about", len(hand), "cards")
            return (list(reversed(hand)), deck, discard)
        def onePlayerManyMoves(discard, deck, hand):     # error
            return helper(hand)
        def helper(hand):
            raise ValueError("no idea")
        def manyPlayersOneMove(discard, deck, hands):    # wrong shape
            return 42
        # manyPlayersManyMoves is missing
    """
    result = grade_source(tmp_path, assignment, seed_cases, source, isolation)
    outcomes = {c.part: c for c in result.cases}
    assert outcomes["part01"].outcome == "failed"
    assert outcomes["part01"].stdout == "thinking about 7 cards\n"
    assert any(
        m.startswith("hand, card 1: expected ('y','2')") for m in outcomes["part01"].messages
    ), outcomes["part01"].messages
    assert outcomes["part02"].outcome == "error"
    assert "ValueError: no idea" in outcomes["part02"].messages[0]
    tb = outcomes["part02"].traceback
    assert "helper" in tb and "harness" not in tb  # cut down to the student's frames
    assert outcomes["part03"].outcome == "wrong-shape"
    assert "expected a tuple (hands, deck, discard), got a int" in outcomes["part03"].messages[0]
    assert outcomes["part04"].outcome == "missing"
    assert result.score == 0


@pytest.mark.parametrize("isolation", ISOLATIONS)
def test_timeout_memory_crash_and_recovery(tmp_path, assignment, seed_cases, isolation):
    # ada's correct functions, with the first three parts replaced by hostile ones: the last
    # part must still pass in the fresh child that replaces the crashed one.
    source = ADA.read_text() + textwrap.dedent("""
        import os
        def onePlayerOneMove(discard, deck, hand):
            while True:
                pass
        def onePlayerManyMoves(discard, deck, hand):
            return bytearray(4 * 1024 ** 3)
        def manyPlayersOneMove(discard, deck, hands):
            os._exit(7)
    """)
    from dataclasses import replace

    fast = replace(
        # the loop ends by CPU time; the wall clock is far from the right part's run time
        assignment,
        limits=replace(assignment.limits, timeout=10.0, cpu=0.5, memory_mb=300),
    )
    path = tmp_path / "t.py"
    path.write_text(source)
    subs = load_submissions(path, fast.module)
    try:
        result = grade_submission(fast, subs[0], seed_cases, isolation=isolation)
    finally:
        cleanup(subs)
    outcomes = {c.part: c.outcome for c in result.cases}
    assert outcomes == {
        "part01": "timeout",
        "part02": "memory",
        "part03": "crashed",
        "part04": "passed",
    }
    crashed = next(c for c in result.cases if c.part == "part03")
    assert "exited with status 7" in crashed.messages[0]


def test_killed_by_signal_is_crashed(tmp_path, assignment, seed_cases):
    source = """
        import os, signal
        def onePlayerOneMove(discard, deck, hand):
            os.kill(os.getpid(), signal.SIGSEGV)
    """
    result = grade_source(tmp_path, assignment, seed_cases[:1], source, "rlimits")
    assert result.cases[0].outcome == "crashed"
    assert "SIGSEGV" in result.cases[0].messages[0]


def test_syntax_error_names_file_line_column(tmp_path, assignment, seed_cases):
    source = "def onePlayerOneMove(discard, deck, hand)\n    return 1\n"
    result = grade_source(tmp_path, assignment, seed_cases, source, "rlimits", name="jo")
    assert result.problem == "jo.py:1:42: SyntaxError: expected ':'"
    assert {c.outcome for c in result.cases} == {"error"}


def test_import_error_fails_every_case_with_the_reason(tmp_path, assignment, seed_cases):
    source = "import numpy_that_does_not_exist\n"
    result = grade_source(tmp_path, assignment, seed_cases, source, "rlimits")
    assert {c.outcome for c in result.cases} == {"error"}
    assert "ModuleNotFoundError" in result.cases[0].messages[0]


def test_printing_a_lot_is_capped(tmp_path, assignment, seed_cases):
    source = ADA.read_text() + textwrap.dedent("""
        _real = onePlayerOneMove
        def onePlayerOneMove(discard, deck, hand):
            for i in range(200000):
                print("debug line", i)
            return _real(discard, deck, hand)
    """)
    result = grade_source(tmp_path, assignment, seed_cases[:1], source, "rlimits")
    case = result.cases[0]
    assert case.outcome == "passed"
    assert len(case.stdout) == assignment.limits.output_kb * 1024
    assert case.stdout_dropped > 1_000_000


@pytest.mark.parametrize("isolation", ISOLATIONS)
def test_a_program_that_prints_malformed_output_is_graded_as_such(tmp_path, assignment, isolation):
    from graders.grade.batch import grade_batch
    from graders.report import render
    from graders.results import CaseOutcome

    program = tmp_path / "gib"
    program.mkdir()
    (program / "main.py").write_text(
        "import sys\nsys.stdin.read()\nprint('this is not a game at all')\n"
    )
    cases = [c for c in assignment.cases() if c.name == "seed-part01test01"]
    [item] = grade_batch(assignment, [program], cases, None, 1, isolation=isolation)
    case = item.result.cases[0]
    assert case.outcome is CaseOutcome.MALFORMED and case.outcome == "malformed"
    # The course's solution text starts with a double-quoted "Result" line.
    assert case.messages == [
        "the program printed output that could not be read: your output:1: expected a "
        "double-quoted line, found 'this is not a game at all' (expected a double-quoted string)"
    ]
    assert case.stdout == "this is not a game at all\n"  # what it printed is shown
    report = render(item.result, "md")
    assert "malformed output" in report and "this is not a game at all" in report
