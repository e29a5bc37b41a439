"""Verdicts remembered (``graders.grade.judged``): the same bytes for the same case are judged
once per process; every other combination is judged afresh; what is handed out is a copy.

The verdicts themselves are checked against the judge they come from (a counting stand-in
and, end to end, the real engine on a class where one submission is right and one is wrong).
"""

from __future__ import annotations

import dataclasses

import pytest

from graders.assignment import load_assignment
from graders.grade import engine, judged
from graders.vocabulary import Case, Outcome, RunStatus


@pytest.fixture(autouse=True)
def fresh_memo():
    judged.clear()
    yield
    judged.clear()


CASE = Case("c1", "p", "public", (1,), [("red", "5")])
PLUGIN = object()


class CountingJudge:
    def __init__(self, verdict):
        self.verdict, self.calls = verdict, 0

    def __call__(self):
        self.calls += 1
        return self.verdict


def test_the_same_bytes_for_the_same_case_are_judged_once():
    judge = CountingJudge(("passed", [], [("red", "5")]))
    first = judged.judged(PLUGIN, CASE, b"[1]", judge)
    second = judged.judged(PLUGIN, CASE, b"[1]", judge)
    assert judge.calls == 1
    assert first == second == ("passed", [], [("red", "5")])


def test_other_bytes_another_case_object_or_another_plugin_are_judged_again():
    judge = CountingJudge(("failed", ["differs"], [1]))
    judged.judged(PLUGIN, CASE, b"[1]", judge)
    judged.judged(PLUGIN, CASE, b"[2]", judge)
    twin = dataclasses.replace(CASE)  # equal, but not the case that was judged (a reading's)
    judged.judged(PLUGIN, twin, b"[1]", judge)
    judged.judged(object(), CASE, b"[1]", judge)
    assert judge.calls == 4


def test_no_bytes_means_no_memory():
    judge = CountingJudge(("passed", [], 1))
    judged.judged(PLUGIN, CASE, None, judge)
    judged.judged(PLUGIN, CASE, None, judge)
    assert judge.calls == 2


def test_what_is_handed_out_again_is_a_copy():
    judge = CountingJudge(("failed", ["first line"], [["a"], ("b",)]))
    _, messages, value = judged.judged(PLUGIN, CASE, b"x", judge)
    messages.append("a note one submission's feedback added")
    value[0].append("changed")
    _, messages2, value2 = judged.judged(PLUGIN, CASE, b"x", judge)
    assert messages2 == ["first line"]
    assert value2 == [["a"], ("b",)] and type(value2[1]) is tuple


def test_a_value_judged_too_large_stays_none():
    judge = CountingJudge(("wrong-shape", ["too many hands"], None))
    judged.judged(PLUGIN, CASE, b"big", judge)
    assert judged.judged(PLUGIN, CASE, b"big", judge) == (
        "wrong-shape",
        ["too many hands"],
        None,
    )
    assert judge.calls == 1


def test_a_value_marshal_cannot_copy_is_judged_every_time():
    judge = CountingJudge(("passed", [], {object()}))
    judged.judged(PLUGIN, CASE, b"obj", judge)
    judged.judged(PLUGIN, CASE, b"obj", judge)
    assert judge.calls == 2


def test_the_memo_is_bounded(monkeypatch):
    monkeypatch.setattr(judged, "MAX_TOTAL", 300)
    for k in range(40):
        judged.judged(PLUGIN, CASE, b"%d" % k * 10, CountingJudge(("passed", [], [k])))
    assert judged._SIZE[0] <= 300 and len(judged._KEPT) < 40


def test_the_engine_gives_a_right_and_a_wrong_answer_their_own_verdicts_from_one_memo():
    """The real judge, through ``engine.judge``: a right pile then a wrong one for the same
    case, each from its bytes, and the right one again (remembered): each verdict is the one
    the judge gives without any memory."""
    assignment = load_assignment("uno-moves")
    case = assignment.cases()[0]
    right = case.expected
    wrong = [] if right else [("red", "5")]

    def verdict(value, raw):
        outcome = Outcome(0, RunStatus.RETURNED, value=value, raw=raw)
        result = engine.judge(assignment, case, outcome, 1.0)
        return result.outcome, result.messages

    fresh_right = verdict(right, None)
    fresh_wrong = verdict(wrong, None)
    assert fresh_right[0] == "passed" and fresh_wrong[0] != "passed"
    assert verdict(right, b"right") == fresh_right
    assert verdict(wrong, b"wrong") == fresh_wrong
    assert verdict(right, b"right") == fresh_right
    assert len(judged._KEPT) == 2
