"""Reading a program's output back into turns, so it can be compared by structure.

The code is the assignment's feedback module (``assignments/ochos-locos/feedback.py``), which
students' self-check kits carry too; see it for the rules (tolerant of layout, strict about
content).
"""

from __future__ import annotations

from .feedback import FEEDBACK

NO_WINNER: str = FEEDBACK.NO_WINNER
WINNER_MARK: str = FEEDBACK.WINNER_MARK
OutputTurn = FEEDBACK.OutputTurn
parse_output = FEEDBACK.parse_output
split_lines = FEEDBACK.split_lines

__all__ = ["NO_WINNER", "WINNER_MARK", "OutputTurn", "parse_output", "split_lines"]
