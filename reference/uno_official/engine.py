"""The rules: ``new_game``, ``legal_actions`` and ``apply`` over immutable ``GameState`` values.

Randomness only enters through shuffles.  Shuffle number ``k`` of a match seeded ``s`` uses
``random.Random(f"uno-official/{s}/{k}")``, so a state carries everything needed to continue a
game reproducibly and no global random source is ever touched.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import random
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

from .cards import (
    COLOR_OF,
    COLORS,
    FULL_DECK,
    POINTS,
    RANK_OF,
    WILD,
    WILD_DRAW_FOUR,
    WILDS,
)
from .state import OFFICIAL, Action, Event, GameState, IllegalActionError, Rules

DRAW = Action("draw")
PASS = Action("pass")
CHALLENGE = Action("challenge")
ACCEPT = Action("accept")
DEAL = Action("deal")
DECLARES: tuple[Action, ...] = tuple(Action("declare", color=c) for c in COLORS)

# Pre-built play actions: the hot path concatenates these instead of allocating new ones.
_PLAIN: dict[tuple[str, bool], tuple[Action, ...]] = {}
for _card in dict.fromkeys(FULL_DECK):
    for _uno in (False, True):
        if _card in WILDS:
            _PLAIN[_card, _uno] = tuple(Action("play", _card, c, _uno) for c in COLORS)
        else:
            _PLAIN[_card, _uno] = (Action("play", _card, COLOR_OF[_card], _uno),)

_DRAW_TWO_RANK = "+2"
_WILD_SET = frozenset(WILDS)
# The plays a card offers, without and with the "uno" call (the latter for a next-to-last card).
_PLAYS_NO_CALL: dict[str, tuple[Action, ...]] = {c: _PLAIN[c, False] for c in COLOR_OF}
_PLAYS_CALL: dict[str, tuple[Action, ...]] = {
    c: _PLAIN[c, False] + _PLAIN[c, True] for c in COLOR_OF
}
# Which cards may be laid while (top rank, colour in force) holds: one set lookup per card.
_MATCHING: dict[tuple[str, str], frozenset[str]] = {
    (rank, color): frozenset(
        c for c in COLOR_OF if c in WILDS or COLOR_OF[c] == color or RANK_OF[c] == rank
    )
    for rank in set(RANK_OF.values())
    for color in (*COLORS, "")
}
# The same table by top card, then colour: the hot path skips the ``RANK_OF`` lookup and the
# key tuple.
_MATCHING_TOP: dict[str, dict[str, frozenset[str]]] = {
    top: {color: _MATCHING[RANK_OF[top], color] for color in (*COLORS, "")} for top in COLOR_OF
}
# Number ranks: playing one never draws, skips or reshuffles (the fast path of ``_play``).
_PLAIN_RANKS = frozenset(str(n) for n in range(10))
_NUMBER_CARDS = frozenset(c for c in COLOR_OF if RANK_OF[c] in _PLAIN_RANKS)
_tuple_new = tuple.__new__  # builds a GameState or Event without the NamedTuple's argument binding
_PASS_ONLY: tuple[Action, ...] = (PASS,)
# Ready-made answers for an ordinary turn with no matching card or a single one.
_DRAW_ONLY: tuple[Action, ...] = (DRAW,)
_THEN_DRAW: dict[str, tuple[Action, ...]] = {c: t + _DRAW_ONLY for c, t in _PLAYS_NO_CALL.items()}
_THEN_DRAW_CALL: dict[str, tuple[Action, ...]] = {c: t + _DRAW_ONLY for c, t in _PLAYS_CALL.items()}
_NOTHING_SEEN: set[str] = set()  # never added to: replaced by a new set before any ``add``
_MAX_PLAYERS = 10  # Rules allows 2..10 seats
_CATCHES: tuple[Action, ...] = tuple(Action("catch", player=p) for p in range(_MAX_PLAYERS))
# The "uno" calls a seven-zero 7 may come with (one table each, so the compiled build sees
# one type where a conditional expression would mix tuples of two lengths).
_CALLS_UNO: tuple[bool, ...] = (False, True)
_CALLS_NO: tuple[bool, ...] = (False,)


def _catch_action(player: int) -> Action:
    """The ``catch`` action of ``player``: a pre-built one for an ordinary seat number, else a
    new one exactly as given (a hand-made state may name any seat)."""
    if type(player) is int and 0 <= player < _MAX_PLAYERS:
        return _CATCHES[player]
    return Action("catch", player=player)


def _event_table(
    build: Callable[[int, str], tuple[Event, ...]],
) -> tuple[dict[str, tuple[Event, ...]], ...]:
    """Per seat, per card: a ready-made events tuple.

    Events are immutable, so the commonest logs (a play, a play with "uno", a draw, a draw that
    passes the turn) are built once here and shared by every state that has them, instead of
    being allocated anew on each action.
    """
    return tuple({c: build(p, c) for c in COLOR_OF} for p in range(_MAX_PLAYERS))


_PLAY_EVENTS = _event_table(lambda p, c: (Event("play", p, c),))
_PLAY_UNO_EVENTS = _event_table(lambda p, c: (Event("play", p, c), Event("uno", p)))
_DRAW_EVENTS = _event_table(lambda p, c: (Event("draw", p, (c,)),))
_DRAW_PASS_EVENTS = _event_table(lambda p, c: (Event("draw", p, (c,)), Event("pass", p)))


def _rng(seed: int, shuffles: int) -> random.Random:
    return random.Random(f"uno-official/{seed}/{shuffles}")


def _fisher_yates(pile: list[str], rng: random.Random) -> None:
    """``random.Random.shuffle`` with its ``_randbelow`` inlined: the same calls to
    ``getrandbits`` and the same swaps, so the same order, in about half the time (the
    standard one pays a Python method call per card).  ``_SHUFFLE`` falls back to the standard
    one if a check at import finds that this Python's ``shuffle`` differs."""
    if len(pile) < 2:
        return
    getrandbits = rng.getrandbits
    k = len(pile).bit_length()  # bits of n = i + 1, kept up to date as n falls
    low = 1 << (k - 1)  # the smallest n with k bits
    for i in range(len(pile) - 1, 0, -1):
        n = i + 1
        if n < low:
            k -= 1
            low >>= 1
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        pile[i], pile[j] = pile[j], pile[i]


