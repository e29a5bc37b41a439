"""``[layouts.NAME.shown]``: what a report's parts table names a part in that language."""

from __future__ import annotations

from pathlib import Path

import pytest

from graders.run.layouts import LayoutError, layout_specs

PARTS = ["adt", "tests-reference", "tests-mutants"]


def spec(**more) -> dict:
    return {"c": {"files": {"adt": "Game.c"}, "build": "gcc x.c", "run": "./x", **more}}


def test_shown_names_the_parts_it_lists_and_no_other():
    (layout,) = layout_specs(spec(shown={"tests-mutants": "testGame.c"}), Path("."), PARTS)
    assert layout.shown_as("tests-mutants") == "testGame.c"
    assert layout.shown_as("adt") is None and layout.shown_as("tests-reference") is None


def test_without_shown_nothing_is_renamed():
    (layout,) = layout_specs(spec(), Path("."), PARTS)
    assert all(layout.shown_as(p) is None for p in PARTS)


@pytest.mark.parametrize("shown", [{"nosuch": "x.c"}, ["testGame.c"]])
def test_a_shown_table_naming_no_part_is_refused_by_name(shown):
    with pytest.raises(LayoutError, match=r"\[layouts\.c\.shown\]: expected part ids among adt"):
        layout_specs(spec(shown=shown), Path("."), PARTS)
