"""Ochos Locos: a deterministic three-player matching game on a 32-card deck.

The assignment (``assignments/ochos-locos``) asks for a program that reads a
deal and prints the game; this package is its reference, plus what the grader
needs around it: output parsing, structural comparison, a per-turn hand view
for the HTML feedback, and the fixture generator.
"""

from .cards import COLOURS, FULL_DECK, Card, parse_card
from .compare import compare_games, first_divergence
from .deal import Deal, deal_from_tokens, format_deal, parse_deal
from .errors import DealError, OchosLocosError, OutputFormatError
from .fixtures import generate_fixtures, write_fixtures
from .game import Game, Turn, choose, ochosLocos, play
from .output import OutputTurn, parse_output
from .solve import solve_text
from .views import HandCard, TurnView, game_views, replay_views

__all__ = [
    "COLOURS",
    "FULL_DECK",
    "Card",
    "Deal",
    "DealError",
    "Game",
    "HandCard",
    "OchosLocosError",
    "OutputFormatError",
    "OutputTurn",
    "Turn",
    "TurnView",
    "choose",
    "compare_games",
    "deal_from_tokens",
    "first_divergence",
    "format_deal",
    "game_views",
    "generate_fixtures",
    "ochosLocos",
    "parse_card",
    "parse_deal",
    "parse_output",
    "play",
    "replay_views",
    "solve_text",
    "write_fixtures",
]
