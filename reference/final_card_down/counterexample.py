"""final-card-down: small fresh scenarios for a failed hidden one (``contract.Counterexamples``).

A hidden scenario that fails shows the student its name only. The grader searches for a
fresh scenario, dealt and played the way the fixtures' generator plays one (``scenario_gen``:
a deck weighted towards the special cards, plausible moves, the queries after each) but on
the smallest decks and with the fewest moves first, on which the submission's answers depart
from the reference's too; then it shrinks it: the steps after the first difference cut off,
the queries before it left out, a move or a card of the draw pile left out.

Every answer expected is the reference's *under the submission's reading* of the open rules
(D1, D2, D4): the failed cases the search is given were judged under it (the plugin's
``interpret`` puts its switches on each, ``readings``), so the fresh ones are played and
answered under the same switches, and carry them too (for the explanation of the one found).
A scenario whose moves that reading refuses, or whose query the reference refuses, is never
made: a fresh case stays within the ADT's contract.

Only the ADT's scenarios are searched: the test-suite parts are answered by the plugin itself
(``Stages``: the student's suite run against the reference and the mutants), and say so.
Nothing here reads a hidden case but its size (deck, moves, steps) and its reading; only the
fresh scenarios are ever shown.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

from graders.vocabulary import Case

from . import game as G
from .game.readings import Readings
from .reading import SR, describe, reading_of
from .scenario_format import ScenarioBuilder
from .scenario_gen import _SPECIAL_WEIGHT, _turn_queries, play_moves

NAME = "smaller-case"
ADT_PART = "adt"
DECKS = (30, 31, 32, 34, 36, 40)  # the fewest cards a deck may have (FAQ) come first
SCENARIOS_PER_SHAPE = 3  # for each (moves, deck size)
MOST_MOVES = 40  # a fresh scenario plays this many moves at most

SUITE = (
    "no smaller case is searched for this part: it grades your test suite, which the grader "
    "runs itself on the reference and on broken ADTs; no input of yours can be made smaller"
)


def not_searched(part: str, failed: Sequence[Case]) -> str | None:
    """The test-suite parts (``Stages``) are not searched; the ADT's scenarios are."""
    return None if part == ADT_PART else SUITE


def switches_of(failed: Sequence[Case]) -> tuple[str, ...]:
    """The reading the failed cases were judged under (``interpret`` gives all of a
    submission's scenarios the same one; none when it is the page's)."""
    for case in failed:
        return tuple(case.args[0].get("readings", ()))
    return ()


def readings_of(switches: Sequence[str]) -> Readings:
    return Readings(**{name: True for name in switches})


# ---------------------------------------------------------------------------------- sizes


def size(scenario: dict[str, Any]) -> tuple[int, int, int]:
    """How big a scenario is: its deck, its moves, its steps (moves and queries)."""
    steps = scenario["steps"]
    moves = sum("q" not in step for step in steps)
    return (len(scenario["deck"]), moves, len(steps))


def below(mine: tuple[int, int, int], theirs: tuple[int, int, int]) -> bool:
    """Smaller: no more cards in the deck, no more moves, and fewer of all three."""
    return mine[0] <= theirs[0] and mine[1] <= theirs[1] and sum(mine) < sum(theirs)


def size_words(case: Case) -> str:
    """ "a deck of 30 cards, 3 moves, 12 steps", as the report says it."""
    deck, moves, steps = size(case.args[0])
    return (
        f"a deck of {deck} cards, {moves} move{'s' if moves != 1 else ''}, "
        f"{steps} step{'s' if steps != 1 else ''}"
    )


# ---------------------------------------------------------------------------------- cases


def fresh_case(scenario: dict[str, Any], switches: Sequence[str]) -> Case | None:
    """A public case on ``scenario`` (stripped of any expectation), its expectation the
    reference's answers under ``switches``; None when that reading refuses one of its moves
    or the reference one of its queries (outside the ADT's contract)."""
    stripped = SR.strip_expectations(scenario)
    answers = SR.answers(reading_of(readings_of(switches)), stripped)
    if len(answers) != len(stripped["steps"]) + 1 or any(isinstance(a, dict) for _, a in answers):
        return None
    args = {**stripped, "readings": list(switches)} if switches else stripped
    return Case(name=NAME, part=ADT_PART, visibility="public", args=(args,), expected=answers)


