"""uno-lab as the grader sees it: fixtures to calls, replies to verdicts, style, the terminal game.

This is the assignment's plugin (named in ``assignments/uno-lab/assignment.toml``).  It runs in the
grader's process only; submissions never import it and never run in this process.  A case goes to
the sandbox as its *inputs* (the call in the course's notation, a seed, scripted input lines) and
the assignment's adapter (``assignments/uno-lab/harness/adapter.py``) calls the student's task
there and sends back plain data: the result or the lab exception in the course's notation and what
the call printed.  This module reads that reply back and judges it against the case's expected
file with the assignment's feedback module (``assignments/uno-lab/feedback.py``, which students'
self-check kits carry too): by value, by properties for the random tasks (the grader's own,
:mod:`reference.uno_lab.properties`), and by the printed lines.  Every message writes values and
calls as Python (``assignments/uno-lab/python_text.py``, beside the feedback module).

How a verdict is reached: the core hands the reply to :meth:`Plugin.judge` with the whole case;
the case's parsed input and expected file travel in the case's ``expected`` (an
:class:`Expectation`, which stays in the grader: the sandbox only ever sees the inputs and the
case's key), and the judge returns the feedback lines, or none when the case passes.  Nothing
the sandbox sends is taken as a verdict.
"""

from __future__ import annotations

import secrets
import sys
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click
from unolab import show

from graders.assignment import Assignment
from graders.contract import (
    AssignmentPlugin,
    Commands,
    Counterexamples,
    FixtureGeneration,
    ProgramIO,
    Review,
    SelfCheck,
    Solving,
    Views,
)
from graders.extras import play_command
from graders.vocabulary import Case, FixtureRequest, ReviewResult

from . import TASK_NUMBER, counterexample, properties
from .cases import CaseInput, Expected, parse_case_input, parse_expected
from .feedback import FEEDBACK, FEEDBACK_FILE
from .grading import outcome_from_reply, payload, run_reference, task_of
from .notation import NotationError, parse_call, parse_value
from .properties import PROPERTY_NAMES
from .python_text import python_call, python_string, python_value
from .style import check_style


@dataclass(frozen=True)
class Expectation:
    """A case's ``expected``: its key (echoed by the adapter's reply), its parsed input and its
    expected file. Grader only: the sandbox gets ``payload(case, key)``, never this."""

    key: str
    input: CaseInput
    expected: Expected


part_of = FEEDBACK.part_of


def _fixture_error(where: str, exc: Exception) -> ValueError:
    return ValueError(f"{where}: {exc}")


def load_case(assignment: Assignment, entry: Mapping[str, Any], root: Path) -> Case:
    """A manifest entry to a case: the call's inputs for the sandbox, a token for the verdict.

    A malformed fixture raises ValueError naming the file, line and column.
    """
    input_path, expected_path = entry["input"], entry["expected"]
    try:
        case = parse_case_input((root / input_path).read_text(encoding="utf-8"))
    except (OSError, NotationError) as exc:
        raise _fixture_error(f"fixtures/{assignment.id}/{input_path}", exc) from None
    try:
        expected = parse_expected((root / expected_path).read_text(encoding="utf-8"))
    except (OSError, NotationError) as exc:
        raise _fixture_error(f"fixtures/{assignment.id}/{expected_path}", exc) from None
    where = f"fixtures/{assignment.id}/{input_path}"
    try:
        call = parse_call(case.call_text)
    except NotationError as exc:
        raise _fixture_error(f"{where}, the call", exc) from None
    if task_of(call.function) != case.task or case.task not in TASK_NUMBER:
        raise ValueError(f"{where}: the call {call.function} is not task {case.task}")
    if part_of(case.task) != entry["part"]:
        raise ValueError(f"{where}: task {case.task} belongs to {part_of(case.task)}, "
                         f"not {entry['part']}")  # fmt: skip
    if expected.result is None and expected.raises is None and expected.properties is None:
        raise ValueError(f"fixtures/{assignment.id}/{expected_path}: needs result:, raises: or "
                         "properties:")  # fmt: skip
    if expected.properties is not None and expected.properties not in PROPERTY_NAMES:
        known = ", ".join(sorted(PROPERTY_NAMES))
        raise ValueError(
            f"fixtures/{assignment.id}/{expected_path}: no property checker named "
            f"{expected.properties!r} (known: {known})"
        )
    for text in [expected.result, expected.raises, *expected.accept]:
        if text is not None:
            try:
                parse_value(text.removeprefix("raises "))
            except NotationError as exc:
                raise _fixture_error(f"fixtures/{assignment.id}/{expected_path}", exc) from None
    key = f"{entry['name']}:{secrets.token_hex(6)}"
    return Case(
        name=entry["name"],
        part=entry["part"],
        visibility=entry["visibility"],
        args=(payload(case, key),),
        expected=Expectation(key, case, expected),
        covers=tuple(entry.get("covers", ())),
        input_path=input_path,
        expected_path=expected_path,
    )