def _same_as_stdlib() -> bool:
    """Whether ``_fisher_yates`` orders cards exactly as ``random.Random.shuffle`` does here."""
    for length in (0, 1, 2, 3, 7, 50, len(FULL_DECK)):
        ours, theirs = list(range(length)), list(range(length))
        _fisher_yates(ours, random.Random(f"check/{length}"))
        random.Random(f"check/{length}").shuffle(theirs)
        if ours != theirs:
            return False
    return True


def _stdlib_shuffle(pile: list[str], rng: random.Random) -> None:
    rng.shuffle(pile)


_SHUFFLE = _fisher_yates if _same_as_stdlib() else _stdlib_shuffle


def shuffled(cards: tuple[str, ...], seed: int, shuffles: int) -> tuple[str, ...]:
    """The order shuffle number ``shuffles`` of match ``seed`` puts ``cards`` in."""
    pile = list(cards)
    _SHUFFLE(pile, _rng(seed, shuffles))
    return tuple(pile)


def new_game(seed: int, rules: Rules = OFFICIAL) -> GameState:
    """Shuffle, deal and turn up the first discard of round 1.

    Seat ``num_players - 1`` deals the first round, so seat 0 (the dealer's left) normally
    plays first; the deal passes to the left each round.
    """
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TypeError(f"seed must be an int, got {seed!r}")
    n = rules.num_players
    return _start_round(rules, seed, 0, n - 1, (0,) * n, 1, 0)


def _start_round(
    rules: Rules,
    seed: int,
    shuffles: int,
    dealer: int,
    scores: tuple[int, ...],
    round_no: int,
    turn: int,
) -> GameState:
    deck = shuffled(FULL_DECK, seed, shuffles)
    return deal_from_deck(rules, seed, shuffles + 1, deck, dealer, scores, round_no, turn)


