"""Reading and writing the course's notation, the text form of uno-lab fixtures and feedback.

Values read the way the lab prints them: ``CRD (NUM 5, RED)``, ``GIVE RED``, ``[WILD, PASS]``,
``("Sergey", 25)``, ``SOME (...)``/``NONE``, ``true``; players and desks are SML-style records
(``{name = "Sergey", cards = [...], strategy = False.ownStrategy, manual = false}``).  A call is
written as in the lab: ``cardSort [WILD]``, ``isLT (WILD, CRD (NUM 3, BLUE))``,
``precedes (op =) [1, 2, 3] 2 3``.  Printing is :func:`unolab.show`.

The reader itself is the assignment's child-side adapter (``assignments/uno-lab/harness/
adapter.py``), loaded here by path: the sandbox reads a case's call with the very code the grader
reads fixtures and results with.  Bad text raises :class:`NotationError` (a ValueError) naming
line, column and token.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable
from functools import lru_cache
from types import ModuleType
from typing import Any

import unolab

from graders.paths import assignment_dir

ADAPTER_NAME = "unolab_adapter"
"""The adapter's module name in the grader (in the sandbox it is ``_unograde_adapter``)."""


def _load_adapter() -> ModuleType:
    loaded = sys.modules.get(ADAPTER_NAME)
    if loaded is not None:
        return loaded
    path = (assignment_dir("uno-lab") / "harness" / "adapter.py").resolve()
    spec = importlib.util.spec_from_file_location(ADAPTER_NAME, path)
    if spec is None or spec.loader is None:  # pragma: no cover - a broken checkout
        raise ImportError(f"uno-lab: cannot load the adapter from {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[ADAPTER_NAME] = module
    spec.loader.exec_module(module)
    return module


adapter = _load_adapter()
NotationError = adapter.NotationError
Call = adapter.Call
Token = adapter.Token
tokenize = adapter.tokenize
First = adapter.First


def grader_strategies(name: str) -> Callable[..., Any]:
    """Strategies as the grader reads them: the provided False, the adapter's First, and the
    reference's Naive and Manual.  In the grader a strategy is only ever compared by name or
    called by the reference; a submission's own Naive is used inside the sandbox only."""
    from .strategies import Manual, Naive

    return {
        "False.ownStrategy": unolab.FalseStrategy.ownStrategy,
        "First.ownStrategy": First.ownStrategy,
        "Naive.ownStrategy": Naive.ownStrategy,
        "Manual.ownStrategy": Manual.ownStrategy,
    }[name]


@lru_cache(maxsize=8192)
def parse_value(text: str) -> Any:
    """One value in the course's notation (lists become lists, tuples tuples).

    Kept by text: every submission's replies are read against the same expected texts, and a
    reply is read twice (its shape, then its verdict). The grading only reads the values it
    gets (none is changed), so a value can be handed out again."""
    return adapter.parse_value(text, grader_strategies)


def parse_call(text: str) -> Any:
    """``cardSort [WILD]`` -> Call("cardSort", ([WILD],)); ``deck`` -> Call("deck", ())."""
    return adapter.parse_call(text, grader_strategies)


__all__ = [
    "Call",
    "First",
    "NotationError",
    "Token",
    "adapter",
    "grader_strategies",
    "parse_call",
    "parse_value",
    "tokenize",
]
