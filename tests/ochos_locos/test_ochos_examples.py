"""The example class graded with the reference's comparison: right verdicts, right first messages.

Programs run as real processes (Python and Node.js) with the deal on standard input, as the
grader will run them; function submissions are loaded from their files.  Only public fixtures are
used, to keep the run short.  The first messages in class.json were worked out by hand.
"""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from reference.ochos_locos import compare_games

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "ochos-locos"
FIXTURES = ROOT / "fixtures" / "ochos-locos"
CLASS = json.loads((EXAMPLES / "class.json").read_text(encoding="utf-8"))["submissions"]
PUBLIC = [
    case
    for case in json.loads((FIXTURES / "manifest.json").read_text(encoding="utf-8"))["cases"]
    if case["visibility"] == "public"
]


def run(submission: dict, deal_text: str) -> str:
    """What the submission prints (or returns, joined) for one deal."""
    if submission["form"] == "function":
        path = EXAMPLES / submission["entry"]
        spec = importlib.util.spec_from_file_location(
            f"ochos_example_{submission['student']}", path
        )
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        t = deal_text.split()
        hands = (tuple(t[0:5]), tuple(t[5:10]), tuple(t[10:15]))
        return "\n".join(getattr(module, submission["function"])(hands, t[15], tuple(t[16:])))
    command = list(submission["command"])
    if command[0] == "node" and shutil.which("node") is None:
        pytest.skip("Node.js is not installed")
    if command[0] == "python3":
        command[0] = sys.executable
    result = subprocess.run(
        command,
        cwd=EXAMPLES / submission["dir"],
        input=deal_text,
        capture_output=True,
        text=True,
        timeout=20,
        check=True,
    )
    return result.stdout


def results(submission: dict) -> dict[str, list[str]]:
    return {
        case["name"]: compare_games(
            (FIXTURES / case["expected"]).read_text(encoding="utf-8"),
            run(submission, (FIXTURES / case["input"]).read_text(encoding="utf-8")),
        )
        for case in PUBLIC
    }


@pytest.mark.parametrize("submission", CLASS, ids=lambda s: s["student"])
def test_each_example_gets_its_verdict_and_first_message(submission):
    messages = results(submission)
    failed = {name for name, found in messages.items() if found}
    if submission["expected"] == "pass":
        assert not failed, {name: messages[name][:1] for name in failed}
    else:
        expected = submission["first_failure"]
        assert expected["case"] in failed
        assert messages[expected["case"]][0] == expected["message"]


def test_emeka_plays_a_drawn_card_at_once():
    # Nobody holds a red or a 1 on R1; the pile is [R7].  The rule: player 1 draws R7 and the
    # turn ends ("1: DRAW").  Emeka's program plays the drawn R7 at once and prints "1: R7".
    deal = "Y2 Y3 Y4 Y5 Y6\nG2 G3 G4 G5 G6\nB2 B3 B4 B5 B6\nR1\nR7\n"
    emeka = next(s for s in CLASS if s["student"] == "emeka")
    expected = "0: R1\n1: DRAW\n2: DRAW\n3: DRAW\n1: R7\n2: DRAW\n3: DRAW\n1: DRAW\nNO WINNER\n"
    messages = compare_games(expected, run(emeka, deal))
    assert messages[0] == "turn 1 (player 1): expected DRAW, got R7"
