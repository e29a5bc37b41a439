"""A failed hidden case gets a smaller fresh case the submission also gets wrong.

The submission here is the example class's correct solution (ada) with one rule broken, so
what it gets wrong is known; every claim about a counterexample is checked with a second
implementation: the reference (``reference.uno_moves.parts.simulate``) and the buggy
function itself, both run in this process on the counterexample's input, must disagree.
Nothing is taken from the code under test. No assertion is on time: the budget is checked by
its outcome (a submission that loops gets no counterexample, and its budget is not hit).
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

import pytest

from graders.assignment import load_assignment
from graders.grade import counterexample as core
from graders.grade.engine import grade_submission
from graders.grade.overtime import Watchdog
from graders.report import render
from graders.results import CaseOutcome, CaseResult
from graders.run.budget import Budget
from graders.submission import cleanup, load_submissions
from graders.vocabulary import Case
from reference.uno_moves import counterexample as uno
from reference.uno_moves.parts import simulate
from tests.conftest import cards
from unokit.compare import normalise

ROOT = Path(__file__).resolve().parents[2]
ADA = (ROOT / "examples" / "uno-moves" / "ada" / "uno.py").read_text()
# Rule 2 (extend a waiting Draw 2) forgotten in the single move every part uses.
NO_RULE_TWO = ADA.replace("        if two_waiting:", "        if False:")
assert NO_RULE_TWO != ADA

# A hidden game of part 2 that the planted bug gets wrong (worked by hand in
# tests/uno_moves/test_uno_moves_explain.py: turn 3 extends the Draw 2 with bd, rule 2). Its deck
# and hand are written so that no text of them can appear by chance in a small fresh game.
SECRET_DISCARD, SECRET_DECK, SECRET_HAND = "g2", "y1 y2 y3 y4 y5 y6 y7 y8", "r2 rd bd r4 y9"


def make_case(part: str, discard: str, deck: str, hand: str, hidden: bool, name: str) -> Case:
    d, k, h = list(cards(discard)), list(cards(deck)), list(cards(hand))
    hands, deck_, discard_, _ = simulate(int(part[-1]), d, k, [h])
    return Case(
        name=name,
        part=part,
        visibility="hidden" if hidden else "public",
        args=(d, k, h),
        expected=normalise((hands[0], deck_, discard_)),
    )


SECRET = make_case("part02", SECRET_DISCARD, SECRET_DECK, SECRET_HAND, True, "secret")


@pytest.fixture(scope="module")
def assignment():
    return load_assignment("uno-moves")


def grade(tmp_path, assignment, source, cases, name="student", **limits):
    folder = tmp_path / name
    folder.mkdir(exist_ok=True)
    path = folder / "uno.py"
    path.write_text(source)
    subs = load_submissions(folder, assignment.module)
    try:
        return grade_submission(
            assignment,
            subs[0],
            cases,
            limits=replace(assignment.limits, **limits),
            isolation="rlimits",
        )
    finally:
        cleanup(subs)


def functions_of(source: str) -> dict:
    """The student's module, run here (the test's own second opinion, never the grader's)."""
    namespace: dict = {}
    exec(compile(source, "uno.py", "exec"), namespace)  # noqa: S102 - our own planted code
    return namespace


def reference_answer(part: str, args) -> list:
    discard, deck, first = args
    hands = [first] if part in ("part01", "part02") else first
    end_hands, end_deck, end_discard, _ = simulate(int(part[-1]), discard, deck, hands)
    first_end = end_hands[0] if part in ("part01", "part02") else end_hands
    return normalise((first_end, end_deck, end_discard))


def every_report(result, assignment) -> dict[str, str]:
    return {fmt: render(result, fmt, True, assignment) for fmt in ("json", "md", "html")} | {
        "gradescope": render(result, "gradescope", True, assignment)
    }


