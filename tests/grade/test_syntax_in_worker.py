"""A batch compiles each submission in the worker that grades it, not in the grader's main
process while loading the class (issue 15: per-submission work off the main process)."""

from __future__ import annotations

import shutil
from pathlib import Path

from graders.assignment import load_assignment
from graders.grade.batch import grade_batch
from graders.submission import cleanup, load_submissions, syntax_checked_later

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "uno-moves"
JO = "jo.py:7:21: SyntaxError: expected ':'"  # examples/uno-moves/README.md: jo's missing colon


def test_loading_for_later_compiles_nothing_and_the_check_finds_the_same_error(tmp_path):
    shutil.copy(EXAMPLES / "jo.py", tmp_path / "jo.py")
    [now] = load_submissions(tmp_path / "jo.py", "uno")
    with syntax_checked_later():
        [later] = load_submissions(tmp_path / "jo.py", "uno")
    try:
        assert now.problem == JO and now.unchecked is None
        assert later.problem is None and later.unchecked == ("uno.py", "jo.py")
        later.check_syntax()
        assert later.problem == JO and later.unchecked is None
        later.check_syntax()  # once only: nothing left to do
        assert later.problem == JO
    finally:
        cleanup([now, later])


def test_a_right_module_loaded_for_later_stays_without_problem(tmp_path):
    shutil.copy(EXAMPLES / "ada" / "uno.py", tmp_path / "ada.py")
    with syntax_checked_later():
        [sub] = load_submissions(tmp_path / "ada.py", "uno")
    try:
        sub.check_syntax()
        assert sub.problem is None and sub.unchecked is None
    finally:
        cleanup([sub])


def test_outside_the_context_loading_checks_at_once_again(tmp_path):
    shutil.copy(EXAMPLES / "jo.py", tmp_path / "jo.py")
    with syntax_checked_later():
        pass
    [sub] = load_submissions(tmp_path / "jo.py", "uno")
    try:
        assert sub.problem == JO
    finally:
        cleanup([sub])


def test_a_class_with_a_syntax_error_reports_it_from_the_worker(tmp_path):
    klass = tmp_path / "class"
    klass.mkdir()
    shutil.copy(EXAMPLES / "jo.py", klass / "jo.py")
    shutil.copy(EXAMPLES / "ada" / "uno.py", klass / "ada.py")
    assignment = load_assignment("uno-moves")
    cases = [c for c in assignment.cases() if not c.hidden][:4]
    items = grade_batch(assignment, [klass], cases, tmp_path / "out", jobs=2, formats=["json"])
    by_name = {item.submission.name: item.result for item in items}
    assert by_name["jo"].problem == JO and by_name["jo"].score == 0
    assert by_name["ada"].problem is None and by_name["ada"].score == by_name["ada"].max_score
    # the main process's copy was never compiled: the check happened in the worker
    assert all(item.submission.unchecked is not None for item in items)
