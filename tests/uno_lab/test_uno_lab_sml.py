"""uno-lab in Standard ML: a solution.sml graded on a real SML/NJ, in the sandbox.

The example class (examples/uno-lab-sml: a full solution, a partial one, a type error, a loop)
is graded once; the expectations come from elsewhere than the grader's output: the fixtures
(written by the Python reference, so a full SML solution scoring 100 agrees with the reference
on every case), the points of assignment.toml summed by hand for the tasks each example does,
and a Python solution with the same mistake as an SML one, whose feedback must read the same.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from graders.assignment import load_assignment
from graders.grade.engine import grade_submission
from graders.results import CaseOutcome
from graders.run import toolchains
from graders.submission import load_submissions

# Slow tier: builds Standard ML programs with SML/NJ.
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("sml") is None, reason="SML/NJ (sml) not installed"),
]

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "uno-lab-sml"
FULL = (EXAMPLES / "full" / "solution.sml").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def assignment():
    return load_assignment("uno-lab")


def grade(assignment, path: Path):
    subs = load_submissions(path, assignment.module, programs=_programs(assignment))
    assert len(subs) == 1
    return grade_submission(assignment, subs[0], assignment.cases())


def _programs(assignment):
    from graders.run.programs import program_specs

    return program_specs(assignment.programs)


def _points(assignment, tasks: range) -> float:
    """The points of tasks ``tasks`` (1-based), from assignment.toml."""
    return sum(p.points for p in assignment.parts if int(p.id.removeprefix("task")) in tasks)


@pytest.fixture(scope="module")
def graded(assignment):
    names = ("full", "partial", "type_error", "loop")
    return {name: grade(assignment, EXAMPLES / name) for name in names}


def test_a_full_sml_solution_agrees_with_the_reference_on_every_case(graded):
    result = graded["full"]
    failed = [(c.name, c.outcome, c.messages) for c in result.cases if not c.passed]
    assert failed == []
    assert result.score == 100
    assert len(result.cases) == 262
    assert any("Standard ML" in note for note in result.notes)
    # the style review says plainly that it does not read SML (no silent zero)
    assert len(result.review) == 1 and "not reviewed for a Standard ML" in result.review[0]
    assert result.deduction == 0


def test_a_partial_solution_scores_its_tasks_and_the_template_placeholders_are_missing(
    graded, assignment
):
    result = graded["partial"]
    assert result.score == pytest.approx(_points(assignment, range(1, 10)))  # 20 by hand
    later = [c for c in result.cases if int(c.part.removeprefix("task")) >= 11]
    assert later and {c.outcome for c in later} == {CaseOutcome.MISSING}
    # task 10 is a value: the template's empty deck is a wrong answer, not a missing task
    assert {c.outcome for c in result.cases if c.part == "task10"} == {CaseOutcome.FAILED}


def _check_failures(output: str) -> dict[str, str]:
    """``unograde check``'s failures as the student reads them: each failed case's id
    (``task10::deck-edge-cards``) and the first line under its banner."""
    failures = {}
    lines = output.splitlines()
    for i, line in enumerate(lines):
        banner = re.fullmatch(r"_+ (task\d\d::\S+) _+", line)
        if banner:
            failures[banner.group(1)] = lines[i + 1]
    return failures


def test_check_on_an_sml_partial_solution_fails_the_cases_grade_fails_with_the_same_words(
    graded, assignment
):
    """``unograde check`` on solution.sml: the public cases ``grade`` fails, and only those,
    fail, each first saying what ``grade``'s report says; the partial solution does tasks 1-9,
    so the failed cases are exactly the public ones of tasks 10 onwards."""
    proc = subprocess.run(
        [sys.executable, "-m", "graders.cli", "check", "uno-lab",
         str(EXAMPLES / "partial" / "solution.sml")],
        capture_output=True, text=True, timeout=600, cwd=ROOT,
    )  # fmt: skip
    assert proc.returncode == 1, proc.stdout + proc.stderr
    public = {case.name for case in assignment.cases(visibility="public")}
    by_name = {c.name: c for c in graded["partial"].cases if c.name in public}
    assert len(by_name) == len(public)
    failures = _check_failures(proc.stdout)
    later = {f"{c.part}::{c.name}" for c in by_name.values() if c.part >= "task10"}
    assert set(failures) == later
    assert {f"{c.part}::{c.name}" for c in by_name.values() if not c.passed} == later
    for key, first in failures.items():
        case = by_name[key.split("::", 1)[1]]
        label, _, said = first.partition(": ")
        # task 10's empty deck is a wrong answer, the later tasks are not in the file
        assert (case.outcome, label) in {
            (CaseOutcome.FAILED, "failed"), (CaseOutcome.MISSING, "missing function")
        }, (key, first)  # fmt: skip
        # the report's first message, as far as the terminal line shows it
        shown = said.split("\u2026")[0]
        assert shown and case.messages[0].startswith(shown), (key, first)
    assert f"{len(later)} failed, {len(public) - len(later)} passed" in proc.stdout


def test_a_type_error_stops_the_tasks_after_it_and_the_compiler_says_where(graded, assignment):
    result = graded["type_error"]
    assert result.score == pytest.approx(_points(assignment, range(1, 11)))  # 23 by hand
    stopped = [c for c in result.cases if int(c.part.removeprefix("task")) >= 11]
    assert stopped and {c.outcome for c in stopped} == {CaseOutcome.ERROR}
    message = stopped[0].messages[0]
    # deal's line (63) and column, and SML/NJ's own words
    assert "solution.sml:63.25-63.70 Error: operator and operand don't agree" in message
    assert any("stopped loading" in note for note in result.notes)


def test_a_loop_times_out_and_a_fresh_child_grades_the_rest(graded):
    result = graded["loop"]
    by_part = {}
    for case in result.cases:
        by_part.setdefault(case.part, set()).add(case.outcome)
    assert CaseOutcome.TIMEOUT in by_part["task06"]
    assert by_part["task06"] <= {CaseOutcome.TIMEOUT, CaseOutcome.NOT_RUN}
    # tasks that never call sumCards all pass after the restarts
    for part in ("task01", "task05", "task20", "task29"):
        assert by_part[part] == {CaseOutcome.PASSED}


def test_the_starter_is_missing_everywhere_but_its_empty_deck(assignment, tmp_path):
    shutil.copy(ROOT / "assignments/uno-lab/starter/solution.sml", tmp_path / "solution.sml")
    result = grade(assignment, tmp_path)
    outcomes = {c.outcome for c in result.cases if c.part != "task10"}
    assert outcomes == {CaseOutcome.MISSING}
    assert result.score == 0


def test_the_same_mistake_reads_the_same_in_sml_and_in_python(assignment, tmp_path):
    """cardSort sorting the wrong way round: the SML and the Python solution with that one
    mistake get the same outcome and the same feedback, case for case."""
    sml = FULL.replace("ListMergeSort.sort isLT cards",
                       "ListMergeSort.sort (fn (a, b) => isLT (b, a)) cards")  # fmt: skip
    assert sml != FULL
    (tmp_path / "sml").mkdir()
    (tmp_path / "sml" / "solution.sml").write_text(sml, encoding="utf-8")
    python = (ROOT / "examples/uno-lab/full_solution.py").read_text(encoding="utf-8")
    start = python.index("def cardSort(")
    end = python.index("\ndef ", start + 1)
    python = (python[:start] + "def cardSort(cards):\n"
              "    return sorted(cards, key=cmp_to_key(lambda a, b: -1 if isLT(a, b) else 1))\n"
              + python[end:])  # fmt: skip
    python = python.replace(
        "\ndef cardSort(", "\nfrom functools import cmp_to_key\n\n\ndef cardSort("
    )
    (tmp_path / "py").mkdir()
    (tmp_path / "py" / "solution.py").write_text(python, encoding="utf-8")
    sml_result = grade(assignment, tmp_path / "sml")
    py_result = grade(assignment, tmp_path / "py")
    sml_cases = {c.name: (c.outcome, c.messages) for c in sml_result.cases if c.part == "task04"}
    py_cases = {c.name: (c.outcome, c.messages) for c in py_result.cases if c.part == "task04"}
    assert sml_cases == py_cases
    assert any(outcome == CaseOutcome.FAILED for outcome, _ in sml_cases.values())


def test_printing_without_end_is_cut_and_said(assignment, tmp_path):
    sml = FULL.replace(
        "(* Task 6 *)",
        (
            "val cardValue0 = cardValue\n"
            'fun cardValue c = (print (CharVector.tabulate (300000, fn _ => #"x")); cardValue0 c)\n'
            "(* Task 6 *)"
        ),
    )
    assert sml != FULL
    (tmp_path / "solution.sml").write_text(sml, encoding="utf-8")
    result = grade(assignment, tmp_path)
    numbers = [c for c in result.cases if c.name == "cardValue-edge-seed"]
    # cardValue's output is not graded (Decision 22), but past the cap it is a failure
    assert numbers and "printed more than 200000 characters" in " ".join(numbers[0].messages)


def test_the_seccomp_filter_holds_for_sml_nj_s_32_bit_runtime(assignment, tmp_path):
    """SML/NJ's runtime is a 32-bit x86 program: the filter admits that ABI with the same
    deny list, so a socket other than AF_UNIX is refused to it as to any child."""
    probe = (
        "fun cardValue _ = "
        "(ignore (INetSock.TCP.socket () : Socket.active INetSock.stream_sock); 1) "
        "handle OS.SysErr _ => 0\n"
    )
    start = FULL.index("fun cardValue")
    end = FULL.index("(* Task 6 *)")
    (tmp_path / "solution.sml").write_text(FULL[:start] + probe + FULL[end:], encoding="utf-8")
    result = grade(assignment, tmp_path)
    seed = next(c for c in result.cases if c.name == "cardValue-edge-seed")
    # the lab's answer would be nonzero; 0 is the refused socket (1 would be a socket made)
    assert seed.outcome == CaseOutcome.FAILED
    assert "got 0" in seed.messages[0]


def test_without_sml_nj_every_case_says_how_to_install_it(assignment, monkeypatch):
    monkeypatch.setattr(toolchains.Toolchain, "path", lambda self: None)
    monkeypatch.setattr(toolchains, "_SAID", set())
    result = grade(assignment, EXAMPLES / "full")
    assert {c.outcome for c in result.cases} == {CaseOutcome.NOT_RUN}
    assert "sudo apt-get install smlnj" in result.cases[0].messages[0]
    assert any("SML/NJ is not installed" in note for note in result.notes)


def test_a_request_writes_records_with_the_lab_s_makers_and_strategies_by_name():
    from reference.uno_lab.feedback import FEEDBACK

    payload = {
        "key": "k:1",
        "task": "countCards",
        "call": 'countCards {players = [{name = "A\\"b", cards = [CRD (NUM 1, RED)], '
        "strategy = First.ownStrategy, manual = false}], pile = [WILD], deck = [], "
        "state = GIVE RED, direction = CLOCKWISE, memo = [PASS]}",
        "seed": -3,
        "stdin": ["0", 'x"'],
    }
    text = FEEDBACK.program_input((payload,))
    header, source = text.split("\n", 1)
    assert header == "k:1 countCards"
    tight = source.replace(" ", "")
    assert (
        '(Player.make("A\\"b",[CRD(NUM1,RED)],(UnogradeLab.strategy"First.ownStrategy"),false))'
        in tight
    )
    assert "(Desk.make([(Player.make" in tight and "GIVERED,CLOCKWISE,[PASS]))" in tight
    assert 'seed = ~3, stdin = ["0", "x\\""]' in source
    assert "show = UnogradeLab.ints" in source
