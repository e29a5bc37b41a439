"""uno-moves: a failed game of parts 2-4 names the first turn that departs from the rules.

Every expectation here is worked out by hand from the rules on the assignment's page (the
games are small and planted with one bug), or read from the page itself (the seed game's
turn 13, Decisions D1 and D7), never taken from the code under test.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from graders.assignment import load_assignment
from graders.contract import Explanation
from graders.grade.engine import grade_submission
from graders.report import render
from graders.submission import cleanup, load_submissions
from graders.vocabulary import Case
from reference.uno_moves import counterexample, explain
from reference.uno_moves.parts import simulate
from tests.conftest import cards
from unokit.compare import normalise

ROOT = Path(__file__).resolve().parents[2]
ADA = (ROOT / "examples" / "uno-moves" / "ada" / "uno.py").read_text()
# Ada's solution with one planted bug each: rule 2 (extend a Draw 2) forgotten in her single
# move, which every other part uses; a Skip that does not skip (turn order only).
NO_RULE_TWO = ADA.replace("        if two_waiting:", "        if False:")
NO_SKIP = ADA.replace("played[1] == 's'", "played[1] == 'X'")
# Part 2 that stops after one turn (its single move is right).
STOPS_EARLY = ADA + (
    "\n\ndef onePlayerManyMoves(discard, deck, hand):\n"
    "    return onePlayerOneMove(discard, deck, hand)\n"
)
assert NO_RULE_TWO != ADA and NO_SKIP != ADA


@pytest.fixture(scope="module")
def assignment():
    return load_assignment("uno-moves")


def case(part: str, discard: str, deck: str, hands, name="planted", hidden=False) -> Case:
    """A case made by hand; its end state is the reference's (not what is tested here)."""
    d, k = list(cards(discard)), list(cards(deck))
    if part in ("part01", "part02"):
        h = list(cards(hands))
        hs, deck_, discard_, _ = simulate(int(part[-1]), d, k, [h])
        expected, args = (hs[0], deck_, discard_), (d, k, h)
    else:
        h = [list(cards(x)) for x in hands]
        hs, deck_, discard_, _ = simulate(int(part[-1]), d, k, h)
        expected, args = (hs, deck_, discard_), (d, k, h)
    return Case(
        name=name,
        part=part,
        visibility="hidden" if hidden else "public",
        args=args,
        expected=normalise(expected),
    )


def grade(tmp_path, assignment, source, cases, staff=False, name="student"):
    path = tmp_path / f"{name}.py"
    path.write_text(source)
    subs = load_submissions(path, assignment.module)
    try:
        return grade_submission(assignment, subs[0], cases, isolation="rlimits", staff=staff)
    finally:
        cleanup(subs)


# Part 2, one hand. By hand, with the page's rules:
#   turn 1: top g2, hand r2 rd bd r4: no colour g, no Wild Draw 4, symbol 2 -> r2 (rule 5)
#   turn 2: top r2, hand rd bd r4: colour r -> rd, the left-most red (rule 3)
#   turn 3: top rd, a Draw 2 waits, hand bd r4 -> extend with bd (rule 2); without rule 2
#           the colour rule plays r4 instead: the first turn that departs.
PLANTED = ("g2", "y1 y2 y3 y4 y5 y6", "r2 rd bd r4")


def test_the_first_wrong_turn_of_a_planted_bug(tmp_path, assignment):
    result = grade(tmp_path, assignment, NO_RULE_TWO, [case("part02", *PLANTED)])
    [failed] = result.cases
    assert failed.outcome == "failed"
    fd = failed.first_divergence
    assert fd["turn"] == 3 and fd["player"] == 1
    assert fd["expected"] == "plays ('b','d') on ('r','d')"
    assert fd["got"] == "plays ('r','4') on ('r','d')"
    assert fd["rule"].startswith("rule 2 (Extend a Draw 2)")
    assert fd["state"] == {
        "player": 1,
        "hands": [[["b", "d"], ["r", "4"]]],
        "deck": [list(c) for c in cards("y1 y2 y3 y4 y5 y6")],
        "discard": [list(c) for c in cards("rd r2 g2")],
    }
    assert fd["state_text"][0] == "hand 1: bd r4  <- to move"
    # The rule named is on the page, by number and name.
    page = (ROOT / "assignments" / "uno-moves" / "README.md").read_text()
    assert "2. **Extend a Draw 2.**" in page


