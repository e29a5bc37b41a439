"""The report's ``seconds``: the wall-clock time the whole grading of a submission took, to the
millisecond (``graders.grade.engine``). The engine's clock is replaced by one that moves a
known amount, so the expectation does not depend on the machine's speed."""

from __future__ import annotations

from pathlib import Path

import pytest

from graders.assignment import load_assignment
from graders.grade import engine
from graders.grade.engine import grade_submission
from graders.submission import cleanup, load_submissions

FAKE_COURSE = Path(__file__).resolve().parent / "fake_course"


class Clock:
    """``time.monotonic`` as the engine reads it: 1000 s at the start, 1.2345678 s later after."""

    def __init__(self) -> None:
        self.calls = 0

    def monotonic(self) -> float:
        self.calls += 1
        return 1000.0 if self.calls == 1 else 1001.2345678


def test_the_grading_time_is_reported_to_the_millisecond(tmp_path, monkeypatch):
    monkeypatch.setenv("UNOGRADE_COURSE", str(FAKE_COURSE))
    fake = load_assignment("fakecards")
    folder = tmp_path / "student"
    folder.mkdir()
    # a syntax error: graded without any sandboxed run, so only the engine reads the clock
    (folder / "fake.py").write_text("def count_red(cards)\n    return 0\n", encoding="utf-8")
    [sub] = load_submissions(folder, fake.module)
    clock = Clock()
    monkeypatch.setattr(engine, "time", clock)
    try:
        result = grade_submission(fake, sub, fake.cases(), isolation="rlimits")
    finally:
        cleanup([sub])
    assert result.problem  # the path without a sandbox was taken
    assert clock.calls == 2
    assert result.seconds == pytest.approx(1.235, abs=1e-12)
