"""Issue 25: a name two submissions claim. A zip of one student that held ``alice/uno.py``
beside its own folder made a second "alice"; the real ``alice.py`` was renamed, and the Canvas
export gave the real Alice 0 instead of 100 (the submission graded last won). A zip or folder
in a class is one student's, never split; two submissions that claim one student are a
conflict that ``grade``, ``roster show`` and every export show, and neither is chosen."""

from __future__ import annotations

import csv
import io
import json
import zipfile
from pathlib import Path

import pytest

from graders.gradebook import Grading, Student
from graders.roster.matching import match_class

from .conftest import EXAMPLES, unograde

# Slow tier: grades classes with the CLI.
pytestmark = pytest.mark.slow

ADA = (EXAMPLES / "ada" / "uno.py").read_text()
BROKEN = "def onePlayerOneMove(discard, deck, hand):\n    return None\n"
ROSTER = "id,name,login\n1001,Alice Liddell,alice\n1002,Bob Stone,bob\n"


def rows_of(path: Path) -> list[list[str]]:
    return list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"), newline="")))


def grade_class(base: Path, klass: Path) -> dict:
    book, out, roster = base / "gradebook.db", base / "reports", base / "roster.csv"
    roster.write_text(ROSTER)
    assert unograde("roster", "import", str(roster), "--gradebook", str(book)).returncode == 0
    graded = unograde("grade", "uno-moves", str(klass), "--out", str(out), "--public-only",
                      "--gradebook", str(book))  # fmt: skip
    assert graded.returncode == 0, graded.stderr
    canvas = base / "canvas.csv"
    exported = unograde("export", "canvas", "--gradebook", str(book), "--out", str(canvas))
    assert exported.returncode == 0, exported.stderr
    cells = {row[0]: row[5] for row in rows_of(canvas)[2:]}
    return {"book": book, "out": out, "graded": graded, "exported": exported, "cells": cells}


def test_a_zip_in_a_class_is_one_students_and_never_makes_a_second_alice(tmp_path):
    klass = tmp_path / "class"
    klass.mkdir()
    (klass / "alice.py").write_text(ADA)
    with zipfile.ZipFile(klass / "bob.zip", "w") as zf:
        zf.writestr("bob/uno.py", ADA)
        zf.writestr("alice/uno.py", BROKEN)  # another student's name inside Bob's zip
    done = grade_class(tmp_path, klass)
    folders = sorted(p.name for p in done["out"].iterdir() if p.is_dir())
    assert folders == ["alice", "bob"]  # the real Alice keeps her name; no second one
    alice = json.loads((done["out"] / "alice" / "result.json").read_text())
    assert alice["origin"].endswith("alice.py") and alice["score"] == 100
    bob = json.loads((done["out"] / "bob" / "result.json").read_text())
    assert bob["origin"].endswith("bob.zip")
    assert "bob.zip: holds uno.py in 2 folders (alice, bob)" in bob["problem"]
    assert done["cells"] == {"Alice Liddell": "100", "Bob Stone": "0"}
    assert "conflict" not in done["exported"].stderr + done["graded"].stderr


def test_two_submissions_claiming_one_student_are_a_conflict_everywhere(tmp_path):
    klass = tmp_path / "class"
    (klass / "alice").mkdir(parents=True)
    (klass / "alice.py").write_text(ADA)
    (klass / "alice" / "uno.py").write_text(BROKEN)
    (klass / "bob.py").write_text(ADA)
    done = grade_class(tmp_path, klass)
    # grade: the name both claimed, and the roster student both match.
    err = done["graded"].stderr
    assert "name conflict: 2 submissions claim the name 'alice'" in err
    assert "(graded as alice-py)" in err and "(graded as alice-folder)" in err
    assert "conflict: Alice Liddell (1001) is claimed by 2 submissions" in err
    # Every export: no score is chosen for her, and the conflict is named.
    assert done["cells"] == {"Alice Liddell": "", "Bob Stone": "100"}
    assert "conflict: Alice Liddell (1001) is claimed by 2 submissions (alice-folder, " \
        "alice-py)" in done["exported"].stderr  # fmt: skip
    moodle = tmp_path / "moodle.csv"
    made = unograde("export", "moodle", "--gradebook", str(done["book"]), "--out", str(moodle))
    assert made.returncode == 0 and "conflict: Alice Liddell (1001)" in made.stderr
    assert [r[5] for r in rows_of(moodle)[1:] if r[2] == "1001"] == [""]
    long = tmp_path / "long.csv"
    made = unograde("export", "csv", "--gradebook", str(done["book"]), "--out", str(long))
    assert made.returncode == 0 and "conflict: Alice Liddell (1001)" in made.stderr
    hers = [r for r in rows_of(long)[1:] if r[0] == "1001"]
    assert hers and all(r[5] == "conflict: alice-folder, alice-py" and r[8] == "" for r in hers)
    shown = unograde("roster", "show", "--gradebook", str(done["book"]))
    assert shown.returncode == 0
    assert "1 student(s) claimed by several submissions" in shown.stdout
    assert "conflict: Alice Liddell (1001) is claimed by 2 submissions" in shown.stdout
    assert "without a submission" not in shown.stdout  # she has two, not none


def test_matching_chooses_none_of_two_claims_whatever_the_order_they_were_graded_in():
    from graders.roster.matching import name_conflicts

    roster = [Student("1", "Alice", login="alice"), Student("2", "Bob", login="bob")]

    def grading(gid, name, score):
        return Grading(gid, None, "a", "A", name, "", "", "", "", "", score, 10.0, None, False)

    for order in ((1, 2), (2, 1)):
        gradings = [grading(order[0], "alice-py", 10), grading(order[1], "alice-folder", 0),
                    grading(3, "bob", 7)]  # fmt: skip
        found = match_class(roster, gradings)
        assert {k: g.student for k, g in found.counted.items()} == {"2": "bob"}
        assert found.conflicts == {"1": ["alice-folder", "alice-py"]}
        assert found.missing == []
    assert name_conflicts(["alice-py", "alice-folder", "bob", "bob-2"]) == {
        "alice": ["alice-folder", "alice-py"]
    }
