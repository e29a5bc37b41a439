"""Where a failed game went wrong: the first turn whose move departs from the rules.

A failed case of parts 2-4 shows an end state of dozens of cards; this finds the turn to
look at. The reference's game is replayed turn by turn (``parts.steps``: its turn order,
the state before each turn) and, in the student's own sandboxed child, the student's
``onePlayerOneMove`` is asked for each of those turns (the probe, one round trip). The first
turn where its answer differs from the reference's is where the student's game departs;
if every single move agrees, the fault is in whose turn it is or when the game stops, and
the feedback says that instead.

Pure functions over the case's arguments and the answers; runs in the grader only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from unokit.compare import normalise

from .cards import GAME_WON, REVERSE_SYMBOL, SKIP_SYMBOL, Card, Cards, freeze, is_marker
from .parts import Step, steps

SINGLE_MOVE = "onePlayerOneMove"
EXPLAINED_PARTS = ("part02", "part03", "part04")

# The reference's name for the rule that decided a turn -> that rule on the assignment's page
# (assignments/uno-moves/README.md, "The rules": numbered and named; D6, D8, D9 under
# "Decisions").
RULES = {
    "extend-wild-draw-four": "rule 1 (Extend a Wild Draw 4)",
    "penalty-wild-draw-four": "rule 1 (Extend a Wild Draw 4): cannot extend, so pay the penalty",
    "extend-draw-two": "rule 2 (Extend a Draw 2)",
    "penalty-draw-two": "rule 2 (Extend a Draw 2): cannot extend, so pay the penalty",
    "colour": "rule 3 (Match the colour)",
    "wild-draw-four": "rule 4 (Wild Draw 4)",
    "symbol": "rule 5 (Match the symbol)",
    "wild": "rule 6 (Wild)",
    "draw": "rule 7 (Draw)",
    "cannot-draw": "rule 7 (Draw): the deck is empty, so the player cannot continue (D9)",
    "bare-wild-draw-four": "D6 (A bare Wild Draw 4): the player cannot continue",
    "game-over": "D8 (A won game)",
}


def part_number(part: str) -> int:
    return int(part.removeprefix("part"))


def game_steps(part: str, args: Sequence[Any]) -> list[Step]:
    """The reference's turns for a case of ``part`` called with ``args``."""
    discard, deck, hands = args
    if part in ("part01", "part02"):
        hands = [hands]
    return list(steps(part_number(part), discard, deck, hands))


def probe_calls(game: Sequence[Step]) -> tuple[tuple, ...]:
    """One ``onePlayerOneMove(discard, deck, hand)`` call per turn: the state before it, the
    hand of the player whose turn it is, as lists of card tuples (D12)."""
    return tuple(
        (list(step.discard), list(step.deck), list(step.hands[step.player])) for step in game
    )


def probe_expected(game: Sequence[Step]) -> tuple:
    """What each probe call should answer: the reference's ``(hand, deck, discard)`` after
    that turn, so that a student's program, run once per call, stops at the first that
    differs."""
    return tuple(normalise((step.turn.hand, step.turn.deck, step.turn.discard)) for step in game)


def card_words(card: Any) -> str:
    """``('b','5')``, as the page writes a card."""
    if isinstance(card, list | tuple) and len(card) == 2:
        return f"('{card[0]}','{card[1]}')"
    return repr(card)


def short(card: Any) -> str:
    """``b5``: a card in a line of many."""
    if isinstance(card, list | tuple) and len(card) == 2:
        return f"{card[0]}{card[1]}"
    return repr(card)


def _cards(value: Any) -> Cards | None:
    """A pile as card tuples, or None when it is not a pile of cards."""
    if not isinstance(value, list | tuple):
        return None
    if not all(isinstance(c, list | tuple) and len(c) == 2 for c in value):
        return None
    return freeze(value)


