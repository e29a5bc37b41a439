"""``unograde new ID --course DIR`` and then every command on it, with no edit anywhere else.

Run as a course team would: fresh ``unograde`` processes, the course given by ``--course``
(or ``UNOGRADE_COURSE``), nothing but the course folder written.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from .conftest import unograde

# Slow tier: scaffolds an assignment and grades and checks it with the CLI.
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def course(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("course") / "my-course"
    made = unograde("new", "card-points", "--course", str(folder))
    assert made.returncode == 0, made.stderr
    return folder


def test_the_scaffold_is_a_complete_assignment(course):
    page = (course / "assignments" / "card-points" / "README.md").read_text()
    assert "## Decisions" in page
    # The page is the students'; what only staff need is in STAFF.md beside it.
    assert not re.search(r"(?im)^#+.*staff", page)
    assert "fixtures/" not in page and "reference/" not in page
    staff = (course / "assignments" / "card-points" / "STAFF.md").read_text()
    assert "fixtures generate card-points" in staff and "reference/card_points/" in staff
    for path in [
        "assignments/card-points/assignment.toml",
        "assignments/card-points/starter/card_points.py",
        "assignments/card-points/solution/card_points.py",
        "reference/card_points/__init__.py",
        "reference/card_points/plugin.py",
        "fixtures/card-points/manifest.json",
    ]:
        assert (course / path).is_file(), path
    cases = json.loads((course / "fixtures/card-points/manifest.json").read_text())["cases"]
    assert len(cases) == 20
    assert {c["visibility"] for c in cases} == {"public", "hidden"}


def test_it_is_listed_beside_the_built_in_assignments(course):
    listed = unograde("list", course=course)
    assert listed.returncode == 0
    assert "card-points" in listed.stdout and "uno-moves" in listed.stdout
    assert "card-points" in unograde("list", env_course=course).stdout


def test_the_reference_agrees_with_a_hand_computation(course):
    given = course / "hand.json"
    given.write_text('{"hand": ["R5", "GS", "W4", "B0", "YD"]}')  # 5 + 20 + 50 + 0 + 20
    solved = unograde("solve", "card-points", str(given), course=course)
    assert (solved.returncode, solved.stdout) == (0, "95\n")


def test_fixtures_regenerate_reproducibly(course, tmp_path):
    first, again = tmp_path / "a", tmp_path / "b"
    for out in (first, again):
        done = unograde("fixtures", "generate", "card-points", "--count", "6", "--seed", "3",
                        "--out", str(out), course=course)  # fmt: skip
        assert done.returncode == 0, done.stderr
    files = sorted(p.relative_to(first) for p in first.rglob("*") if p.is_file())
    assert len(files) == 13  # 6 inputs, 6 expectations, the manifest
    assert all((first / f).read_bytes() == (again / f).read_bytes() for f in files)


def test_the_solution_scores_full_marks_and_the_starter_less(course, tmp_path):
    solution = course / "assignments/card-points/solution"
    starter = course / "assignments/card-points/starter"
    out = tmp_path / "reports"
    done = unograde("grade", "card-points", str(solution), str(starter), "--out", str(out),
                    course=course)  # fmt: skip
    assert done.returncode == 0, done.stderr
    scores = {
        name: json.loads((out / name / "result.json").read_text())
        for name in ("solution", "starter")
    }
    assert scores["solution"]["score"] == scores["solution"]["max_score"] == 10
    assert scores["starter"]["score"] < 10


def test_check_passes_the_solution_and_fails_the_starter(course):
    right = unograde("check", "card-points", str(course / "assignments/card-points/solution"),
                     "-q", course=course)  # fmt: skip
    assert right.returncode == 0, right.stdout
    wrong = unograde("check", "card-points", str(course / "assignments/card-points/starter"),
                     "-q", course=course)  # fmt: skip
    assert wrong.returncode == 1
    assert "expected" in wrong.stdout and "points, got 0" in wrong.stdout


def test_new_refuses_to_overwrite_or_to_shadow(course, tmp_path):
    again = unograde("new", "card-points", "--course", str(course))
    assert again.returncode == 2 and "exists already; nothing was written" in again.stderr
    taken = unograde("new", "uno-moves", "--course", str(tmp_path / "other"))
    assert taken.returncode == 2 and "exists already" in taken.stderr
    assert not (tmp_path / "other").exists()
    bad = unograde("new", "Card Points", "--course", str(tmp_path / "other"))
    assert bad.returncode == 2 and "is not an assignment id" in bad.stderr
