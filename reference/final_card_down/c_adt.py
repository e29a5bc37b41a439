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

import re
from dataclasses import replace
from typing import Any

from graders.textsafe import clean_text
from graders.vocabulary import Outcome, RunStatus

from .harness_files import load

SR = load("scenario_runner.py")

MARK = "=fcd= "
SANITIZER_EXIT = 86  # the driver's sanitizers exit with this status (fcd_driver.c)
OUR_FILES = frozenset({"fcd_driver.c", "fcd_proxy.c", "fcd_suite_main.c"})
MAX_REPORT_LINES = 40
MAX_REPORT_CHARS = 4000
LEAK_NOTE = "unograde leak check: "

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


def _name(number: str, names: tuple[str, ...]) -> str:
    """An enum's name, or the number itself as the Python replay shows an unknown value."""
    k = int(number)
    return names[k] if 0 <= k < len(names) else str(k)


def _card(words: list[str]) -> str:
    if words == ["null"]:
        return "None"
    value, colour, suit = words
    return f"{_name(colour, SR.COLORS)} {_name(value, SR.VALUES)} {_name(suit, SR.SUITS)}"


def _move(words: list[str]) -> str:
    action = _name(words[0], SR.ACTIONS)
    if action != "PLAY_CARD" or len(words) == 1:
        return action
    next_color, card = words[1], _card(words[2:5])
    text = f"PLAY_CARD {card}"
    if card.split()[1:2] == ["DECLARE"]:
        text += " " + _name(next_color, SR.COLORS)
    return text


def answer_lines(printed: str) -> list[str]:
    """The driver's lines (the text after the last mark on each line that has one)."""
    return [line.rsplit(MARK, 1)[1].strip() for line in printed.splitlines() if MARK in line]


def parse_answers(printed: str) -> list[list[Any]]:
    """The driver's answers as the Python adapter's ``[label, answer]`` pairs (labels are
    not compared: the expectation's are shown).  Raises ValueError on a line that is not
    one of the driver's (the student's code printed something that looks like one)."""
    out: list[list[Any]] = []
    lines = answer_lines(printed)
    k = 0
    try:
        while k < len(lines):
            words = lines[k].split()
            k += 1
            kind, rest = (words[0], words[1:]) if words else ("", [])
            if kind in ("leaks", "leak", "end"):
                continue
            if kind == "created":
                out.append(["newGame", SR.CREATED])
            elif kind == "played":
                out.append(["move", SR.PLAYED])
            elif kind == "refused":
                out.append(["move", {"valid": False}])
            elif kind == "int":
                out.append(["query", int(rest[0])])
            elif kind == "bool":
                out.append(["query", rest[0] != "0"])
            elif kind == "card":
                out.append(["query", _card(rest)])
            elif kind == "dir":
                out.append(["query", _name(rest[0], SR.DIRECTIONS)])
            elif kind == "move":
                out.append(["query", _move(rest)])
            elif kind == "raised":
                out.append(["query", {"raised": " ".join(rest)[:300]}])
            elif kind == "hand":
                count = int(rest[0])
                if count < 0 or k + count > len(lines):
                    raise ValueError("a hand cut short")
                cards = []
                for line in lines[k : k + count]:
                    words = line.split()
                    if words[:1] != ["in"]:
                        raise ValueError("a hand's card line expected")
                    cards.append(_card(words[1:]))
                k += count
                out.append(["query", sorted(cards)])
            else:
                raise ValueError(f"not an answer of the driver: {lines[k - 1][:80]!r}")
    except (IndexError, ValueError) as exc:
        raise ValueError(f"the driver's answers could not be read ({str(exc)[:120]})") from None
    return out


def leaks(printed: str) -> tuple[int, int, list[str]] | None:
    """(blocks, bytes, where the first were allocated) still held after ``destroyGame``, as
    the driver counted them; None when it did not get that far."""
    found = None
    sites: list[str] = []
    for line in answer_lines(printed):
        words = line.split()
        if words[:1] == ["leaks"] and len(words) == 3 and all(w.isdigit() for w in words[1:]):
            found = (int(words[1]), int(words[2]))
        elif words[:1] == ["leak"] and len(words) >= 3:
            sites.append(_short_paths(" ".join(words[2:]))[:160])
    return None if found is None else (found[0], found[1], sites[:3])


