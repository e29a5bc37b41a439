"""uno-lab: small fresh calls for a failed hidden case (``contract.Counterexamples``).

A hidden case that fails shows the student its name only. The grader searches for a fresh
call of the same task, made by the fixtures' own generator (``fixtures._gen``: desks dealt
from one shuffled deck, hands, cards, moves) and answered by the reference, on which the
submission departs from the reference too; then it shrinks it, a player, a card or a move at
a time. These are the pieces the core's search (``graders/grade/counterexample.py``) asks for.

Only calls whose answer the reference decides alone are searched: a task whose answer a
shuffle decides (``deal``, ``game``), judged by properties, has no one answer to show, and
neither has a property-graded call of another task (a draw from an empty deck, a Wild on a
fresh pile, Naive's colour for a Wild). Those are left out, and said so: the generator's own
``properties`` marks them, and every shrunk call is asked of the reference under several
random sources as well, kept only when they all agree.

Nothing here reads a hidden case but its size (players, cards, moves, numbers): every
candidate is strictly smaller than every failed hidden case of its task, so none is one of
them, and only the candidates are ever shown.
"""

from __future__ import annotations

import copy
import random
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from unolab import CRD, Desk, Player, show

from graders.vocabulary import Case

from .cases import CaseInput, Expected
from .feedback import FEEDBACK
from .fixtures import GENERATED_TASKS, _gen, max_card
from .grading import expected_of_reply, payload
from .notation import Call, parse_call
from .playability import cardsToPlay
from .python_text import python_call, python_string

NAME = "smaller-case"
POOL = 1200  # fresh calls made per part, at most
CHUNK = 300  # made at once, and tried smallest first
ONE_ANSWER_SEEDS = (1, 2, 3)  # random sources a shrunk call must answer alike
RANDOM_TASKS = frozenset({"deal", "game"})  # every answer is a shuffle's: properties only
DRAWS = {"draw": 1, "drawTwo": 2, "drawFour": 4}

RANDOM_TASK = (
    "no smaller case is searched for this task: its answer is random (a shuffle decides it), "
    "so it is judged by properties, and a fresh case would have no one answer to show you"
)
RANDOM_CASE = (
    "no smaller case is searched for this case: its answer is random (a shuffle decides it, "
    "or the lab allows several), so it is judged by properties, and a fresh case would have no "
    "one answer to show you; the task's other cases have one answer, and are searched when "
    "they fail"
)


def tasks_of(part: str) -> tuple[str, ...]:
    """The tasks of ``part`` the fixtures' generator makes calls for (task 10, ``deck``, is a
    constant: none)."""
    return tuple(t for t in GENERATED_TASKS if FEEDBACK.part_of(t) == part)


def searched(part: str) -> bool:
    """A part is searched when its generator makes calls with one answer."""
    return any(t not in RANDOM_TASKS for t in tasks_of(part))


def not_searched(part: str, failed: Sequence[Case]) -> str | None:
    """Why ``failed`` is not searched: the task's answers are all random, or every failed
    case of it is property-graded (its answer is random)."""
    tasks = tasks_of(part)
    if tasks and all(t in RANDOM_TASKS for t in tasks):
        return RANDOM_TASK
    if failed and all(_input_of(c)[1].properties is not None for c in failed):
        return RANDOM_CASE
    return None


def _input_of(case: Case) -> tuple[CaseInput, Expected]:
    """A case's parsed input and expected file (they ride in its ``expected``)."""
    expectation = case.expected
    return expectation.input, expectation.expected


# ---------------------------------------------------------------------------------- sizes

# What a call holds, read from its text in one pass (reading the call into values costs a
# thousand times more, and thousands of calls are sized): a player is a record with a name,
# a move is SIMPLE, ORDER or PASS (the first two hold a card), a card is CRD or a Wild, and
# any other number (not a card's) is an item (the list and the elements of ``precedes``).
_PLAYER = re.compile(r"\bname\s*=")
_MOVE = re.compile(r"\b(SIMPLE|ORDER|PASS)\b")
_CARD = re.compile(r"\b(CRD|WILD_DRAW_FOUR|WILD)\b")
_NUMBER = re.compile(r"(?<![\w.])(?<!NUM )-?\d+\b")


@dataclass(frozen=True)
class Size:
    """How big a call is: its players, cards (hands, piles, lists), moves (a desk's memory,
    a strategy's arguments) and other numbers (``precedes``' list and elements)."""

    players: int = 0
    cards: int = 0
    moves: int = 0
    items: int = 0

    def total(self) -> int:
        return self.players + self.cards + self.moves + self.items

    def below(self, other: Size) -> bool:
        """Smaller: no more players, and fewer things in all (cards, moves, numbers)."""
        return self.players <= other.players and self.total() < other.total()


