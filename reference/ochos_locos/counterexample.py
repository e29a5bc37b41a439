"""ochos-locos: small fresh deals for a failed hidden case (``contract.Counterexamples``).

A hidden deal that fails shows the student nothing but its name. The grader searches for a
fresh deal, drawn from the full deck as the fixtures' generator draws one (three hands of
five, a starting card, a draw pile), answered by the reference, on which the submission's
game departs from the reference's too, and shrinks it a draw-pile card at a time. Every
deal has the same three hands of five, so "smaller" is a shorter draw pile, then fewer turns.

Nothing here reads a hidden case but its size (draw pile, turns); only the fresh deals are
ever shown.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

from graders.vocabulary import Case

from .cards import FULL_DECK
from .deal import HAND_SIZE, MIN_CARDS, PLAYERS, Deal, deal_from_tokens
from .feedback import FEEDBACK
from .game import play

NAME = "smaller-case"
DEALS_PER_PILE = 24  # fresh deals for each length of the draw pile


def size(args: Sequence[Any]) -> tuple[int, int]:
    """A deal's draw pile and the turns the reference's game takes on it."""
    return (len(args[2]), len(play(deal_from_tokens(*args)).turns))


def size_words(case: Case) -> str:
    """ "a draw pile of 3 cards, 9 turns", as the report says it."""
    pile, turns = size(case.args)
    return (
        f"a draw pile of {pile} card{'s' if pile != 1 else ''}, "
        f"{turns} turn{'s' if turns != 1 else ''}"
    )


def fresh_case(deal: Deal) -> Case:
    """A public case on ``deal``, its expectation the reference's game in the form
    ``plugin.load_case`` keeps a fixture's (canonical lines)."""
    args = (
        [[str(c) for c in hand] for hand in deal.hands],
        str(deal.discard),
        [str(c) for c in deal.draw_pile],
    )
    lines = list(play(deal).lines)
    return Case(
        name=NAME,
        part="game",
        visibility="public",
        args=args,
        expected=FEEDBACK.canonical("\n".join(lines) + "\n"),
    )


def _smaller(found: tuple[int, int], bound: tuple[int, int]) -> bool:
    """A shorter draw pile, or as long a one and fewer turns."""
    return found[0] < bound[0] or (found[0] == bound[0] and found[1] < bound[1])


def fresh_cases(part: str, seed: str, failed: Sequence[Case]) -> Iterator[Case]:
    """Fresh deals, shortest draw pile first (and, for each length, fewest turns first), each
    smaller than every failed hidden deal; each drawn from its own ``random.Random`` (the
    submission's digest and the deal's index)."""
    bounds = [size(c.args) for c in failed]
    longest = min((b[0] for b in bounds), default=len(FULL_DECK) - MIN_CARDS)
    index = 0
    for pile in range(0, longest + 1):
        group = []
        for _ in range(DEALS_PER_PILE):
            rng = random.Random(f"ochos-locos/counterexample/{seed}/{index}")
            index += 1
            cards = rng.sample(FULL_DECK, MIN_CARDS + pile)
            hands = tuple(tuple(cards[p * HAND_SIZE : (p + 1) * HAND_SIZE]) for p in range(PLAYERS))
            case = fresh_case(Deal(hands, cards[MIN_CARDS - 1], tuple(cards[MIN_CARDS:])))
            if all(_smaller(size(case.args), b) for b in bounds):
                group.append(case)
        yield from sorted(group, key=lambda c: size(c.args))


def shrink(case: Case) -> Iterator[Case]:
    """The deal with one card of the draw pile left out, for each card (hands and the
    starting card stay: every deal has them)."""
    hands, discard, pile = case.args
    deal = deal_from_tokens(hands, discard, pile)
    for k in range(len(deal.draw_pile)):
        yield fresh_case(
            Deal(deal.hands, deal.discard, deal.draw_pile[:k] + deal.draw_pile[k + 1 :])
        )
