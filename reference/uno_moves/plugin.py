"""uno-moves as the grader sees it: fixtures to calls, results to explanations.

This is the assignment's plugin (named in ``assignments/uno-moves/assignment.toml``):
:class:`Plugin` binds the pure functions below to the grader's contract
(:mod:`graders.contract`). It runs in the grader's process only; student code never
imports it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from itertools import chain
from pathlib import Path
from typing import Any

import click

from graders.assignment import Case
from graders.compare import describe_sequence, normalise, type_name
from graders.contract import (
    AssignmentPlugin,
    Explanation,
    FixtureGeneration,
    FixtureRequest,
    Probe,
    ProbeAnswers,
    ProgramIO,
    Solving,
    Views,
)
from graders.views import aligned_pile, plain_pile

from . import explain
from . import generate as gen
from .cards import is_marker, is_wild
from .formats.solution import format_solution, parse_solution
from .formats.uno_file import Game, UnoFormatError, read_uno
from .parts import simulate

ONE_HAND = ("part01", "part02")


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


def show_card(card: Any) -> str:
    if isinstance(card, list | tuple) and len(card) == 2:
        return f"('{card[0]}','{card[1]}')"
    return repr(card)


def card_kind(card: Any) -> str:
    if isinstance(card, list) and len(card) == 2:
        if tuple(card) == ("-", "-"):
            return "game-won marker"
        if is_marker(tuple(card)):
            return "colour marker"
        if is_wild(tuple(card)):
            return "wild card"
    return "card"


# Tuples and lists are the same thing in a result (they are compared normalised); the shape
# is checked on the value as it came back, without building a normalised copy first.
SEQUENCE = list | tuple


def _is_card(x: Any) -> bool:
    if not isinstance(x, SEQUENCE) or len(x) != 2:
        return False
    a, b = x
    return isinstance(a, str) and isinstance(b, str) and len(a) == 1 and len(b) == 1


_PAIR = frozenset({tuple, list})
_TWO = frozenset({2})
_STR = frozenset({str})
_ONE = frozenset({1})


def _plainly_cards(pile: Any) -> bool:
    """Every item a tuple or list of two 1-character strings, checked by the interpreter's own
    loops (``map``, ``set``) rather than one Python call per card: a class's results hold
    millions of cards.  False means "look card by card", not "wrong"."""
    if type(pile) not in _PAIR or not _PAIR.issuperset(map(type, pile)):
        return False
    if not pile:
        return True
    if not _TWO.issuperset(map(len, pile)):
        return False
    items = list(chain.from_iterable(pile))
    return _STR.issuperset(map(type, items)) and _ONE.issuperset(map(len, items))


def _cards_problem(name: str, value: Any) -> str | None:
    if _plainly_cards(value):
        return None
    if not isinstance(value, SEQUENCE):
        return f"{name}: expected a list of cards, got {type_name(value)}"
    for k, card in enumerate(value, 1):
        if not _is_card(card):
            return (
                f"{name}, card {k}: expected a card such as ('r','5') "
                f"(two 1-character strings), got {normalise(card)!r}"
            )
    return None


def check_shape(part: str, actual: Any) -> str | None:
    """Why ``actual`` cannot be a result of ``part`` at all, or None when its shape is right."""
    value = actual
    first = "hand" if part in ONE_HAND else "hands"
    if not isinstance(value, SEQUENCE) or len(value) != 3:
        return f"expected a tuple ({first}, deck, discard), got {type_name(actual)}"
    if part in ONE_HAND:
        problem = _cards_problem("hand", value[0])
    elif not isinstance(value[0], SEQUENCE):
        problem = f"hands: expected a list of hands, got {type_name(value[0])}"
    else:
        problem = next(
            (p for k, h in enumerate(value[0], 1) if (p := _cards_problem(f"hand {k}", h))),
            None,
        )
    return problem or _cards_problem("deck", value[1]) or _cards_problem("discard", value[2])


def normalise_piles(part: str, value: Any) -> Any:
    """``normalise(value)`` for a result whose shape ``check_shape`` accepted, a pile at a
    time (``list(map(list, pile))`` runs in C); anything else goes through ``normalise``."""
    if not (isinstance(value, SEQUENCE) and len(value) == 3):
        return normalise(value)
    piles = [value[0]] if part in ONE_HAND else value[0]
    if not isinstance(piles, SEQUENCE) or not all(map(_plainly_cards, [*piles, *value[1:]])):
        return normalise(value)
    hands = [list(map(list, pile)) for pile in piles]
    return [
        hands[0] if part in ONE_HAND else hands,
        list(map(list, value[1])),
        list(map(list, value[2])),
    ]


MAX_LINES = 8


def describe(part: str, expected: Any, actual: Any) -> list[str]:
    """Differences in the assignment's terms: hands, discard, deck; first divergence first.

    The first pile that differs gets up to three lines; every later one gets its
    first line only; past ``MAX_LINES`` the rest is named, not listed.
    """
    exp, act = normalise(expected), normalise(actual)
    piles: list[tuple[str, list, list]] = []
    lines: list[str] = []
    if part in ONE_HAND:
        piles.append(("hand", exp[0], act[0]))
    else:
        if len(exp[0]) != len(act[0]):
            lines.append(f"hands: expected {len(exp[0])} hands, got {len(act[0])}")
        pairs = zip(exp[0], act[0], strict=False)
        piles += [(f"hand {k}", e, a) for k, (e, a) in enumerate(pairs, 1)]
    piles += [("discard", exp[2], act[2]), ("deck", exp[1], act[1])]
    unlisted: list[str] = []
    for label, e, a in piles:
        found = describe_sequence(label, e, a, show=show_card, kind=card_kind)
        if not found:
            continue
        room = MAX_LINES - len(lines)
        if room <= 0:
            unlisted.append(label)
            continue
        lines.extend(found[: min(3 if not lines else 1, room)])
    if unlisted:
        lines.append(f"… and differences in {', '.join(unlisted)}")
    return lines


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


def _piles(part: str, value: Any) -> list[tuple[str, Any]]:
    """(label, pile) of a result or an input's form (hand or hands, deck, discard)."""
    first, deck, discard = value
    hands = [first] if part in ONE_HAND else list(first)
    labels = ["hand"] if part in ONE_HAND else [f"hand {k + 1}" for k in range(len(hands))]
    return [*zip(labels, hands, strict=True), ("discard", discard), ("deck", deck)]