def size_of(text: str) -> Size:
    """The size of the call ``text`` (in the lab's notation)."""
    moves = _MOVE.findall(text)
    in_moves = sum(m != "PASS" for m in moves)
    return Size(
        players=len(_PLAYER.findall(text)),
        cards=len(_CARD.findall(text)) - in_moves,
        moves=len(moves),
        items=len(_NUMBER.findall(text)),
    )


def size_words(case: Case) -> str:
    """ "3 players, 9 cards, 2 moves", as the report says it (what the call holds)."""
    size = size_of(_input_of(case)[0].call_text)
    words = []
    for count, word in (
        (size.players, "player"),
        (size.cards, "card"),
        (size.moves, "move"),
        (size.items, "number"),
    ):
        if count:
            words.append(f"{count} {word}{'s' if count != 1 else ''}")
    return ", ".join(words)


# ---------------------------------------------------------------------------------- calls


def call_text(function: str, arguments: Sequence[Any]) -> str:
    """A call in the lab's notation, read back by ``parse_call`` as the same call."""
    parts = [function]
    for arg in arguments:
        if arg is FEEDBACK.ADAPTER.op_equal:
            parts.append("(op =)")
        elif isinstance(arg, tuple):
            parts.append(show(arg))
        else:
            parts.append(f"({show(arg)})")
    return " ".join(parts)


def properties_for(task: str, arguments: Sequence[Any]) -> bool:
    """Whether the generator would grade this call by properties (its answer is random, or
    the lab allows several): the fixtures' own conditions, for a call made here."""
    if task in RANDOM_TASKS:
        return True
    if task == "deskNormalize":
        return not isinstance(arguments[0].pile[0], CRD)
    if task in DRAWS:
        return len(arguments[0].deck) < DRAWS[task]
    if task == "Naive":
        return not isinstance(max_card(list(arguments[0][2])), CRD)
    return False


def accepted(task: str, arguments: Sequence[Any]) -> tuple[str, ...]:
    """Another answer the page allows (Decision 3: ``precedes`` of an element not in the
    list may raise IllegalGame, as the course's own test allows)."""
    if task == "precedes" and arguments[2] not in arguments[1]:
        return ("raises IllegalGame",)
    return ()


def reply_of(case_input: CaseInput, call: Call, seed: int | None = None) -> dict:
    """The reference's reply to ``call`` (``case_input``'s, already read), under the random
    source ``seed`` (the case's own when None): the adapter's, in process, on a copy."""
    from reference import uno_lab

    data = payload(replace(case_input, seed=case_input.seed if seed is None else seed))
    return FEEDBACK.ADAPTER.run(uno_lab, data, parsed=copy.deepcopy(call))


def _answer(reply: dict) -> tuple[Any, Any, Any]:
    return reply.get("result"), reply.get("raised"), reply.get("printed")


def one_answer(case_input: CaseInput, call: Call, first: dict) -> bool:
    """The reference answers alike under other random sources: nothing random decides it."""
    return all(_answer(reply_of(case_input, call, s)) == _answer(first) for s in ONE_ANSWER_SEEDS)


def fresh_case(case_input: CaseInput, call: Call, reply: dict, index: int) -> Case:
    """A public case on a fresh call, its expectation the reference's ``reply`` (and what it
    printed, for a task that prints), kept as ``plugin.load_case`` keeps a fixture's."""
    from .plugin import Expectation  # (the plugin imports this module)

    expected = expected_of_reply(case_input.task, reply)
    expected = replace(expected, accept=expected.accept + accepted(call.function, call.arguments))
    key = f"{NAME}-{index}"
    return Case(
        name=NAME,
        part=FEEDBACK.part_of(case_input.task),
        visibility="public",
        args=(payload(case_input, key),),
        expected=Expectation(key, case_input, expected),
    )


def fresh_cases(part: str, seed: str, failed: Sequence[Case]) -> Iterator[Case]:
    """Fresh calls of ``part``'s tasks from the fixtures' generator, with one answer each,
    each smaller than every failed hidden case: made ``CHUNK`` at a time and tried smallest
    first within each (the shrinking that follows makes the one found smaller still). Call
    ``i`` is made with its own ``random.Random`` (the submission's digest, the part, ``i``):
    the same submission is searched the same way, whatever else was graded."""
    tasks = [t for t in tasks_of(part) if t not in RANDOM_TASKS]
    if not tasks:
        return
    bounds = [size_of(_input_of(c)[0].call_text) for c in failed]
    seen: set[str] = set()
    for start in range(0, POOL, CHUNK):
        chunk: list[tuple[int, int, CaseInput]] = []
        for index in range(start, start + CHUNK):
            rng = random.Random(f"uno-lab/counterexample/{seed}/{part}/{index}")
            made = _gen(rng, tasks[index % len(tasks)])
            if made.properties is not None or made.case.call_text in seen:
                continue
            seen.add(made.case.call_text)
            size = size_of(made.case.call_text)
            if all(size.below(b) for b in bounds):
                chunk.append((size.total(), index, made.case))
        for _total, index, case_input in sorted(chunk, key=lambda c: c[:2]):
            call = parse_call(case_input.call_text)
            yield fresh_case(case_input, call, reply_of(case_input, call), index)


