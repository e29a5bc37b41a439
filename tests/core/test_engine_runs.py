"""One submission through the engine on the fake assignment: streaks, budgets, programs that
cannot be built, adapters, scores and their rounding.

Expectations are worked out by hand from the fake course's hand-written fixtures (count: 6
points over 4 cases, one of them answered by the plugin's stage; sort: 4 points over 2 cases)
and docs/sandbox.md's "Budgets". Hostile code ends by CPU time or sleeps far past its budget under a
generous wall clock, so nothing here depends on the machine's speed.
"""

from __future__ import annotations

import textwrap
from dataclasses import replace
from pathlib import Path

import pytest

from graders.assignment import load_assignment
from graders.grade import engine
from graders.grade.engine import ADAPTER_MODULE, grade_submission
from graders.results import CaseOutcome
from graders.run import programs
from graders.submission import cleanup, load_submissions
from graders.vocabulary import Outcome, ReviewResult, RunStatus

FAKE_COURSE = Path(__file__).resolve().parent / "fake_course"

RIGHT = """
def count_red(cards):
    return sum(1 for c in cards if c[0] == "r")

def sort_cards(cards):
    out = list(cards)
    out.sort()
    return out
"""

LOOPS_ON_COUNT = """
def count_red(cards):
    while True:
        pass

def sort_cards(cards):
    out = list(cards)
    out.sort()
    return out
"""

SLEEPS_ON_COUNT = """
import time

def count_red(cards):
    time.sleep(60)

def sort_cards(cards):
    return sorted(cards)
"""


