"""Final Card-Down: my Game ADT (module functions taking the game first).

A game is immutable: playMove returns the next game and raises InvalidMoveError for a move
isValidMove rejects.

Spec rule 5 is marked "?": I read it the other way from the page's Decision D1. After an
ordinary draw the player may still play one card (a playable card, the drawn one or another);
after the penalty draws of a DRAW_TWO they may not.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import IntEnum

# How I read the spec's open rules (the assignment page, "Open readings"): D1 the other way.
READINGS = {"play_after_draw": True}

# ------------------------------------------------------------ cards


NUM_PLAYERS = 4
HAND_SIZE = 7
MIN_DECK_SIZE = 30  # 7 cards * 4 players + 1 first discard + 1 card to draw (FAQ)
NOT_FINISHED = -1
NO_WINNER = 4


class Color(IntEnum):
    RED = 0
    BLUE = 1
    GREEN = 2
    YELLOW = 3
    PURPLE = 4


class Suit(IntEnum):
    HEARTS = 0
    DIAMONDS = 1
    CLUBS = 2
    SPADES = 3
    QUESTIONS = 4


class Value(IntEnum):
    ZERO = 0
    ONE = 1
    DRAW_TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    ADVANCE = 10
    BACKWARDS = 11
    CONTINUE = 12
    DECLARE = 13
    E = 14
    F = 15
    # The C header's hexadecimal spellings, kept as aliases.
    A = 10
    B = 11
    C = 12
    D = 13


class Direction(IntEnum):
    CLOCKWISE = 0
    ANTICLOCKWISE = 1


class Action(IntEnum):
    DRAW_CARD = 0
    PLAY_CARD = 1
    SAY_UNO = 2
    SAY_DUO = 3
    SAY_TRIO = 4
    END_TURN = 5


SAY_ACTIONS = (Action.SAY_UNO, Action.SAY_DUO, Action.SAY_TRIO)
# The word a player owes after a play leaves them with this many cards.
WORD_FOR_COUNT = {1: Action.SAY_UNO, 2: Action.SAY_DUO, 3: Action.SAY_TRIO}


@dataclass(frozen=True, slots=True)
class Card:
    """One card; two cards with the same three fields are interchangeable."""

    value: Value
    color: Color
    suit: Suit

    def __str__(self) -> str:
        return f"{self.color.name} {self.value.name} {self.suit.name}"


@dataclass(frozen=True, slots=True)
class Move:
    """The C ``playerMove``: ``nextColor`` is read only for a DECLARE, ``card`` only for a play."""

    action: Action
    nextColor: Color | None = None
    card: Card | None = None

    def __str__(self) -> str:
        if self.action != Action.PLAY_CARD or self.card is None:
            return self.action.name
        text = f"PLAY_CARD {self.card}"
        if self.card.value == Value.DECLARE and self.nextColor is not None:
            text += f" {Color(self.nextColor).name}"
        return text


def newCard(value: int, color: int, suit: int) -> Card:
    """Build a card from three numbers or enum members (the C ``newCard``)."""
    return Card(Value(value), Color(color), Suit(suit))


def cardValue(card: Card) -> Value:
    return card.value


def cardColor(card: Card) -> Color:
    return card.color


def cardSuit(card: Card) -> Suit:
    return card.suit


# ------------------------------------------------------------ errors


class FinalCardDownError(ValueError):
    """Base class of every error the Final Card-Down ADT raises."""


class InvalidDeckError(FinalCardDownError):
    """``newGame`` was given a deck it cannot deal (too small, ragged arrays, bad cards)."""


class InvalidArgumentError(FinalCardDownError):
    """A query was given an out-of-range player, turn, move or card index."""


class InvalidMoveError(FinalCardDownError):
    """``playMove`` was given a move that ``isValidMove`` rejects; the game is unchanged."""


# ------------------------------------------------------------ state


# A finished turn's moves linked to the turns before it: (moves, older) or None.  Linked so
# that ending a turn costs O(1) however long the game is; looking back walks the list.
Past = tuple[tuple[Move, ...], "Past"] | None


@dataclass(frozen=True, slots=True)
class Game:
    """Everything the rules need, including the per-turn bookkeeping of what is still allowed."""

    initial: tuple[Card, ...]  # the deck as given to newGame (numCards, numOfSuit, ...)
    deck: tuple[Card, ...]  # draw pile; deck[deck_pos] is its top card
    deck_pos: int
    discard: tuple[Card, ...]  # bottom first; discard[-1] is the top card
    hands: tuple[tuple[Card, ...], ...]
    player: int
    direction: Direction
    turn: int
    moves: tuple[Move, ...]  # the moves of the current turn so far
    past: Past  # the moves of the finished turns, newest first (a shared linked list)
    declared: Color | None  # the colour a DECLARE on top named (None: the printed colour counts)
    penalty: int  # DRAW_TWOs stacked against the current player, still to be drawn
    drawn: int  # cards drawn with DRAW_CARD this turn
    played: int  # cards played this turn
    may_play_again: bool  # the last card played this turn was a CONTINUE
    owed: Action | None  # the word owed for the play that was the very last move
    missed: frozenset[Action]  # words the current player has failed to say this turn
    prev_missed: frozenset[Action]  # words the previous turn's player failed to say
    called_out: frozenset[Action]  # words already used for call-outs this turn
    in_callouts: bool  # every move so far this turn was a call-out
    prev_player: int  # who played the previous turn (-1 before the first turn ends)
    stack_out: int  # DRAW_TWOs the next player will face
    skip_next: bool  # an ADVANCE was played this turn
    winner: int  # NOT_FINISHED, a player 0..3, or NO_WINNER

    @property
    def deck_size(self) -> int:
        return len(self.deck) - self.deck_pos

    @property
    def top(self) -> Card:
        return self.discard[-1]

    @property
    def effective_color(self) -> Color:
        """The colour a card must match: a DECLARE's named colour replaces its printed one."""
        return self.declared if self.declared is not None else self.top.color


