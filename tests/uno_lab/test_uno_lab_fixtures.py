"""Fixtures: reproducible, in the manifest format, agreeing with the hand-written expectations, and
judged with feedback that writes values as Python (the fixtures and replies stay in the course's
notation).

Judging is tested on replies written here by hand (what the sandbox would send back), so these
tests run no submission; the reference runs in process through the adapter only to check that it
meets the hand-written expectations.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from graders.assignment import load_assignment
from graders.paths import fixtures_dir
from reference import uno_lab as u
from reference.uno_lab import fixtures, grading, plugin
from reference.uno_lab.cases import CaseInput, Expected, parse_case_input, parse_expected
from reference.uno_lab.notation import NotationError, parse_call, parse_value

FILES = fixtures.generate_fixtures(2024, 6)
MANIFEST = json.loads(FILES["manifest.json"])


def reply(result: str | None = None, raised: str | None = None, printed: str = "") -> dict:
    """A reply as the adapter sends it back from the sandbox."""
    return {"key": "k", "function": "", "result": result, "raised": raised, "printed": printed}


def judge(call: str, expected: str, answer: dict, task: str | None = None) -> tuple[str, ...]:
    case = CaseInput(task or call.split()[0].split(".")[0], call)
    return grading.verdict(case, parse_expected(expected), answer)


def test_generation_is_reproducible_and_seed_dependent():
    assert fixtures.generate_fixtures(2024, 6) == FILES
    assert fixtures.generate_fixtures(7, 6) != FILES


def test_committed_fixtures_are_the_generated_ones():
    folder = fixtures_dir("uno-lab")
    for rel, text in FILES.items():
        assert (folder / rel).read_text(encoding="utf-8") == text, rel
    committed = {str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file()}
    assert committed == set(FILES)


def test_manifest_format_and_coverage():
    assert MANIFEST["assignment"] == "uno-lab" and "write_fixtures" in MANIFEST["generated_by"]
    for case in MANIFEST["cases"]:
        assert set(case) == {"name", "part", "visibility", "covers", "input", "expected"}
        assert case["visibility"] in ("public", "hidden")
        assert case["input"] in FILES and case["expected"] in FILES
        task = case["covers"][0]
        assert case["part"] == f"task{u.TASK_NUMBER[task]:02d}"
    assert {c["part"] for c in MANIFEST["cases"]} == {f"task{n:02d}" for n in range(1, 33)}
    assert {c["covers"][0] for c in MANIFEST["cases"] if "-edge-" in c["name"]} == set(u.TASKS)
    assert {c["part"] for c in MANIFEST["cases"] if c["visibility"] == "hidden"}


def test_assignment_parts_match_the_reference_points():
    a = load_assignment("uno-lab")
    assert [p.id for p in a.parts] == [f"task{n:02d}" for n in range(1, 33)]
    assert {p.id: p.points for p in a.parts} == {
        f"task{n:02d}": float(points) for n, points in u.TASK_POINTS.items()
    }
    assert a.total_points == 100 and a.module == "solution" and a.adapter == "harness/adapter.py"
    assert [p.function for p in a.parts][:2] == ["precedes", "colorIsLT"]
    assert len(a.cases()) == len(MANIFEST["cases"])


@pytest.mark.parametrize("hand", fixtures.HAND_WRITTEN, ids=lambda h: f"{h.task}-{h.label}")
def test_reference_meets_every_hand_written_expectation(hand):
    expected = parse_expected(hand.expected)
    assert grading.verdict(hand.case, expected, grading.run_reference(hand.case)) == ()


def test_every_fixture_passes_with_the_reference():
    failed = []
    for c in MANIFEST["cases"]:
        case = parse_case_input(FILES[c["input"]])
        lines = grading.verdict(
            case, parse_expected(FILES[c["expected"]]), grading.run_reference(case)
        )
        if lines:
            failed.append((c["name"], lines))
    assert failed == []


def test_printing_tasks_grade_their_output_and_the_others_do_not():
    for c in MANIFEST["cases"]:
        if "-random-" not in c["name"]:
            continue
        expected = parse_expected(FILES[c["expected"]])
        task = c["covers"][0]
        if expected.properties is None:
            assert (expected.printed is not None) == (task in grading.PRINTING_TASKS), c["name"]


def test_fixture_players_use_no_strategy_a_task_answers_except_game():
    """play and yourTurn must not depend on the student's Naive: their players are First or
    False; only game plays the student's own Naive."""
    for c in MANIFEST["cases"]:
        text = FILES[c["input"]]
        if "Naive.ownStrategy" in text:
            assert c["covers"][0] in ("game", "Naive"), c["name"]
        assert "Manual.ownStrategy" not in text


