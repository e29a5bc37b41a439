"""final-card-down's feedback on the ADT's scenarios, and the reading a submission is judged by.

One module for the grader and the students' self-check kit (``unograde kit final-card-down``):
the plugin (``reference/final_card_down/plugin.py``) and ``reading.py`` use it, and the kit
carries it, so both say "step 11, hand(): missing RED THREE HEARTS" and choose the reading of
the open rules (D1, D2, D4) alike: the one ``game.py`` declares (``READINGS = {...}``, read
from its source, never run), else the one its scenario answers side with (D23).

A C ``Game.c``'s runs are read here too (the scenario driver's answers, a sanitizer's report,
the leaks it counted): the grader's ``c_adt`` and a C student's kit read them alike.

It imports only the standard library, the kit's runtime (``from .loader import ...``: it is
loaded as a module of that package) and the provided scenario runner (``harness/``, beside it
in the assignment's folder and in the kit), never the reference.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import Any

from .loader import load_module
from .text import clean_text
from .verdict import input_lines

ADT_PART = "adt"
MAX_MESSAGE_LINES = 24
SR = load_module(Path(__file__).resolve().parent / "harness" / "scenario_runner.py")

# The open rules' switches, in their order (``reference/final_card_down/game/readings.py``'s
# ``Readings`` fields; a test keeps the two alike), the page's decision each reads the other
# way, and that other reading in the student's words.
SWITCHES = (
    "play_after_draw",
    "drawn_draw_two_stays",
    "skipped_turn_numbered",
    "draw_after_play",
    "callout_in_turn_zero",
)
DECISION_OF = {
    "play_after_draw": "D1",
    "drawn_draw_two_stays": "D2",
    "skipped_turn_numbered": "D4",
    "draw_after_play": "D31",
    "callout_in_turn_zero": "D32",
}
OTHER_READING = {
    "play_after_draw": "after an ordinary draw the player may still play one card",
    "drawn_draw_two_stays": "a DRAW_TWO whose penalty was drawn still forces the next player",
    "skipped_turn_numbered": "a player skipped by an ADVANCE uses up a turn number",
    "draw_after_play": "a player who played a card may still draw one card in that turn",
    "callout_in_turn_zero": "a call-out is valid in turn 0 too (a wrong one: nobody missed a call)",
}
DECLARATION = "READINGS"
MODULE_FILES = ("game.py", "game/__init__.py")
# A C submission declares its reading in a comment line of Game.c, the same literal after
# ``//`` (C's ``true``/``false`` accepted): ``// READINGS = {"draw_after_play": true}``. A
# comment, not a ``#define``: nothing in the build may depend on it, and gcc never sees it.
C_FILE = "Game.c"
_C_LINE = re.compile(r"^\s*//\s*READINGS\s*=\s*(.*?)\s*$")


# ----------------------------------------------------------------- a scenario's answers


def check_shape(part: str, value: Any) -> str | None:
    """Why a scenario replay's answer is not one (the adapter's answers: a wrong shape means
    the student's code tampered with it)."""
    if not isinstance(value, list) or not all(
        isinstance(p, list) and len(p) == 2 and isinstance(p[0], str) for p in value
    ):
        return "the scenario replay did not return its answers (was the adapter replaced?)"
    return None


def check_size(case: Any, value: Any) -> str | None:
    """Why a scenario replay's answers are more than its queries: one answer per query, so
    more is a wrong shape at once, never compared answer by answer."""
    if case.part != ADT_PART:
        return None
    expected = case.expected
    if isinstance(expected, dict) and "page" in expected:
        expected = expected["page"]
    if isinstance(expected, list) and len(value) > len(expected):
        return (
            f"the scenario replay returned {len(value):,} answers for {len(expected)} queries "
            "(was the adapter replaced?)"
        )
    return None


def describe(part: str, expected: Any, actual: Any) -> list[str]:
    """The first differing query of a scenario, and the moves that led there."""
    found = SR.compare_answers("", expected, actual)
    if not found:
        return []
    lines = [line.strip() for line in SR.format_mismatch(found[0]).splitlines()]
    if len(found) > 1:
        lines.append(f"({len(found) - 1} more answer(s) differ later in this scenario)")
    return lines[:MAX_MESSAGE_LINES]