def deal_from_deck(
    rules: Rules,
    seed: int,
    shuffles: int,
    deck: tuple[str, ...],
    dealer: int,
    scores: tuple[int, ...],
    round_no: int,
    turn: int,
) -> GameState:
    """Deal a round from an already shuffled ``deck`` (top card first) and apply the
    first-discard table.  Only a Wild Draw Four turned up needs another shuffle."""
    n = rules.num_players
    size = rules.hand_size
    # One card at a time, starting at the dealer's left, as at a real table: seat p gets every
    # n-th card of the first size * n, starting at its distance from the dealer's left.
    dealt = deck[: size * n]
    hands = tuple(dealt[(p - dealer - 1) % n :: n] for p in range(n))
    pile = deck[size * n :]
    events = [_tuple_new(Event, ("deal", dealer, round_no))]
    top = pile[0]
    while top == WILD_DRAW_FOUR:
        # "Return card to the deck, shuffle, flip top card to start discard pile."
        events.append(Event("returned", -1, top))
        pile = shuffled(pile, seed, shuffles)
        shuffles += 1
        top = pile[0]
    pile = pile[1:]
    events.append(_tuple_new(Event, ("flip", -1, top)))
    left = (dealer + 1) % n
    rank = RANK_OF[top]
    current, direction, phase, color = left, 1, "play", COLOR_OF[top]
    if top == WILD:
        phase = "declare"  # the dealer's left names the colour, then plays on it
    elif rank == "S":
        events.append(Event("skipped", left))
        current = (dealer + 2) % n
    elif rank == "R":
        direction, current = -1, dealer
        events.append(Event("reversed", dealer, -1))
    elif rank == _DRAW_TWO_RANK:
        got, pile, discard, shuffles = _take(pile, (top,), 2, seed, shuffles, events)
        hands = _add(hands, left, got)
        events.append(Event("draw", left, got))
        events.append(Event("skipped", left))
        current = (dealer + 2) % n
        return GameState(
            rules, seed, shuffles, hands, pile, discard, color, current, direction, phase,
            0, None, -1, False, "", -1, dealer, scores, round_no, turn, -1, tuple(events),
        )  # fmt: skip
    return _tuple_new(
        GameState,
        (
            rules, seed, shuffles, hands, pile, (top,), color, current, direction, phase,
            0, None, -1, False, "", -1, dealer, scores, round_no, turn, -1, tuple(events),
        ),
    )  # fmt: skip


def _add(hands: tuple[tuple[str, ...], ...], p: int, cards: tuple[str, ...]):
    if not cards:
        return hands
    return hands[:p] + (hands[p] + cards,) + hands[p + 1 :]


def _take(
    pile: tuple[str, ...],
    discard: tuple[str, ...],
    count: int,
    seed: int,
    shuffles: int,
    events: list[Event],
) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], int]:
    """Take ``count`` cards off the draw pile, reshuffling the discard pile (all but its top
    card) into a new draw pile when it runs out.  If even that is not enough, fewer are taken.
    Returns (cards taken, draw pile, discard pile, shuffles)."""
    if len(pile) >= count:
        return pile[:count], pile[count:], discard, shuffles
    got = pile
    if len(discard) > 1:
        pile = shuffled(discard[1:], seed, shuffles)
        shuffles += 1
        discard = discard[:1]
        events.append(Event("reshuffle", -1, len(pile)))
        need = count - len(got)
        got, pile = got + pile[:need], pile[need:]
    else:
        pile = ()
    return got, pile, discard, shuffles


# ---------------------------------------------------------------------------------------------
# Legal actions

# The last answer ``legal_actions`` gave, as (state, player, actions).  One slot of a list,
# replaced in place: rebinding a module global on every call would change the module's
# dictionary each time, and the compiled build's cached lookups of every other global (the
# tables below) would then miss on each use.
_last_legal: list[tuple[object, object, tuple[Action, ...]]] = [(None, None, ())]


def legal_actions(state: GameState, player: int | None = None) -> tuple[Action, ...]:
    """Every action ``player`` (default: the player to act) may take now, in a stable order.

    A Wild Draw Four is listed whenever it is held: playing it while holding the colour in
    force is a bluff that a challenge punishes, exactly as in the official rules.  Players other
    than the one to act may only ``catch`` a missed "uno" or, under the jump-in house rule,
    ``jump_in``.
    """
    cached = _last_legal[0]
    if cached[0] is state and cached[1] == player:
        return cached[2]
    p = state.current
    if state.phase == "play" and (player is None or player == p) and not state.rules.seven_zero:
        # The commonest question (an ordinary turn), answered here without a further call.
        # Same order as ``_legal``: each distinct matching card once, in hand order.  Half the
        # time no card or a single one matches: those answers are ready-made tuples, and a list
        # and a set of the cards already offered are made only for a second matching card.
        hand = state.hands[p]
        matching = _MATCHING_TOP[state.discard[0]][state.color]
        uno = len(hand) == 2
        table = _PLAYS_CALL if uno else _PLAYS_NO_CALL
        first: str | None = None
        out: list[Action] | None = None
        seen: set[str] = _NOTHING_SEEN
        for card in hand:
            if card in matching:
                if first is None:
                    first = card
                elif out is None:
                    if card != first:
                        out = [*table[first], *table[card]]
                        seen = {first, card}
                elif card not in seen:
                    seen.add(card)
                    out += table[card]
        if out is not None:
            out.append(DRAW)
            result = tuple(out)
        elif first is not None:
            result = (_THEN_DRAW_CALL if uno else _THEN_DRAW)[first]
        else:
            result = _DRAW_ONLY
        pending = state.uno_pending
        if pending >= 0 and pending != p:
            result += (_catch_action(p),)
    elif state.phase == "drawn" and (player is None or player == p) and not state.rules.seven_zero:
        # Just drawn a playable card (the engine passes by itself otherwise): play it or keep it.
        table = _PLAYS_CALL if len(state.hands[p]) == 2 else _PLAYS_NO_CALL
        pending = state.uno_pending
        if state.drawn in _MATCHING_TOP[state.discard[0]][state.color]:
            result = table[state.drawn] + _PASS_ONLY
        else:
            result = _PASS_ONLY
        if pending >= 0 and pending != p:
            result += (_catch_action(p),)
    else:
        result = _legal(state, player)
    _last_legal[0] = (state, player, result)
    return result


