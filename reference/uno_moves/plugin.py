"""uno-moves as the grader sees it: fixtures to calls, results to explanations.

This is the assignment's plugin (named in ``assignments/uno-moves/assignment.toml``):
:class:`Plugin` binds the pure functions below to the grader's contract
(:mod:`graders.contract`). It runs in the grader's process only; student code never
imports it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import click

from graders.contract import (
    AssignmentPlugin,
    Counterexamples,
    Explanation,
    FixtureGeneration,
    ProgramIO,
    SelfCheck,
    Solving,
    Views,
)
from graders.paths import assignment_dir
from graders.views import MAX_PILES, aligned_pile, cut_piles, plain_pile
from graders.vocabulary import Case, FixtureRequest, Probe, ProbeAnswers
from unokit.compare import normalise
from unokit.loader import load_feedback

from . import counterexample, explain
from . import generate as gen
from .formats.solution import format_solution, parse_solution
from .formats.uno_file import Game, UnoFormatError, format_uno, read_uno
from .parts import simulate

ONE_HAND = ("part01", "part02")

# Whether a result is one at all and what differs: the module students' self-check kits carry
# too (``unograde kit uno-moves``), so the grader and the kit say the same thing. The plugin's
# check_shape, check_size, normalise_result, describe, show_input and parse_program_output are
# the contract's defaults, which call this module's functions of those names.
FEEDBACK_FILE = assignment_dir("uno-moves") / "feedback.py"
FEEDBACK = load_feedback(FEEDBACK_FILE)
check_shape = FEEDBACK.module.check_shape
describe = FEEDBACK.module.describe
show_card = FEEDBACK.module.show_card
card_kind = FEEDBACK.module.card_kind
card_text = FEEDBACK.module.card_text
_piles = FEEDBACK.module.piles


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
    """What the HTML report draws: the input (start state), then each pile expected and
    returned card under card, every difference marked (``graders.views.aligned_pile``)."""
    exp = normalise(expected)
    act = normalise(actual) if actual is not None and check_shape(part, actual) is None else None
    piles = []
    mine = dict(_piles(part, act)) if act is not None else {}
    drawn = set()
    for label, pile in _piles(part, exp):
        got = mine.get(label, [] if act is not None else None)
        piles.append(aligned_pile(label, pile, got, card_text, card_colour))
        drawn.add(label)
    if act is not None:  # hands the student returned that no expected hand matches
        extra = [(label, pile) for label, pile in _piles(part, act) if label not in drawn]
        room = max(0, MAX_PILES - len(piles))
        piles += [
            aligned_pile(label, [], pile, card_text, card_colour) for label, pile in extra[:room]
        ]
        if len(extra) > room:
            piles.append(cut_piles(len(extra) - room, "more hands of yours not drawn"))
    discard, deck, first = args
    given = [
        plain_pile(label, pile, card_text, card_colour)
        for label, pile in _piles(part, (first, deck, discard))
    ]
    return {"kind": "cards", "piles": piles, "given": given}


CARD_COLOURS = {"r": "red", "g": "green", "b": "blue", "y": "yellow", "w": "wild", "-": "none"}


def card_colour(card: Any) -> str:
    """The CSS class of a card's colour in ``views/cards.html.j2``."""
    if isinstance(card, list | tuple) and card:
        return CARD_COLOURS.get(str(card[0]), "other")
    return "other"


class Plugin(
    AssignmentPlugin,
    ProgramIO,
    Views,
    Explanation,
    Counterexamples,
    FixtureGeneration,
    Solving,
    SelfCheck,
):
    """uno-moves: four functions (or a program per part) over ``.uno`` games."""

    MAX_GAMES = 256

    def __init__(self, assignment: Any) -> None:
        super().__init__(assignment)
        self._games: dict[int, tuple[Any, str, list]] = {}

    def _game(self, case: Case) -> list:
        """The reference's turns for ``case`` (kept: ``probe`` and ``first_divergence`` both
        need them, and a class fails the same cases again and again). Kept by the identity
        of the case's arguments, which the entry holds on to, like the sandbox's frames."""
        key = id(case.args)
        found = self._games.get(key)
        if found is None or found[0] is not case.args or found[1] != case.part:
            if len(self._games) >= self.MAX_GAMES:
                self._games.clear()
            found = (case.args, case.part, explain.game_steps(case.part, case.args))
            self._games[key] = found
        return found[2]

    def probe(self, case: Case, value: Any) -> Probe | None:
        """Parts 2-4: the student's ``onePlayerOneMove`` on the state before each turn of the
        reference's game, in the reference's turn order."""
        if case.part not in explain.EXPLAINED_PARTS:
            return None
        game = self._game(case)
        return Probe(explain.SINGLE_MOVE, explain.probe_calls(game), explain.probe_expected(game))

    def first_divergence(self, case: Case, value: Any, answers: ProbeAnswers | None) -> dict | None:
        """The first turn whose move departs from the rules (see ``explain``)."""
        if case.part not in explain.EXPLAINED_PARTS or answers is None:
            return None
        return explain.first_divergence(case.part, self._game(case), answers, value)

    def fresh_cases(self, part: str, seed: str, failed: Sequence[Case]) -> Iterator[Case]:
        """Small fresh games from the fixtures' generator (``counterexample``)."""
        return counterexample.fresh_cases(part, seed, failed)

    def shrink(self, case: Case) -> Iterator[Case]:
        return counterexample.shrink(case)

    def size_words(self, case: Case) -> str:
        return counterexample.size_words(case)

    def load_case(self, entry: Mapping[str, Any], root: Path) -> Case:
        return load_case(entry, root)

    def program_input(self, case: Case) -> str:
        """A program reads the ``.uno`` text on standard input..."""
        return (self.assignment.fixtures / case.input_path).read_text(encoding="utf-8")

    def program_args(self, case: Case) -> Sequence[str]:
        """...and is told which part to play (``part01`` .. ``part04``) as its first argument."""
        return [case.part]

    def call_input(self, part: str, args: tuple) -> str | None:
        """A probe's ``onePlayerOneMove(discard, deck, hand)`` as the ``.uno`` file a part 1
        program reads: that one hand (parts 1 and 2 play the file's first hand)."""
        if part not in ONE_HAND or len(args) != 3:
            return None
        discard, deck, hand = args
        return format_uno(Game([tuple(hand)], tuple(deck), tuple(discard)))

    def view(self, part: str, args: tuple, expected: Any, actual: Any | None) -> dict | None:
        return view(part, args, expected, actual)

    def template_filters(self) -> Mapping[str, Callable[..., Any]]:
        return {"card_colour": card_colour, "card_text": card_text}

    def kit_feedback(self) -> Path:
        return FEEDBACK_FILE

    def kit_starters(self) -> Mapping[str, bytes]:
        """``uno.py``: the four functions with their docstrings, each raising until written;
        ``haskell/``: the course's layout, each part returning the game unchanged."""
        starter = self.assignment.folder / "starter"
        files = {"uno.py": (starter / "uno.py").read_bytes()}
        # The course's Haskell layout: the four part files and the default Helpers.hs.
        for path in sorted((starter / "haskell").glob("*.hs")):
            files[f"haskell/{path.name}"] = path.read_bytes()
        return files

    def kit_support(self) -> Sequence[str]:
        """The solution text's reader, which ``parse_program_output`` reads a program with."""
        return ["solution_text.py"]

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
