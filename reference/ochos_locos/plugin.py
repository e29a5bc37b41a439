"""ochos-locos as the grader sees it: deals to calls or stdin, printed games to turns.

The assignment's plugin (named in ``assignments/ochos-locos/assignment.toml``); it
runs in the grader's process only.  A function submission returns the game's lines;
a program prints them.  Both are read into canonical turn lines (layout never counts:
trailing spaces, blank lines, a missing final newline), compared structurally, and
explained turn by turn: "turn 7 (player 1): expected Y3, got Y8".
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from graders.contract import (
    AssignmentPlugin,
    Counterexamples,
    FixtureGeneration,
    ProgramIO,
    SelfCheck,
    Solving,
    Views,
)
from graders.vocabulary import Case, FixtureRequest

from . import counterexample
from .compare import first_divergence
from .deal import parse_deal
from .feedback import FEEDBACK, FEEDBACK_FILE
from .fixtures import write_fixtures
from .game import play
from .readings import Readings, expected_under
from .solve import solve_text
from .views import game_views, replay_views


def load_case(entry: Mapping[str, Any], root: Path) -> Case:
    deal = parse_deal((root / entry["input"]).read_text(encoding="utf-8"))
    expected = canonical((root / entry["expected"]).read_text(encoding="utf-8"))
    args = (
        [[str(c) for c in hand] for hand in deal.hands],
        str(deal.discard),
        [str(c) for c in deal.draw_pile],
    )
    return Case(
        name=entry["name"],
        part=entry["part"],
        visibility=entry["visibility"],
        args=args,
        expected=expected,
        covers=tuple(entry.get("covers", ())),
        input_path=entry["input"],
        expected_path=entry["expected"],
    )


# The plugin's check_shape, check_size, normalise_result, describe and parse_program_output
# are the contract's defaults: the feedback module's functions of those names.
canonical = FEEDBACK.canonical


class Accepted:
    """Cases' expectations with the games the handout's other readings play (Decision 4),
    worked out with the reference once per case and process: the grader judges by them, and
    a kit's public cases carry them."""

    def __init__(self) -> None:
        self.games: dict[str, list[list[str]]] = {}

    def of(self, case: Case) -> dict[str, Any]:
        if case.name not in self.games:
            others = {
                tuple(expected_under(case.args, Readings(**{n: True}))) for n in Readings.names()
            }
            self.games[case.name] = [list(g) for g in sorted(others) if list(g) != case.expected]
        return {"lines": case.expected, "accept": self.games[case.name]}


def judge(accepted: Accepted, case: Case, value: Any) -> list[str]:
    """The page's game or another reading's passes (``FEEDBACK.judge``)."""
    return FEEDBACK.judge(replace(case, expected=accepted.of(case)), value)


def view(part: str, args: tuple, expected: Any, actual: Any | None) -> dict:
    """Both games turn by turn, each player's hand after each turn, the divergence marked."""
    from .deal import deal_from_tokens

    deal = deal_from_tokens(args[0], args[1], args[2])
    expected_views = game_views(play(deal))
    actual_views = replay_views(deal, actual) if actual is not None else ()
    first = first_divergence(expected, actual) if actual is not None else None

    def rows(views):
        return [
            {
                "index": v.index,
                "line": v.line,
                "seat": v.seat,
                "note": v.note,
                "hands": [
                    [
                        {"card": c.card, "colour": c.colour, "played": c.played, "drawn": c.drawn}
                        for c in hand
                    ]
                    for hand in v.hands
                ],
            }
            for v in views
        ]

    return {
        "kind": "ochos",
        "expected": rows(expected_views),
        "actual": rows(actual_views),
        "first_divergence": first,
    }


def solve(part: str, path: str | Path) -> str:
    path = Path(path)
    return solve_text(path.read_text(encoding="utf-8"), str(path))


def solve_json(part: str, path: str | Path) -> dict:
    path = Path(path)
    game = play(parse_deal(path.read_text(encoding="utf-8")))
    return {"lines": list(game.lines), "winner": game.winner}


class Plugin(
    AssignmentPlugin, ProgramIO, Views, Counterexamples, FixtureGeneration, Solving, SelfCheck
):
    """ochos-locos: the game's printed lines, from a function or a program in any language."""

    def __init__(self, assignment: Any) -> None:
        super().__init__(assignment)
        self.accepted = Accepted()

    def load_case(self, entry: Mapping[str, Any], root: Path) -> Case:
        return load_case(entry, root)

    def judge(self, case: Case, value: Any) -> list[str]:
        # A fresh deal of the counterexample search is judged once: its readings not kept.
        fresh = case.name == counterexample.NAME
        return judge(Accepted() if fresh else self.accepted, case, value)

    def fresh_cases(self, part: str, seed: str, failed: Sequence[Case]) -> Iterator[Case]:
        """Fresh deals with a shorter draw pile (``counterexample``)."""
        return counterexample.fresh_cases(part, seed, failed)

    def shrink(self, case: Case) -> Iterator[Case]:
        return counterexample.shrink(case)

    def size_words(self, case: Case) -> str:
        return counterexample.size_words(case)

    def program_input(self, case: Case) -> str:
        """The deal file, as the seed's program reads it on standard input."""
        return (self.assignment.fixtures / case.input_path).read_text(encoding="utf-8")

    def view(self, part: str, args: tuple, expected: Any, actual: Any | None) -> dict | None:
        return view(part, args, expected, actual)

    def generate_fixtures(self, request: FixtureRequest) -> list[Path]:
        return write_fixtures(request.out, seed=request.seed, count=request.count)

    def solve(self, part: str, path: Path) -> str:
        return solve(part, path)

    def solve_json(self, part: str, path: Path) -> Any:
        return solve_json(part, path)

    def kit_feedback(self) -> Path:
        """Reading printed games and explaining differences: the file the kit carries."""
        return FEEDBACK_FILE

    def kit_starters(self) -> Mapping[str, bytes]:
        """The function form (``ochos_locos.py``, checked by default) and the program form
        (``main.py``: ``python -m pytest --submission main.py``)."""
        folder = self.assignment.folder / "starter"
        return {name: (folder / name).read_bytes() for name in ("ochos_locos.py", "main.py")}

    def kit_expected(self, case: Case) -> Any:
        """The page's game and the games of the other readings (Decision 4), as judged."""
        return self.accepted.of(case)

    def kit_notebook(self) -> str | None:
        return "ochos_locos.py"  # a module submission may be a notebook (Decisions)