# ---------------------------------------------------------------------------------- shrinking


def _without(items: Sequence[Any], k: int) -> list[Any]:
    return [*items[:k], *items[k + 1 :]]


def _smaller_desks(desk: Desk) -> Iterator[Desk]:
    """A player left out (two stay), then a card of a hand, the deck, the pile (its top
    stays), then a move of the memory."""
    players = list(desk.players)
    if len(players) > 2:
        for k in range(len(players)):
            yield replace(desk, players=tuple(_without(players, k)))
    for j, player in enumerate(players):
        for k in range(len(player.cards)):
            shorter = player.setCards(_without(player.cards, k))
            yield replace(desk, players=(*players[:j], shorter, *players[j + 1 :]))
    for k in range(len(desk.deck)):
        yield replace(desk, deck=tuple(_without(desk.deck, k)))
    for k in range(1, len(desk.pile)):
        yield replace(desk, pile=tuple(_without(desk.pile, k)))
    for k in range(len(desk.memo)):
        yield replace(desk, memo=tuple(_without(desk.memo, k)))


def _smaller_values(value: Any) -> Iterator[Any]:
    """Values one step simpler than ``value``: an item of a list left out, or a desk's or a
    player's part (the caller checks each is still a call of the lab)."""
    if isinstance(value, Desk):
        yield from _smaller_desks(value)
    elif isinstance(value, Player):
        for k in range(len(value.cards)):
            yield value.setCards(_without(value.cards, k))
    elif isinstance(value, list):
        for k in range(len(value)):
            yield _without(value, k)
    elif isinstance(value, tuple):
        for k, item in enumerate(value):
            for simpler in _smaller_values(item):
                yield (*value[:k], simpler, *value[k + 1 :])


def _variants(task: str, arguments: tuple) -> Iterator[tuple]:
    """The call's simpler arguments, each kept whole where the lab ties its parts together:
    ``play`` is given the desk's playable cards; Naive's hand, playable cards and card
    counts shrink together; ``askPlayerForCard`` (a player and the strategy's arguments,
    one hand) is not shrunk."""
    if task == "askPlayerForCard":
        return
    if task == "Naive":
        state, hand, playable, top, direction, memo, counts = arguments[0]
        for k in range(len(hand)):
            rest, still = _without(hand, k), list(playable)
            if hand[k] in still:
                still.remove(hand[k])
            if still and rest:
                yield ((state, rest, still, top, direction, memo, [len(rest), *counts[1:]]),)
        return
    for k, arg in enumerate(arguments):
        for simpler in _smaller_values(arg):
            args = (*arguments[:k], simpler, *arguments[k + 1 :])
            if task == "play":
                playable = cardsToPlay(args[0][0])
                if not playable:
                    continue
                args = ((args[0][0], playable),)
            yield args


def shrink(case: Case) -> Iterator[Case]:
    """Calls one step simpler than ``case``'s (a player, a card, a move, an item fewer), each
    a call with one answer whose outcome is of the same kind as the original's (a value, or
    the same lab exception), so that shrinking never leaves the task's contract."""
    case_input, _ = _input_of(case)
    call = parse_call(case_input.call_text)
    kind = _kind(reply_of(case_input, call))
    seen: set[str] = set()
    for args in _variants(call.function, call.arguments):
        if properties_for(call.function, args):
            continue
        text = call_text(call.function, args)
        if text in seen:
            continue
        seen.add(text)
        simpler, simpler_call = replace(case_input, call_text=text), Call(call.function, args)
        reply = reply_of(simpler, simpler_call)
        if _kind(reply) != kind or not one_answer(simpler, simpler_call, reply):
            continue
        yield fresh_case(simpler, simpler_call, reply, len(seen))


def _kind(reply: dict) -> str | None:
    """A reply's kind: None for a value, else the lab exception's name."""
    raised = reply.get("raised")
    return str(raised).split()[0] if raised else None


# ---------------------------------------------------------------------------------- shown


def is_fresh(args: Sequence[Any]) -> bool:
    """Whether a case's arguments are a fresh call's (its key says so)."""
    return bool(args) and isinstance(args[0], dict) and str(args[0].get("key", "")).startswith(NAME)


def show_input(args: Sequence[Any]) -> list[str]:
    """A fresh call as the student writes it: the call in Python (to paste into a test),
    and the typed lines of a manual player, when there are some."""
    data = args[0]
    lines = python_call(parse_call(str(data["call"])), multiline=True).split("\n")
    if data.get("stdin"):
        typed = ", ".join(python_string(str(line)) for line in data["stdin"])
        lines.append(f"what the human player types: {typed}")
    return lines