def test_a_planted_bug_gets_a_smaller_case_on_which_it_really_differs(tmp_path, assignment):
    result = grade(tmp_path, assignment, NO_RULE_TWO, [SECRET])
    [secret] = result.cases
    assert secret.outcome == CaseOutcome.FAILED
    found = secret.counterexample
    assert found is not None and found["found"] is True
    args = found["args"]
    discard, deck, hand = args
    # Smaller than the hidden game: fewer cards (one hand, as part 2 always has).
    secret_cards = len(SECRET.args[0]) + len(SECRET.args[1]) + len(SECRET.args[2])
    assert len(discard) + len(deck) + len(hand) < secret_cards
    # The reference and the buggy function, run here, really differ on it...
    call = tuple([tuple(c) for c in pile] for pile in args)
    buggy = normalise(functions_of(NO_RULE_TWO)["onePlayerManyMoves"](*call))
    assert buggy != reference_answer("part02", call)
    # ...and the correct solution agrees with the reference on it (it is a fair game).
    right = normalise(functions_of(ADA)["onePlayerManyMoves"](*call))
    assert right == reference_answer("part02", call)
    # Rule 2 is what the bug broke: the game found has a Draw 2 to extend.
    assert any(c[1] == "d" and c[0] != "w" for c in [*discard, *hand])
    # It says what differs and where it first went wrong, as a public case would.
    assert found["differences"] and found["input"][0].startswith("hand (")
    assert "rule 2" in found["first_divergence"]["rule"]


def test_it_is_shrunk_until_no_card_can_go(tmp_path, assignment):
    """No game one step simpler (the plugin's own variants, judged here with the planted
    function and the reference) still shows the bug: the search stopped at a local minimum."""
    result = grade(tmp_path, assignment, NO_RULE_TWO, [SECRET])
    found = result.cases[0].counterexample
    fresh = uno.fresh_case("part02", found["args"][0], found["args"][1], [found["args"][2]])
    buggy = functions_of(NO_RULE_TWO)["onePlayerManyMoves"]
    for simpler in uno.shrink(fresh):
        call = tuple([tuple(c) for c in pile] for pile in simpler.args)
        assert normalise(buggy(*call)) == reference_answer("part02", call)


def test_the_same_submission_gets_the_same_case(tmp_path, assignment):
    first = grade(tmp_path, assignment, NO_RULE_TWO, [SECRET], name="one")
    second = grade(tmp_path, assignment, NO_RULE_TWO, [SECRET], name="two")
    assert first.digest == second.digest
    assert first.cases[0].counterexample == second.cases[0].counterexample
    assert first.cases[0].counterexample["found"]


def test_none_for_a_correct_submission_or_a_failing_public_case(tmp_path, assignment):
    right = grade(tmp_path, assignment, ADA, [SECRET])
    assert right.cases[0].passed and right.cases[0].counterexample is None
    public = replace(SECRET, visibility="public", name="open")
    result = grade(tmp_path, assignment, NO_RULE_TWO, [public])
    assert result.cases[0].outcome == CaseOutcome.FAILED
    assert result.cases[0].counterexample is None


def test_the_hidden_input_never_appears_in_any_report(tmp_path, assignment):
    result = grade(tmp_path, assignment, NO_RULE_TWO, [SECRET])
    assert result.cases[0].counterexample["found"]
    # The piles of four cards or more, whose text no small fresh game shares by chance.
    hidden_lines = [
        line
        for line, pile in zip(
            assignment.plugin.show_input("part02", SECRET.args),
            (SECRET.args[2], SECRET.args[0], SECRET.args[1]),
            strict=True,
        )
        if len(pile) >= 4
    ]
    expected_lines = [
        " ".join(f"{a}{b}" for a, b in pile) for pile in SECRET.expected if len(pile) >= 4
    ]
    assert hidden_lines and expected_lines
    for fmt, text in every_report(result, assignment).items():
        for line in hidden_lines:
            assert line not in text, (fmt, line)
        assert SECRET_DECK not in text and SECRET_HAND not in text, fmt
        for line in expected_lines:
            assert line not in text, (fmt, line)
        assert "a smaller case your code also gets wrong" in text, fmt
    data = json.loads(every_report(result, assignment)["json"])
    [case] = data["cases"]
    assert case["args"] is None and case["given"] == [] and case["messages"] == []
    assert case["counterexample"]["args"] == result.cases[0].counterexample["args"]


def test_a_submission_that_loops_on_small_games_gets_none_within_its_budget(tmp_path, assignment):
    """Wrong on the hidden game, endless on every smaller one: every round trip of the
    search runs out of the search's time, so none is found, said plainly, and the
    submission's own budget is untouched."""
    loops = NO_RULE_TWO + (
        "\n\n_many = onePlayerManyMoves\n\n"
        "def onePlayerManyMoves(discard, deck, hand):\n"
        "    while len(deck) + len(hand) < 13:\n"
        "        pass\n"
        "    return _many(discard, deck, hand)\n"
    )
    result = grade(tmp_path, assignment, loops, [SECRET], counterexample_seconds=0.5)
    [secret] = result.cases
    assert secret.outcome == CaseOutcome.FAILED
    assert secret.counterexample == {
        "found": False,
        "note": core.NOT_FOUND.format(seconds=0.5, tried=core.FIRST_BATCH, s="s"),
    }
    assert not result.budget_hit


