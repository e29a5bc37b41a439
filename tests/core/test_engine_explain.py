"""What the engine makes of a probe's answers and of a failed case's explanation
(``graders.grade.engine._probe_answers`` and ``_explain``).

The child that answers a probe runs the student's code, so whatever it sends is checked: only
a call that returned, with a list of ``["returned", value]`` or ``["raised", text]`` pairs, is
believed. Expectations follow the contract (``contract.Explanation``) and the docstrings.
"""

from __future__ import annotations

from graders.grade.engine import _probe_answers
from graders.run.sandbox import Outcome, RunStatus


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
