"""Comparing a program's game with the expected one, turn by turn.

The code is the assignment's feedback module (``assignments/ochos-locos/feedback.py``), which
students' self-check kits carry too: feedback names the first turn where the games part
("turn 7 (player 1): expected Y3, got Y8") and how each game ended.
"""

from __future__ import annotations

from .feedback import FEEDBACK

compare_games = FEEDBACK.compare_games
first_divergence = FEEDBACK.first_divergence
turn_label = FEEDBACK.turn_label

__all__ = ["compare_games", "first_divergence", "turn_label"]