def _card_at(values: Sequence[int], colors: Sequence[int], suits: Sequence[int], i: int) -> Card:
    try:
        return Card(Value(values[i]), Color(colors[i]), Suit(suits[i]))
    except (ValueError, TypeError) as exc:
        raise InvalidDeckError(
            f"card {i} of the deck is not a valid card: value={values[i]!r}, "
            f"color={colors[i]!r}, suit={suits[i]!r}"
        ) from exc


def newGame(
    deckSize: int, values: Sequence[int], colors: Sequence[int], suits: Sequence[int]
) -> Game:
    """Deal a new game from the deck exactly as given (index 0 is the top card, dealt first).

    No shuffling (FAQ): 7 cards each, round-robin from player 0, then the next card starts
    the discard pile and the rest is the draw pile.  The first discard takes effect at once:
    a DRAW_TWO is a penalty against the first player, an ADVANCE skips player 0 (player 1
    plays turn 0), a BACKWARDS makes play anticlockwise; CONTINUE and DECLARE are plain cards.
    """
    if isinstance(deckSize, bool) or not isinstance(deckSize, int):
        raise InvalidDeckError(f"deckSize must be an int, not {deckSize!r}")
    if deckSize < MIN_DECK_SIZE:
        raise InvalidDeckError(f"deckSize is {deckSize}; a deck needs at least {MIN_DECK_SIZE}")
    for name, seq in (("values", values), ("colors", colors), ("suits", suits)):
        if len(seq) < deckSize:
            raise InvalidDeckError(f"{name} has {len(seq)} entries; deckSize is {deckSize}")
    deck = tuple(_card_at(values, colors, suits, i) for i in range(deckSize))
    dealt = NUM_PLAYERS * HAND_SIZE
    hands = tuple(deck[p:dealt:NUM_PLAYERS] for p in range(NUM_PLAYERS))
    first = deck[dealt]
    player, direction, penalty = 0, Direction.CLOCKWISE, 0
    if first.value == Value.DRAW_TWO:
        penalty = 1
    elif first.value == Value.ADVANCE:
        player = 1
    elif first.value == Value.BACKWARDS:
        direction = Direction.ANTICLOCKWISE
    return Game(
        initial=deck,
        deck=deck,
        deck_pos=dealt + 1,
        discard=(first,),
        hands=hands,
        player=player,
        direction=direction,
        turn=0,
        moves=(),
        past=None,
        declared=None,
        penalty=penalty,
        drawn=0,
        played=0,
        may_play_again=False,
        owed=None,
        missed=frozenset(),
        prev_missed=frozenset(),
        called_out=frozenset(),
        in_callouts=True,
        prev_player=-1,
        stack_out=0,
        skip_next=False,
        winner=NOT_FINISHED,
    )


def destroyGame(game: Game) -> None:
    """Kept for the C name only: a Python game is freed when nothing refers to it."""
    del game


def with_move(game: Game, move: Move, **changes: object) -> Game:
    """Record ``move`` in the current turn's moves and apply ``changes`` in one copy."""
    return replace(game, moves=game.moves + (move,), **changes)


