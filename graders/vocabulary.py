"""The contract's vocabulary: the values the grader's core and an assignment's plugin pass
each other (:mod:`graders.contract` says when).

* :class:`Part`, :class:`Limits` and :class:`Case`: an assignment's parts, the limits its
  cases run under, and one fixture ready to run (read by :mod:`graders.assignment`);
* :class:`RunStatus` and :class:`Outcome`: what came back for one call, before any comparison
  (made by the sandbox, :mod:`graders.run.sandbox`, and by ``Stages`` plugins);
* :class:`FixtureRequest`, :class:`Interpreted`, :class:`Probe` (and ``ProbeAnswers``) and
  :class:`ReviewResult`: what the contract's capabilities take and give.

Plain values only.  This module imports only the standard library: the contract, the
assignment, the sandbox and programs import it, and none of them (nor submissions) imports
another of them at import time (``tests/core/test_vocabulary.py`` says so).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Part:
    id: str
    function: str
    points: float
    title: str = ""
    signature: str = ""


@dataclass(frozen=True)
class Limits:
    timeout: float = 2.0  # wall-clock seconds per case
    cpu: float = 2.0  # CPU seconds per case
    memory_mb: int = 512
    output_kb: int = 64  # what a case may print before the rest is dropped
    # Caps on the whole sandbox (enforced with cgroups and a sized tmpfs where available).
    disk_mb: int = 64  # the work folder and /tmp, each
    processes: int = 128  # processes and threads at once (a JVM needs a few dozen)
    # Wall-clock seconds for all of one submission's cases, kept by the grader's parent.
    submission_timeout: float = 60.0
    # A function that times out (or hits the memory cap) on this many cases in a row has its
    # remaining cases recorded "not run" instead of each waiting out its timeout (0: never).
    stop_after: int = 2
    # Wall-clock seconds a submission with a failed hidden case may spend on the search for a
    # smaller fresh case it also gets wrong (``contract.Counterexamples``; 0: no search).
    counterexample_seconds: float = 2.0


@dataclass(frozen=True)
class Case:
    """One fixture, ready to run: the call's arguments and the expected result."""

    name: str
    part: str
    visibility: str
    args: tuple[Any, ...]
    expected: Any
    covers: tuple[str, ...] = ()
    input_path: str = ""
    expected_path: str = ""
    # The open readings (an assignment's switch names, see ``contract.Interpretation``) whose
    # other reading changes this case's expectation.
    readings: tuple[str, ...] = ()

    @property
    def hidden(self) -> bool:
        return self.visibility == "hidden"


class RunStatus(StrEnum):
    """What happened to one call in the sandbox, before any comparison (the judge turns it
    into a ``CaseOutcome``).  Members equal their strings."""

    RETURNED = "returned"
    RAISED = "raised"
    MISSING = "missing"
    MEMORY = "memory"
    TIMEOUT = "timeout"
    CRASHED = "crashed"
    IMPORT_ERROR = "import-error"
    MALFORMED = "malformed"  # a program's output could not be read as an answer
    NOT_RUN = "not-run"
    COMPILE_ERROR = "compile-error"  # a compiled part's build failed (its own outcome)
    SANITIZER = "sanitizer"  # a sanitizer stopped the program (its report as the traceback)


@dataclass
class Outcome:
    """What came back for one call, before any comparison."""

    id: int
    status: str  # a RunStatus
    value: Any = None
    stdout: str = ""
    dropped: int = 0
    error_type: str = ""
    message: str = ""
    traceback: str = ""
    seconds: float = 0.0
    mutated: bool = False  # the function changed the arguments it was handed
    # The returned value's bytes as the child sent them (``graders.run.replies``): the
    # judge recognises a value it has judged before for the same case by them.
    raw: bytes | None = None


@dataclass(frozen=True)
class FixtureRequest:
    """What ``unograde fixtures generate`` asks for."""

    part: str
    count: int
    seed: int
    out: Path
    options: Mapping[str, Any] = field(default_factory=dict)  # the plugin's own options
    # Processes the generator may use; the files must not depend on it (a seed per fixture).
    jobs: int = 1


@dataclass(frozen=True)
class Interpreted:
    """The cases as one submission is to be judged, and what its feedback should say."""

    cases: Sequence[Case]  # the same cases, in the same order, expectations under its reading
    notes: list[str] = field(default_factory=list)  # shown with the submission's notes


@dataclass(frozen=True)
class Probe:
    """Calls to make in a submission's own sandboxed child to explain a failed case: the
    function ``function`` called once per argument tuple of ``calls``, in order, in one
    round trip (the first call that raises ends the run)."""

    function: str
    calls: tuple[tuple, ...]
    # Optional: what each call should answer (plain data, as compared). A runner that pays
    # a process per call (a compiled program of a course's layout) stops at the first call
    # whose answer differs; the harness, one round trip for all, ignores it.
    expected: tuple | None = None


# One answer per probe call, in order: ("returned", value) or ("raised", "Type: message").
ProbeAnswers = Sequence[tuple[str, Any]]


@dataclass(frozen=True)
class ReviewResult:
    """What a review adds to a submission's result."""

    notes: list[str] = field(default_factory=list)  # shown under "Review"
    deduction: float = 0.0  # points taken from the total
    leaderboard: list[dict] = field(default_factory=list)  # Gradescope leaderboard entries
