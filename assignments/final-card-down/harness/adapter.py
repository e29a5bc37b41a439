"""The child-side adapter for final-card-down (stdlib only; runs in the student's sandbox).

The grader copies it next to the student's ``game.py`` as ``_unograde_adapter.py``, together
with the provided ``scenario_runner.py``, and the sandbox harness imports it before the
student's module.  Two kinds of call arrive:

* ``newGame`` (part ``adt``): the argument is a scenario *without* its expected answers;
  ``scenario_runner.answers`` plays it on the student's module and the answers go back to
  the grader, which compares them and explains the first difference.
* ``test_game.py`` (the test-suite parts): the answer is a request carrying the student's
  ``test_*.py``/``conftest.py`` as text.  The grader runs that suite on the case's target in
  a sandbox of its own (never in this process, which also holds the student's ADT), so
  nothing here can decide whether a suite catches a broken ADT.
"""

from __future__ import annotations

import os
from typing import Any

import scenario_runner

SUITE_ENTRY = "test_game.py"
MAX_SUITE_BYTES = 1_000_000
HERE = os.path.dirname(os.path.abspath(__file__))


def _suite_request(*_: object) -> None:
    """Never called: what the harness finds for the test-suite parts (see resolve_function)."""


def resolve_function(module: Any, name: str) -> Any:
    """What a case calls: the student's function, or for ``test_game.py`` (a file, not a
    function of ``game``) a stand-in, so the harness does not report it missing."""
    if name == SUITE_ENTRY:
        return _suite_request
    return getattr(module, name, None)


def _is_suite_file(name: str) -> bool:
    return name == "conftest.py" or (name.startswith("test_") and name.endswith(".py"))


def suite_files(folder: str = HERE) -> dict[str, str]:
    """The student's test files at the top of the submission, as text."""
    found: dict[str, str] = {}
    total = 0
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        if _is_suite_file(name) and os.path.isfile(path):
            with open(path, "rb") as handle:
                text = handle.read(MAX_SUITE_BYTES + 1).decode("utf-8", errors="replace")
            total += len(text)
            if total > MAX_SUITE_BYTES:
                break
            found[name] = text
    return found


def call(module: Any, function: str, args: Any) -> Any:
    """Run one case: a scenario replay, or a test-suite request (see the module docstring)."""
    if function == "newGame":
        return scenario_runner.answers(module, args[0])
    if function == SUITE_ENTRY:
        return {"request": "run-suite", "files": suite_files()}
    raise ValueError(f"final-card-down has no part calling {function!r}")
