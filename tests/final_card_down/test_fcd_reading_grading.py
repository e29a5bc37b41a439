"""A submission graded under its own reading of the open rules (D1, D2, D4).

``examples/final-card-down/other-reading`` reads D1 the other way (a play is allowed after an
ordinary draw) in its ADT and its suite. Before this was graded under the student's reading
the issue measured it at about 43/100 (sound work judged by the page's reading); under its
own reading it must score full marks, declared or not, while a submission that is merely
wrong gains nothing from another reading, declared or inferred.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from test_fcd_faq import deal

from graders.cli import main
from reference.final_card_down import reading, suite
from reference.final_card_down.game.readings import Readings
from reference.final_card_down.harness_files import load
from reference.final_card_down.mutants import get_mutant, mutant_labels, sources

# Slow tier: grades whole classes in the sandbox.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "final-card-down"
SR = load("scenario_runner.py")
D1 = Readings(play_after_draw=True)
D2 = Readings(drawn_draw_two_stays=True)


def grade(tmp_path, *folders):
    out = tmp_path / "reports"
    result = CliRunner().invoke(
        main, ["grade", "final-card-down", *map(str, folders), "--out", str(out)]
    )
    assert result.exit_code in (0, 1), result.output
    return {
        f.name: json.loads((out / f.name / "result.json").read_text(encoding="utf-8"))
        for f in map(Path, folders)
    }


def student(tmp_path, name, source="other-reading", declaration=None):
    """A copy of an example whose game.py declares ``declaration`` (a line) or nothing."""
    folder = tmp_path / name
    shutil.copytree(EXAMPLES / source, folder)
    game = folder / "game.py"
    lines = [
        line for line in game.read_text(encoding="utf-8").splitlines() if "READINGS =" not in line
    ]
    if declaration is not None:
        lines.insert(lines.index("from __future__ import annotations") + 1, declaration)
    game.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return folder


# ----------------------------------------------------------------- whole submissions


def test_the_other_reading_example_scores_full_marks_declared_or_not(tmp_path):
    undeclared = student(tmp_path, "undeclared")
    page = student(tmp_path, "page", declaration="READINGS = {}")  # the page's decisions
    results = grade(tmp_path, EXAMPLES / "other-reading", undeclared, page)
    declared = results["other-reading"]
    assert declared["score"] == declared["max_score"] == 100
    assert any("declares: D1 the other way (play_after_draw" in n for n in declared["notes"])
    assert results["undeclared"]["score"] == 100
    (inferred,) = results["undeclared"]["notes"]
    assert "declares no READINGS" in inferred and "D1 the other way" in inferred
    assert 'READINGS = {"play_after_draw": True}' in inferred
    # Judged by the page's reading, the same work loses every mutant and the D1 scenarios.
    assert results["page"]["score"] < 50
    parts = {p["id"]: p for p in results["page"]["parts"]}
    assert parts["tests-mutants"]["points"] == 0 and parts["adt"]["points"] < 70


def test_a_wrong_submission_gains_nothing_from_another_reading(tmp_path):
    ben = EXAMPLES / "ben"
    claims = student(tmp_path, "claims", "ben", 'READINGS = {"drawn_draw_two_stays": True}')
    results = grade(tmp_path, ben, claims)
    assert results["ben"]["notes"] == []  # no reading inferred: merely wrong answers
    # Declaring D2's other reading does not shorten the scenarios it truncates: the moves that
    # reading refuses must be refused, and ben's ADT plays them.
    assert results["claims"]["score"] < results["ben"]["score"]


def test_a_bad_declaration_is_reported_and_ignored(tmp_path):
    folder = student(tmp_path, "typo", declaration='READINGS = {"play_after_drwa": True}')
    (result,) = grade(tmp_path, folder).values()
    problem = next(n for n in result["notes"] if "play_after_drwa" in n)
    assert problem.startswith("game.py line ") and "ignored" in problem
    assert result["score"] == 100  # and the reading is inferred instead
    assert any("declares no READINGS" in n for n in result["notes"])


# ----------------------------------------------------------------- the declaration


@pytest.mark.parametrize(
    ("text", "readings", "problem"),
    [
        ('READINGS = {"play_after_draw": True}\n', D1, None),
        ('READINGS: dict = {"drawn_draw_two_stays": True}\n', D2, None),
        ("READINGS = {}\n", Readings(), None),
        ("x = 1\n", None, None),
        ("def f(:\n", None, None),  # the import fails and says so elsewhere
        ("READINGS = dict(play_after_draw=True)\n", None, "line 1: READINGS is not a literal"),
        ('READINGS = ["play_after_draw"]\n', None, "is not a dict"),
        ('\nREADINGS = {"play_after_draw": 1}\n', None, "line 2: READINGS: every value"),
        ('READINGS = {"x": True, 3: False}\n', None, "names 'x', 3, not one of"),
        ("READINGS = " + "[" * 5000 + "]" * 5000 + "\n", None, None),
    ],
)
def test_declared(tmp_path, text, readings, problem):
    (tmp_path / "game.py").write_text(text, encoding="utf-8")
    found, said = reading.declared(tmp_path)
    assert found == readings
    if problem is None:
        assert said is None or "ignored" in said  # a too-deep literal is only ignored
    else:
        assert problem in said and said.startswith("game.py")


def test_no_folder_or_no_game_declares_nothing(tmp_path):
    assert reading.declared(None) == (None, None)
    assert reading.declared(tmp_path) == (None, None)


# ----------------------------------------------------------------- expectations


def scenario(deck, *steps):
    return {"format": SR.FORMAT, "name": "hand-made", "deck": deck, "steps": list(steps)}


def move(text):
    return {"move": text}


def test_expected_under_refuses_a_move_and_ends_there():
    # First discard DRAW_TWO: player 0 draws 2 and ends; player 1 draws one card and ends.
    # The page (D2): the DRAW_TWO is spent, so player 1's END_TURN is valid. The other
    # reading: player 1 owes two cards too, so that END_TURN is refused.
    steps = [move(m) for m in ("DRAW_CARD", "DRAW_CARD", "END_TURN", "DRAW_CARD", "END_TURN")]
    steps.append({"q": "currentPlayer", "args": []})
    s = scenario(deal({}, top="RED DRAW_TWO HEARTS"), *steps)
    page = reading.expected_under(s, Readings())
    assert [a for _, a in page] == ["created"] + ["played"] * 5 + [2]
    other = reading.expected_under(s, D2)
    assert [a for _, a in other] == ["created"] + ["played"] * 4 + [SR.REFUSED]


def test_a_refused_move_must_be_refused():
    expected = [["newGame", "created"], ["END_TURN", SR.REFUSED]]
    refused = [["newGame", "created"], ["END_TURN", {"valid": False, "raised": "x", "in": "p"}]]
    assert SR.compare_answers("s", expected, refused) == []
    (played,) = SR.compare_answers("s", expected, [["newGame", "created"], ["END_TURN", "played"]])
    assert (played["query"], played["expected"], played["actual"]) == (
        "isValidMove(END_TURN)",
        False,
        True,
    )


def test_a_query_outside_the_contract_is_not_graded():
    expected = [["newGame", "created"], ["pastMove(1, 0)", SR.NOT_GRADED], ["numTurns()", 2]]
    anything = [["newGame", "created"], ["pastMove(1, 0)", {"raised": "E: no"}], ["numTurns()", 2]]
    assert SR.compare_answers("s", expected, anything) == []
    wrong = [["newGame", "created"], ["pastMove(1, 0)", "END_TURN"], ["numTurns()", 3]]
    assert [m["query"] for m in SR.compare_answers("s", expected, wrong)] == ["numTurns()"]


# ----------------------------------------------------------------- weighing the readings


def test_evidence_counts_only_where_the_readings_differ():
    page = [["n", "created"], ["q1", 1], ["q2", True], ["m", "played"], ["q3", 5]]
    other = [["n", "created"], ["q1", 1], ["q2", False], ["m", SR.REFUSED]]

    def got(*answers):
        return [["n", "created"], *([f"s{k}", a] for k, a in enumerate(answers))]

    assert reading.evidence(page, other, got(1, False, {"valid": False})) == 2
    assert reading.evidence(page, other, got(1, True, "played", 5)) == -2
    assert reading.evidence(page, other, got(9, "True", {"raised": "x", "in": "isValidMove"})) == 0


def test_infer_needs_strictly_more_evidence():
    depends = [("play_after_draw",), ("drawn_draw_two_stays",), ()]
    table = {("play_after_draw",): [3, 0, 0], ("drawn_draw_two_stays",): [0, -1, 0]}

    def evidence_for(i, readings):
        return table.get(readings.differences(), [0, 0, 0])[i]

    assert reading.infer(depends, evidence_for) == D1
    assert reading.infer(depends, lambda i, r: 0) == Readings()
    both = {("play_after_draw",): 1, ("drawn_draw_two_stays",): 1}

    def either(i, readings):
        on = readings.differences()
        return both.get(on, 1 if set(depends[i]) & set(on) else 0)

    assert reading.infer(depends, either) == Readings(True, True, False)


# ----------------------------------------------------------------- the suite's targets


def test_the_reference_and_the_mutants_play_the_students_reading():
    assert "DEFAULT = Readings(play_after_draw=True)" in sources(None, D1)["readings.py"]
    assert sources(None) == sources(None, Readings())
    mutant = get_mutant("play_after_draw")
    # Under D1's other reading its patch is no bug: the mutant is the page's decision.
    swapped = sources(mutant.name, D1)
    assert swapped == sources(None)
    assert sources(mutant.name)["rules.py"] != sources(None)["rules.py"]
    label = next(x for x in mutant_labels() if suite.mutant_for(x) is mutant)
    assert suite.target_files(suite.run_label(label, D1)) == swapped
    assert "D1 read the page's way" in suite.mutant_rule(label, D1)
    assert suite.mutant_rule(label) == mutant.rule
    assert suite.parse_run_label("mutant-03@play_after_draw+drawn_draw_two_stays") == (
        "mutant-03",
        Readings(True, True, False),
    )
    with pytest.raises(ValueError, match="unknown readings"):
        suite.parse_run_label("reference@anything")
