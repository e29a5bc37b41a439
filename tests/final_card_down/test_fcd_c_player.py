"""C AI players (``player.c``) in final-card-down tournaments and in grading
(``reference/final_card_down/c_player.py``, Decision D33).

The strongest check is a second implementation: ada's ``player.c`` in the C example class is
a port of ada's ``player.py`` (highest playable card first, a DECLARE names RED), so a
tournament with the C player, built in the sandbox and asking the tournament's game through
the proxy ``Game.h``, must come out exactly as one with the Python player run in this
process on the reference ADT itself.  The faulty players' expectations come from their own
source: the line a sanitizer or gcc must name is found in the text of the file.
"""

from __future__ import annotations

import importlib.util
import json
import socket
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import reference.final_card_down.game as G
from graders.cli import main
from graders.run.sandbox import bwrap_usable
from graders.run.toolchains import toolchain
from reference.final_card_down import arena, c_player
from reference.final_card_down.tournament import full_deck, tournament

ROOT = Path(__file__).resolve().parents[2]
PY_ADA = ROOT / "examples" / "final-card-down" / "ada"
C_ADA = ROOT / "examples" / "final-card-down-c" / "ada"
ISOLATIONS = [
    pytest.param("bwrap", marks=pytest.mark.skipif(not bwrap_usable(), reason="no bwrap")),
    "rlimits",
]
FAST = arena.Limits(timeout=1.0, cpu=1.0, memory_mb=512, output_kb=8)

pytestmark = pytest.mark.skipif(toolchain("gcc").path() is None, reason="no gcc")


