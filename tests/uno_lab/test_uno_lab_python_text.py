"""Feedback speaks Python: the renderer's text for values, exceptions and calls.

Three kinds of check: hand-written expectations (written here from the starter's constructors,
never printed by the renderer and pasted back); a round trip on generated values (the text
evaluates, in a namespace of ``unolab``, to an equal value); and for every fixture's call, the
Python call run on the reference gives the very outcome the adapter gives for the notation's call.
"""

from __future__ import annotations

import contextlib
import io
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console

from graders.assignment import load_assignment
from graders.grade.engine import bounded
from graders.paths import fixtures_dir
from graders.report import render
from graders.report.terminal import submission_summary
from graders.results import CaseResult, PartResult, SubmissionResult
from reference import uno_lab as u
from reference.uno_lab import grading, plugin
from reference.uno_lab.cases import parse_case_input, parse_expected
from reference.uno_lab.notation import adapter, parse_call
from reference.uno_lab.python_text import python_call, python_error, python_value

unolab = u.definitions  # the provided definitions, loaded by the reference
C, N = u.CRD, u.NUM
FALSE = u.FalseStrategy.ownStrategy
FIRST = adapter.First.ownStrategy


def namespace() -> dict:
    """What a student's test has after ``from unolab import *`` (plus ``First``, the grader's
    scripted strategy the page shows, and the solution's ``Naive`` and ``Manual``)."""
    names = {name: getattr(unolab, name) for name in unolab.__all__}
    return names | {"First": adapter.First, "Naive": u.Naive, "Manual": u.Manual}


# ---------------------------------------------------------------------------------------------
# Hand-written expectations.
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (True, "True"),
        (False, "False"),
        (None, "None"),
        (-3, "-3"),
        ("Sergey", "'Sergey'"),
        ('say "hi"\n', "'say \"hi\"\\n'"),
        ("it's", '"it\'s"'),
        (u.RED, "RED"),
        (u.WILD_DRAW_FOUR, "WILD_DRAW_FOUR"),
        (N(5), "NUM(5)"),
        (C(N(5), u.RED), "CRD(NUM(5), RED)"),
        (C(u.DRAW_TWO, u.GREEN), "CRD(DRAW_TWO, GREEN)"),
        (u.GIVE(u.RED), "GIVE(RED)"),
        (u.PROCEED, "PROCEED"),
        (u.COUNTERCLOCKWISE, "COUNTERCLOCKWISE"),
        (u.SIMPLE(C(u.SKIP, u.RED)), "SIMPLE(CRD(SKIP, RED))"),
        (u.ORDER(u.WILD, u.GREEN), "ORDER(WILD, GREEN)"),
        (u.PASS, "PASS"),
        ([u.WILD, C(N(0), u.BLUE)], "[WILD, CRD(NUM(0), BLUE)]"),
        ([], "[]"),
        ((), "()"),
        ((u.WILD,), "(WILD,)"),
        (("Sergey", 25), "('Sergey', 25)"),
        (
            ("Saveliy", [("Sergey", 25), ("Saveliy", 0)]),
            "('Saveliy', [('Sergey', 25), ('Saveliy', 0)])",
        ),
        (
            u.Player.make("Sergey", [u.WILD], FALSE, False),
            "Player.make('Sergey', [WILD], FalseStrategy.ownStrategy, False)",
        ),
        (
            u.Player.make("Olga", [], FIRST, True),
            "Player.make('Olga', [], First.ownStrategy, True)",
        ),
        (
            u.Desk.make(
                [u.Player.make("Sergey", [], FALSE, False)],
                [C(u.REVERSE, u.RED)],
                [],
                u.GIVE(u.BLUE),
                u.CLOCKWISE,
                [u.PASS],
            ),
            "Desk.make(players=[Player.make('Sergey', [], FalseStrategy.ownStrategy, False)], "
            "pile=[CRD(REVERSE, RED)], deck=[], state=GIVE(BLUE), direction=CLOCKWISE, "
            "memo=[PASS])",
        ),
        (u.IllegalGame, "IllegalGame"),
        (u.Empty, "Empty"),
        (u.Naive.ownStrategy, "Naive.ownStrategy"),
        (u.isSameColor, "isSameColor"),
        (adapter.op_equal, "lambda x, y: x == y"),
    ],
)
def test_values_are_written_as_python(value, text):
    assert python_value(value) == text


