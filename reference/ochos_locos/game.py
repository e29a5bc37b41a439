"""Playing a deal to its end: the rules of the seed, turn by turn.

A turn is one line of output.  The player to move counts the cards in hand of
the top card's colour and of its number; more of the number means the number
card first in rainbow order, otherwise (equal or more of the colour) the colour
card with the lowest number; no match at all means DRAW: take the top of the
draw pile, if any, and the turn ends.

Termination: every play moves a card out of the hands for good, and every
draw moves one of at most 16 draw-pile cards into a hand, so only finitely many
turns can play or draw.  The other turns are passes (DRAW with an empty pile),
which change nothing; after three passes in a row every player has failed on
the same top card with the same hand, so the game would repeat forever.  It
ends there, with the final line ``NO WINNER`` (see the assignment's Decisions).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import Card
from .deal import PLAYERS, Deal, deal_from_tokens
from .feedback import FEEDBACK
from .readings import PAGE, Readings

DRAW = "DRAW"
# The output format's two fixed lines, as the feedback module reads them back.
WINNER_MARK: str = FEEDBACK.WINNER_MARK
NO_WINNER: str = FEEDBACK.NO_WINNER


@dataclass(frozen=True)
class Turn:
    """One turn after the starting card.

    ``number`` counts turns from 1 (the starting card's line is turn 0);
    ``seat`` is the player, 1-3; ``played`` is the card played or ``None`` for
    DRAW; ``drawn`` is the card picked up (``None`` if a play, or a pass with an
    empty pile); ``hands_after`` holds all three hands once the turn is over.
    """

    number: int
    seat: int
    played: Card | None
    drawn: Card | None
    winner: bool
    hands_after: tuple[tuple[Card, ...], ...]

    @property
    def line(self) -> str:
        move = DRAW if self.played is None else str(self.played)
        suffix = f" {WINNER_MARK}" if self.winner else ""
        return f"{self.seat}: {move}{suffix}"


@dataclass(frozen=True)
class Game:
    """A deal played out: its turns and how it ended (``winner`` is ``None`` if blocked)."""

    deal: Deal
    turns: tuple[Turn, ...]
    winner: int | None

    @property
    def lines(self) -> tuple[str, ...]:
        """The program's output, one string per line, without newlines."""
        lines = [f"0: {self.deal.discard}"]
        lines.extend(turn.line for turn in self.turns)
        if self.winner is None:
            lines.append(NO_WINNER)
        return tuple(lines)


def choose(hand: Sequence[Card], top: Card) -> Card | None:
    """The card the seed's rule plays from ``hand`` on ``top``, or ``None`` (DRAW)."""
    of_colour = [card for card in hand if card.colour == top.colour]
    of_number = [card for card in hand if card.number == top.number]
    if len(of_number) > len(of_colour):
        return min(of_number, key=lambda card: card.rainbow_rank)
    if of_colour:
        return min(of_colour, key=lambda card: card.number)
    return None


def play(deal: Deal, readings: Readings = PAGE) -> Game:
    """Play ``deal`` to its end; pure, and it always terminates (see the module docstring).

    ``readings`` picks the reading of the open rules (the page's decisions by default); with
    ``play_drawn_card`` a drawn card that matches is played at once, as a line of its own."""
    hands = list(deal.hands)
    top = deal.discard
    next_draw = 0
    passes = 0
    turns: list[Turn] = []
    number = 0
    mover = 0  # turns taken; a drawn card played at once adds a line, not a turn
    while True:
        number += 1
        seat = mover % PLAYERS
        mover += 1
        hand = hands[seat]
        card = choose(hand, top)
        drawn = None
        if card is not None:
            hands[seat] = tuple(c for c in hand if c != card)
            top = card
            passes = 0
        elif next_draw < len(deal.draw_pile):
            drawn = deal.draw_pile[next_draw]
            next_draw += 1
            hands[seat] = hand + (drawn,)
            passes = 0
            if readings.play_drawn_card and choose((drawn,), top) is not None:
                turns.append(Turn(number, seat + 1, None, drawn, False, tuple(hands)))
                number += 1
                card, drawn, top = drawn, None, drawn
                hands[seat] = hand
        else:
            passes += 1
        won = card is not None and not hands[seat]
        turns.append(Turn(number, seat + 1, card, drawn, won, tuple(hands)))
        if won:
            return Game(deal, tuple(turns), seat + 1)
        if passes == PLAYERS:
            return Game(deal, tuple(turns), None)


def ochosLocos(hands: Sequence[Sequence[str]], discard: str, draw_pile: Sequence[str]) -> list[str]:
    """The assignment's function form: the output lines for a deal given as tokens.

    ``hands`` is three 5-card sequences of tokens such as ``"Y3"``; nothing a
    caller passes is changed.  Bad input raises ``DealError`` naming the card.
    """
    return list(play(deal_from_tokens(hands, discard, draw_pile)).lines)
