"""What an instructor sees while a class is graded, and how an interrupt stops it.

A stuck grader and a slow one look alike on a bare progress bar; this one also
lists the submissions in flight and how long each has run, so a submission
spending its whole time budget is visible as such.
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

from ..run.budget import REGISTER
from ..textsafe import terminal_text

SHOWN_IN_FLIGHT = 4


def inflight_text(inflight: dict[str, float], now: float | None = None) -> str:
    """``bob 3s, eve 61s (+2 more)``: the longest-running first, names made inert."""
    now = time.monotonic() if now is None else now
    running = sorted(inflight.items(), key=lambda kv: kv[1])
    shown = [f"{terminal_text(name[:40])} {now - since:.0f}s" for name, since in running]
    text = ", ".join(shown[:SHOWN_IN_FLIGHT])
    if len(shown) > SHOWN_IN_FLIGHT:
        text += f" (+{len(shown) - SHOWN_IN_FLIGHT} more)"
    return text


class BatchProgress:
    """A progress bar on stderr whose description names the submissions in flight."""

    def __init__(self, assignment_id: str, console: Console | None = None) -> None:
        self.title = f"grading {terminal_text(assignment_id)}"
        self.progress = Progress(
            "[progress.description]{task.description}",
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=console or Console(stderr=True),
            transient=True,
        )
        self.task = self.progress.add_task(self.title, total=None)

    def __enter__(self) -> BatchProgress:
        self.progress.__enter__()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.progress.__exit__(*exc)

    def leave_no_trace(self) -> None:
        """Show nothing more: the bar, transient, is cleared from a terminal at the end as
        always, and elsewhere not even the line it ends with is written."""
        if not self.progress.console.is_terminal:
            self.progress.console.quiet = True

    def start(self, total: int) -> None:
        self.progress.update(self.task, total=total)

    def done(self, item: Any) -> None:
        self.progress.advance(self.task)

    def inflight(self, inflight: dict[str, float]) -> None:
        running = inflight_text(inflight)
        description = f"{self.title} · in flight: {running}" if running else self.title
        self.progress.update(self.task, description=description)


class Stop(threading.Event):
    """Set by SIGINT or SIGTERM; ``signal`` says which (0 while not stopped)."""

    signal = 0


@contextmanager
def interrupt_handlers() -> Iterator[Stop]:
    """While the block runs, Ctrl-C and SIGTERM kill every sandbox and set the event.

    The batch then starts nothing new and returns within a second or two; every report
    already written stays, and a re-run grades the rest.  A second signal is handled the
    same way (the first one is already stopping everything).
    """
    stop = Stop()
    REGISTER.reset()

    def handler(signum: int, frame: Any) -> None:
        stop.signal = signum
        stop.set()
        REGISTER.stop_all(wait=False)  # a signal's handler: nothing waited for (see stop_all)

    previous = {}
    if threading.current_thread() is threading.main_thread():
        for sig in (signal.SIGINT, signal.SIGTERM):
            previous[sig] = signal.signal(sig, handler)
    try:
        yield stop
    finally:
        for sig, old in previous.items():
            signal.signal(sig, old)
        REGISTER.reset()
