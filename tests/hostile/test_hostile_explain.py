"""The first divergence quotes what a hostile submission did (its cards, its exception text)
and the probe runs its code a second time: both are data, and neither can stop grading."""

from __future__ import annotations

import io
import json
import re
from dataclasses import replace
from pathlib import Path

from rich.console import Console

from graders.assignment import load_assignment
from graders.grade.engine import _probe_answers, grade_submission
from graders.report import render
from graders.report.terminal import submission_summary
from graders.submission import cleanup, load_submissions
from graders.vocabulary import Case, Outcome
from reference.uno_moves.parts import simulate
from tests.conftest import cards
from unokit.compare import normalise

ROOT = Path(__file__).resolve().parents[2]
ADA = (ROOT / "examples" / "uno-moves" / "ada" / "uno.py").read_text()
MESSAGE = "<script>alert(1)</script>\\n# Score: 100\\n```\\n\\x1b[2J[red]x[/red] | a |"
# The single move raises with hostile text on a waiting Draw 2, and, on anything else, plays
# a card made of markup characters (still two 1-character strings: the right shape).
SOURCE = ADA.replace(
    "        if two_waiting:",
    f"        if two_waiting:\n            raise ValueError('{MESSAGE}')",
)
MARKUP = ADA + (
    "\n_one = onePlayerOneMove\n"
    "def onePlayerOneMove(discard, deck, hand):\n"
    "    h, d, p = _one(discard, deck, hand)\n"
    "    return h, d, [('<', '`')] + list(p)\n"
    "def onePlayerManyMoves(discard, deck, hand):\n"
    "    return onePlayerOneMove(discard, deck, hand)\n"
)


def case() -> Case:
    d, k, h = list(cards("g2")), list(cards("y1 y2 y3 y4 y5 y6")), list(cards("r2 rd bd r4"))
    hands, deck, discard, _ = simulate(2, d, k, [h])
    return Case("planted", "part02", "public", (d, k, h), normalise((hands[0], deck, discard)))


def grade(tmp_path, source):
    path = tmp_path / "student.py"
    path.write_text(source)
    assignment = load_assignment("uno-moves")
    subs = load_submissions(path, assignment.module)
    try:
        return assignment, grade_submission(assignment, subs[0], [case()], isolation="rlimits")
    finally:
        cleanup(subs)


def structure(markdown: str) -> list[str]:
    out, fence = [], None
    for line in markdown.splitlines():
        match = re.match(r"^(`{3,})", line)
        if fence is None and match:
            fence = match.group(1)
        elif fence is not None and line.strip() == fence:
            fence = None
        elif fence is None:
            out.append(line)
    return out


def test_an_exception_quoted_in_the_first_divergence_is_inert(tmp_path):
    assignment, result = grade(tmp_path, SOURCE)
    fd = result.cases[0].first_divergence
    assert fd["turn"] == 3 and fd["got"].startswith("raises ValueError: <script>")
    html = render(result, "html", assignment=assignment)
    assert "<script>alert" not in html and "&lt;script&gt;" in html
    md = render(result, "md", assignment=assignment)
    lines = structure(md)
    assert not any(line.startswith("# Score") or "<script" in line for line in lines)
    gradescope = json.loads(render(result, "gradescope", assignment=assignment))
    output = gradescope["tests"][0]["output"]
    lines = structure(output)
    assert not any(line.startswith("#") or "<script" in line for line in lines)
    buffer = io.StringIO()
    submission_summary(result, Console(file=buffer, force_terminal=True, color_system=None))
    shown = buffer.getvalue()
    assert "where it went wrong" in shown and "\x1b[2J" not in shown and "[red]x[/red]" in shown


def test_cards_made_of_markup_characters_are_inert(tmp_path):
    assignment, result = grade(tmp_path, MARKUP)
    fd = result.cases[0].first_divergence
    assert fd["turn"] == 1 and "('<','`')" in fd["got"]
    html = render(result, "html", assignment=assignment)
    assert "(&#39;&lt;&#39;,&#39;`&#39;)" in html and "('<'" not in html
    md = render(result, "md", assignment=assignment)
    assert "('&lt;','\\`')" in md


def test_a_probe_that_loops_forever_costs_only_its_explanation(tmp_path):
    # Part 2 answers at once (wrongly); the single move loops on a waiting Draw 2, which only
    # the probe reaches. The probe times out like any call; the case keeps its verdict.
    looping = ADA.replace(
        "        if two_waiting:", "        if two_waiting:\n            while True: pass"
    ) + ("\ndef onePlayerManyMoves(discard, deck, hand):\n    return hand, deck, discard\n")
    path = tmp_path / "student.py"
    path.write_text(looping)
    assignment = load_assignment("uno-moves")
    limits = replace(assignment.limits, timeout=0.5, cpu=0.5)
    subs = load_submissions(path, assignment.module)
    try:
        result = grade_submission(assignment, subs[0], [case()], limits, isolation="rlimits")
    finally:
        cleanup(subs)
    [failed] = result.cases
    assert failed.outcome == "failed" and failed.messages
    assert failed.first_divergence is None


def test_forged_probe_answers_are_refused():
    def outcome(value):
        return Outcome(0, "returned", value=value)

    assert _probe_answers(outcome([["returned", [1]], ["raised", "E: x"]])) == [
        ("returned", [1]),
        ("raised", "E: x"),
    ]
    for forged in ("no", [["returned"]], [["verdict", "passed"]], [["raised", 3]], [7]):
        assert _probe_answers(outcome(forged)) is None
    assert _probe_answers(Outcome(0, "timeout")) is None