def _legal(state: GameState, player: int | None) -> tuple[Action, ...]:
    p = state.current
    if player is not None and player != p:
        return _off_turn(state, player)
    phase = state.phase
    if phase == "play":
        hand = state.hands[p]
        rules = state.rules
        matching = _MATCHING[RANK_OF[state.discard[0]], state.color]
        out: list[Action] = []
        if rules.seven_zero:
            uno = len(hand) == 2
            for card in dict.fromkeys(hand):
                if card in matching:
                    out.extend(_plays(card, uno, True, p, rules.num_players))
        else:
            table = _PLAYS_CALL if len(hand) == 2 else _PLAYS_NO_CALL
            for card in dict.fromkeys(hand):
                if card in matching:
                    out += table[card]
        out.append(DRAW)
    elif phase == "drawn":
        card = state.drawn
        out = []
        if card in _MATCHING[RANK_OF[state.discard[0]], state.color]:
            rules = state.rules
            out.extend(
                _plays(card, len(state.hands[p]) == 2, rules.seven_zero, p, rules.num_players)
            )
        out.append(PASS)
    elif phase == "challenge":
        out = [CHALLENGE, ACCEPT]
    elif phase == "stack":
        hand = state.hands[p]
        uno = len(hand) == 2
        out = []
        for card in dict.fromkeys(hand):
            if RANK_OF[card] == _DRAW_TWO_RANK:
                out.extend(_PLAIN[card, False])
                if uno:
                    out.extend(_PLAIN[card, True])
        out.append(ACCEPT)
    elif phase == "declare":
        return DECLARES
    elif phase == "round_over":
        return (DEAL,)
    else:
        return ()
    pending = state.uno_pending
    if pending >= 0 and pending != p:
        out.append(_catch_action(p))
    return tuple(out)


def _plays(card: str, uno: bool, seven_zero: bool, p: int, n: int) -> tuple[Action, ...]:
    if seven_zero and RANK_OF[card] == "7":
        calls = _CALLS_UNO if uno else _CALLS_NO
        return tuple(
            Action("play", card, COLOR_OF[card], call, t)
            for call in calls
            for t in range(n)
            if t != p
        )
    return _PLAYS_CALL[card] if uno else _PLAYS_NO_CALL[card]


def _off_turn(state: GameState, player: int) -> tuple[Action, ...]:
    if not 0 <= player < state.rules.num_players:
        return ()
    out: list[Action] = []
    if state.rules.jump_in and state.phase == "play":
        top = state.discard[0]
        hand = state.hands[player]
        if top not in WILDS and top in hand:
            uno = len(hand) == 2
            for a in _plays(top, uno, state.rules.seven_zero, player, state.rules.num_players):
                out.append(a._replace(kind="jump_in", player=player))
    pending = state.uno_pending
    if pending >= 0 and pending != player:
        out.append(_catch_action(player))
    return tuple(out)


# ---------------------------------------------------------------------------------------------
# Applying an action


