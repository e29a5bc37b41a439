"""The grader's own work on a submission, cut off at the end of its budget.

The sandbox cuts the submission's runs at the budget's deadline; what the grader then does
with what came back (shape checks, comparing, describing, views, explanations) runs in the
grader's process, where no child can be killed. That work is linear in a result's size and a
result is bounded, but a plugin's slip (one quadratic loop on a large, legal result) once kept
a batch busy for 9 minutes despite a 60 s budget. So each stretch of that work runs under a
:class:`Watchdog`: past the budget's ``end`` it raises :class:`OverBudget` in the grading
thread (between two bytecodes, ``PyThreadState_SetAsyncExc``; any thread, not only the main
one, which a signal would need), and the engine records the cases not judged.

Only the grader's own code is guarded, never a wait on the sandbox (which has its own budget,
and whose cleanup must not be interrupted).
"""

from __future__ import annotations

import ctypes
import threading
import time
from types import TracebackType

from ..run.budget import Budget


class OverBudget(BaseException):
    """The budget ended during the grader's work on the submission. A ``BaseException``: a
    plugin's ``except Exception`` (a view is a nicety...) must not swallow it."""


def _raise_in(thread_id: int, exc: type[BaseException] | None) -> None:
    """Raise ``exc`` in the thread ``thread_id`` at its next bytecode (None: withdraw one
    not yet raised)."""
    ctypes.pythonapi.PyThreadState_SetAsyncExc(
        ctypes.c_ulong(thread_id), ctypes.py_object(exc) if exc is not None else None
    )


class Watchdog:
    """Guards stretches of the grader's work on one submission, in the thread that made it.

    ``with watchdog:`` raises :class:`OverBudget` at once when the budget has ended, and
    from within the block when it ends there. One timer thread per submission, started at the
    first guarded stretch, fires once at the budget's end; outside a guarded stretch it does
    nothing (the next one raises on entering). ``close`` stops it."""

    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self.thread_id = threading.get_ident()
        self._lock = threading.Lock()
        self._armed = False
        self._fired = False
        self._timer: threading.Timer | None = None

    def __enter__(self) -> Watchdog:
        if self.budget.end is None:
            return self
        if self.budget.over:
            raise OverBudget
        if self._timer is None:
            wait = max(0.0, self.budget.end - time.monotonic())
            self._timer = threading.Timer(wait, self._fire)
            self._timer.daemon = True
            self._timer.start()
        with self._lock:
            self._armed = True
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        with self._lock:
            self._armed = False
            fired, self._fired = self._fired, False
        if fired and kind is None:
            _raise_in(self.thread_id, None)  # fired but not yet raised: withdrawn, said here
            raise OverBudget

    def _fire(self) -> None:
        with self._lock:
            if self._armed:
                self._fired = True
                _raise_in(self.thread_id, OverBudget)

    def close(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
