"""A failed public case keeps its input as lines for the reports (``given``, from the plugin's
``show_input``); the text is a nicety, like the view: a ``show_input`` that raises leaves it
empty and never fails grading (``graders.grade.engine.judge``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from graders.assignment import load_assignment
from graders.grade.engine import judge
from graders.results import CaseOutcome
from graders.vocabulary import Case, Outcome, RunStatus

FAKE_COURSE = Path(__file__).resolve().parent / "fake_course"


@pytest.fixture()
def fake(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("UNOGRADE_COURSE", str(FAKE_COURSE))
    return load_assignment("fakecards")


def case(visibility="public"):
    return Case(name="c", part="count", visibility=visibility, args=(["r1", "g2"],), expected=1)


def test_a_failed_public_case_keeps_its_input_as_lines(fake):
    result = judge(fake, case(), Outcome(0, RunStatus.RETURNED, value=2), 1)
    assert result.outcome == CaseOutcome.FAILED
    assert result.given == ["argument 1:", "  ['r1', 'g2']"]  # the default show_input
    hidden = judge(fake, case("hidden"), Outcome(0, RunStatus.RETURNED, value=2), 1)
    assert hidden.given == []
    staff = judge(fake, case("hidden"), Outcome(0, RunStatus.RETURNED, value=2), 1, staff=True)
    assert staff.given == ["argument 1:", "  ['r1', 'g2']"]


def test_a_show_input_that_raises_leaves_the_input_empty_and_grades_on(fake, monkeypatch):
    def broken(part, args):
        raise RuntimeError("show_input bug")

    monkeypatch.setattr(fake.plugin, "show_input", broken)
    result = judge(fake, case(), Outcome(0, RunStatus.RETURNED, value=2), 1)
    assert result.outcome == CaseOutcome.FAILED and result.messages == ["FAKE: expected 1, got 2"]
    assert result.given == [] and result.args == (["r1", "g2"],)
