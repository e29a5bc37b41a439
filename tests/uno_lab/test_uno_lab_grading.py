"""uno-lab through the grader: the example class, both isolation modes, hostile and broken
submissions, the style review and its deduction, and the check, play, solve and fixtures commands.

Every submission here runs in the sandbox (``grade_submission`` or the ``unograde`` command);
what the tests expect comes from the examples' README (written by hand from their code), the seed's
printed forms and the seed's rules, never from running the code under test.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from dataclasses import replace
from pathlib import Path

import pytest

from graders.assignment import load_assignment
from graders.grade.engine import grade_submission
from graders.run.sandbox import bwrap_usable
from graders.submission import cleanup, load_submissions

# Slow tier: grades whole classes in the sandbox.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "uno-lab"
STARTER = ROOT / "assignments" / "uno-lab" / "starter" / "solution.py"
FULL = EXAMPLES / "full_solution.py"
ISOLATIONS = [
    pytest.param("bwrap", marks=pytest.mark.skipif(not bwrap_usable(), reason="no bwrap")),
    "rlimits",
]
ALL_PARTS = {f"task{n:02d}" for n in range(1, 33)}


def cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "graders.cli", *args],
        capture_output=True,
        text=True,
        input=stdin,
        timeout=300,
        cwd=ROOT,
    )


@pytest.fixture(scope="module")
def assignment():
    return load_assignment("uno-lab")


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """The example class graded once by the command, as the README says to."""
    out = tmp_path_factory.mktemp("uno-lab") / "out"
    proc = cli("grade", "uno-lab", str(EXAMPLES), "--out", str(out))
    assert proc.returncode == 0, proc.stderr
    results = {
        p.name: json.loads((p / "result.json").read_text()) for p in out.iterdir() if p.is_dir()
    }
    return proc.stdout, results, out


def lost_parts(result: dict) -> set[str]:
    return {p["id"] for p in result["parts"] if p["points"] < p["max_points"]}


def messages(result: dict, name: str) -> list[str]:
    return next(c["messages"] for c in result["cases"] if c["name"] == name)


def grade_source(tmp_path, assignment, source, isolation="auto", cases=None, name="student"):
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(source))
    subs = load_submissions(path, assignment.module)
    try:
        return grade_submission(
            assignment, subs[0], cases or assignment.cases(), isolation=isolation
        )
    finally:
        cleanup(subs)


# ---------------------------------------------------------------------------------------------
# The example class, as examples/uno-lab/README.md describes it.
# ---------------------------------------------------------------------------------------------


def test_every_example_is_graded_with_32_parts(graded):
    stdout, results, out = graded
    assert set(results) == {
        "full_solution",
        "memo_pass",
        "style_only",
        "partial_ordering_mistakes",
        "partial_turn_mistakes",
    }
    for result in results.values():
        assert {p["id"] for p in result["parts"]} == ALL_PARTS
        assert result["max_score"] == 100
    assert (out / "scores.csv").is_file() and "scores.csv" in stdout


def test_full_solution_scores_full_marks_and_meets_every_requirement(graded):
    _, results, _ = graded
    full = results["full_solution"]
    assert full["score"] == 100 and lost_parts(full) == set()
    assert full["review"] == ['style: all 30 "must use" requirements of the lab are met']


def test_memo_pass_scores_full_marks(graded):
    _, results, _ = graded
    memo = results["memo_pass"]
    assert memo["score"] == 100 and lost_parts(memo) == set()
    assert memo["review"] == ['style: all 30 "must use" requirements of the lab are met']


def test_a_memo_without_the_pass_of_a_wild_draw_four_loses_only_those_cases(tmp_path, assignment):
    """The transcript's reading (no PASS for the player WILD_DRAW_FOUR punishes) against the
    task's text: the cases where Pavel skips fail, every other case passes, the feedback says
    the rule (the page's decision on the memo's PASS)."""
    source = (EXAMPLES / "memo_pass.py").read_text()
    forgetful = source.replace(
        "return skipTurn(drawFour(nextPlayer(ordered)))",
        "return nextPlayer(drawFour(nextPlayer(ordered)))",
    )
    assert forgetful != source
    cases = [c for c in assignment.cases() if c.part in ("task25", "task27", "task28", "task29")]
    result = grade_source(tmp_path, assignment, forgetful, cases=cases)
    failed = {c.name: c.messages for c in result.cases if not c.passed}
    assert set(failed) == {
        "moveAction-edge-wd4-no-colour", "play-edge-first-wd4", "play-random-003"
    }  # fmt: skip
    # 6 points over 9 moveAction cases, 8 over 9 play cases: 6/9 + 2 * 8/9, so about 97.6 in all
    lost = sum(c.max_points for c in result.cases if not c.passed)
    assert round(lost, 3) == round(6 / 9 + 16 / 9, 3)
    assert failed["moveAction-edge-wd4-no-colour"][0] == (
        "moveAction: memo expected [PASS], got [] (a skipped turn is a PASS in the memo: the "
        "player WILD_DRAW_FOUR punishes in moveAction, the player execution skips, the player "
        "yourTurn passes after a useless draw; nobody skips when the WILD_DRAW_FOUR's player held "
        "the colour)"
    )
    assert failed["moveAction-edge-wd4-no-colour"][-1].startswith(
        "the call: moveAction(ORDER(WILD_DRAW_FOUR, GREEN), Desk.make(players=[Player.make("
    )


def test_style_only_scores_full_marks_with_five_style_notes(graded):
    _, results, _ = graded
    style = results["style_only"]
    assert style["score"] == 100 and style["deduction"] == 0
    assert style["review"] == [
        "style: colorIsLT: uses precedes (the lab requires it)",
        "style: rankIsLT: uses precedes (the lab requires it)",
        "style: cardSort: uses sorted or list.sort (the lab requires it)",
        "style: sumCards: uses cardValue (the lab requires it)",
        "style: hasColor: searches (next or any), like isSome/List.find (the lab requires it)",
    ]


def test_partial_ordering_mistakes_lose_points_where_the_readme_says(graded):
    _, results, _ = graded
    r = results["partial_ordering_mistakes"]
    assert lost_parts(r) == {"task03", "task04", "task24"} | {f"task{n}" for n in range(25, 33)}
    by_part = {p["id"]: p for p in r["parts"]}
    for n in range(25, 33):
        assert {c["outcome"] for c in r["cases"] if c["part"] == f"task{n}"} == {"missing"}
    assert by_part["task16"]["passed"] == by_part["task16"]["total"]  # drawFour behaves
    # the seed's own example of task 4, as Python, then the call to paste into a test
    assert messages(r, "cardSort-edge-seed") == [
        "cardSort: expected [WILD, CRD(SKIP, RED), CRD(DRAW_TWO, GREEN), CRD(NUM(5), GREEN), "
        "CRD(REVERSE, YELLOW), CRD(NUM(8), YELLOW), CRD(NUM(2), YELLOW)], got [CRD(NUM(2), "
        "YELLOW), CRD(NUM(5), GREEN), CRD(NUM(8), YELLOW), CRD(REVERSE, YELLOW), CRD(SKIP, RED), "
        "CRD(DRAW_TWO, GREEN), WILD]",
        "the call: cardSort([CRD(NUM(2), YELLOW), CRD(NUM(5), GREEN), CRD(NUM(8), YELLOW), "
        "CRD(REVERSE, YELLOW), WILD, CRD(SKIP, RED), CRD(DRAW_TWO, GREEN)])",
    ]
    # YELLOW < BLUE decides before the ranks 9 > 0
    assert messages(r, "isLT-edge-colour-first") == [
        "isLT: expected True, got False",
        "the call: isLT(CRD(NUM(9), YELLOW), CRD(NUM(0), BLUE))",
    ]
    assert "style: drawFour: does not call draw directly (the lab requires it)" in r["review"]


def test_partial_turn_mistakes_lose_points_where_the_readme_says(graded):
    _, results, _ = graded
    r = results["partial_turn_mistakes"]
    assert lost_parts(r) == {
        "task12", "task13", "task22", "task25", "task27", "task28", "task29", "task32"
    }  # fmt: skip
    others = (
        "Player.make('Pavel', [], FalseStrategy.ownStrategy, False), "
        "Player.make('Saveliy', [], FalseStrategy.ownStrategy, False)"
    )
    three = f"Player.make('Sergey', [], FalseStrategy.ownStrategy, False), {others}"
    assert messages(r, "nextPlayer-edge-course") == [
        "nextPlayer: printed nothing, expected '\\nThe turn of Pavel\\n'",
        f"the call: nextPlayer(Desk.make(players=[{three}], pile=[], deck=[], state=PROCEED, "
        "direction=CLOCKWISE, memo=[]))",
    ]
    assert messages(r, "hasColor-edge-wild") == [
        "hasColor: expected False, got True",
        "the call: hasColor(RED, [WILD, CRD(NUM(0), GREEN)])",
    ]
    # play prints its two lines and then nothing announces Pavel's turn
    sergey = (
        "Player.make('Sergey', [CRD(NUM(5), GREEN), CRD(SKIP, BLUE)], "
        "FalseStrategy.ownStrategy, False)"
    )
    assert messages(r, "play-edge-course") == [
        "play: printed line 4: expected 'The turn of Pavel', got nothing",
        f"the call: play(Desk.make(players=[{sergey}, {others}], "
        "pile=[CRD(REVERSE, GREEN)], deck=[], state=PROCEED, direction=CLOCKWISE, memo=[]), "
        "[CRD(NUM(5), GREEN)])",
    ]
    assert any(
        m.startswith("game: the game printed") and "announced only 0 turns" in m
        for m in messages(r, "game-edge-four")
    )
    deck_normalize = [c for c in r["cases"] if c["part"] == "task13"]
    assert [c["name"] for c in deck_normalize if c["outcome"] == "passed"] == [
        "deskNormalize-edge-reverse"
    ]
    assert r["review"] == ["style: nextPlayer: announces with Desk.whoseTurn (the lab requires it)"]


def test_reports_show_the_call_and_hide_hidden_cases(graded):
    _, _, out = graded
    html = (out / "partial_turn_mistakes" / "report.html").read_text()
    assert "nextPlayer-edge-course" in html and 'class="view"' in html
    assert "The turn of Pavel" in html
    md = (out / "partial_turn_mistakes" / "report.md").read_text()
    assert "## Review" in md and "announces with Desk.whoseTurn" in md
    result = json.loads((out / "partial_turn_mistakes" / "result.json").read_text())
    hidden = [c for c in result["cases"] if c["hidden"]]
    assert hidden and all(c["args"] is None and c["view"] is None for c in hidden)


# ---------------------------------------------------------------------------------------------
# Isolation, the starter, broken and hostile submissions.
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("isolation", ISOLATIONS)
def test_full_solution_passes_in_both_isolation_modes(tmp_path, assignment, isolation):
    result = grade_source(tmp_path, assignment, FULL.read_text(), isolation)
    assert result.score == 100, [c.messages for c in result.cases if not c.passed][:3]
    assert result.isolation.startswith("bubblewrap" if isolation == "bwrap" else "rlimits only")


def test_the_starter_scores_nothing_and_says_why(tmp_path, assignment):
    result = grade_source(tmp_path, assignment, STARTER.read_text())
    assert result.score == 0
    by_name = {c.name: c for c in result.cases}
    card_sort = by_name["cardSort-edge-seed"]
    assert card_sort.outcome == "error"
    assert card_sort.messages == ["cardSort raised NotImplementedError: cardSort"]
    # task 10 is the empty list of the starter: a wrong value, not a missing function
    assert by_name["deck-edge-whole"].outcome == "failed"
    assert by_name["deck-edge-cards"].messages[0].startswith("deck: 0 cards, not 108")


@pytest.mark.parametrize("isolation", ISOLATIONS)
def test_the_sandbox_never_offers_the_reference(tmp_path, assignment, isolation):
    source = """
        from unolab import *
        import sys

        def cardValue(card):
            try:
                import reference
                return -1
            except ImportError:
                pass
            if any(m.split(".")[0] in ("reference", "graders") for m in sys.modules):
                return -2
            match card:
                case CRD(NUM(n), _):
                    return n
                case CRD():
                    return 20
            return 50
    """
    cases = [c for c in assignment.cases() if c.part == "task05"]
    result = grade_source(tmp_path, assignment, source, isolation, cases)
    assert [c.outcome for c in result.cases] == ["passed"] * len(cases)


def test_wrong_types_missing_names_loops_and_prints(tmp_path, assignment):
    source = """
        from unolab import *

        def precedes(f):
            return lambda lst: lambda a1: lambda a2: 1          # an int, not a bool

        def colorIsLT(c1):                                     # rankIsLT is missing
            return lambda c2: colors.index(c1) <= colors.index(c2)

        def cardSort(cards):
            return object()                                    # not a value of the lab

        def deal(players):
            return None                                        # forgot the return

        def sumCards(cards):
            while True:
                pass

        def cardValue(card):
            print("thinking about", card)
            return 50 if not isinstance(card, CRD) else 20 if not isinstance(card.rank, NUM) \\
                else card.rank.n

        def game(players):                                     # Naive is missing
            return ("Sergey", [])
    """
    parts = {"task01", "task02", "task04", "task05", "task06", "task11", "task32"}
    cases = [c for c in assignment.cases() if c.part in parts and "edge" in c.name]
    limits = replace(assignment.limits, timeout=0.5, cpu=0.5)
    path = tmp_path / "student.py"
    path.write_text(textwrap.dedent(source))
    subs = load_submissions(path, assignment.module)
    try:
        result = grade_submission(assignment, subs[0], cases, limits)
    finally:
        cleanup(subs)
    by_name = {c.name: c for c in result.cases}
    precedes = by_name["precedes-edge-seed"]
    assert (precedes.outcome, precedes.messages) == (
        "wrong-shape",
        ["precedes: expected True or False, got 1"],
    )
    assert by_name["rankIsLT-edge-seed"].messages == [
        "rankIsLT: rankIsLT is not defined in your solution"
    ]
    assert by_name["colorIsLT-edge-seed"].outcome == "passed"
    sort = by_name["cardSort-edge-seed"]
    assert sort.outcome == "wrong-shape" and "which is not a value of the lab" in sort.messages[0]
    assert by_name["deal-edge-ten"].messages == ["deal: expected a desk, got None"]
    assert by_name["sumCards-edge-seed"].outcome == "timeout"
    assert by_name["sumCards-edge-empty"].outcome == "timeout"
    value = by_name["cardValue-edge-seed"]
    assert value.outcome == "passed" and "thinking about CRD (DRAW_TWO, GREEN)" in value.stdout
    assert by_name["game-edge-four"].messages == [
        "game: this case needs Naive.ownStrategy, which is not defined in your solution"
    ]


def test_a_forged_verdict_from_the_sandbox_never_passes(tmp_path, assignment):
    """Student code can replace the adapter in its own process; what it sends is still only a
    reply, judged in the grader against an expectation the sandbox never saw."""
    source = """
        import _unograde_adapter as adapter

        def cardValue(card):
            return 0

        def forged(module, function, args):
            key = args[0]["key"]
            return {"key": key, "verdict": "passed", "printed": ""}

        adapter.call = forged
    """
    cases = [c for c in assignment.cases() if c.part == "task05"]
    result = grade_source(tmp_path, assignment, source, cases=cases)
    assert {c.outcome for c in result.cases} == {"wrong-shape"}
    assert result.score == 0


# ---------------------------------------------------------------------------------------------
# The style review and its configurable deduction.
# ---------------------------------------------------------------------------------------------


def test_the_style_deduction_is_configurable_and_only_hits_earned_points(tmp_path, assignment):
    charging = replace(assignment, extra={**assignment.extra, "style_deduction": 0.5})
    style = grade_source(tmp_path, charging, (EXAMPLES / "style_only.py").read_text())
    # five unmet requirements on tasks 2 (two), 4, 6 and 22, each task at full points
    assert style.deduction == 2.5 and style.score == 97.5
    assert style.review[-1].startswith("style: 0.5 points per unmet requirement")
    partial = grade_source(
        tmp_path, charging, (EXAMPLES / "partial_ordering_mistakes.py").read_text(), name="po"
    )
    # drawFour (task16, full points) is charged twice; the unwritten tasks 25-32 earned nothing
    assert partial.deduction == 1.0
    assert assignment.extra["style_deduction"] == 0.0  # the default: feedback only


# ---------------------------------------------------------------------------------------------
# The other commands.
# ---------------------------------------------------------------------------------------------


def test_check_command_passes_the_full_solution_and_explains_failures():
    ok = cli("check", "uno-lab", str(FULL), "-q")
    assert ok.returncode == 0, ok.stdout[-2000:]
    bad = cli("check", "uno-lab", str(EXAMPLES / "partial_turn_mistakes.py"), "-q")
    assert bad.returncode == 1
    assert "nextPlayer: printed nothing, expected '\\nThe turn of Pavel\\n'" in bad.stdout
    assert "hasColor: expected False, got True" in bad.stdout
    assert "the call: hasColor(RED, [WILD, CRD(NUM(0), GREEN)])" in bad.stdout


def test_play_is_reproducible_with_a_scripted_human():
    script = "0\n1\n0\n2\n"  # then end of input: the human switches to automatic
    first = cli("play", "uno-lab", "--players", "4", "--manual", "1", "--seed", "3", stdin=script)
    again = cli("play", "uno-lab", "--players", "4", "--manual", "1", "--seed", "3", stdin=script)
    assert first.returncode == 0, first.stderr
    assert first.stdout == again.stdout
    text = first.stdout
    assert text.startswith("\nPlayer Sergey deals.\n")
    assert "\nThe turn of Sergey\nState: " in text  # the human's dialog (seed, section 5)
    assert (
        "Enter the number of the selected card from the list of playable cards (from 0).\n" in text
    )
    assert "Sergey made move\n" in text
    tail = text[text.rindex("\nval res =\n") :].splitlines()
    winner = tail[2].strip().removeprefix("(").rstrip(",")
    losses = tail[3]
    assert f"({winner}, 0)" in losses
    for name in ("Sergey", "Pavel", "Saveliy", "Igor"):
        assert f'("{name}", ' in losses
    other = cli("play", "uno-lab", "--players", "4", "--manual", "0", "--seed", "4", stdin="")
    assert other.returncode == 0 and "State: " not in other.stdout  # nobody asked


def test_play_rejects_bad_counts_without_a_traceback():
    proc = cli("play", "uno-lab", "--players", "3", "--manual", "5", stdin="")
    assert proc.returncode == 2
    assert proc.stderr.strip() == "unograde: --manual must be between 0 and 3, not 5"


def test_solve_and_fixtures_generate(tmp_path):
    case = ROOT / "fixtures" / "uno-lab" / "cases" / "cardSort-edge-seed.in"
    proc = cli("solve", "uno-lab/task04", str(case))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith(
        "result: [WILD, CRD (SKIP, RED), CRD (DRAW_TWO, GREEN), CRD (NUM 5, GREEN), "
        "CRD (REVERSE, YELLOW), CRD (NUM 8, YELLOW), CRD (NUM 2, YELLOW)]"
    )
    wrong = cli("solve", "uno-lab/task05", str(case))
    assert wrong.returncode == 2 and "not a task of task05" in wrong.stderr
    out = tmp_path / "gen"
    made = cli("fixtures", "generate", "uno-lab/task02", "--count", "3", "--seed", "5",
               "--out", str(out))  # fmt: skip
    assert made.returncode == 0, made.stderr
    manifest = json.loads((out / "manifest.json").read_text())
    assert [c["part"] for c in manifest["cases"]] == ["task02"] * 6  # colorIsLT and rankIsLT
    again = tmp_path / "again"
    cli(
        "fixtures", "generate", "uno-lab/task02", "--count", "3", "--seed", "5", "--out", str(again)
    )
    for path in out.rglob("*"):
        if path.is_file():
            assert (again / path.relative_to(out)).read_text() == path.read_text()
    deck = cli("fixtures", "generate", "uno-lab/task10", "--count", "3", "--out", str(out))
    assert deck.returncode == 2 and "deck, is a constant" in deck.stderr
