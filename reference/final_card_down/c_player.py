"""C AI players (the course's ``player.c``) in tournaments, each in a sandbox of its own.

A C player is ``decideMove(Game game)`` of ``c/player.h``.  It is built in the sandbox with
our ``c/fcd_player_main.c`` (which includes ``c/fcd_proxy.c``, the ``Game.h`` a C
``testGame.c`` is linked with) and our ``Card.c``, AddressSanitizer and UndefinedBehavior-
Sanitizer on, once per source (kept in the build cache by digest).  The program is a served
one (``graders.run.served``): started once per player and kept for the whole tournament,
asked for one move after another; after a crash or a timeout a fresh one takes the next move,
as a Python player's child is restarted.

Each ``Game.h`` call the player makes crosses the Unix socket ``adt/socket`` of its sandbox
to :class:`Desk`, a thread of the grader that answers it from the tournament's own reference
game (Decision D33): the game's queries and ``isValidMove`` only, for the decision being made
(a handle of its own for each), never ``newGame``, ``playMove`` or ``destroyGame``.  So a C
player sees what a Python player's snapshot shows (D17), from the same game, and holds no
rule of it.

What goes wrong is said as for a Python player (``graders.tournaments.arena``): a crash, a
sanitizer's report (its kind and the first place it names, ``player.c:LINE``), a timeout or a
refused call loses the game; a build that fails puts the player out of the tournament with
gcc's first error (``player.c:LINE:COLUMN: error: ...``), as a Python player that cannot be
imported is.

Runs in the grader; never imports or runs student code outside the sandbox.
"""

from __future__ import annotations

import json
import os
import re
import selectors
import shutil
import socket
import tempfile
import threading
from contextlib import ExitStack
from dataclasses import replace
from pathlib import Path
from typing import Any

from graders.run.served import ServedSession
from graders.textsafe import clean_text
from graders.tournaments.arena import PlayerFault, SandboxedPlayer, Words
from graders.vocabulary import Limits, Outcome, RunStatus

from . import c_build
from . import game as G
from .c_adt import sanitizer_report
from .c_build import Build
from .harness_files import load
from .socket_lines import answer_lines, close_listening

PLAYER_FILE = "player.c"
PROGRAM = "player"
C_FOLDER = Path(__file__).resolve().parents[2] / "assignments" / "final-card-down" / "c"
SUPPORT = ("Game.h", "Card.h", "player.h", "Card.c", "fcd_proxy.c", "fcd_player_main.c")
BUILD = (*c_build.GCC, "-o", PROGRAM, PLAYER_FILE, "fcd_player_main.c", "Card.c")
BUILD_LIMITS = c_build.LIMITS
MAX_SOURCE = 1 << 20  # bytes of a player.c
MAX_REQUEST = 64 * 1024  # bytes of one Game.h call (the longest is a few hundred)
MAX_CONNECTIONS = 4
SOCKET_DIR = "adt"
SOCKET_NAME = "socket"
WORDS = Words(who="decideMove", function="decideMove", module="the player")

# Game.h's functions a player may call: the queries and isValidMove (D33).
QUERIES = frozenset(
    {
        "numCards", "numOfSuit", "numOfColor", "numOfValue", "currentPlayer", "currentTurn",
        "numTurns", "turnMoves", "pastMove", "playerCardCount", "handCardCount", "handCard",
        "playerPoints", "playDirection", "topDiscard", "gameWinner", "isValidMove",
    }
)  # fmt: skip
READ_ONLY = frozenset({"newGame", "playMove", "destroyGame"})
REFUSED_TYPE = "NotForPlayers"

_SERVER = load("adt_server.py")  # the protocol's values, as the suites' ADT server reads them
_SUMMARY = re.compile(
    r"SUMMARY: (\w+Sanitizer): (\S+)(?: (\S+?):(\d+)(?::\d+)?)?(?: in (\S+))?", re.MULTILINE
)
_REFUSED = re.compile(r"fcd_proxy: the ADT refused (\w+) \((\w+)\)")
_PATH = re.compile(r"(?:/[^\s:/]+)+/([^\s:/]+)")  # a sandbox path, cut to its file name
_EXCERPT = re.compile(r" +\d+ \| ")  # gcc's source excerpt after its message
_OUR_FRAME = re.compile(r", called from fcd_player_main\.c:\d+ in \w+")