def apply(state: GameState, action: Action) -> GameState:
    """The state after ``action``; ``state`` itself is never changed.

    Raises ``IllegalActionError`` (carrying the state and the action) for anything
    ``legal_actions`` would not offer, so a bad move is reported, never silently fixed.
    """
    if type(action) is not Action and not isinstance(action, Action):
        raise IllegalActionError(f"not an Action: {action!r}", state, action)
    cached = _last_legal[0]
    if cached[0] is not state or action not in cached[2]:
        # Whatever is in the last list ``legal_actions`` gave for this very state is legal as
        # it stands (see ``_checked``); anything else takes the full check.
        action = _checked(state, action)
    kind = action.kind
    if kind == "play":
        card = action.card
        if card in _NUMBER_CARDS:
            # The commonest action, a number card that does not go out (no draws, skips or
            # shuffles), built here in one tuple without a further call; ``_play`` does the
            # same for every other play.
            (
                rules, seed, shuffles, hands, pile, discard, _color, p, direction, _phase,
                _pending, _drawn, _w4_from, _w4_guilty, _prev, _uno, dealer, scores, round_no,
                turn, _winner, _events,
            ) = state  # fmt: skip
            hand = hands[p]
            if len(hand) > 1 and not rules.seven_zero:
                rest = list(hand)
                rest.remove(card)  # the first copy, as ``hand.index`` finds it
                seats = list(hands)
                seats[p] = tuple(rest)
                uno_pending = -1
                if len(rest) == 1:
                    if action.uno:
                        events = _PLAY_UNO_EVENTS[p][card]
                    else:
                        events, uno_pending = _PLAY_EVENTS[p][card], p
                else:
                    events = _PLAY_EVENTS[p][card]
                return _tuple_new(
                    GameState,
                    (
                        rules, seed, shuffles, tuple(seats), pile, (card,) + discard,
                        action.color, (p + direction) % rules.num_players, direction, "play", 0,
                        None, -1, False, "", uno_pending, dealer, scores, round_no, turn + 1,
                        -1, events,
                    ),
                )  # fmt: skip
        return _play(state, state.current, action)
    if kind == "draw":
        return _draw(state)
    if kind == "pass":
        p = state.current
        return _tuple_new(
            GameState,
            (
                state.rules, state.seed, state.shuffles, state.hands, state.draw_pile,
                state.discard, state.color, (p + state.direction) % state.rules.num_players,
                state.direction, "play", state.pending, None, state.w4_from, state.w4_guilty,
                state.prev_color, -1, state.dealer, state.scores, state.round_no,
                state.turn + 1, state.winner, (_tuple_new(Event, ("pass", p, None)),),
            ),
        )  # fmt: skip
    if kind == "catch":
        return _catch(state, action.player)
    if kind == "accept":
        return _accept(state)
    if kind == "challenge":
        return _challenge(state)
    if kind == "declare":
        return state._replace(
            color=action.color,
            phase="play",
            turn=state.turn + 1,
            events=(Event("declare", state.current, action.color),),
        )
    if kind == "jump_in":
        return _play(state, action.player, action)
    # deal
    return _start_round(
        state.rules,
        state.seed,
        state.shuffles,
        (state.dealer + 1) % state.rules.num_players,
        state.scores,
        state.round_no + 1,
        state.turn + 1,
    )


def _checked(state: GameState, action: Action) -> Action:
    """The full legality check: the action as ``apply`` acts on it, or IllegalActionError.

    A ``player`` field naming the player to act is dropped from an ordinary action (the listed
    actions carry none); ``catch`` and ``jump_in`` are checked against their actor's list.
    Anything found in a list ``legal_actions`` made for the same state passes unchanged here
    too, which is why ``apply`` may skip this for such an action.
    """
    kind = action.kind
    if kind == "catch" or kind == "jump_in":
        actor = action.player
    else:
        actor = None
        if action.player is not None and action.player == state.current:
            action = action._replace(player=None)
    if action not in legal_actions(state, actor):
        raise IllegalActionError(_why_illegal(state, action), state, action)
    return action


def _why_illegal(state: GameState, action: object) -> str:
    if not isinstance(action, Action):
        return f"not an Action: {action!r}"
    where = f"(phase {state.phase!r}, player {state.current} to act)"
    if state.phase == "match_over":
        return f"the match is over; no action is possible {where}"
    if action.kind == "play" and state.phase == "play":
        hand = state.hands[state.current]
        if action.card not in hand:
            return f"{action.card!r} is not in the hand of player {state.current} {where}"
        if action.card in WILDS and action.color not in COLORS:
            return f"a wild needs a colour among {COLORS}, got {action.color!r} {where}"
        if action.uno and len(hand) != 2:
            return f'"uno" is called with the next-to-last card only {where}'
        if not (
            action.card in WILDS
            or COLOR_OF[action.card] == state.color
            or RANK_OF[action.card] == RANK_OF[state.discard[0]]
        ):
            return (
                f"{action.card!r} matches neither the colour {state.color!r} nor the "
                f"symbol of {state.discard[0]!r} {where}"
            )
    if action.kind == "play" and state.phase == "drawn" and action.card != state.drawn:
        return f"after drawing, only the drawn card {state.drawn!r} may be played {where}"
    if action.kind == "catch":
        return f"nobody can be caught by player {action.player} for a missed uno {where}"
    return f"{action!r} is not allowed {where}"


