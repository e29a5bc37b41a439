"""The open rules as switches of the reference (``game/readings.py``): D1, D2, D4 (the spec's
``?``) and D31, D32 (where the course's last header reads the rules otherwise than the page).

Each test plays the same moves under the page's decision and under the other reading; the
expectations are worked out by hand from the two readings of the rule.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from test_fcd_faq import card, deal, mv, play, valid  # the FAQ tests' deck helpers

import reference.final_card_down.game as REF
from reference.final_card_down.game import readings as readings_module
from reference.final_card_down.game.readings import DECISION_OF, Readings

OTHER = {name: Readings(**{name: True}) for name in Readings.names()}


def new(deck, readings=None):
    cards = [card(REF, t) for t in deck]
    return REF.newGame(
        len(cards),
        [c.value for c in cards],
        [c.color for c in cards],
        [c.suit for c in cards],
        readings=readings,
    )


def test_the_defaults_are_the_pages_decisions():
    assert Readings() == readings_module.DEFAULT
    assert Readings().differences() == ()
    assert DECISION_OF == {
        "play_after_draw": "D1",
        "drawn_draw_two_stays": "D2",
        "skipped_turn_numbered": "D4",
        "draw_after_play": "D31",
        "callout_in_turn_zero": "D32",
    }
    assert OTHER["play_after_draw"].differences() == ("play_after_draw",)


@pytest.mark.parametrize("reading", [None, OTHER["play_after_draw"]])
def test_d1_a_play_after_the_ordinary_draw(reading):
    game = new(deal({0: ["RED FOUR DIAMONDS"]}), reading)  # matches the RED top
    game = play(REF, game, "DRAW_CARD")
    allowed = reading is not None
    assert valid(REF, game, "PLAY_CARD RED FOUR DIAMONDS") is allowed
    assert valid(REF, game, "END_TURN")  # ending after the draw stays valid in both
    if allowed:
        game = play(REF, game, "PLAY_CARD RED FOUR DIAMONDS")
        assert not valid(REF, game, "DRAW_CARD")  # still one draw, and none after a play
        assert valid(REF, game, "END_TURN")


@pytest.mark.parametrize("reading", [None, OTHER["play_after_draw"]])
def test_d1_never_a_play_after_penalty_draws(reading):
    hand = {0: ["BLUE DRAW_TWO CLUBS", "RED FOUR DIAMONDS"]}
    game = new(deal(hand, top="RED DRAW_TWO HEARTS"), reading)
    game = play(REF, game, "DRAW_CARD", "DRAW_CARD")
    assert not valid(REF, game, "PLAY_CARD BLUE DRAW_TWO CLUBS")
    assert not valid(REF, game, "PLAY_CARD RED FOUR DIAMONDS")


@pytest.mark.parametrize("reading", [None, OTHER["drawn_draw_two_stays"]])
def test_d2_a_drawn_draw_two_for_the_next_player(reading):
    game = new(deal({}, top="RED DRAW_TWO HEARTS"), reading)  # against player 0
    game = play(REF, game, "DRAW_CARD", "DRAW_CARD", "END_TURN")
    assert REF.currentPlayer(game) == 1
    game = play(REF, game, "DRAW_CARD")
    stays = reading is not None
    # Spent (D2): one ordinary draw, then END_TURN. Staying: two cards are owed again.
    assert valid(REF, game, "END_TURN") is not stays
    assert valid(REF, game, "DRAW_CARD") is stays
    if stays:
        game = play(REF, game, "DRAW_CARD", "END_TURN")
        assert [REF.playerCardCount(game, p) for p in range(4)] == [9, 9, 7, 7]


@pytest.mark.parametrize("reading", [None, OTHER["skipped_turn_numbered"]])
def test_d4_a_first_advance(reading):
    game = new(deal({}, top="RED ADVANCE HEARTS"), reading)
    numbered = reading is not None
    assert REF.currentPlayer(game) == 1
    assert REF.currentTurn(game) == (1 if numbered else 0)
    assert REF.numTurns(game) == (2 if numbered else 1)
    if numbered:
        assert REF.turnMoves(game, 0) == 0  # player 0's turn, skipped: no moves


@pytest.mark.parametrize("reading", [None, OTHER["skipped_turn_numbered"]])
def test_d4_an_advance_in_play(reading):
    game = new(deal({0: ["RED ADVANCE CLUBS"]}), reading)
    game = play(REF, game, "PLAY_CARD RED ADVANCE CLUBS", "END_TURN")
    numbered = reading is not None
    assert REF.currentPlayer(game) == 2  # player 1 skipped either way
    assert REF.currentTurn(game) == (2 if numbered else 1)
    assert REF.turnMoves(game, 0) == 2  # the play and END_TURN
    assert REF.pastMove(game, 0, 0) == mv(REF, "PLAY_CARD RED ADVANCE CLUBS")
    if numbered:
        assert REF.turnMoves(game, 1) == 0  # player 1's number, no moves
    game = play(REF, game, "DRAW_CARD", "END_TURN")
    assert REF.turnMoves(game, REF.currentTurn(game) - 1) == 2  # player 2's draw and end


def test_a_process_wide_default_applies_to_new_games(monkeypatch):
    monkeypatch.setattr(readings_module, "DEFAULT", OTHER["play_after_draw"])
    game = new(deal({0: ["RED FOUR DIAMONDS"]}))  # no readings given: the default's
    game = play(REF, game, "DRAW_CARD")
    assert valid(REF, game, "PLAY_CARD RED FOUR DIAMONDS")
    assert game.readings == OTHER["play_after_draw"]
    # a game keeps its readings for life, whatever the default becomes
    monkeypatch.setattr(readings_module, "DEFAULT", Readings())
    assert valid(REF, game, "PLAY_CARD RED FOUR DIAMONDS")
    assert replace(game).readings == OTHER["play_after_draw"]


def test_each_scenario_says_which_open_rules_its_answers_depend_on(monkeypatch):
    # A second reading of the dependencies: the whole package switched (the default every
    # newGame reads), against the manifest's list made with the readings passed explicitly.
    import json
    from pathlib import Path

    from reference.final_card_down.harness_files import load

    runner = load("scenario_runner.py")
    root = Path(__file__).resolve().parents[2] / "fixtures" / "final-card-down"
    cases = json.loads((root / "manifest.json").read_text())["cases"]
    scenarios = [c for c in cases if c["part"] == "adt"]
    for name in Readings.names():
        monkeypatch.setattr(readings_module, "DEFAULT", OTHER[name])
        for case in scenarios:
            changed = bool(runner.replay(REF, (root / case["input"]).read_text()))
            assert changed is (name in case["readings"]), (case["name"], name)
    monkeypatch.setattr(readings_module, "DEFAULT", Readings())
    # Each open rule flips some scenarios (the spec's three and a draw after a play a good
    # share; a turn-0 call-out only where a scenario tries one), and some depend on none.
    flipped = {n: sum(n in c["readings"] for c in scenarios) for n in Readings.names()}
    assert all(0 < k < len(scenarios) for k in flipped.values()), flipped
    rare = {"callout_in_turn_zero"}
    assert all(len(scenarios) // 5 < k for n, k in flipped.items() if n not in rare), flipped
    assert any(not c["readings"] for c in scenarios)


@pytest.mark.parametrize("reading", [None, OTHER["draw_after_play"]])
def test_d31_a_draw_after_a_play(reading):
    # The header's isValidMove: a draw is valid while the player has not drawn this turn.
    game = new(deal({0: ["RED FOUR DIAMONDS"]}), reading)
    game = play(REF, game, "PLAY_CARD RED FOUR DIAMONDS")
    allowed = reading is not None
    assert valid(REF, game, "DRAW_CARD") is allowed
    assert valid(REF, game, "END_TURN")  # ending after the play stays valid in both
    if allowed:
        game = play(REF, game, "DRAW_CARD")
        assert REF.playerCardCount(game, 0) == 7  # 7 - 1 played + 1 drawn
        assert REF.turnMoves(game, 0) == 2
        assert not valid(REF, game, "DRAW_CARD")  # still one draw per turn
        assert valid(REF, game, "END_TURN")


@pytest.mark.parametrize("reading", [None, OTHER["draw_after_play"]])
def test_d31_never_a_second_draw_nor_a_draw_after_the_penalty(reading):
    game = new(deal({}, top="RED DRAW_TWO HEARTS"), reading)
    game = play(REF, game, "DRAW_CARD", "DRAW_CARD")
    assert not valid(REF, game, "DRAW_CARD")  # both penalty cards are drawn, either way
    game = new(deal({0: ["BLUE DRAW_TWO CLUBS"]}, top="RED DRAW_TWO HEARTS"), reading)
    game = play(REF, game, "PLAY_CARD BLUE DRAW_TWO CLUBS")  # stacked: the penalty moves on
    assert valid(REF, game, "DRAW_CARD") is (reading is not None)


@pytest.mark.parametrize("reading", [None, OTHER["callout_in_turn_zero"]])
def test_d32_a_callout_in_turn_zero(reading):
    game = new(deal({}), reading)
    allowed = reading is not None
    for word in ("SAY_UNO", "SAY_DUO", "SAY_TRIO"):
        assert valid(REF, game, word) is allowed
    if allowed:
        # Nobody can have missed a call: a wrong call-out, the caller draws 4 (D7).
        game = play(REF, game, "SAY_DUO")
        assert [REF.playerCardCount(game, p) for p in range(4)] == [11, 7, 7, 7]
        assert not valid(REF, game, "SAY_DUO")  # once per word
        assert valid(REF, game, "SAY_UNO")
        game = play(REF, game, "DRAW_CARD")
        assert not valid(REF, game, "SAY_UNO")  # call-outs only at the start of the turn
        assert valid(REF, game, "END_TURN")
