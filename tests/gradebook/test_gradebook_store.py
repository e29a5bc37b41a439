"""The gradebook keeps every grading (the latest counts), its parts and its cases, on a real
SQLite file and on a real PostgreSQL server, through the same code."""

from __future__ import annotations

import sqlite3

import pytest

from graders.gradebook import Claim, Gradebook, GradebookError, Student
from graders.gradebook import schema as s
from graders.results import FIRST_MESSAGE_CHARS

from .conftest import make_result


def test_a_grading_is_recorded_whole_and_read_back(gradebook_url):
    long = "hand 1, card 2: expected ('r','2'), got ('y','2')" + " and more" * 60
    result = make_result(
        "ada",
        parts={"p1": (7.5, 10.0, 3, 4), "p2": (5.0, 5.0, 1, 1)},
        cases=[("c1", "p1", "passed", None), ("c2", "p1", "failed", long),
               ("hidden-3", "p1", "timeout", "no result within 2 s"),
               ("c4", "p1", "passed", None), ("c5", "p2", "passed", None)],
    )  # fmt: skip
    with Gradebook(gradebook_url) as book:
        gid = book.record(result, claims=[Claim(sid="42", email="a@x.edu", name="Ada")])
        (grading,) = book.latest()
        assert (grading.id, grading.student, grading.assignment) == (gid, "ada", "cards")
        assert grading.score == 12.5 and grading.max_score == 15.0
        assert [(p.part, p.points, p.max_points, p.passed, p.total) for p in grading.parts] == [
            ("p1", 7.5, 10.0, 3, 4),
            ("p2", 5.0, 5.0, 1, 1),
        ]
        cases = book.cases([gid])[gid]
        assert [(c.name, c.outcome, c.hidden) for c in cases] == [
            ("c1", "passed", False), ("c2", "failed", False), ("hidden-3", "timeout", True),
            ("c4", "passed", False), ("c5", "passed", False),
        ]  # fmt: skip
        # passed cases keep no message; the others their first one only, cut short
        assert cases[0].message is None
        assert cases[1].message.startswith(long[:FIRST_MESSAGE_CHARS])
        assert "more characters not shown" in cases[1].message
        assert cases[2].message == "no result within 2 s"
        assert book.claims() == {("cards", "ada"): [Claim("42", "a@x.edu", "Ada")]}


def test_regrades_are_history_and_the_latest_counts(gradebook_url):
    with Gradebook(gradebook_url) as book:
        first = book.record(make_result("ada", {"p1": (4.0, 10.0, 1, 2)}, digest="v1"))
        book.record(make_result("bob", {"p1": (9.0, 10.0, 2, 2)}, digest="b1"))
        last = book.record(make_result("ada", {"p1": (10.0, 10.0, 2, 2)}, digest="v2"))
        latest = {g.student: g for g in book.latest("cards")}
        assert latest["ada"].id == last and latest["ada"].score == 10.0
        assert latest["bob"].score == 9.0
        history = book.history("cards", "ada")
        assert [(g.id, g.score, g.digest) for g in history] == [
            (first, 4.0, "v1"),
            (last, 10.0, "v2"),
        ]
        assert book.latest_digests("cards") == {"ada": "v2", "bob": "b1"}
        assert book.count("gradings") == 3 and book.assignments() == [("cards", "Cards")]


def test_the_roster_is_replaced_in_one_transaction(gradebook_url):
    with Gradebook(gradebook_url) as book:
        assert book.replace_roster([Student("1", "Ada"), Student("2", "Bob")]) == (2, 0)
        added, removed = book.replace_roster(
            [Student("2", "Bob B", login="bob"), Student("3", "Cy")]
        )
        assert (added, removed) == (1, 1)
        assert [(t.id, t.name, t.login) for t in book.roster()] == [
            ("2", "Bob B", "bob"),
            ("3", "Cy", ""),
        ]


def test_a_new_gradebook_is_at_the_current_schema_version(gradebook_url):
    with Gradebook(gradebook_url) as book:
        assert book.schema_version() == s.SCHEMA_VERSION
    with Gradebook(gradebook_url, create=False) as again:  # opening twice changes nothing
        assert again.schema_version() == s.SCHEMA_VERSION


def test_a_gradebook_from_a_newer_unograde_is_refused_and_left_alone(gradebook_url):
    with Gradebook(gradebook_url) as book:
        book.record(make_result("ada"))
        with book.writing() as conn:
            conn.execute(s.meta.update(), {"value": str(s.SCHEMA_VERSION + 6)})
    with pytest.raises(GradebookError) as caught:
        Gradebook(gradebook_url)
    message = str(caught.value)
    assert f"schema version {s.SCHEMA_VERSION + 6} is newer" in message
    assert "upgrade unograde" in message and "\n" not in message


