"""Haskell's literal syntax for characters and strings, both ways (the one copy is
``assignments/uno-moves/solution_text.py``, which the self-check kit carries too)."""

from __future__ import annotations

from graders.paths import assignment_dir
from unokit.loader import load_module

_TEXT = load_module(assignment_dir("uno-moves") / "solution_text.py")

ASCII_NAMES = _TEXT.ASCII_NAMES
MAX_CHAR = _TEXT.MAX_CHAR
EscapeError = _TEXT.EscapeError
is_space = _TEXT.is_space
read_escape = _TEXT.read_escape
read_string = _TEXT.read_string
show_string = _TEXT.show_string
