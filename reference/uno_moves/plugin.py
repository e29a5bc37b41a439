"""uno-moves as the grader sees it: fixtures to calls, results to explanations.

This is the assignment's plugin (named in ``assignments/uno-moves/assignment.toml``):
:class:`Plugin` binds the pure functions below to the grader's contract
(:mod:`graders.contract`). It runs in the grader's process only; student code never
imports it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import click

from graders.assignment import Case
from graders.compare import normalise
from graders.contract import (
    AssignmentPlugin,
    FixtureGeneration,
    FixtureRequest,
    ProgramIO,
    SelfCheck,
    Solving,
    Views,
)
from graders.kit.runtime.loader import load_feedback
from graders.paths import assignment_dir

from . import generate as gen
from .formats.solution import format_solution, parse_solution
from .formats.uno_file import Game, UnoFormatError, read_uno
from .parts import simulate

ONE_HAND = ("part01", "part02")

# Whether a result is one at all and what differs: the module students' self-check kits carry
# too (``unograde kit uno-moves``), so the grader and the kit say the same thing.
FEEDBACK_FILE = assignment_dir("uno-moves") / "feedback.py"
FEEDBACK = load_feedback(FEEDBACK_FILE)
check_shape = FEEDBACK.module.check_shape
normalise_piles = FEEDBACK.module.normalise_result
describe = FEEDBACK.module.describe
show_card = FEEDBACK.module.show_card
card_kind = FEEDBACK.module.card_kind


def part_number(part: str) -> int:
    return int(part.removeprefix("part"))


def call_args(part: str, game: Game, source: str = "") -> tuple:
    """The call a part makes on a ``.uno`` game: ``(discard, deck, hand or hands)``.

    Piles and hands arrive as lists of card tuples, as a Python student expects
    (Decision D12); changing them is reported, not punished.
    """
    if part in ONE_HAND:
        if not game.hands:
            raise UnoFormatError(source or "<input>", 1, 1, "at least one hand", "no hands")
        return (list(game.discard), list(game.deck), list(game.hands[0]))
    return (list(game.discard), list(game.deck), [list(h) for h in game.hands])


def load_case(entry: Mapping[str, Any], root: Path) -> Case:
    part = entry["part"]
    game = read_uno(root / entry["input"])
    solution = parse_solution(
        (root / entry["expected"]).read_text(encoding="utf-8"), entry["expected"]
    )
    if part in ONE_HAND:
        expected: Any = (solution.hands[0], solution.deck, solution.discard)
    else:
        expected = (solution.hands, solution.deck, solution.discard)
    # Kept as the comparison sees it (lists), so that a right answer is recognised at once.
    expected = normalise(expected)
    return Case(
        name=entry["name"],
        part=part,
        visibility=entry["visibility"],
        args=call_args(part, game, entry["input"]),
        expected=expected,
        covers=tuple(entry.get("covers", ())),
        input_path=entry["input"],
        expected_path=entry["expected"],
    )


def parse_program_output(part: str, text: str) -> tuple:
    """The solution text a program printed, as the structure a function returns."""
    solution = parse_solution(text, "your output")
    if part in ONE_HAND:
        if len(solution.hands) != 1:
            raise ValueError(f"your output: expected one hand, found {len(solution.hands)}")
        return (solution.hands[0], solution.deck, solution.discard)
    return (solution.hands, solution.deck, solution.discard)


def solve(part: str, path: str | Path) -> str:
    """The solution text the course's program prints for the ``.uno`` file at ``path``."""
    game = read_uno(path)
    call_args(part, game, str(path))
    hands, deck, discard, _ = simulate(part_number(part), game.discard, game.deck, game.hands)
    return format_solution(hands, deck, discard)


def solve_json(part: str, path: str | Path) -> dict:
    game = read_uno(path)
    call_args(part, game, str(path))
    hands, deck, discard, events = simulate(part_number(part), game.discard, game.deck, game.hands)
    return {
        "hands": [[list(c) for c in h] for h in hands],
        "deck": [list(c) for c in deck],
        "discard": [list(c) for c in discard],
        "turns": [
            {
                "player": e.player + 1,
                "rule": e.rule,
                "card": e.card and list(e.card),
                "drawn": e.drawn,
            }
            for e in events
        ],
    }


