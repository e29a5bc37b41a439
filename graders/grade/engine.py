"""Grading one submission: load -> run in the sandbox -> compare -> score.

The one path every assignment takes.  The assignment's plugin turns fixtures
into calls (``load_case``), says whether a value even has the right shape
(``check_shape``), explains differences (``describe``) and, optionally, what the
HTML report should draw (``view``); everything else is here and is the same for
every assignment.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from .. import __version__
from ..assignment import Assignment, Case, Limits
from ..compare import differs
from ..results import CaseResult, PartResult, SubmissionResult
from ..run.sandbox import ISOLATION_TEXT, Call, Outcome, choose_isolation, run_calls
from ..submission import Submission


def _case_points(assignment: Assignment, cases: Sequence[Case]) -> dict[str, float]:
    """Each part's points split evenly over that part's cases."""
    counts: dict[str, int] = {}
    for case in cases:
        counts[case.part] = counts.get(case.part, 0) + 1
    return {
        part.id: part.points / counts[part.id] for part in assignment.parts if counts.get(part.id)
    }


def judge(assignment: Assignment, case: Case, outcome: Outcome, worth: float) -> CaseResult:
    """Turn what came back for one case into an outcome with student-facing messages."""
    plugin = assignment.plugin
    part = assignment.part(case.part)
    result = CaseResult(
        name=case.name,
        part=case.part,
        hidden=case.hidden,
        outcome="failed",
        points=0.0,
        max_points=worth,
        stdout=outcome.stdout,
        stdout_dropped=outcome.dropped,
        seconds=outcome.seconds,
        covers=list(case.covers),
    )
    status = outcome.status
    if status == "returned":
        problem = plugin.check_shape(case.part, outcome.value)
        if problem:
            result.outcome, result.messages = "wrong-shape", [problem]
        elif differs(case.expected, outcome.value):
            result.messages = plugin.describe(case.part, case.expected, outcome.value) or [
                "the result differs from the expected one"
            ]
        else:
            result.outcome, result.points = "passed", worth
    elif status == "raised":
        result.outcome = "error"
        result.messages = [f"{part.function} raised {outcome.error_type}: {outcome.message}"]
        result.traceback = outcome.traceback
    elif status == "import-error":
        result.outcome = "error"
        result.messages = [
            f"importing the submission raised {outcome.error_type}: {outcome.message}"
        ]
        result.traceback = outcome.traceback
    elif status == "missing":
        result.outcome = "missing"
        result.messages = [f"the submission has no function {part.function}"]
    elif status == "timeout":
        result.outcome = "timeout"
        result.messages = [f"{part.function} did not finish: {outcome.message}"]
    elif status == "memory":
        result.outcome = "memory"
        result.messages = [f"{part.function} used more than {assignment.limits.memory_mb} MB"]
    else:
        result.outcome = "crashed"
        result.messages = [f"{part.function} crashed: {outcome.message}"]
    if outcome.mutated:
        result.messages.append(
            f"note: {part.function} changed the lists it was given (the caller's data); "
            "return new lists instead"
        )
    if not case.hidden and not result.passed:  # what a student needs to see a failure
        result.args = case.args
        view = getattr(plugin, "view", None)
        if view is not None:
            actual = outcome.value if status == "returned" else None
            try:
                result.view = view(case.part, case.args, case.expected, actual)
            except Exception:  # noqa: BLE001 - a view is a nicety; never fail grading for it
                result.view = None
    return result


def grade_submission(
    assignment: Assignment,
    submission: Submission,
    cases: Sequence[Case],
    limits: Limits | None = None,
    isolation: str = "auto",
) -> SubmissionResult:
    """Grade one submission on ``cases``; never raises for anything the student did."""
    started = time.monotonic()
    limits = limits or assignment.limits
    worth = _case_points(assignment, cases)
    mode = choose_isolation(isolation)
    results: list[CaseResult] = []
    import_stdout = ""
    if submission.problem or submission.folder is None:
        problem = submission.problem or "nothing to grade"
        for case in cases:
            results.append(
                CaseResult(
                    name=case.name,
                    part=case.part,
                    hidden=case.hidden,
                    outcome="error",
                    points=0.0,
                    max_points=worth[case.part],
                    messages=[problem],
                    covers=list(case.covers),
                )
            )
    else:
        calls = [Call(k, assignment.part(c.part).function, c.args) for k, c in enumerate(cases)]
        report = run_calls(submission.folder, assignment.module, calls, limits, mode)
        import_stdout = report.import_stdout
        by_id = {o.id: o for o in report.outcomes}
        for k, case in enumerate(cases):
            outcome = by_id.get(k) or Outcome(k, "crashed", message="no result came back")
            results.append(judge(assignment, case, outcome, worth[case.part]))
    parts = []
    for part in assignment.parts:
        mine = [r for r in results if r.part == part.id]
        if not mine:
            continue
        parts.append(
            PartResult(
                id=part.id,
                function=part.function,
                title=part.title,
                points=round(sum(r.points for r in mine), 6),
                max_points=part.points,
                passed=sum(r.passed for r in mine),
                total=len(mine),
            )
        )
    return SubmissionResult(
        assignment=assignment.id,
        title=assignment.title,
        student=submission.name,
        origin=submission.origin,
        digest=submission.digest,
        isolation=ISOLATION_TEXT[mode],
        score=round(sum(p.points for p in parts), 6),
        max_score=round(sum(p.max_points for p in parts), 6),
        parts=parts,
        cases=results,
        notes=list(submission.notes),
        problem=submission.problem,
        import_stdout=import_stdout,
        seconds=round(time.monotonic() - started, 3),
        grader_version=__version__,
    )
