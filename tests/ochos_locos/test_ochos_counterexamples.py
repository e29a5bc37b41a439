"""ochos-locos: a failed hidden deal gets a smaller fresh deal the submission also gets wrong.

The submission is the example class's fatima (number cards chosen in the order B-G-R-Y, the
wrong one); every claim about her counterexample is checked with two implementations run in
this process, the reference's game and her own function, which must disagree on it, and with
the example class's correct amara, which must agree with the reference.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from graders.assignment import load_assignment
from graders.grade.engine import grade_submission
from graders.results import CaseOutcome
from graders.submission import cleanup, load_submissions
from reference.ochos_locos import counterexample
from reference.ochos_locos.deal import deal_from_tokens
from reference.ochos_locos.feedback import FEEDBACK
from reference.ochos_locos.game import play

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "ochos-locos"


def function_of(student: str):
    namespace: dict = {}
    source = (EXAMPLES / student / "ochos_locos.py").read_text(encoding="utf-8")
    exec(compile(source, "ochos_locos.py", "exec"), namespace)  # noqa: S102 - the examples
    return namespace["ochosLocos"]


def reference_lines(args) -> list[str]:
    return FEEDBACK.canonical("\n".join(play(deal_from_tokens(*args)).lines) + "\n")


@pytest.fixture(scope="module")
def graded():
    assignment = load_assignment("ochos-locos")
    subs = load_submissions(EXAMPLES / "fatima", assignment.module)
    try:
        cases = [c for c in assignment.cases() if c.hidden]
        return cases, grade_submission(assignment, subs[0], cases, isolation="rlimits")
    finally:
        cleanup(subs)


def test_fatimas_smaller_deal_really_departs_from_the_reference(graded):
    cases, result = graded
    failed = [
        (case, r) for case, r in zip(cases, result.cases, strict=True) if r.outcome != "passed"
    ]
    assert failed and all(r.outcome == CaseOutcome.FAILED for _, r in failed)
    found = failed[0][1].counterexample
    assert found["found"] and all(r.counterexample == found for _, r in failed)
    args = found["args"]
    # Smaller than every failed hidden deal: a shorter draw pile, or fewer turns.
    for case, _ in failed:
        mine, theirs = counterexample.size(args), counterexample.size(case.args)
        assert mine[0] < theirs[0] or (mine[0] == theirs[0] and mine[1] < theirs[1])
        assert args != list(case.args)
    expected = reference_lines(args)
    assert FEEDBACK.canonical(function_of("fatima")(*args)) != expected
    assert FEEDBACK.canonical(function_of("amara")(*args)) == expected
    assert found["differences"][0].startswith("turn ")


def test_no_draw_pile_card_can_go_and_the_bug_still_show(graded):
    cases, result = graded
    found = next(r.counterexample for r in result.cases if r.counterexample)
    fresh = counterexample.fresh_case(deal_from_tokens(*found["args"]))
    fatima = function_of("fatima")
    for simpler in counterexample.shrink(fresh):
        assert FEEDBACK.canonical(fatima(*simpler.args)) == reference_lines(simpler.args)


def test_fresh_deals_are_whole_deals_answered_by_the_reference():
    deals = list(counterexample.fresh_cases("game", "seed", []))
    assert deals[0].args[2] == [] and len(deals[-1].args[2]) > 10
    for deal in deals[::50]:
        hands, discard, pile = deal.args
        assert [len(h) for h in hands] == [5, 5, 5]
        cards = [c for h in hands for c in h] + [discard, *pile]
        assert len(set(cards)) == len(cards)  # one of each card
        assert deal.expected == reference_lines(deal.args)
