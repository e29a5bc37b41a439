"""The seed's four worked examples (repaired, see the assignment's Decisions) reproduce exactly.

The expected texts in fixtures/uno-moves/seed/*.solution were transcribed from the seed, not
produced by the reference.
"""

from __future__ import annotations

from collections import Counter

import pytest

from graders.paths import fixtures_dir
from reference.uno_moves.formats.uno_file import read_uno
from reference.uno_moves.generate import standard_deck
from reference.uno_moves.plugin import solve

SEED = fixtures_dir("uno-moves") / "seed"
EXAMPLES = ["part01test01", "part02test01", "part03test01", "part04test01"]


@pytest.mark.parametrize("name", EXAMPLES)
def test_reference_reproduces_seed_solution(name):
    expected = (SEED / f"{name}.solution").read_text()
    assert solve(name[:6], SEED / f"{name}.uno") == expected


@pytest.mark.parametrize("name", EXAMPLES)
def test_repaired_seed_input_is_one_standard_deck(name):
    game = read_uno(SEED / f"{name}.uno")
    every = [c for h in game.hands for c in h] + list(game.deck) + list(game.discard)
    assert Counter(every) == Counter(standard_deck())


def test_part04_seed_ends_on_bare_wild_draw_four():
    # D6: the game stops with a bare ('w','d') on top and cards still in the deck.
    text = solve("part04", SEED / "part04test01.uno")
    assert '"[wd][w-][g-]' in text
    assert text.rstrip().endswith('[b9][w-]"')


def test_the_decisions_worked_example_pays_for_a_bare_wild_draw_four_too():
    # D5's example, solved by hand on the page: [g-][wd][wd][w-][r3] costs 4 + 4 = 8 cards.
    folder = fixtures_dir("uno-moves") / "decisions"
    name = "part01-d5-extended-bare-wild-draw-four"
    expected = (folder / f"{name}.solution").read_text()
    assert solve("part01", folder / f"{name}.uno") == expected
    hand_line = expected.splitlines()[2]
    assert hand_line.count("][") + 1 == 2 + 8  # r5 b7 and the eight cards drawn
