"""A small case you can run, for every failed hidden case (``contract.Counterexamples``).

A student whose hidden case fails learns only its name: its input is the course's, and stays
hidden. What the grader can give instead is a *fresh* case, made by the assignment's own
generator and answered by the reference, on which the submission departs from the reference
too, as small as can be found: the student sees it whole, runs it, and finds the bug.

How it is searched, per part with a failed hidden case, within the assignment's
``counterexample_seconds`` (2 s by default) and the submission's budget:

1. candidates come from the plugin's generator, smallest first, seeded by the submission's
   digest (so the same submission is searched the same way every time), each smaller than
   every failed hidden case of the part;
2. they go to the submission's own sandboxed child in batches, one round trip each (the
   probe's way, ``Call(..., many=True)``), and each answer is judged with the plugin's own
   verdict; the first candidate it gets wrong is kept;
3. it is shrunk: the plugin's simpler variants (a player, a card, a move fewer) go in one
   batch, the first still wrong is kept, again, until none is wrong or the budget ends;
4. where the plugin explains failures (``contract.Explanation``), the case found says where
   it first went wrong too, with one more round trip.

Why not Hypothesis's ``find``: it asks one example at a time, and each would be a round trip
to the sandbox; its shrinker explores far more than two seconds allow, and its database and
health checks would have to be turned off to stay deterministic. Batches of the generator's
own cases, shrunk greedily, keep the budget and the determinism.

The student's code runs only in the sandbox; everything here is the grader's own work
(generating, judging), guarded by the submission's watchdog. Nothing of a hidden case but
its part and its size (through the plugin) decides what is searched, and only fresh cases
are shown.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import islice
from typing import Any

from unokit.compare import normalise
from unokit.text import cap_text
from unokit.verdict import bounded_input, bounded_messages, judge_value

from ..assignment import Assignment
from ..contract import Counterexamples, Explanation
from ..results import CaseOutcome, CaseResult
from ..run.sandbox import Call, Session
from ..textsafe import cap_value, clean_text
from ..vocabulary import Case, Outcome, RunStatus
from .overtime import OverBudget, Watchdog

# The hidden outcomes a smaller case is searched for: a wrong answer, a raise, a wrong shape,
# a timeout (a smaller case it answers wrongly may still be found).
SEARCHED = (
    CaseOutcome.FAILED,
    CaseOutcome.ERROR,
    CaseOutcome.WRONG_SHAPE,
    CaseOutcome.TIMEOUT,
)
FIRST_BATCH = 16  # candidates in the first round trip (the smallest: most often enough)
MOST_BATCH = 256  # candidates in one round trip, at most
MOST_CANDIDATES = 4096  # fresh cases tried per part, at most
MOST_VARIANTS = 400  # shrunk variants asked in one round trip, at most
MOST_ROUNDS = 100  # shrinking steps, at most

FOUND = "a smaller case your code also gets wrong"
NOT_FOUND = (
    "no smaller case your code gets wrong was found within the search's {seconds:g} s "
    "({tried} fresh case{s} tried)"
)
NOTHING_SMALLER = "no smaller case is searched: the generator makes none smaller than this one"
NO_GENERATOR = "no smaller case is searched for this assignment: it has no generator of fresh cases"
NOT_THIS_PART = "no smaller case is searched for this part: no generator makes its inputs"
NO_MODULE = (
    "no smaller case is searched for a compiled or whole program, only for a Python module's "
    "functions"
)
NO_TIME = "no smaller case was searched: the submission's time budget was used up"
BROKEN = "no smaller case could be searched: the grader's search for one failed"
OFF = "no smaller case is searched (the assignment's counterexample_seconds is 0)"


@dataclass
class Found:
    """A fresh case the submission got wrong, with what it did on it."""

    case: Case
    outcome: str  # failed, error, wrong-shape
    messages: list[str]
    value: Any  # what it returned, as judged (None when it raised)


STOPPED = "stopped"  # a round trip did not come back whole: the search ends


class _Asker:
    """Asks the submission's child about a batch of fresh cases in one round trip and judges
    the answers with the plugin's verdict."""

    def __init__(
        self,
        plugin: Any,
        session: Session,
        function: str,
        until: float,
        first_id: int,
        watch: Watchdog,
    ) -> None:
        self.plugin, self.session, self.function = plugin, session, function
        self.until, self.next_id, self.watch = until, first_id, watch
        self.stopped = ""

    def left(self) -> float:
        return self.until - time.monotonic()

    def ask(self, batch: Sequence[Case]) -> Found | str | None:
        """The first case of ``batch`` the submission gets wrong (a :class:`Found`), None
        when it gets every one right, or ``STOPPED`` (a timeout, a crash, the budget)."""
        if not batch:
            return None
        if self.left() <= 0 or self.session.budget.expired:
            return STOPPED
        answers = self.round_trip(self.function, tuple(c.args for c in batch))
        if answers is None:
            return STOPPED
        with self.watch:
            for case, (kind, answer) in zip(batch, answers, strict=False):
                if kind == "raised":
                    return Found(case, "error", [f"{self.function} raised {answer}"], None)
                outcome, messages, value = judge_value(self.plugin, case, answer)
                if outcome != "passed":
                    return Found(case, outcome, messages, value)
        if len(answers) < len(batch):  # only a raise ends a batch early, and that is above
            return STOPPED
        return None

    def round_trip(self, function: str, calls: tuple) -> list[tuple[str, Any]] | None:
        """One batch of calls in the child, within what is left of the search's time."""
        left = self.left()
        if left <= 0:
            return None
        self.next_id += 1
        outcome = self.session.call(Call(self.next_id, function, calls, many=True, timeout=left))
        if outcome.status != RunStatus.RETURNED:
            self.stopped = outcome.status
        return answers_of(outcome)