def _next(state: GameState, p: int, steps: int = 1, direction: int | None = None) -> int:
    d = state.direction if direction is None else direction
    return (p + d * steps) % state.rules.num_players


def _score(
    state: GameState,
    winner: int,
    hands: tuple[tuple[str, ...], ...],
    events: list[Event],
) -> tuple[tuple[int, ...], str]:
    gained = 0
    for i, h in enumerate(hands):
        if i != winner:
            for c in h:
                gained += POINTS[c]
    scores = list(state.scores)
    scores[winner] += gained
    events.append(Event("out", winner, gained))
    if scores[winner] >= state.rules.target_score:
        events.append(Event("match_won", winner, scores[winner]))
        return tuple(scores), "match_over"
    return tuple(scores), "round_over"


def _play(state: GameState, p: int, action: Action) -> GameState:
    card = action.card
    (
        rules, seed, shuffles, hands, pile, discard, _color, _current, direction, _phase,
        _pending, _drawn, _w4_from, _w4_guilty, _prev, _uno, dealer, scores, round_no, turn,
        _winner, _events,
    ) = state  # fmt: skip
    hand = hands[p]
    rest = list(hand)
    rest.remove(card)  # the first copy
    new_hand = tuple(rest)
    seats = list(hands)
    seats[p] = new_hand
    hands = tuple(seats)
    discard = (card,) + discard
    color = action.color
    n = rules.num_players
    play_event = _tuple_new(Event, ("jump_in" if action.kind == "jump_in" else "play", p, card))
    rank = RANK_OF[card]
    if new_hand and rank in _PLAIN_RANKS and not rules.seven_zero:
        # The common case, a number card that does not go out: no draws, no shuffles.
        if len(new_hand) == 1:
            if action.uno:
                events = (play_event, _tuple_new(Event, ("uno", p, None)))
                uno_pending = -1
            else:
                events, uno_pending = (play_event,), p
        else:
            events, uno_pending = (play_event,), -1
        return _tuple_new(
            GameState,
            (
                rules, seed, shuffles, hands, pile, discard, color, (p + direction) % n,
                direction, "play", 0, None, -1, False, "", uno_pending, dealer, scores,
                round_no, turn + 1, -1, events,
            ),
        )  # fmt: skip
    events = [play_event]
    if card in _WILD_SET:
        events.append(_tuple_new(Event, ("color", p, color)))
    uno_pending = -1
    if not new_hand:
        # Going out.  A Draw Two or Wild Draw Four still makes the next player draw first.
        if rank == "R":
            direction = -direction
        victim = (p + direction) % n
        owed = (
            4
            if card == WILD_DRAW_FOUR
            else (state.pending if state.phase == "stack" else 0) + 2
            if rank == _DRAW_TWO_RANK
            else 0
        )
        if owed:
            got, pile, discard, shuffles = _take(pile, discard, owed, seed, shuffles, events)
            hands = _add(hands, victim, got)
            events.append(_tuple_new(Event, ("draw", victim, got)))
        scores, phase = _score(state, p, hands, events)
        return _tuple_new(
            GameState,
            (
                rules, seed, shuffles, hands, pile, discard, color, p, direction, phase,
                0, None, -1, False, "", -1, dealer, scores, round_no, turn + 1, p,
                tuple(events),
            ),
        )  # fmt: skip
    if len(new_hand) == 1:
        if action.uno:
            events.append(_tuple_new(Event, ("uno", p, None)))
        else:
            uno_pending = p
    phase, pending, w4_from, w4_guilty, prev_color = "play", 0, -1, False, ""
    if rank == "S":
        skipped = (p + direction) % n
        events.append(_tuple_new(Event, ("skipped", skipped, None)))
        current = (p + 2 * direction) % n
    elif rank == "R":
        direction = -direction
        events.append(_tuple_new(Event, ("reversed", p, direction)))
        current = p if n == 2 else (p + direction) % n
        if n == 2:
            events.append(_tuple_new(Event, ("skipped", (p + 1) % n, None)))
    elif rank == _DRAW_TWO_RANK:
        victim = (p + direction) % n
        if rules.stack_draw_two:
            phase = "stack"
            pending = (state.pending if state.phase == "stack" else 0) + 2
            current = victim
        else:
            got, pile, discard, shuffles = _take(pile, discard, 2, seed, shuffles, events)
            hands = _add(hands, victim, got)
            events.append(_tuple_new(Event, ("draw", victim, got)))
            events.append(_tuple_new(Event, ("skipped", victim, None)))  # (a mutation target)
            current = (p + 2 * direction) % n
    elif card == WILD_DRAW_FOUR:
        phase, pending, w4_from = "challenge", 4, p
        prev_color = state.color
        for c in hand:  # (a loop, not ``any``: no generator to build on a hot path)
            if COLOR_OF[c] == prev_color:
                w4_guilty = True
                break
        current = (p + direction) % n
    else:
        current = (p + direction) % n
        if rules.seven_zero and rank in ("7", "0"):
            hands = _seven_zero(hands, p, rank, action.target, direction, n, events)
            if uno_pending >= 0 and len(hands[p]) != 1:
                uno_pending = -1
    return _tuple_new(
        GameState,
        (
            rules, seed, shuffles, hands, pile, discard, color, current, direction, phase,
            pending, None, w4_from, w4_guilty, prev_color, uno_pending, dealer, scores,
            round_no, turn + 1, -1, tuple(events),
        ),
    )  # fmt: skip


