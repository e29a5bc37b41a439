"""uno-lab tasks at their edges (found loose by mutation testing).

Expectations come from the seed (section 3: the deck of 108, seven cards each, the first pile
card) and its worked examples (task 4's sorted hand), reasoned by hand in the comments.
"""

from __future__ import annotations

from itertools import permutations

import pytest

from reference import uno_lab as u

C = u.CRD
N = u.NUM
R, G, B, Y = u.RED, u.GREEN, u.BLUE, u.YELLOW
FALSE = u.FalseStrategy.ownStrategy

# Task 4's seed example, sorted (greatest first).
SORTED = [u.WILD, C(u.SKIP, R), C(u.DRAW_TWO, G), C(N(5), G), C(u.REVERSE, Y), C(N(8), Y),
          C(N(2), Y)]  # fmt: skip


def player(name, cards=()):
    return u.Player.make(name, list(cards), FALSE, False)


def names(desk):
    return [u.Player.getName(p) for p in u.Desk.getPlayers(desk)]


def test_card_sort_gives_the_same_order_from_every_order_of_the_hand():
    for hand in permutations(SORTED):
        assert u.cardSort(list(hand)) == SORTED


def test_at_most_fifteen_players_can_be_dealt_to(capsys):
    # 108 cards, 7 each, at least one left for the pile: 15 * 7 = 105 leaves 3; 16 * 7 = 112.
    fifteen = [player(f"p{k}") for k in range(15)]
    with u.seeded(1):
        desk = u.deal(fifteen)
    assert len(u.Desk.getPile(desk)) == 1 and len(u.Desk.getDeck(desk)) == 2
    with pytest.raises(u.IllegalGame, match="needs 1 to 15 players, got 16"):
        u.deal(fifteen + [player("p15")])


def test_only_the_first_pile_card_is_normalised(capsys):
    # A number on top (a REVERSE under it): the turn simply passes to the next player.
    three = [player("Sergey"), player("Pavel"), player("Saveliy")]
    desk = u.Desk.make(three, [C(N(5), R), C(u.REVERSE, B)], [], u.PROCEED, u.CLOCKWISE, [])
    after = u.deskNormalize(desk)
    assert u.Desk.getDirection(after) == u.CLOCKWISE and names(after)[0] == "Pavel"
    assert u.Desk.getState(after) == u.PROCEED


def test_drawing_from_an_empty_deck_turns_over_a_pile_of_two():
    # The top card stays; the one under it becomes the deck and is drawn at once.
    three = [player("Sergey", [C(N(9), Y)]), player("Pavel"), player("Saveliy")]
    desk = u.Desk.make(three, [C(u.REVERSE, R), C(N(1), G)], [], u.PROCEED, u.CLOCKWISE, [])
    after = u.draw(desk)
    assert u.Player.getCards(u.Desk.getPlayers(after)[0]) == [C(N(1), G), C(N(9), Y)]
    assert u.Desk.getPile(after) == [C(u.REVERSE, R)] and u.Desk.getDeck(after) == []


def test_a_wild_on_top_is_shuffled_back_with_the_deck_only():
    # Section 3.2: the wild goes back into the deck and a new first card is turned; the cards
    # already under it stay where they are. Deck [NUM 1 RED]: whatever the shuffle, NUM 1 RED
    # is turned up, the wild is the deck, and NUM 3 BLUE is still under the top.
    three = [player("Sergey"), player("Pavel"), player("Saveliy")]
    desk = u.Desk.make(three, [u.WILD, C(N(3), B)], [C(N(1), R)], u.PROCEED, u.CLOCKWISE, [])
    for seed in range(8):
        with u.seeded(seed):
            after = u.deskNormalize(desk)
        assert u.Desk.getPile(after) == [C(N(1), R), C(N(3), B)]
        assert u.Desk.getDeck(after) == [u.WILD]


def test_a_move_needs_players_and_a_pile():
    three = [player("Sergey", [C(N(1), R)]), player("Pavel"), player("Saveliy")]
    empty_pile = u.Desk.make(three, [], [], u.PROCEED, u.CLOCKWISE, [])
    nobody = u.Desk.make([], [C(N(5), R)], [], u.PROCEED, u.CLOCKWISE, [])
    for desk in (empty_pile, nobody):
        with pytest.raises(u.IllegalGame):
            u.play(desk, [C(N(1), R)])


def test_executing_needs_an_action_card_on_the_pile():
    three = [player("Sergey"), player("Pavel"), player("Saveliy")]
    for pile in ([], [u.WILD]):
        desk = u.Desk.make(three, pile, [], u.EXECUTE, u.CLOCKWISE, [])
        with pytest.raises(u.IllegalGame):
            u.execution(desk)


def test_the_strategy_is_shown_the_top_of_the_pile(capsys):
    # As in task 27's example (False answers CRD (NUM 5, GREEN), which is not playable here),
    # with a second card under the top: the strategy's fourth argument is the top, REVERSE RED.
    p1 = player("Sergey", [C(N(5), R), C(u.SKIP, B)])
    others = [player("Pavel"), player("Saveliy")]
    pile = [C(u.REVERSE, R), C(N(9), B)]
    desk = u.Desk.make([p1] + others, pile, [], u.PROCEED, u.CLOCKWISE, [])
    with pytest.raises(u.IllegalMove) as caught:
        u.play(desk, u.cardsToPlay(desk))
    assert caught.value.args[1][3] == C(u.REVERSE, R)


def test_executing_a_number_names_the_card_on_top():
    three = [player("Sergey"), player("Pavel"), player("Saveliy")]
    desk = u.Desk.make(three, [C(N(5), R), C(u.SKIP, B)], [], u.EXECUTE, u.CLOCKWISE, [])
    with pytest.raises(u.IllegalGame) as caught:
        u.execution(desk)
    assert repr(C(N(5), R)) in str(caught.value) and repr(C(u.SKIP, B)) not in str(caught.value)


def test_a_game_without_a_winner_stops_after_exactly_100000_turns(monkeypatch, capsys):
    # Decisions: a game that has not ended after 100,000 turns is an IllegalGame. Every turn
    # here changes nothing (a stand-in for yourTurn), so nobody ever wins.
    from reference.uno_lab import outcome

    turns = []
    monkeypatch.setattr(outcome, "yourTurn", lambda desk: turns.append(1) or desk)
    with u.seeded(2), pytest.raises(u.IllegalGame, match="100000 turns"):
        outcome.game([player("Sergey"), player("Pavel"), player("Saveliy")])
    assert len(turns) == 100_000


def test_naive_orders_the_head_of_the_shuffled_colours():
    # Task 24 in the seed: "to choose a random colour, shuffle the list colors and take the
    # first element of the resulting list". The same seed gives the same shuffle.
    args = (u.PROCEED, [u.WILD], [u.WILD], C(u.SKIP, R), u.CLOCKWISE, [], [])
    for seed in range(12):
        with u.seeded(seed):
            expected = u.shuffleList(u.colors)[0]
        with u.seeded(seed):
            assert u.Naive.ownStrategy(*args) == u.ORDER(u.WILD, expected)
