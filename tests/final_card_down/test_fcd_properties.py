"""Properties of the reference over random legal play: conservation, purity, termination."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import reference.final_card_down.game as G
from reference.final_card_down.tournament import full_deck


def _random_game(seed: int, size: int) -> G.Game:
    rng = random.Random(seed)
    deck = rng.sample(full_deck(), size)
    return G.newGame(size, [c.value for c in deck], [c.color for c in deck], [c.suit for c in deck])


def _total_cards(game: G.Game) -> int:
    return sum(len(h) for h in game.hands) + game.deck_size + len(game.discard)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(30, 120))
def test_random_play_conserves_cards_and_never_mutates(seed, size):
    rng = random.Random(seed)
    game = _random_game(seed, size)
    for _ in range(300):
        if G.gameWinner(game) != G.NOT_FINISHED:
            break
        legal = G.legalMoves(game)
        assert legal, "a running game always has a valid move"
        move = rng.choice(legal)
        before = (game.hands, game.discard, game.deck_pos, G.currentTurn(game), game.moves)
        after = G.playMove(game, move)
        assert before == (game.hands, game.discard, game.deck_pos, G.currentTurn(game), game.moves)
        assert _total_cards(after) == size
        assert G.numTurns(after) == G.currentTurn(after) + 1
        game = after
    assert sum(G.playerCardCount(game, p) for p in range(4)) <= size


def test_every_legal_move_is_valid_and_others_are_not():
    # legalMoves is exactly the set of candidates isValidMove accepts (cross-check on 200 states).
    rng = random.Random(5)
    game = _random_game(5, 60)
    for _ in range(200):
        if G.gameWinner(game) != G.NOT_FINISHED:
            break
        legal = G.legalMoves(game)
        assert all(G.isValidMove(game, m) for m in legal)
        assert G.Move(
            G.Action.PLAY_CARD, None, G.Card(G.Value.F, G.Color.RED, G.Suit.HEARTS)
        ) not in legal or (G.Card(G.Value.F, G.Color.RED, G.Suit.HEARTS) in game.hands[game.player])
        game = G.playMove(game, rng.choice(legal))
