"""A C ``Game.c`` graded by the scenarios: what the C driver reads and prints, read back.

The layout ``[layouts.c]`` of ``assignment.toml`` builds the student's ``Game.c`` with our
driver (``c/fcd_driver.c``) in the sandbox, with AddressSanitizer and UndefinedBehavior-
Sanitizer on, and runs it once per scenario as ``./adt cases/NAME.in``.  This module is the
grader's half: the scenario as the driver's numbers (:func:`scenario_input`, never an
expected answer), the driver's answer lines as the ``[label, answer]`` pairs the Python
adapter returns (:func:`parse_answers`), so the same comparison, the same reading of the open
rules and the same first-divergence replay judge a C ADT as a Python one; and a run that a
sanitizer stopped, read as an outcome of its own with its first frame in the student's files
(:func:`read_run`).

Everything here reads text the student's program printed: it is bounded and never trusted
beyond the numbers it is parsed into.  Runs in the grader only.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from graders.vocabulary import Outcome, RunStatus

from .feedback import FEEDBACK
from .harness_files import load

SR = load("scenario_runner.py")

MARK = FEEDBACK.MARK
SANITIZER_EXIT = 86  # the driver's sanitizers exit with this status (fcd_driver.c)
# Our Card.c names itself so in the sanitizers' reports (its ``#line``): see the feedback module.
OUR_CARD_FILE = FEEDBACK.OUR_CARD_FILE
OUR_FILES = FEEDBACK.OUR_FILES
MAX_REPORT_LINES = FEEDBACK.MAX_REPORT_LINES
MAX_REPORT_CHARS = FEEDBACK.MAX_REPORT_CHARS
LEAK_NOTE = FEEDBACK.LEAK_NOTE

_INDEX = {
    "value": {n: k for k, n in enumerate(SR.VALUES)},
    "color": {n: k for k, n in enumerate(SR.COLORS)},
    "suit": {n: k for k, n in enumerate(SR.SUITS)},
}
_ACTION = {n: k for k, n in enumerate(SR.ACTIONS)}


# ----------------------------------------------------------------- the driver's input


def _move_numbers(text: str) -> str:
    """A scenario's move text as the driver's five numbers: action, card (value, colour,
    suit; -1 each when there is none) and nextColor (-1: none)."""
    action, card, next_color = SR.parse_move(text, "move")
    fields = ["-1", "-1", "-1"]
    if card is not None:
        colour, value, suit = card
        fields = [
            str(_INDEX["value"][value]),
            str(_INDEX["color"][colour]),
            str(_INDEX["suit"][suit]),
        ]
    nxt = "-1" if next_color is None else str(_INDEX["color"][next_color])
    return " ".join([str(_ACTION[action]), *fields, nxt])


def scenario_input(scenario: dict[str, Any]) -> str:
    """The driver's input for a scenario (its deck and steps; expectations are ignored)."""
    scenario = SR.validate(scenario, expectations=False)
    lines = ["fcd-scenario 1", f"deck {len(scenario['deck'])}"]
    for i, text in enumerate(scenario["deck"]):
        colour, value, suit = SR.parse_card(text, f"deck[{i}]")
        lines.append(f"{_INDEX['value'][value]} {_INDEX['color'][colour]} {_INDEX['suit'][suit]}")
    lines.append(f"steps {len(scenario['steps'])}")
    for step in scenario["steps"]:
        if "q" not in step:
            lines.append("m " + _move_numbers(step["move"]))
            continue
        name = step["q"]
        if name == "isValidMove":
            lines.append("q isValidMove " + _move_numbers(step["move"]))
            continue
        words = ["q", name]
        for arg, kind in zip(step.get("args", []), SR.QUERIES[name], strict=True):
            words.append(str(arg) if kind == "int" else str(_INDEX[kind][arg]))
        lines.append(" ".join(words))
    return "\n".join(lines) + "\n"


# ----------------------------------------------------------------- the driver's answers
# (read in the assignment's feedback module, which a C student's kit carries too: one reading
# of the answers, of a sanitizer's report and of the leaks, for the grader and the kit)

answer_lines = FEEDBACK.answer_lines
parse_answers = FEEDBACK.parse_answers
leaks = FEEDBACK.leaks
sanitizer_report = FEEDBACK.sanitizer_report


def leak_review(results: Any, extra: dict[str, Any]) -> Any:
    """One note for the leaks the driver counted over the scenarios (``read_run`` put each
    case's count first in its ``stdout``), and the deduction ``[extra] leak_deduction``
    asks for (default none: a leak is feedback, not a fault of the answers)."""
    from graders.vocabulary import ReviewResult

    leaking = [r for r in results if r.part == "adt" and r.stdout.startswith(LEAK_NOTE)]
    if not leaking:
        return ReviewResult()
    first = leaking[0].stdout.splitlines()[0]
    ran = sum(1 for r in results if r.part == "adt")
    note = FEEDBACK.leak_note([r.name for r in leaking], ran, first)
    deduction = extra.get("leak_deduction", 0)
    if isinstance(deduction, bool) or not isinstance(deduction, int | float) or deduction < 0:
        deduction = 0
    if deduction:
        note += f" ({deduction:g} points off: [extra] leak_deduction)"
    return ReviewResult(notes=[note], deduction=float(deduction))


# ----------------------------------------------------------------- sanitizer reports


def read_run(outcome: Outcome) -> Outcome:
    """A run of the driver as the grader reads it: a sanitizer's report is an outcome of its
    own (status ``sanitizer``); what the student's code printed besides the answers, and the
    leak count, go to ``stdout`` (shown with the case); the answers stay in ``value``
    (``FEEDBACK.read_program_run``, as a kit reads them)."""
    printed = outcome.value if isinstance(outcome.value, str) else ""
    read = FEEDBACK.read_program_run("adt", str(outcome.status), printed)
    if read.get("status") == "sanitizer":
        return replace(
            outcome, status=RunStatus.SANITIZER, message=read["message"],
            traceback=read["traceback"], error_type=read["error_type"], value=None,
        )  # fmt: skip
    said = read["stdout"]
    return replace(
        outcome, stdout=(said + ("\n" + outcome.stdout if outcome.stdout else "")).strip()
    )