def test_a_desk_spreads_over_lines_when_asked():
    desk = u.Desk.make(
        [u.Player.make("Sergey", [C(N(5), u.RED)], FALSE, False), u.Player.make("Pavel", [], FIRST,
         False)], [u.WILD], [C(N(1), u.RED)], u.PROCEED, u.CLOCKWISE, [],
    )  # fmt: skip
    assert python_value(desk, multiline=True) == (
        "Desk.make(\n"
        "    players=[\n"
        "        Player.make('Sergey', [CRD(NUM(5), RED)], FalseStrategy.ownStrategy, False),\n"
        "        Player.make('Pavel', [], First.ownStrategy, False),\n"
        "    ],\n"
        "    pile=[WILD],\n"
        "    deck=[CRD(NUM(1), RED)],\n"
        "    state=PROCEED,\n"
        "    direction=CLOCKWISE,\n"
        "    memo=[],\n"
        ")"
    )
    empty = u.Desk.make([], [], [], u.PROCEED, u.CLOCKWISE, [])
    assert python_value(empty, multiline=True).startswith("Desk.make(\n    players=[],\n")


def test_exceptions_are_written_as_the_python_that_raises_them():
    args = (u.PROCEED, [], [u.WILD], u.WILD, u.CLOCKWISE, [], [1])
    assert python_error(u.IllegalMove("Sergey", args)) == (
        "IllegalMove('Sergey', (PROCEED, [], [WILD], WILD, CLOCKWISE, [], [1]))"
    )
    assert python_error(u.IllegalGame("why")) == "IllegalGame"
    assert python_error(u.Empty()) == "Empty"
    assert python_error(ValueError("bad")) == "ValueError: bad"


@pytest.mark.parametrize(
    ("notation", "text"),
    [
        ("cardSort [WILD]", "cardSort([WILD])"),
        ("precedes (op =) [1, 2, 3] 2 3", "precedes(lambda x, y: x == y)([1, 2, 3])(2)(3)"),
        ("colorIsLT BLUE GREEN", "colorIsLT(BLUE)(GREEN)"),
        ("rankIsLT (NUM 3) SKIP", "rankIsLT(NUM(3))(SKIP)"),
        ("isLT (WILD, CRD (NUM 3, BLUE))", "isLT(WILD, CRD(NUM(3), BLUE))"),
        (
            "removeCard ([CRD (NUM 5, GREEN)], CRD (NUM 5, GREEN), List.Empty)",
            "removeCard([CRD(NUM(5), GREEN)], CRD(NUM(5), GREEN), Empty)",
        ),
        ("hasColor (RED, [])", "hasColor(RED, [])"),
        ("playableWhenProc (NUM 5, RED) (CRD (SKIP, RED))",
         "playableWhenProc((NUM(5), RED))(CRD(SKIP, RED))"),
        ("playableWhenWild BLUE WILD_DRAW_FOUR", "playableWhenWild(BLUE)(WILD_DRAW_FOUR)"),
        ("oppositeDir CLOCKWISE", "oppositeDir(CLOCKWISE)"),
        ("deck", "deck"),
        (
            "Naive.ownStrategy (PROCEED, [WILD], [WILD], CRD (SKIP, RED), CLOCKWISE, [], [1])",
            "Naive.ownStrategy(PROCEED, [WILD], [WILD], CRD(SKIP, RED), CLOCKWISE, [], [1])",
        ),
        (
            'askPlayerForCard ({name = "Olga", cards = [], strategy = False.ownStrategy, '
            "manual = true}, (EXECUTE, [], [], CRD (SKIP, RED), CLOCKWISE, [PASS], [0]))",
            "askPlayerForCard(Player.make('Olga', [], FalseStrategy.ownStrategy, True), "
            "(EXECUTE, [], [], CRD(SKIP, RED), CLOCKWISE, [PASS], [0]))",
        ),
        (
            'playerLoss {name = "Sergey", cards = [WILD], strategy = False.ownStrategy, '
            "manual = false}",
            "playerLoss(Player.make('Sergey', [WILD], FalseStrategy.ownStrategy, False))",
        ),
        (
            'moveAction (PASS, {players = [], pile = [], deck = [], state = EXECUTE, '
            "direction = CLOCKWISE, memo = []}, false)",
            "moveAction(PASS, Desk.make(players=[], pile=[], deck=[], state=EXECUTE, "
            "direction=CLOCKWISE, memo=[]), False)",
        ),
    ],
)  # fmt: skip
def test_calls_are_written_as_python(notation, text):
    assert python_call(parse_call(notation)) == text