# ---------------------------------------------------------------------------------------------
# The verdict: the assignment's feedback module (students' self-check kits carry it too), with
# the grader's property checks for the random tasks. The plugin's check_shape and
# parse_program_output are the contract's defaults: the feedback module's functions.

RESULT_SHAPE = FEEDBACK.RESULT_SHAPE
check_shape = FEEDBACK.check_shape
call_line = FEEDBACK.call_line


def judge(case: Case, value: Any) -> list[str]:
    """The feedback lines for a reply (after :func:`check_shape`); empty when
    the case passed: by value, by properties (the grader's, for the random tasks), and by what
    was printed.  A
    failed public case ends with its call (the feedback module's :func:`call_line`), so that a
    student reading only the text (terminal, Markdown, ``unograde check``) can paste it into a
    test; a hidden case never shows its input."""
    return FEEDBACK.judge(case, value, checks=properties)


def _reply_text(reply: dict) -> str | None:
    """What came back, as Python: the value, ``raises ...``, or the reply's own text when it is
    not a value of the lab."""
    if reply.get("raised"):
        text = str(reply["raised"])
        try:
            return f"raises {python_value(parse_value(text))}"
        except NotationError:
            return f"raises {text}"
    if reply.get("result") is None:
        return None
    text = str(reply["result"])
    try:
        return python_value(parse_value(text), multiline=True)
    except NotationError:
        return text


def _expected_text(exp: Expected) -> str:
    if exp.properties is not None:
        return f"a result with the properties of {exp.properties} (see the feedback)"
    options = [f"raises {exp.raises}" if exp.result is None else exp.result, *exp.accept]
    shown = []
    for option in options:
        raises = option.startswith("raises ")
        value = python_value(parse_value(option.removeprefix("raises ")), multiline=True)
        shown.append(f"raises {value}" if raises else value)
    return "\nor ".join(shown)


def view(part: str, args: tuple, expected: Expectation, actual: Any | None) -> dict:
    """What the HTML report shows for a failed public case: the call, what was expected, what
    came back, all as Python, and what it printed, exactly as printed."""
    case, exp = expected.input, expected.expected
    return {
        "kind": "unolab",
        "call": python_call(case.call, multiline=True),
        "seed": case.seed,
        "stdin": [python_string(line) for line in case.stdin],
        "expected": _expected_text(exp),
        "expected_printed": exp.printed,
        "got": _reply_text(actual) if isinstance(actual, dict) else None,
        "printed": actual.get("printed") if isinstance(actual, dict) else None,
    }


# ---------------------------------------------------------------------------------------------
# Review: the lab's "must use" requirements, read from the syntax tree (never run).
# ---------------------------------------------------------------------------------------------


SML_STYLE_NOTE = (
    'style: not reviewed for a Standard ML solution.sml: the lab\'s "must use" requirements are '
    "read from Python's syntax tree, which an SML file has none of; every task is graded in "
    "full and nothing is deducted"
)
"""What an SML submission's review says, instead of a silent empty review."""