# ----------------------------------------------------------------- which players are C


def is_c_player(path: Path) -> bool:
    """A ``.c`` file; or a folder that is a C submission (it holds ``Game.c``) or holds
    ``player.c`` and no ``player.py``."""
    if path.is_dir():
        has_c = (path / PLAYER_FILE).is_file()
        return has_c and ((path / "Game.c").is_file() or not (path / "player.py").is_file())
    return path.suffix == ".c"


def source_of(path: Path) -> bytes:
    """The player's ``player.c`` (the file itself, or the folder's); ValueError if missing
    or too large."""
    main = path / PLAYER_FILE if path.is_dir() else path
    if not main.is_file():
        raise ValueError(f"{path}: no {PLAYER_FILE} in this folder")
    if main.stat().st_size > MAX_SOURCE:
        raise ValueError(f"{main}: larger than {MAX_SOURCE // 1024} KB; not a player.c")
    return main.read_bytes()


# ----------------------------------------------------------------- the build


def build(source: bytes, isolation: str = "auto") -> Build:
    """``player.c`` built in the sandbox with our main, proxy and ``Card.c`` (cached by the
    digest of every file, the command and gcc's version; ``c_build``)."""
    files = [(name, (C_FOLDER / name).read_bytes()) for name in SUPPORT]
    files.append((PLAYER_FILE, source))
    return c_build.build(files, BUILD, BUILD_LIMITS, "fcd-player", PROGRAM, isolation)


def gcc_error(message: str, report: str = "") -> str:
    """gcc's first error (``first_error``: for a link error, the linker's line naming what is
    missing or doubled, such as ``decideMove``) without the source excerpt joined to it, its
    sandbox paths cut to file names and, where the line is one of our files', only what it
    says."""
    said = _EXCERPT.split(clean_text(message), maxsplit=1)[0].strip()
    if any(w in said for w in ("undefined reference", "multiple definition")):
        said = _PATH.sub(r"\1", said)
        if said.split(":", 1)[0] in SUPPORT:  # our file's line says nothing to them
            said = said.split(": ", 1)[-1]
    return said[:400]


def build_problem(path: Path, isolation: str = "auto") -> str | None:
    """What the grade report says of a submission's ``player.c`` that does not build (gcc's
    first error, with its file:line), or None (it builds, or there is no player.c)."""
    if not (path / PLAYER_FILE).is_file():
        return None
    try:
        source = source_of(path)
    except (OSError, ValueError) as exc:
        return f"player.c cannot play in tournaments: {exc}"
    built = build(source, isolation)
    if built.folder is not None:
        return None
    if "not installed" in built.error:
        return f"player.c was not built: {built.error}"
    return (
        "player.c does not compile, so it cannot play in the course's tournaments: "
        f"{gcc_error(built.error, built.report)}"
    )


# ----------------------------------------------------------------- the desk