def generate_fixtures(request: FixtureRequest) -> list[Path]:
    """``unograde fixtures generate uno-moves/partNN``: writes ``.uno`` and ``.solution`` files."""
    part, count, seed, options = request.part, request.count, request.seed, request.options
    fixtures = gen.generate(
        part,
        count,
        seed,
        players=options.get("players"),
        deck_size=options.get("deck_size"),
        hand_size=options.get("hand_size") or 7,
        jobs=request.jobs,
    )
    written = gen.write_fixtures(fixtures, request.out)
    manifest = {
        "assignment": "uno-moves",
        "generated_by": f"unograde fixtures generate uno-moves/{part} --count {count} "
        f"--seed {seed}",
        "cases": gen.manifest_entries(fixtures, ".", public=len(fixtures)),
    }
    path = Path(request.out) / "manifest.json"
    path.write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    return [*written, path]


def view(part: str, args: tuple, expected: Any, actual: Any | None) -> dict:
    """What the HTML report draws: labelled rows of cards, the first divergence flagged."""
    exp = normalise(expected)
    act = normalise(actual) if actual is not None and check_shape(part, actual) is None else None
    rows = []
    if part in ONE_HAND:
        labels = [("hand", exp[0], act[0] if act else None)]
    else:
        labels = [
            (f"hand {k + 1}", h, act[0][k] if act and k < len(act[0]) else None)
            for k, h in enumerate(exp[0])
        ]
    labels += [
        ("discard", exp[2], act[2] if act else None),
        ("deck", exp[1], act[1] if act else None),
    ]
    for label, e, a in labels:
        first = None
        if a is not None and a != e:
            first = next(
                (
                    k
                    for k in range(max(len(a), len(e)))
                    if k >= len(a) or k >= len(e) or a[k] != e[k]
                ),
                None,
            )
        rows.append({"label": label, "expected": e, "actual": a, "first_divergence": first})
    return {"kind": "cards", "rows": rows}


CARD_COLOURS = {"r": "red", "g": "green", "b": "blue", "y": "yellow", "w": "wild", "-": "none"}


def card_colour(card: Any) -> str:
    """The CSS class of a card's colour in ``views/cards.html.j2``."""
    if isinstance(card, list | tuple) and card:
        return CARD_COLOURS.get(str(card[0]), "other")
    return "other"


def card_text(card: Any) -> str:
    """A card as the report prints it: ``('b','5')`` -> ``b5``."""
    if isinstance(card, list | tuple):
        return "".join(str(c) for c in card)
    return str(card)


class Plugin(AssignmentPlugin, ProgramIO, Views, FixtureGeneration, Solving, SelfCheck):
    """uno-moves: four functions (or a program per part) over ``.uno`` games."""

    def load_case(self, entry: Mapping[str, Any], root: Path) -> Case:
        return load_case(entry, root)

    def check_shape(self, part: str, value: Any) -> str | None:
        return check_shape(part, value)

    def normalise_result(self, part: str, value: Any) -> Any:
        """Cards as lists, piles as lists: the form the expectation is kept in."""
        return normalise_piles(part, value)

    def describe(self, part: str, expected: Any, actual: Any) -> list[str]:
        return describe(part, expected, actual)

    def program_input(self, case: Case) -> str:
        """A program reads the ``.uno`` text on standard input..."""
        return (self.assignment.fixtures / case.input_path).read_text(encoding="utf-8")

    def program_args(self, case: Case) -> Sequence[str]:
        """...and is told which part to play (``part01`` .. ``part04``) as its first argument."""
        return [case.part]

    def parse_program_output(self, part: str, text: str) -> Any:
        return parse_program_output(part, text)

    def view(self, part: str, args: tuple, expected: Any, actual: Any | None) -> dict | None:
        return view(part, args, expected, actual)

    def template_filters(self) -> Mapping[str, Callable[..., Any]]:
        return {"card_colour": card_colour, "card_text": card_text}

    def kit_feedback(self) -> Path:
        return FEEDBACK_FILE

    def kit_starters(self) -> Mapping[str, bytes]:
        """``uno.py``: the four functions with their docstrings, each raising until written."""
        return {"uno.py": (self.assignment.folder / "starter" / "uno.py").read_bytes()}

    def kit_notebook(self) -> str | None:
        return "uno.py"  # the page: "A module uno.py (or a notebook)"

    def fixture_options(self) -> Sequence[click.Option]:
        return (
            click.Option(
                ["--players"], type=click.IntRange(1, 50), help="Number of hands (default: random)."
            ),
            click.Option(
                ["--deck-size"], type=click.IntRange(0, 108), help="Cards left in the deck."
            ),
            click.Option(
                ["--hand-size"], type=click.IntRange(0, 30), help="Cards dealt to each hand."
            ),
        )

    def generate_fixtures(self, request: FixtureRequest) -> list[Path]:
        return generate_fixtures(request)

    def solve(self, part: str, path: Path) -> str:
        return solve(part, path)

    def solve_json(self, part: str, path: Path) -> Any:
        return solve_json(part, path)
