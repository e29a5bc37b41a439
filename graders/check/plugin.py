"""pytest plugin: ``pytest --unograde-assignment A --unograde-submission S``."""

from __future__ import annotations


def pytest_addoption(parser) -> None:
    group = parser.getgroup("unograde")
    group.addoption("--unograde-assignment", default=None, help="assignment to check against")
    group.addoption("--unograde-submission", default=None, help="submission to check")
