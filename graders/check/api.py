"""A student's self-check as one call: a submission graded on the public cases, in the sandbox.

``unograde check`` runs it through pytest (:mod:`graders.check.plugin`: one test item per
public case), so that the student reads pytest's familiar report; the call itself is
:func:`self_check`, which a script or a test makes the same way.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..assignment import AssignmentError, load_assignment
from ..grade.api import grade_one, submissions_at
from ..results import SubmissionResult


@dataclass
class SelfCheck:
    """What a self-check found: each submission's result on the public cases, or, when no
    submission could run at all, why (``problem``; ``results`` is then empty)."""

    results: list[SubmissionResult] = field(default_factory=list)
    problem: str = ""

    @property
    def passed(self) -> bool:
        return not self.problem and all(c.passed for r in self.results for c in r.cases)

    @property
    def notes(self) -> list[str]:
        return [note for result in self.results for note in result.notes]


def self_check(
    assignment_id: str, submission: str | Path | None, isolation: str = "auto"
) -> SelfCheck:
    """Grade ``submission`` on ``assignment_id``'s public cases. An unknown assignment or a
    path that is no submission raises (``AssignmentError``, ``SubmissionError``); a
    submission that cannot run at all (every one found, when several are) is said in
    :attr:`SelfCheck.problem`, once, not once per case."""
    assignment = load_assignment(assignment_id)
    if not submission:
        raise AssignmentError("--unograde-submission is required")
    with submissions_at(assignment, Path(submission)) as subs:
        cases = assignment.cases(visibility="public")
        unusable = [sub for sub in subs if sub.problem]
        if unusable and len(unusable) == len(subs):
            problem = "; ".join(f"{sub.name}: {sub.problem}" for sub in unusable[:5])
            return SelfCheck(problem=problem)
        return SelfCheck([grade_one(assignment, sub, cases, isolation=isolation) for sub in subs])


__all__ = ["SelfCheck", "self_check"]