def review(assignment: Assignment, submission: Any, case_results: Sequence) -> ReviewResult:
    """Style feedback for every unmet "must use" requirement, and its deduction.

    ``[extra] style_deduction`` in ``assignment.toml`` is taken per unmet requirement (0 by
    default); only from a task that earned points, and never more than it earned.
    """
    path = Path(submission.folder) / f"{assignment.module}.py"
    if not path.is_file() and (Path(submission.folder) / f"{assignment.module}.sml").is_file():
        return ReviewResult([SML_STYLE_NOTE])
    try:
        source = path.read_text(encoding="utf-8")
    except OSError:
        return ReviewResult()
    per_unmet = float(assignment.extra.get("style_deduction", 0.0))
    earned: dict[str, float] = {}
    for result in case_results:
        earned[result.part] = earned.get(result.part, 0.0) + result.points
    notes: list[str] = []
    taken: dict[str, float] = {}
    results = check_style(source)
    for task, _text, met, message in results:
        if met:
            continue
        notes.append(f"style: {message}")
        if task in TASK_NUMBER:
            part = part_of(task)
            room = earned.get(part, 0.0) - taken.get(part, 0.0)
            taken[part] = taken.get(part, 0.0) + max(0.0, min(per_unmet, room))
    if not notes:
        notes.append(f'style: all {len(results)} "must use" requirements of the lab are met')
    deduction = round(sum(taken.values()), 6)
    if per_unmet and notes and deduction:
        notes.append(
            f"style: {per_unmet:g} points per unmet requirement, taken only from tasks that "
            "earned points"
        )
    return ReviewResult(notes, deduction)


# ---------------------------------------------------------------------------------------------
# unograde play, solve, fixtures generate.
# ---------------------------------------------------------------------------------------------


def play(seed: int | None = None, players: int | None = None, manual: int | None = None) -> int:
    """``unograde play uno-lab``: a game in the terminal through the reference.

    ``players`` (default 4) Naive players named as in the seed; the first ``manual`` of them
    (default 1) are played by the person at the terminal (the seed's section 5 dialog).  A bad
    count raises ValueError (the CLI reports it, exit 2).
    """
    from .play import play_cli

    def read() -> str:
        line = sys.stdin.readline()
        if not line:
            raise EOFError
        return line

    def write(text: str) -> None:
        sys.stdout.write(text)
        sys.stdout.flush()

    play_cli(4 if players is None else players, 1 if manual is None else manual, seed, read, write)
    return 0


def solve(part: str, path: str | Path) -> str:
    """``unograde solve uno-lab/taskNN FILE``: the expected file the reference gives for the case
    in FILE (its result or exception, and what it printed)."""
    try:
        case = parse_case_input(Path(path).read_text(encoding="utf-8"))
        call = parse_call(case.call_text)
    except NotationError as exc:
        raise ValueError(f"{path}: {exc}") from None
    if case.task not in TASK_NUMBER or part_of(case.task) != part:
        raise ValueError(f"{path}: the case is task {case.task}, not a task of {part}")
    if task_of(call.function) != case.task:
        raise ValueError(f"{path}: the call {call.function} is not task {case.task}")
    reply = run_reference(case)
    outcome = outcome_from_reply(reply)
    if outcome.error is not None:
        expected = Expected(raises=repr(outcome.error), printed=outcome.printed)
    else:
        expected = Expected(result=show(outcome.value), printed=outcome.printed)
    return expected.render()


def generate_fixtures(request: FixtureRequest) -> list[Path]:
    """``unograde fixtures generate uno-lab/taskNN``: ``count`` random cases of the part's tasks
    (expected files from the reference; properties for the random ones) and a manifest."""
    from .fixtures import generate_part

    files = generate_part(request.part, request.count, request.seed)
    written = []
    for rel, text in sorted(files.items()):
        target = Path(request.out) / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        written.append(target)
    return written