def answers_of(outcome: Outcome) -> list[tuple[str, Any]] | None:
    """A batch's answers as the contract gives a probe's, or None when it did not run through
    (a timeout, a crash, the budget). Checked: the child runs the student's code."""
    if outcome.status != RunStatus.RETURNED or not isinstance(outcome.value, list):
        return None
    answers: list[tuple[str, Any]] = []
    for item in outcome.value:
        if not isinstance(item, list | tuple) or len(item) != 2:
            return None
        kind, value = item
        if kind == "returned":
            answers.append(("returned", value))
        elif kind == "raised" and isinstance(value, str):
            answers.append(("raised", clean_text(value[:600])))
        else:
            return None
    return answers


def _batches(stream: Iterator[Case]) -> Iterator[list[Case]]:
    """The candidates in round trips of growing size: the smallest few first."""
    size, given = FIRST_BATCH, 0
    while given < MOST_CANDIDATES:
        batch = list(islice(stream, min(size, MOST_CANDIDATES - given)))
        if not batch:
            return
        given += len(batch)
        yield batch
        size = min(size * 2, MOST_BATCH)


def search(
    plugin: Any, asker: _Asker, part: str, seed: str, failed: Sequence[Case]
) -> tuple[Found | None, int, int]:
    """The smallest fresh case of ``part`` found wrong, the candidates tried and the
    shrinking steps taken (see the module's docstring)."""
    with asker.watch:
        stream = iter(plugin.fresh_cases(part, seed, list(failed)))
    found: Found | None = None
    tried = 0
    batches = _batches(stream)
    while found is None:
        with asker.watch:
            batch = next(batches, None)
        if batch is None:
            break
        tried += len(batch)
        reply = asker.ask(batch)
        if reply == STOPPED:
            break
        if isinstance(reply, Found):
            found = reply
    steps = 0
    while found is not None and steps < MOST_ROUNDS and asker.left() > 0:
        with asker.watch:
            variants = list(islice(iter(plugin.shrink(found.case)), MOST_VARIANTS))
        reply = asker.ask(variants)
        if not isinstance(reply, Found):
            break
        found, steps = reply, steps + 1
    return found, tried, steps


def _explained(plugin: Any, asker: _Asker, found: Found) -> dict | None:
    """Where the case found first went wrong, when the plugin explains failures."""
    if not isinstance(plugin, Explanation):
        return None
    try:
        with asker.watch:
            probe = plugin.probe(found.case, found.value)
        answers = None
        if probe is not None:
            answers = asker.round_trip(probe.function, tuple(probe.calls))
        with asker.watch:
            found_at = plugin.first_divergence(found.case, found.value, answers)
        from .engine import DIVERGENCE_KEYS  # (the engine imports this module)

        # Every key the reports read is there (a missing one reads as empty), as for any case.
        return DIVERGENCE_KEYS | found_at if isinstance(found_at, dict) else None
    except OverBudget:
        raise
    except Exception:  # noqa: BLE001 - an explanation is a nicety, as for any failed case
        return None


