"""The simple legal player and seeded tournaments."""

from __future__ import annotations

import random

import pytest

import reference.final_card_down.game as G
from reference.final_card_down.player import decideMove
from reference.final_card_down.tournament import (
    TournamentError,
    full_deck,
    tournament,
    wilson_interval,
)


def test_wilson_interval_matches_hand_computation():
    # 5/10: p=0.5, z^2=3.8415, denominator 1.38415, centre 0.5,
    # half = 1.96*sqrt(0.025 + 0.0096)/1.38415 = 0.2634 -> [0.2366, 0.7634].
    low, high = wilson_interval(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    # 0/10: low 0, high = (0.19208 + 1.96*0.0980)/1.38415 = 0.2775.
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)


def test_simple_player_only_makes_legal_moves_and_games_end():
    # Properties over seeded games: every move is valid, cards are conserved, games end.
    for index in range(5):
        deck = full_deck()
        random.Random(index).shuffle(deck)
        game = G.newGame(
            800, [c.value for c in deck], [c.color for c in deck], [c.suit for c in deck]
        )
        for _ in range(5000):
            if G.gameWinner(game) != G.NOT_FINISHED:
                break
            move = decideMove(game)
            assert G.isValidMove(game, move)
            game = G.playMove(game, move)
        assert G.gameWinner(game) != G.NOT_FINISHED
        hands = sum(G.playerCardCount(game, p) for p in range(4))
        assert hands < 800


def test_tournament_is_reproducible_from_the_seed():
    a = tournament([decideMove, decideMove], 30, seed=7)
    b = tournament([decideMove, decideMove], 30, seed=7)
    assert a == b
    # The seed matters: three seeds do not all give the same table of wins.
    tables = {
        tuple(e.wins for e in tournament([decideMove], 30, seed=s).entrants) for s in (7, 8, 9)
    }
    assert len(tables) > 1


def test_tournament_accounts_for_every_game():
    r = tournament([decideMove], 40, seed=3)
    assert len(r.entrants) == 4  # topped up with house players
    assert sum(e.wins for e in r.entrants) + r.no_winner + r.unfinished + r.forfeits == 40
    for e in r.entrants:
        assert e.ci_low <= e.win_rate <= e.ci_high and e.games == 40


def test_illegal_move_loses_the_game_and_is_reported():
    def cheater(game):
        return G.Move(G.Action.END_TURN)  # END_TURN before drawing or playing: invalid

    r = tournament([cheater, decideMove], 4, seed=1, names=["cheater", "simple"])
    cheat = r.entrants[0]
    assert cheat.name == "cheater" and cheat.wins == 0 and cheat.illegal_moves >= 1
    first = r.illegal[0]
    assert first.entrant == "cheater" and first.move == "END_TURN"
    assert first.state["moves_this_turn"] == [] and len(first.state["hand"]) >= 7
    assert "END_TURN" in r.report() and "cheater" in r.report()


def test_a_crashing_player_forfeits():
    def crash(game):
        raise RuntimeError("bug")

    r = tournament([crash], 2, seed=1)
    assert r.forfeits == 2 and "RuntimeError" in r.illegal[0].reason


def test_bad_arguments():
    with pytest.raises(TournamentError):
        tournament([], 3, seed=1)
    with pytest.raises(TournamentError):
        tournament([decideMove] * 5, 3, seed=1)
    with pytest.raises(TournamentError):
        tournament([decideMove], 0, seed=1)
