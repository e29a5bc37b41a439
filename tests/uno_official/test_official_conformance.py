"""A student's own engine graded on the conformance scenarios, through the real grader.

The "students" are built here: the reference engine flattened into one module (it must pass
every case, which shows the sandbox, the adapter and the comparison are faithful), the same
behind plain-dict functions (the other calling convention), and mutants with one rule broken
each, whose failures are predicted by hand from the rules.  The adapter's canonical comparison
is also checked against the reference's ``check_scenario``, a second implementation of the
conformance rule.
"""

from __future__ import annotations

import ast
import json
import random
import re
import textwrap
from dataclasses import replace
from pathlib import Path

import pytest

from graders.assignment import load_assignment
from graders.grade.engine import grade_submission
from graders.report import render
from graders.run.sandbox import bwrap_usable
from graders.submission import cleanup, load_submissions
from reference.uno_official import check_scenario
from reference.uno_official import plugin as official

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = ROOT / "reference" / "uno_official"
FIXTURES = ROOT / "fixtures" / "uno-official"
ISOLATIONS = [
    pytest.param("bwrap", marks=pytest.mark.skipif(not bwrap_usable(), reason="no bwrap")),
    "rlimits",
]
WRAP = """
_deal = deal_from_deck


def deal_from_deck(rules, seed, shuffles, deck, dealer, scores, round_no, turn):
    return _deal(rules, seed, shuffles, tuple(deck), dealer, tuple(scores), round_no, turn)
"""


def flat_engine() -> str:
    """The reference's rules as one student module (the harness imports single modules)."""
    parts = ["from __future__ import annotations"]
    for name in ("cards", "state", "engine", "view", "serialize"):
        tree = ast.parse((REFERENCE / f"{name}.py").read_text(encoding="utf-8"))
        tree.body = [
            n
            for n in tree.body
            if not (isinstance(n, ast.ImportFrom) and (n.level or n.module == "__future__"))
        ]
        parts.append(ast.unparse(tree))
    return "\n\n".join(parts) + "\n" + WRAP


@pytest.fixture(scope="module")
def assignment():
    # No thresholds: these tests grade the engine parts; the strategy has its own tests.
    a = load_assignment("uno-official")
    return replace(a, extra={"tournament": {"games": 1, "thresholds": []}})


@pytest.fixture(scope="module")
def engine_source() -> str:
    return flat_engine()


def grade(tmp_path, assignment, source, cases, isolation="rlimits"):
    path = tmp_path / "uno_official.py"
    path.write_text(source, encoding="utf-8")
    subs = load_submissions(path, assignment.module)
    try:
        return grade_submission(assignment, subs[0], cases, isolation=isolation)
    finally:
        cleanup(subs)


def failures(result) -> dict[str, list[str]]:
    return {c.name: c.messages for c in result.cases if not c.passed}


@pytest.mark.parametrize("isolation", ISOLATIONS)
def test_reference_engine_as_a_student_passes_every_case(
    tmp_path, assignment, engine_source, isolation
):
    cases = [c for c in assignment.cases() if c.part in ("deal", "rules")]
    assert len(cases) > 100 and any(c.hidden for c in cases)
    result = grade(tmp_path, assignment, engine_source, cases, isolation)
    assert failures(result) == {}
    assert [(p.id, p.points) for p in result.parts] == [("deal", 10.0), ("rules", 50.0)]


def test_plain_dict_engine_passes_too(tmp_path, assignment, engine_source):
    # Without state_from_json / state_to_json the functions get and return JSON dicts.
    renamed = engine_source
    for name in ("state_from_json", "state_to_json", "action_from_json", "rules_from_json"):
        renamed = re.sub(rf"\b{name}\b", f"_{name}", renamed)
    renamed = re.sub(r"\bapply\(", "_apply(", renamed)
    source = renamed + textwrap.dedent(
        """
        def apply(state, action):
            assert isinstance(state, dict) and isinstance(action, dict)
            return _state_to_json(_apply(_state_from_json(state), _action_from_json(action)))

        _deal_state = deal_from_deck

        def deal_from_deck(rules, *rest):
            assert isinstance(rules, dict)
            return _state_to_json(_deal_state(_rules_from_json(rules), *rest))
        """
    )
    cases = [c for c in assignment.cases(visibility="public") if c.part != "strategy"]
    result = grade(tmp_path, assignment, source, cases)
    assert failures(result) == {}