def test_the_seed_game_departs_where_the_page_says_draw_twos_are_extended(tmp_path, assignment):
    # The page (D1, D7): in part04test01 `rd` extends `bd`, on turns 13-15 Draw 2s are
    # extended; hand 1 holds rd. A single move without rule 2 first fails there.
    seed = next(c for c in assignment.cases() if c.name == "seed-part04test01")
    result = grade(tmp_path, assignment, NO_RULE_TWO, [seed])
    fd = result.cases[0].first_divergence
    assert (fd["turn"], fd["player"]) == (13, 1)
    assert fd["expected"] == "plays ('r','d') on ('b','d')"
    assert fd["rule"] == "rule 2 (Extend a Draw 2)"


# Part 4, three hands. By hand:
#   turn 1: player 1, top r9: colour r -> rs, a Skip: player 2 is skipped
#   turn 2: player 3, top rs: colour r -> r1
#   turn 3: player 1, top r1: colour none, symbol 1 -> g1; hand 1 is empty: the game ends
# Every single move is right when the Skip does not skip: the fault is turn order.
SKIPPED = ("r9", "y1 y2 y3 y4", ["rs g1", "b1 b2", "r1 r5"])


def test_a_skip_that_does_not_skip_is_turn_order_not_a_move(tmp_path, assignment):
    result = grade(tmp_path, assignment, NO_SKIP, [case("part04", *SKIPPED)])
    [failed] = result.cases
    assert failed.outcome == "failed"
    fd = failed.first_divergence
    assert fd["kind"] == "order" and fd["turn"] is None
    assert "every one of the 3 turns agrees" in fd["summary"]
    assert "whose turn it is or when the game stops" in fd["summary"]
    assert (
        "the first Skip or Reverse is on turn 1: player 1 plays a Skip ('r','s'), "
        "so turn 2 is player 3's" in fd["details"]
    )


def test_a_game_that_stops_too_early(tmp_path, assignment):
    # PLANTED with a right single move: the expected game goes on after turn 1.
    result = grade(tmp_path, assignment, STOPS_EARLY, [case("part02", *PLANTED)])
    fd = result.cases[0].first_divergence
    assert fd["kind"] == "order"
    assert any(
        line.startswith("your result is the state after turn 1 of") for line in fd["details"]
    )


def test_a_single_move_that_raises(tmp_path, assignment):
    source = ADA.replace(
        "        if two_waiting:", "        if two_waiting:\n            raise KeyError('draw two')"
    )
    result = grade(tmp_path, assignment, source, [case("part02", *PLANTED)])
    [failed] = result.cases
    assert failed.outcome == "error"  # part 2 calls the same single move, which raises
    fd = failed.first_divergence
    assert fd["turn"] == 3 and fd["got"] == "raises KeyError: 'draw two'"


def test_passing_cases_and_hidden_ones_are_never_probed(tmp_path, assignment, monkeypatch):
    calls = []
    plugin = assignment.plugin
    assert isinstance(plugin, Explanation)
    original = type(plugin).probe

    def spy(self, case, value):
        # A failed hidden case's fresh stand-in (``counterexample``) is explained: it is
        # public. Only the fixtures' own cases are counted here.
        if case.name != counterexample.NAME:
            calls.append(case.name)
        return original(self, case, value)

    monkeypatch.setattr(type(plugin), "probe", spy)
    cases = [c for c in assignment.cases() if c.part != "part01"]
    result = grade(tmp_path, assignment, ADA, cases)
    assert result.score == result.max_score and calls == []
    hidden = case("part02", *PLANTED, name="secret", hidden=True)
    result = grade(tmp_path, assignment, NO_RULE_TWO, [hidden])
    assert calls == [] and result.cases[0].first_divergence is None
    assert result.cases[0].given == [] and result.cases[0].args is None
    result = grade(tmp_path, assignment, NO_RULE_TWO, [hidden], staff=True)
    assert calls == ["secret"] and result.cases[0].first_divergence["turn"] == 3
    assert result.cases[0].given[0] == "hand (4): r2 rd bd r4"


