"""The comparison's verdicts and summaries, pinned where mutation testing found them loose.

Every expectation here is worked out by hand from ``describe_sequence``'s docstring (one line
for a simple shape; otherwise the first ``limit`` differing positions, numbered from 1, then
"expected N cards, got M" when the lengths differ, then "… and K more" for the rest) or from
what a student must be told; none is pasted from the code's output.
"""

from __future__ import annotations

import pytest

from unokit.compare import describe_sequence, differs, normalise, type_name


def lines(expected: str, actual: str, **options) -> list[str]:
    """Cards are one-letter strings here; ``show`` is plain ``str`` so lines stay short."""
    return describe_sequence("deck", list(expected), list(actual), show=str, **options)


# -- differs: the verdict ------------------------------------------------------------------


def test_a_different_value_of_the_same_type_differs():
    # The fast path (same type, equal) must not pass values that differ.
    assert differs([1, 2], [1, 3])
    assert differs("r5", "r6")
    assert differs(((("r", "5"),),), ((("r", "6"),),))


@pytest.mark.parametrize("actual", [True, 1.0])
def test_one_is_neither_true_nor_one_point_zero_at_the_top_level(actual):
    # Python says 1 == True == 1.0; a student who returned True where 1 was expected is wrong.
    assert differs(1, actual)
    assert differs(actual, 1)


def test_a_tuple_and_a_list_with_the_same_items_do_not_differ_at_the_top_level():
    assert not differs(("r", "5"), ["r", "5"])
    assert not differs([("r", "5")], (["r", "5"],))


def test_a_returned_value_equal_to_the_expected_one_does_not_differ():
    assert not differs({"hands": [("r", "5")]}, {"hands": [("r", "5")]})
    assert not differs(7, 7)


# -- normalise -----------------------------------------------------------------------------


def test_dicts_holding_tuples_are_normalised_inside():
    assert normalise({"top": ("r", "5"), "n": 3}) == {"top": ["r", "5"], "n": 3}
    assert normalise([{"pile": (("r", "5"),)}]) == [{"pile": [["r", "5"]]}]
    # so a dict of tuples and a dict of lists are the same result
    assert not differs({"top": ("r", "5")}, {"top": ["r", "5"]})
    assert differs({"top": ("r", "5")}, {"top": ["r", "6"]})


@pytest.mark.parametrize("leaf", [5, 2.5, "r5", None, True])
def test_leaves_come_back_as_they_are(leaf):
    assert normalise(leaf) is leaf


# -- describe_sequence: the lines a student reads -------------------------------------------


def test_one_expected_three_different_got_names_each_position_and_the_counts():
    # [a] against [b, c, d]: no end matches, not a single insertion: positions 1..3, then
    # the lengths. Exactly three positions differ, so there is no "… and 0 more" line.
    assert lines("a", "bcd") == [
        "deck, card 1: expected a, got b",
        "deck, card 2: expected nothing, got c",
        "deck, card 3: expected nothing, got d",
        "deck: expected 1 card, got 3",
    ]


def test_three_expected_one_different_got_says_got_nothing():
    assert lines("abc", "d") == [
        "deck, card 1: expected a, got d",
        "deck, card 2: expected b, got nothing",
        "deck, card 3: expected c, got nothing",
        "deck: expected 3 cards, got 1",
    ]


def test_the_rest_is_counted_only_when_there_is_a_rest():
    # four positions differ, limit 3: one more
    assert lines("abcd", "wxyz")[-1] == "deck: … and 1 more card positions differ"
    assert len(lines("abcd", "wxyz")) == 4
    # exactly three differ: three lines and nothing else
    assert lines("abc", "xyz") == [
        "deck, card 1: expected a, got x",
        "deck, card 2: expected b, got y",
        "deck, card 3: expected c, got z",
    ]
    assert not any("more" in line for line in lines("abc", "xyz"))


def test_the_limit_is_a_parameter():
    assert lines("abcd", "wxyz", limit=1) == [
        "deck, card 1: expected a, got w",
        "deck: … and 3 more card positions differ",
    ]


def test_cards_inserted_in_the_middle_are_extra_after_a_card():
    # a, b expected; a, x, y, b got: two extra cards after card 1 (not "at the front")
    assert lines("ab", "axyb") == ["deck: 2 extra cards after card 1"]
    assert lines("ab", "axb") == ["deck: extra card x after card 1"]


def test_cards_missing_or_extra_at_either_end():
    assert lines("abc", "bc") == ["deck: missing card a at the front"]
    assert lines("abc", "c") == ["deck: 2 cards missing at the front"]
    assert lines("bc", "abc") == ["deck: extra card a at the front"]
    assert lines("bc", "xybc") == ["deck: 2 extra cards at the front"]
    assert lines("ab", "abx") == ["deck: extra card x at the end"]
    assert lines("abc", "ab") == ["deck: missing card c at the end"]


def test_one_card_missing_in_the_middle_of_a_long_pile_of_repeated_cards():
    # 300 cards cycling through five values (each is more than 1% of the pile, which
    # difflib's "autojunk" heuristic would throw away); the 151st is removed. A student must
    # still read "missing card after card 150", not a list of shifted positions.
    expected = [str(k % 5) for k in range(300)]
    actual = expected[:150] + expected[151:]
    assert describe_sequence("deck", expected, actual, show=str) == [
        "deck: missing card 0 after card 150"
    ]


def test_kind_names_the_one_item():
    kind = {"m": "colour marker"}.get
    assert describe_sequence(
        "discard", ["x"], ["m", "x"], show=str, kind=lambda c: kind(c, "card")
    ) == ["discard: extra colour marker m at the front"]


def test_equal_sequences_have_nothing_to_say():
    assert lines("abc", "abc") == []
    assert describe_sequence("deck", [("r", "5")], [["r", "5"]]) == []


# -- type_name -----------------------------------------------------------------------------


def test_type_name_says_what_kind_of_value_came_back():
    assert type_name(None) == "None"
    assert type_name([1, 2]) == "a list of 2"
    assert type_name((1,)) == "a tuple of 1"
    assert type_name([]) == "a list of 0"
    assert type_name(2.5) == "a float"
    assert type_name({"a": 1}) == "a dict"
    # a value the child could not send as data arrives described by its type and repr
    assert type_name({"__type__": "Card", "__repr__": "Card(r, 5)"}) == "a Card"
    # a dict that merely has one of those keys is still a dict
    assert type_name({"__type__": "Card"}) == "a dict"
    assert type_name({"__repr__": "x"}) == "a dict"
