"""Adjustments, extensions, lateness and history on a real gradebook (SQLite, and PostgreSQL
where installed): what the staff record survives regrades and reaches every export; bad input
is one line and exit 2; an older gradebook is upgraded to hold all of it."""

from __future__ import annotations

import csv
import io
import sqlite3

import pytest
from sqlalchemy import Column, Float, Integer, MetaData, Table, Text, create_engine

from graders.gradebook import Gradebook, Student
from graders.gradebook import schema as s

from .conftest import make_result, unograde

# Slow tier: grades classes with the CLI.
pytestmark = pytest.mark.slow

TERM = '[late.cards]\ndue = 2025-03-07T23:59:00-05:00\nper = "day"\npenalty = "10%"\n'


def rows_of(path) -> list[list[str]]:
    return list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"), newline="")))


def long_rows(book, tmp_path, *extra) -> dict[tuple[str, str], dict[str, str]]:
    out = tmp_path / "long.csv"
    done = unograde("export", "csv", "--gradebook", str(book), "--out", str(out), *extra)
    assert done.returncode == 0, done.stderr
    header, *body = rows_of(out)
    return {(r[0], r[7]): dict(zip(header, r, strict=True)) for r in body}


@pytest.fixture
def term_book(gradebook_url, tmp_path):
    """Two students graded on cards (two parts), Ada submitted a day and an hour late."""
    with Gradebook(gradebook_url) as book:
        parts = {"p1": (6.0, 10.0, 1, 2), "p2": (4.0, 10.0, 1, 2)}
        book.record(make_result("ada", parts), submitted_at="2025-03-09T06:00:00Z",
                    submitted_from="--submitted-at")  # fmt: skip
        bo = make_result("bo", {"p1": (9.0, 10.0, 2, 2), "p2": (9.0, 10.0, 2, 2)})
        book.record(bo, submitted_at="2025-03-07T12:00:00Z", submitted_from="--submitted-at")
        book.replace_roster([Student("1", "Ada L", login="ada"), Student("2", "Bo M", login="bo")])
    (tmp_path / "term.toml").write_text(TERM)
    return gradebook_url


def test_an_adjustment_survives_a_regrade_and_a_withdrawal_is_kept(term_book, tmp_path):
    book = term_book
    made = unograde("adjust", "ada", "cards", "--part", "p2", "--points", "+2", "--reason",
                    "regex marked a right answer wrong", "--by", "ta-kim",
                    "--gradebook", book)  # fmt: skip
    assert made.returncode == 0, made.stderr
    assert "recorded adjustment 1: Ada L (1), cards: +2 points on p2 (by ta-kim" in made.stdout
    rows = long_rows(book, tmp_path)
    assert rows[("1", "p2")]["score"] == "6" and rows[("1", "p2")]["graded_score"] == "4"
    assert rows[("1", "total")]["score"] == "12"
    assert "+2 points on p2: regex marked" in rows[("1", "p2")]["adjustments"]
    # a regrade (a new grading) changes the graded score underneath; the +2 stays on top
    with Gradebook(book) as gradebook:
        gradebook.record(make_result("ada", {"p1": (8.0, 10.0, 2, 2), "p2": (4.0, 10.0, 1, 2)},
                                     digest="d2"))  # fmt: skip
    assert long_rows(book, tmp_path)[("1", "total")]["score"] == "14"
    # a total set by hand, then the part's adjustment withdrawn: recorded, never deleted
    assert unograde("adjust", "1", "cards", "--set", "18", "--reason", "oral exam",
                    "--gradebook", book).returncode == 0  # fmt: skip
    assert long_rows(book, tmp_path)[("1", "total")]["score"] == "18"
    gone = unograde("adjust", "ada", "cards", "--withdraw", "1", "--reason", "fixed in grader",
                    "--gradebook", book)  # fmt: skip
    assert gone.returncode == 0, gone.stderr
    assert "recorded withdrawal 3" in gone.stdout
    rows = long_rows(book, tmp_path)
    assert rows[("1", "p2")]["score"] == "4" and rows[("1", "total")]["score"] == "18"
    with Gradebook(book) as gradebook:
        kept = gradebook.adjustments("cards")
    assert [(a.id, a.kind) for a in kept] == [(1, "points"), (2, "set"), (3, "withdraw")]
    assert kept[0].withdrawn is not None and kept[0].withdrawn.reason == "fixed in grader"
    again = unograde("adjust", "ada", "cards", "--withdraw", "1", "--reason", "x",
                     "--gradebook", book)  # fmt: skip
    assert again.returncode == 2 and "already withdrawn" in again.stderr
    history = unograde("history", "ada", "--gradebook", book)
    assert history.returncode == 0, history.stderr
    text = history.stdout
    assert "graded ada: 10 / 20" in text and "graded ada: 12 / 20 (+2)" in text
    assert "cases gained: " in text and "a new submission" in text
    assert "adjustment 1: +2 points on p2 (by ta-kim): regex marked" in text
    assert "withdrew adjustment 1" in text and "now: score: 18 / 20" in text