# ---------------------------------------------------------------------------------------------
# Feedback in Python, on hand-written replies in the course's notation.
# ---------------------------------------------------------------------------------------------


def test_feedback_writes_python_while_fixtures_keep_the_notation():
    lines = judge(
        "cardSort [CRD (SKIP, RED), WILD]",
        "result: [WILD, CRD (SKIP, RED)]\n",
        reply("[CRD (SKIP, RED), WILD]"),
    )
    assert lines == ("cardSort: expected [WILD, CRD(SKIP, RED)], got [CRD(SKIP, RED), WILD]",)
    assert judge("hasColor (RED, [WILD])", "result: false\n", reply("true")) == (
        "hasColor: expected False, got True",
    )
    assert judge("checkWinner x", 'result: SOME ("Saveliy", [("Sergey", 25)])\n', reply("NONE"),
                 task="checkWinner") == (
        "checkWinner: expected ('Saveliy', [('Sergey', 25)]), got None",
    )  # fmt: skip
    order = "result: ORDER (WILD, GREEN)\n"
    assert judge("Naive.ownStrategy x", order, reply("GIVE RED"), task="Naive") == (
        "Naive: expected ORDER(WILD, GREEN), got GIVE(RED)",
    )
    assert judge("cardSort [WILD]", "result: [WILD]\n", reply("[WILD]")) == ()
    # a tuple where a list is expected is the same value
    pair = "result: [WILD, CRD (SKIP, RED)]\n"
    assert judge("cardSort [WILD]", pair, reply("(WILD, CRD (SKIP, RED))")) == ()


def test_exceptions_and_accepted_alternatives():
    absent = "result: false\naccept: raises IllegalGame\n"
    assert judge("precedes (op =) [] 3 5", absent, reply("false")) == ()
    assert judge("precedes (op =) [] 3 5", absent, reply(raised="IllegalGame")) == ()
    assert judge("precedes (op =) [] 3 5", absent, reply(raised="List.Empty")) == (
        "precedes: expected False, got Empty",
    )
    call = "removeCard ([], CRD (NUM 2, BLUE), List.Empty)"
    assert judge(call, "raises: List.Empty\n", reply("[]")) == (
        "removeCard: expected to raise Empty, got []",
    )
    move = 'IllegalMove ("Sergey", (PROCEED, [], [], WILD, CLOCKWISE, [], [1]))'
    assert judge("play (x)", f"raises: {move}\n", reply(raised=move), task="play") == ()
    other = move.replace("[1]", "[2]")
    assert judge("play (x)", f"raises: {move}\n", reply(raised=other), task="play") == (
        "play: expected to raise IllegalMove('Sergey', (PROCEED, [], [], WILD, CLOCKWISE, [], [1]))"
        ", got IllegalMove('Sergey', (PROCEED, [], [], WILD, CLOCKWISE, [], [2]))",
    )


def _desk(names: list[str], pile: str = "[]", state: str = "PROCEED") -> str:
    players = ", ".join(
        f'{{name = "{n}", cards = [], strategy = False.ownStrategy, manual = false}}' for n in names
    )
    return (
        f"{{players = [{players}], pile = {pile}, deck = [], state = {state}, "
        "direction = CLOCKWISE, memo = []}"
    )


