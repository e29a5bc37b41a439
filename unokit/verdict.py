"""From what came back for a case to its outcome and the lines a student reads.

One definition for the grader's engine (:mod:`graders.grade.engine`) and a self-check kit:
the chain a returned value goes through (its shape, then the assignment's verdict), the
default verdict (a structural comparison explained by ``describe``), the words for every
way a call can fail, and a failed case's input as lines (``show_input``).  Outcomes and run
statuses are plain strings here (the grader's ``CaseOutcome`` and ``RunStatus`` equal them).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pprint import pformat
from typing import Any, Protocol

from .compare import differs
from .text import cap_text, clean_text

# What people read for each outcome (the grader's reports and the kit alike).
OUTCOME_LABELS: dict[str, str] = {
    "passed": "passed",
    "failed": "failed",
    "error": "error (an exception)",
    "timeout": "timeout",
    "memory": "memory limit",
    "crashed": "crashed",
    "missing": "missing function",
    "wrong-shape": "wrong result type or shape",
    "malformed": "malformed output",
    "compile-error": "compile error",
    "sanitizer": "sanitizer report",
    "not-run": "not run",
}

# How each way a call can fail reads (``who``: the function or "the program"; ``o``: the run's
# outcome, with ``error_type`` and ``message``): run status -> (outcome, message template).
FAILURES: dict[str, tuple[str, str]] = {
    "raised": ("error", "{who} raised {o.error_type}: {o.message}"),
    "import-error": ("error", "importing the submission raised {o.error_type}: {o.message}"),
    "not-run": ("not-run", "{o.message}"),
    "missing": ("missing", "the submission has no function {function}"),
    "timeout": ("timeout", "{who} did not finish: {o.message}"),
    "memory": ("memory", "{who} used more than {memory} MB"),
    "crashed": ("crashed", "{who} crashed: {o.message}"),
    "compile-error": ("compile-error", "{who} did not compile: {o.message}"),
    "sanitizer": ("sanitizer", "{who}: {o.message}"),
}
MALFORMED = "{who} printed output that could not be read: {message}"
MUTATED = (
    "note: {function} changed the lists it was given (the caller's data); return new lists instead"
)
DIFFERS = "the result differs from the expected one"


def failure(status: str, who: str, function: str, memory_mb: int, outcome: Any) -> tuple[str, str]:
    """The outcome and the message of a call that did not return (``status`` a run status;
    an unknown one reads as a crash)."""
    kind, template = FAILURES.get(status, FAILURES["crashed"])
    return kind, template.format(who=who, o=outcome, function=function, memory=memory_mb)


class Judge(Protocol):
    """What judges a value: an assignment's plugin in the grader, its feedback module in a kit."""

    def check_shape(self, part: str, value: Any) -> str | None: ...

    # Optional: ``check_size(case, value) -> str | None`` (see :func:`size_problem`).

    def normalise_result(self, part: str, value: Any) -> Any: ...

    def judge(self, case: Any, value: Any) -> list[str]: ...


def judge_value(judge: Judge, case: Any, value: Any) -> tuple[str, list[str], Any]:
    """A returned value's outcome (``passed``, ``failed`` or ``wrong-shape``), its feedback
    lines, and the value as judged (normalised): its shape first, then its size against the
    case's input (:func:`size_problem`), then the verdict. ``case`` has at least ``part`` and
    ``expected`` (and ``args`` where the judge checks sizes). A value too large for its input
    is returned as None: what follows draws the expected result alone."""
    problem = judge.check_shape(case.part, value)
    if problem:
        return "wrong-shape", [problem], value
    problem = size_problem(judge, case, value)
    if problem:
        # Not kept: no view or explanation is drawn from a result far beyond its input.
        return "wrong-shape", [problem], None
    value = judge.normalise_result(case.part, value)  # e.g. text to canonical lines
    messages = list(judge.judge(case, value))
    return ("failed" if messages else "passed"), messages, value


def size_problem(judge: Any, case: Any, value: Any) -> str | None:
    """Why a value of the right shape is larger than any answer to ``case``'s input can be
    (more hands than players, more cards than the game holds), from the judge's optional
    ``check_size(case, value)``; None when it has none or the size is possible.

    A wrong shape, told at once: nothing after it (normalising, comparing, describing, the
    view, the explanation) ever sees a result of 200,000 hands for a game of 7 players, so
    the grader's own work on a submission stays bounded by what its input allows."""
    check = getattr(judge, "check_size", None)
    return None if check is None else check(case, value)


def judge_structurally(
    expected: Any, actual: Any, describe: Callable[[Any, Any], list[str]]
) -> list[str]:
    """The default verdict: none when ``actual`` equals ``expected`` structurally, else the
    differences ``describe`` gives (or one line saying only that they differ)."""
    if not differs(expected, actual):
        return []
    return describe(expected, actual) or [DIFFERS]


MAX_MESSAGES = 20
MAX_MESSAGE_CHARS = 2000


def bounded_messages(messages: list[str]) -> list[str]:
    """Feedback lines cut to a size a report can carry (a 2 MB string returned, quoted in
    three messages, must not make 500 MB of reports): each line, and how many are kept."""
    lines = [cap_text(clean_text(m), MAX_MESSAGE_CHARS) for m in messages]
    if len(lines) > MAX_MESSAGES:
        cut = len(lines) - MAX_MESSAGES
        lines = lines[:MAX_MESSAGES] + [f"… ({cut} more differences not shown)"]
    return lines


MAX_INPUT_LINES = 60
MAX_INPUT_LINE_CHARS = 500


def input_lines(args: Sequence[Any]) -> list[str]:
    """A case's input as lines when the assignment has no words of its own for it (the
    default ``show_input``): each argument pretty-printed."""
    lines: list[str] = []
    for k, arg in enumerate(args, 1):
        text = pformat(arg, width=96, compact=True)
        lines += [f"argument {k}:", *("  " + line for line in text.splitlines())]
        if len(lines) > MAX_INPUT_LINES:
            break
    return lines


def bounded_input(lines: Sequence[Any]) -> list[str]:
    """A failed case's input lines cut to what a report shows: the first
    ``MAX_INPUT_LINES``, each cut short."""
    return [
        cap_text(clean_text(str(line)), MAX_INPUT_LINE_CHARS) for line in lines[:MAX_INPUT_LINES]
    ]