def test_lateness_from_the_term_file_and_an_extension(term_book, tmp_path, monkeypatch):
    book = term_book
    monkeypatch.chdir(tmp_path)  # term.toml here is found without --term
    rows = long_rows(book, tmp_path)
    # due 2025-03-08T04:59Z; Ada at 2025-03-09T06:00Z: 1 d 1 h late, 2 days, -2 x 10% of 20
    assert rows[("1", "total")]["score"] == "6" and rows[("1", "total")]["late_penalty"] == "4"
    assert "2 days started" in rows[("1", "total")]["lateness"]
    assert rows[("2", "total")]["score"] == "18" and rows[("2", "total")]["lateness"] == "on time"
    canvas = tmp_path / "canvas.csv"
    assert unograde("export", "canvas", "--gradebook", book, "--out", str(canvas)).returncode == 0
    assert rows_of(canvas)[2:] == [["Ada L", "", "1", "ada", "", "6"],
                                   ["Bo M", "", "2", "bo", "", "18"]]  # fmt: skip
    granted = unograde("roster", "extend", "ada", "cards", "--until", "2025-03-10T12:00:00+01:00",
                       "--reason", "medical", "--by", "prof", "--gradebook", book)  # fmt: skip
    assert granted.returncode == 0, granted.stderr
    assert "has until 2025-03-10T11:00:00Z for cards" in granted.stdout
    assert long_rows(book, tmp_path)[("1", "total")]["score"] == "10"
    # another term file, named on the command line, wins
    strict = tmp_path / "strict.toml"
    strict.write_text(TERM.replace('"10%"', '"50%"').replace("2025-03-07", "2025-03-01"))
    assert long_rows(book, tmp_path, "--term", str(strict))[("2", "total")]["score"] == "0"
    drawn = unograde("dashboard", "--gradebook", book, "--out", str(tmp_path / "dash"))
    assert drawn.returncode == 0, drawn.stderr
    page = (tmp_path / "dash" / "cards.html").read_text()
    # nobody is late now (Ada has her extension): the policy is said, no score moved
    assert "late policy" in page and "score that counts" not in page
    drawn = unograde("dashboard", "--gradebook", book, "--out", str(tmp_path / "dash"),
                     "--term", str(strict))  # fmt: skip
    assert drawn.returncode == 0, drawn.stderr
    page = (tmp_path / "dash" / "cards.html").read_text()
    assert "score that counts" in page and "late (" in page
    index = (tmp_path / "dash" / "index.html").read_text()
    assert 'data-value="0.0"' in index and "late (" in index  # the term's cell: what counts


