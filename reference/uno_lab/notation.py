"""Reading and writing the course's notation, the text form of uno-lab fixtures and feedback.

Values read the way the lab prints them: ``CRD (NUM 5, RED)``, ``GIVE RED``, ``[WILD, PASS]``,
``("Sergey", 25)``, ``SOME (...)``/``NONE``, ``true``; players and desks are SML-style records
(``{name = "Sergey", cards = [...], strategy = False.ownStrategy, manual = false}``).  A call is
written as in the lab: ``cardSort [WILD]``, ``isLT (WILD, CRD (NUM 3, BLUE))``,
``precedes (op =) [1, 2, 3] 2 3``.  Printing is :func:`unolab.show`.

The reader itself is the assignment's child-side adapter (``assignments/uno-lab/harness/
adapter.py``), loaded by the assignment's feedback module: the sandbox reads a case's call with
the very code the grader reads fixtures and results with.  Bad text raises
:class:`NotationError` (a ValueError) naming line, column and token.
"""

from __future__ import annotations

import sys

from .feedback import FEEDBACK, grader_strategies

ADAPTER_NAME = "unolab_adapter"
"""The adapter's module name in the grader (in the sandbox it is ``_unograde_adapter``)."""

# The reader is the assignment's child-side adapter, loaded once by the feedback module (the
# sandbox reads a case's call with the very code the grader reads fixtures and results with).
adapter = FEEDBACK.ADAPTER
sys.modules.setdefault(ADAPTER_NAME, adapter)
NotationError = adapter.NotationError
Call = adapter.Call
Token = adapter.Token
tokenize = adapter.tokenize
First = adapter.First
parse_value = FEEDBACK.parse_value
parse_call = FEEDBACK.parse_call


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
