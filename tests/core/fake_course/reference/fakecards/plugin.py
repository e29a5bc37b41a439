"""The fake assignment's plugin: every capability of the contract, as small as it can be."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import click

from graders.contract import (
    AssignmentPlugin,
    Commands,
    Explanation,
    FixtureGeneration,
    ProgramIO,
    Review,
    Solving,
    Stages,
    Views,
)
from graders.vocabulary import (
    Case,
    FixtureRequest,
    Outcome,
    Probe,
    ProbeAnswers,
    ReviewResult,
    RunStatus,
)

from . import count_red, sort_cards

SOLVERS = {"count": count_red, "sort": sort_cards}


class FakeCards(
    AssignmentPlugin,
    ProgramIO,
    Views,
    Explanation,
    FixtureGeneration,
    Solving,
    Stages,
    Review,
    Commands,
):
    def load_case(self, entry: Mapping[str, Any], root: Path) -> Case:
        cards = json.loads((root / entry["input"]).read_text(encoding="utf-8"))
        expected = json.loads((root / entry["expected"]).read_text(encoding="utf-8"))
        return Case(
            name=entry["name"],
            part=entry["part"],
            visibility=entry["visibility"],
            args=(cards,),
            expected=expected,
            input_path=entry["input"],
            expected_path=entry["expected"],
        )

    def check_shape(self, part: str, value: Any) -> str | None:
        if value == "KILL-THE-WORKER":  # a grader bug, simulated: the worker process dies
            os._exit(3)
        if value == "BREAK-THE-GRADER":  # a grader bug, simulated: it raises, naming a path
            raise RuntimeError(f"a grader bug, simulated, in {Path(__file__).resolve()}")
        if part == "count" and (isinstance(value, bool) or not isinstance(value, int)):
            return f"expected an int, got {type(value).__name__}"
        if part == "sort" and not isinstance(value, list | tuple):
            return f"expected a list, got {type(value).__name__}"
        return None

    def describe(self, part: str, expected: Any, actual: Any) -> list[str]:
        return [f"FAKE: expected {expected!r}, got {actual!r}"]

    # ProgramIO
    def program_input(self, case: Case) -> str:
        return "".join(f"{card}\n" for card in case.args[0])

    def program_args(self, case: Case) -> Sequence[str]:
        return [case.part]

    def parse_program_output(self, part: str, text: str) -> Any:
        words = text.split()
        if part == "count":
            if len(words) != 1 or not words[0].isdigit():
                raise ValueError(f"expected one number, found {text.strip()[:40]!r}")
            return int(words[0])
        return words

    # Views
    def view(self, part: str, args: tuple, expected: Any, actual: Any | None) -> dict | None:
        if actual == "BREAK-THE-VIEW":  # a view its template cannot draw (no "expected")
            return {"kind": "fakecards", "marker": "drawn"}
        return {"kind": "fakecards", "expected": expected, "actual": actual, "marker": "drawn"}

    def template_filters(self) -> Mapping[str, Callable[..., Any]]:
        return {"shout": lambda text: f"{str(text).upper()}!"}

    # Explanation: a count that went wrong is asked card by card; the first card it miscounts
    def probe(self, case: Case, value: Any) -> Probe | None:
        if case.part != "count":
            return None
        return Probe("count_red", tuple(([card],) for card in case.args[0]))

    def first_divergence(self, case: Case, value: Any, answers: ProbeAnswers | None) -> dict | None:
        if answers is None:
            return {"summary": "FAKE: no probe answers", "where": ""}
        for k, (card, (kind, got)) in enumerate(zip(case.args[0], answers, strict=False), 1):
            want = count_red([card])
            if kind != "returned" or got != want:
                return {
                    "summary": f"FAKE: card {k} ({card}) is miscounted",
                    "where": f"card {k}",
                    "rule": "only red cards count",
                    "expected": str(want),
                    "got": str(got),
                    "state_text": [f"cards before it: {case.args[0][: k - 1]}"],
                    "card": k,
                }
        return None

    # FixtureGeneration and Solving
    def fixture_options(self) -> Sequence[click.Option]:
        return (click.Option(["--colour"], default="r", help="The colour of every card."),)

    def generate_fixtures(self, request: FixtureRequest) -> list[Path]:
        out = Path(request.out)
        out.mkdir(parents=True, exist_ok=True)
        colour = request.options.get("colour", "r")
        written = []
        for k in range(request.count):
            path = out / f"{request.part}-{request.seed}-{k}.json"
            path.write_text(json.dumps([f"{colour}{k}"]), encoding="utf-8")
            written.append(path)
        return written

    def solve(self, part: str, path: Path) -> str:
        cards = json.loads(Path(path).read_text(encoding="utf-8"))
        return f"{SOLVERS[part](cards)}\n"

    # Stages: a case named "*-staged" is answered here (the student's child never sees it)
    def run_cases(
        self, submission: Any, cases: Sequence[Case], limits: Any, isolation: str, jobs: int = 1
    ) -> Mapping[int, Outcome]:
        return {
            k: Outcome(k, RunStatus.RETURNED, value=case.expected)
            for k, case in enumerate(cases)
            if case.name.endswith("-staged")
        }

    # Review
    def review(
        self, submission: Any, results: Sequence[Any], limits: Any, isolation: str
    ) -> ReviewResult:
        path = Path(submission.folder) / "fake.py"
        if not path.is_file():
            return ReviewResult(["review: a program, not reviewed"])
        if "sorted(" in path.read_text(encoding="utf-8"):
            return ReviewResult(["review: sorted() used; write the sort yourself"], 1.0)
        return ReviewResult(["review: fine"])

    # Commands
    def commands(self) -> Sequence[click.Command]:
        def hello(name: str) -> int:
            if name == "bad":
                raise ValueError("fakecards: bad name")
            click.echo(f"hello {name} from {self.assignment.id}")
            return 3

        return [
            click.Command(
                "hello", callback=hello, params=[click.Option(["--name"], default="world")]
            )
        ]
