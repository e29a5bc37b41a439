"""The ADT under test in a sandbox of its own, reached by a student's suite through a socket.

A run of a student's test suite (``suite.py``) puts only a proxy ``game`` in the suite's
sandbox (``harness/adt_proxy.py``); the reference or the mutant runs here instead, in a
``graders.run.sandbox.Session`` child of its own (``harness/adt_server.py`` and the ``game``
package, in a folder the suite's sandbox never sees), killed with the run.  Why: a suite that
shares a process (or a file system) with the code it tests can read that code and report it,
or recognise a mutant by its hash without testing anything (issue 25).

How the two meet: this module listens on a Unix socket ``adt/socket`` in the run's folder
(bound read-only into the suite's sandbox, which may connect to a socket but not replace
it); each line a proxy writes is handed, unread, to the server as one call, and its answer is
written back.  Nothing the suite sends is interpreted here beyond finding the end of a line:
the server parses it.  After a failure of the server (a timeout, memory, a crash) every
further request is answered ``{"fail": ...}``: a fresh server would not know the games the
suite holds.  The wire format is in ``adt_server.py``; a C proxy can speak it as well.

The server also reports which of the ADT's functions the suite's calls reached (D22):
``called`` after the run, None when the list cannot be trusted to be complete.
"""

from __future__ import annotations

import contextvars
import json
import os
import selectors
import shutil
import socket
import tempfile
import threading
from pathlib import Path
from typing import Any

from graders.run.sandbox import Call, Session
from graders.vocabulary import Limits

from .harness_files import harness_file
from .socket_lines import answer_lines, close_listening

SERVER_MODULE = "adt_server"
MAX_REQUEST = 8 * 1024 * 1024  # bytes of one request line (a deck of many thousand cards)
MAX_CONNECTIONS = 8
SOCKET_DIR = "adt"
SOCKET_NAME = "socket"


def _fail(text: str) -> bytes:
    return (json.dumps({"fail": text}) + "\n").encode()


_TOO_LONG = _fail("a request larger than the ADT's process takes")