def judge(case: Any, value: Any) -> list[str]:
    """A scenario's answers against its expectation (type-strict: an isValidMove answer of 1
    is not True), feedback on the first difference.  In a kit, an expectation not yet chosen
    by :func:`interpret` is the page's."""
    expected = case.expected
    if isinstance(expected, dict) and "page" in expected:
        expected = expected["page"]
    return describe(case.part, expected, value)


MAX_INPUT_STEPS = 50


def show_input(part: str, args: Any) -> list[str]:
    """A failed scenario's input: its deck and its steps (moves and queries), as the scenario
    names them; any other part's arguments pretty-printed."""
    if part != ADT_PART or not args or not isinstance(args[0], dict):
        return input_lines(args)
    scenario = args[0]
    deck = [str(card) for card in scenario.get("deck", [])]
    steps = [SR.step_label(step) for step in scenario.get("steps", [])]
    lines = [f"newGame with a deck of {len(deck)} cards, top first: {', '.join(deck[:14])} …"]
    lines += [f"step {k}: {label}" for k, label in enumerate(steps[:MAX_INPUT_STEPS])]
    if len(steps) > MAX_INPUT_STEPS:
        lines.append(f"… and {len(steps) - MAX_INPUT_STEPS} more steps")
    return lines


# ----------------------------------------------------------------- the declared reading


def declaring_file(folder: Path | None) -> str:
    """The file a submission in ``folder`` declares its reading in: ``game.py`` (or the
    ``game`` package), else ``Game.c`` for a C submission (the feedback names it)."""
    if folder is not None and not any((folder / f).is_file() for f in MODULE_FILES):
        if (folder / C_FILE).is_file():
            return C_FILE
    return MODULE_FILES[0]


def declared(folder: Path | None) -> tuple[tuple[str, ...] | None, str | None]:
    """The switches ``game.py`` in ``folder`` declares read the other way (``()``: it declares
    the page's decisions), or None when it declares nothing; and a problem with the
    declaration to tell the student (it is then ignored), or None."""
    files = [folder / f for f in MODULE_FILES] if folder is not None else []
    path = next((f for f in files if f.is_file()), None)
    if path is None:
        return _declared_in_c(folder / C_FILE) if folder is not None else (None, None)
    try:
        tree = ast.parse(path.read_bytes())
    except (SyntaxError, ValueError):
        return None, None  # the import fails and says so in every case
    for node in tree.body:
        value = _assigned(node)
        if value is None:
            continue
        where = f"{path.name} line {node.lineno}: {DECLARATION}"
        try:
            literal = ast.literal_eval(value)
        except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
            return None, f"{where} is not a literal dict, so it was ignored"
        return _checked(literal, where)
    return None, None


def _declared_in_c(path: Path) -> tuple[tuple[str, ...] | None, str | None]:
    """``declared`` for a C submission: the first ``// READINGS = {...}`` line of Game.c."""
    if not path.is_file():
        return None, None
    text = path.read_bytes().decode("utf-8", errors="replace")
    for number, line in enumerate(text.splitlines(), 1):
        found = _C_LINE.match(line)
        if found is None:
            continue
        where = f"{path.name} line {number}: {DECLARATION}"
        source = re.sub(r"\btrue\b", "True", re.sub(r"\bfalse\b", "False", found.group(1)))
        try:
            literal = ast.literal_eval(source)
        except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
            return None, f"{where} is not a literal dict, so it was ignored"
        return _checked(literal, where, "true or false")
    return None, None


def _assigned(node: ast.stmt) -> ast.expr | None:
    """The value of a top-level ``READINGS = ...`` (or annotated) assignment."""
    if isinstance(node, ast.Assign) and any(
        isinstance(t, ast.Name) and t.id == DECLARATION for t in node.targets
    ):
        return node.value
    if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
        if node.target.id == DECLARATION and node.value is not None:
            return node.value
    return None


def _checked(
    literal: Any, where: str, values: str = "True or False"
) -> tuple[tuple[str, ...] | None, str | None]:
    if not isinstance(literal, dict):
        return None, f"{where} is not a dict, so it was ignored"
    unknown = sorted(repr(k) for k in literal if k not in SWITCHES)
    if unknown:
        return None, (
            f"{where} names {', '.join(unknown)}, not one of {', '.join(SWITCHES)}, so it was "
            "ignored"
        )
    if not all(type(v) is bool for v in literal.values()):
        return None, f"{where}: every value must be {values}, so it was ignored"
    return tuple(name for name in SWITCHES if literal.get(name)), None


