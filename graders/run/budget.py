"""Time budgets and the register of running sandboxes.

A per-case timeout bounds one call, but a submission that sleeps just under it on
every case, or a tournament player that stalls just under its move limit, still
costs hours.  A :class:`Budget` is a wall-clock deadline for a whole submission,
kept by the grader's side: every wait on a sandboxed child (a reply on the pipe, a
program's exit) is cut at the budget's deadline, after which the child's whole
process tree is killed and nothing more of that submission runs.

The budget in force is carried in a context variable, so the sandbox code deep
under an assignment's own hooks honours it without every hook passing it along.

Every child the grader starts is also entered in one register, so that an
interrupt (Ctrl-C, SIGTERM) can kill them all at once and refuse to start more.
"""

from __future__ import annotations

import contextvars
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Protocol


class Killable(Protocol):
    def kill(self, wait: bool = True) -> None: ...


# The part of a submission's budget kept for the grader's own work after the runs (judging,
# views, explanations): a tenth, at most this many seconds. Runs stop that much earlier, so a
# submission whose code uses up its budget still has the cases that ran judged.
JUDGING_SHARE = 0.1
JUDGING_MOST = 10.0


class Budget:
    """A wall-clock deadline for one submission (``seconds=None``: no budget), covering the
    grader's side too: the submission's runs stop at ``deadline`` (what the sandbox honours:
    ``cap``, ``expired``, ``remaining``), the budget less the grader's reserve; the grader's
    own work on it stops at ``end`` (``over``), the whole budget. So the class's bound,
    (submissions / jobs) x the budget, holds whatever a result holds."""

    def __init__(self, seconds: float | None, reserve: float | None = None) -> None:
        self.seconds = seconds
        self.started = time.monotonic()
        if reserve is None:
            reserve = 0.0 if seconds is None else min(seconds * JUDGING_SHARE, JUDGING_MOST)
        self.end = None if seconds is None else self.started + seconds
        self.deadline = None if self.end is None else self.end - reserve
        self.hit = False  # set once something was cut short by this budget
        self.not_judged = 0  # cases whose judging the budget's end cut off

    def cap(self, deadline: float) -> float:
        """The earlier of ``deadline`` and the budget's own."""
        return deadline if self.deadline is None else min(deadline, self.deadline)

    @property
    def expired(self) -> bool:
        return self.deadline is not None and time.monotonic() >= self.deadline

    @property
    def over(self) -> bool:
        """Past the whole budget: the grader's own work on the submission stops too."""
        return self.end is not None and time.monotonic() >= self.end

    def remaining(self) -> float | None:
        return None if self.deadline is None else max(0.0, self.deadline - time.monotonic())

    def reason(self) -> str:
        return f"not run: the submission's time budget of {self.seconds:g} s was used up"


NO_BUDGET = Budget(None)
_CURRENT: contextvars.ContextVar[Budget] = contextvars.ContextVar("unograde_budget")


def current_budget() -> Budget:
    """The budget of the submission being graded in this context (none outside grading)."""
    return _CURRENT.get(NO_BUDGET)


@contextmanager
def budget_scope(budget: Budget) -> Iterator[Budget]:
    """Make ``budget`` the one every sandbox started in this context honours."""
    token = _CURRENT.set(budget)
    try:
        yield budget
    finally:
        _CURRENT.reset(token)


class Register:
    """Every live sandboxed child, so that an interrupt can kill them all."""

    def __init__(self) -> None:
        # Reentrant: an interrupt's handler runs in the thread it interrupted, which may be
        # inside ``add`` or ``discard`` holding this very lock.
        self._lock = threading.RLock()
        self._live: set[Killable] = set()
        self.stopping = threading.Event()

    def add(self, child: Killable) -> None:
        with self._lock:
            self._live.add(child)
        if self.stopping.is_set():  # started while an interrupt was being handled
            child.kill()

    def discard(self, child: Killable) -> None:
        with self._lock:
            self._live.discard(child)

    def live(self) -> int:
        with self._lock:
            return len(self._live)

    def stop_all(self, wait: bool = True) -> None:
        """Refuse new children and kill every running one (each kill is idempotent).

        ``wait`` False, from a signal's handler: each child is sent its kill and nothing is
        waited for. The handler runs in the thread it interrupted, which may be waiting on
        one of these very children (its process's lock held): waiting there would wait on
        itself until the wait's timeout. What is killed is then reaped by whoever closes it,
        or by the process's exit."""
        self.stopping.set()
        with self._lock:
            children = list(self._live)
        for child in children:
            try:
                child.kill(wait=wait)
            except Exception:  # noqa: BLE001 - an interrupt must reach every child
                pass

    def reset(self) -> None:
        """Allow children again (tests run several batches in one process)."""
        self.stopping.clear()


REGISTER = Register()


class Interrupted(Exception):
    """Raised instead of starting a child once the run is being stopped."""


class ThinkingTime:
    """The wall-clock time a tournament player has spent answering, against its budget.

    A player that stalls just under its per-move limit on every move would make a
    tournament of hundreds of games take hours; past ``seconds`` of answering in all, it
    is asked for no more moves and forfeits the games left.
    """

    def __init__(self, seconds: float | None) -> None:
        self.seconds = seconds
        self.spent = 0.0

    def charge(self, seconds: float) -> None:
        self.spent += max(0.0, seconds)

    @property
    def exhausted(self) -> bool:
        return self.seconds is not None and self.spent >= self.seconds

    def reason(self) -> str:
        return (
            f"used up its thinking time of {self.seconds:g} s for the tournament; it forfeits "
            "its remaining games"
        )
