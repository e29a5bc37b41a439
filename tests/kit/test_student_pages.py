"""Every built-in assignment's page is the page students get (issue 17).

``assignments/<id>/README.md`` is shipped as it is in the student kit, so it must make sense
without the repository: no seed file names or paths, no reference module paths, no paths into
``fixtures/`` or ``tests/``, no staff section. Staff notes live in ``assignments/<id>/STAFF.md``
beside it. The project's rule that every decision is on the page still holds: the page has its
"Decisions" heading.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ASSIGNMENTS = sorted(p.parent.name for p in (ROOT / "assignments").glob("*/assignment.toml"))

# What a student page must not hold, each with a sample it must catch (checked below, so a
# pattern that matches nothing cannot pass unnoticed).
FORBIDDEN = {
    "a seed file name": (r"\b\d{3}_[0-9a-f]{16}\.txt\b", "`003_4dbfcb913eac1d94.txt`"),
    "a seeds folder path": (r"\bseeds/", "`shared/seeds/`"),
    "a reference module path": (r"\breference[./][A-Za-z_]", "`reference.ochos_locos`"),
    "a fixtures path": (r"\bfixtures/", "`fixtures/uno-moves/seed/`"),
    "a tests path": (r"\btests/", "`tests/uno_moves/test_uno_moves_seed.py`"),
    "a staff section": (r"(?im)^#+\s*for (course )?staff\b", "## For staff"),
    # Students get the open readings in words; the reference's switches are the staff's.
    "a reference switch": (r"\bReadings\.\w", "`Readings.wild_draw_four_extends_draw_two`"),
    "the project's issue number": (r"\b[Ii]ssue \d+\b", "(issue 28)"),
}


def test_the_patterns_catch_what_they_are_for():
    for what, (pattern, sample) in FORBIDDEN.items():
        assert re.search(pattern, sample), what
    # ...and not the ordinary word: "the reference." ends a sentence, it is no module path.
    assert not re.search(FORBIDDEN["a reference module path"][0], "as in the reference. Then")


def test_every_built_in_assignment_is_checked():
    assert set(ASSIGNMENTS) >= {
        "uno-moves",
        "ochos-locos",
        "uno-lab",
        "uno-official",
        "final-card-down",
    }


@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_the_page_carries_no_staff_notes(assignment):
    page = (ROOT / "assignments" / assignment / "README.md").read_text(encoding="utf-8")
    found = []
    for what, (pattern, _) in FORBIDDEN.items():
        for match in re.finditer(pattern, page):
            line = page.count("\n", 0, match.start()) + 1
            found.append(f"README.md line {line}: {what} ({match.group(0)!r})")
    assert not found, "\n".join(found)


@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_the_page_has_its_decisions_and_a_staff_file_beside_it(assignment):
    folder = ROOT / "assignments" / assignment
    page = (folder / "README.md").read_text(encoding="utf-8")
    assert re.search(r"(?m)^## Decisions\s*$", page), "no '## Decisions' heading"
    assert (folder / "STAFF.md").is_file(), "no STAFF.md beside the page"
    staff = (folder / "STAFF.md").read_text(encoding="utf-8")
    assert staff.startswith("# "), "STAFF.md has no title"