def test_no_search_when_the_assignment_sets_no_time(tmp_path, assignment):
    result = grade(tmp_path, assignment, NO_RULE_TWO, [SECRET], counterexample_seconds=0)
    assert result.cases[0].counterexample == {"found": False, "note": core.OFF}


def test_what_the_student_controls_is_escaped(tmp_path, assignment):
    raises = NO_RULE_TWO + (
        "\n\ndef onePlayerManyMoves(discard, deck, hand):\n"
        "    raise ValueError('<script>alert(1)</script> **bold** ```')\n"
    )
    result = grade(tmp_path, assignment, raises, [SECRET])
    found = result.cases[0].counterexample
    assert found["found"] and found["outcome"] == "error"
    assert "<script>" in found["differences"][0]  # kept as data...
    reports = every_report(result, assignment)
    assert "<script>" not in reports["html"] and "&lt;script&gt;" in reports["html"]
    assert "<script>" not in reports["md"]  # ...and inert in every report
    tests = json.loads(reports["gradescope"])["tests"]
    assert "<script>" not in tests[0]["output"]


def test_an_assignment_without_a_generator_or_a_program_says_so():
    """The core on its own: plain notes, and nothing asked of any child."""
    case = replace(SECRET, name="h")

    def failed() -> CaseResult:
        return CaseResult("h", "part02", True, CaseOutcome.FAILED, 0.0, 1.0)

    plain = SimpleNamespace(plugin=object(), limits=None)
    watch = Watchdog(Budget(None))
    result = failed()
    core.find_counterexamples(plain, None, [case], [result], "d", watch, 0, 2.0)
    assert result.counterexample == {"found": False, "note": core.NO_GENERATOR}
    uno_moves = load_assignment("uno-moves")
    result = failed()
    core.find_counterexamples(uno_moves, None, [case], [result], "d", watch, 0, 2.0)
    assert result.counterexample == {"found": False, "note": core.NO_MODULE}
    passed = replace(failed(), outcome=CaseOutcome.PASSED)
    core.find_counterexamples(plain, None, [case], [passed], "d", watch, 0, 2.0)
    assert passed.counterexample is None


# The generator's side, checked against the reference and the page's rules directly.


def test_fresh_games_are_valid_small_and_answered_by_the_reference():
    bound = make_case("part04", "g2", "y1 y2 y3", "r2 rd", True, "b")
    four = Case(
        "b",
        "part04",
        "hidden",
        (bound.args[0], bound.args[1], [list(cards("r2 rd")), list(cards("b1 b2 b3"))]),
        None,
    )
    games = list(uno.fresh_cases("part04", "seed", [four]))
    assert games
    for game in games:
        discard, deck, hands = game.args
        assert 2 <= len(hands) <= 2  # no more hands than the hidden game
        assert len(discard) + len(deck) + sum(map(len, hands)) < 9  # fewer cards
        assert game.expected == reference_answer("part04", game.args)
        assert not game.hidden
    again = list(uno.fresh_cases("part04", "seed", [four]))
    other = list(uno.fresh_cases("part04", "other seed", [four]))
    assert [g.args for g in again] == [g.args for g in games]
    assert [g.args for g in other] != [g.args for g in games]


def test_shrinking_leaves_out_one_card_or_hand_and_keeps_games_valid():
    game = uno.fresh_case(
        "part04", cards("b- wd r5"), cards("g1 g2"), [cards("r2 rd"), cards("w-"), cards("y3")]
    )
    total = 3 + 2 + 4
    seen = list(uno.shrink(game))
    assert seen
    for simpler in seen:
        discard, deck, hands = simulate_args = simpler.args
        size = len(discard) + len(deck) + sum(map(len, hands))
        # One card fewer, a marker with its Wild, or a whole hand.
        assert size in (total - 1, total - 2) or len(hands) == 2
        assert len(hands) >= 2
        assert simpler.expected == reference_answer("part04", simulate_args)
        # A colour marker only ever lies on a Wild; the pile ends in a plain card.
        for k, card in enumerate(discard):
            if card[1] == "-" and card[0] != "w":
                assert discard[k + 1][0] == "w"
        assert discard[-1] == ("r", "5")
    # The bare Wild Draw 4 game (the marker left out) is one of them; the pile without
    # its bottom card is not.
    assert any(s.args[0] == [("w", "d"), ("r", "5")] for s in seen)
    assert not any(s.args[0][-1] != ("r", "5") for s in seen)
