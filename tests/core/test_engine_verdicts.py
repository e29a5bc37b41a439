"""The engine's verdict on each way a call can end, pinned on the fake assignment (no sandbox).

``judge`` turns what came back for one case into what the student reads; ``Streaks`` stops a
function after timeouts in a row; ``bounded`` caps what a submission controls; a submission
that cannot run is never run. Expectations come from the README ("Each case ends as one of ...",
"Budgets") and the fake assignment's hand-written fixtures, not from the engine's output.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from graders.assignment import load_assignment
from graders.grade import engine
from graders.grade.engine import Streaks, bounded, grade_submission, judge
from graders.results import CaseOutcome, CaseResult
from graders.submission import cleanup, load_submissions
from graders.vocabulary import Case, Outcome, RunStatus
from unokit.verdict import MAX_MESSAGE_CHARS, MAX_MESSAGES

FAKE_COURSE = Path(__file__).resolve().parent / "fake_course"


@pytest.fixture()
def fake(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("UNOGRADE_COURSE", str(FAKE_COURSE))
    return load_assignment("fakecards")


def case(name="count-x", part="count", visibility="public", args=(["r1", "g2"],), expected=1):
    return Case(name=name, part=part, visibility=visibility, args=args, expected=expected)


# -- judge: a returned value ---------------------------------------------------------------


def test_a_right_value_passes_with_the_cases_worth(fake):
    result = judge(fake, case(), Outcome(0, RunStatus.RETURNED, value=1), 1.5)
    assert result.outcome == CaseOutcome.PASSED and result.points == 1.5
    assert result.max_points == 1.5 and result.messages == []
    assert result.args is None and result.view is None  # nothing to explain


def test_a_wrong_value_fails_and_shows_the_public_inputs_and_view(fake):
    result = judge(fake, case(), Outcome(0, RunStatus.RETURNED, value=2), 1.5)
    assert result.outcome == CaseOutcome.FAILED and result.points == 0
    assert result.messages == ["FAKE: expected 1, got 2"]
    assert result.args == (["r1", "g2"],)  # what the student needs to see the failure
    assert result.view == {"kind": "fakecards", "expected": 1, "actual": 2, "marker": "drawn"}


def test_a_hidden_case_never_shows_its_inputs_or_view(fake):
    result = judge(fake, case(visibility="hidden"), Outcome(0, RunStatus.RETURNED, value=2), 1)
    assert result.outcome == CaseOutcome.FAILED and result.hidden
    assert result.args is None and result.view is None


def test_a_value_of_the_wrong_shape_is_named(fake):
    result = judge(fake, case(), Outcome(0, RunStatus.RETURNED, value="two"), 1)
    assert result.outcome == CaseOutcome.WRONG_SHAPE
    assert result.messages == ["expected an int, got str"]
    assert result.args == (["r1", "g2"],)


def test_a_view_that_raises_never_fails_grading(fake, monkeypatch):
    def broken(*args):
        raise RuntimeError("view bug")

    monkeypatch.setattr(fake.plugin, "view", broken)
    result = judge(fake, case(), Outcome(0, RunStatus.RETURNED, value=2), 1)
    assert result.outcome == CaseOutcome.FAILED and result.view is None
    assert result.args == (["r1", "g2"],)


def test_changing_the_callers_lists_is_noted_and_still_graded(fake):
    passed = judge(fake, case(), Outcome(0, RunStatus.RETURNED, value=1, mutated=True), 1)
    assert passed.outcome == CaseOutcome.PASSED and passed.points == 1
    assert passed.messages == [
        "note: count_red changed the lists it was given (the caller's data); "
        "return new lists instead"
    ]


# -- judge: every other way a call ends ------------------------------------------------------


@pytest.mark.parametrize(
    ("outcome", "expected", "message"),
    [
        (
            Outcome(0, RunStatus.RAISED, error_type="KeyError", message="'r'", traceback="tb"),
            CaseOutcome.ERROR,
            "count_red raised KeyError: 'r'",
        ),
        (
            Outcome(0, RunStatus.IMPORT_ERROR, error_type="NameError", message="x", traceback="t"),
            CaseOutcome.ERROR,
            "importing the submission raised NameError: x",
        ),
        (
            Outcome(0, RunStatus.MISSING),
            CaseOutcome.MISSING,
            "the submission has no function count_red",
        ),
        (
            Outcome(0, RunStatus.TIMEOUT, message="2 s"),
            CaseOutcome.TIMEOUT,
            "count_red did not finish: 2 s",
        ),
        (Outcome(0, RunStatus.MEMORY), CaseOutcome.MEMORY, "count_red used more than 256 MB"),
        (
            Outcome(0, RunStatus.CRASHED, message="killed by SIGSEGV"),
            CaseOutcome.CRASHED,
            "count_red crashed: killed by SIGSEGV",
        ),
        (
            Outcome(0, "something-new", message="?"),
            CaseOutcome.CRASHED,
            "count_red crashed: ?",
        ),
    ],
)
def test_each_failure_reads_to_the_student(fake, outcome, expected, message):
    result = judge(fake, case(), outcome, 1)
    assert result.outcome == expected and result.points == 0
    assert result.messages == [message]
    assert result.args == (["r1", "g2"],)
    raised = outcome.status in (RunStatus.RAISED, RunStatus.IMPORT_ERROR)
    assert result.traceback == (outcome.traceback if raised else "")
    assert result.view == {"kind": "fakecards", "expected": 1, "actual": None, "marker": "drawn"}


def test_a_case_not_run_shows_no_inputs(fake):
    result = judge(fake, case(), Outcome(0, RunStatus.NOT_RUN, message="not run: budget"), 1)
    assert result.outcome == CaseOutcome.NOT_RUN and result.messages == ["not run: budget"]
    assert result.args is None and result.view is None


def test_malformed_output_names_the_program_and_what_went_wrong(fake):
    outcome = Outcome(0, RunStatus.MALFORMED, message="expected one number", stdout="junk")
    result = judge(fake, case(), outcome, 1, program=True)
    assert result.outcome == CaseOutcome.MALFORMED
    assert result.messages == [
        "the program printed output that could not be read: expected one number"
    ]
    assert result.stdout == "junk" and result.args == (["r1", "g2"],)


def test_a_program_is_called_the_program(fake):
    result = judge(fake, case(), Outcome(0, RunStatus.TIMEOUT, message="2 s"), 1, program=True)
    assert result.messages == ["the program did not finish: 2 s"]


def test_the_outcome_carries_stdout_time_and_covers(fake):
    c = Case("count-x", "count", "public", (["r1"],), 1, covers=("red", "one"))
    result = judge(fake, c, Outcome(0, RunStatus.RETURNED, value=1, stdout="hi", dropped=3,
                                    seconds=0.25), 1)  # fmt: skip
    assert (result.stdout, result.stdout_dropped, result.seconds) == ("hi", 3, 0.25)
    assert result.covers == ["red", "one"] and result.name == "count-x" and result.part == "count"


# -- bounded ---------------------------------------------------------------------------------


def test_bounded_cuts_messages_and_their_count():
    many = [f"m{k}" for k in range(MAX_MESSAGES + 5)]
    result = CaseResult("c", "p", False, CaseOutcome.FAILED, 0, 1, messages=many)
    out = bounded(result).messages
    assert len(out) == MAX_MESSAGES + 1
    assert out[:MAX_MESSAGES] == many[:MAX_MESSAGES]
    assert out[-1] == "… (5 more differences not shown)"
    exactly = CaseResult("c", "p", False, CaseOutcome.FAILED, 0, 1, messages=many[:MAX_MESSAGES])
    assert bounded(exactly).messages == many[:MAX_MESSAGES]  # nothing cut, nothing said
    long = CaseResult("c", "p", False, CaseOutcome.FAILED, 0, 1, messages=["x" * 5000])
    assert bounded(long).messages[0].startswith("x" * MAX_MESSAGE_CHARS + "…")


def test_bounded_caps_stdout_traceback_args_and_view():
    result = CaseResult(
        "c", "p", False, CaseOutcome.ERROR, 0, 1,
        stdout="s" * 70_000, traceback="t" * 9000, args=("a" * 3000,), view={"v": "w" * 3000},
    )  # fmt: skip
    out = bounded(result)
    assert out.stdout.startswith("s" * 65536 + "…") and len(out.stdout) < 65536 + 100
    assert out.traceback.startswith("t" * 8000 + "…") and len(out.traceback) < 8100
    assert out.args[0].startswith("a" * 2000 + "…") and isinstance(out.args, tuple)
    assert out.view["v"].startswith("w" * 2000 + "…")
    none = bounded(CaseResult("c", "p", False, CaseOutcome.ERROR, 0, 1))
    assert none.args is None and none.view is None


# -- Streaks ---------------------------------------------------------------------------------


def test_two_timeouts_in_a_row_stop_a_function():
    s = Streaks(2)
    s.record("f", "c1", "timeout")
    assert s.blocked("f") is None
    s.record("f", "c2", "timeout")
    assert s.blocked("f") == "not run: f timed out on cases c1 and c2"
    assert s.blocked("f") is not None and s.blocked("g") is None
    # each question after the stop is one case skipped: two here
    assert s.notes() == ["f timed out on cases c1 and c2, so its 2 remaining cases were not run"]


def test_a_case_that_finishes_breaks_the_streak():
    s = Streaks(2)
    s.record("f", "c1", "timeout")
    s.record("f", "c2", "returned")
    s.record("f", "c3", "timeout")
    assert s.blocked("f") is None and s.notes() == []


def test_memory_and_mixed_streaks_are_named_and_labels_used():
    mem = Streaks(2)
    mem.record("f", "c1", "memory", "the program")
    mem.record("f", "c2", "memory")
    assert mem.blocked("f") == "not run: the program ran out of memory on cases c1 and c2"
    assert mem.notes() == [
        "the program ran out of memory on cases c1 and c2, so its 1 remaining case was not run"
    ]
    mixed = Streaks(3)
    for name, status in (("a", "timeout"), ("b", "memory"), ("c", "timeout")):
        mixed.record("f", name, status)
    assert mixed.blocked("f") == "not run: f timed out or ran out of memory on cases a, b and c"


def test_a_threshold_of_zero_never_stops():
    s = Streaks(0)
    for k in range(5):
        s.record("f", f"c{k}", "timeout")
    assert s.blocked("f") is None and s.notes() == []


def test_a_stopped_function_with_nothing_skipped_has_no_note():
    s = Streaks(1)
    s.record("f", "c1", "timeout")
    assert s.notes() == []


# -- submissions that cannot run, provided files --------------------------------------------


def load(tmp_path: Path, fake, files: dict[str, str]):
    folder = tmp_path / "student"
    folder.mkdir()
    for name, text in files.items():
        (folder / name).write_text(textwrap.dedent(text), encoding="utf-8")
    return load_submissions(folder, fake.module)


def test_a_syntax_error_is_reported_for_every_case_and_never_run(tmp_path, fake, monkeypatch):
    def no_sandbox(*args, **kwargs):
        raise AssertionError("a submission with a syntax error was run in the sandbox")

    monkeypatch.setattr(engine, "Session", no_sandbox)
    subs = load(tmp_path, fake, {"fake.py": "def count_red(cards)\n    return 0\n"})
    # the staged case first: the cases after it must be reported too
    cases = sorted(fake.cases(), key=lambda c: not c.name.endswith("-staged"))
    try:
        result = grade_submission(fake, subs[0], cases, isolation="rlimits")
    finally:
        cleanup(subs)
    assert result.problem and "fake.py:1" in result.problem and "SyntaxError" in result.problem
    assert [c.name for c in result.cases] == [c.name for c in cases]  # every case
    # only the staged count case (6 points over 4 count cases) is answered: 1.5 of 10
    assert result.score == 1.5 and result.max_score == 10
    staged = [c for c in result.cases if c.name.endswith("-staged")]
    others = [c for c in result.cases if not c.name.endswith("-staged")]
    assert {c.outcome for c in others} == {CaseOutcome.ERROR}
    assert all(c.messages == [result.problem] for c in others)
    assert all(c.max_points > 0 for c in others)
    # a staged case never needed the student's module, so a syntax error does not touch it
    assert [c.outcome for c in staged] == [CaseOutcome.PASSED]
    assert result.review == []  # nothing to review in a submission that cannot run


def test_a_provided_file_replaces_the_students_copy_with_a_note(tmp_path, fake, monkeypatch):
    from dataclasses import replace

    provided = tmp_path / "course"
    provided.mkdir()
    (provided / "helpers.py").write_text("RED = 'r'\n")
    assignment = replace(fake, folder=provided, provided=("helpers.py",))
    subs = load(
        tmp_path,
        fake,
        {
            "fake.py": "from helpers import RED\n"
            "def count_red(cards):\n    return sum(c[0] == RED for c in cards)\n"
            "def sort_cards(cards):\n    return list(cards)\n",
            "helpers.py": "RED = 'g'\n",
        },
    )
    try:
        engine._provide(assignment, subs[0])
        assert (subs[0].folder / "helpers.py").read_text() == "RED = 'r'\n"
        assert subs[0].notes == ["helpers.py was replaced by the provided version"]
        engine._provide(assignment, subs[0])  # the same file again: nothing to say
        assert subs[0].notes == ["helpers.py was replaced by the provided version"]
    finally:
        cleanup(subs)


def test_a_message_is_cut_at_2000_characters_and_twenty_messages_are_kept():
    result = CaseResult("c", "p", False, CaseOutcome.FAILED, 0, 1, messages=["x" * 2001])
    assert bounded(result).messages == ["x" * 2000 + "… (1 more characters not shown)"]
    exact = CaseResult("c", "p", False, CaseOutcome.FAILED, 0, 1, messages=["y" * 2000])
    assert bounded(exact).messages == ["y" * 2000]
    assert (MAX_MESSAGES, MAX_MESSAGE_CHARS) == (20, 2000)