def view(part: str, args: tuple, expected: Any, actual: Any | None) -> dict:
    """What the HTML report draws: the input (start state), then each pile expected and
    returned card under card, every difference marked (``graders.views.aligned_pile``)."""
    exp = normalise(expected)
    act = normalise(actual) if actual is not None and check_shape(part, actual) is None else None
    piles = []
    mine = dict(_piles(part, act)) if act is not None else {}
    for label, pile in _piles(part, exp):
        got = mine.get(label, [] if act is not None else None)
        piles.append(aligned_pile(label, pile, got, card_text, card_colour))
    if act is not None:  # hands the student returned that no expected hand matches
        for label, pile in _piles(part, act):
            if label not in {p["label"] for p in piles}:
                piles.append(aligned_pile(label, [], pile, card_text, card_colour))
    discard, deck, first = args
    given = [
        plain_pile(label, pile, card_text, card_colour)
        for label, pile in _piles(part, (first, deck, discard))
    ]
    return {"kind": "cards", "piles": piles, "given": given}


def show_input(part: str, args: tuple) -> list[str]:
    """The start state in the course's short notation, one pile a line."""
    discard, deck, first = args
    lines = []
    for label, pile in _piles(part, (first, deck, discard)):
        suffix = {"discard": ", top first", "deck": ", next first"}.get(label, "")
        cards = " ".join(card_text(c) for c in pile) or "(empty)"
        lines.append(f"{label} ({len(pile)}{suffix}): {cards}")
    return lines


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


class Plugin(AssignmentPlugin, ProgramIO, Views, Explanation, FixtureGeneration, Solving):
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
        return Probe(explain.SINGLE_MOVE, explain.probe_calls(self._game(case)))

    def first_divergence(self, case: Case, value: Any, answers: ProbeAnswers | None) -> dict | None:
        """The first turn whose move departs from the rules (see ``explain``)."""
        if case.part not in explain.EXPLAINED_PARTS or answers is None:
            return None
        return explain.first_divergence(case.part, self._game(case), answers, value)

    def show_input(self, part: str, args: tuple) -> list[str]:
        return show_input(part, args)

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
