"""pytest plugin: a student's self-check, one test item per public fixture.

``pytest --unograde-assignment cards --unograde-submission cards.py`` (or
``unograde check cards cards.py``) grades the submission on the public
fixtures in the sandbox, once, and reports each fixture as a test whose failure
message is the structural difference in the assignment's own terms.
"""

from __future__ import annotations

from pathlib import Path

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("unograde")
    group.addoption("--unograde-assignment", default=None, help="assignment to check against")
    group.addoption("--unograde-submission", default=None, help="submission file or folder")
    group.addoption("--unograde-isolation", default="auto", help="auto, bwrap or rlimits")


class CaseFailed(Exception):
    """A fixture the submission did not pass; the message is the feedback."""


class FixtureItem(pytest.Item):
    def __init__(self, *, result, **kwargs) -> None:
        super().__init__(**kwargs)
        self.result = result

    def runtest(self) -> None:
        if not self.result.passed:
            from unokit.render import case_text

            from ..report.templates import environment

            raise CaseFailed(case_text(environment(), self.result))

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, CaseFailed):
            return str(excinfo.value)
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, None, f"{self.result.part}::{self.result.name}"


class SetupFailed(pytest.Item):
    def __init__(self, *, message: str, **kwargs) -> None:
        super().__init__(**kwargs)
        self.message = message

    def runtest(self) -> None:
        raise CaseFailed(self.message)

    def repr_failure(self, excinfo, style=None):
        return str(excinfo.value)


def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items) -> None:
    assignment_id = config.getoption("--unograde-assignment")
    if not assignment_id:
        return
    from ..assignment import AssignmentError, load_assignment
    from ..grade.engine import grade_submission
    from ..submission import SubmissionError, cleanup, load_submissions

    target = config.getoption("--unograde-submission")
    try:
        assignment = load_assignment(assignment_id)
        if not target:
            raise AssignmentError("--unograde-submission is required")
        from ..run.layouts import say_missing_toolchains, submission_kinds

        programs = submission_kinds(assignment)
        subs = load_submissions(Path(target), assignment.module, programs=programs)
        say_missing_toolchains(subs)
        cases = assignment.cases(visibility="public")
    except (AssignmentError, SubmissionError) as exc:
        items.append(SetupFailed.from_parent(session, name="unograde-setup", message=str(exc)))
        config._unograde_unusable = True
        return
    unusable = [sub for sub in subs if sub.problem]
    if unusable and len(unusable) == len(subs):
        # Nothing can run: said once, not once per case, and the run is a usage error (the
        # command's exit 2), as ``grade`` treats a lone submission that cannot run.
        message = "; ".join(f"{sub.name}: {sub.problem}" for sub in unusable[:5])
        items.append(SetupFailed.from_parent(session, name="unograde-setup", message=message))
        config._unograde_unusable = True
        cleanup(subs)
        return
    try:
        for sub in subs:
            result = grade_submission(
                assignment, sub, cases, isolation=config.getoption("--unograde-isolation")
            )
            for case in result.cases:
                name = (
                    f"{sub.name}::{case.part}::{case.name}"
                    if len(subs) > 1
                    else f"{case.part}::{case.name}"
                )
                items.append(FixtureItem.from_parent(session, name=name, nodeid=name, result=case))
            if result.notes:
                config._unograde_notes = getattr(config, "_unograde_notes", []) + result.notes
    finally:
        cleanup(subs)


def pytest_sessionfinish(session: pytest.Session, exitstatus) -> None:
    """A submission that cannot run at all ends the check as a usage error."""
    if getattr(session.config, "_unograde_unusable", False):
        session.exitstatus = pytest.ExitCode.USAGE_ERROR


def pytest_terminal_summary(terminalreporter, exitstatus, config) -> None:
    from unokit.notebook import cap_notes

    for note in cap_notes(getattr(config, "_unograde_notes", [])):
        terminalreporter.write_line(f"unograde note: {note}")
