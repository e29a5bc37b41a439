"""The arena: students' players in their sandboxes, asked for one move at a time.

Every tournament (whatever the game) runs the same way: each student's player gets a sandboxed
child (``graders.run.sandbox.Session``) that imports it once and is kept for the whole
tournament; the game, its rules and the house players stay in the grader's process. A move is
one call: the assignment turns its game state into plain data, :meth:`SandboxedPlayer.ask`
sends it and returns the plain answer, and the assignment turns that back into a move.

What goes wrong is the player's fault and said in the same words for every game: an exception,
a timeout, running out of memory, a crash, a missing function or a failed import raise
:class:`PlayerFault` (the game forfeits that game); after ``max_failures`` crashes or timeouts,
or a missing function or failed import, the player is *out* and every later move fails at once;
all its answers together get the submission's time budget (:class:`ThinkingTime`).
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..run.budget import ThinkingTime
from ..run.sandbox import Call, Session
from ..vocabulary import Limits, Outcome, RunStatus


class PlayerFault(Exception):
    """A player's own fault (not the grader's): it loses the game it happened in."""


@dataclass(frozen=True)
class Words:
    """How a game's reports name its player: ``who`` answers (``"the strategy"``,
    ``"decideMove"``), ``function`` is what the child calls, ``module`` what it imports."""

    who: str
    function: str
    module: str


class SandboxedPlayer:
    """One student's player in its sandboxed child."""

    def __init__(self, name: str, session: Session, words: Words, max_failures: int = 3) -> None:
        self.name = name
        self.session = session
        self.words = words
        self.max_failures = max_failures
        self.thinking = ThinkingTime(session.limits.submission_timeout or None)
        self.calls = 0
        self.failures = 0
        self.out: str | None = None  # why the player is asked for no more moves
        self.last_status: str | None = None  # of the last call (a restarted child forgets)

    def ask(self, payload: Any) -> Any:
        """The child's plain answer to ``payload``; ``PlayerFault`` for anything else."""
        if self.out is None and self.thinking.exhausted:
            self.out = f"{self.words.who} {self.thinking.reason()}"
        if self.out is not None:
            raise PlayerFault(self.out)
        self.calls += 1
        started = time.monotonic()
        outcome = self.session.call(Call(self.calls, self.words.function, (payload,)))
        self.thinking.charge(time.monotonic() - started)
        self.last_status = outcome.status
        if outcome.status == RunStatus.RETURNED:
            return outcome.value
        raise PlayerFault(self._fault(outcome))

    def _fault(self, outcome: Outcome) -> str:
        w, status, message = self.words, outcome.status, outcome.message
        if status == RunStatus.RAISED:
            return f"{w.who} raised {outcome.error_type}: {message}"
        if status == RunStatus.MISSING:
            self.out = f"the submission has no function {w.function}"
            return self.out
        if status == RunStatus.IMPORT_ERROR:
            self.out = f"importing {w.module} raised {outcome.error_type}: {message}"
            return self.out
        self.failures += 1
        what = {
            RunStatus.TIMEOUT: f"{w.who} did not answer: {message}",
            RunStatus.MEMORY: f"{w.who} ran out of memory",
        }.get(status, f"{w.who} crashed: {message}")
        if self.failures >= self.max_failures:
            self.out = (
                f"out after {self.failures} crashes or timeouts (the last: {what}); "
                "it is asked for no more moves"
            )
        return what


@contextmanager
def sandboxes(
    folders: Sequence[tuple[str, Path]],
    module: str,
    limits: Limits,
    isolation: str,
    adapter: str | None,
    expected_calls: int,
) -> Iterator[list[tuple[str, Session]]]:
    """One session per (name, folder), open for the ``with`` block, all closed after it."""
    with ExitStack() as stack:
        sessions = []
        for name, folder in folders:
            session = Session(
                folder, module, limits, isolation, adapter=adapter, expected_calls=expected_calls
            )
            sessions.append((name, stack.enter_context(session)))
        yield sessions