class ADTLink:
    """One run's ADT server and the socket its suite reaches it by (a context manager).

    ``files`` is the ``game`` package (name -> text); ``folder`` the run folder the suite's
    sandbox sees (``adt/socket`` is made in it).  The server starts at once, in a thread of
    ours, while the suite's sandbox starts.
    """

    def __init__(
        self, files: dict[str, str], folder: Path, limits: Limits, isolation: str = "auto"
    ) -> None:
        self.sub = Path(tempfile.mkdtemp(prefix="unograde-fcd-adt-"))
        package = self.sub / "game"
        package.mkdir()
        for name, text in files.items():
            (package / name).write_text(text, encoding="utf-8")
        shutil.copy2(harness_file("adt_server.py"), self.sub / f"{SERVER_MODULE}.py")
        self.limits = limits
        self.session = Session(self.sub, SERVER_MODULE, limits, isolation)
        where = Path(folder) / SOCKET_DIR
        where.mkdir(mode=0o755)
        self.path = where / SOCKET_NAME
        self.listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.listener.bind(str(self.path))
        os.chmod(self.path, 0o666)  # a suite run as another user may connect, never replace
        self.listener.listen(MAX_CONNECTIONS)
        self.failure: str | None = None
        self.requests = 0
        self.result: list[Any] | None = None
        self.stopping_hard = False
        self.stopping = threading.Event()
        self.wake_r, self.wake_w = os.pipe()
        self.connections: set[socket.socket] = set()
        self.lock = threading.Lock()
        self.thread = threading.Thread(
            target=contextvars.copy_context().run,
            args=(self._serve,),
            name="fcd-adt-relay",
            daemon=True,
        )
        self.thread.start()

    def __enter__(self) -> ADTLink:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------- the relay

    def _ask(self, line: bytes) -> bytes:
        """One request to the server: its answer line, or a failure once it has failed."""
        if self.failure is not None:
            return _fail(self.failure)
        self.requests += 1
        # One call as a "many" call of one: its argument is not kept in the session's cache.
        call = Call(self.requests, "serve", ((line.decode("utf-8", "replace"),),), many=True)
        outcome = self.session.call(call)
        value = outcome.value
        if (
            outcome.status == "returned"
            and isinstance(value, list)
            and len(value) == 1
            and isinstance(value[0], list | tuple)
            and len(value[0]) == 2
            and value[0][0] == "returned"
            and isinstance(value[0][1], str)
        ):
            return value[0][1].encode() + b"\n"
        self.failure = {
            "timeout": "the ADT did not answer within the time limit",
            "memory": "the ADT ran out of memory",
        }.get(outcome.status, "the ADT's process failed")
        return _fail(self.failure)

    def _serve(self) -> None:
        """The relay thread: it starts the server, relays, asks for the list of calls and
        closes the server itself.  It must: bubblewrap's ``--die-with-parent`` kills the
        server when the *thread* that started it ends (``PR_SET_PDEATHSIG``), so the server
        must never outlive this thread while it is still needed."""
        try:
            self._relay()
            self.result = self._calls_reached()
        finally:
            self.session.close()

    def _calls_reached(self) -> list[Any] | None:
        if self.failure is not None or self.stopping_hard:
            return None
        if self.session.child is None or self.session.restarts != 0:
            return None  # a fresh server's list is not the whole run's
        outcome = self.session.call(Call(self.requests + 1, "called", ()))
        if outcome.status != "returned" or not isinstance(outcome.value, list):
            return None
        return outcome.value

    def _relay(self) -> None:
        first = self.session.call(Call(0, "serve", (('{"call":"hello","args":[]}',),), many=True))
        if first.status != "returned":
            self.failure = "the ADT's process did not start"
        selector = selectors.DefaultSelector()
        selector.register(self.listener, selectors.EVENT_READ)
        selector.register(self.wake_r, selectors.EVENT_READ)
        buffers: dict[socket.socket, bytearray] = {}
        try:
            while not self.stopping.is_set():
                for key, _ in selector.select():
                    if self.stopping.is_set() or key.fileobj == self.wake_r:
                        return
                    if key.fileobj is self.listener:
                        self._accept(selector, buffers)
                    else:
                        self._read(key.fileobj, selector, buffers)  # type: ignore[arg-type]
        finally:
            selector.close()
            for conn in list(buffers):
                self._drop(conn, buffers)

    def _accept(self, selector: selectors.BaseSelector, buffers: dict) -> None:
        try:
            conn, _ = self.listener.accept()
        except OSError:
            return
        if len(buffers) >= MAX_CONNECTIONS:
            conn.close()
            return
        conn.settimeout(max(1.0, self.limits.timeout))  # a suite that never reads its answers
        with self.lock:
            self.connections.add(conn)
        buffers[conn] = bytearray()
        selector.register(conn, selectors.EVENT_READ)

    def _read(self, conn: socket.socket, selector: selectors.BaseSelector, buffers: dict) -> None:
        if not answer_lines(conn, buffers[conn], MAX_REQUEST, _TOO_LONG, self._ask):
            selector.unregister(conn)
            self._drop(conn, buffers)

    def _drop(self, conn: socket.socket, buffers: dict) -> None:
        buffers.pop(conn, None)
        with self.lock:
            self.connections.discard(conn)
        try:
            conn.close()
        except OSError:
            pass

    # ------------------------------------------------------------- the end of a run

    def stop(self) -> None:
        """End the relay (the suite's run is over): wake it, and if the server is still
        working on a request, kill the server so the relay returns."""
        if self.stopping.is_set():
            return
        self.stopping.set()
        try:
            os.write(self.wake_w, b"x")
        except OSError:
            pass
        with self.lock:
            for conn in self.connections:
                try:
                    conn.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
        self.thread.join(2.0)
        if self.thread.is_alive():  # the server is still busy (a request the run left behind)
            self.stopping_hard = True
            child = self.session.child
            if child is not None:
                child.kill()
            self.thread.join(10)

    def called(self) -> list[Any] | None:
        """The ADT's functions the run's calls reached ([file, first line] each), asked of
        the server once the relay has stopped; None when that list may be incomplete (the
        server failed or was restarted, so its list is not the whole run's)."""
        self.stop()
        return None if self.thread.is_alive() else self.result

    def close(self) -> None:
        self.stop()
        if self.thread.is_alive():
            self.session.close()  # the relay thread is stuck: its server goes anyway
        close_listening(self.listener, self.path, (self.wake_r, self.wake_w))
        shutil.rmtree(self.sub, ignore_errors=True)
