"""A failed case's input as the reports show it, when the assignment has no words of its own
for it (the default ``show_input``): each argument pretty-printed under its number, at most
60 lines and 500 characters a line (``unokit.verdict``).

Expectations are worked out by hand from what the docstrings promise and from ``pprint``'s
documented layout (a width of 96 characters, several short items a line).
"""

from __future__ import annotations

from unokit.verdict import bounded_input, input_lines


def test_each_argument_is_numbered_from_one_and_indented():
    assert input_lines((["r1", "g2"], 3)) == [
        "argument 1:",
        "  ['r1', 'g2']",
        "argument 2:",
        "  3",
    ]
    assert input_lines(()) == []


def test_an_argument_fills_lines_of_96_characters_with_several_items_each():
    # [10, 10, ..., 10] of 24 items is 96 characters: one line
    assert input_lines(([10] * 24,)) == ["argument 1:", "  " + repr([10] * 24)]
    # one character more (a 100 at the end) no longer fits: the items are packed onto two
    # lines (pprint's compact layout), not one line each
    longer = [10] * 23 + [100]
    assert len(repr(longer)) == 97
    assert input_lines((longer,)) == [
        "argument 1:",
        "  [" + "10, " * 22 + "10,",
        "   100]",
    ]


def test_arguments_stop_once_past_sixty_lines():
    # every argument takes two lines: thirty take exactly sixty, and the next one is still
    # shown (the cut comes only once past sixty) ...
    assert len(input_lines((0,) * 30)) == 60
    assert len(input_lines((0,) * 31)) == 62
    # ... and nothing after it, however many there are
    many = input_lines(tuple(range(40)))
    assert len(many) == 62 and many[-2:] == ["argument 31:", "  30"]


def test_a_long_argument_is_shown_whole_and_then_the_rest_is_left_out():
    tall = [[k] * 20 for k in range(100)]  # one row of 62 characters a line: 100 lines
    lines = input_lines((tall, "after"))
    assert lines[0] == "argument 1:" and len(lines) == 101
    assert "argument 2:" not in lines


def test_the_report_keeps_the_first_sixty_lines():
    lines = [f"line {k}" for k in range(100)]
    assert bounded_input(lines) == lines[:60]
    assert bounded_input(lines[:59]) == lines[:59]


def test_each_line_is_cut_at_five_hundred_characters():
    assert bounded_input(["x" * 500]) == ["x" * 500]
    assert bounded_input(["x" * 501]) == ["x" * 500 + "… (1 more characters not shown)"]
    assert bounded_input(["y" * 499]) == ["y" * 499]


def test_anything_given_is_shown_as_text_that_encodes():
    assert bounded_input([3, "a\ud800b\x00c"]) == ["3", "a\ufffdbc"]