def _seven_zero(hands, p, rank, target, direction, n, events):
    if rank == "7":
        hl = list(hands)
        hl[p], hl[target] = hl[target], hl[p]
        events.append(Event("swap", p, target))
        return tuple(hl)
    events.append(Event("rotate", p, direction))
    return tuple(hands[(i - direction) % n] for i in range(n))


def _draw(state: GameState) -> GameState:
    (
        rules, seed, shuffles, hands, pile, discard, color, p, direction, _phase, pending, _drawn,
        w4_from, w4_guilty, prev_color, _uno, dealer, scores, round_no, turn, winner, _events,
    ) = state  # fmt: skip
    if pile:
        # The common case: the draw pile has a card, nothing is reshuffled.
        card = pile[0]
        pile = pile[1:]
        seats = list(hands)
        seats[p] = hands[p] + (card,)
        if card in _MATCHING_TOP[discard[0]][color]:
            # "then play it if possible": the player chooses to play it or keep it.
            current, phase, drawn, events = p, "drawn", card, _DRAW_EVENTS[p][card]
        else:
            # It cannot be played: keeping it is the only choice, so the turn passes at once.
            current, phase, drawn = (p + direction) % rules.num_players, "play", None
            events = _DRAW_PASS_EVENTS[p][card]
        return _tuple_new(
            GameState,
            (
                rules, seed, shuffles, tuple(seats), pile, discard, color, current, direction,
                phase, pending, drawn, w4_from, w4_guilty, prev_color, -1, dealer, scores,
                round_no, turn + 1, winner, events,
            ),
        )  # fmt: skip
    # The draw pile is empty: reshuffle the discard pile first, if it has anything.
    log: list[Event] = []
    got, pile, discard, shuffles = _take(pile, discard, 1, seed, shuffles, log)
    log.append(Event("draw", p, got))
    if not got:
        # Nothing left anywhere to draw: the turn simply passes.
        log.append(Event("pass", p))
        return state._replace(
            shuffles=shuffles,
            draw_pile=pile,
            discard=discard,
            current=(p + direction) % rules.num_players,
            uno_pending=-1,
            turn=turn + 1,
            events=tuple(log),
        )
    card = got[0]
    events = tuple(log)
    hands = (*hands[:p], hands[p] + (card,), *hands[p + 1 :])
    if card in _MATCHING[RANK_OF[discard[0]], color]:
        # "then play it if possible": the player chooses to play it or keep it.
        current, phase, drawn = p, "drawn", card
    else:
        # It cannot be played: keeping it is the only choice, so the turn passes at once.
        current, phase, drawn = (p + direction) % rules.num_players, "play", None
        events = (*events, _tuple_new(Event, ("pass", p, None)))
    return _tuple_new(
        GameState,
        (
            rules, seed, shuffles, hands, pile, discard, color, current, direction, phase,
            pending, drawn, w4_from, w4_guilty, prev_color, -1, dealer, scores, round_no,
            turn + 1, winner, events,
        ),
    )  # fmt: skip


def _penalise(state: GameState, victim: int, count: int, events: list[Event]):
    """``victim`` takes ``count`` cards (reshuffling if need be); logs the draw."""
    got, pile, discard, shuffles = _take(
        state.draw_pile, state.discard, count, state.seed, state.shuffles, events
    )
    events.append(_tuple_new(Event, ("draw", victim, got)))
    return _add(state.hands, victim, got), pile, discard, shuffles


