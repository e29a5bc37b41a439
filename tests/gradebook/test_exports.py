"""``unograde export canvas|moodle|csv``: every roster student a row, the latest grading
counting, cells a spreadsheet will not run; checked against the reports the grader's workers
wrote (a second path from the same grading) and against figures written by hand."""

from __future__ import annotations

import csv
import io
import stat

import pytest

from graders.export.lms import points_text, split_name
from graders.gradebook import Gradebook, Student, schema

from .conftest import make_result, unograde

# Slow tier: grades classes with the CLI.
pytestmark = pytest.mark.slow


def rows_of(path) -> list[list[str]]:
    return list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"), newline="")))


def test_the_graded_class_exports_to_canvas(graded_class, tmp_path):
    out = tmp_path / "canvas.csv"
    done = unograde("export", "canvas", "--gradebook", str(graded_class["book"]), "--out",
                    str(out), "--column", "uno-moves=UNO moves (4242)")  # fmt: skip
    assert done.returncode == 0, done.stderr
    rows = rows_of(out)
    assert rows[0] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section",
                       "UNO moves (4242)"]  # fmt: skip
    assert rows[1] == ["Points Possible", "", "", "", "", "100"]
    results = graded_class["results"]

    def score(name: str) -> str:
        return points_text(results[name]["score"])

    # The group's submission counts for both of its students (Gradescope's metadata);
    # jdoe.py by login; the student with no submission has an empty cell.
    assert sorted(rows[2:]) == sorted([
        ["Ada Lovelace", "", "1001", "alove", "A", score("submission_111")],
        ["Grace Hopper", "", "1002", "ghop", "B", score("submission_222")],
        ["Alan Turing", "", "1003", "aturing", "A", score("submission_111")],
        ["Jane Doe", "", "1004", "jdoe", "B", score("jdoe")],
        ["Nobody Yet", "", "1005", "nyet", "B", ""],
    ])  # fmt: skip
    assert score("submission_111") == "100" and float(score("submission_222")) < 100
    assert "1 student(s) without a submission (empty cells): Nobody Yet" in done.stderr
    assert "1 submission(s) match no roster student and are not in this file: stranger" in (
        done.stderr
    )
    assert stat.S_IMODE(out.stat().st_mode) == 0o600  # grades: for their owner only


def test_the_graded_class_exports_to_moodle_and_a_long_csv(graded_class, tmp_path):
    book = str(graded_class["book"])
    results = graded_class["results"]
    moodle = tmp_path / "moodle.csv"
    done = unograde("export", "moodle", "--gradebook", book, "--out", str(moodle))
    assert done.returncode == 0, done.stderr
    rows = rows_of(moodle)
    assert rows[0] == ["First name", "Last name", "ID number", "Username", "Email address",
                       "uno-moves"]  # fmt: skip
    assert ["Grace", "Hopper", "1002", "ghop", "ghopper@uni.edu",
            points_text(results["submission_222"]["score"])] in rows  # fmt: skip
    assert ["Nobody", "Yet", "1005", "nyet", "nobody@uni.edu", ""] in rows

    long = tmp_path / "long.csv"
    done = unograde("export", "csv", "--gradebook", book, "--out", str(long))
    assert done.returncode == 0, done.stderr
    rows = rows_of(long)
    header, body = rows[0], rows[1:]
    assert header[:9] == ["student", "name", "email", "login", "section", "submission",
                          "assignment", "part", "score"]  # fmt: skip
    jane = [r for r in body if r[0] == "1004"]
    parts = {p["id"]: p for p in results["jdoe"]["parts"]}
    assert [(r[7], r[8]) for r in jane] == [
        *((pid, points_text(p["points"])) for pid, p in parts.items()),
        ("total", points_text(results["jdoe"]["score"])),
    ]
    assert {r[5] for r in jane} == {"jdoe"}
    nobody = [r for r in body if r[0] == "1005"]
    assert len(nobody) == len(parts) + 1 and all(r[8] == "" for r in nobody)
    # the submission nobody in the roster made is a row too, never dropped
    assert {r[5] for r in body if r[0] == ""} == {"stranger"}


def test_exports_without_a_roster(tmp_path):
    book = tmp_path / "gradebook.db"
    with Gradebook(book) as gradebook:
        gradebook.record(make_result("ada", {"p1": (7.0, 10.0, 1, 2)}))
    canvas = unograde("export", "canvas", "--gradebook", str(book), "--out", str(tmp_path / "c"))
    assert canvas.returncode == 2 and "needs a roster" in canvas.stderr
    assert not (tmp_path / "c").exists()
    long = unograde("export", "csv", "--gradebook", str(book), "--out", str(tmp_path / "l.csv"))
    assert long.returncode == 0, long.stderr
    rows = rows_of(tmp_path / "l.csv")
    assert [r[0] for r in rows[1:]] == ["ada", "ada"] and rows[2][7:9] == ["total", "7"]
    # a roster given on the command line instead of the gradebook's
    roster = tmp_path / "r.csv"
    roster.write_text("login,name,id\nada,Ada L,77\nbo,Bo,78\n")
    canvas = unograde("export", "canvas", "--gradebook", str(book), "--roster", str(roster),
                      "--out", str(tmp_path / "c.csv"))  # fmt: skip
    assert canvas.returncode == 0, canvas.stderr
    assert rows_of(tmp_path / "c.csv")[2:] == [["Ada L", "", "77", "ada", "", "7"],
                                                ["Bo", "", "78", "bo", "", ""]]  # fmt: skip