# One rule broken per mutant; the cases that must fail and why, worked out from the rules.
MUTANTS = {
    # "Draw Two: next player draws two cards and misses a turn": player 0 plays, player 1
    # draws; a mutant that forgets the skip leaves player 1 to act instead of player 2.
    "draw-two-does-not-skip": (
        (
            "            events.append(_tuple_new(Event, ('skipped', victim, None)))\n"
            "            current = (p + 2 * direction) % n",
            "            events.append(_tuple_new(Event, ('skipped', victim, None)))\n"
            "            current = victim",
        ),
        {"draw-two": ["current: expected 2, got 1"]},
    ),
    # Scoring "number cards count their face value, all action cards 20, Wild 50": a mutant
    # that counts cards instead scores 9 (not 27) for Y1 Y2 Y3 / G4 G5 G6 / B1 B2 B3.
    "counts-cards-not-points": (
        ("gained += POINTS[c]", "gained += 1"),
        {"go-out-and-score": ["scores: expected [27, 0, 0, 0], got [9, 0, 0, 0]"]},
    ),
    # An innocent Wild Draw Four challenged: the challenger draws 6, not 4 (3 + 6 = 9 cards).
    "innocent-challenge-draws-four": (
        (
            "penalty = _penalise(state, p, 6, events)",
            "penalty = _penalise(state, p, 4, events)",
        ),
        {"challenge-innocent-draws-six": ["hand of player 1: 2 cards missing at the end"]},
    ),  # fmt: skip
}


@pytest.mark.parametrize("name", sorted(MUTANTS))
def test_mutants_fail_where_the_rules_say(tmp_path, assignment, engine_source, name):
    (old, new), expected = MUTANTS[name]
    assert old in engine_source, "the mutation no longer applies to the reference"
    cases = [c for c in assignment.cases(visibility="public") if c.part != "strategy"]
    result = grade(tmp_path, assignment, engine_source.replace(old, new), cases)
    found = failures(result)
    for case, messages in expected.items():
        assert case in found, sorted(found)
        assert found[case][: len(messages)] == messages


def test_wrong_answers_are_explained(tmp_path, assignment):
    source = textwrap.dedent(
        """
        def deal_from_deck(rules, seed, shuffles, deck, dealer, scores, round_no, turn):
            return None                      # not a state at all

        def apply(state, action):
            if action["kind"] == "draw":
                raise ValueError("I never let anyone draw")   # refuses a legal action
            if action["kind"] == "pass":
                raise KeyError("oops")                        # a bug, not a verdict
            return state                                      # accepts everything else
        """
    )
    cases = {c.name: c for c in assignment.cases(visibility="public")}
    chosen = ["deal-number-first", "draw-one", "keep-drawn-card", "mismatch-is-illegal", "skip"]
    result = grade(tmp_path, assignment, source, [cases[n] for n in chosen])
    by_name = {c.name: c for c in result.cases}
    deal = by_name["deal-number-first"]
    assert deal.outcome == "wrong-shape" and "NoneType: None" in deal.messages[0]
    draw = by_name["draw-one"]
    assert draw.outcome == "failed" and "apply raised ValueError" in draw.messages[0]
    assert "I never let anyone draw" in draw.stdout
    assert by_name["keep-drawn-card"].outcome == "error"
    assert "KeyError" in by_name["keep-drawn-card"].messages[0]
    mismatch = by_name["mismatch-is-illegal"]
    assert mismatch.messages == [
        "expected apply to raise ValueError (the action is illegal), got a state"
    ]
    # returning the state unchanged after a Skip: the player to act, the hand and the discard
    # pile all stay as they were; the first lines say so in the game's terms
    skip = by_name["skip"].messages
    assert skip[0] == "current: expected 2, got 0"
    assert any(m.startswith("hand of player 0") for m in skip)
    assert any(m.startswith("discard pile (top first)") for m in skip)
    html = render(result, "html")
    assert "expected" in html and 'class="card red"' in html


def _fixture(rel: str) -> dict:
    return json.loads((FIXTURES / rel).read_text(encoding="utf-8"))


def _mutations(doc: dict, rng: random.Random) -> list[dict]:
    """Changed copies of an outcome: each either conforms or not, by check_scenario's rule."""
    out = []
    state = doc.get("state")
    if state is None:
        return [{"error": "x"}, {"state": {}}]
    for _ in range(6):
        d = json.loads(json.dumps(doc))
        s = d["state"]
        choice = rng.randrange(6)
        if choice == 0 and len(s["draw_pile"]) > 1:
            rng.shuffle(s["draw_pile"])
        elif choice == 1:
            s["current"] = (s["current"] + 1) % len(s["hands"])
        elif choice == 2 and s["draw_pile"]:
            k = rng.randrange(len(s["hands"]))
            s["hands"][k].append(s["draw_pile"].pop(0))
        elif choice == 3:
            s["seed"] += 1
        elif choice == 4 and s["draw_pile"]:
            k = rng.randrange(len(s["hands"]))
            if s["hands"][k]:
                s["hands"][k][0], s["draw_pile"][0] = s["draw_pile"][0], s["hands"][k][0]
        else:
            s["turn"] += 1
        out.append(d)
    out.append({"error": "illegal_action"})
    return out