def leak_review(results: Any, extra: dict[str, Any]) -> Any:
    """One note for the leaks the driver counted over the scenarios (``read_run`` put each
    case's count first in its ``stdout``), and the deduction ``[extra] leak_deduction``
    asks for (default none: a leak is feedback, not a fault of the answers)."""
    from graders.vocabulary import ReviewResult

    leaking = [r for r in results if r.part == "adt" and r.stdout.startswith(LEAK_NOTE)]
    if not leaking:
        return ReviewResult()
    first = leaking[0].stdout.splitlines()[0].removeprefix(LEAK_NOTE)
    ran = sum(1 for r in results if r.part == "adt")
    note = (
        f"memory leak: in {len(leaking)} of {ran} scenarios Game.c did not free everything "
        f"in destroyGame; in {leaking[0].name}: {first}"
    )
    deduction = extra.get("leak_deduction", 0)
    if isinstance(deduction, bool) or not isinstance(deduction, int | float) or deduction < 0:
        deduction = 0
    if deduction:
        note += f" ({deduction:g} points off: [extra] leak_deduction)"
    return ReviewResult(notes=[note], deduction=float(deduction))


# ----------------------------------------------------------------- sanitizer reports

_FRAME = re.compile(r"^\s*#\d+\s+0x[0-9a-f]+\s+in\s+(\S+)\s+(\S+?):(\d+)(?::\d+)?\s*$")
_UBSAN = re.compile(r"^(\S+?):(\d+):(\d+): runtime error: (.*)$")
_PATH = re.compile(r"(?:/[^\s:/]+)+/([^\s:/]+)")


def _short_paths(text: str) -> str:
    """Absolute paths (the sandbox's working folder) cut to their file names."""
    return _PATH.sub(lambda m: m.group(1), text)


def _own_frames(report: list[str]) -> list[str]:
    """``file:line in function`` of the report's frames in a submission's file (not ours,
    not the C library's or the sanitizer's)."""
    frames = []
    for line in report:
        m = _FRAME.match(line)
        if m is None:
            continue
        function, path, number = m.groups()
        name = path.rsplit("/", 1)[-1]
        if name in OUR_FILES or not name.endswith((".c", ".h")) or path.startswith("../"):
            continue
        frames.append(f"{name}:{number} in {function}")
    return frames


def sanitizer_report(printed: str) -> tuple[str, str] | None:
    """(a one-line message, the report cut short) when ``printed`` holds a sanitizer's report;
    None otherwise."""
    lines = clean_text(printed).splitlines()
    start = next(
        (k for k, line in enumerate(lines)
         if "ERROR: AddressSanitizer" in line or _UBSAN.match(line.strip())
         or "ERROR: UndefinedBehaviorSanitizer" in line),
        None,
    )  # fmt: skip
    if start is None:
        return None
    report = [line for line in lines[start:] if MARK not in line][:MAX_REPORT_LINES]
    first = report[0].strip()
    ub = _UBSAN.match(first)
    if ub is not None:
        what = f"UndefinedBehaviorSanitizer: {ub.group(4)}"
        at = f"{ub.group(1).rsplit('/', 1)[-1]}:{ub.group(2)}"
        frames = _own_frames(report) or [at]
    else:
        what = first.split("ERROR: ", 1)[1]
        what = re.sub(r"\s+on (unknown )?address 0x[0-9a-f]+.*$", "", what)
        access = next(
            (x.strip() for x in report[1:3] if x.strip().startswith(("READ", "WRITE"))), ""
        )
        if access:
            what += f" ({access.split(' at ')[0].lower()})"
        frames = _own_frames(report)
    where = f" at {frames[0]}" if frames else ""
    if len(frames) > 1:
        where += f", called from {frames[1]}"
    text = _short_paths("\n".join(report))[:MAX_REPORT_CHARS]
    return f"{_short_paths(what)[:200]}{where}"[:400], text


def read_run(outcome: Outcome) -> Outcome:
    """A run of the driver as the grader reads it: a sanitizer's report is an outcome of its
    own (status ``sanitizer``); what the student's code printed besides the answers, and the
    leak count, go to ``stdout`` (shown with the case); the answers stay in ``value``."""
    printed = outcome.value if isinstance(outcome.value, str) else ""
    found = sanitizer_report(printed)
    if found is not None and outcome.status in (RunStatus.CRASHED, RunStatus.RETURNED):
        message, report = found
        return replace(
            outcome, status=RunStatus.SANITIZER, message=message, traceback=report,
            error_type="SanitizerReport", value=None,
        )  # fmt: skip
    extra = [line for line in printed.splitlines() if MARK not in line]
    said = "\n".join(extra[:200])
    held = leaks(printed)
    if held is not None and held[0]:
        blocks, size, sites = held
        said = (
            f"{LEAK_NOTE}after destroyGame {blocks} block(s), {size} bytes, were still "
            f"allocated (first allocated at {'; '.join(sites) or 'an unknown place'})\n" + said
        )
    return replace(
        outcome, stdout=(said + ("\n" + outcome.stdout if outcome.stdout else "")).strip()
    )
