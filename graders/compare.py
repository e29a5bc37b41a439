"""Structural comparison, and helpers that explain differences in the student's terms.

The code lives in :mod:`graders.kit.runtime.compare`: a student's self-check kit carries that
module verbatim, so the kit and the grader compare and explain alike.  This module keeps the
name the plugins and the contract import.
"""

from __future__ import annotations

from .kit.runtime.compare import describe_sequence, differs, normalise, type_name

__all__ = ["describe_sequence", "differs", "normalise", "type_name"]
