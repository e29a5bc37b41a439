"""The assignment folder's stdlib-only harness files, imported by path in the grader.

``assignments/final-card-down/harness/`` holds what runs in the sandbox (the scenario runner,
the suite runner, the players' snapshot module).  The grader imports the very same files, so
each format (a scenario's answers, a suite's verdict, a move as plain data) has one definition
shared by both sides.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from graders.paths import assignment_dir

ASSIGNMENT = "final-card-down"


def harness_file(name: str) -> Path:
    return assignment_dir(ASSIGNMENT) / "harness" / name


def load(file: str) -> ModuleType:
    """Import ``harness/<file>`` once, as ``_fcd_<stem>``; the scenario runner is the one the
    assignment's feedback module loaded (one module object for the whole grader)."""
    if file == "scenario_runner.py":
        from .feedback import FEEDBACK

        return FEEDBACK.SR
    name = f"_fcd_{Path(file).stem}"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, harness_file(file))
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]