@pytest.mark.parametrize(
    "args, words",
    [
        (("adjust", "zed", "cards", "--points", "1", "--reason", "r"), "unknown student 'zed'"),
        (
            ("adjust", "ada", "cards", "--points", "1", "--set", "2", "--reason", "r"),
            "exactly one of",
        ),
        (
            ("adjust", "ada", "cards", "--part", "p9", "--points", "1", "--reason", "r"),
            "no part 'p9'",
        ),
        (("adjust", "ada", "dice", "--points", "1", "--reason", "r"), "no grading of 'dice'"),
        (("adjust", "ada", "cards", "--points", "1", "--reason", "  "), "needs a reason"),
        (("adjust", "ada", "cards", "--points", "nan", "--reason", "r"), "not a number"),
        (("adjust", "ada", "cards", "--withdraw", "99", "--reason", "r"), "no adjustment 99"),
        (("roster", "extend", "ada", "cards", "--until", "friday"), "is not a date and time"),
        (("roster", "extend", "ada", "cards", "--until", "2025-03-10T12:00"), "no time zone"),
        (("roster", "extend", "zed", "cards", "--until", "2025-03-10T12:00Z"), "unknown student"),
        (
            ("roster", "extend", "ada", "nope", "--until", "2025-03-10T12:00Z"),
            "unknown assignment 'nope'",
        ),
        (("history", "zed"), "unknown student 'zed'"),
        (("export", "csv", "--out", "x.csv", "--term", "missing.toml"), "no such term file"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(term_book, tmp_path, args, words):
    done = unograde(*args, "--gradebook", term_book, cwd=tmp_path)
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert words in done.stderr and done.stderr.count("\n") == 1
    assert "Traceback" not in done.stderr


def test_a_hostile_reason_is_data_in_every_output(tmp_path):
    book = tmp_path / "gradebook.db"
    evil = '=HYPERLINK("x")<script>alert(1)</script>\x1b[31m**bold**'
    with Gradebook(book) as gradebook:
        gradebook.record(make_result("ada"))
    done = unograde("adjust", "ada", "cards", "--points", "-1", "--reason", evil,
                    "--gradebook", str(book))  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "\x1b" not in done.stdout
    history = unograde("history", "ada", "--gradebook", str(book))
    assert "\x1b" not in history.stdout and "-1 points" in history.stdout
    rows = long_rows(book, tmp_path)
    cell = rows[("ada", "total")]["adjustments"]
    assert cell.startswith("'") and rows[("ada", "total")]["score"] == "9"
    dash = tmp_path / "dash"
    assert unograde("dashboard", "--gradebook", str(book), "--out", str(dash)).returncode == 0
    page = (dash / "cards.html").read_text()
    assert "<script>alert" not in page and "&lt;script&gt;alert(1)" in page
    assert "\x1b" not in page


def _v1_gradebook(url: str) -> None:
    """A gradebook as unograde's schema version 1 wrote it (no submission times, no tables
    of adjustments, extensions or similarity), holding one grading."""
    old = MetaData()
    for table in s.metadata.sorted_tables:
        if table.name in ("adjustments", "extensions", "similarity_pairs"):
            continue
        columns = [
            Column(c.name, c.type, primary_key=c.primary_key, autoincrement=c.autoincrement)
            if c.name not in ("submitted_at", "submitted_from")
            else None
            for c in table.columns
        ]
        Table(table.name, old, *[c for c in columns if c is not None])
    engine = create_engine(url.replace("postgresql://", "postgresql+psycopg://"))
    with engine.begin() as conn:
        old.create_all(conn)
        conn.execute(old.tables["unograde_meta"].insert(), {"key": "schema_version", "value": "1"})
        conn.execute(old.tables["gradings"].insert(), {
            "id": 1, "assignment": "cards", "title": "Cards", "student": "ada", "origin": "a",
            "digest": "d", "graded_at": "2025-01-01T00:00:00Z", "grader_version": "0.1.0",
            "isolation": "", "score": 7.0, "max_score": 10.0, "budget_hit": False,
            "seconds": 0.0})  # fmt: skip
    engine.dispose()


def test_a_version_1_gradebook_is_upgraded_and_keeps_its_gradings(gradebook_url):
    url = gradebook_url if "://" in gradebook_url else f"sqlite:///{gradebook_url}"
    _v1_gradebook(url)
    with Gradebook(gradebook_url) as book:
        assert book.schema_version() == 2
        [grading] = book.latest("cards")
        assert grading.score == 7.0 and grading.submitted_at is None
        made = book.adjust("cards", "ada", None, "points", 1.5, "typo in the fixture", "ta")
        assert [a.id for a in book.adjustments("cards")] == [made.id]
        book.extend("cards", "ada", "2025-03-10T11:00:00Z", "", "prof")
        assert len(book.extensions("cards")) == 1
    if "://" not in gradebook_url:
        columns = [r[1] for r in sqlite3.connect(gradebook_url).execute(
            "PRAGMA table_info(gradings)")]  # fmt: skip
        assert {"submitted_at", "submitted_from"} <= set(columns)


# Keep the unused imports' names meaningful to readers of the schema helper above.
_ = (Float, Integer, Text)
