"""A student's self-check as one call: a submission graded on the public cases, in the sandbox.

``unograde check`` runs it through pytest (:mod:`graders.check.plugin`: one test item per
public case), so that the student reads pytest's familiar report; the call itself is
:func:`self_check`, which a script or a test makes the same way. The command begins the
check before it imports pytest (:func:`begun`): the submission is loaded and its cases read
first, then graded in a thread of its own while pytest is imported and starts (the thread only
waits on the sandboxed child, on another core); the plugin then takes that check's result.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from ..assignment import Assignment, AssignmentError, load_assignment
from ..grade.api import grade_one, submissions_at
from ..results import SubmissionResult
from ..submission import Submission
from ..vocabulary import Case


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


@contextmanager
def _loaded(
    assignment_id: str, submission: str | Path | None
) -> Iterator[tuple[Assignment, list[Submission], list[Case], str]]:
    """The assignment, the submissions at ``submission`` (removed when the block ends), the
    public cases, and why none of the submissions can run (empty when one can)."""
    assignment = load_assignment(assignment_id)
    if not submission:
        raise AssignmentError("--unograde-submission is required")
    with submissions_at(assignment, Path(submission)) as subs:
        cases = assignment.cases(visibility="public")
        unusable = [sub for sub in subs if sub.problem]
        problem = ""
        if unusable and len(unusable) == len(subs):
            problem = "; ".join(f"{sub.name}: {sub.problem}" for sub in unusable[:5])
        yield assignment, subs, cases, problem


def self_check(
    assignment_id: str, submission: str | Path | None, isolation: str = "auto"
) -> SelfCheck:
    """Grade ``submission`` on ``assignment_id``'s public cases. An unknown assignment or a
    path that is no submission raises (``AssignmentError``, ``SubmissionError``); a
    submission that cannot run at all (every one found, when several are) is said in
    :attr:`SelfCheck.problem`, once, not once per case."""
    with _loaded(assignment_id, submission) as (assignment, subs, cases, problem):
        if problem:
            return SelfCheck(problem=problem)
        return SelfCheck([grade_one(assignment, sub, cases, isolation=isolation) for sub in subs])


SWITCH_INTERVAL = 0.00001
"""Seconds a thread holding the GIL keeps it while the grading thread asks for it, while
pytest starts beside the grading (Python's default is 0.005: the child would wait that long
for each next case)."""


class BegunCheck:
    """:func:`self_check` begun: loaded and read here, graded in a thread; :meth:`result` is
    what :func:`self_check` returns or raises, for the same arguments."""

    def __init__(self, assignment_id: str, submission: str | Path | None, isolation: str):
        self.key = (assignment_id, str(submission) if submission else submission, isolation)
        self.found: SelfCheck | None = None
        self.error: BaseException | None = None
        self.thread: threading.Thread | None = None
        self.interval: float | None = None
        self.stack = ExitStack()
        try:
            loaded = self.stack.enter_context(_loaded(assignment_id, submission))
        except Exception as exc:  # noqa: BLE001 - raised by ``result``, where self_check would
            self.error = exc
            return
        assignment, subs, cases, problem = loaded
        if problem:
            self.found = SelfCheck(problem=problem)
            self.stack.close()
            return
        from ..grade import engine  # noqa: F401 - its modules imported here, not in the thread

        results: list[SubmissionResult] = []
        self.found = SelfCheck(results)

        def grade() -> None:
            try:
                for sub in subs:
                    results.append(grade_one(assignment, sub, cases, isolation=isolation))
            except BaseException as exc:  # noqa: BLE001 - raised by ``result``
                self.error = exc

        self.interval = sys.getswitchinterval()
        sys.setswitchinterval(min(self.interval, SWITCH_INTERVAL))
        self.thread = threading.Thread(target=grade, name="unograde-check")
        self.thread.start()

    def matches(self, assignment_id: str, submission: str | Path | None, isolation: str) -> bool:
        return self.key == (
            assignment_id, str(submission) if submission else submission, isolation
        )  # fmt: skip

    def result(self) -> SelfCheck:
        self.close()
        if self.error is not None:
            raise self.error
        assert self.found is not None
        return self.found

    def close(self, stop: bool = False) -> None:
        """Wait for the grading (``stop``: kill its sandboxed children first), then remove the
        submissions' copies; idempotent."""
        if self.thread is not None:
            stopped = stop and self.thread.is_alive()
            if stopped:
                from ..run.budget import REGISTER

                REGISTER.stop_all()
            self.thread.join()
            self.thread = None
            if stopped:
                REGISTER.reset()
        if self.interval is not None:
            sys.setswitchinterval(self.interval)
            self.interval = None
        self.stack.close()


_BEGUN: list[BegunCheck] = []


@contextmanager
def begun(
    assignment_id: str, submission: str | Path | None, isolation: str = "auto"
) -> Iterator[BegunCheck]:
    """The self-check of these arguments begun for the block (the plugin takes it, through
    :func:`checked`); when the block ends it is over: waited for (its sandboxed children
    killed if nothing took it), its copies removed, no thread left."""
    check = BegunCheck(assignment_id, submission, isolation)
    _BEGUN.append(check)
    try:
        yield check
    finally:
        if check in _BEGUN:  # nothing took it
            _BEGUN.remove(check)
        check.close(stop=True)


def checked(
    assignment_id: str, submission: str | Path | None, isolation: str = "auto"
) -> SelfCheck:
    """:func:`self_check` of these arguments: the one begun for them if there is one (taken
    once), else made now."""
    for check in _BEGUN:
        if check.matches(assignment_id, submission, isolation):
            _BEGUN.remove(check)
            return check.result()
    return self_check(assignment_id, submission, isolation)


__all__ = ["BegunCheck", "SelfCheck", "begun", "checked", "self_check"]
