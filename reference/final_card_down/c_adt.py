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
from dataclasses import dataclass, replace
from typing import Any

from graders.run.sandbox import Outcome, RunStatus
from graders.textsafe import clean_text

from .harness_files import load

SR = load("scenario_runner.py")

MARK = "=fcd= "
SANITIZER_EXIT = 86  # the driver's sanitizers exit with this status (fcd_driver.c)
# Our Card.c names itself so in the sanitizers' reports (its ``#line``), so that a report
# tells it from a Card.c the student sent.
OUR_CARD_FILE = "unograde_Card.c"
OUR_FILES = frozenset({"fcd_driver.c", "fcd_proxy.c", "fcd_suite_main.c", OUR_CARD_FILE})
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
            site = _short_paths(" ".join(words[2:])).replace(OUR_CARD_FILE, "unograde's Card.c")
            sites.append(site[:160])
    return None if found is None else (found[0], found[1], sites[:3])


def leak_review(results: Any, extra: dict[str, Any]) -> Any:
    """One note for the leaks the driver counted over the scenarios (``read_run`` put each
    case's count first in its ``stdout``), and the deduction ``[extra] leak_deduction``
    asks for (default none: a leak is feedback, not a fault of the answers)."""
    from graders.contract import ReviewResult

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
_FRAME_LINE = re.compile(r"^\s*#\d+\s")
_UBSAN = re.compile(r"^(\S+?):(\d+):(\d+): runtime error: (.*)$")
_PATH = re.compile(r"(?:/[^\s:/]+)+/([^\s:/]+)")


def _short_paths(text: str) -> str:
    """Absolute paths (the sandbox's working folder) cut to their file names."""
    return _PATH.sub(lambda m: m.group(1), text)


@dataclass(frozen=True)
class _Frame:
    """One frame of a sanitizer's stack that is in a C source file."""

    file: str  # the file name, its folder cut off
    line: int
    function: str  # "" when the report names none (UBSan's first line)

    @property
    def ours(self) -> bool:
        """In a file of unograde's (the driver, or our Card.c), not in the student's."""
        return self.file in OUR_FILES

    def __str__(self) -> str:
        place = "unograde's Card.c" if self.file == OUR_CARD_FILE else self.file
        return f"{place}:{self.line}" + (f" in {self.function}" if self.function else "")


def _stacks(report: list[str]) -> list[tuple[str, list[_Frame]]]:
    """The report's stacks in order, each with the line that heads it (the first is the
    fault's own stack; then ASan's "freed by thread T0 here:", "previously allocated by
    ..."), each holding its frames in C source files (the C library's and the sanitizer's
    own frames are left out)."""
    stacks: list[tuple[str, list[_Frame]]] = []
    heading, current = "", None
    for line in report:
        if not _FRAME_LINE.match(line):
            current = None
            if line.strip():
                heading = line.strip()
            continue
        if current is None:
            current = []
            stacks.append((heading, current))
        m = _FRAME.match(line)
        if m is None:
            continue
        function, path, number = m.groups()
        name = path.rsplit("/", 1)[-1]
        # The driver's allocation wrappers (``--wrap=malloc``) are never the point.
        if name.endswith((".c", ".h")) and not path.startswith("../"):
            if not function.startswith("__wrap_"):
                current.append(_Frame(name, int(number), function))
    return stacks


def _where(stacks: list[tuple[str, list[_Frame]]], ub_at: _Frame | None) -> str:
    """Where the fault was, in the student's words: the first frame of the fault's stack in
    a file the student wrote (Game.c, or their own Card.c), and the call into unograde's
    code it was in; when no frame of the student's is on that stack, the fault was detected
    in unograde's code (called from the driver), named as such, and the student's frame
    that freed or allocated the memory, when the report shows one."""
    frames = stacks[0][1] if stacks and stacks[0][1] else ([ub_at] if ub_at is not None else [])
    theirs = [k for k, f in enumerate(frames) if not f.ours]
    if theirs:
        k = theirs[0]
        where = f" at {frames[k]}"
        if k > 0:  # it called into our code, where the sanitizer caught the fault
            where += f", in its call to {frames[k - 1].function} ({frames[k - 1]})"
        if len(theirs) > 1:
            where += f", called from {frames[theirs[1]]}"
        return where
    if not frames:
        return ""
    where = " detected in unograde's code (not on a line of yours): " + ", called from ".join(
        str(f) for f in frames[:2]
    )
    # Whose memory it was: the first frame of the student's that freed or allocated it, else
    # the driver's that freed it (the card of a move, freed by the driver after playMove).
    said = None
    for heading, stack in stacks[1:]:
        if not heading.startswith(("freed by", "previously allocated by")):
            continue
        verb = "freed" if heading.startswith("freed") else "allocated"
        theirs_here = [f for f in stack if not f.ours]
        if theirs_here:
            said = f"; the memory was {verb} at {theirs_here[0]}"
            break
        driver = [f for f in stack if f.file != OUR_CARD_FILE]
        if said is None and driver:
            said = f"; the memory was {verb} at {driver[0]}"
    return where + (said or "")


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
    ub_at = None
    if ub is not None:
        what = f"UndefinedBehaviorSanitizer: {ub.group(4)}"
        ub_at = _Frame(ub.group(1).rsplit("/", 1)[-1], int(ub.group(2)), "")
    else:
        what = first.split("ERROR: ", 1)[1]
        what = re.sub(r"\s+on (unknown )?address 0x[0-9a-f]+.*$", "", what)
        access = next(
            (x.strip() for x in report[1:3] if x.strip().startswith(("READ", "WRITE"))), ""
        )
        if access:
            what += f" ({access.split(' at ')[0].lower()})"
    where = _where(_stacks(report), ub_at)
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