def _after_penalty(
    state: GameState,
    penalty: tuple[tuple[tuple[str, ...], ...], tuple[str, ...], tuple[str, ...], int],
    current: int,
    events: list[Event],
) -> GameState:
    """The state after a challenge or an accepted Wild Draw Four / Draw Two stack: the penalty
    (hands, draw pile, discard pile, shuffles) taken, ``current`` to play an ordinary turn.
    Built as one tuple: ``_replace`` costs several times as much, and tournaments pay it
    thousands of times a second."""
    hands, pile, discard, shuffles = penalty
    return _tuple_new(
        GameState,
        (
            state.rules, state.seed, shuffles, hands, pile, discard, state.color, current,
            state.direction, "play", 0, state.drawn, -1, False, "", -1, state.dealer,
            state.scores, state.round_no, state.turn + 1, state.winner, tuple(events),
        ),
    )  # fmt: skip


def _accept(state: GameState) -> GameState:
    p = state.current
    events: list[Event] = [_tuple_new(Event, ("accept", p, state.pending))]
    penalty = _penalise(state, p, state.pending, events)
    events.append(_tuple_new(Event, ("skipped", p, None)))
    return _after_penalty(state, penalty, _next(state, p), events)


def _challenge(state: GameState) -> GameState:
    p = state.current
    guilty = state.w4_guilty
    events: list[Event] = [_tuple_new(Event, ("challenge", p, "guilty" if guilty else "innocent"))]
    if guilty:
        # The bluffer draws the four; the challenger then takes an ordinary turn.
        return _after_penalty(state, _penalise(state, state.w4_from, 4, events), p, events)
    penalty = _penalise(state, p, 6, events)
    events.append(_tuple_new(Event, ("skipped", p, None)))
    return _after_penalty(state, penalty, _next(state, p), events)


def _catch(state: GameState, catcher: int) -> GameState:
    offender = state.uno_pending
    events: list[Event] = [_tuple_new(Event, ("caught", catcher, offender))]
    hands, pile, discard, shuffles = _penalise(state, offender, 2, events)
    # Only the piles, hands and the "uno" flag change: the turn stays where it was.
    return _tuple_new(
        GameState,
        (
            state.rules, state.seed, shuffles, hands, pile, discard, state.color,
            state.current, state.direction, state.phase, state.pending, state.drawn,
            state.w4_from, state.w4_guilty, state.prev_color, -1, state.dealer, state.scores,
            state.round_no, state.turn + 1, state.winner, tuple(events),
        ),
    )  # fmt: skip


def card_count(state: GameState) -> int:
    """All cards in hands and piles; 108 in every reachable state (a conservation check)."""
    return sum(len(h) for h in state.hands) + len(state.draw_pile) + len(state.discard)


# ---------------------------------------------------------------------------------------------
# The compiled build

COMPILED = False  # whether this module runs as the compiled build (see ``_compiled_build``)
PURE_ENV = "UNOGRADE_PURE_ENGINE"  # set to 1 to keep the interpreted code


def is_build_of(module: object, source: bytes) -> bool:
    """Whether ``module`` was compiled from exactly ``source`` (its recorded SHA-256)."""
    return getattr(module, "COMPILED_FROM", None) == hashlib.sha256(source).hexdigest()


def _compiled_build() -> ModuleType | None:
    """The compiled build of this very file, if it is installed and up to date.

    ``hatch_build.py`` (run by ``pip install``) compiles this file's source with Cython into
    ``_engine_compiled`` beside it, about 1.3x faster, and records the SHA-256 of what it
    compiled.  A build of any other text (this file was edited since) is ignored, so the engine
    always behaves exactly as this file reads; without a C compiler there is no build and the
    code above runs as it is.  ``UNOGRADE_PURE_ENGINE=1`` keeps the interpreted code.
    """
    if os.environ.get(PURE_ENV, "") not in ("", "0"):
        return None
    try:
        from . import _engine_compiled as build  # type: ignore[attr-defined]

        source = Path(__file__).read_bytes()
    except (ImportError, OSError):
        return None
    return build if is_build_of(build, source) else None


def interpreted() -> ModuleType:
    """This module's source running as plain interpreted Python, whichever one is in use: for
    the benchmark's comparison and for the tests that hold the compiled build to the source.
    Its states, actions and errors are the same classes (``state.py``) as everyone else's."""
    name = f"{__package__}._engine_interpreted"
    module = sys.modules.get(name)
    if module is None:
        spec = importlib.util.spec_from_file_location(name, Path(__file__).parent / "engine.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return module


if __name__.rpartition(".")[2] == "engine":  # not in the build itself, nor a copy under test
    _build = _compiled_build()
    if _build is not None:
        # Every name, so that constants (the pre-built actions the fast paths recognise by
        # identity) and functions come from the same module.
        globals().update({k: v for k, v in vars(_build).items() if not k.startswith("__")})
        COMPILED = True