# ---------------------------------------------------------------------------------------------
# Round trips.
# ---------------------------------------------------------------------------------------------

colors_ = st.sampled_from(u.colors)
ranks_ = st.sampled_from(u.ranks)
cards = st.one_of(st.builds(C, ranks_, colors_), st.sampled_from([u.WILD, u.WILD_DRAW_FOUR]))
moves = st.one_of(st.builds(u.SIMPLE, cards), st.builds(u.ORDER, cards, colors_), st.just(u.PASS))
states = st.one_of(st.sampled_from([u.PROCEED, u.EXECUTE]), st.builds(u.GIVE, colors_))
directions = st.sampled_from([u.CLOCKWISE, u.COUNTERCLOCKWISE])
names = st.text(max_size=12)  # any text: quotes, backslashes, newlines, escapes, surrogates
strategies = st.sampled_from([FALSE, FIRST, u.Naive.ownStrategy, u.Manual.ownStrategy])
players = st.builds(u.Player.make, names, st.lists(cards, max_size=5), strategies, st.booleans())
desks = st.builds(
    u.Desk.make,
    st.lists(players, max_size=4),
    st.lists(cards, max_size=4),
    st.lists(cards, max_size=4),
    states,
    directions,
    st.lists(moves, max_size=10),
)
strategy_args = st.tuples(
    states, st.lists(cards, max_size=3), st.lists(cards, max_size=3), cards, directions,
    st.lists(moves, max_size=3), st.lists(st.integers(0, 20), max_size=3),
)  # fmt: skip
illegal_moves = st.builds(u.IllegalMove, names, strategy_args)
atoms = st.one_of(
    st.none(), st.booleans(), st.integers(), names, cards, moves, states, directions, ranks_,
    players, desks, illegal_moves, st.sampled_from([u.IllegalGame, u.Empty]),
)  # fmt: skip
values = st.recursive(
    atoms, lambda inner: st.one_of(st.lists(inner, max_size=4), st.tuples(inner, inner)),
    max_leaves=12,
)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(values, st.booleans())
def test_the_python_text_evaluates_back_to_an_equal_value(value, multiline):
    text = python_value(value, multiline=multiline)
    assert eval(text, namespace()) == value  # noqa: S307 - the text is our own rendering


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(cards, st.booleans()), min_size=1, max_size=5))
def test_feedback_on_a_wrong_hand_evaluates_back_to_both_hands(pairs):
    """A failed cardSort case's message holds two Python lists a student can paste back."""
    expected = [c for c, _ in pairs]
    got = [c for c, keep in pairs if keep]
    notation = "result: " + u.show(expected) + "\n"
    reply = {"key": "k", "result": u.show(got), "raised": None, "printed": ""}
    case = parse_case_input("task: cardSort\ncall: cardSort " + u.show(expected) + "\n")
    lines = grading.verdict(case, parse_expected(notation), reply)
    if got == expected:
        assert lines == ()
        return
    (line,) = lines
    want, have = line.removeprefix("cardSort: expected ").split(", got ")
    assert eval(want, namespace()) == expected and eval(have, namespace()) == got  # noqa: S307


