"""Shared helpers for the tests."""

from __future__ import annotations

import os
import shutil
import tempfile
import threading

import pytest

_GRADEBOOK_DIR: str | None = None
_SAVED: str | None = None


def pytest_configure(config: pytest.Config) -> None:
    """``unograde grade`` records into ``gradebook.db`` in the current folder by default, or
    where ``UNOGRADE_GRADEBOOK`` says: the tests' runs (many in the repository's folder) record
    into a throwaway one instead, never into the gradebook of whoever runs the tests. Tests of
    the default itself unset this."""
    global _GRADEBOOK_DIR, _SAVED
    _SAVED = os.environ.get("UNOGRADE_GRADEBOOK")
    _GRADEBOOK_DIR = tempfile.mkdtemp(prefix="unograde-test-gradebook-")
    os.environ["UNOGRADE_GRADEBOOK"] = os.path.join(_GRADEBOOK_DIR, "gradebook.db")


def pytest_unconfigure(config: pytest.Config) -> None:
    if _GRADEBOOK_DIR is not None:
        shutil.rmtree(_GRADEBOOK_DIR, ignore_errors=True)
        if _SAVED is None:
            os.environ.pop("UNOGRADE_GRADEBOOK", None)
        else:
            os.environ["UNOGRADE_GRADEBOOK"] = _SAVED


def cards(text: str) -> tuple[tuple[str, str], ...]:
    """``'r5 wd b-'`` -> ``(('r','5'), ('w','d'), ('b','-'))``: hand-written cases stay readable."""
    return tuple((t[0], t[1]) for t in text.split())


@pytest.fixture
def C():
    return cards


def threads_now(before: set[threading.Thread]) -> set[threading.Thread]:
    """The threads alive, once the sandbox's watchdog timers (cancelled when a submission's
    grading ends, each gone moments later) have ended."""
    for thread in set(threading.enumerate()) - before:
        if isinstance(thread, threading.Timer):
            thread.join(timeout=10)
    return set(threading.enumerate())