class Desk:
    """Answers a C player's ``Game.h`` calls from the tournament's reference game (a context
    manager; one per player, its thread started at once).

    ``offer(game)`` makes ``game`` the one being decided on and returns its handle;
    ``withdraw()`` ends that decision.  Calls for any other handle, and calls made between
    decisions, are refused, as is every function but the queries and ``isValidMove``.
    Everything the player sends is read as data: a bounded JSON line, decoded by the suites'
    ADT server's rules (``harness/adt_server.py``), answered by the reference's own function.
    """

    def __init__(self, where: Path) -> None:
        self.folder = Path(where)
        self.folder.mkdir(mode=0o755, exist_ok=True)
        os.chmod(self.folder, 0o755)
        self.path = self.folder / SOCKET_NAME
        self.listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.listener.bind(str(self.path))
        os.chmod(self.path, 0o666)  # the player runs as another user: it may connect
        self.listener.listen(MAX_CONNECTIONS)
        self.current: tuple[int, Any] | None = None  # (handle, the protocol's server)
        self.handles = 0
        self.calls = 0
        self.stopping = threading.Event()
        self.wake_r, self.wake_w = os.pipe()
        self.thread = threading.Thread(target=self._serve, name="fcd-player-desk", daemon=True)
        self.thread.start()

    def __enter__(self) -> Desk:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def offer(self, game: G.Game) -> int:
        self.handles += 1
        server = _SERVER.Server(G)
        server.objects = {self.handles: game}
        server.handles = {id(game): self.handles}
        self.current = (self.handles, server)
        self._wake()
        return self.handles

    def withdraw(self) -> None:
        self.current = None
        self._wake()

    def _wake(self) -> None:
        """Tell the thread that a decision began or ended: between decisions it reads no
        connection (a player's thread that keeps calling waits, and costs the grader no
        time)."""
        try:
            os.write(self.wake_w, b"x")
        except OSError:
            pass

    def answer(self, line: bytes) -> dict[str, Any]:
        """One call's answer (``{"value": ...}`` or ``{"raise": TYPE, "message": ...}``)."""
        self.calls += 1
        try:
            request = json.loads(line)
            if type(request) is not dict:
                raise ValueError("a request is a JSON object")
            name, raw = request.get("call"), request.get("args", [])
            if type(name) is not str or type(raw) is not list:
                raise ValueError("not a request of the protocol")
            if name in READ_ONLY:
                return _refused(
                    f"a player may not call {name}: the tournament's game is read-only "
                    "(decideMove returns its move, the tournament plays it)"
                )
            if name not in QUERIES:
                return _refused(f"no such call for a player: {name[:60]!r}")
            current = self.current
            if current is None:
                return _refused("no game is being decided on now")
            server = current[1]
            args = server.decode(raw)
            return {"value": server.encode(getattr(G, name)(*args))}
        except Exception as exc:  # noqa: BLE001 - bad requests and the ADT's own errors
            return {"raise": type(exc).__name__[:60], "message": str(exc)[:300]}

    def _serve(self) -> None:
        selector = selectors.DefaultSelector()
        selector.register(self.listener, selectors.EVENT_READ)
        selector.register(self.wake_r, selectors.EVENT_READ)
        buffers: dict[socket.socket, bytearray] = {}
        try:
            while not self.stopping.is_set():
                for key, _ in selector.select():
                    if self.stopping.is_set():
                        return
                    if key.fileobj == self.wake_r:
                        os.read(self.wake_r, 4096)
                        self._listen_to(selector, buffers)
                    elif key.fileobj is self.listener:
                        self._accept(selector, buffers)
                    else:
                        self._read(key.fileobj, selector, buffers)  # type: ignore[arg-type]
        finally:
            selector.close()
            for conn in list(buffers):
                conn.close()

    def _listen_to(self, selector: selectors.BaseSelector, buffers: dict) -> None:
        """Read the connections during a decision only."""
        registered = selector.get_map()
        for conn in buffers:
            if self.current is not None and conn not in registered:
                selector.register(conn, selectors.EVENT_READ)
            elif self.current is None and conn in registered:
                selector.unregister(conn)

    def _accept(self, selector: selectors.BaseSelector, buffers: dict) -> None:
        try:
            conn, _ = self.listener.accept()
        except OSError:
            return
        if len(buffers) >= MAX_CONNECTIONS:  # a restarted player's old ones are gone
            conn.close()
            return
        conn.settimeout(1.0)  # a player that never reads its answers
        buffers[conn] = bytearray()
        if self.current is not None:
            selector.register(conn, selectors.EVENT_READ)

    def _read(self, conn: socket.socket, selector: selectors.BaseSelector, buffers: dict) -> None:
        if not answer_lines(conn, buffers[conn], MAX_REQUEST, _TOO_LONG, self._answer_line):
            selector.unregister(conn)
            buffers.pop(conn, None)
            conn.close()

    def _answer_line(self, line: bytes) -> bytes:
        return _line(self.answer(line))

    def close(self) -> None:
        if not self.stopping.is_set():
            self.stopping.set()
            try:
                os.write(self.wake_w, b"x")
            except OSError:
                pass
            self.thread.join(5)
        close_listening(self.listener, self.path, (self.wake_r, self.wake_w))


