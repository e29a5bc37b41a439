"""uno-lab: a failed hidden case gets a smaller fresh call the submission also gets wrong.

The submission is the example class's full_solution with one rule broken (cardsToPlay, in a
GIVE state, forgets that a Wild is always playable), so what it gets wrong is known. Every
claim about its counterexample is checked with two implementations run in this process on
the counterexample's call, read back from result.json: the reference's ``cardsToPlay`` and
the buggy function itself must disagree, and the correct full_solution must agree with the
reference. Nothing is taken from the code under test.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

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
from reference import uno_lab
from reference.uno_lab import counterexample
from reference.uno_lab.cases import CaseInput
from reference.uno_lab.grading import expected_from_reference, payload
from reference.uno_lab.notation import parse_call
from reference.uno_lab.plugin import Expectation
from reference.uno_lab.python_text import python_call

CRD, GIVE = uno_lab.CRD, uno_lab.GIVE  # (the provided definitions, loaded by the reference)

ROOT = Path(__file__).resolve().parents[2]
FULL = (ROOT / "examples" / "uno-lab" / "full_solution.py").read_text(encoding="utf-8")
RULE = "            return list(filter(playableWhenWild(c), hand))"
# A Wild forgotten among the playable cards once a colour is given (GIVE).
NO_WILD_ON_GIVE = FULL.replace(
    RULE, "            return [x for x in filter(playableWhenWild(c), hand) if isinstance(x, CRD)]"
)
assert NO_WILD_ON_GIVE != FULL


def _player(name: str, cards: str) -> str:
    return f'{{name = "{name}", cards = [{cards}], strategy = False.ownStrategy, manual = false}}'


# A hidden desk the planted bug gets wrong: four players, a Wild and a Wild Draw Four in the
# first hand, GREEN given. Its first hand is written so no small fresh desk shares its text.
SECRET_HAND = (
    "CRD (NUM 7, GREEN), WILD, CRD (SKIP, YELLOW), CRD (NUM 2, BLUE), WILD_DRAW_FOUR, "
    "CRD (NUM 9, GREEN)"
)
SECRET_CALL = (
    "cardsToPlay {players = ["
    + ", ".join(
        [
            _player("Sergey", SECRET_HAND),
            _player("Pavel", "CRD (NUM 1, RED), CRD (NUM 3, RED), CRD (NUM 8, BLUE)"),
            _player("Saveliy", "CRD (NUM 4, YELLOW), CRD (NUM 5, YELLOW), CRD (DRAW_TWO, BLUE)"),
            _player("Igor", "CRD (NUM 6, RED), CRD (NUM 0, BLUE), CRD (SKIP, RED)"),
        ]
    )
    + "], pile = [WILD, CRD (NUM 3, YELLOW), CRD (NUM 8, GREEN)], deck = [CRD (NUM 1, YELLOW), "
    "CRD (NUM 2, GREEN), CRD (NUM 5, RED)], state = GIVE GREEN, direction = CLOCKWISE, "
    "memo = [ORDER (WILD, GREEN), SIMPLE (CRD (NUM 3, YELLOW))]}"
)


def make_case(task: str, call: str, name: str = "secret", hidden: bool = True) -> Case:
    """A case as ``load_case`` makes one from a fixture (its expectation the reference's)."""
    case_input = CaseInput(task, call)
    key = f"{name}:0"
    return Case(
        name=name,
        part=uno_lab.FEEDBACK.part_of(task),
        visibility="hidden" if hidden else "public",
        args=(payload(case_input, key),),
        expected=Expectation(key, case_input, expected_from_reference(case_input)),
    )


SECRET = make_case("cardsToPlay", SECRET_CALL)


@pytest.fixture(scope="module")
def assignment():
    return load_assignment("uno-lab")


def grade(tmp_path, assignment, source, cases, name="student"):
    folder = tmp_path / name
    folder.mkdir(exist_ok=True)
    (folder / "solution.py").write_text(source, encoding="utf-8")
    subs = load_submissions(folder, assignment.module)
    try:
        return grade_submission(assignment, subs[0], cases, isolation="rlimits")
    finally:
        cleanup(subs)


def functions_of(source: str) -> dict:
    """The student's module, run here (the test's own second opinion, never the grader's)."""
    namespace: dict = {}
    exec(compile(source, "solution.py", "exec"), namespace)  # noqa: S102 - our own examples
    return namespace


@pytest.fixture(scope="module")
def graded(tmp_path_factory, assignment):
    return grade(tmp_path_factory.mktemp("bug"), assignment, NO_WILD_ON_GIVE, [SECRET])


def test_a_planted_bug_gets_a_smaller_call_on_which_it_really_differs(graded):
    [secret] = graded.cases
    assert secret.outcome == CaseOutcome.FAILED
    found = secret.counterexample
    assert found is not None and found["found"] is True
    call_text = found["args"][0]["call"]
    assert counterexample.size_of(call_text).below(counterexample.size_of(SECRET_CALL))
    [desk] = parse_call(call_text).arguments
    # The reference and the buggy function, run here, really differ on it...
    expected = uno_lab.cardsToPlay(desk)
    assert functions_of(NO_WILD_ON_GIVE)["cardsToPlay"](desk) != expected
    # ...and the correct solution agrees with the reference (it is a fair call).
    assert functions_of(FULL)["cardsToPlay"](desk) == expected
    # What the bug broke is in it: a colour given, a Wild in the current player's hand.
    assert isinstance(desk.state, GIVE)
    assert any(not isinstance(card, CRD) for card in desk.players[0].cards)
    assert found["differences"][0].startswith("cardsToPlay: expected")
    assert found["input"][0].startswith("cardsToPlay(")


def test_it_is_shrunk_until_no_player_card_or_move_can_go(graded):
    """No call one step simpler (the plugin's own variants) still shows the bug, judged
    here with the buggy function and the reference."""
    found = graded.cases[0].counterexample
    fresh = make_case("cardsToPlay", found["args"][0]["call"], hidden=False)
    buggy = functions_of(NO_WILD_ON_GIVE)["cardsToPlay"]
    simpler = list(counterexample.shrink(fresh))
    assert simpler  # (a desk of two players keeps its top card and the current hand)
    for case in simpler:
        [desk] = parse_call(case.args[0]["call"]).arguments
        assert buggy(desk) == uno_lab.cardsToPlay(desk)


def test_the_same_submission_gets_the_same_call(tmp_path, assignment, graded):
    again = grade(tmp_path, assignment, NO_WILD_ON_GIVE, [SECRET], name="again")
    assert again.digest == graded.digest
    assert again.cases[0].counterexample == graded.cases[0].counterexample


def test_none_for_a_correct_submission(tmp_path, assignment):
    result = grade(tmp_path, assignment, FULL, [SECRET])
    assert result.cases[0].passed and result.cases[0].counterexample is None


def test_the_hidden_input_never_appears_in_any_report(graded, assignment):
    secret_python = python_call(parse_call(SECRET_CALL))
    secret_hand = secret_python[secret_python.index("[CRD") : secret_python.index("]") + 1]
    assert "WILD_DRAW_FOUR" in secret_hand
    for fmt in ("json", "md", "html", "gradescope"):
        text = render(graded, fmt, True, assignment)
        assert secret_hand not in text and SECRET_HAND not in text, fmt
        assert "a smaller case your code also gets wrong" in text, fmt
    data = json.loads(render(graded, "json", True, assignment))
    assert data["cases"][0]["counterexample"]["args"] == graded.cases[0].counterexample["args"]


# What is not searched, said plainly (the core's hook, with uno-lab's reasons).


def _not_found_note(assignment, case: Case) -> dict:
    result = CaseResult(case.name, case.part, True, CaseOutcome.FAILED, 0.0, 1.0)
    idle = type("Idle", (), {"budget": Budget(None)})()  # asked nothing: never called
    core.find_counterexamples(
        assignment, idle, [case], [result], "d", Watchdog(Budget(None)), 0, 2.0
    )
    return result.counterexample


def test_a_random_task_or_a_property_graded_case_is_not_searched_and_says_why(assignment):
    deal = next(c for c in assignment.cases() if c.part == "task11" and c.hidden)
    assert _not_found_note(assignment, deal) == {
        "found": False,
        "note": counterexample.RANDOM_TASK,
    }
    drawn = [c for c in assignment.cases() if c.part == "task14" and c.hidden]
    random_draw = next(c for c in drawn if c.expected.expected.properties is not None)
    assert _not_found_note(assignment, random_draw) == {
        "found": False,
        "note": counterexample.RANDOM_CASE,
    }
    one_answer = next(c for c in drawn if c.expected.expected.properties is None)
    assert counterexample.not_searched("task14", [one_answer]) is None
    deck = replace(SECRET, part="task10")
    assert _not_found_note(assignment, deck)["note"] == core.NOT_THIS_PART


def test_fresh_calls_have_one_answer_and_are_smaller():
    """Every fresh call of the random-answer tasks' parts is one the reference answers alike
    under other random sources, and is smaller than the bound."""
    bound = make_case("draw", SECRET_CALL.replace("cardsToPlay", "draw"))
    calls = list(counterexample.fresh_cases("task14", "seed", [bound]))
    assert calls
    for case in calls[:40]:
        text = case.args[0]["call"]
        [desk] = parse_call(text).arguments
        assert len(desk.deck) >= 1  # never the empty deck, whose draw is a shuffle's
        assert counterexample.size_of(text).below(counterexample.size_of(SECRET_CALL))
        assert not case.hidden
        answers = {uno_lab.definitions.show(_drawn(desk, seed)) for seed in (0, 1, 2)}
        assert len(answers) == 1
    again = list(counterexample.fresh_cases("task14", "seed", [bound]))
    assert [c.args for c in again] == [c.args for c in calls]


def _drawn(desk, seed: int):
    with uno_lab.definitions.seeded(seed):
        return uno_lab.draw(desk)
