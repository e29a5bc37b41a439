"""The assignment's feedback module, loaded once (``assignments/uno-lab/feedback.py``).

Reading replies and expected files in the course's notation and judging them: the grader's
plugin, this package's ``notation``, ``cases`` and ``grading`` modules and the students'
self-check kits all use that one file.  Here strategy names read as the grader needs them
(:func:`grader_strategies`: the reference's Naive and Manual, which the reference runs).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import unolab

from graders.paths import assignment_dir
from unokit.loader import load_module

FEEDBACK_FILE = assignment_dir("uno-lab") / "feedback.py"
FEEDBACK = load_module(FEEDBACK_FILE)


def grader_strategies(name: str) -> Callable[..., Any]:
    """Strategies as the grader reads them: the provided False, the adapter's First, and the
    reference's Naive and Manual.  In the grader a strategy is only ever compared by name or
    called by the reference; a submission's own Naive is used inside the sandbox only."""
    from .strategies import Manual, Naive

    return {
        "False.ownStrategy": unolab.FalseStrategy.ownStrategy,
        "First.ownStrategy": FEEDBACK.ADAPTER.First.ownStrategy,
        "Naive.ownStrategy": Naive.ownStrategy,
        "Manual.ownStrategy": Manual.ownStrategy,
    }[name]


FEEDBACK.STRATEGIES = grader_strategies
