"""The budget covers the grader's side too (issue 25): judging that runs past a submission's
budget is cut off, and the cases not judged are recorded as such; the runs stop early enough
to leave the grader a share of the budget for judging what came back.

No timed assertion: a judge that would spin for two minutes either is cut off (the case says
"not judged") or returns normally (and the test fails on its outcome)."""

from __future__ import annotations

import time
from dataclasses import replace

import pytest

from graders.grade.overtime import OverBudget, Watchdog
from graders.results import CaseOutcome
from graders.run.budget import JUDGING_MOST, JUDGING_SHARE, Budget

from .test_core_on_a_fake_assignment import RIGHT
from .test_engine_runs import fake, grade  # noqa: F401 - the fixture

SPIN = 120.0  # seconds a runaway judge would take, were it not cut off


def test_the_runs_leave_the_grader_a_share_of_the_budget():
    budget = Budget(60)
    assert budget.end - budget.started == 60
    assert budget.end - budget.deadline == pytest.approx(min(60 * JUDGING_SHARE, JUDGING_MOST))
    big = Budget(1000)
    assert big.end - big.deadline == pytest.approx(JUDGING_MOST)
    none = Budget(None)
    assert none.deadline is none.end is None and not none.over


def test_a_judge_that_runs_past_the_budget_is_cut_off_and_said(tmp_path, fake, monkeypatch):  # noqa: F811
    cases = [c for c in fake.cases() if c.name in ("count-empty", "count-mixed", "sort-three")]
    judged: list[str] = []
    real = fake.plugin.judge

    def runaway(case, value):
        judged.append(case.name)
        if case.name == "count-mixed":  # a grader's slip: pure Python, far past the budget
            until = time.monotonic() + SPIN
            while time.monotonic() < until:
                pass
        return real(case, value)

    monkeypatch.setattr(fake.plugin, "judge", runaway)
    limits = replace(fake.limits, submission_timeout=3.0)
    result = grade(tmp_path, fake, {"fake.py": RIGHT}, limits, cases)
    outcomes = {c.name: c.outcome for c in result.cases}
    assert outcomes == {
        "count-empty": CaseOutcome.PASSED,  # judged before the budget ended: kept
        "count-mixed": CaseOutcome.NOT_RUN,  # cut off while being judged
        "sort-three": CaseOutcome.NOT_RUN,  # never judged at all
    }
    assert judged == ["count-empty", "count-mixed"]
    cut = {c.name: c for c in result.cases}["sort-three"]
    assert cut.messages == [
        "not judged: the grader's work on this submission ran past its time budget of 3 s"
    ]
    assert result.budget_hit and result.score == pytest.approx(
        sum(c.points for c in result.cases if c.name == "count-empty")
    )
    assert result.notes[-1] == (
        "the submission used up its time budget of 3 s: 2 cases were not judged (the grader's "
        "work on it was cut off)"
    )


def test_an_explanation_past_the_budget_is_left_out_not_waited_for(tmp_path, fake, monkeypatch):  # noqa: F811
    cases = [c for c in fake.cases() if c.name == "count-mixed"]

    def runaway(case, value, answers):
        until = time.monotonic() + SPIN
        while time.monotonic() < until:
            pass
        return {"summary": "never said"}

    monkeypatch.setattr(fake.plugin, "first_divergence", runaway)
    wrong = RIGHT.replace('return sum(1 for c in cards if c[0] == "r")', "return 7")
    limits = replace(fake.limits, submission_timeout=3.0)
    result = grade(tmp_path, fake, {"fake.py": wrong}, limits, cases)
    [case] = result.cases
    assert case.outcome == CaseOutcome.FAILED  # its verdict stands
    assert case.first_divergence is None and result.budget_hit
    assert result.notes[-1] == (
        "the submission used up its time budget of 3 s: where its failed cases first went "
        "wrong was not all worked out"
    )


def test_a_watchdog_raises_only_inside_its_stretches():
    budget = Budget(0.5, reserve=0.0)
    watch = Watchdog(budget)
    try:
        with watch:
            pass  # before the end: nothing
        while not budget.over:
            time.sleep(0.01)  # the end passes outside any stretch: nothing raised here
        with pytest.raises(OverBudget):
            with watch:  # the next stretch is refused on entering
                raise AssertionError("entered a stretch past the budget")
    finally:
        watch.close()


def test_a_watchdog_without_a_budget_never_raises():
    watch = Watchdog(Budget(None))
    with watch:
        pass
    watch.close()