@pytest.fixture()
def fake(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("UNOGRADE_COURSE", str(FAKE_COURSE))
    return load_assignment("fakecards")


def grade(tmp_path, fake, files, limits=None, cases=None, **kwargs):
    folder = tmp_path / "student"
    folder.mkdir()
    for name, text in files.items():
        (folder / name).write_text(textwrap.dedent(text), encoding="utf-8")
    programs_ = None
    if "main.py" in files:
        programs_ = programs.program_specs(fake.programs)
    [sub] = load_submissions(folder, fake.module, programs=programs_)
    try:
        return grade_submission(
            fake, sub, cases or fake.cases(), limits, isolation="rlimits", **kwargs
        )
    finally:
        cleanup([sub])


def by_name(result):
    return {c.name: c for c in result.cases}


def test_a_right_submission_has_no_notes_and_no_budget_used(tmp_path, fake):
    result = grade(tmp_path, fake, {"fake.py": RIGHT})
    assert (result.score, result.max_score) == (10, 10)
    assert result.notes == [] and not result.budget_hit
    assert 0 <= result.seconds < 600


def test_a_function_that_loops_stops_after_two_cases_and_the_others_are_graded(tmp_path, fake):
    # count's cases run in the child in fixture order; the staged one never reaches it.
    limits = replace(fake.limits, cpu=0.3, timeout=60.0)
    result = grade(tmp_path, fake, {"fake.py": LOOPS_ON_COUNT}, limits)
    count = [c for c in result.cases if c.part == "count" and not c.name.endswith("-staged")]
    assert [c.outcome for c in count] == [
        CaseOutcome.TIMEOUT,
        CaseOutcome.TIMEOUT,
        CaseOutcome.NOT_RUN,
    ]
    first, second = count[0].name, count[1].name
    assert count[2].messages == [f"not run: count_red timed out on cases {first} and {second}"]
    assert by_name(result)["count-staged"].passed
    assert all(c.passed for c in result.cases if c.part == "sort")
    assert result.notes == [
        f"count_red timed out on cases {first} and {second}, so its 1 remaining case was not run"
    ]


def test_a_program_that_loops_is_named_with_its_part(tmp_path, fake):
    # The fake assignment has two parts: the streak names the program and the part.
    limits = replace(fake.limits, cpu=1.0, timeout=60.0)
    loop = "import sys\nif sys.argv[1] == 'count':\n    while True:\n        pass\nprint('')\n"
    result = grade(tmp_path, fake, {"main.py": loop}, limits)
    count = [c for c in result.cases if c.part == "count"]
    assert [c.outcome for c in count[:2]] == [CaseOutcome.TIMEOUT, CaseOutcome.TIMEOUT]
    names = [c.name for c in count[:2]]
    assert [c.messages for c in count[2:]] == [
        [f"not run: the program on count timed out on cases {names[0]} and {names[1]}"]
    ] * 2
    # every case has its result: the sort part's (the program prints nothing for it) too
    assert len(result.cases) == 6 and [c.part for c in result.cases].count("sort") == 2


def test_a_program_of_a_one_part_assignment_is_just_the_program(tmp_path, fake):
    one_part = replace(fake, parts=fake.parts[:1])
    cases = [c for c in fake.cases() if c.part == "count"]
    limits = replace(fake.limits, cpu=1.0, timeout=60.0)
    loop = "while True:\n    pass\n"
    result = grade(tmp_path, one_part, {"main.py": loop}, limits, cases)
    names = [c.name for c in result.cases[:2]]
    assert result.cases[2].messages == [
        f"not run: the program timed out on cases {names[0]} and {names[1]}"
    ]


def test_a_program_that_cannot_be_built_fails_every_case_with_the_reason(
    tmp_path, fake, monkeypatch
):
    failure = Outcome(0, RunStatus.CRASHED, message="`build` failed: no compiler")
    monkeypatch.setattr(programs.ProgramRunner, "build", lambda self: failure)
    result = grade(tmp_path, fake, {"main.py": "print(0)\n"})
    assert len(result.cases) == len(fake.cases()) == 6
    assert {c.outcome for c in result.cases} == {CaseOutcome.CRASHED}
    assert all(c.messages == ["the program crashed: `build` failed: no compiler"]
               for c in result.cases)  # fmt: skip


def test_the_budget_cuts_a_submission_and_says_how_many_cases_were_not_run(tmp_path, fake):
    # count-mixed sleeps past the 1 s budget (under a 60 s wall clock): it and sort-three are
    # cut by the budget, two cases.
    cases = [c for c in fake.cases() if c.name in ("count-mixed", "sort-three")]
    limits = replace(fake.limits, timeout=60.0, submission_timeout=1.0)
    result = grade(tmp_path, fake, {"fake.py": SLEEPS_ON_COUNT}, limits, cases)
    assert result.budget_hit
    assert [c.outcome for c in result.cases] == [CaseOutcome.NOT_RUN, CaseOutcome.NOT_RUN]
    assert result.notes == ["the submission used up its time budget of 1 s: 2 cases were not run"]


def test_the_assignments_limits_give_the_budget(tmp_path, fake):
    # No budget passed: the limits' submission timeout is the budget. One case cut: "1 case".
    cases = [c for c in fake.cases() if c.name == "count-mixed"]
    limits = replace(fake.limits, timeout=60.0, submission_timeout=1.0)
    result = grade(tmp_path, fake, {"fake.py": SLEEPS_ON_COUNT}, limits, cases)
    assert result.budget_hit and result.cases[0].outcome == CaseOutcome.NOT_RUN
    assert result.notes == ["the submission used up its time budget of 1 s: 1 case was not run"]


def test_a_deduction_never_makes_a_score_negative(tmp_path, fake, monkeypatch):
    monkeypatch.setattr(
        fake.plugin, "review", lambda *a: ReviewResult(["review: harsh"], deduction=50.0)
    )
    result = grade(tmp_path, fake, {"fake.py": RIGHT})
    assert result.score == 0 and result.deduction == 50.0 and result.review == ["review: harsh"]


def test_scores_are_rounded_to_six_places(tmp_path, fake, monkeypatch):
    # count 1/3 and sort 1/9 of a point, all passed, a deduction of 1/7:
    # max 1/3 + 1/9 = 0.4444444... -> 0.444444; parts 0.333333 and 0.111111;
    # score 0.333333 + 0.111111 - 0.142857142... = 0.301586857... -> 0.301587
    parts = (replace(fake.parts[0], points=1 / 3), replace(fake.parts[1], points=1 / 9))
    fake = replace(fake, parts=parts)
    monkeypatch.setattr(fake.plugin, "review", lambda *a: ReviewResult([], deduction=1 / 7))
    result = grade(tmp_path, fake, {"fake.py": RIGHT})
    assert [p.points for p in result.parts] == [0.333333, 0.111111]
    assert result.max_score == 0.444444
    assert result.score == 0.301587


def test_what_the_import_printed_is_kept_up_to_16_kb(tmp_path, fake):
    limits = replace(fake.limits, output_kb=32)
    source = "print('x' * 19999)\n" + RIGHT
    result = grade(tmp_path, fake, {"fake.py": source}, limits)
    kept = 16 * 1024
    assert result.import_stdout[:kept] == "x" * kept
    assert result.import_stdout[kept:] == f"… ({20000 - kept:,} more characters not shown)"


def test_a_submission_may_have_one_sandboxed_run_at_a_time_by_default(tmp_path, fake, monkeypatch):
    seen = []
    original = type(fake.plugin).run_cases

    def run_cases(self, submission, cases, limits, isolation, jobs=1):
        seen.append(jobs)
        return original(self, submission, cases, limits, isolation, jobs)

    monkeypatch.setattr(type(fake.plugin), "run_cases", run_cases)
    grade(tmp_path, fake, {"fake.py": RIGHT})
    (tmp_path / "again").mkdir()
    grade(tmp_path / "again", fake, {"fake.py": RIGHT}, jobs=3)
    assert seen == [1, 3]


def test_the_adapter_is_copied_next_to_the_submission_under_its_module_name(tmp_path, fake):
    course = tmp_path / "course"
    course.mkdir()
    (course / "adapter.py").write_text("CALLS = []\n")
    assignment = replace(fake, folder=course, adapter="adapter.py")
    folder = tmp_path / "student"
    folder.mkdir()
    (folder / "fake.py").write_text(RIGHT)
    [sub] = load_submissions(folder, fake.module)
    try:
        assert engine._provide(assignment, sub) == ADAPTER_MODULE
        assert (sub.folder / f"{ADAPTER_MODULE}.py").read_text() == "CALLS = []\n"
        assert engine._provide(fake, sub) is None  # no adapter: nothing to import
    finally:
        cleanup([sub])


def test_the_budget_note_counts_only_the_cases_the_budget_cut(tmp_path, fake):
    # count_red runs out of memory twice (so its third case is not run, for that reason);
    # sort_cards then sleeps past the 2 s budget: its two cases are the budget's.
    source = """
        import time

        def count_red(cards):
            return bytearray(1 << 40)

        def sort_cards(cards):
            time.sleep(60)
        """
    cases = [c for c in fake.cases() if not c.name.endswith("-staged")]
    limits = replace(fake.limits, timeout=60.0, submission_timeout=2.0)
    result = grade(tmp_path, fake, {"fake.py": source}, limits, cases)
    outcomes = {c.name: c.outcome for c in result.cases}
    assert [outcomes[c.name] for c in cases if c.part == "count"] == [
        CaseOutcome.MEMORY,
        CaseOutcome.MEMORY,
        CaseOutcome.NOT_RUN,
    ]
    assert result.budget_hit
    assert result.notes[-1] == (
        "the submission used up its time budget of 2 s: 2 cases were not run"
    )


def test_grading_only_the_later_part_reports_that_part(tmp_path, fake):
    cases = [c for c in fake.cases() if c.part == "sort"]
    result = grade(tmp_path, fake, {"fake.py": RIGHT}, None, cases)
    assert [p.id for p in result.parts] == ["sort"]
    assert (result.score, result.max_score) == (4, 4)
