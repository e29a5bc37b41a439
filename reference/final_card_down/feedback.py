"""The assignment's feedback module, loaded once (``assignments/final-card-down/feedback.py``).

A scenario's answers explained, and the reading of the open rules a submission is judged by:
the grader's plugin, ``reading.py`` and the students' self-check kits all use that one file.
"""

from __future__ import annotations

from graders.paths import assignment_dir
from unokit.loader import load_module

FEEDBACK_FILE = assignment_dir("final-card-down") / "feedback.py"
FEEDBACK = load_module(FEEDBACK_FILE)