def _fixture_cases() -> list[str]:
    manifest = json.loads((fixtures_dir("uno-lab") / "manifest.json").read_text())
    return [c["input"] for c in manifest["cases"]]


@pytest.mark.parametrize("path", _fixture_cases())
def test_every_fixture_call_as_python_means_the_same_call(path):
    """The Python call, evaluated on the reference (seeded, fed the typed lines, its output
    captured as the adapter does), has the outcome the adapter reports for the notation's call."""
    case = parse_case_input((fixtures_dir("uno-lab") / path).read_text(encoding="utf-8"))
    reply = grading.run_reference(case)
    text = python_call(case.call)
    names = namespace() | {name: getattr(u, name) for name in u.TASKS}
    out = io.StringIO()
    typed = io.StringIO("".join(line + "\n" for line in case.stdin))
    seed = case.seed if case.seed is not None else 0
    with (
        contextlib.redirect_stdout(out),
        unolab.using_io(out.write, typed.readline),
        unolab.seeded(seed),
    ):
        random.seed(seed)
        try:
            outcome = {"result": u.show(eval(text, names)), "raised": None}  # noqa: S307
        except (u.IllegalGame, u.IllegalMove, u.Empty) as error:
            outcome = {"result": None, "raised": adapter.shown_error(error)}
    assert outcome == {"result": reply["result"], "raised": reply["raised"]}, text
    assert out.getvalue() == reply["printed"]


# ---------------------------------------------------------------------------------------------
# Hostile: what a submission puts in a value is quoted, never obeyed.
# ---------------------------------------------------------------------------------------------

HOSTILE = "</pre><script>alert(1)</script>\n# Score: 100\x1b[2J\x1b]8;;http://x\x1b\\\"' \\"


def test_hostile_text_in_a_value_stays_one_quoted_line_in_every_report():
    assignment = load_assignment("uno-lab")
    case = next(c for c in assignment.cases() if c.name == "playerLoss-edge-course")
    (sent,) = case.args
    reply = {
        "key": sent["key"],
        "function": "playerLoss",
        "result": u.show((HOSTILE, 55)),
        "raised": None,
        "printed": HOSTILE,
    }
    assert plugin.check_shape(case.part, reply) is None
    lines = plugin.judge(case, reply)
    assert lines[0] == f"playerLoss: expected ('Sergey', 55), got ({HOSTILE!r}, 55)"
    assert all("\n" not in line and "\x1b" not in line for line in lines)
    assert eval(lines[0].split(", got ")[1], {}) == (HOSTILE, 55)  # noqa: S307
    view = plugin.view(case.part, case.args, case.expected, reply)
    assert view["got"] == repr((HOSTILE, 55))
    result = SubmissionResult(
        assignment="uno-lab", title="uno-lab", student="s", origin="s", digest="",
        isolation="test", score=0.0, max_score=100.0,
        parts=[PartResult("task30", "playerLoss", "t", 0.0, 2.0, 0, 1)],
        cases=[bounded(CaseResult(
            name=case.name, part=case.part, hidden=False, outcome="failed", points=0.0,
            max_points=2.0, messages=lines, stdout="", view=view,
        ))],
        notes=[], problem=None,
    )  # fmt: skip
    html = render(result, "html", assignment=assignment)
    assert "<script>alert(1)</script>" not in html and "&lt;script&gt;" in html
    md = render(result, "md", assignment=assignment)
    assert "\n# Score: 100" not in md and "\x1b" not in md
    console = Console(record=True, width=200, force_terminal=False)
    submission_summary(result, console)
    assert "\x1b" not in console.export_text()
    test = json.loads(render(result, "gradescope"))["tests"][0]
    output = test["output"]
    # Gradescope's feedback is Markdown: the value stays one list item, its markup inert.
    assert test["output_format"] == "md" and HOSTILE not in output
    assert "<script>" not in output and "&lt;script&gt;" in output and "\x1b" not in output
    assert "\n# Score: 100" not in output
    got = next(line for line in output.splitlines() if line.startswith("- playerLoss: "))
    assert got.endswith(", 55)") and "\\n# Score: 100" in got  # the repr's \n, as text