def scenario(rng: random.Random, deck_size: int, moves: int, readings: Readings) -> dict:
    """A scenario as the fixtures' generator makes one, on a deck of ``deck_size`` cards
    (weighted towards the special cards) with ``moves`` moves at most, played and answered
    under ``readings``."""
    colors = rng.sample(list(G.Color), rng.choice((2, 3, 5)))
    values = list(G.Value)[:16]
    weights = [_SPECIAL_WEIGHT.get(v, 1) for v in values]
    deck = [
        G.Card(rng.choices(values, weights)[0], rng.choice(colors), rng.choice(list(G.Suit)))
        for _ in range(deck_size)
    ]
    game = G.newGame(
        len(deck),
        [c.value for c in deck],
        [c.color for c in deck],
        [c.suit for c in deck],
        readings=readings,
    )
    s = ScenarioBuilder(
        NAME,
        "A fresh scenario, made for a failed hidden one.",
        [NAME],
        [str(c) for c in deck],
    )
    _turn_queries(s, rng, game)
    play_moves(s, rng, game, moves)
    return s.to_dict()


def fresh_cases(part: str, seed: str, failed: Sequence[Case]) -> Iterator[Case]:
    """Fresh scenarios, fewest moves first (and, for as many, the smallest deck), each
    smaller than every failed hidden scenario, played under the reading they were judged
    by. Each is made with its own ``random.Random`` (the submission's digest, the shape,
    its index): the same submission is searched the same way."""
    if part != ADT_PART:
        return
    switches = switches_of(failed)
    readings = readings_of(switches)
    bounds = [size(c.args[0]) for c in failed]
    most = min((b[1] for b in bounds), default=MOST_MOVES)
    smallest_deck = min((b[0] for b in bounds), default=max(DECKS))
    seen: set[str] = set()
    for moves in range(0, min(MOST_MOVES, most) + 1):
        group = []
        for deck_size in (d for d in DECKS if d <= smallest_deck):
            for k in range(SCENARIOS_PER_SHAPE):
                rng = random.Random(
                    f"final-card-down/counterexample/{seed}/{moves}/{deck_size}/{k}"
                )
                made = scenario(rng, deck_size, moves, readings)
                key = repr((made["deck"], made["steps"]))
                if key in seen or not all(below(size(made), b) for b in bounds):
                    continue
                seen.add(key)
                case = fresh_case(made, switches)
                if case is not None:
                    group.append(case)
        yield from sorted(group, key=lambda c: size(c.args[0]))


# ---------------------------------------------------------------------------------- shrinking


def _variants(data: dict[str, Any]) -> Iterator[tuple[list, list]]:
    """(deck, steps) one step simpler, the most reduced first: the steps cut short (after
    the first difference nothing counts), only the moves and the last step kept, a move
    left out, a card of the draw pile left out (the deck keeps its 30 cards)."""
    deck, steps = list(data["deck"]), list(data["steps"])
    for end in range(len(steps)):
        yield deck, steps[:end]
    if steps:
        yield deck, [s for s in steps[:-1] if "q" not in s] + steps[-1:]
    for k, step in enumerate(steps):
        if "q" not in step:
            yield deck, steps[:k] + steps[k + 1 :]
    dealt = G.NUM_PLAYERS * G.HAND_SIZE + 1
    if len(deck) > G.MIN_DECK_SIZE:
        for k in range(len(deck) - 1, dealt - 1, -1):
            yield deck[:k] + deck[k + 1 :], steps


def shrink(case: Case) -> Iterator[Case]:
    """Scenarios one step simpler than ``case``'s, each answered by the reference under the
    same reading (one it refuses is left out)."""
    data = case.args[0]
    switches = tuple(data.get("readings", ()))
    seen = {repr((list(data["deck"]), list(data["steps"])))}  # (never the case itself again)
    for deck, steps in _variants(data):
        key = repr((deck, steps))
        if key in seen:
            continue
        seen.add(key)
        simpler = fresh_case({**data, "deck": deck, "steps": steps}, switches)
        if simpler is not None:
            yield simpler


# ---------------------------------------------------------------------------------- shown


def is_fresh(args: Sequence[Any]) -> bool:
    """Whether a case's arguments are a fresh scenario's (its name says so)."""
    return bool(args) and isinstance(args[0], dict) and args[0].get("name") == NAME


def show_input(args: Sequence[Any]) -> list[str]:
    """A fresh scenario whole, as the student replays it: every card of the deck (top
    first) and every step, so that it can be written down as a test."""
    data = args[0]
    deck = [str(card) for card in data["deck"]]
    lines = [f"newGame with a deck of {len(deck)} cards, top first:"]
    lines += ["  " + ", ".join(deck[k : k + 6]) for k in range(0, len(deck), 6)]
    lines += [f"step {k}: {SR.step_label(step)}" for k, step in enumerate(data["steps"])]
    if data.get("readings"):
        lines.append(f"(answered under your reading: {describe(readings_of(data['readings']))})")
    return lines