def move_words(hand: Cards, deck: Cards, discard: Cards, after: Sequence[Any]) -> str:
    """What a turn did, in the assignment's words, read from the state before it
    (``hand``, ``deck``, ``discard``) and after it (``(hand, deck, discard)``):
    "plays ('b','d') on ('b','5')", "draws 2", "does nothing"."""
    if not isinstance(after, list | tuple) or len(after) != 3:
        return "returns something that is not (hand, deck, discard)"
    new_hand, new_deck, new_discard = (_cards(x) for x in after)
    if new_hand is None or new_deck is None or new_discard is None:
        return "returns something that is not (hand, deck, discard)"
    top = f"on {card_words(discard[0])}" if discard else "on an empty discard pile"
    if (new_hand, new_deck, new_discard) == (hand, deck, discard):
        return "does nothing (the turn changes nothing)"
    if new_deck == deck and len(new_hand) == len(hand) - 1:
        played = _removed(hand, new_hand)
        if played is not None and new_discard == (played, *discard):
            return f"plays {card_words(played)} {top}"
        if played is not None and new_discard[1:] == (played, *discard):
            return f"plays {card_words(played)} {top} and {_marker_words(new_discard[0])}"
    drawn = len(new_hand) - len(hand)
    if drawn >= 0 and new_hand[: len(hand)] == hand and new_hand[len(hand) :] == deck[:drawn]:
        if new_deck == deck[drawn:] and new_discard == discard:
            return f"draws {drawn}"
        if new_deck == deck[drawn:] and new_discard[1:] == discard and len(new_discard) > 0:
            return f"draws {drawn} (a penalty) and {_marker_words(new_discard[0])}"
    return (
        f"returns a state no single turn makes: hand {' '.join(map(short, new_hand)) or '(empty)'}"
        f", deck of {len(new_deck)}, discard of {len(new_discard)} "
        f"(top {card_words(new_discard[0]) if new_discard else 'none'})"
    )


def _marker_words(card: Card) -> str:
    """The card a turn put on top of what it played, by its name on the page: ``('-','-')``
    is the game-won marker, never a colour marker."""
    if card == GAME_WON:
        return f"puts down the game-won marker {card_words(card)}"
    if is_marker(card):
        return f"names the colour marker {card_words(card)}"
    return f"puts {card_words(card)} on top"


MARKER_DECISION = (
    "D3 (Marker colour: the left-most non-wild card left in the hand names the colour, "
    "'r' if only wilds are left); the play itself was right"
)


def _marker_only(step: Step, answer: Any) -> bool:
    """Did the student's turn play what the reference played, and differ only in the colour
    marker it put down after a Wild (the page's D3, not the rule that chose the card)?"""
    if not isinstance(answer, list | tuple) or len(answer) != 3:
        return False
    hand, deck, discard = (_cards(x) for x in answer)
    expected = (step.turn.hand, step.turn.deck, step.turn.discard)
    if hand is None or deck is None or discard is None or not expected[2]:
        return False
    marker = expected[2][0]
    return (
        is_marker(marker)
        and (hand, deck) == (expected[0], expected[1])
        and len(discard) == len(expected[2])
        and discard[1:] == expected[2][1:]
        and is_marker(discard[0])
        and discard[0] != marker
    )


def _removed(hand: Cards, smaller: Cards) -> Card | None:
    """The one card taken out of ``hand`` (from anywhere) to leave ``smaller``, or None."""
    for i, card in enumerate(hand):
        if hand[:i] + hand[i + 1 :] == smaller:
            return card
    return None


def expected_words(step: Step) -> str:
    """The reference's move on ``step``."""
    if not step.turn.changed:
        return "cannot play or draw: the turn changes nothing"
    hand = step.hands[step.player]
    return move_words(
        hand, step.deck, step.discard, (step.turn.hand, step.turn.deck, step.turn.discard)
    )


def state_lines(step: Step) -> list[str]:
    """The state before ``step`` as text (hands, the player to move marked, deck, discard)."""
    lines = []
    for k, hand in enumerate(step.hands):
        mark = "  <- to move" if k == step.player else ""
        lines.append(f"hand {k + 1}: {' '.join(map(short, hand)) or '(empty)'}{mark}")
    lines.append(f"discard ({len(step.discard)}, top first): {' '.join(map(short, step.discard))}")
    lines.append(f"deck ({len(step.deck)}, next first): {' '.join(map(short, step.deck))}")
    return lines


def state_data(step: Step) -> dict:
    return {
        "player": step.player + 1,
        "hands": [[list(c) for c in h] for h in step.hands],
        "deck": [list(c) for c in step.deck],
        "discard": [list(c) for c in step.discard],
    }


