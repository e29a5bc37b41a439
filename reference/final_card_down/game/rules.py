"""``isValidMove`` and ``playMove``: the rules of a turn.

A turn is: optional call-outs first, then either one draw or one play (more plays
only while the card just played is a CONTINUE), the owed UNO/DUO/TRIO right after
a play, and END_TURN.  A pending DRAW_TWO replaces the draw/play choice with
"play a DRAW_TWO or draw 2 x stack".  Each rule is a small function so the
assignment page can point at it and a mutant can break exactly one of them.
"""

from __future__ import annotations

from dataclasses import replace

from .cards import (
    NO_WINNER,
    NOT_FINISHED,
    NUM_PLAYERS,
    SAY_ACTIONS,
    WORD_FOR_COUNT,
    Action,
    Card,
    Color,
    Direction,
    Move,
    Suit,
    Value,
)
from .errors import InvalidMoveError
from .state import Game, with_move

CALLOUT_PENALTY = 2  # cards the previous player draws when rightly called out
WRONG_CALLOUT_PENALTY = 4  # cards the caller draws when the call-out was wrong
DRAW_TWO_CARDS = 2  # cards per stacked DRAW_TWO


def matches(card: Card, top: Card, color: Color) -> bool:
    """Rule 3: same value, same (effective) colour or same suit; a ZERO is wild."""
    if card.value == Value.ZERO:
        return True
    return card.value == top.value or card.color == color or card.suit == top.suit


def penalty_cards(game: Game) -> int:
    """Cards the current player must draw for the DRAW_TWOs stacked against them."""
    return DRAW_TWO_CARDS * game.penalty


def _as_move(move: object) -> Move | None:
    """A normalised copy of ``move``: unused fields dropped (FAQ), numbers made enums."""
    try:
        action = Action(move.action)  # type: ignore[attr-defined]
    except (AttributeError, ValueError, TypeError):
        return None
    if action != Action.PLAY_CARD:
        return Move(action)
    raw = getattr(move, "card", None)
    try:
        card = Card(Value(raw.value), Color(raw.color), Suit(raw.suit))  # type: ignore[union-attr]
    except (AttributeError, ValueError, TypeError):
        return Move(action)
    if card.value != Value.DECLARE:
        return Move(action, None, card)
    try:
        return Move(action, Color(getattr(move, "nextColor", None)), card)  # type: ignore[arg-type]
    except (ValueError, TypeError):
        return Move(action, None, card)


def why_invalid(game: Game, move: object) -> str | None:
    """The reason ``move`` is not valid now, or None when it is."""
    if game.winner != NOT_FINISHED:
        return "the game is over"
    m = _as_move(move)
    if m is None:
        return f"{move!r} is not a move (it needs an action from Action)"
    if m.action == Action.DRAW_CARD:
        return _why_not_draw(game)
    if m.action == Action.PLAY_CARD:
        return _why_not_play(game, m)
    if m.action == Action.END_TURN:
        return _why_not_end(game)
    return _why_not_say(game, m.action)


def _why_not_draw(game: Game) -> str | None:
    if game.played and not game.readings.draw_after_play:
        return "a card was already played this turn, so the player cannot draw"
    if game.penalty:
        if game.drawn >= penalty_cards(game):
            return f"all {penalty_cards(game)} DRAW_TWO penalty cards are drawn; END_TURN"
        return None
    if game.drawn:
        return "only one card may be drawn per turn"
    return None


def _why_not_play(game: Game, m: Move) -> str | None:
    card = m.card
    if card is None:
        return "PLAY_CARD needs a card"
    if card not in game.hands[game.player]:
        return f"{card} is not in player {game.player}'s hand"
    if game.drawn and not _may_play_after_draw(game):
        return "the player drew this turn, so cannot play"
    if game.played and not game.may_play_again:
        return "only one card per turn, unless the card just played was a CONTINUE"
    if game.penalty and card.value != Value.DRAW_TWO:
        return (
            f"a DRAW_TWO is pending: play a DRAW_TWO or draw {penalty_cards(game)} cards "
            "(a ZERO is not wild here)"
        )
    if not matches(card, game.top, game.effective_color):
        return (
            f"{card} matches neither value, colour ({game.effective_color.name}) nor suit of "
            f"the top discard {game.top}"
        )
    if card.value == Value.DECLARE and m.nextColor is None:
        return "a DECLARE needs nextColor, a Color"
    return None


def _may_play_after_draw(game: Game) -> bool:
    """D1's other reading: one ordinary draw, then still one play (not after penalty draws)."""
    return game.readings.play_after_draw and not game.penalty and game.drawn == 1


def _why_not_end(game: Game) -> str | None:
    if game.played:
        return None
    if game.penalty:
        if game.drawn == penalty_cards(game):
            return None
        return f"draw the {penalty_cards(game)} DRAW_TWO penalty cards (or play a DRAW_TWO) first"
    if game.drawn == 1:
        return None
    return "END_TURN needs a play or a draw first"


def _why_not_say(game: Game, word: Action) -> str | None:
    if game.owed == word:
        return None
    if not game.in_callouts:
        return (
            f"{word.name} is valid only right after a play leaving 1/2/3 cards, "
            "or as a call-out at the very start of a turn"
        )
    if game.prev_player < 0 and not game.readings.callout_in_turn_zero:
        return f"{word.name} as a call-out: nobody has played a turn yet"
    if word in game.called_out:
        return f"{word.name} was already used as a call-out this turn"
    return None


def isValidMove(game: Game, move: Move) -> bool:
    """Whether the current player may make ``move`` now."""
    return why_invalid(game, move) is None


