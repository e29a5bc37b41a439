"""Reading a deal: the program's input, as text or as tokens.

The input is a run of whitespace-separated card tokens: five cards for player
1, five for player 2, five for player 3, the starting discard card, then the
draw pile from top to bottom (any number of cards, possibly none).  Layout does
not matter.  Every rejection names the token, its position in the input and,
for text, its line and column.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from .cards import Card, parse_card
from .errors import DealError

HAND_SIZE = 5
PLAYERS = 3
MIN_CARDS = PLAYERS * HAND_SIZE + 1  # three hands and the starting discard card

_TOKEN_RE = re.compile(r"\S+")


@dataclass(frozen=True)
class Deal:
    """A validated deal: three hands, the starting discard card, the draw pile (top first)."""

    hands: tuple[tuple[Card, ...], ...]
    discard: Card
    draw_pile: tuple[Card, ...]


def describe_position(position: int) -> str:
    """What the card at 1-based ``position`` of the input is for, in words."""
    if position <= PLAYERS * HAND_SIZE:
        player, index = divmod(position - 1, HAND_SIZE)
        return f"player {player + 1}'s hand, card {index + 1}"
    if position == MIN_CARDS:
        return "the starting discard card"
    return f"draw pile, card {position - MIN_CARDS}"


@dataclass(frozen=True)
class _Token:
    text: str
    position: int
    line: int | None
    column: int | None

    def where(self) -> str:
        place = f"card {self.position} ({describe_position(self.position)})"
        if self.line is not None:
            place += f" at line {self.line}, column {self.column}"
        return place


_CARD_HELP = "a card is a colour R, Y, G or B followed by a number 1-8, such as Y3"


def _cards_from_tokens(tokens: Sequence[_Token]) -> Deal:
    """Check every token, then the count and uniqueness; build the deal."""
    cards: list[Card] = []
    first_seen: dict[Card, _Token] = {}
    for token in tokens:
        card = parse_card(token.text)
        if card is None:
            raise DealError(
                f"{token.where()}: {token.text!r} is not a card; {_CARD_HELP}",
                token=token.text,
                position=token.position,
                line=token.line,
                column=token.column,
            )
        if card in first_seen:
            raise DealError(
                f"{token.where()}: {token.text!r} appears a second time (first as card "
                f"{first_seen[card].position}); the deck has one of each card",
                token=token.text,
                position=token.position,
                line=token.line,
                column=token.column,
            )
        first_seen[card] = token
        cards.append(card)
    if len(cards) < MIN_CARDS:
        raise DealError(
            f"the deal has {len(cards)} card{'s' if len(cards) != 1 else ''}; it needs at "
            f"least {MIN_CARDS}: five for each of the three players and the starting discard card",
            position=len(cards) + 1,
        )
    hands = tuple(tuple(cards[p * HAND_SIZE : (p + 1) * HAND_SIZE]) for p in range(PLAYERS))
    return Deal(hands=hands, discard=cards[MIN_CARDS - 1], draw_pile=tuple(cards[MIN_CARDS:]))


def parse_deal(text: str) -> Deal:
    """Read a deal from the program's input text.

    Raises ``DealError`` (naming token, position, line and column) for a token
    that is not a card, a card given twice, or fewer than 16 cards.
    """
    tokens: list[_Token] = []
    line, line_start, scanned = 1, 0, 0
    for index, match in enumerate(_TOKEN_RE.finditer(text), start=1):
        start = match.start()
        newlines = text.count("\n", scanned, start)
        if newlines:
            line += newlines
            line_start = text.rindex("\n", scanned, start) + 1
        scanned = start
        tokens.append(_Token(match.group(), index, line, start - line_start + 1))
    return _cards_from_tokens(tokens)


def deal_from_tokens(
    hands: Sequence[Sequence[str]], discard: str, draw_pile: Sequence[str]
) -> Deal:
    """Build a deal from the function form's arguments (tokens such as ``"Y3"``).

    The arguments are only read, never changed.  Positions in errors count as
    if the same cards had been given as input text, so both forms of the
    assignment report the same place.
    """
    if not _is_sequence(hands) or len(hands) != PLAYERS:
        raise DealError(f"hands: expected {PLAYERS} hands, got {_count(hands)}")
    for player, hand in enumerate(hands, start=1):
        if not _is_sequence(hand) or len(hand) != HAND_SIZE:
            raise DealError(
                f"hands: player {player}'s hand must have {HAND_SIZE} cards, got {_count(hand)}"
            )
    if not isinstance(discard, str):
        raise DealError(f"discard: expected one card token such as 'Y3', got {discard!r}")
    if not _is_sequence(draw_pile):
        raise DealError(f"draw_pile: expected a sequence of card tokens, got {_count(draw_pile)}")
    flat = [card for hand in hands for card in hand] + [discard] + list(draw_pile)
    tokens = []
    for position, text in enumerate(flat, start=1):
        if not isinstance(text, str):
            raise DealError(
                f"card {position} ({describe_position(position)}): {text!r} is not a card "
                f"token; {_CARD_HELP}",
                token=repr(text),
                position=position,
            )
        tokens.append(_Token(text, position, None, None))
    return _cards_from_tokens(tokens)


def _is_sequence(value: object) -> bool:
    return isinstance(value, Sequence) and not isinstance(value, str)


def _count(value: object) -> str:
    """How a wrong argument is described: its length, or what it is instead of a sequence."""
    if _is_sequence(value):
        return str(len(value))  # type: ignore[arg-type]
    if isinstance(value, str):
        return f"one string {value!r}"
    return f"{type(value).__name__} {value!r}"


def format_deal(deal: Deal) -> str:
    """The deal as input text: each hand, the discard card, the draw pile, one per line.

    The draw pile line is empty when the pile is; the text ends with a newline.
    """
    rows = [" ".join(map(str, hand)) for hand in deal.hands]
    rows.append(str(deal.discard))
    rows.append(" ".join(map(str, deal.draw_pile)))
    return "\n".join(rows) + "\n"
