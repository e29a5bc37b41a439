"""The assignment's feedback module, loaded once (``assignments/ochos-locos/feedback.py``).

It reads printed games and explains differences; the grader's plugin, this package's
``output`` and ``compare`` modules and the students' self-check kits all use that one file.
"""

from __future__ import annotations

from graders.paths import assignment_dir
from unokit.loader import load_module

FEEDBACK_FILE = assignment_dir("ochos-locos") / "feedback.py"
FEEDBACK = load_module(FEEDBACK_FILE)
