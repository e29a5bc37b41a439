"""The mutants: each a one-place patch to the reference ADT breaking exactly one rule.

Hidden from students (they see only the count, and after the due date the names).
``old`` must occur exactly once in ``file`` of ``reference/final_card_down/game/``;
``tests/final_card_down/test_fcd_mutants.py`` checks that, and that every mutant is
caught by at least one reference test.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Mutant:
    """A named, documented patch: replace ``old`` by ``new`` in ``file``."""

    name: str
    rule: str  # the rule it breaks, with its source (FAQ / spec rule number)
    file: str
    old: str
    new: str
    # The open rule (a ``Readings`` switch) whose other reading this patch plays, if any: for
    # a student of that reading the patch is no bug, so their mutant is the page's decision.
    reading: str | None = None


MUTANTS: tuple[Mutant, ...] = (
    Mutant(
        "zero_not_wild",
        "FAQ ZERO: a ZERO of any colour or suit matches whenever playing is allowed (rule 3)",
        "rules.py",
        "    if card.value == Value.ZERO:\n        return True\n",
        "    if False:\n        return True\n",
    ),
    Mutant(
        "zero_wild_under_draw_two",
        "FAQ ZERO: while a DRAW_TWO penalty is pending a ZERO cannot be played (rule 3)",
        "rules.py",
        "    if game.penalty and card.value != Value.DRAW_TWO:",
        "    if game.penalty and card.value not in (Value.DRAW_TWO, Value.ZERO):",
    ),
    Mutant(
        "draw_two_does_not_stack",
        "FAQ DRAW_TWO: stacked DRAW_TWOs add up, 2 x the number stacked (rule 6)",
        "rules.py",
        "stack_out=game.penalty + 1 if card.value == Value.DRAW_TWO",
        "stack_out=1 if card.value == Value.DRAW_TWO",
    ),
    Mutant(
        "draw_two_stays_active",
        "Decision D2: a DRAW_TWO whose penalty was drawn no longer forces the next player",
        "rules.py",
        "        penalty=game.stack_out,",
        "        penalty=game.stack_out or game.penalty,",
        reading="drawn_draw_two_stays",
    ),
    Mutant(
        "callout_penalty_to_caller",
        "FAQ call-out: a correct call-out gives the *previous* player 2 cards (rule 9)",
        "rules.py",
        "        return _draw(g, game.prev_player, CALLOUT_PENALTY)",
        "        return _draw(g, game.player, CALLOUT_PENALTY)",
    ),
    Mutant(
        "wrong_callout_draws_two",
        "FAQ call-out: a wrong call-out costs the caller 4 cards, not 2 (rule 9)",
        "rules.py",
        "WRONG_CALLOUT_PENALTY = 4",
        "WRONG_CALLOUT_PENALTY = 2",
    ),
    Mutant(
        "callout_any_time",
        "FAQ: a call-out must be the very first move(s) of the turn; saying a word otherwise "
        "is invalid (rules 8, 9)",
        "rules.py",
        "    if not game.in_callouts:",
        "    if False:",
    ),
    Mutant(
        "refill_reversed",
        "FAQ: after the flip the first card ever discarded is the top of the deck (rule 11)",
        "rules.py",
        "    return discard[:-1], discard[-1:]",
        "    return discard[-2::-1], discard[-1:]",
    ),
    Mutant(
        "refill_takes_top",
        "FAQ: the top discard stays on the discard pile when the deck is refilled (rule 11)",
        "rules.py",
        "    return discard[:-1], discard[-1:]",
        "    return discard, discard[-1:]",
    ),
    Mutant(
        "deal_in_blocks",
        "FAQ newGame: cards are dealt round-robin, one each from player 0 (rule 1)",
        "state.py",
        "    hands = tuple(deck[p:dealt:NUM_PLAYERS] for p in range(NUM_PLAYERS))",
        "    hands = tuple(deck[p * HAND_SIZE : (p + 1) * HAND_SIZE] for p in range(NUM_PLAYERS))",
    ),
    Mutant(
        "advance_does_not_skip",
        "Spec rule 7: after an ADVANCE the next player is skipped",
        "rules.py",
        "    step = 2 if game.skip_next else 1",
        "    step = 1",
    ),
    Mutant(
        "skipped_player_gets_a_turn_number",
        "Decision D4: a skipped player plays no turn, so uses no turn number",
        "rules.py",
        "        turn=game.turn + 1,",
        "        turn=game.turn + (2 if game.skip_next else 1),",
        reading="skipped_turn_numbered",
    ),
    Mutant(
        "backwards_ignored",
        "Spec rule 7: BACKWARDS reverses the direction of play",
        "rules.py",
        "    if card.value == Value.BACKWARDS:",
        "    if False:",
    ),
    Mutant(
        "first_draw_two_ignored",
        "FAQ special cards: a first discard DRAW_TWO makes the first player draw 2 (rule 10)",
        "state.py",
        "        penalty = 1",
        "        penalty = 0",
    ),
    Mutant(
        "first_advance_ignored",
        "FAQ special cards: a first discard ADVANCE skips player 0 (rule 10)",
        "state.py",
        "        player = 1",
        "        player = 0",
    ),
    Mutant(
        "first_backwards_ignored",
        "FAQ special cards: a first discard BACKWARDS starts play anticlockwise (rule 10)",
        "state.py",
        "        direction = Direction.ANTICLOCKWISE",
        "        direction = Direction.CLOCKWISE",
    ),
    Mutant(
        "declare_ignores_next_color",
        "FAQ DECLARE: the declared colour replaces the printed one (rule 7)",
        "rules.py",
        "        declared=m.nextColor if card.value == Value.DECLARE else None,",
        "        declared=None,",
    ),
    Mutant(
        "declared_color_sticks",
        "FAQ DECLARE: the declared colour holds only while the DECLARE is the top card",
        "rules.py",
        "        declared=m.nextColor if card.value == Value.DECLARE else None,",
        "        declared=m.nextColor if card.value == Value.DECLARE else game.declared,",
    ),
    Mutant(
        "continue_gives_no_extra_play",
        "FAQ CONTINUE: after a CONTINUE the player may play one more card (rules 5, 7)",
        "rules.py",
        "        may_play_again=card.value == Value.CONTINUE,",
        "        may_play_again=False,",
    ),
    Mutant(
        "continue_any_card",
        "FAQ CONTINUE: the card after a CONTINUE must match it (value, suit, colour) or be a ZERO",
        "rules.py",
        "    if not matches(card, game.top, game.effective_color):",
        "    if not game.played and not matches(card, game.top, game.effective_color):",
    ),
    Mutant(
        "play_after_draw",
        "Decision D1: a turn is either a draw or a play; no play after an ordinary draw",
        "rules.py",
        "    if game.drawn and not _may_play_after_draw(game):\n"
        '        return "the player drew this turn, so cannot play"',
        '    if False:\n        return "the player drew this turn, so cannot play"',
        reading="play_after_draw",
    ),
    Mutant(
        "many_draws_per_turn",
        "Spec rule 5: one ordinary draw per turn",
        "rules.py",
        '    if game.drawn:\n        return "only one card may be drawn per turn"',
        '    if False:\n        return "only one card may be drawn per turn"',
    ),
    Mutant(
        "end_turn_without_action",
        "Spec rule 4: END_TURN is valid only after at least one play or draw",
        "rules.py",
        '    return "END_TURN needs a play or a draw first"',
        "    return None",
    ),
    Mutant(
        "win_needs_end_turn",
        "FAQ game end: the game ends as soon as the final card is put down (rule 12)",
        "rules.py",
        "        winner=p if not hand else NOT_FINISHED,",
        "        winner=NOT_FINISHED,",
    ),
    Mutant(
        "no_winner_never",
        "FAQ: drawing from an empty deck with a one-card discard pile ends with NO_WINNER",
        "rules.py",
        "                winner = NO_WINNER\n",
        "                winner = game.winner\n",
    ),
    Mutant(
        "points_count_cards",
        "FAQ playerPoints: the sum of the values of the cards in the hand",
        "queries.py",
        "    return sum(int(c.value) for c in game.hands[player])",
        "    return len(game.hands[player])",
    ),
    Mutant(
        "num_turns_is_current_turn",
        "FAQ SPOTS: numTurns = currentTurn + 1 (turns count from 0)",
        "queries.py",
        "    return game.turn + 1\n",
        "    return game.turn\n",
    ),
    Mutant(
        "draw_after_play",
        "Decision D31: a turn is either a draw or a play; no draw after a play",
        "rules.py",
        "    if game.played and not game.readings.draw_after_play:",
        "    if False:",
        reading="draw_after_play",
    ),
    Mutant(
        "callout_in_turn_zero",
        "Decision D32: a call-out needs a previous player, so none is valid in turn 0",
        "rules.py",
        "    if game.prev_player < 0 and not game.readings.callout_in_turn_zero:",
        "    if False:",
        reading="callout_in_turn_zero",
    ),
)
