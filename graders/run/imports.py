"""What a submission may import beyond the standard library, and how the sandbox shows it.

The code lives in :mod:`graders.kit.runtime.imports`: a student's self-check kit carries that
module verbatim, so the kit offers a submission exactly the imports the grader's sandbox does.
This module keeps the name the sandbox and the engine import.
"""

from __future__ import annotations

from ..kit.runtime.imports import (
    MAX_SCANNED,
    SITE_NAMES,
    THREAD_ENV,
    Allowed,
    allowed,
    link_farm,
    remove_farm,
    wanted,
)

__all__ = [
    "MAX_SCANNED",
    "SITE_NAMES",
    "THREAD_ENV",
    "Allowed",
    "allowed",
    "link_farm",
    "remove_farm",
    "wanted",
]
