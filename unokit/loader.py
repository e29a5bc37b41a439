"""An assignment's feedback module, loaded by path as a module of this package.

A feedback module (``assignments/<id>/feedback.py``, named by the plugin's ``SelfCheck``
capability) says whether a value can be an answer at all and what differs, in the
assignment's words.  It imports its helpers relatively (``from .compare import
describe_sequence``), so it is loaded as a module *of this package*: here in the grader
(``unokit``), ``unocheck`` in a student's kit.  :class:`Feedback` adds the
contract's defaults for what the module leaves out.
"""

from __future__ import annotations

import hashlib
import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from .verdict import input_lines, judge_structurally


def load_module(path: Path) -> ModuleType:
    """The module in the file ``path``, as a module of this package (loaded once per file)."""
    path = Path(path).resolve()
    digest = hashlib.sha256(str(path).encode()).hexdigest()[:12]
    name = f"{__package__}.loaded_{path.stem}_{digest}"
    loaded = sys.modules.get(name)
    if loaded is not None:
        return loaded
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        sys.modules.pop(name, None)
        raise
    return module


class Feedback:
    """A feedback module as a judge: ``check_shape`` (required), ``check_size``,
    ``normalise_result``, ``describe``, ``judge`` and ``show_input`` (defaults: any size,
    unchanged, none, the structural comparison, each argument pretty-printed)."""

    def __init__(self, module: ModuleType) -> None:
        self.module = module
        missing = [n for n in ("check_shape",) if not callable(getattr(module, n, None))]
        if missing:
            raise ImportError(f"{module.__file__}: the feedback module has no {missing[0]}()")

    def check_shape(self, part: str, value: Any) -> str | None:
        return self.module.check_shape(part, value)

    def check_size(self, case: Any, value: Any) -> str | None:
        """The module's ``check_size(case, value)``, or None (any size) when it has none."""
        function = getattr(self.module, "check_size", None)
        return None if function is None else function(case, value)

    def normalise_result(self, part: str, value: Any) -> Any:
        function = getattr(self.module, "normalise_result", None)
        return value if function is None else function(part, value)

    def describe(self, part: str, expected: Any, actual: Any) -> list[str]:
        function = getattr(self.module, "describe", None)
        return [] if function is None else list(function(part, expected, actual))

    def judge(self, case: Any, value: Any) -> list[str]:
        function = getattr(self.module, "judge", None)
        if function is not None:
            return list(function(case, value))
        part = case.part
        return judge_structurally(case.expected, value, lambda e, a: self.describe(part, e, a))

    def show_input(self, part: str, args: Any) -> list[str]:
        """A failed case's input (its start state) as lines, in the assignment's notation."""
        function = getattr(self.module, "show_input", None)
        return input_lines(args) if function is None else [str(x) for x in function(part, args)]


def load_feedback(path: Path) -> Feedback:
    """The feedback module in ``path``, as a judge."""
    return Feedback(load_module(path))