def test_a_wrong_desk_is_reported_field_by_field_and_output_line_by_line():
    want = _desk(["Pavel", "Saveliy", "Sergey"])
    expected = f"result: {want}\nprinted:\n|\n|The turn of Pavel\n|\n"
    call = "nextPlayer " + _desk(["Sergey", "Pavel", "Saveliy"])
    got = reply(_desk(["Saveliy", "Sergey", "Pavel"]), printed="\nThe turn of Saveliy\n")
    assert judge(call, expected, got) == (
        "nextPlayer: players expected in the order ['Pavel', 'Saveliy', 'Sergey'], got "
        "['Saveliy', 'Sergey', 'Pavel']",
        "nextPlayer: printed line 2: expected 'The turn of Pavel', got 'The turn of Saveliy'",
    )
    got = reply(_desk(["Pavel", "Saveliy", "Sergey"], state="EXECUTE"), printed="")
    assert judge(call, expected, got) == (
        "nextPlayer: state expected PROCEED, got EXECUTE",
        "nextPlayer: printed nothing, expected '\\nThe turn of Pavel\\n'",
    )
    card = want.replace('"Pavel", cards = []', '"Pavel", cards = [WILD]', 1)
    assert judge(call, f"result: {want}\n", reply(card)) == (
        "nextPlayer: player 'Pavel': cards expected [], got [WILD]",
    )
    other = want.replace("strategy = False.ownStrategy", "strategy = First.ownStrategy", 1)
    assert judge(call, f"result: {want}\n", reply(other)) == (
        "nextPlayer: player 'Pavel': strategy expected FalseStrategy.ownStrategy, got "
        "First.ownStrategy",
    )


def test_a_memo_that_differs_only_in_its_pass_moves_names_the_rule():
    want = _desk(["Pavel", "Saveliy", "Sergey"]).replace(
        "memo = []", "memo = [PASS, ORDER (WILD, RED)]"
    )
    call = "moveAction (x)"
    lost = reply(want.replace("memo = [PASS, ORDER (WILD, RED)]", "memo = [ORDER (WILD, RED)]"))
    (line,) = judge(call, f"result: {want}\n", lost, task="moveAction")
    assert line.startswith(
        "moveAction: memo expected [PASS, ORDER(WILD, RED)], got [ORDER(WILD, RED)] (a skipped "
        "turn is a PASS in the memo: "
    )
    wrong = reply(want.replace("memo = [PASS, ORDER (WILD, RED)]", "memo = [PASS, PASS]"))
    assert judge(call, f"result: {want}\n", wrong, task="moveAction") == (
        "moveAction: memo expected [PASS, ORDER(WILD, RED)], got [PASS, PASS]",
    )


def test_properties_catch_a_deal_that_loses_cards():
    hand = next(h for h in fixtures.HAND_WRITTEN if h.task == "deal" and h.label == "ten")
    good = grading.run_reference(hand.case)
    assert grading.verdict(hand.case, parse_expected(hand.expected), good) == ()
    desk = parse_value(good["result"])
    lost = dict(good, result=u.show(u.Desk.setDeck(desk, u.Desk.getDeck(desk)[1:])))
    assert grading.verdict(hand.case, parse_expected(hand.expected), lost) == (
        "deal: the cards on the desk are not the 108 cards of the deck",
    )
    silent = dict(good, printed="")
    assert grading.verdict(hand.case, parse_expected(hand.expected), silent) == (
        "deal: printed '', expected the dealer message",
    )


def test_missing_names_and_unreadable_results():
    case = CaseInput("game", "game []")
    expected = Expected(properties="game")
    assert grading.verdict(case, expected, {"key": "k", "missing": "Naive.ownStrategy"}) == (
        "game: this case needs Naive.ownStrategy, which is not defined in your solution",
    )
    assert grading.verdict(case, expected, {"key": "k", "missing": "game"}) == (
        "game: game is not defined in your solution",
    )
    weird = reply("<generator object at 0x1>")
    assert judge("cardSort []", "result: []\n", weird) == (
        "cardSort: returned <generator object at 0x1>, which is not a value of the lab",
    )


