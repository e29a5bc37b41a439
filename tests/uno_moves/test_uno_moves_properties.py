"""Properties of the reference: no card created or lost, pure, total, reproducible fixtures."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from reference.uno_moves.cards import is_marker
from reference.uno_moves.generate import SCENARIOS, generate, random_game, standard_deck
from reference.uno_moves.parts import simulate


def _real(cards):
    return [c for c in cards if not is_marker(c) and c != ("-", "-")]


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    scenario=st.sampled_from(SCENARIOS),
    players=st.integers(1, 10),
    part=st.integers(1, 4),
)
def test_cards_are_conserved_and_games_end(seed, scenario, players, part):
    game = random_game(random.Random(seed), scenario, players)
    used = game.hands[:1] if part < 3 else game.hands
    before = Counter([c for h in used for c in h] + list(game.deck) + _real(game.discard))
    hands, deck, discard, events = simulate(part, game.discard, game.deck, game.hands)
    after = Counter([c for h in hands for c in h] + list(deck) + _real(discard))
    assert before == after
    # The discard only grows at the front; the deck only shrinks at the front.
    assert discard[len(discard) - len(game.discard) :] == game.discard
    assert game.deck[len(game.deck) - len(deck) :] == deck


@settings(max_examples=60, deadline=None)
@given(
    hands=st.lists(st.lists(st.sampled_from(standard_deck()), max_size=5), max_size=5),
    deck=st.lists(st.sampled_from(standard_deck()), max_size=8),
    discard=st.lists(st.sampled_from(standard_deck() + (("r", "-"), ("w", "d"))), max_size=4),
    part=st.integers(1, 4),
)
def test_total_on_arbitrary_piles(hands, deck, discard, part):
    # Any legal input ends, including empty decks, empty piles and hands of only wilds.
    simulate(part, discard, deck, hands)


def test_generator_is_reproducible_and_seed_sensitive():
    a = [(f.game, f.solution) for f in generate("part03", 5, seed=11)]
    b = [(f.game, f.solution) for f in generate("part03", 5, seed=11)]
    c = [(f.game, f.solution) for f in generate("part03", 5, seed=12)]
    assert a == b
    assert a != c


def test_generated_decks_are_standard():
    for f in generate("part04", 8, seed=3):
        every = [c for h in f.game.hands for c in h] + list(f.game.deck) + _real(f.game.discard)
        assert Counter(every) <= Counter(standard_deck())


def test_generation_is_the_same_whatever_the_number_of_processes():
    from reference.uno_moves.formats.uno_file import format_uno

    def files(jobs: int) -> list[tuple[str, str, str]]:
        made = generate("part04", 120, seed=9, jobs=jobs)  # 1200 candidates: in processes
        return [(f.name, format_uno(f.game), f.solution) for f in made]

    one = files(1)
    assert len(one) == 120 and len({name for name, _, _ in one}) == 120
    assert files(2) == one
