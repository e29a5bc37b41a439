"""A played game is a value: its turns and the game itself cannot be changed after the fact.

The references are pure functions over immutable values (the developers' guide); a caller that
keeps a ``Game`` (the views, the fixtures' writer) must not be able to alter what was played.
"""

from __future__ import annotations

import dataclasses

import pytest

from reference.ochos_locos import play
from reference.ochos_locos.deal import deal_from_tokens

HANDS = (
    ("R2", "R3", "R4", "R5", "R6"),
    ("Y1", "Y2", "Y3", "Y4", "Y5"),
    ("G1", "G2", "G3", "G4", "G5"),
)


def test_a_game_and_its_turns_are_frozen():
    game = play(deal_from_tokens(HANDS, "R1", ["B1"]))
    turn = game.turns[0]
    assert turn.line == "1: R2"  # reds 5 > ones 0: the lowest red
    with pytest.raises(dataclasses.FrozenInstanceError):
        turn.played = None
    with pytest.raises(dataclasses.FrozenInstanceError):
        game.winner = 3
    assert isinstance(game.turns, tuple) and isinstance(turn.hands_after, tuple)
