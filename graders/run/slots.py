"""How many sandboxed runs a batch has at once, across all its worker processes.

A submission whose plugin runs student code several times over (``Stages``: a test suite on
the reference and on each mutant) may run those in parallel. Given a fixed share of
``--jobs`` each, the last submission of a class runs alone on one core while the others
idle; given all of ``--jobs`` each, two workers would run twice as many as there are cores.
So each such run holds a slot: every worker of a batch shares one semaphore of ``--jobs``
slots (:func:`share`, from the worker's initializer), and a submission may ask for as many
runs at once as there are jobs. In a process without shared slots (a lone submission, a Dask
worker) :func:`slot` does not wait: the caller's own thread count is the bound.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from .budget import REGISTER, Interrupted

_SHARED: Any = None  # a multiprocessing semaphore, set once per worker process


def share(semaphore: Any) -> None:
    """Use ``semaphore`` (one per batch, made by the main process) for every slot here."""
    global _SHARED
    _SHARED = semaphore


@contextmanager
def slot() -> Iterator[None]:
    """Hold one of the batch's slots for the length of one sandboxed run."""
    semaphore = _SHARED
    if semaphore is None:
        yield
        return
    while not semaphore.acquire(timeout=0.25):
        if REGISTER.stopping.is_set():
            raise Interrupted("the run is being stopped")
    try:
        yield
    finally:
        semaphore.release()