@pytest.fixture(autouse=True)
def build_cache(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("UNOGRADE_BUILD_CACHE", str(tmp_path_factory.getbasetemp() / "builds"))


def in_process(path: Path):
    """A Python player's decideMove imported here with ``game`` = the reference ADT."""
    saved = sys.modules.get("game")
    sys.modules["game"] = G
    try:
        spec = importlib.util.spec_from_file_location(f"fcd_c_twin_{path.parent.name}", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        if saved is None:
            del sys.modules["game"]
        else:
            sys.modules["game"] = saved
    return module.decideMove


def line_of(text: str, needle: str) -> int:
    return next(k + 1 for k, line in enumerate(text.splitlines()) if needle in line)


def write_player(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


# ----------------------------------------------------------------- playing


@pytest.mark.parametrize("isolation", ISOLATIONS)
def test_the_c_port_of_a_python_player_plays_exactly_as_the_python_one(isolation):
    twin = in_process(PY_ADA / "player.py")
    direct = tournament([twin, twin], 24, seed=7, names=["ada", "ada-2"])
    assert sum(e.wins for e in direct.entrants) + direct.no_winner == 24  # every game ended
    assert not direct.illegal
    in_c, players, mode = arena.run_tournament([C_ADA, C_ADA], 24, 7, isolation)
    assert in_c == direct
    assert mode.startswith("bubblewrap" if isolation == "bwrap" else "rlimits only")
    assert all(isinstance(p, c_player.CPlayer) for p in players)
    # Each move was one request, answered after several Game.h calls through the desk.
    assert all(p.calls > 24 and p.desk.calls > 3 * p.calls for p in players)


def test_c_python_and_house_players_in_one_tournament():
    # ada in C and ada in Python side by side, two house seats: the same games as two
    # Python adas played in this process.
    twin = in_process(PY_ADA / "player.py")
    direct = tournament([twin, twin], 16, seed=3, names=["ada", "ada-2"])
    mixed, players, _ = arena.run_tournament([C_ADA / "player.c", PY_ADA], 16, 3, "auto")
    assert mixed == direct
    assert [type(p).__name__ for p in players] == ["CPlayer", "SandboxPlayer"]
    assert [e.name for e in mixed.entrants] == ["ada", "ada-2", "house2", "house3"]
    assert mixed.forfeits == 0 and mixed.unfinished == 0


def test_the_tournament_command_takes_c_players(tmp_path):
    out = tmp_path / "report"
    result = CliRunner().invoke(
        main,
        ["tournament", "final-card-down", str(C_ADA / "player.c"), str(PY_ADA),
         "--games", "3", "--seed", "4", "--out", str(out)],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads((out / "tournament.json").read_text(encoding="utf-8"))
    assert [e["name"] for e in data["entrants"][:2]] == ["ada", "ada-2"]
    assert data["forfeits"] == 0 and data["games"] == 3


def test_which_players_are_c(tmp_path):
    assert c_player.is_c_player(C_ADA) and c_player.is_c_player(C_ADA / "player.c")
    assert not c_player.is_c_player(PY_ADA) and not c_player.is_c_player(PY_ADA / "player.py")
    both = tmp_path / "both"
    both.mkdir()
    (both / "player.py").write_text("")
    (both / "player.c").write_text("")
    assert not c_player.is_c_player(both)  # a Python submission with a stray player.c
    (both / "Game.c").write_text("")
    assert c_player.is_c_player(both)  # a C submission (it holds Game.c)
    result = CliRunner().invoke(main, ["tournament", "final-card-down", str(ROOT / "examples")])
    assert result.exit_code == 2 and "no player.py in this folder (nor player.c)" in result.output


# ----------------------------------------------------------------- faulty players

OVERFLOW = """#include <stdlib.h>
#include "player.h"

playerMove decideMove(Game game) {
    char *counts = malloc(4);
    counts[handCardCount(game) + 40] = 1;  /* out of bounds */
    free(counts);
    playerMove move = {DRAW_CARD, RED, 0};
    return move;
}
"""

BLIND = """#include "player.h"

playerMove decideMove(Game game) {
    playerMove move = {PLAY_CARD, RED, handCard(game, 0)};  /* never asks isValidMove */
    return move;
}
"""

BROKEN = """#include "player.h"

playerMove decideMove(Game game) {
    playerMove move = {DRAW_CARD, RED, 0};
    move.action = undeclared_strategy;
    return move;
}
"""

PLAYS = """#include "player.h"

playerMove decideMove(Game game) {
    playerMove move = {DRAW_CARD, RED, 0};
    playMove(game, move);
    return move;
}
"""

SPINS = """#include "player.h"

playerMove decideMove(Game game) {
    volatile long x = 0;
    for (;;) x += currentTurn(game) >= 0;
}
"""

NOT_A_MOVE = """#include "player.h"

playerMove decideMove(Game game) {
    playerMove move = {(action)42, RED, 0};
    (void)game;
    return move;
}
"""


def test_a_sanitizer_finding_loses_the_game_and_names_the_line(tmp_path):
    path = write_player(tmp_path, "overflow.c", OVERFLOW)
    result, players, _ = arena.run_tournament([path], 3, 1, "auto", FAST, max_failures=2)
    assert result.forfeits == 3 and result.entrants[0].wins == 0
    line = line_of(OVERFLOW, "out of bounds")
    first = result.illegal[0].reason
    assert first.startswith("decideMove crashed: ") and "Sanitizer" in first, first
    assert f"player.c:{line} in decideMove" in first and "exited with status 86" in first
    assert "fcd_player_main.c" not in first  # our driver's frame is not the student's
    # Two crashes and the player is out, as a Python player's crashes put it out.
    assert players[0].calls == 2 and result.illegal[-1].reason.endswith("no more moves")


def test_an_invalid_move_loses_the_game_with_the_state_it_was_made_in(tmp_path):
    path = write_player(tmp_path, "blind.c", BLIND)
    result, _, _ = arena.run_tournament([path], 4, 2, "auto", FAST)
    assert result.forfeits == len(result.illegal) >= 1
    for bad in result.illegal:
        assert bad.reason == "isValidMove is false"
        # The move is the first card of the hand the state shows (and the rules refused it).
        assert bad.move.startswith(f"PLAY_CARD {bad.state['hand'][0]}")


def test_a_player_that_does_not_compile_is_out_with_gccs_first_error(tmp_path):
    path = write_player(tmp_path, "broken.c", BROKEN)
    result, players, _ = arena.run_tournament([path], 3, 1, "auto", FAST)
    line = line_of(BROKEN, "undeclared_strategy")
    assert result.forfeits == 3 and players[0].calls == 0
    for bad in result.illegal:
        assert bad.reason.startswith(f"player.c does not compile: player.c:{line}:"), bad.reason
        assert "undeclared_strategy" in bad.reason and " | " not in bad.reason


def test_a_player_without_decidemove_is_out_with_the_linkers_words(tmp_path):
    path = write_player(tmp_path, "misnamed.c", BLIND.replace("decideMove", "decide_move"))
    result, _, _ = arena.run_tournament([path], 2, 1, "auto", FAST)
    (reason,) = {b.reason for b in result.illegal}
    assert reason.startswith("player.c does not compile: ") and "/" not in reason, reason
    assert "undefined reference to `decideMove'" in reason


@pytest.mark.parametrize(
    ("source", "reason"),
    [
        (PLAYS, "decideMove crashed: it called playMove, which a player may not"),
        (SPINS, "decideMove did not answer: no result within 0.5 s"),
        (NOT_A_MOVE, "decideMove returned [42, None, None], which is not a Move"),
    ],
)
def test_faulty_c_players_forfeit_as_python_ones_do(tmp_path, source, reason):
    path = write_player(tmp_path, "faulty.c", source)
    limits = arena.Limits(timeout=0.5, cpu=0.5, memory_mb=512, output_kb=8)
    result, _, _ = arena.run_tournament([path], 3, 1, "auto", limits, max_failures=5)
    assert result.forfeits == 3
    assert all(b.reason.startswith(reason) for b in result.illegal), result.illegal[0].reason


# ----------------------------------------------------------------- the desk


def ask(path: Path, *lines: str) -> list[dict]:
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as conn:
        conn.connect(str(path))
        conn.settimeout(5)
        conn.sendall("".join(line + "\n" for line in lines).encode())
        data = b""
        while data.count(b"\n") < len(lines):
            chunk = conn.recv(1 << 16)
            assert chunk, "the desk closed the connection"
            data += chunk
    return [json.loads(line) for line in data.decode().splitlines()]


def test_the_desk_answers_the_games_queries_and_nothing_else(tmp_path):
    deck = full_deck()[:40]
    game = G.newGame(
        len(deck), [c.value for c in deck], [c.color for c in deck], [c.suit for c in deck]
    )
    with c_player.Desk(tmp_path / "adt") as desk:
        handle = desk.offer(game)
        g = {"game": handle}
        first = G.handCard(game, 0)
        play = {"move": [1, None, {"card": [int(first.value), int(first.color), int(first.suit)]}]}
        answers = ask(
            desk.path,
            json.dumps({"call": "numCards", "args": [g]}),
            json.dumps({"call": "handCardCount", "args": [g]}),
            json.dumps({"call": "playerCardCount", "args": [g, 2]}),
            json.dumps({"call": "handCard", "args": [g, 0]}),
            json.dumps({"call": "isValidMove", "args": [g, play]}),
            json.dumps({"call": "playMove", "args": [g, {"move": [0, None, None]}]}),
            json.dumps({"call": "newGame", "args": [3, [], [], []]}),
            json.dumps({"call": "legalMoves", "args": [g]}),
            json.dumps({"call": "hash", "args": [g]}),
            json.dumps({"call": "numCards", "args": [{"game": handle + 1}]}),
            json.dumps({"call": "handCard", "args": [g, 99]}),
            "not json at all",
        )
        assert [a.get("value") for a in answers[:3]] == [40, 7, 7]
        card = [field["value"] for field in answers[3]["value"]["card"]]
        assert card == [int(first.value), int(first.color), int(first.suit)]
        assert answers[4]["value"] is G.isValidMove(game, G.Move(G.Action.PLAY_CARD, None, first))
        assert all("value" not in a for a in answers[5:])
        assert answers[5]["raise"] == answers[6]["raise"] == "NotForPlayers"
        assert "read-only" in answers[5]["message"]
        assert answers[7]["raise"] == answers[8]["raise"] == "NotForPlayers"
        assert "not a game of this run" in answers[9]["message"]
        desk.withdraw()
        # Between decisions a call waits, unread; the next decision answers it, and the
        # handle of the decision before is no game any more.
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as conn:
            conn.connect(str(desk.path))
            conn.sendall((json.dumps({"call": "numCards", "args": [g]}) + "\n").encode())
            conn.settimeout(0.5)
            with pytest.raises(TimeoutError):
                conn.recv(1 << 16)
            assert desk.offer(game) == handle + 1
            conn.settimeout(5)
            later = json.loads(conn.recv(1 << 16).decode())
        assert later["raise"] == "ValueError" and "not a game of this run" in later["message"]
        assert desk.answer(b'{"call":"numCards","args":[{"game":%d}]}' % (handle + 1)) == {
            "value": 40
        }
        desk.withdraw()
        assert "no game" in desk.answer(b'{"call":"numCards","args":[{"game":1}]}')["message"]


# ----------------------------------------------------------------- grading


def test_grading_says_that_a_player_c_does_not_compile(tmp_path):
    folder = tmp_path / "sub"
    folder.mkdir()
    game_c = ROOT / "examples" / "final-card-down-c" / "cy" / "Game.c"
    (folder / "Game.c").write_bytes(game_c.read_bytes())
    write_player(folder, "player.c", BROKEN)
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["grade", "final-card-down", str(folder), "--out", str(out)])
    assert result.exit_code == 0, result.output
    data = json.loads((out / "sub" / "result.json").read_text(encoding="utf-8"))
    line = line_of(BROKEN, "undeclared_strategy")
    notes = [n for n in data["review"] if "player.c" in n]
    assert len(notes) == 1 and f"player.c:{line}:" in notes[0], notes
    assert notes[0].startswith("player.c does not compile") and " | " not in notes[0]
    # Players are not scored: the parts add up to the score, with no points for the player.
    assert data["score"] == pytest.approx(sum(p["points"] for p in data["parts"]))
    assert data["max_score"] == sum(p["max_points"] for p in data["parts"]) == 100


def test_a_player_c_that_compiles_adds_no_note(tmp_path):
    assert c_player.build_problem(C_ADA) is None
    assert c_player.build_problem(PY_ADA) is None  # a Python submission: no player.c


# ----------------------------------------------------------------- hostile (run as root)

HOSTILE = """#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "player.h"

/* Any way out of the sandbox that works makes the answer a non-move: action 40 + which. */

static int asks(const char *request) {
    struct sockaddr_un where;
    memset(&where, 0, sizeof where);
    where.sun_family = AF_UNIX;
    strncpy(where.sun_path, "adt/socket", sizeof where.sun_path - 1);
    int fd = socket(AF_UNIX, SOCK_STREAM, 0);
    if (fd < 0 || connect(fd, (struct sockaddr *)&where, sizeof where) != 0) return 0;
    char answer[4096] = {0};
    int got = 0;
    if (write(fd, request, strlen(request)) > 0) got = (int)read(fd, answer, sizeof answer - 1);
    close(fd);
    return got > 0 && strstr(answer, "\\"value\\"") != NULL;
}

static int escaped(Game game) {
    if (getuid() == 0 || geteuid() == 0) return 1;
    if (open("@SECRET@", O_RDONLY) >= 0) return 2;
    int out = open("@OUTSIDE@", O_WRONLY | O_CREAT, 0644);
    if (out >= 0) close(out);  /* the test looks for it on the host */
    if (unlink("adt/socket") == 0) return 3;
    if (open("adt/planted", O_WRONLY | O_CREAT, 0644) >= 0) return 4;
    long handle = *(long *)game;  /* the proxy's handle, read from its struct */
    char request[256];
    snprintf(request, sizeof request, "{\\"call\\":\\"@CALL@\\",\\"args\\":[{\\"game\\":%ld}]}\\n",
             handle);
    if (asks(request)) return 5;
    return 0;
}

playerMove decideMove(Game game) {
    playerMove move = {DRAW_CARD, RED, 0};
    int how = escaped(game);
    if (how) {
        move.action = (action)(40 + how);
        return move;
    }
    if (!isValidMove(game, move)) move.action = END_TURN;
    return move;
}
"""
SECRET = ROOT / "reference" / "final_card_down" / "game" / "rules.py"


def hostile(folder: Path, secret: Path, outside: Path, call: str = "legalMoves") -> Path:
    folder.mkdir(parents=True)
    text = HOSTILE.replace("@SECRET@", str(secret)).replace("@OUTSIDE@", str(outside))
    return write_player(folder, "player.c", text.replace("@CALL@", call))


def escapes(result) -> set[str]:
    return {b.reason for b in result.illegal}


@pytest.mark.parametrize("isolation", ISOLATIONS)
def test_a_hostile_player_gets_nothing_out_of_its_sandbox(tmp_path, isolation):
    outside = tmp_path / "planted-by-the-player"
    tmp_path.chmod(0o777)  # writable by anyone: only the sandbox keeps the player out
    # Without bubblewrap the reference's files are readable by every user (the page says
    # so); the rest holds in both modes.
    secret = SECRET if isolation == "bwrap" else tmp_path / "no-such-file"
    assert SECRET.is_file()
    path = hostile(tmp_path / "hostile", secret, outside)
    result, players, _ = arena.run_tournament([path], 3, 1, isolation, FAST)
    assert result.forfeits == 0 and not result.illegal, escapes(result)
    assert players[0].calls > 3  # it played (every attempt ran before each of its moves)
    assert not outside.exists()


@pytest.mark.parametrize(
    ("secret", "call", "code"),
    [("/etc/hostname", "legalMoves", 42), ("/no/such/file", "numCards", 45)],
)
def test_the_hostile_players_checks_can_fail(tmp_path, secret, call, code):
    # Controls: a file the sandbox does show, and a call the desk does answer, are seen as
    # escapes: the attempts above really ran and were refused.
    assert bwrap_usable() or secret == "/no/such/file"
    path = hostile(tmp_path / "control", Path(secret), tmp_path / "x", call)
    result, _, _ = arena.run_tournament([path], 2, 1, "auto", FAST)
    assert escapes(result) == {f"decideMove returned [{code}, None, None], which is not a Move"}


@pytest.mark.skipif(not bwrap_usable(), reason="no bwrap")
@pytest.mark.parametrize("header", [SECRET, Path("/usr/include/stdio.h")])
def test_a_player_c_cannot_include_the_reference_at_build_time(tmp_path, header):
    # gcc runs in the sandbox too: the reference's file is not there to include; a system
    # header by the same kind of path is (the control).
    text = f'#include "{header}"\n' + BLIND
    built = c_player.build(text.encode(), "bwrap")
    if header == SECRET:
        assert built.folder is None and "No such file or directory" in built.error
        assert "WRONG_CALLOUT_PENALTY" not in built.report
    else:
        assert built.folder is not None, built.error