def test_part_one_is_not_replayed(assignment):
    one = case("part01", *PLANTED)
    assert assignment.plugin.probe(one, None) is None


def test_reports_show_the_turn_first_then_the_end(tmp_path, assignment):
    result = grade(tmp_path, assignment, NO_RULE_TWO, [case("part02", *PLANTED)])
    md = render(result, "md", assignment=assignment)
    where = md.index("**Where it went wrong:** turn 3, player 1 · rule 2 (Extend a Draw 2)")
    assert where < md.index("How the end differs:") < md.index("Input (start state):")
    assert "- yours: plays ('r','4') on ('r','d')" in md
    html = render(result, "html", assignment=assignment)
    assert html.index("Where it went wrong") < html.index("How the end differs")
    state = html[html.index("The state before it") : html.index("How the end differs")]
    assert state.count('class="card ') == 2 + 6 + 3  # hand, deck, discard drawn as cards
    assert "hand 1 (to move)" in state
    gradescope = json.loads(render(result, "gradescope", assignment=assignment))
    [test] = gradescope["tests"]
    assert test["output_format"] == "md" and test["output"].startswith("**Where it went wrong:**")
    text = render(result, "json")
    assert json.loads(text)["cases"][0]["first_divergence"]["turn"] == 3


def test_the_explanation_module_agrees_with_a_hand_replay():
    # The probe's calls are the states before each turn, in the reference's turn order.
    game = explain.game_steps("part04", case("part04", *SKIPPED).args)
    calls = explain.probe_calls(game)
    assert [c[2] for c in calls] == [
        list(cards("rs g1")),
        list(cards("r1 r5")),
        list(cards("g1")),
    ]
    assert [c[0][0] for c in calls] == [("r", "9"), ("r", "s"), ("r", "1")]


def test_a_wrong_marker_after_a_right_wild_names_decision_3_not_the_wild_rule():
    """Issue 32. By hand: top g2, hand w- b4: no green, no Wild Draw 4, no symbol 2, so the
    Wild is played (rule 6) and D3 names the marker: the left-most non-wild card left, b4,
    so ('b','-'). A student who plays the Wild but names ('r','-') broke D3, not rule 6."""
    args = case("part02", "g2", "y1 y2 y3", "w- b4").args
    game = explain.game_steps("part02", args)
    first = game[0]
    assert first.turn.discard[0] == ("b", "-") and first.turn.rule == "wild"
    wrong_marker = (
        list(first.turn.hand),
        list(first.turn.deck),
        [("r", "-"), *first.turn.discard[1:]],
    )
    fd = explain.first_divergence("part02", game, [("returned", wrong_marker)], None)
    assert fd["turn"] == 1 and fd["rule"].startswith("D3 (Marker colour")
    assert "rule 6" not in fd["summary"] and "the play itself was right" in fd["summary"]
    # A wrong card is still the rule's fault.
    wrong_card = (list(cards("w-")), list(first.turn.deck), [("b", "4"), ("g", "2")])
    fd = explain.first_divergence("part02", game, [("returned", wrong_card)], None)
    assert fd["rule"] == "rule 6 (Wild)"


def test_the_game_won_marker_is_never_called_a_colour_marker():
    """Issue 32: ('-','-') is the game-won marker in every sentence of the feedback."""
    hand, deck, discard = cards("w-"), cards("y1"), cards("g2")
    won = explain.move_words(
        hand, deck, discard, ([], list(deck), [("-", "-"), ("w", "-"), ("g", "2")])
    )
    assert won == "plays ('w','-') on ('g','2') and puts down the game-won marker ('-','-')"
    coloured = explain.move_words(
        cards("w- b4"),
        deck,
        discard,
        (list(cards("b4")), list(deck), [("b", "-"), ("w", "-"), ("g", "2")]),
    )
    assert coloured.endswith("and names the colour marker ('b','-')")
