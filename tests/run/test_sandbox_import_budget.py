"""A submission whose import outlasts its time budget (``graders.run.sandbox.Session``): the
budget, not the import, is what ran out, so every call is "not run" for the budget's reason and
the budget is marked hit (the grader's note counts those cases); it is not read as an import
that timed out.

The import sleeps far past the budget, under a generous wall clock: only the budget ends it,
however loaded the machine is.
"""

from __future__ import annotations

from graders.run.budget import Budget
from graders.run.sandbox import Call, Session
from graders.vocabulary import Limits, RunStatus

LIMITS = Limits(timeout=30.0, cpu=30.0, memory_mb=512, output_kb=1)


def test_an_import_cut_by_the_budget_is_not_run_for_the_budgets_reason(tmp_path):
    (tmp_path / "student.py").write_text(
        "import time\ntime.sleep(10**6)\n\ndef f():\n    return 1\n"
    )
    budget = Budget(1.5)
    with Session(tmp_path, "student", LIMITS, "rlimits", expected_calls=2, budget=budget) as s:
        first = s.call(Call(0, "f", ()))
        second = s.call(Call(1, "f", ()))
    assert (first.id, first.status) == (0, RunStatus.NOT_RUN)
    assert first.message == "not run: the submission's time budget of 1.5 s was used up"
    assert (second.id, second.status) == (1, RunStatus.NOT_RUN)
    assert budget.hit and s.failed_import is None