def described(plugin: Any, found: Found, divergence: dict | None, tried: int, steps: int) -> dict:
    """The counterexample as result.json keeps it and every report shows it: plain data, the
    submission's part of it bounded."""
    case = found.case
    try:
        given = list(plugin.show_input(case.part, case.args))
    except Exception:  # noqa: BLE001 - the input as text is a nicety; the args stay
        given = []
    size = ""
    if isinstance(plugin, Counterexamples):
        try:
            size = str(plugin.size_words(case))
        except Exception:  # noqa: BLE001
            size = ""
    shrunk = f", then made smaller {steps} time{'s' if steps != 1 else ''}" if steps else ""
    return cap_value(
        {
            "found": True,
            "summary": FOUND + (f" ({size})" if size else ""),
            "part": case.part,
            "size": size,
            "outcome": found.outcome,
            "input": bounded_input(given),
            "args": normalise(case.args),  # plain lists, as result.json reads back
            "differences": bounded_messages(list(found.messages)),
            "first_divergence": divergence,
            "note": (
                f"a fresh case, not one of the course's: found among the first {tried} made "
                f"for your submission{shrunk}; call your function with the input above to see it"
            ),
        }
    )


def not_found(note: str) -> dict:
    return {"found": False, "note": note}


def _not_searched(plugin: Any, part: str, failed: list[Case], watch: Watchdog) -> str | None:
    """Why ``part``'s failed hidden cases are not searched (the plugin's own reason, else
    :data:`NOT_THIS_PART`), or None when they are. The plugin's words are the grader's
    (never the student's), cut to a note's length; a plugin that fails to answer is taken
    to search the part (the search itself then says what went wrong)."""
    try:
        with watch:
            why = plugin.not_searched(part, failed)
            searched = plugin.searched(part)
    except OverBudget:
        raise
    except Exception:  # noqa: BLE001 - a plugin's slip never fails grading
        return None
    if isinstance(why, str) and why.strip():
        return cap_text(clean_text(why), 600)
    return None if searched else NOT_THIS_PART


def find_counterexamples(
    assignment: Assignment,
    session: Session | None,
    cases: Sequence[Case],
    results: Sequence[CaseResult],
    seed: str,
    watch: Watchdog,
    first_id: int,
    seconds: float,
) -> None:
    """Give every failed hidden case of ``results`` its ``counterexample`` (found or not, said
    plainly), searching for ``seconds`` at most (``[limits] counterexample_seconds``). Nothing
    is asked when no hidden case failed; ``session`` is the submission's child (None for a
    program submission, which is not searched); ``first_id`` numbers its calls."""
    failed = [
        (case, result)
        for case, result in zip(cases, results, strict=True)
        if case.hidden and result.outcome in SEARCHED
    ]
    if not failed:
        return  # a passing submission pays nothing
    plugin = assignment.plugin
    if not isinstance(plugin, Counterexamples):
        note: str | None = NO_GENERATOR
    elif session is None:
        note = NO_MODULE
    elif seconds <= 0:
        note = OFF
    elif session.budget.expired:
        note = NO_TIME
    else:
        note = None
    if note is not None:
        for case, result in failed:
            # a part the plugin never searches says why in its own words (a C testGame.c's
            # mutants: the grader runs the suite), whatever the submission's language
            why = None
            if isinstance(plugin, Counterexamples) and note == NO_MODULE:
                why = _not_searched(plugin, case.part, [case], watch)
            result.counterexample = not_found(why or note)
        return
    assert session is not None
    until = time.monotonic() + seconds
    by_part: dict[str, list[tuple[Case, CaseResult]]] = {}
    for case, result in failed:
        by_part.setdefault(case.part, []).append((case, result))
    next_id = first_id
    for part, mine in by_part.items():
        why = _not_searched(plugin, part, [c for c, _ in mine], watch)
        if why is not None:
            for _, result in mine:
                result.counterexample = not_found(why)
            continue
        function = assignment.part(part).function
        asker = _Asker(plugin, session, function, until, next_id, watch)
        try:
            found, tried, steps = search(plugin, asker, part, seed, [c for c, _ in mine])
            divergence = _explained(plugin, asker, found) if found is not None else None
            if found is not None:
                data = described(plugin, found, divergence, tried, steps)
            elif tried == 0 and not asker.stopped:
                data = not_found(NOTHING_SMALLER)
            else:
                data = not_found(
                    NOT_FOUND.format(seconds=seconds, tried=tried, s="s" if tried != 1 else "")
                )
        except OverBudget:
            watch.budget.hit = True
            data = not_found(NO_TIME)
        except Exception:  # noqa: BLE001 - a plugin's slip never fails grading
            data = not_found(BROKEN)
        next_id = asker.next_id
        for _, result in mine:
            result.counterexample = data
