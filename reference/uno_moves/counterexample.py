"""uno-moves: small fresh games for a failed hidden case (``contract.Counterexamples``).

A hidden game that fails shows the student nothing but its name. The grader searches for a
fresh game, dealt by the fixtures' own generator (``generate.random_game``: a shuffled standard
deck, arranged for each scenario, so no card is invented) and answered by the reference, on
which the submission departs from the reference too; then it shrinks it, a player or a card
at a time. These are the pieces the core's search (``graders/grade/counterexample.py``) asks
for: the candidates, smallest first; the simpler variants of a game; its size in words.

Nothing here reads a hidden case but its size (players, cards): every candidate is smaller
than every failed hidden case of its part, and only the candidates are ever shown.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

from graders.vocabulary import Case
from unokit.compare import normalise

from .cards import GAME_WON, Card, is_marker, is_wild
from .generate import SCENARIOS, random_game
from .parts import simulate

ONE_HAND = ("part01", "part02")
# The fewest hands a part's games have: parts 3 and 4 are games of several players.
FEWEST_PLAYERS = {"part01": 1, "part02": 1, "part03": 2, "part04": 2}
MOST_PLAYERS = 5  # candidates have at most this many hands (a bug of turn order shows by 3)
HAND_SIZES = range(1, 6)
DECK_SIZES = range(0, 7)
GAMES_PER_SHAPE = 2  # per scenario, for each (players, hand size, deck size)
NAME = "smaller-case"


def hands_of(part: str, args: Sequence[Any]) -> list[list[Card]]:
    """The hands of a call ``(discard, deck, hand or hands)``."""
    first = args[2]
    return [list(first)] if part in ONE_HAND else [list(h) for h in first]


def cards_in(part: str, args: Sequence[Any]) -> int:
    """Every card of a call: the discard pile, the deck, the hands."""
    return len(args[0]) + len(args[1]) + sum(map(len, hands_of(part, args)))


def turns_in(part: str, args: Sequence[Any]) -> int:
    """The turns the reference's game takes on a call."""
    discard, deck, _ = args
    return len(simulate(int(part[-1]), discard, deck, hands_of(part, args))[3])


def size(part: str, args: Sequence[Any]) -> tuple[int, int, int]:
    """How big a game is, in the order a simpler one is preferred: hands, cards, turns."""
    return (len(hands_of(part, args)), cards_in(part, args), turns_in(part, args))


def size_words(case: Case) -> str:
    """ "2 hands, 7 cards, 3 turns", as the report says it."""
    hands, cards, turns = size(case.part, case.args)
    return (
        f"{hands} hand{'s' if hands != 1 else ''}, {cards} card{'s' if cards != 1 else ''}, "
        f"{turns} turn{'s' if turns != 1 else ''}"
    )


def fresh_case(part: str, discard: Sequence[Card], deck: Sequence[Card], hands: Sequence) -> Case:
    """A public case of ``part`` on a fresh game, its expectation the reference's answer in
    the form ``plugin.load_case`` keeps a fixture's (normalised: lists)."""
    discard_, deck_ = [tuple(c) for c in discard], [tuple(c) for c in deck]
    hands_ = [[tuple(c) for c in h] for h in hands]
    end_hands, end_deck, end_discard, _ = simulate(int(part[-1]), discard_, deck_, hands_)
    if part in ONE_HAND:
        args: tuple = (discard_, deck_, hands_[0])
        expected: Any = (end_hands[0], end_deck, end_discard)
    else:
        args = (discard_, deck_, hands_)
        expected = (end_hands, end_deck, end_discard)
    return Case(name=NAME, part=part, visibility="public", args=args, expected=normalise(expected))


def valid(part: str, discard: Sequence[Card], deck: Sequence[Card], hands: Sequence) -> bool:
    """Could the fixtures' generator have dealt this game (up to cards left out)? The
    discard pile ends in a plain coloured card, a colour marker lies only on a Wild, a
    Wild lies bare only on top; no marker in a hand or the deck; enough hands for the part."""
    if len(hands) < FEWEST_PLAYERS[part] or not discard:
        return False
    bottom = discard[-1]
    if is_wild(bottom) or bottom[1] in ("d", "-") or bottom == GAME_WON:
        return False
    for k, card in enumerate(discard):
        if card == GAME_WON:
            return False
        if is_marker(card) and not (k + 1 < len(discard) and is_wild(discard[k + 1])):
            return False
        if is_wild(card) and k > 0 and not is_marker(discard[k - 1]):
            return False
    loose = [*deck, *(c for h in hands for c in h)]
    return not any(c[1] == "-" and not is_wild(c) for c in loose)


def fresh_cases(part: str, seed: str, failed: Sequence[Case]) -> Iterator[Case]:
    """Fresh games of ``part`` from the fixtures' generator, smallest first, each with fewer
    cards and no more hands than every failed hidden case of ``failed``. Each is dealt from
    its own ``random.Random`` (the submission's digest, the part, its index): the same
    submission gets the same games, whatever else was graded."""
    most_hands = min((len(hands_of(part, c.args)) for c in failed), default=MOST_PLAYERS)
    most_cards = min((cards_in(part, c.args) for c in failed), default=10**6) - 1
    fewest = FEWEST_PLAYERS[part]
    players = range(fewest, min(MOST_PLAYERS, most_hands) + 1) if part not in ONE_HAND else [1]
    shapes = sorted(
        ((p, h, d) for p in players for h in HAND_SIZES for d in DECK_SIZES),
        key=lambda s: (s[0] * s[1] + s[2], s[0], s[2]),
    )
    index = 0
    for p, h, d in shapes:
        group = []
        for _ in range(GAMES_PER_SHAPE):
            for scenario in SCENARIOS:
                rng = random.Random(f"uno-moves/counterexample/{seed}/{part}/{index}")
                index += 1
                game = random_game(rng, scenario, p, h, d)
                if not valid(part, game.discard, game.deck, game.hands):
                    continue
                case = fresh_case(part, game.discard, game.deck, game.hands)
                if cards_in(part, case.args) <= most_cards:
                    group.append(case)
        # Within a shape, the games the generator's scenarios made larger come later.
        yield from sorted(group, key=lambda c: size(part, c.args))


def shrink(case: Case) -> Iterator[Case]:
    """Games one step simpler than ``case``'s, each still one the generator could deal: a
    hand left out, then one card left out (of the deck, a hand, the discard pile; a colour
    marker with the Wild it lies on), in that order."""
    part = case.part
    discard, deck = list(case.args[0]), list(case.args[1])
    hands = hands_of(part, case.args)
    variants: list[tuple[list, list, list]] = []
    if part not in ONE_HAND:
        variants += [(discard, deck, hands[:k] + hands[k + 1 :]) for k in range(len(hands))]
    variants += [(discard, deck[:k] + deck[k + 1 :], hands) for k in range(len(deck))]
    for j, hand in enumerate(hands):
        for k in range(len(hand)):
            variants.append(
                (discard, deck, [*hands[:j], hand[:k] + hand[k + 1 :], *hands[j + 1 :]])
            )
    for k in range(len(discard)):
        variants.append((discard[:k] + discard[k + 1 :], deck, hands))
        if is_marker(tuple(discard[k])):
            variants.append((discard[:k] + discard[k + 2 :], deck, hands))
    seen = set()
    for d, k, h in variants:
        if not valid(part, [tuple(c) for c in d], [tuple(c) for c in k], h):
            continue
        key = repr((d, k, h))
        if key in seen:
            continue
        seen.add(key)
        yield fresh_case(part, d, k, h)
