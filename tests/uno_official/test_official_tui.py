"""Drive ``unograde play uno-official`` through a real pseudo-terminal for a whole round.

The scripted player plays the first card the game marks playable (calling "uno" with its
next-to-last card), draws when none is (a drawn card that cannot be played passes the turn by
itself), accepts Wild Draw Fours and never catches.  At the round's end the summary table is
checked with an independent point count: the winner's score must equal the points left in the
other hands.  The watch mode (``--manual 0``) must play a whole match with no input at all.
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
        ["-m", "graders.cli", "play", "uno-official", "--seed", "3"],
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
    moves = 0
    summary = ""
    transcript = []
    while True:
        i = child.expect(patterns)
        transcript.append(ANSI.sub("", child.before))
        if i == 0:
            screen = ANSI.sub("", child.before)
            hand_line = [ln for ln in screen.splitlines() if "Your hand:" in ln][-1]
            hand = re.findall(r"\d+: (\S+)", hand_line)
            playable = child.match.group(1).split()
            child.expect(r"Your move")
            if playable and playable[0] != "none":
                child.sendline(playable[0] + ("u" if len(hand) == 2 else ""))
            else:
                child.sendline("d")
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
    assert "Not allowed" not in "".join(transcript)  # every scripted key was a legal move
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


def _cli(*args: str, timeout: int = 60) -> tuple[int, str]:
    env = dict(os.environ, NO_COLOR="1", TERM="dumb", COLUMNS="120")
    child = pexpect.spawn(
        sys.executable,
        ["-m", "graders.cli", "play", "uno-official", *args],
        cwd=str(ROOT),
        env=env,
        encoding="utf-8",
        timeout=timeout,
    )
    child.expect(pexpect.EOF)
    child.close()
    return child.exitstatus, ANSI.sub("", child.before)


def test_watch_mode_plays_a_whole_match_without_input():
    code, out = _cli("--manual", "0", "--players", "3", "--seed", "4")
    assert code == 0
    assert "3 bots play to 500" in out
    winner = re.search(r"Bot (\d) won the match!", out)
    assert winner is not None
    final = out[out.rindex("over") :]
    totals = {}
    for line in final.splitlines():
        cells = [c.strip() for c in line.strip().strip("│┃").split("│")]
        if len(cells) == 4 and cells[0].startswith("Bot "):
            totals[cells[0]] = int(cells[3])
    assert len(totals) == 3
    assert (
        totals[f"Bot {winner.group(1)}"]
        >= 500
        > max(v for k, v in totals.items() if k != f"Bot {winner.group(1)}")
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--manual", "2"), "--manual is 1 (you against bots) or 0 (watch the bots), not 2"),
        (("--players", "1"), "--players must be between 2 and 10, not 1"),
    ],
)
def test_bad_options_exit_2_with_a_message(args, message):
    code, out = _cli(*args)
    assert code == 2
    assert message in out and "Traceback" not in out


def test_the_header_and_every_prompt_name_the_same_keys():
    """Issue 32: the prompt offered ``u`` that the header never explained, and the header
    ``c``/``a`` that only the challenge prompt takes; now every prompt's key is in the header."""
    import re

    from reference.uno_official import tui

    header = {part.split()[0] for part in tui.HELP.removeprefix("keys: ").split(" | ")}
    for keys in (tui.MOVE_KEYS, tui.CHALLENGE_KEYS):
        assert set(keys) <= header
    assert header == set(tui.MOVE_KEYS) | set(tui.CHALLENGE_KEYS)
    move_prompt = re.findall(r"[\w]+", "N, Nu, d, p, u, k, h, q")
    assert list(tui.MOVE_KEYS) == move_prompt  # the keys the move prompt always offered