def turn_moves(game: Game, turn: int) -> tuple[Move, ...]:
    """The moves of ``turn`` (0..game.turn), walking back from the newest finished turn."""
    if turn == game.turn:
        return game.moves
    past = game.past
    for _ in range(game.turn - 1 - turn):
        assert past is not None
        past = past[1]
    assert past is not None
    return past[0]


# ------------------------------------------------------------ queries


def _check_index(name: str, index: int, limit: int) -> None:
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < limit:
        raise InvalidArgumentError(f"{name} must be an int in 0..{limit - 1}, not {index!r}")


def numCards(game: Game) -> int:
    """How many cards the deck given to newGame held."""
    return len(game.initial)


def numOfSuit(game: Game, suit: Suit) -> int:
    """How many cards of ``suit`` the initial deck held."""
    return sum(1 for c in game.initial if c.suit == suit)


def numOfColor(game: Game, color: Color) -> int:
    """How many cards of ``color`` the initial deck held."""
    return sum(1 for c in game.initial if c.color == color)


def numOfValue(game: Game, value: Value) -> int:
    """How many cards of ``value`` the initial deck held."""
    return sum(1 for c in game.initial if c.value == value)


def currentPlayer(game: Game) -> int:
    return game.player


def currentTurn(game: Game) -> int:
    """The 0-based number of the turn being played (skipped players use no number)."""
    return game.turn


def numTurns(game: Game) -> int:
    """Turns so far including the current one: currentTurn + 1 (FAQ)."""
    return game.turn + 1


def turnMoves(game: Game, turn: int) -> int:
    """How many moves were made in ``turn`` (penalty draws are not moves)."""
    _check_index("turn", turn, game.turn + 1)
    return len(turn_moves(game, turn))


def pastMove(game: Game, turn: int, move: int) -> Move:
    """Move number ``move`` of turn ``turn``, as it was played (unused fields None)."""
    _check_index("turn", turn, game.turn + 1)
    moves = turn_moves(game, turn)
    _check_index("move", move, len(moves))
    return moves[move]


def playerCardCount(game: Game, player: int) -> int:
    _check_index("player", player, NUM_PLAYERS)
    return len(game.hands[player])


def handCardCount(game: Game) -> int:
    """How many cards the current player holds."""
    return len(game.hands[game.player])


def handCard(game: Game, card: int) -> Card:
    """Card ``card`` of the current player's hand; the order of a hand is not specified (FAQ)."""
    hand = game.hands[game.player]
    _check_index("card", card, len(hand))
    return hand[card]


def playerPoints(game: Game, player: int) -> int:
    """The sum of the value numbers (0..15) of the cards in ``player``'s hand, at any time."""
    _check_index("player", player, NUM_PLAYERS)
    return sum(int(c.value) for c in game.hands[player])


def playDirection(game: Game) -> Direction:
    return game.direction


def topDiscard(game: Game) -> Card:
    """The card on top of the discard pile, as printed (a DECLARE keeps its printed colour)."""
    return game.top


def gameWinner(game: Game) -> int:
    """NOT_FINISHED (-1), the winning player 0..3, or NO_WINNER (4)."""
    return game.winner


# ------------------------------------------------------------ rules


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
    if game.played:
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
    if game.drawn and (game.penalty or game.drawn > 1):
        # Rule 5 "?": I read it as "draw, then you may still play" (not after penalty draws).
        return "the player drew penalty cards this turn, so cannot play"
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
    if game.prev_player < 0:
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
        return _draw(with_move(game, m, drawn=game.drawn + 1, in_callouts=False), game.player, 1)
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


# ------------------------------------------------------------ legal


def legalMoves(game: Game) -> tuple[Move, ...]:
    """Valid moves: call-outs/calls, plays (hand order, DECLARE x each colour), draw, end."""
    candidates: list[Move] = [Move(a) for a in (Action.SAY_UNO, Action.SAY_DUO, Action.SAY_TRIO)]
    seen = set()
    for card in game.hands[game.player]:
        if card in seen:
            continue
        seen.add(card)
        if card.value == Value.DECLARE:
            candidates.extend(Move(Action.PLAY_CARD, c, card) for c in Color)
        else:
            candidates.append(Move(Action.PLAY_CARD, None, card))
    candidates += [Move(Action.DRAW_CARD), Move(Action.END_TURN)]
    return tuple(m for m in candidates if isValidMove(game, m))
