"""The four parts: who takes the next turn, and when the game stops.

Parts 1 and 2 return ``(hand, deck, discard)``; parts 3 and 4 return
``(hands, deck, discard)``, everything as tuples.  Arguments may be lists or
tuples; they are copied, never mutated.  ``simulate`` also returns the events
(which rule decided each turn), which fixture generation uses to record what a
fixture covers and feedback uses to explain a game.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from .cards import GAME_WON, REVERSE_SYMBOL, SKIP_SYMBOL, Card, Cards, freeze, is_wild
from .readings import PAGE, Readings
from .rules import Turn, take_turn

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


@dataclass(frozen=True)
class Step:
    """One turn of a game as the reference plays it: who moves, the state before, and what
    the turn did (``turn``, with the state after it for the player's hand). The feedback of a
    failed case replays these with the student's own single-move function."""

    number: int  # 1-based, from the start of the game; a pass counts
    player: int  # 0-based
    hands: Hands  # before the turn
    deck: Cards
    discard: Cards
    turn: Turn
    event: Event

    def after(self) -> tuple[Hands, Cards, Cards]:
        """The state after the turn (hands, deck, discard)."""
        hands = self.hands[: self.player] + (self.turn.hand,) + self.hands[self.player + 1 :]
        return hands, self.turn.deck, self.turn.discard


def steps(
    part: int,
    discard: Sequence[Card],
    deck: Sequence[Card],
    hands: Sequence[Sequence[Card]],
    readings: Readings = PAGE,
) -> Iterator[Step]:
    """The turns part ``part`` (1 to 4) takes, in order, each with the state before it;
    parts 1 and 2 use the first hand only. The last turn of parts 2 and 4 may change
    nothing: the player whose turn it is cannot continue (D9), and the game stops.

    ``readings`` picks the reading of the open rules (the page's decisions by default)."""
    hands_: list[Cards] = [freeze(h) for h in hands]
    deck_, discard_ = freeze(deck), freeze(discard)
    if part in (1, 2):
        hands_ = hands_[:1]
    limit = {1: 1, 2: None, 3: len(hands_), 4: None}[part]
    taken = 0
    player, direction = 0, 1
    # D8: a won game takes no further turns; read the other way, part 3 takes all n of them.
    stop_at_a_win = not (part == 3 and readings.part3_continues_after_a_win)
    while hands_ and (limit is None or taken < limit):
        if stop_at_a_win and (any(not h for h in hands_) or (discard_ and discard_[0] == GAME_WON)):
            return  # D8: somebody has won
        turn = take_turn(hands_[player], deck_, discard_, readings)
        taken += 1
        before = tuple(hands_)
        if not turn.changed and limit is None:
            # parts 2 and 4: the player whose turn it is cannot continue (D9)
            yield Step(
                taken,
                player,
                before,
                deck_,
                discard_,
                turn,
                Event(player, turn.rule, None, 0, None),
            )
            return
        played = turn.card if turn.action == "play" else None
        marker = turn.discard[0] if played is not None and turn.discard[0] != played else None
        if turn.action == "penalty":
            marker = turn.discard[0]
        event = Event(player, turn.rule, played, turn.drawn, marker)
        yield Step(taken, player, before, deck_, discard_, turn, event)
        hands_[player], deck_, discard_ = turn.hand, turn.deck, turn.discard
        player, direction = next_player(player, direction, played, len(hands_))


def simulate(
    part: int,
    discard: Sequence[Card],
    deck: Sequence[Card],
    hands: Sequence[Sequence[Card]],
    readings: Readings = PAGE,
) -> tuple[Hands, Cards, Cards, tuple[Event, ...]]:
    """Play part ``part`` (1 to 4) on all ``hands``; parts 1 and 2 use the first hand only.

    ``readings`` picks the reading of the open rules (the page's decisions by default)."""
    state: tuple[Hands, Cards, Cards] = (
        tuple(freeze(h) for h in (hands[:1] if part in (1, 2) else hands)),
        freeze(deck),
        freeze(discard),
    )
    events: list[Event] = []
    for step in steps(part, discard, deck, hands, readings):
        events.append(step.event)
        state = step.after()
    return state[0], state[1], state[2], tuple(events)


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