def test_the_latest_grading_counts_and_assignments_are_columns(tmp_path, gradebook_url):
    """On SQLite and on PostgreSQL: the same commands, the same files."""
    book = gradebook_url
    with Gradebook(book) as gradebook:
        gradebook.record(make_result("al", {"p1": (3.0, 10.0, 0, 2)}, digest="1"))
        gradebook.record(make_result("al", {"p1": (9.5, 10.0, 1, 2)}, digest="2"))
        gradebook.record(make_result("al", {"q": (4.0, 5.0, 1, 1)}, assignment="dice"))
        gradebook.replace_roster([Student("1", "Al", login="al"), Student("2", "Bo", login="bo")])
    out = tmp_path / "c.csv"
    done = unograde("export", "canvas", "--gradebook", str(book), "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert rows_of(out) == [
        ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", "cards", "dice"],
        ["Points Possible", "", "", "", "", "10", "5"],
        ["Al", "", "1", "al", "", "9.5", "4"],
        ["Bo", "", "2", "bo", "", "", ""],
    ]
    only = unograde("export", "canvas", "--gradebook", str(book), "--out", str(out),
                    "--assignment", "dice")  # fmt: skip
    assert only.returncode == 0 and rows_of(out)[0][5:] == ["dice"]
    unknown = unograde("export", "canvas", "--gradebook", str(book), "--out", str(out),
                       "--assignment", "nope")  # fmt: skip
    assert unknown.returncode == 2 and "no grading of 'nope'" in unknown.stderr
    drawn = unograde("dashboard", "--gradebook", str(book), "--out", str(tmp_path / "term"))
    assert drawn.returncode == 0, drawn.stderr
    assert {p.name for p in (tmp_path / "term").iterdir()} == {"index.html", "cards.html",
                                                               "dice.html"}  # fmt: skip


def test_csv_injection_is_neutralised_in_every_export(tmp_path):
    book = tmp_path / "gradebook.db"
    evil = ["=cmd|' /C calc'!A0", "+SUM(1,2)", "-2+3", "@IMPORTXML(x)", "\tTAB", "=1+1"]
    with Gradebook(book) as gradebook:
        gradebook.record(make_result(evil[0], {"p1": (-1.5, 10.0, 0, 1)}))
        gradebook.replace_roster(
            [
                Student(
                    f"{k}", name, login=(evil[0] if k == 0 else f"l{k}"), section=name, email=name
                )
                for k, name in enumerate(evil)
            ]  # fmt: skip
        )
    for kind in ("canvas", "moodle", "csv"):
        out = tmp_path / f"{kind}.csv"
        done = unograde("export", kind, "--gradebook", str(book), "--out", str(out))
        assert done.returncode == 0, done.stderr
        cells = [cell for row in rows_of(out) for cell in row]
        formulas = [c for c in cells if c[:1] in ("=", "+", "@", "\t") or
                    (c[:1] == "-" and not c.replace(".", "").lstrip("-").isdigit())]  # fmt: skip
        assert formulas == [], (kind, formulas)
        assert "'=cmd|' /C calc'!A0" in cells or kind == "moodle"
        assert "-1.5" in cells  # a negative score is a number, left as it is


def test_helpers():
    assert [points_text(x) for x in (83.0899, 25.0, 0.0, 1250000.0, -0.001, 0.815)] == [
        "83.09", "25", "0", "1250000", "0", "0.81",
    ]  # fmt: skip
    assert split_name("Doe, Jane Q") == ("Jane Q", "Doe")
    assert split_name("Jane Q Doe") == ("Jane Q", "Doe")
    assert split_name("Plato") == ("", "Plato")


@pytest.mark.parametrize("kind", ["canvas", "moodle", "csv"])
def test_export_input_errors_exit_2_in_one_line(tmp_path, kind):
    book = tmp_path / "gradebook.db"
    missing = unograde("export", kind, "--gradebook", str(book), "--out", str(tmp_path / "x"))
    assert missing.returncode == 2 and "no such gradebook" in missing.stderr
    assert not book.exists()
    with Gradebook(book) as gradebook:
        gradebook.record(make_result("ada"))
        with gradebook.writing() as conn:
            conn.execute(schema.meta.update(), {"value": "7"})
    newer = unograde("export", kind, "--gradebook", str(book), "--out", str(tmp_path / "x"))
    assert newer.returncode == 2 and "schema version 7 is newer" in newer.stderr
    with Gradebook(book.with_name("ok.db")) as gradebook:
        gradebook.record(make_result("ada"))
    book = book.with_name("ok.db")
    bad_roster = tmp_path / "r.csv"
    bad_roster.write_text("id,name\n1,A\n1,B\n")
    done = unograde("export", kind, "--gradebook", str(book), "--roster", str(bad_roster),
                    "--out", str(tmp_path / "x"))  # fmt: skip
    assert done.returncode == 2 and f"{bad_roster}:3: duplicate id '1'" in done.stderr
    folder = unograde("export", kind, "--gradebook", str(book), "--out", str(tmp_path))
    assert folder.returncode == 2 and "is a folder" in folder.stderr
    for proc in (missing, newer, done, folder):
        assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr
