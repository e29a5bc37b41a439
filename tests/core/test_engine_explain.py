"""What the engine makes of a probe's answers and of a failed case's explanation
(``graders.grade.engine._probe_answers`` and ``_explain``), on the fake assignment.

The child that answers a probe runs the student's code, so whatever it sends is checked: only
a call that returned, with a list of ``["returned", value]`` or ``["raised", text]`` pairs, is
believed. Only a case whose function returned or raised is explained: one that could not even
be called (the import failed) or that the plugin answered itself (``Stages``) has nothing to
explain. Expectations follow the contract (``contract.Explanation``) and the docstrings.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from graders.assignment import load_assignment
from graders.grade.engine import _probe_answers, bounded, grade_submission
from graders.results import CaseOutcome, CaseResult
from graders.submission import cleanup, load_submissions
from graders.vocabulary import Outcome, RunStatus

FAKE_COURSE = Path(__file__).resolve().parent / "fake_course"

RIGHT = """
def count_red(cards):
    return sum(1 for c in cards if c[0] == "r")

def sort_cards(cards):
    return list(cards)
"""


@pytest.fixture()
def fake(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("UNOGRADE_COURSE", str(FAKE_COURSE))
    return load_assignment("fakecards")


def grade(tmp_path, fake, source, staff=False):
    folder = tmp_path / "student"
    folder.mkdir()
    (folder / "fake.py").write_text(textwrap.dedent(source), encoding="utf-8")
    [sub] = load_submissions(folder, fake.module)
    try:
        return grade_submission(fake, sub, fake.cases(), isolation="rlimits", staff=staff)
    finally:
        cleanup([sub])


def test_answers_are_believed_only_from_a_probe_that_returned():
    answers = [["returned", 1], ["raised", "ValueError: x"]]
    assert _probe_answers(Outcome(0, RunStatus.RETURNED, value=answers)) == [
        ("returned", 1),
        ("raised", "ValueError: x"),
    ]
    # The same list with any other ending (a timeout, a crash, the budget) is no answer.
    for status in (RunStatus.TIMEOUT, RunStatus.CRASHED, RunStatus.RAISED, RunStatus.NOT_RUN):
        assert _probe_answers(Outcome(0, status, value=answers)) is None


def test_a_probe_that_returned_something_other_than_a_list_has_no_answers():
    for value in (7, None, {"returned": 1}, ("returned", 1)):
        assert _probe_answers(Outcome(0, RunStatus.RETURNED, value=value)) is None


def test_an_exception_quoted_by_a_probe_is_cut_at_600_characters():
    text = "ValueError: " + "x" * 700
    [(kind, quoted)] = _probe_answers(Outcome(0, RunStatus.RETURNED, value=[["raised", text]]))
    assert kind == "raised" and quoted == text[:600]
    short = "ValueError: " + "x" * 588  # exactly 600: kept whole
    assert _probe_answers(Outcome(0, RunStatus.RETURNED, value=[["raised", short]])) == [
        ("raised", short)
    ]


def test_a_submission_that_cannot_be_imported_has_nothing_explained(tmp_path, fake):
    result = grade(tmp_path, fake, "raise ImportError('no module named cards')\n")
    public = [c for c in result.cases if not c.hidden]
    assert public and all(c.outcome == CaseOutcome.ERROR for c in public)
    assert all(c.first_divergence is None for c in result.cases)


def test_a_case_the_plugin_answered_itself_is_not_explained(tmp_path, fake, monkeypatch):
    # The plugin's stage answers count-staged (wrongly, here): the child never ran it, so there
    # is no call to explain; the other cases are graded and a right submission passes them.
    # (count-staged is hidden: a staff run, which explains hidden cases too.)
    def wrong_stage(submission, cases, limits, isolation, jobs=1):
        return {
            k: Outcome(k, RunStatus.RETURNED, value=99)
            for k, case in enumerate(cases)
            if case.name.endswith("-staged")
        }

    monkeypatch.setattr(fake.plugin, "run_cases", wrong_stage)
    result = grade(tmp_path, fake, RIGHT, staff=True)
    cases = {c.name: c for c in result.cases}
    assert cases["count-staged"].outcome == CaseOutcome.FAILED
    assert cases["count-staged"].first_divergence is None
    assert cases["count-mixed"].passed


@pytest.mark.parametrize("broken", ["probe", "first_divergence"])
def test_an_explanation_that_raises_never_fails_grading(tmp_path, fake, monkeypatch, broken):
    def raises(*args):
        raise RuntimeError("a bug in the plugin's explanation")

    monkeypatch.setattr(fake.plugin, broken, raises)
    result = grade(tmp_path, fake, "def count_red(cards):\n    return len(cards)\n")
    mixed = {c.name: c for c in result.cases}["count-mixed"]
    assert mixed.outcome == CaseOutcome.FAILED and mixed.messages == ["FAKE: expected 2, got 4"]
    assert mixed.first_divergence is None


def test_a_case_with_nothing_to_explain_does_not_stop_the_explanation_of_the_next(
    tmp_path, fake, monkeypatch
):
    # count-staged (failed, answered by the stage: nothing to explain) comes first; count-mixed,
    # which the child ran and got wrong, is still explained after it.
    def wrong_stage(submission, cases, limits, isolation, jobs=1):
        return {
            k: Outcome(k, RunStatus.RETURNED, value=99)
            for k, case in enumerate(cases)
            if case.name.endswith("-staged")
        }

    monkeypatch.setattr(fake.plugin, "run_cases", wrong_stage)
    cases = sorted(fake.cases(), key=lambda c: not c.name.endswith("-staged"))
    folder = tmp_path / "student"
    folder.mkdir()
    (folder / "fake.py").write_text("def count_red(cards):\n    return len(cards)\n")
    [sub] = load_submissions(folder, fake.module)
    try:
        result = grade_submission(fake, sub, cases, isolation="rlimits", staff=True)
    finally:
        cleanup([sub])
    named = {c.name: c for c in result.cases}
    assert result.cases[0].name == "count-staged" and named["count-staged"].first_divergence is None
    assert named["count-mixed"].first_divergence["where"] == "card 2"


def test_a_first_divergence_is_cut_to_a_size_a_report_can_carry():
    result = CaseResult("c", "p", False, CaseOutcome.FAILED, 0, 1)
    result.first_divergence = {"summary": "s", "got": "g" * 5000, "state_text": ["x"] * 500}
    out = bounded(result)
    assert out.first_divergence["got"].startswith("g" * 2000 + "…")
    assert len(out.first_divergence["got"]) < 2100
    assert len(out.first_divergence["state_text"]) == 201  # 200 kept and a note of the rest
    assert bounded(CaseResult("c", "p", False, CaseOutcome.FAILED, 0, 1)).first_divergence is None


def test_the_explanation_is_given_the_value_returned_or_none_for_a_raise(
    tmp_path, fake, monkeypatch
):
    seen = {}

    def probe(case, value):
        seen[case.name] = value
        return None  # no probe: the plugin explains from the value alone

    monkeypatch.setattr(fake.plugin, "probe", probe)
    source = """
def count_red(cards):
    if cards == []:
        raise KeyError("empty")
    return len(cards)

def sort_cards(cards):
    return list(cards)
"""
    grade(tmp_path, fake, source)
    # count-mixed returned 4 (wrong), sort-three its cards unsorted; count-empty raised;
    # the hidden cases are not explained
    assert seen == {"count-mixed": 4, "count-empty": None, "sort-three": ["r2", "b1", "g5"]}