def _refused(message: str) -> dict[str, Any]:
    return {"raise": REFUSED_TYPE, "message": message}


def _line(answer: dict[str, Any]) -> bytes:
    return (json.dumps(answer, separators=(",", ":")) + "\n").encode()


_TOO_LONG = _line(_refused("a request larger than a player's call"))


# ----------------------------------------------------------------- a player in its sandbox


def crash_detail(log: str) -> str:
    """What a C player's log says of how it ended: a sanitizer's finding and where (the first
    place its report names), or the call the desk refused; "" when it says neither."""
    text = clean_text(log)
    refused = _REFUSED.search(text)
    if refused is not None:
        name, kind = refused.groups()
        if name in READ_ONLY:
            return f"it called {name}, which a player may not (the game is read-only)"
        return f"its call {name} was refused ({kind}): a call the game does not answer"
    found = sanitizer_report(text)
    summary = _SUMMARY.search(text)
    if found is not None and " at " in found[0]:
        return _OUR_FRAME.sub("", found[0])
    if summary is not None:
        tool, what, path, line, function = summary.groups()
        where = f" at {path.rsplit('/', 1)[-1]}:{line}" if path and line else ""
        if function:
            where += f" in {function}"
        return f"{tool}: {what}{where}"[:400]
    return found[0] if found is not None else ""


class CPlayer(SandboxedPlayer):
    """A C ``decideMove`` for ``tournament``: each call is one request to the player's
    program, whose ``Game.h`` calls ``desk`` answers from ``game`` while it decides."""

    def __init__(
        self,
        name: str,
        session: ServedSession,
        desk: Desk | None,
        max_failures: int,
        problem: str | None = None,
    ) -> None:
        super().__init__(name, session, WORDS, max_failures)
        self.desk = desk
        if problem is not None:
            self.out = problem

    def __call__(self, game: G.Game) -> G.Move:
        from .arena import move_from_answer

        if self.desk is None:
            raise PlayerFault(self.out or "the player was not built")
        handle = self.desk.offer(game)
        try:
            answer = self.ask(str(handle))
        finally:
            self.desk.withdraw()
        return move_from_answer(answer)

    def _fault(self, outcome: Outcome) -> str:
        if outcome.status == RunStatus.CRASHED:
            detail = crash_detail(outcome.stdout)
            if detail:
                outcome = replace(outcome, message=f"{detail} ({outcome.message})")
        return super()._fault(outcome)


def open_player(
    stack: ExitStack,
    path: Path,
    name: str,
    limits: Limits,
    isolation: str,
    max_failures: int,
    expected_calls: int,
) -> CPlayer:
    """The C player at ``path``, built, its sandbox and its desk open until ``stack``
    closes.  A player that does not build is out of the tournament from its first move."""
    source = source_of(path)
    folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="fcd-cplayer-")))
    os.chmod(folder, 0o755)
    session = stack.enter_context(
        ServedSession(
            folder, (f"./{PROGRAM}",), limits, isolation, expected_calls, rlimit_memory=False
        )
    )
    built = build(source, isolation)
    if built.folder is None:
        problem = f"player.c does not compile: {gcc_error(built.error, built.report)}"
        if "not installed" in built.error:
            problem = f"player.c was not built: {built.error}"
        return CPlayer(name, session, None, max_failures, problem)
    shutil.copy2(built.folder / PROGRAM, folder / PROGRAM)
    os.chmod(folder / PROGRAM, 0o755)
    if session.mode == "bwrap":
        # Bound read-only into the sandbox: the player may connect, never replace it.
        desk = stack.enter_context(Desk(folder / SOCKET_DIR))
    else:
        # Without bubblewrap each start copies the folder, which cannot copy a socket: the
        # copy holds a link to the desk's folder instead.
        outside = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="fcd-desk-")))
        os.chmod(outside, 0o755)
        desk = stack.enter_context(Desk(outside / SOCKET_DIR))
        (folder / SOCKET_DIR).symlink_to(desk.folder)
    return CPlayer(name, session, desk, max_failures)