def first_divergence(
    part: str,
    game: Sequence[Step],
    answers: Sequence[tuple[str, Any]],
    value: Any,
) -> dict | None:
    """The first turn whose move (the student's ``onePlayerOneMove`` on the reference's state
    before it, ``answers``) differs from the reference's; when none does, a note on turn
    order and stopping. ``value``: what the student's part returned (None if it raised)."""
    for step, (kind, answer) in zip(game, answers, strict=False):
        after = (step.turn.hand, step.turn.deck, step.turn.discard)
        if kind == "returned" and normalise(answer) == normalise(after):
            continue
        hand = step.hands[step.player]
        if kind == "raised":
            got = f"raises {answer}"
        else:
            got = move_words(hand, step.deck, step.discard, answer)
        expected = expected_words(step)
        if got == expected:  # the same move words for a different state: say how it differs
            got += " but leaves a different hand, deck or discard"
        rule = RULES.get(step.turn.rule, step.turn.rule)
        if kind == "returned" and _marker_only(step, answer):
            rule = MARKER_DECISION  # the play was right: only the marker it names differs
        return {
            "kind": "turn",
            "turn": step.number,
            "player": step.player + 1,
            "where": f"turn {step.number}, player {step.player + 1}",
            "expected": expected,
            "got": got,
            "rule": rule,
            "summary": (
                f"turn {step.number} (player {step.player + 1}) is the first that departs from "
                f"the rules: expected {expected} by {rule}; your {SINGLE_MOVE} {got}"
            ),
            "note": (
                f"found by replaying the expected game with your {SINGLE_MOVE}, turn by turn, "
                "on the state before each turn"
            ),
            "state_text": state_lines(step),
            "state": state_data(step),
            "view": "uno-moves-state",
        }
    if len(answers) < len(game):
        return None  # the probe stopped short without a raise: nothing to say
    return _order_or_stopping(part, game, value)


def _order_or_stopping(part: str, game: Sequence[Step], value: Any) -> dict:
    """Every single move agrees: what is left is whose turn it is, or when the game stops."""
    count = len(game)
    lines = []
    if value is not None:
        got = normalise(value)
        for step in game:
            after = step.after()
            state = (after[0][0], after[1], after[2]) if part == "part02" else after
            if normalise(state) == got and step.number < count:
                lines.append(
                    f"your result is the state after turn {step.number} of {count}: your game "
                    f"stops too early (turn {step.number + 1} is player "
                    f"{game[step.number].player + 1}'s, who can still move)"
                )
                break
        first = normalise(
            (game[0].hands[0], game[0].deck, game[0].discard)
            if part == "part02"
            else (game[0].hands, game[0].deck, game[0].discard)
        )
        if game and got == first:
            lines.append("your result is the state the game started from: no turn was taken")
    if part in ("part03", "part04"):
        turning = next(
            (
                s
                for s in game
                if s.event.card is not None and s.event.card[1] in (SKIP_SYMBOL, REVERSE_SYMBOL)
            ),
            None,
        )
        if turning is not None and turning.number < count:
            what = "a Skip" if turning.event.card[1] == SKIP_SYMBOL else "a Reverse"
            nxt = game[turning.number]
            lines.append(
                f"the first Skip or Reverse is on turn {turning.number}: player "
                f"{turning.player + 1} plays {what} {card_words(turning.event.card)}, so turn "
                f"{turning.number + 1} is player {nxt.player + 1}'s"
            )
    if part in ("part02", "part04"):
        last = game[-1] if game else None
        if last is not None:
            why = (
                "cannot continue"
                if not last.turn.changed
                else "empties a hand"
                if not last.turn.hand
                else "plays its last turn"
            )
            lines.append(f"the expected game ends on turn {count}: player {last.player + 1} {why}")
    summary = (
        f"every one of the {count} turns agrees with your {SINGLE_MOVE} (each move, on the state "
        "before it, is right): the difference is in whose turn it is or when the game stops"
    )
    return {
        "kind": "order",
        "turn": None,
        "player": None,
        "summary": summary,
        "rule": (
            "Parts 3 and 4: turn order (Skip, Reverse; D7), and when the game stops (D8, D9)"
            if part != "part02"
            else "Part 2: when the game stops (D8, D9)"
        ),
        "note": "; ".join(lines),
        "details": lines,
    }
