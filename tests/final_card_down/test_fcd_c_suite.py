"""A C ``testGame.c`` graded against the reference and the mutants with no second reference:
linked with ``c/fcd_proxy.c``, whose every ``Game.h`` call the Python reference (or a mutant)
answers from a sandbox of its own, over the protocol of ``adt_server.py``.

Expectations come from the tests' own text and the mutants' rules, never from a run: ada's
suite (the example class's "suite that catches most mutants") has, for every mutant, an assert
written against the rule that mutant breaks, and ``CAUGHT_BY`` below lists by hand which assert
must be the first to fail on which mutant (reasoned from the test's deck and the rule, one line
each); bo's suite asserts that the first turn is numbered 1, which the page (and the reference)
number 0.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from graders.run.toolchains import toolchain
from reference.final_card_down import c_suite, suite
from reference.final_card_down.mutants import MUTANTS, mutant_for, mutant_labels

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "final-card-down-c"

pytestmark = pytest.mark.skipif(toolchain("gcc").path() is None, reason="no gcc")


@pytest.fixture(autouse=True)
def build_cache(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("UNOGRADE_BUILD_CACHE", str(tmp_path_factory.getbasetemp() / "builds"))


def suite_of(name: str) -> dict[str, str]:
    return suite.suite_files(EXAMPLES / name)


def line_of(name: str, text: str) -> int:
    lines = (EXAMPLES / name / "testGame.c").read_text().splitlines()
    return next(k + 1 for k, line in enumerate(lines) if text in line)


def unique_line_of(name: str, function: str, text: str) -> int:
    """The line of ``text`` inside C function ``function`` of the example's testGame.c; the
    text must occur there exactly once (so the table names one assert)."""
    lines = (EXAMPLES / name / "testGame.c").read_text().splitlines()
    start = next(k for k, line in enumerate(lines) if line.startswith(f"static void {function}("))
    end = next(k for k in range(start + 1, len(lines)) if lines[k] == "}")
    found = [k + 1 for k in range(start, end) if text in lines[k]]
    assert len(found) == 1, (function, text, found)
    return found[0]


def test_a_c_submissions_suite_is_its_testgame_c_alone():
    assert list(suite_of("ada")) == ["testGame.c"]
    assert suite_of("cy") == {}  # a C submission without testGame.c has no suite


# For each mutant (catalog name): the test function of ada's testGame.c and the text of the
# assert that must fail first on it, with why (the mutant's rule against that test's deck;
# player p's k-th card is deck[4k + p], the first discard deck[28]).  Written by hand from the
# rules and the test's text; the test below checks each against a run through the proxy.
CAUGHT_BY = {
    # test_dealing: deck[8] is player 0's third card dealt round-robin, player 1's in blocks.
    "deal_in_blocks": ("test_dealing", "assert(holds(g, THREE, GREEN, CLUBS) == 1);"),
    "points_count_cards": ("test_dealing", "assert(playerPoints(g, 0) == 6 * 8 + 3);"),
    "num_turns_is_current_turn": ("test_dealing", "assert(numTurns(g) == 1);"),
    # test_a_turn_is_a_draw_or_a_play: END_TURN first, a call-out in turn 0, two draws, a
    # play after a draw, a draw after a play, in that order.
    "end_turn_without_action": ("test_a_turn_is_a_draw_or_a_play", "just(END_TURN)));  // nothing"),
    "callout_in_turn_zero": ("test_a_turn_is_a_draw_or_a_play", "just(SAY_UNO)));   // turn 0"),
    "many_draws_per_turn": ("test_a_turn_is_a_draw_or_a_play", "// one draw a turn"),
    "play_after_draw": ("test_a_turn_is_a_draw_or_a_play", "assert(!isValidMove(g, play(six)));"),
    "draw_after_play": ("test_a_turn_is_a_draw_or_a_play", "// the turn was a play"),
    # test_zero_is_wild: a GREEN ZERO of SPADES on a RED FIVE of HEARTS.
    "zero_not_wild": ("test_zero_is_wild", "assert(isValidMove(g, play(in_hand(g, ZERO,"),
    # A first DRAW_TWO: the ZERO is refused (both mutants let it through: wild under a
    # penalty, or no penalty at all); player 1 then owes nothing (one draw, then END_TURN).
    "zero_wild_under_draw_two": (
        "test_a_first_draw_two_makes_player_0_draw_two",
        "// no wild under a DRAW_TWO",
    ),
    "first_draw_two_ignored": (
        "test_a_first_draw_two_makes_player_0_draw_two",
        "// no wild under a DRAW_TWO",
    ),
    "draw_two_stays_active": (
        "test_a_first_draw_two_makes_player_0_draw_two",
        "    assert(isValidMove(g, just(END_TURN)));",
    ),
    # Two DRAW_TWOs: after two draws of four, END_TURN is still refused.
    "draw_two_does_not_stack": ("test_draw_twos_stack", "// two of four drawn"),
    "first_advance_ignored": (
        "test_a_first_advance_or_backwards",
        "assert(currentPlayer(g) == 1 && currentTurn(g) == 0);",
    ),
    "first_backwards_ignored": (
        "test_a_first_advance_or_backwards",
        "assert(playDirection(g) == ANTICLOCKWISE);",
    ),
    "advance_does_not_skip": (
        "test_advance_skips_and_backwards_reverses",
        "assert(currentPlayer(g) == 2);",
    ),
    "skipped_player_gets_a_turn_number": (
        "test_advance_skips_and_backwards_reverses",
        "// player 1 was skipped",
    ),
    "backwards_ignored": (
        "test_advance_skips_and_backwards_reverses",
        "assert(playDirection(g) == ANTICLOCKWISE);",
    ),
    "declare_ignores_next_color": ("test_declare_names_the_colour_while_on_top", "// BLUE was"),
    "declared_color_sticks": ("test_declare_names_the_colour_while_on_top", "// BLUE is gone"),
    # After a CONTINUE the non-matching SIX is refused first, then the matching CONTINUE
    # is allowed: each mutant fails the one assert its rule decides.
    "continue_any_card": ("test_continue_allows_one_more_matching_card", "// must still match"),
    "continue_gives_no_extra_play": (
        "test_continue_allows_one_more_matching_card",
        "play(in_hand(g, CONTINUE, BLUE, DIAMONDS))",
    ),
    # Player 0 plays four CONTINUEs (three cards left, no SAY_TRIO); player 1 calls it out.
    "callout_penalty_to_caller": (
        "test_a_right_call_out_costs_the_previous_player_two",
        "playerCardCount(g, 0) == 5",
    ),
    "win_needs_end_turn": ("test_the_last_card_wins_at_once", "assert(gameWinner(g) == 0);"),
    # Player 1 calls out a player 0 who owed nothing (4 cards), draws, then calls out again.
    "wrong_callout_draws_two": ("test_a_wrong_call_out_and_a_late_one", "(g, 1) == 11);"),
    "callout_any_time": ("test_a_wrong_call_out_and_a_late_one", "// a call-out comes first"),
    # A 30-card deck: the refill gives deck[28] (the first discard) first, then deck[0];
    # player 1's third draw finds one card in the discard pile and none in the deck.
    "refill_reversed": (
        "test_an_empty_deck_is_refilled_then_the_game_ends",
        "holds(g, FIVE, RED, HEARTS) == 1",
    ),
    "refill_takes_top": (
        "test_an_empty_deck_is_refilled_then_the_game_ends",
        "playerCardCount(g, 1) == 6",
    ),
    "no_winner_never": (
        "test_an_empty_deck_is_refilled_then_the_game_ends",
        "gameWinner(g) == NO_WINNER",
    ),
}


def test_a_strong_c_suite_passes_on_the_reference_and_catches_each_mutant_where_it_says():
    """ada's suite on all 29 mutants through the proxy: each is caught, by the assert that
    ``CAUGHT_BY`` names (the first to fail), never by a crash or a refused call."""
    assert sorted(CAUGHT_BY) == sorted(m.name for m in MUTANTS)  # every mutant is listed
    cache = suite.VerdictCache()
    tests = suite_of("ada")
    assert suite.evaluate(suite.REFERENCE, tests, cache=cache) == {
        "target": "reference", "verdict": "passes"
    }  # fmt: skip
    labels = list(mutant_labels())
    suite.evaluate_all(labels, tests, cache=cache)
    caught, where = set(), {}
    for label in labels:
        name = mutant_for(label).name
        if suite.evaluate(label, tests, cache=cache)["verdict"] == "detected":
            caught.add(name)
            (failed,) = cache.get(tests, label)["failed"]
            where[name] = (failed["test"], failed["line"])
    assert caught == set(CAUGHT_BY)
    expected = {
        name: (test, unique_line_of("ada", test, text)) for name, (test, text) in CAUGHT_BY.items()
    }
    assert where == expected


def test_a_c_suite_names_the_assert_that_catches_a_mutant():
    """The first-divergence detail a student's run keeps: the function and the line."""
    cache = suite.VerdictCache()
    tests = suite_of("ada")
    assert "ZERO" in mutant_for("mutant-01").rule
    assert suite.evaluate("mutant-01", tests, cache=cache)["verdict"] == "detected"
    (failed,) = cache.get(tests, "mutant-01")["failed"]
    assert failed["test"] == "test_zero_is_wild" and failed["file"] == "testGame.c"