def playMove(game: Game, move: Move) -> Game:
    """The game after the current player makes ``move``; an invalid move raises, changes nothing."""
    reason = why_invalid(game, move)
    if reason is not None:
        raise InvalidMoveError(
            f"invalid move {move} by player {game.player} in turn {game.turn}: {reason}"
        )
    m = _as_move(move)
    assert m is not None
    if m.action == Action.DRAW_CARD:
        # A draw after a play (D31's other reading) is a move after it: an owed word is missed.
        missed = game.missed | {game.owed} if game.owed is not None else game.missed
        drawn = with_move(
            game, m, drawn=game.drawn + 1, in_callouts=False, owed=None, missed=missed
        )
        return _draw(drawn, game.player, 1)
    if m.action == Action.PLAY_CARD:
        return _play(game, m)
    if m.action == Action.END_TURN:
        return _end_turn(with_move(game, m))
    return _say(game, m)


def refill(discard: tuple[Card, ...]) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """Rule 11: the discard pile but its top card becomes the deck, unshuffled.

    The discard pile is stored bottom first, and the bottom card (the first ever discarded)
    becomes the top of the new deck, so the order is kept as it is.  Returns (deck, discard).
    """
    return discard[:-1], discard[-1:]


def _draw(game: Game, player: int, count: int) -> Game:
    """``player`` takes ``count`` cards from the top of the deck, refilling it when empty.

    The refill happens when a card is needed and the deck is empty (lazy).  With an empty
    deck and a one-card discard pile there is no card to draw: the game ends, NO_WINNER.
    """
    deck, pos, discard = game.deck, game.deck_pos, game.discard
    taken: list[Card] = []
    winner = game.winner
    for _ in range(count):
        if pos >= len(deck):
            if len(discard) <= 1:
                winner = NO_WINNER
                break
            deck, discard = refill(discard)
            pos = 0
        taken.append(deck[pos])
        pos += 1
    hands = tuple(hand + tuple(taken) if p == player else hand for p, hand in enumerate(game.hands))
    return replace(game, deck=deck, deck_pos=pos, discard=discard, hands=hands, winner=winner)


def _without(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    i = hand.index(card)
    return hand[:i] + hand[i + 1 :]


def _play(game: Game, m: Move) -> Game:
    card = m.card
    assert card is not None
    p = game.player
    hand = _without(game.hands[p], card)
    hands = tuple(hand if q == p else h for q, h in enumerate(game.hands))
    direction = game.direction
    if card.value == Value.BACKWARDS:
        direction = reverse(direction)
    missed = game.missed | {game.owed} if game.owed is not None else game.missed
    return with_move(
        game,
        m,
        hands=hands,
        discard=game.discard + (card,),
        declared=m.nextColor if card.value == Value.DECLARE else None,
        direction=direction,
        skip_next=game.skip_next or card.value == Value.ADVANCE,
        stack_out=game.penalty + 1 if card.value == Value.DRAW_TWO else game.stack_out,
        penalty=0,
        played=game.played + 1,
        may_play_again=card.value == Value.CONTINUE,
        in_callouts=False,
        owed=WORD_FOR_COUNT.get(len(hand)),
        missed=missed,
        winner=p if not hand else NOT_FINISHED,
    )


def reverse(direction: Direction) -> Direction:
    """BACKWARDS: clockwise becomes anticlockwise and back."""
    if direction == Direction.CLOCKWISE:
        return Direction.ANTICLOCKWISE
    return Direction.CLOCKWISE


def _say(game: Game, m: Move) -> Game:
    word = m.action
    if game.owed == word:
        return with_move(game, m, owed=None)
    # A call-out at the very start of the turn.
    g = with_move(game, m, called_out=game.called_out | {word})
    if word in game.prev_missed:
        return _draw(g, game.prev_player, CALLOUT_PENALTY)
    return _draw(g, game.player, WRONG_CALLOUT_PENALTY)


def next_player(game: Game) -> int:
    """Who plays the next turn: one step in the play direction, two after an ADVANCE."""
    step = 2 if game.skip_next else 1
    sign = 1 if game.direction == Direction.CLOCKWISE else -1
    return (game.player + sign * step) % NUM_PLAYERS


def _end_turn(game: Game) -> Game:
    return _read_open_rules(game, _next_turn(game))


def _read_open_rules(game: Game, ended: Game) -> Game:
    """The turn just ended, under the other readings of D2 and D4 where they are chosen."""
    readings = game.readings
    if readings.drawn_draw_two_stays and not game.stack_out and game.penalty:
        ended = replace(ended, penalty=game.penalty)  # the drawn DRAW_TWO still forces
    if readings.skipped_turn_numbered and game.skip_next:
        ended = replace(ended, turn=ended.turn + 1, past=((), ended.past))  # no moves in it
    return ended


def _next_turn(game: Game) -> Game:
    missed = game.missed | {game.owed} if game.owed is not None else game.missed
    return replace(
        game,
        player=next_player(game),
        prev_player=game.player,
        turn=game.turn + 1,
        moves=(),
        past=(game.moves, game.past),
        declared=game.declared,
        penalty=game.stack_out,
        drawn=0,
        played=0,
        may_play_again=False,
        owed=None,
        missed=frozenset(),
        prev_missed=frozenset(missed),
        called_out=frozenset(),
        in_callouts=True,
        stack_out=0,
        skip_next=False,
    )


__all__ = ["isValidMove", "playMove", "matches", "refill", "why_invalid", "SAY_ACTIONS"]
