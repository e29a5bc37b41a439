"""``unograde tournament uno-official``: students' strategies in the sandbox against the
reference bots or each other; standings checked against an independent recount, misplays
reported with what the player saw, the report page self-contained, bad input exit 2."""

from __future__ import annotations

import json
import math
import re
import textwrap
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from graders.assignment import load_assignment
from graders.cli import main
from graders.run.sandbox import bwrap_usable
from reference.uno_official import plugin as official

ROOT = Path(__file__).resolve().parents[2]
COLOR_COUNTER = ROOT / "examples" / "uno-official" / "color_counter.py"
ISOLATIONS = [
    pytest.param("bwrap", marks=pytest.mark.skipif(not bwrap_usable(), reason="no bwrap")),
    "rlimits",
]


def run(*args: str):
    return CliRunner().invoke(main, ["tournament", "uno-official", *args])


def write(tmp_path: Path, name: str, source: str) -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(source), encoding="utf-8")
    return path


def wilson_by_hand(wins: int, n: int) -> tuple[float, float]:
    # Wilson score interval, z = 1.959964 (95%), written out independently of the engine
    z = 1.959964
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


@pytest.mark.parametrize("isolation", ISOLATIONS)
def test_two_students_and_two_bots(tmp_path, isolation):
    first = write(tmp_path, "first.py", "def strategy(view):\n    return view.legal[0]\n")
    out = tmp_path / "report"
    result = run(str(COLOR_COUNTER), str(first), "--games", "8", "--seed", "5",
                 "--out", str(out), "--isolation", isolation)  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "color_counter" in result.output and "first" in result.output
    data = json.loads((out / "tournament.json").read_text())
    lineup = ["color_counter", "first", "simple-0", "simple-1"]
    for g, game in enumerate(data["games"]):
        assert game["seats"] == [lineup[(i + g) % 4] for i in range(4)]  # seats rotate
        assert game["status"] == "finished"
        assert (
            max(game["scores"]) >= 500
            and game["winner"] == game["seats"][game["scores"].index(max(game["scores"]))]
        )
    for st in data["standings"]:
        wins = sum(1 for game in data["games"] if game["winner"] == st["name"])
        assert st["wins"] == wins and st["games"] == 8
        low, high = wilson_by_hand(wins, 8)
        assert st["win_rate"]["low"] == pytest.approx(low, abs=1e-4)
        assert st["win_rate"]["high"] == pytest.approx(high, abs=1e-4)
        points = [game["scores"][game["seats"].index(st["name"])] for game in data["games"]]
        assert st["points"]["value"] == pytest.approx(sum(points) / 8)
    page = (out / "tournament.html").read_text()
    assert page.count("<svg") == 2 and "<script" not in page
    assert not re.search(r"(src|href)=", page)  # nothing to fetch: the page stands alone
    assert "color_counter" in page and "95%" in page


def test_same_seed_same_tournament(tmp_path):
    outs = []
    for k in range(2):
        result = run(str(COLOR_COUNTER), "--games", "4", "--seed", "9", "--out",
                     str(tmp_path / f"r{k}"), "--isolation", "rlimits")  # fmt: skip
        assert result.exit_code == 0
        outs.append(json.loads((tmp_path / f"r{k}" / "tournament.json").read_text()))
    assert outs[0] == outs[1]


def test_bots_only(tmp_path):
    result = run("--games", "4", "--seed", "1")
    assert result.exit_code == 0
    assert "the reference bots" in result.output and "strong-0" in result.output


def test_misplays_are_reported_with_the_view_never_fixed(tmp_path):
    crash = write(tmp_path, "crash.py", """
        def strategy(view):
            raise RuntimeError("boom")
    """)  # fmt: skip
    cheat = write(tmp_path, "cheat.py", """
        def strategy(view):
            return {"kind": "play", "card": "W+4", "color": "R"}
    """)  # fmt: skip
    junk = write(tmp_path, "junk.py", """
        def strategy(view):
            return "draw"
    """)  # fmt: skip
    out = tmp_path / "report"
    result = run(str(crash), str(cheat), str(junk), "--games", "3", "--seed", "2",
                 "--out", str(out), "--isolation", "rlimits")  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads((out / "tournament.json").read_text())
    reasons = {m["name"]: m["reason"] for m in data["misplays"]}
    assert reasons["crash"] == "the strategy raised RuntimeError: boom"
    assert reasons["cheat"].startswith("illegal action")
    assert reasons["junk"] == "the strategy returned str: 'draw', not an action"
    cheat_misplay = next(m for m in data["misplays"] if m["name"] == "cheat")
    assert cheat_misplay["action"] == {"kind": "play", "card": "W+4", "color": "R"}
    assert len(cheat_misplay["view"]["legal"]) > 1 and cheat_misplay["view"]["hand"]
    # each of the three forfeits every game (once each), and never wins
    assert len(data["misplays"]) == 9
    for st in data["standings"]:
        if st["name"] in ("crash", "cheat", "junk"):
            assert (st["wins"], st["forfeits"], st["points"]["value"]) == (0, 3, 0)
    assert "misplay: game 0" in result.output and "saw: round" in result.output


def test_a_strategy_that_hangs_is_stopped_and_then_left_out(tmp_path):
    slow = write(tmp_path, "slow.py", """
        def strategy(view):
            while True:
                pass
    """)  # fmt: skip
    out = tmp_path / "report"
    # the plugin's own entry point, with a short clock (the CLI takes assignment.toml's 2 s)
    a = load_assignment("uno-official")
    a = replace(a, limits=replace(a.limits, timeout=0.3, cpu=0.3))
    code = official.tournament(a, [slow], games=4, seed=3, out=out, isolation="rlimits")
    assert code == 0
    data = json.loads((out / "tournament.json").read_text())
    reasons = [m["reason"] for m in data["misplays"]]
    # max_failures = 3 in assignment.toml: three waits for the clock, then no more asking
    assert sum(r.startswith("the strategy did not answer") for r in reasons) == 3
    assert all(r.startswith("out after 3 crashes or timeouts") for r in reasons[3:])
    assert len(reasons) == 4


@pytest.mark.parametrize(
    ("files", "message"),
    [
        (5, "at most 4 strategies play at one table, got 5"),
        ("syntax", "broken.py:1:19: SyntaxError"),
        ("missing", "no such file or folder"),
    ],
)
def test_bad_input_exits_2_with_a_message(tmp_path, files, message):
    if files == 5:
        args = [str(write(tmp_path, f"s{k}.py", "def strategy(v):\n    return v.legal[0]\n"))
                for k in range(5)]  # fmt: skip
    elif files == "syntax":
        args = [str(write(tmp_path, "broken.py", "def strategy(view)\n    return view\n"))]
    else:
        args = [str(tmp_path / "nowhere.py")]
    result = run(*args, "--games", "2")
    assert result.exit_code == 2
    assert message in result.output and "Traceback" not in result.output
