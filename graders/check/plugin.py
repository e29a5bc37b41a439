"""pytest plugin: a student's self-check, one test item per public fixture.

``pytest --unograde-assignment cards --unograde-submission cards.py`` (or
``unograde check cards cards.py``) grades the submission on the public
fixtures in the sandbox, once, and reports each fixture as a test whose failure
message is the structural difference in the assignment's own terms.
"""

from __future__ import annotations

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
    from ..assignment import AssignmentError
    from ..submission import SubmissionError
    from .api import SelfCheck, checked

    try:
        found = checked(  # begun by ``unograde check`` before pytest started, if it was
            assignment_id,
            config.getoption("--unograde-submission"),
            config.getoption("--unograde-isolation"),
        )
    except (AssignmentError, SubmissionError) as exc:
        found = SelfCheck(problem=str(exc))
    if found.problem:
        # Nothing can run: said once, not once per case, and the run is a usage error (the
        # command's exit 2), as ``grade`` treats a lone submission that cannot run.
        items.append(SetupFailed.from_parent(session, name="unograde-setup", message=found.problem))
        config._unograde_unusable = True
        return
    several = len(found.results) > 1
    for result in found.results:
        for case in result.cases:
            name = f"{case.part}::{case.name}"
            name = f"{result.student}::{name}" if several else name
            items.append(FixtureItem.from_parent(session, name=name, nodeid=name, result=case))
    if found.notes:
        config._unograde_notes = getattr(config, "_unograde_notes", []) + found.notes


def pytest_sessionfinish(session: pytest.Session, exitstatus) -> None:
    """A submission that cannot run at all ends the check as a usage error."""
    if getattr(session.config, "_unograde_unusable", False):
        session.exitstatus = pytest.ExitCode.USAGE_ERROR


def pytest_terminal_summary(terminalreporter, exitstatus, config) -> None:
    from unokit.notebook import cap_notes

    for note in cap_notes(getattr(config, "_unograde_notes", [])):
        terminalreporter.write_line(f"unograde note: {note}")
