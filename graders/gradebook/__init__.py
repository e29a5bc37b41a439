"""The gradebook: every graded submission of a term, its roster, and who submitted what.

``unograde grade`` records each graded submission here (``--gradebook``, default
``gradebook.db``; ``UNOGRADE_GRADEBOOK``); ``unograde roster``, ``unograde export`` and
``unograde dashboard`` read it. SQLite by default, PostgreSQL by URL for a department that
shares one (:mod:`graders.gradebook.store`); the tables and their version are in
:mod:`graders.gradebook.schema`.

Names are imported from their modules on first use (SQLAlchemy is not loaded by ``unograde``
commands that never open a gradebook, nor by the grader's worker processes).
"""

from __future__ import annotations

import importlib
from typing import Any

_WHERE = {
    "Adjustment": "records",
    "AdjustmentError": "term_store",
    "BatchRecorder": "recorder",
    "DEFAULT_PATH": "store",
    "ENVIRONMENT": "store",
    "Extension": "records",
    "CaseRow": "records",
    "Claim": "records",
    "Gradebook": "store",
    "GradebookError": "store",
    "Grading": "records",
    "PartRow": "records",
    "Run": "records",
    "SimilarityRow": "term_store",
    "Student": "records",
    "location": "store",
}


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{_WHERE[name]}"), name)


__all__ = sorted(_WHERE)
