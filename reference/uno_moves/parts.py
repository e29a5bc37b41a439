"""The four parts: who takes the next turn, and when the game stops.

Parts 1 and 2 return ``(hand, deck, discard)``; parts 3 and 4 return
``(hands, deck, discard)``, everything as tuples.  Arguments may be lists or
tuples; they are copied, never mutated.  ``simulate`` also returns the events
(which rule decided each turn), which fixture generation uses to record what a
fixture covers and feedback uses to explain a game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import GAME_WON, REVERSE_SYMBOL, SKIP_SYMBOL, Card, Cards, freeze, is_wild
from .readings import PAGE, Readings
from .rules import take_turn

Hands = tuple[Cards, ...]


@dataclass(frozen=True)
class Event:
    """One turn of a simulated game, for coverage and explanations."""

    player: int
    rule: str
    card: Card | None
    drawn: int
    marker: Card | None


def next_player(player: int, direction: int, played: Card | None, n: int) -> tuple[int, int]:
    """Whose turn follows ``player``'s, and the direction after it (seed section 4)."""
    if played is not None and played[1] == REVERSE_SYMBOL:
        direction = -direction
        return (player + direction) % n, direction
    if played is not None and played[1] == SKIP_SYMBOL:
        return (player + 2 * direction) % n, direction
    return (player + direction) % n, direction


def simulate(
    part: int,
    discard: Sequence[Card],
    deck: Sequence[Card],
    hands: Sequence[Sequence[Card]],
    readings: Readings = PAGE,
) -> tuple[Hands, Cards, Cards, tuple[Event, ...]]:
    """Play part ``part`` (1 to 4) on all ``hands``; parts 1 and 2 use the first hand only.

    ``readings`` picks the reading of the open rules (the page's decisions by default)."""
    hands_: list[Cards] = [freeze(h) for h in hands]
    deck_, discard_ = freeze(deck), freeze(discard)
    if part in (1, 2):
        hands_ = hands_[:1]
    limit = {1: 1, 2: None, 3: len(hands_), 4: None}[part]
    events: list[Event] = []
    player, direction = 0, 1
    # D8: a won game takes no further turns; read the other way, part 3 takes all n of them.
    stop_at_a_win = not (part == 3 and readings.part3_continues_after_a_win)
    while hands_ and (limit is None or len(events) < limit):
        if stop_at_a_win and (any(not h for h in hands_) or (discard_ and discard_[0] == GAME_WON)):
            break  # D8: somebody has won
        turn = take_turn(hands_[player], deck_, discard_, readings)
        if not turn.changed and limit is None:
            events.append(Event(player, turn.rule, None, 0, None))
            break  # parts 2 and 4: the player whose turn it is cannot continue (D9)
        played = turn.card if turn.action == "play" else None
        marker = turn.discard[0] if played is not None and turn.discard[0] != played else None
        if turn.action == "penalty":
            marker = turn.discard[0]
        events.append(Event(player, turn.rule, played, turn.drawn, marker))
        hands_[player], deck_, discard_ = turn.hand, turn.deck, turn.discard
        player, direction = next_player(player, direction, played, len(hands_))
    return tuple(hands_), deck_, discard_, tuple(events)


def coverage(events: Sequence[Event], players: int) -> list[str]:
    """Names of the rules and situations a game exercised (for the fixture manifest)."""
    seen: set[str] = set()
    for e in events:
        seen.add(e.rule)
        if e.card is not None and is_wild(e.card) and e.rule in ("colour", "symbol"):
            seen.add(f"wild-matched-by-{e.rule}")
        if e.card is not None and players > 1:
            if e.card[1] == SKIP_SYMBOL:
                seen.add("skip")
            if e.card[1] == REVERSE_SYMBOL:
                seen.add("reverse")
        if e.marker is not None and e.card is not None and is_wild(e.card):
            if e.marker == GAME_WON:
                seen.add("marker-game-won")
            elif e.marker == ("r", "-"):
                seen.add("marker-red-or-only-wilds")
            else:
                seen.add("marker-colour")
        if e.rule.startswith("penalty") and e.drawn == 0:
            seen.add("penalty-empty-deck")
    return sorted(seen)


def onePlayerOneMove(
    discard: Sequence[Card], deck: Sequence[Card], hand: Sequence[Card]
) -> tuple[Cards, Cards, Cards]:
    """Part 1: the holder of ``hand`` takes one turn."""
    hands, deck_, discard_, _ = simulate(1, discard, deck, [hand])
    return hands[0], deck_, discard_


def onePlayerManyMoves(
    discard: Sequence[Card], deck: Sequence[Card], hand: Sequence[Card]
) -> tuple[Cards, Cards, Cards]:
    """Part 2: one player takes turns until the hand is empty or nothing can be done (D9)."""
    hands, deck_, discard_, _ = simulate(2, discard, deck, [hand])
    return hands[0], deck_, discard_


def manyPlayersOneMove(
    discard: Sequence[Card], deck: Sequence[Card], hands: Sequence[Sequence[Card]]
) -> tuple[Hands, Cards, Cards]:
    """Part 3: with n hands, n turns are taken, starting with the first hand (D10)."""
    hands_, deck_, discard_, _ = simulate(3, discard, deck, hands)
    return hands_, deck_, discard_


def manyPlayersManyMoves(
    discard: Sequence[Card], deck: Sequence[Card], hands: Sequence[Sequence[Card]]
) -> tuple[Hands, Cards, Cards]:
    """Part 4: turns until a hand is empty or the player to move cannot continue (D9)."""
    hands_, deck_, discard_, _ = simulate(4, discard, deck, hands)
    return hands_, deck_, discard_
