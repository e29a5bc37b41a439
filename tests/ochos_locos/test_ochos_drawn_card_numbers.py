"""Under the other reading of Decision 4 (a drawn card that matches is played at once), the
played drawn card is a line of its own: every line of the game is numbered in order, as the
views show them (``Turn.number``: the starting card's line is 0, the first turn's 1).

Worked out by hand from the rules on the page (see ``test_ochos_readings.py`` for the game).
"""

from __future__ import annotations

from reference.ochos_locos import deal_from_tokens, game_views, play
from reference.ochos_locos.readings import Readings

OTHER = Readings(play_drawn_card=True)
HANDS = [
    ["R1", "R2", "R3", "R4", "R5"],
    ["Y1", "Y2", "Y3", "Y4", "Y5"],
    ["G1", "G2", "G3", "G4", "G5"],
]


def test_the_played_drawn_card_has_the_next_number_and_the_lines_after_it_follow():
    # 1: DRAW (B7), 1: B7 at once, 2: DRAW (R8), 3: DRAW (Y8), 1: DRAW (pile empty) ...
    game = play(deal_from_tokens(HANDS, "B8", ["B7", "R8", "Y8"]), OTHER)
    assert [(t.number, t.seat, t.line) for t in game.turns[:5]] == [
        (1, 1, "1: DRAW"),
        (2, 1, "1: B7"),
        (3, 2, "2: DRAW"),
        (4, 3, "3: DRAW"),
        (5, 1, "1: DRAW"),
    ]
    assert [t.number for t in game.turns] == list(range(1, len(game.turns) + 1))
    views = game_views(game)
    assert [v.index for v in views] == list(range(len(views)))
