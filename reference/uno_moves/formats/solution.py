"""The uno-moves solution text, as the course's Haskell ``main`` prints it (the one copy is
``assignments/uno-moves/solution_text.py``, which the self-check kit carries too)."""

from __future__ import annotations

from .haskell import _TEXT

Card = tuple[str, str]
Cards = tuple[Card, ...]
Solution = _TEXT.Solution
SolutionFormatError = _TEXT.SolutionFormatError
cards_text = _TEXT.cards_text
format_solution = _TEXT.format_solution
parse_solution = _TEXT.parse_solution
