"""Tournament core and bots: statistics checked against hand computations, seat rotation,
misplays reported with the view, and the stronger bot measurably stronger."""

from __future__ import annotations

import math

import pytest

from reference.uno_official import (
    Action,
    Threshold,
    check_thresholds,
    leaderboard,
    lineup_against_bots,
    observe,
    reference_lineup,
    run_tournament,
    simple_bot,
    strong_bot,
)
from reference.uno_official.bots import guilt_probability
from reference.uno_official.scenarios import build_state
from reference.uno_official.tournament import mean_interval, wilson


def test_wilson_interval_by_hand():
    # 5 wins of 10, z = 1.96: centre = (0.5 + 0.19208) / 1.38415 = 0.5;
    # half = 1.96 * sqrt(0.025 + 0.0096040) / 1.38415 = 0.26340  ->  [0.2366, 0.7634]
    iv = wilson(5, 10)
    assert iv.value == 0.5
    assert iv.low == pytest.approx(0.2366, abs=1e-4) and iv.high == pytest.approx(0.7634, abs=1e-4)
    zero = wilson(0, 20)
    assert zero.low == 0.0 and 0.0 < zero.high < 0.2


def test_mean_interval_by_hand():
    # values 1..5: mean 3, sample sd = sqrt(2.5), half = 1.96 * sqrt(2.5 / 5) = 1.38593
    iv = mean_interval([1, 2, 3, 4, 5])
    assert iv.value == 3 and iv.high - 3 == pytest.approx(1.95996 * math.sqrt(0.5), rel=1e-4)


def test_seats_rotate_and_results_reproduce():
    entries = reference_lineup(seed=1)
    a = run_tournament(entries, 8, seed=3)
    b = run_tournament(reference_lineup(seed=1), 8, seed=3)
    assert a == b
    names = [n for n, _ in entries]
    for g, outcome in enumerate(a.games):
        assert outcome.seats == tuple(names[(i + g) % 4] for i in range(4))
        assert outcome.status == "finished" and max(outcome.scores) >= 500
    assert sum(st.wins for st in a.standings) == 8


def test_strong_bot_beats_simple_bots():
    entries = lineup_against_bots([("strong", strong_bot(7))], bot="simple", seed=1)
    result = run_tournament(entries, 60, seed=11)
    strong = next(st for st in result.standings if st.name == "strong")
    # 1 of 4 seats: an equal bot would win about 25%; the interval must sit above that
    assert strong.win_rate.low > 0.25
    checks = check_thresholds(result, "strong", [Threshold("win_rate", 0.30)])
    assert checks[0][2] is True
    board = leaderboard(result, "strong")
    assert board[0]["name"] == "Win rate" and board[0]["value"] == round(strong.win_rate.value, 4)


def test_illegal_action_is_reported_never_fixed():
    def cheat(view):
        return Action("play", "W+4", "R")  # even when not holding one

    entries = lineup_against_bots([("cheat", cheat)], seed=2)
    result = run_tournament(entries, 4, seed=5)
    # the cheat misplays at its first decision of every game: one misplay per game, no more
    # (its seat is played on by the simple bot so that the others' match ends)
    assert len(result.misplays) == 4
    for m in result.misplays:
        assert m.name == "cheat" and m.view.player == m.seat
        assert "W+4" not in m.view.hand and m.reason.startswith("illegal action")
        assert m.action == Action("play", "W+4", "R")  # reported as it was, not corrected
    for o in result.games:
        assert o.status == "forfeit" and o.forfeited == ("cheat",)
        assert o.winner != "cheat"  # None when its stand-in won the match
        assert o.scores[o.seats.index("cheat")] == 0
    cheat_standing = next(st for st in result.standings if st.name == "cheat")
    assert (cheat_standing.wins, cheat_standing.points.value, cheat_standing.misplays) == (0, 0, 4)
    assert check_thresholds(result, "cheat", [Threshold("win_rate", 0.0)])[0][2] is False


def test_forfeit_lets_the_others_finish():
    # Whoever wins a forfeited game among the others is credited: wins add up to the games
    # that were not won by the forfeited seat's stand-in.
    def crash(view):
        raise RuntimeError("boom")

    result = run_tournament(lineup_against_bots([("crash", crash)], seed=3), 6, seed=9)
    credited = sum(st.wins for st in result.standings)
    assert credited == sum(1 for o in result.games if o.winner is not None)
    assert all(o.winner in (None, *o.seats) and o.winner != "crash" for o in result.games)
    assert credited >= 1  # the stand-in simple bot does not win every match


def test_crashing_strategy_is_reported():
    def crash(view):
        raise RuntimeError("boom")

    result = run_tournament(lineup_against_bots([("crash", crash)]), 2, seed=1)
    assert "boom" in result.misplays[0].reason


def test_bad_lineups_rejected():
    with pytest.raises(ValueError):
        run_tournament(reference_lineup()[:3], 1, seed=0)


def test_bots_only_choose_legal_actions_and_sometimes_forget_uno():
    s = build_state((("R5", "B7"), ("Y1",), ("G4",), ("B1",)), ("R9",))
    view = observe(s, 0)
    forgot = 0
    for seed in range(200):
        a = simple_bot(seed)(view)
        assert a in view.legal
        forgot += a.uno is False
    # forget_rate 0.25: expect ~50 of 200; binomial sd ~6, so 20..80 is a wide, safe band
    assert 20 <= forgot <= 80


def test_strong_bot_keeps_wild_and_never_bluffs():
    s = build_state((("W", "R5", "W+4", "B2"), ("Y1",), ("G4",), ("B1",)), ("R9",))
    a = strong_bot(0)(observe(s, 0))
    assert a.card == "R5"


def test_guilt_probability_counts_colours():
    # The W4 player held h=1 card before playing; this player sees its hand (no red) and a
    # discard (R9 under W+4): unseen = 108 - 2 - 2 = 104, unseen reds = 25 - 1 = 24.
    # P(the one card was red) = 24/104.
    s = build_state(
        (("G1", "B2"), (), ("G4",), ("B1",)),
        ("W+4", "R9"),
        color="G",
        phase="challenge",
        current=0,
        pending=4,
        w4_from=1,
        prev_color="R",
    )
    assert guilt_probability(observe(s, 0)) == pytest.approx(24 / 104)
