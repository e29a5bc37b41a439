"""Grading a strategy as an assignment: probe cases through the ordinary path, thresholds from
the configuration through tournaments the review hook plays in the sandbox, deductions, and
the Gradescope leaderboard."""

from __future__ import annotations

import json
import textwrap
from dataclasses import replace
from pathlib import Path

import pytest

from graders.assignment import load_assignment
from graders.grade.batch import grade_batch
from graders.grade.engine import grade_submission
from graders.submission import cleanup, load_submissions
from reference.uno_official import arena

ROOT = Path(__file__).resolve().parents[2]
COLOR_COUNTER = ROOT / "examples" / "uno-official" / "color_counter.py"

FIRST_LEGAL = """
def strategy(view):
    return view.legal[0]
"""


def configured(thresholds, games=6, **limits):
    a = load_assignment("uno-official")
    a = replace(a, extra={"tournament": {"games": games, "seed": 11, "thresholds": thresholds}})
    if limits:
        a = replace(a, limits=replace(a.limits, **limits))
    return a


def strategy_cases(assignment, with_hidden=True):
    cases = [c for c in assignment.cases() if c.part == "strategy"]
    if with_hidden:  # a full grade includes hidden cases; that is when thresholds are played
        cases.append(next(c for c in assignment.cases() if c.hidden))
    return cases


def grade_source(tmp_path, assignment, source, cases):
    path = tmp_path / "uno_official.py"
    path.write_text(textwrap.dedent(source), encoding="utf-8")
    subs = load_submissions(path, assignment.module)
    try:
        return grade_submission(assignment, subs[0], cases, isolation="rlimits")
    finally:
        cleanup(subs)


def test_config_is_read_from_assignment_toml():
    config = arena.tournament_config(load_assignment("uno-official"))
    assert config.games >= 100 and config.opponents == "simple"
    simple = next(t for t in config.thresholds if t.opponents == "simple")
    # the example: beats the simple bot in at least 30% of games
    assert (simple.metric, simple.minimum) == ("win_rate", 0.30)


@pytest.mark.parametrize(
    ("problem", "message"),
    [
        ({"games": "many"}, "extra.tournament.games: expected int"),
        ({"thresholds": [{"metric": "speed"}]}, "thresholds[0].metric"),
        ({"thresholds": [{"metric": "win_rate", "opponents": "x"}]}, "thresholds[0].opponents"),
    ],
)
def test_bad_config_names_the_place(problem, message):
    a = replace(load_assignment("uno-official"), extra={"tournament": problem})
    with pytest.raises(ValueError) as info:
        arena.tournament_config(a)
    assert message in str(info.value) and "assignment.toml" in str(info.value)


def test_probes_pass_fail_and_explain(tmp_path):
    a = configured([])
    cases = strategy_cases(a, with_hidden=False)
    good = grade_source(tmp_path, a, FIRST_LEGAL, cases)
    assert [c.outcome for c in good.cases] == ["passed", "passed"]
    dict_answer = grade_source(
        tmp_path, a, "def strategy(view):\n    return {'kind': view.legal[0].kind}\n", cases
    )
    assert [c.outcome for c in dict_answer.cases] == ["passed", "passed"]
    wrong = grade_source(
        tmp_path,
        a,
        """
        def strategy(view):
            return {"kind": "play", "card": view.hand[0], "color": "G"} if view.hand else "deal"
        """,
        cases,
    )
    draws, deals = wrong.cases
    # hand G2 B7 Y3 on R9: nothing fits, so draw is the only legal action
    assert draws.outcome == "failed"
    assert draws.messages == [
        "the only legal action here is draw; the strategy returned play (card='G2', color='G')"
    ]
    assert deals.outcome == "wrong-shape"
    assert deals.messages == ["strategy returned str: 'deal', not an action"]


def test_full_grade_deducts_unmet_thresholds_and_fills_the_leaderboard(tmp_path):
    a = configured(
        [
            {"name": "any", "metric": "win_rate", "minimum": 0.0, "points": 10},
            {"name": "all", "metric": "win_rate", "minimum": 1.01, "points": 15},
            {"name": "pts", "metric": "points", "minimum": 0, "points": 5, "opponents": "strong"},
        ]
    )
    path = tmp_path / "alice.py"
    path.write_text(COLOR_COUNTER.read_text(), encoding="utf-8")
    out = tmp_path / "out"
    [item] = grade_batch(a, [path], strategy_cases(a), out, jobs=1, isolation="rlimits")
    result = item.result
    strategy = next(p for p in result.parts if p.id == "strategy")
    assert (strategy.points, strategy.max_points) == (40.0, 40.0)  # both probes
    assert result.deduction == 15.0  # exactly the unmet threshold
    assert result.score == pytest.approx(
        sum(p.points for p in result.parts) - 15.0
    )  # the hidden rules case failed: no engine in this file
    notes = "\n".join(result.review)
    assert notes.count("met: ") == 2 and "not met, -15 points: all" in notes
    names = [row["name"] for row in result.leaderboard]
    assert names == [
        "Win rate vs simple bots",
        "Average points vs simple bots",
        "Win rate vs strong bots",
        "Average points vs strong bots",
    ]
    assert all(0.0 <= row["value"] for row in result.leaderboard)
    gradescope = json.loads((out / "alice" / "results.json").read_text())
    assert gradescope["leaderboard"] == result.leaderboard
    assert "not met" in (out / "alice" / "report.md").read_text()


def test_deduction_never_exceeds_what_the_strategy_part_earned(tmp_path):
    a = configured([{"name": "all", "metric": "win_rate", "minimum": 1.01, "points": 30}])
    # answers the forced draw but not the deal (the tournament never asks forced moves)
    source = """
    def strategy(view):
        if view.phase == "round_over":
            return {"kind": "draw"}
        return view.legal[0]
    """
    result = grade_source(tmp_path, a, source, strategy_cases(a))
    strategy = next(p for p in result.parts if p.id == "strategy")
    assert strategy.points == 20.0
    assert result.deduction == 20.0


def test_illegal_strategy_is_reported_in_the_review(tmp_path):
    a = configured([{"name": "any", "metric": "win_rate", "minimum": 0.0, "points": 10}])
    source = """
    def strategy(view):
        if len(view.legal) == 1:
            return view.legal[0]
        return {"kind": "play", "card": "W+4", "color": "R"}   # whether held or not
    """
    result = grade_source(tmp_path, a, source, strategy_cases(a))
    notes = "\n".join(result.review)
    assert "forfeited 6 of 6 games" in notes
    assert "illegal action" in notes and "it saw: round 1" in notes
    # even a 0% threshold fails: illegal moves are never graded as play
    assert "not met, -10 points" in notes and result.deduction == 10.0


def test_no_strategy_no_tournament(tmp_path):
    a = configured([{"name": "any", "metric": "win_rate", "minimum": 0.0, "points": 10}])
    result = grade_source(tmp_path, a, "def apply(state, action):\n    return state\n",
                          strategy_cases(a))  # fmt: skip
    assert [c.outcome for c in result.cases[:2]] == ["missing", "missing"]
    assert result.review == ["No strategy function: the tournament thresholds were not played."]
    assert result.deduction == 0 and result.leaderboard == []


def test_public_only_grading_skips_the_tournament(tmp_path):
    a = configured([{"name": "all", "metric": "win_rate", "minimum": 1.01, "points": 30}])
    result = grade_source(tmp_path, a, FIRST_LEGAL, strategy_cases(a, with_hidden=False))
    assert result.deduction == 0 and "full grade" in result.review[0]