def test_an_older_schema_is_migrated_on_open_in_one_transaction(tmp_path, monkeypatch):
    path = tmp_path / "gradebook.db"
    with Gradebook(path) as book:
        book.record(make_result("ada"))
    calls = []

    def add_note(conn):
        calls.append(1)
        conn.exec_driver_sql("ALTER TABLE gradings ADD COLUMN note TEXT")

    current = s.SCHEMA_VERSION
    monkeypatch.setattr(s, "SCHEMA_VERSION", current + 1)
    monkeypatch.setattr(s, "MIGRATIONS", {**s.MIGRATIONS, current: add_note})
    with Gradebook(path) as book:
        assert book.schema_version() == current + 1 and len(book.latest()) == 1
    with Gradebook(path) as book:  # once only
        assert calls == [1]
    columns = [row[1] for row in sqlite3.connect(path).execute("PRAGMA table_info(gradings)")]
    assert "note" in columns


def test_a_failing_migration_changes_nothing(tmp_path, monkeypatch):
    path = tmp_path / "gradebook.db"
    with Gradebook(path) as book:
        book.record(make_result("ada"))

    def broken(conn):
        conn.exec_driver_sql("ALTER TABLE gradings ADD COLUMN note TEXT")
        conn.exec_driver_sql("THIS IS NOT SQL")

    current = s.SCHEMA_VERSION
    monkeypatch.setattr(s, "SCHEMA_VERSION", current + 1)
    monkeypatch.setattr(s, "MIGRATIONS", {**s.MIGRATIONS, current: broken})
    with pytest.raises(GradebookError):
        Gradebook(path)
    db = sqlite3.connect(path)
    assert db.execute("SELECT value FROM unograde_meta").fetchone() == (str(current),)
    assert "note" not in [row[1] for row in db.execute("PRAGMA table_info(gradings)")]
    assert db.execute("SELECT count(*) FROM gradings").fetchone() == (1,)


@pytest.mark.parametrize(
    "make, expected",
    [
        (lambda p: p.write_text("name,score\nada,3\n" * 50), "not a SQLite database"),
        (lambda p: p.mkdir(), "is a folder"),
        (
            lambda p: sqlite3.connect(p).execute("CREATE TABLE mine (x)").connection.commit(),
            "not a unograde gradebook (it holds other tables: mine)",
        ),
    ],
    ids=["text-file", "folder", "someone-elses-database"],
)
def test_what_is_not_a_gradebook_is_named_and_untouched(tmp_path, make, expected):
    path = tmp_path / "gradebook.db"
    make(path)
    before = path.read_bytes() if path.is_file() else None
    with pytest.raises(GradebookError) as caught:
        Gradebook(path)
    assert expected in str(caught.value) and str(path) in str(caught.value)
    if before is not None:
        assert path.read_bytes() == before


def test_reading_needs_a_gradebook_that_exists(tmp_path):
    with pytest.raises(GradebookError, match="no such gradebook"):
        Gradebook(tmp_path / "nothing.db", create=False)
    assert not (tmp_path / "nothing.db").exists()
    with pytest.raises(GradebookError, match="does not exist"):
        Gradebook(tmp_path / "no" / "such" / "folder.db")


def test_a_database_url_names_the_server_without_its_password():
    with pytest.raises(GradebookError) as caught:
        Gradebook("postgresql://grader:s3cret@127.0.0.1:1/term")
    assert "s3cret" not in str(caught.value) and "127.0.0.1" in str(caught.value)


def test_sqlite_gradebooks_use_wal_and_wait_for_other_writers(tmp_path):
    path = tmp_path / "gradebook.db"
    with Gradebook(path) as book:
        book.record(make_result("ada"))
        mode = book.conn.exec_driver_sql("PRAGMA journal_mode").scalar()
        timeout = book.conn.exec_driver_sql("PRAGMA busy_timeout").scalar()
    assert mode == "wal" and timeout >= 10_000
    assert sqlite3.connect(path).execute("PRAGMA journal_mode").fetchone() == ("wal",)


def test_text_of_any_kind_is_stored_as_it_came(gradebook_url):
    """Bound parameters: quotes, SQL, markup and escapes are data (a NUL, which PostgreSQL
    cannot store, is dropped; a lone surrogate, which no encoding can, is replaced)."""
    name = "x'); DROP TABLE gradings;--"
    message = "<script>alert(1)</script> =cmd|' /C calc'!A0 \x1b[2J \"quoted\" \\ \x00end \ud800"
    cleaned = message.replace("\x00", "").replace("\ud800", "\ufffd")
    with Gradebook(gradebook_url) as book:
        result = make_result(name, cases=[("c1", "p1", "error", message)], problem=message,
                             origin=f"class/{message}")  # fmt: skip
        gid = book.record(result)
        (grading,) = book.latest()
        stored = book.cases([gid])[gid][0].message
        assert book.count("gradings") == 1  # the table is still there
    assert grading.student == name
    assert stored == grading.problem == cleaned and grading.origin == f"class/{cleaned}"
