"""uno-lab values and calls written as Python: the assignment's renderer, loaded once.

The renderer lives in the assignment's folder (``assignments/uno-lab/python_text.py``) beside
the feedback module that writes every message with it, so that students' self-check kits carry
it and say what the grader says.  This module hands the grader's other users (the property
checkers, the report's view, the tests) the very functions the feedback module uses.
"""

from __future__ import annotations

from .feedback import FEEDBACK

PYTHON_TEXT = FEEDBACK.PYTHON_TEXT
INDENT: str = PYTHON_TEXT.INDENT
python_call = PYTHON_TEXT.python_call
python_error = PYTHON_TEXT.python_error
python_string = PYTHON_TEXT.python_string
python_value = PYTHON_TEXT.python_value

__all__ = ["INDENT", "python_call", "python_error", "python_string", "python_value"]