class Plugin(
    AssignmentPlugin,
    Views,
    Review,
    Counterexamples,
    FixtureGeneration,
    Solving,
    Commands,
    SelfCheck,
    ProgramIO,
):
    """uno-lab: 32 tasks judged from the adapter's replies (a Python module's, or the SML
    driver's for a ``solution.sml``), style reviewed, a terminal game."""

    # -- a failed hidden case: a smaller fresh call (``counterexample``), for the tasks
    #    whose answers the reference decides alone

    def fresh_cases(self, part: str, seed: str, failed: Sequence[Case]) -> Iterator[Case]:
        return counterexample.fresh_cases(part, seed, failed)

    def searched(self, part: str) -> bool:
        return counterexample.searched(part)

    def not_searched(self, part: str, failed: Sequence[Case]) -> str | None:
        return counterexample.not_searched(part, failed)

    def shrink(self, case: Case) -> Iterator[Case]:
        return counterexample.shrink(case)

    def size_words(self, case: Case) -> str:
        return counterexample.size_words(case)

    def show_input(self, part: str, args: tuple) -> list[str]:
        """A fresh call (a counterexample) is shown as the call in Python; a fixture's input
        is not (its feedback already ends with the call, the page's Decision 24)."""
        if counterexample.is_fresh(args):
            return counterexample.show_input(args)
        return super().show_input(part, args)

    def program_input(self, case: Case) -> str:
        """The SML driver's request for the case (``assignments/uno-lab/sml_text.py``)."""
        return FEEDBACK.program_input(case.args)

    def load_case(self, entry: Mapping[str, Any], root: Path) -> Case:
        return load_case(self.assignment, entry, root)

    def judge(self, case: Case, value: Any) -> list[str]:
        return judge(case, value)

    def view(self, part: str, args: tuple, expected: Any, actual: Any | None) -> dict | None:
        return view(part, args, expected, actual)

    def review(self, submission: Any, results: Sequence, limits: Any, isolation: str):
        """Style: the lab's "must use" requirements, read from the source (never run)."""
        return review(self.assignment, submission, results)

    def generate_fixtures(self, request: FixtureRequest) -> list[Path]:
        return generate_fixtures(request)

    def solve(self, part: str, path: Path) -> str:
        return solve(part, path)

    def commands(self) -> Sequence[click.Command]:
        return [play_command(play, "Play uno-lab in the terminal, through the reference.")]

    # -- the self-check kit: every case graded by value (a random task's properties use the
    #    lab's answers, so those cases stay with the grader)

    def kit_feedback(self) -> Path:
        return FEEDBACK_FILE

    def kit_support(self) -> Sequence[str]:
        """The renderer the feedback module writes every value and call with (as Python), and
        the writer of a case as Standard ML (the feedback module loads both)."""
        return ["python_text.py", "sml_text.py"]

    def kit_includes(self, case: Case) -> bool:
        return case.expected.expected.properties is None

    def kit_args(self, case: Case) -> tuple:
        """The call's inputs, keyed by the case's name (a kit is the same bytes each time; the
        grader draws a fresh key per run)."""
        return (payload(case.expected.input, case.name),)

    def kit_expected(self, case: Case) -> Any:
        """The case's key and the text of its two files (the kit's feedback reads them)."""
        root = self.assignment.fixtures
        return {
            "key": case.name,
            "input": (root / case.input_path).read_text(encoding="utf-8"),
            "expected": (root / case.expected_path).read_text(encoding="utf-8"),
        }

    def kit_starters(self) -> Mapping[str, bytes]:
        starter = self.assignment.folder / "starter"
        return {
            "solution.py": (starter / "solution.py").read_bytes(),
            "solution.sml": (starter / "solution.sml").read_bytes(),
        }

    def kit_notebook(self) -> str | None:
        return "solution.py"  # the page: "a notebook or a zip holding it works"

    def kit_notes(self) -> Sequence[str]:
        return [
            "the public cases of the random tasks (the deck, dealing, drawing, Naive, a whole "
            "game) are judged by properties that use the lab's answers: the grader checks them",
            'the lab\'s "must use" style requirements are reviewed by the grader',
        ]
