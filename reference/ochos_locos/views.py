"""Per-turn hand views: what the HTML feedback draws for each turn.

The seed's third column shows, after each turn, the hand of the player who
moved, sorted in rainbow order then by number, with the card just played
struck through and a card just drawn underlined.  A view here holds all three
hands after every turn, already in that order and marked, so the renderer
only has to map each card to markup.  ``game_views`` is the expected game;
``replay_views`` replays what a program printed on the same deal, so both
games can be shown side by side up to the point where the program's moves
stop making sense.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import Card, display_key, parse_card
from .deal import PLAYERS, Deal
from .errors import OutputFormatError
from .game import DRAW, Game, play
from .output import parse_output, split_lines


@dataclass(frozen=True)
class HandCard:
    """A card as shown in a hand: ``colour`` is ``red``/``yellow``/``green``/``blue``."""

    card: str
    colour: str
    played: bool = False
    drawn: bool = False


@dataclass(frozen=True)
class TurnView:
    """The state after one turn (``index`` 0 is the starting card, ``seat`` 0 there).

    ``hands`` are the three hands after the turn; the mover's played card is
    still listed (marked ``played``) so it can be struck through.  ``top`` is
    the card on the discard pile afterwards.  ``note`` explains a replay that
    had to stop (empty otherwise).
    """

    index: int
    seat: int
    line: str
    top: str
    hands: tuple[tuple[HandCard, ...], ...]
    note: str = ""


def _show(
    hand: Sequence[Card], played: Card | None = None, drawn: Card | None = None
) -> tuple[HandCard, ...]:
    cards = sorted([*hand, *([played] if played is not None else [])], key=display_key)
    return tuple(
        HandCard(str(c), c.colour_name, played=c == played, drawn=c == drawn) for c in cards
    )


def _start(deal: Deal) -> TurnView:
    hands = tuple(_show(hand) for hand in deal.hands)
    return TurnView(0, 0, f"0: {deal.discard}", str(deal.discard), hands)


def game_views(game: Game | Deal) -> tuple[TurnView, ...]:
    """Views of the expected game: the start, then one per turn (not the NO WINNER line)."""
    if isinstance(game, Deal):
        game = play(game)
    views = [_start(game.deal)]
    top = game.deal.discard
    for turn in game.turns:
        top = turn.played or top
        hands = tuple(
            _show(hand, turn.played, turn.drawn) if seat == turn.seat else _show(hand)
            for seat, hand in enumerate(turn.hands_after, start=1)
        )
        views.append(TurnView(turn.number, turn.seat, turn.line, str(top), hands))
    return tuple(views)


def replay_views(deal: Deal, output: str | Sequence[str]) -> tuple[TurnView, ...]:
    """Views of the game a program printed, replayed on ``deal``.

    The mover is whoever's turn it is (players 1, 2, 3 in order), whatever seat
    the line names.  A printed card is taken from the mover's hand, ``DRAW``
    takes the top of the draw pile (if any).  The replay stops, with a ``note``
    on the last view, at the first line it cannot apply: a malformed line, a
    card the mover does not hold, or a card that does not match the top card.
    Nothing here raises on bad output.
    """
    try:
        turns = parse_output(output)
        problem = ""
    except OutputFormatError as error:
        lines = split_lines(output)
        turns = parse_output(lines[: error.line_number - 1])
        problem = str(error)
    views = [_start(deal)]
    hands = list(deal.hands)
    top = deal.discard
    next_draw = 0
    for index, printed in enumerate(turns[1:], start=1):
        if printed.is_no_winner:
            break
        seat = (index - 1) % PLAYERS
        note, played, drawn = "", None, None
        if printed.move == DRAW:
            if next_draw < len(deal.draw_pile):
                drawn = deal.draw_pile[next_draw]
                next_draw += 1
                hands[seat] = hands[seat] + (drawn,)
        else:
            card = parse_card(printed.move)
            if card is None or card not in hands[seat]:
                note = f"{printed.move} is not in player {seat + 1}'s hand"
            elif card.colour != top.colour and card.number != top.number:
                note = f"{card} does not match the top card {top}"
            else:
                played, top = card, card
                hands[seat] = tuple(c for c in hands[seat] if c != card)
        shown = tuple(
            _show(hand, played, drawn) if i == seat else _show(hand) for i, hand in enumerate(hands)
        )
        views.append(TurnView(index, seat + 1, printed.text, str(top), shown, note))
        if note:
            return tuple(views)
    if problem:
        last = views[-1]
        views[-1] = TurnView(last.index, last.seat, last.line, last.top, last.hands, problem)
    return tuple(views)