# ----------------------------------------------------------------- the inferred reading


def evidence(page: list[list[Any]], other: list[list[Any]], got: list[Any]) -> int:
    """Which of two expectations of one scenario the answers ``got`` side with, counted only
    where they differ: +1 for each such step answered as ``other`` expects, -1 for each
    answered as ``page`` expects. A move ``other`` refuses (``REFUSED``, its last step)
    counts +1 when ``got`` refused it too, -1 when ``got`` played it; nothing after it counts.
    Steps ``other`` does not grade, and wrong answers to both, count nothing: a submission
    that is merely wrong gains no evidence for any reading."""
    score = 0
    for index, (_label, want) in enumerate(page):
        if index >= len(got) or index >= len(other):
            break
        answer = got[index][1] if isinstance(got[index], list | tuple) else got[index]
        alternative = other[index][1]
        if alternative == SR.REFUSED:  # the other reading refuses this move
            refused = isinstance(answer, dict) and answer.get("valid") is False
            score += 1 if refused else -1 if answer == SR.PLAYED else 0
            break
        if alternative == SR.NOT_GRADED or _same(want, alternative):
            continue
        score += 1 if _same(answer, alternative) else -1 if _same(answer, want) else 0
    return score


def _same(a: Any, b: Any) -> bool:
    return type(a) is type(b) and a == b


def infer(
    depends: Sequence[Sequence[str]],
    evidence_for: Callable[[int, tuple[str, ...]], int],
) -> tuple[str, ...]:
    """The switches a submission's answers side with (the page's decisions, ``()``, unless
    another reading has strictly more evidence).

    ``depends[i]``: the switches case ``i`` depends on; ``evidence_for(i, switches)``: its
    ``evidence`` for that reading against the page's decisions. Each switch is weighed alone
    first, then combinations of the switches with evidence for them; ties go to fewer
    switches."""

    def score(switches: tuple[str, ...]) -> int:
        on = set(switches)
        return sum(evidence_for(i, switches) for i, d in enumerate(depends) if on & set(d))

    for_it = [n for n in SWITCHES if any(n in d for d in depends) and score((n,)) > 0]
    best: tuple[str, ...] = ()
    best_score = 0
    for size in range(1, len(for_it) + 1):
        for names in combinations(for_it, size):
            points = score(names)
            if points > best_score:
                best, best_score = names, points
    return best


# ----------------------------------------------------------------- what the student reads


def describe_reading(switches: Sequence[str]) -> str:
    """A reading in the student's words: the decisions read the other way."""
    return "; ".join(f"{DECISION_OF[n]} the other way ({n}: {OTHER_READING[n]})" for n in switches)


def note(switches: Sequence[str], how: str, source: str = MODULE_FILES[0]) -> str | None:
    """The feedback line saying which reading the submission was graded under; ``how`` is
    "declared" or "inferred"; ``source`` the file it declares it in (``declaring_file``:
    game.py, or Game.c, where the declaration is a ``// READINGS = {...}`` comment line).
    None for the page's decisions when nothing was declared."""
    if source == C_FILE:
        literal = ", ".join(f'"{n}": true' for n in switches)
        example = f"the line // {DECLARATION} = {{{literal}}} in {C_FILE}"
    else:
        literal = ", ".join(f'"{n}": True' for n in switches)
        example = f"{DECLARATION} = {{{literal}}} in {source}"
    if how == "declared":
        if not switches:
            decisions = "D1, D2, D4, D31 and D32"
            return f"graded under the page's decisions {decisions}, as {source} declares"
        return f"graded under the reading {source} declares: {describe_reading(switches)}"
    if not switches:
        return None
    return (
        f"{source} declares no {DECLARATION}; where the readings differ its answers follow "
        f"{describe_reading(switches)}, "
        "so its scenarios, the reference its tests run on and the mutants all follow that "
        f"reading (declare it to be sure: {example})"
    )


def reading_key(switches: Sequence[str]) -> str:
    """How a kit names a reading's expectations: the switches read the other way, joined."""
    return "+".join(n for n in SWITCHES if n in switches)