def test_the_plugin_hands_out_inputs_only_and_judges_in_the_grader():
    a = load_assignment("uno-lab")
    case = next(c for c in a.cases() if c.name == "cardSort-edge-seed")
    (sent,) = case.args
    assert set(sent) == {"key", "task", "call", "seed", "stdin"}
    assert "[WILD, CRD (SKIP, RED), CRD (DRAW_TWO, GREEN)" not in json.dumps(sent)  # the answer
    answer = {
        "key": sent["key"],
        "function": "cardSort",
        "result": "[WILD, CRD (SKIP, RED), CRD (DRAW_TWO, GREEN), CRD (NUM 5, GREEN), "
        "CRD (REVERSE, YELLOW), CRD (NUM 8, YELLOW), CRD (NUM 2, YELLOW)]",
        "raised": None,
        "printed": "",
    }
    assert plugin.check_shape(case.part, answer) is None
    assert plugin.judge(case, answer) == []
    forged = {"key": sent["key"], "verdict": "passed"}  # a reply pretending to be a verdict
    assert plugin.check_shape(case.part, forged) is not None
    wrong = dict(answer, result="[WILD]")
    assert plugin.judge(case, wrong) == [
        "cardSort: expected [WILD, CRD(SKIP, RED), CRD(DRAW_TWO, GREEN), CRD(NUM(5), GREEN), "
        "CRD(REVERSE, YELLOW), CRD(NUM(8), YELLOW), CRD(NUM(2), YELLOW)], got [WILD]",
        "the call: cardSort([CRD(NUM(2), YELLOW), CRD(NUM(5), GREEN), CRD(NUM(8), YELLOW), "
        "CRD(REVERSE, YELLOW), WILD, CRD(SKIP, RED), CRD(DRAW_TWO, GREEN)])",
    ]
    hidden = next(c for c in a.cases() if c.hidden and c.part == "task04")
    (sent_hidden,) = hidden.args
    assert len(plugin.judge(hidden, dict(answer, key=sent_hidden["key"]))) == 1  # no call shown
    other = dict(answer, key="someone-else")
    assert plugin.judge(case, other) == ["the reply does not belong to this case"]
    assert plugin.check_shape(case.part, dict(answer, result="5")) == (
        "cardSort: expected a list of cards, got 5"
    )
    assert plugin.check_shape(case.part, dict(answer, result='"5"')) == (
        "cardSort: expected a list of cards, got '5'"
    )


# ---------------------------------------------------------------------------------------------
# The notation and the case files.
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("CRD (NUM 5, RED", "line 1, column 16"),
        ("CRD (NUM 12, RED)", "line 1, column 6"),
        ("[WILD,\n PURPLE]", "line 2, column 2"),
        ("WILD $", "line 1, column 6"),
        ("{name = 1}", "line 1, column 1"),
    ],
)
def test_bad_notation_names_the_place(text, where):
    with pytest.raises(NotationError) as caught:
        parse_value(text)
    assert where in str(caught.value)
    assert isinstance(caught.value, ValueError)


def test_calls_and_case_files_parse():
    call = parse_call("playableWhenProc (NUM 5, RED) (CRD (SKIP, RED))")
    assert call.function == "playableWhenProc"
    assert call.arguments == ((u.NUM(5), u.RED), u.CRD(u.SKIP, u.RED))
    case = parse_case_input("# c\ntask: deal\nseed: 3\nstdin: 0|2\ncall: deal\n      []\n")
    assert (case.task, case.seed, case.stdin, case.call_text) == ("deal", 3, ("0", "2"), "deal\n[]")
    with pytest.raises(NotationError):
        parse_case_input("task: x\n")
    with pytest.raises(NotationError, match="line 3"):
        parse_expected("result: 1\nprinted:\nno bar\n")


def test_a_broken_fixture_is_reported_with_its_file(tmp_path: Path):
    a = load_assignment("uno-lab")
    (tmp_path / "cases").mkdir()
    (tmp_path / "cases" / "x.in").write_text("task: cardSort\ncall: cardSort [CRD (NUM 5, RED]\n")
    (tmp_path / "cases" / "x.out").write_text("result: []\n")
    entry = {"name": "x", "part": "task04", "visibility": "public", "input": "cases/x.in",
             "expected": "cases/x.out"}  # fmt: skip
    with pytest.raises(ValueError, match=r"fixtures/uno-lab/cases/x.in, the call: line 1"):
        plugin.load_case(a, entry, tmp_path)
    (tmp_path / "cases" / "x.in").write_text("task: cardSort\ncall: cardSort []\n")
    with pytest.raises(ValueError, match="belongs to task04, not task05"):
        plugin.load_case(a, dict(entry, part="task05"), tmp_path)
    (tmp_path / "cases" / "x.out").write_text("result: [PURPLE]\n")
    with pytest.raises(ValueError, match=r"cases/x.out: line 1, column 2"):
        plugin.load_case(a, entry, tmp_path)
    (tmp_path / "cases" / "x.out").write_text("properties: sorted\n")
    with pytest.raises(ValueError, match="no property checker named 'sorted'"):
        plugin.load_case(a, entry, tmp_path)
