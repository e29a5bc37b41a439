"""Drive the terminal game through a real pseudo-terminal for a whole round.

The scripted player plays the first card the game marks playable (calling "uno" with its
next-to-last card), draws when none is, keeps a drawn card it cannot play, accepts Wild Draw
Fours and never catches.  At the round's end the summary table is checked with an independent
point count: the winner's score must equal the points left in the other hands.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

ROOT = Path(__file__).resolve().parents[2]
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def points(card: str) -> int:
    # seed: numbers face value, action cards 20, Wild and Wild Draw Four 50
    if card.startswith("W"):
        return 50
    rank = card[1:]
    return int(rank) if rank.isdigit() else 20


def test_whole_round_in_a_terminal():
    env = dict(os.environ, NO_COLOR="1", TERM="dumb", COLUMNS="200", LINES="50")
    child = pexpect.spawn(
        sys.executable,
        ["-m", "reference.uno_official.tui", "--seed", "3"],
        cwd=str(ROOT),
        env=env,
        encoding="utf-8",
        timeout=20,
        dimensions=(50, 200),
    )
    patterns = [
        r"Playable: ([0-9 ]+|none)\r?\n",
        r"Colour\? ",
        r"\[c\] challenge",
        r"one card left\. \[Enter\] continue",
        r"\[Enter\] next round, \[q\] quit: ",
        pexpect.EOF,
    ]
    drew = False
    moves = 0
    summary = ""
    while True:
        i = child.expect(patterns)
        if i == 0:
            screen = ANSI.sub("", child.before)
            hand_line = [ln for ln in screen.splitlines() if "Your hand:" in ln][-1]
            hand = re.findall(r"\d+: (\S+)", hand_line)
            playable = child.match.group(1).split()
            child.expect(r"Your move")
            if playable and playable[0] != "none":
                child.sendline(playable[0] + ("u" if len(hand) == 2 else ""))
                drew = False
            elif not drew:
                child.sendline("d")
                drew = True
            else:
                child.sendline("p")
                drew = False
            moves += 1
        elif i == 1:
            child.sendline("r")
        elif i == 2:
            child.expect(": ")
            child.sendline("a")
        elif i == 3:
            child.sendline("")
        elif i == 4:
            summary = ANSI.sub("", child.before)
            child.sendline("q")
            child.expect(pexpect.EOF)
            break
        else:
            pytest.fail("the game ended before a round was over:\n" + ANSI.sub("", child.before))
        assert moves < 400, "the round does not end"
    child.close()
    assert child.exitstatus == 0
    assert "Round 1 over" in summary
    rows = {}
    for line in summary.splitlines():
        cells = [c.strip() for c in line.strip().strip("│┃").split("│")]
        if len(cells) == 4 and (cells[0] == "You" or cells[0].startswith("Bot ")):
            rows[cells[0]] = cells
    assert len(rows) == 4
    held = {}
    for who, (_, cards, shown_points, _total) in rows.items():
        cards_list = [] if cards == "-" else cards.split()
        held[who] = sum(points(c) for c in cards_list)
        assert int(shown_points) == held[who]
    winners = [who for who, cells in rows.items() if cells[1] == "-"]
    assert len(winners) == 1
    winner = winners[0]
    assert int(rows[winner][3]) == sum(v for who, v in held.items() if who != winner)
    assert moves > 0
