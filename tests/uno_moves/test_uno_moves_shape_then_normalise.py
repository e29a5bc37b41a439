"""uno-moves: ``normalise_result`` trusts ``check_shape``'s look at every card only for the very
result it just checked, and gives the same value as it does alone (a second implementation:
the generic ``normalise``, card by card)."""

from __future__ import annotations

import copy

from graders.assignment import load_assignment
from unokit.compare import normalise


def _as_tuples(value):
    if isinstance(value, list):
        if len(value) == 2 and all(isinstance(x, str) and len(x) == 1 for x in value):
            return tuple(value)
        return [_as_tuples(x) for x in value]
    return value


def test_checked_then_normalised_equals_normalised_alone_on_every_case():
    assignment = load_assignment("uno-moves")
    plugin = assignment.plugin
    for case in assignment.cases():
        value = tuple(_as_tuples(case.expected))
        alone = plugin.normalise_result(case.part, copy.deepcopy(value))
        assert plugin.check_shape(case.part, value) is None
        after = plugin.normalise_result(case.part, value)
        assert after == alone == normalise(value) == case.expected


def test_a_checked_result_does_not_vouch_for_another_one():
    plugin = load_assignment("uno-moves").plugin
    plain = ([("r", "5")], [("b", "2")], [("g", "7")])
    assert plugin.check_shape("part01", plain) is None
    # a different object, with a card that is no pair at all (``list(map(list, pile))``, the
    # shortcut for plain cards, would raise on it)
    odd = ([("r", "5"), 7], [("b", "2")], [("g", "7")])
    assert plugin.normalise_result("part01", odd) == normalise(odd)
    assert plugin.check_shape("part01", odd) == (
        "hand, card 2: expected a card such as ('r','5') (two 1-character strings), got 7"
    )


def test_the_same_object_under_another_part_is_looked_at_again():
    plugin = load_assignment("uno-moves").plugin
    hands = ([[("r", "5")], [("y", "1")]], [("b", "2")], [("g", "7")])
    assert plugin.check_shape("part03", hands) is None
    # read as one hand (part 1), its "hand" is a list of hands: not plain cards
    assert plugin.normalise_result("part01", hands) == normalise(hands)