def test_the_reference_run_says_which_adt_functions_the_c_suite_reached():
    cache = suite.VerdictCache()
    tests = suite_of("ada")
    suite.evaluate(suite.REFERENCE, tests, cache=cache)
    called = cache.get(tests, suite.REFERENCE)["called"]
    files = {file for file, _ in called}
    assert "rules.py" in files and "queries.py" in files  # isValidMove, the queries


def test_a_c_suite_failing_on_the_reference_shows_its_assert_and_loses_the_mutants():
    cache = suite.VerdictCache()
    tests = suite_of("bo")
    value = suite.evaluate(suite.REFERENCE, tests, cache=cache)
    assert value["verdict"] == "fails"
    lines = suite.explain(value)
    line = line_of("bo", "assert(currentTurn(game) == 1);")
    assert f"main failed: AssertionError (line {line} of testGame.c)" in lines
    assert suite.evaluate("mutant-01", tests, cache=cache)["verdict"] == "not-run"


def test_a_c_suite_that_does_not_compile_fails_on_the_reference(tmp_path):
    text = '#include "Game.h"\nint main(void) { return numCards(); }\n'
    verdict = c_suite.run_target(
        text, "reference", suite.target_files("reference"), suite.SUITE_LIMITS
    )
    assert verdict["exit"] == 2 and "numCards" in verdict["message"]
    assert not suite.SR.passes(verdict)


def test_destroy_card_is_in_the_python_port_and_its_proxy():
    """Tests ported from C call destroyCard: the port keeps the name (a no-op)."""
    from reference.final_card_down import game as G

    card = G.newCard(3, 1, 2)
    assert G.destroyCard(card) is None
    assert card == G.Card(G.Value.THREE, G.Color.BLUE, G.Suit.CLUBS)  # a value: unchanged
    proxy = (ROOT / "assignments/final-card-down/harness/adt_proxy.py").read_text()
    server = (ROOT / "assignments/final-card-down/harness/adt_server.py").read_text()
    assert "def destroyCard(" in proxy and '"destroyCard"' in server