def interpret(folder: Path, cases: Sequence[Any], values: dict[int, Any]) -> list[str]:
    """In a kit: choose each scenario's expectation under the submission's reading (declared,
    else inferred from ``values``, its answers by case index), as the grader does; a case's
    ``expected`` there is ``{"page": answers, "by_reading": {key: answers}}`` and becomes the
    answers. Returns the notes to show."""
    switches, problem = declared(folder)
    how = "declared" if switches is not None else "inferred"

    def under(case: Any, chosen: tuple[str, ...]) -> Any:
        table = case.expected
        if not set(case.readings) & set(chosen):
            return table["page"]
        return table["by_reading"].get(reading_key(chosen), table["page"])

    if switches is None:
        adt = [
            (case, values[k])
            for k, case in enumerate(cases)
            if case.part == ADT_PART and k in values and check_shape(ADT_PART, values[k]) is None
        ]

        def evidence_for(i: int, chosen: tuple[str, ...]) -> int:
            case, value = adt[i]
            return evidence(case.expected["page"], under(case, chosen), value)

        switches = infer([case.readings for case, _ in adt], evidence_for)
    for case in cases:
        if isinstance(case.expected, dict) and "page" in case.expected:
            case.expected = under(case, switches)
    return [n for n in (problem, note(switches, how, declaring_file(folder))) if n]


# ----------------------------------------------------------------- a C Game.c's runs
# The scenario driver (``c/fcd_driver.c``) prints each answer on a line of its own after MARK;
# stderr is joined to stdout, so a sanitizer's report is in the same text.  What the student's
# code printed is bounded before it reaches here and never trusted beyond the numbers parsed.

MARK = "=fcd= "
# Our Card.c names itself so in the sanitizers' reports (its ``#line``), so that a report
# tells it from a Card.c the student sent.
OUR_CARD_FILE = "unograde_Card.c"
OUR_FILES = frozenset({"fcd_driver.c", "fcd_proxy.c", "fcd_suite_main.c", OUR_CARD_FILE})
MAX_REPORT_LINES = 40
MAX_REPORT_CHARS = 4000
LEAK_NOTE = "unograde leak check: "


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


def parse_program_output(part: str, text: str) -> Any:
    """What a C ``Game.c`` built with the driver printed for a scenario, as the answers a
    Python ADT's replay returns (the kit's hook; the grader's plugin calls the same)."""
    return parse_answers(text)


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


def printed_besides(printed: str) -> str:
    """What a run of the driver printed besides its answers (the student's own printf), the
    leaks it counted first, as a note: shown with a failed case."""
    extra = [line for line in printed.splitlines() if MARK not in line]
    said = "\n".join(extra[:200])
    held = leaks(printed)
    if held is not None and held[0]:
        blocks, size, sites = held
        said = (
            f"{LEAK_NOTE}after destroyGame {blocks} block(s), {size} bytes, were still "
            f"allocated (first allocated at {'; '.join(sites) or 'an unknown place'})\n" + said
        )
    return said


def leak_note(leaking: Sequence[str], ran: int, first: str) -> str:
    """The note for the scenarios (``leaking``, by name) whose runs left memory allocated
    after destroyGame, of ``ran``; ``first``: the first one's leak line (``printed_besides``)."""
    return (
        f"memory leak: in {len(leaking)} of {ran} scenarios Game.c did not free everything "
        f"in destroyGame; in {leaking[0]}: {first.removeprefix(LEAK_NOTE)}"
    )


def read_program_run(part: str, status: str, printed: str) -> dict[str, str]:
    """A run of a C ``Game.c`` read before its answers are (the kit's hook; the grader's
    ``c_adt.read_run`` reads it alike): a sanitizer's report makes it an outcome of its own
    (``status`` "sanitizer", the report as its traceback); otherwise what it printed besides
    the answers (and the leaks) is its ``stdout``.  The fields to change."""
    found = sanitizer_report(printed) if part == ADT_PART else None
    if found is not None and status in ("crashed", "returned"):
        message, report = found
        return {
            "status": "sanitizer", "message": message, "traceback": report,
            "error_type": "SanitizerReport",
        }  # fmt: skip
    return {"stdout": printed_besides(printed) if part == ADT_PART else ""}