def test_canonical_form_agrees_with_check_scenario():
    adapter = load_assignment("uno-official").plugin.adapter
    rng = random.Random(7)
    manifest = _fixture("manifest.json")
    compared = 0
    for entry in manifest["cases"]:
        if entry["part"] != "rules":
            continue
        expected = _fixture(entry["expected"])
        mode = "shuffled" if expected.get("shuffled") else "exact"
        for other in _mutations(expected, rng):
            same = adapter.canonical(expected, mode) == adapter.canonical(other, mode)
            assert same == (check_scenario(expected, other) == []), entry["name"]
            compared += 1
    assert compared > 500


def test_shuffled_answers_are_explained_by_what_a_shuffle_cannot_change():
    adapter = load_assignment("uno-official").plugin.adapter
    # reshuffle-when-pile-empty: player 0 (3 cards) draws from a reshuffled pile
    expected = _fixture("public/reshuffle-when-pile-empty.expected.json")
    exp = adapter.canonical(expected, "shuffled")
    assert exp["hand_sizes"] == [4, 3, 3, 3]
    wrong = json.loads(json.dumps(expected))
    wrong["state"]["hands"][1].append(wrong["state"]["hands"][0].pop())  # the wrong player
    wrong["state"]["draw_pile"].reverse()  # order is free after a shuffle: not a difference
    lines = official.describe("rules", exp, adapter.canonical(wrong, "shuffled"))
    assert lines == [
        "hand sizes: expected [4, 3, 3, 3], got [3, 4, 3, 3] (a reshuffle happened, so only "
        "sizes and the cards in play are compared)"
    ]
    # a Wild Draw Four turned up first must be returned: an engine that leaves it on top
    deal = _fixture("public/deal-wild-draw-four-first.expected.json")
    exp = adapter.canonical(deal, "first-discard")
    kept = json.loads(json.dumps(deal))
    top = kept["state"]["discard"][0]
    spot = kept["state"]["draw_pile"].index("W+4")
    kept["state"]["draw_pile"][spot] = top
    kept["state"]["discard"][0] = "W+4"
    lines = official.describe("deal", exp, adapter.canonical(kept, "first-discard"))
    assert lines == ["first discard: expected not a Wild Draw Four, got W+4"]


def test_a_failed_action_names_its_rule_and_the_state_before(tmp_path, assignment, engine_source):
    # The Draw Two mutant above: by the rules text, player 0's R+2 makes player 1 draw two and
    # miss the turn, so player 2 acts next; the mutant leaves player 1 to act.
    (old, new), _ = MUTANTS["draw-two-does-not-skip"]
    cases = {c.name: c for c in assignment.cases(visibility="public")}
    result = grade(tmp_path, assignment, engine_source.replace(old, new), [cases["draw-two"]])
    fd = result.cases[0].first_divergence
    assert fd["where"] == "the action: player 0 plays R+2"
    assert fd["rule"] == (
        '"Draw Two" in the rules text ("the next player draws two cards and misses a turn")'
    )
    assert fd["expected"].startswith("accepts it: then player 2 to act (play)")
    assert fd["got"].startswith("accepts it: then player 1 to act (play)")
    assert fd["state_text"][1] == "hand of player 0: RS RR R+2 G1  <- to act"
    html = render(result, "html")
    before = html[html.index("The state before it") :]
    assert "player 0 (to act)" in before and 'class="card red">R+2' in before
    assert result.cases[0].given[-1] == "action: player 0 plays R+2"


def test_an_accepted_illegal_action_cites_matching(tmp_path, assignment):
    # B7 on R9 matches neither colour nor number: the engine must refuse it.
    source = "def apply(state, action):\n    return state\n"
    cases = {c.name: c for c in assignment.cases(visibility="public")}
    result = grade(tmp_path, assignment, source, [cases["mismatch-is-illegal"]])
    fd = result.cases[0].first_divergence
    assert fd["where"] == "the action: player 0 plays B7"
    assert fd["rule"].startswith('"On your turn" in the rules text ("play one card matching')
    assert fd["expected"] == "refuses it: raises ValueError (the action is illegal)"
    assert fd["got"].startswith("accepts it")


def test_every_rule_quoted_is_in_the_rules_text():
    from reference.uno_official.explain import RULES
    from reference.uno_official.rules_text import OFFICIAL_RULES

    text = " ".join(OFFICIAL_RULES.split())
    for name, quote in RULES.values():
        assert name in text, name
        assert " ".join(quote.split()) in text, quote
