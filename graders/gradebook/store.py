"""The gradebook: an SQLite file by default, any SQLAlchemy URL (PostgreSQL) when shared.

One code path for both. What differs is SQLite's set-up: WAL, kept in the file and set only
once it is known to be a gradebook (readers never wait for the writer, and a killed writer
loses only its open transaction); on each connection a busy timeout (several graders writing
to one file take turns instead of failing) and write transactions that start with
``BEGIN IMMEDIATE`` (two writers that both began by reading cannot deadlock on upgrading
their locks). Every write is one transaction: a grading with its
parts and cases, a roster replaced as a whole.

Every failure of the database (a file that is not a gradebook, a schema from a newer
unograde, a server that does not answer, a lock held too long) is a :class:`GradebookError`
naming the gradebook, never a traceback.
"""

from __future__ import annotations

import contextlib
import os
import socket
from collections.abc import Iterable, Iterator
from pathlib import Path

from sqlalchemy import (
    Connection,
    Engine,
    and_,
    create_engine,
    event,
    func,
    inspect,
    select,
)
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, NoSuchModuleError, SQLAlchemyError

from .. import __version__
from ..errors import UnogradeError
from ..results import CaseOutcome, SubmissionResult, first_message
from ..textsafe import clean_text
from . import schema as s
from .records import CaseRow, Claim, Grading, PartRow, Run, Student, now
from .term_store import TermRecords

DEFAULT_PATH = "gradebook.db"
ENVIRONMENT = "UNOGRADE_GRADEBOOK"
BUSY_TIMEOUT_MS = 60_000  # how long a writer waits for another grader's transaction


class GradebookError(UnogradeError):
    """A gradebook that cannot be opened, read or written: a one-line message naming it."""


def location(value: str | os.PathLike | None) -> str:
    """Where the gradebook is: the option's value, else ``UNOGRADE_GRADEBOOK``, else
    ``gradebook.db`` in the current folder."""
    if value:
        return os.fspath(value)
    return os.environ.get(ENVIRONMENT) or DEFAULT_PATH


def _url(where: str) -> tuple[URL, str]:
    """The SQLAlchemy URL of ``where`` (a path or a URL) and how to name it in messages."""
    if "://" not in where:
        path = Path(where).expanduser().absolute()
        return URL.create("sqlite", database=str(path)), where
    try:
        url = make_url(where)
    except ArgumentError:
        raise GradebookError(f"{where}: not a database URL or a file name") from None
    shown = url.render_as_string(hide_password=True)
    if url.drivername in ("postgresql", "postgres"):
        url = url.set(drivername="postgresql+psycopg")  # the driver unograde[postgres] brings
    return url, shown


class Gradebook(TermRecords):
    """An open gradebook. ``create``: make the tables in an empty database (``grade`` and
    ``roster import`` do; ``export`` and ``dashboard`` need one that exists)."""

    def __init__(self, where: str | os.PathLike | None = None, create: bool = True) -> None:
        url, self.name = _url(location(where))
        self.is_sqlite = url.get_backend_name() == "sqlite"
        if self.is_sqlite:
            _check_file(Path(url.database or ""), self.name, create)
        try:
            self.engine = _engine(url, self.is_sqlite)
        except (NoSuchModuleError, ModuleNotFoundError) as exc:
            raise GradebookError(
                f"{self.name}: no driver for this database ({exc}); for PostgreSQL: "
                "pip install 'unograde[postgres]'"
            ) from None
        except (ArgumentError, SQLAlchemyError, ValueError) as exc:
            raise GradebookError(f"{self.name}: {_reason(exc)}") from None
        self._conn: Connection | None = None
        self._insert_sql: dict[str, str] = {}
        try:
            with self._guard():
                self._prepare(create)
        except BaseException:
            self.close()
            raise

    # -- connections and transactions -------------------------------------------------

    @property
    def conn(self) -> Connection:
        if self._conn is None:
            with self._guard():
                self._conn = self.engine.connect()
        return self._conn

    def close(self) -> None:
        if self._conn is not None:
            with contextlib.suppress(SQLAlchemyError):
                self._conn.close()
            self._conn = None
        with contextlib.suppress(SQLAlchemyError, AttributeError):
            self.engine.dispose()

    def __enter__(self) -> Gradebook:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextlib.contextmanager
    def _guard(self) -> Iterator[None]:
        """Any database failure as a GradebookError naming the gradebook."""
        try:
            yield
        except GradebookError:
            raise
        except SQLAlchemyError as exc:
            if self._conn is not None and self._conn.in_transaction():
                with contextlib.suppress(SQLAlchemyError):
                    self._conn.rollback()
            raise GradebookError(f"{self.name}: {_reason(exc)}") from None

    @contextlib.contextmanager
    def writing(self) -> Iterator[Connection]:
        """One write transaction: all of it is kept, or (on any error, or a kill) none."""
        with self._guard():
            conn = self.conn.execution_options(unograde_write=True)
            with conn.begin():
                yield conn

    @contextlib.contextmanager
    def reading(self) -> Iterator[Connection]:
        """One read transaction: a consistent view while other graders write."""
        with self._guard():
            with self.conn.begin():
                yield self.conn

    # -- the schema -------------------------------------------------------------------

    def _prepare(self, create: bool) -> None:
        tables = set(inspect(self.conn).get_table_names())
        self.conn.rollback()  # the inspection's implicit transaction
        if s.meta.name not in tables:
            if tables:
                shown = ", ".join(sorted(tables)[:5])
                raise GradebookError(
                    f"{self.name}: not a unograde gradebook (it holds other tables: {shown})"
                )
            if not create:
                raise GradebookError(f"{self.name}: no gradebook here yet (grade a class first)")
        if self.is_sqlite:
            # WAL (kept in the file): readers never wait for a writer, and a writer killed
            # mid-transaction leaves the last committed state. Set outside any transaction,
            # and only on a file that is (or is about to be) a gradebook.
            self.conn.connection.dbapi_connection.execute("PRAGMA journal_mode = WAL")
        with self.writing() as conn:
            # Looked at again inside the write transaction: another grader may have made it.
            if s.meta.name not in set(inspect(conn).get_table_names()):
                s.metadata.create_all(conn)
                conn.execute(
                    s.meta.insert(), {"key": s.VERSION_KEY, "value": str(s.SCHEMA_VERSION)}
                )
                return
            version = self._version(conn)
            if version > s.SCHEMA_VERSION:
                raise GradebookError(
                    f"{self.name}: gradebook schema version {version} is newer than this "
                    f"unograde ({__version__}) knows (version {s.SCHEMA_VERSION}); "
                    "upgrade unograde to use it"
                )
            if version < s.SCHEMA_VERSION:
                self._migrate(conn, version)

    def _version(self, conn: Connection) -> int:
        value = conn.execute(select(s.meta.c.value).where(s.meta.c.key == s.VERSION_KEY)).scalar()
        try:
            return int(value)
        except (TypeError, ValueError):
            raise GradebookError(
                f"{self.name}: gradebook schema version {value!r} is not a version this "
                f"unograde knows (it knows 1 to {s.SCHEMA_VERSION})"
            ) from None

    def _migrate(self, conn: Connection, version: int) -> None:
        if version < 1:
            raise GradebookError(f"{self.name}: gradebook schema version {version} is unknown")
        for step in range(version, s.SCHEMA_VERSION):
            upgrade = s.MIGRATIONS.get(step)
            if upgrade is None:
                raise GradebookError(
                    f"{self.name}: no way to upgrade gradebook schema version {step} to {step + 1}"
                )
            upgrade(conn)
        conn.execute(
            s.meta.update().where(s.meta.c.key == s.VERSION_KEY),
            {"value": str(s.SCHEMA_VERSION)},
        )

    def schema_version(self) -> int:
        with self.reading() as conn:
            return self._version(conn)

    # -- recording ----------------------------------------------------------------------

    def start_run(
        self, assignment: str, title: str, out_dir: Path | None, isolation: str = ""
    ) -> int:
        row = {
            "assignment": assignment,
            "title": title,
            "started_at": now(),
            "grader_version": __version__,
            "isolation": isolation,
            "out_dir": str(out_dir.absolute()) if out_dir is not None else None,
            "host": socket.gethostname(),
        }
        with self.writing() as conn:
            return int(conn.execute(s.runs.insert(), row).inserted_primary_key[0])

    def finish_run(self, run_id: int, isolation: str) -> None:
        with self.writing() as conn:
            conn.execute(
                s.runs.update().where(s.runs.c.id == run_id),
                {"finished_at": now(), "isolation": isolation},
            )

    def record(
        self,
        result: SubmissionResult,
        run_id: int | None = None,
        claims: Iterable[Claim] = (),
        graded_at: str | None = None,
        submitted_at: str | None = None,
        submitted_from: str | None = None,
    ) -> int:
        """Record one grading (its parts, its cases with their first message) in one
        transaction; returns its id. Cheap: it runs in the grader's main process.
        ``submitted_at`` (ISO 8601, UTC) and ``submitted_from`` (who says so) are what the
        late policy reads."""
        row = {
            "run_id": run_id,
            "assignment": result.assignment,
            "title": result.title,
            # what a submission controls may hold a NUL (PostgreSQL stores none) or a lone
            # surrogate (no encoding does): cleaned, as every report does
            "student": clean_text(result.student),
            "origin": clean_text(result.origin),
            "digest": result.digest,
            "graded_at": graded_at or now(),
            "grader_version": result.grader_version or __version__,
            "isolation": clean_text(result.isolation),
            "score": result.score,
            "max_score": result.max_score,
            "problem": None if result.problem is None else clean_text(result.problem),
            "budget_hit": result.budget_hit,
            "seconds": result.seconds,
            "submitted_at": submitted_at,
            "submitted_from": None if submitted_from is None else clean_text(submitted_from),
        }
        with self.writing() as conn:
            gid = conn.execute(s.gradings.insert(), row).inserted_primary_key[0]
            # Rows as tuples in the tables' column order, inserted by the driver's own
            # executemany: SQLAlchemy's per-row parameter handling was a third of the cost
            # of recording a submission of 125 cases in the grader's main process.
            parts = [
                (gid, n, p.id, p.function, p.title, p.points, p.max_points, p.passed, p.total)
                for n, p in enumerate(result.parts)
            ]
            self._insert_many(conn, s.grading_parts, parts)
            passed = CaseOutcome.PASSED
            cases = [
                (
                    gid,
                    n,
                    c.name,
                    c.part,
                    bool(c.hidden),
                    str(c.outcome),
                    c.points,
                    c.max_points,
                    None if c.outcome == passed else first_message(c),
                )  # fmt: skip
                for n, c in enumerate(result.cases)
            ]
            self._insert_many(conn, s.grading_cases, cases)
            claims = list(claims)
            if claims:
                key = {"assignment": result.assignment, "student": row["student"]}
                conn.execute(s.submitters.delete().where(_matches(s.submitters, key)))
                conn.execute(
                    s.submitters.insert(),
                    [
                        {
                            **key,
                            "position": n,
                            "sid": clean_text(c.sid),
                            "email": clean_text(c.email),
                            "name": clean_text(c.name),
                        }  # fmt: skip
                        for n, c in enumerate(claims)
                    ],
                )
        return int(gid)

    def _insert_many(self, conn: Connection, table, rows: list[tuple]) -> None:
        """``rows`` (tuples in the table's column order) into ``table``."""
        if not rows:
            return
        sql = self._insert_sql.get(table.name)
        if sql is None:
            mark = {"qmark": "?", "format": "%s", "pyformat": "%s"}.get(
                self.engine.dialect.paramstyle
            )
            columns = [c.name for c in table.columns]
            if mark is None:  # another driver: SQLAlchemy's own way
                conn.execute(table.insert(), [dict(zip(columns, r, strict=True)) for r in rows])
                return
            sql = (
                f"INSERT INTO {table.name} ({', '.join(columns)}) "
                f"VALUES ({', '.join([mark] * len(columns))})"
            )
            self._insert_sql[table.name] = sql
        conn.exec_driver_sql(sql, rows)

    # -- reading --------------------------------------------------------------------------

    def latest_digests(self, assignment: str) -> dict[str, str]:
        """Each student's latest recorded digest for ``assignment``."""
        latest = _latest_ids(assignment)
        with self.reading() as conn:
            rows = conn.execute(
                select(s.gradings.c.student, s.gradings.c.digest).where(s.gradings.c.id.in_(latest))
            )
            return {student: digest for student, digest in rows}

    def assignments(self) -> list[tuple[str, str]]:
        """The assignments graded into this gradebook: (id, title of the latest grading)."""
        with self.reading() as conn:
            newest = (
                select(func.max(s.gradings.c.id))
                .group_by(s.gradings.c.assignment)
                .scalar_subquery()
            )
            rows = conn.execute(
                select(s.gradings.c.assignment, s.gradings.c.title)
                .where(s.gradings.c.id.in_(newest))
                .order_by(s.gradings.c.assignment)
            )
            return [(a, t) for a, t in rows]

    def latest(self, assignment: str | None = None) -> list[Grading]:
        """The grading that counts for each (assignment, student): the latest, with parts."""
        return self._gradings(s.gradings.c.id.in_(_latest_ids(assignment)))

    def history(self, assignment: str, student: str) -> list[Grading]:
        """Every grading of one student's submission, oldest first."""
        g = s.gradings.c
        return self._gradings(and_(g.assignment == assignment, g.student == student))

    def _gradings(self, where) -> list[Grading]:
        g = s.gradings
        with self.reading() as conn:
            rows = conn.execute(
                select(
                    g.c.id, g.c.run_id, g.c.assignment, g.c.title, g.c.student, g.c.origin,
                    g.c.digest, g.c.graded_at, g.c.grader_version, g.c.isolation, g.c.score,
                    g.c.max_score, g.c.problem, g.c.budget_hit, g.c.submitted_at,
                    g.c.submitted_from,
                ).where(where).order_by(g.c.assignment, g.c.student, g.c.id)
            ).all()  # fmt: skip
            ids = [r.id for r in rows]
            parts: dict[int, list[PartRow]] = {}
            p = s.grading_parts
            for chunk in _chunks(ids):
                for r in conn.execute(
                    select(p).where(p.c.grading_id.in_(chunk)).order_by(p.c.position)
                ):
                    parts.setdefault(r.grading_id, []).append(
                        PartRow(
                            r.part, r.function, r.title, r.points, r.max_points, r.passed, r.total
                        )  # fmt: skip
                    )
        return [
            Grading(*r, parts=tuple(parts.get(r.id, ())))  # type: ignore[misc]
            for r in rows
        ]

    def cases(self, grading_ids: Iterable[int]) -> dict[int, list[CaseRow]]:
        """The cases of each grading, in the order they were graded."""
        c = s.grading_cases
        found: dict[int, list[CaseRow]] = {}
        with self.reading() as conn:
            for chunk in _chunks(list(grading_ids)):
                query = (
                    select(c)
                    .where(c.c.grading_id.in_(chunk))
                    .order_by(c.c.grading_id, c.c.position)
                )
                for r in conn.execute(query):
                    found.setdefault(r.grading_id, []).append(
                        CaseRow(
                            r.name,
                            r.part,
                            bool(r.hidden),
                            r.outcome,
                            r.points,
                            r.max_points,
                            r.message,
                        )  # fmt: skip
                    )
        return found

    def runs(self, assignment: str | None = None) -> list[Run]:
        r = s.runs
        query = select(r).order_by(r.c.id)
        if assignment is not None:
            query = query.where(r.c.assignment == assignment)
        with self.reading() as conn:
            return [Run(*row) for row in conn.execute(query)]

    def count(self, table: str) -> int:
        with self.reading() as conn:
            return int(
                conn.execute(select(func.count()).select_from(s.metadata.tables[table])).scalar()
            )

    # -- the roster -----------------------------------------------------------------------

    def roster(self) -> list[Student]:
        r = s.roster
        with self.reading() as conn:
            return [
                Student(row.id, row.name, row.email, row.login, row.section, row.lms_id)
                for row in conn.execute(select(r).order_by(r.c.name, r.c.id))
            ]

    def replace_roster(self, students: list[Student]) -> tuple[int, int]:
        """The roster becomes ``students``, in one transaction (recorded gradings are keyed
        by submission, so none is touched); returns (added, no longer listed)."""
        rows = [
            {"id": t.id, "name": t.name, "email": t.email, "login": t.login,
             "section": t.section, "lms_id": t.lms_id}
            for t in students
        ]  # fmt: skip
        with self.writing() as conn:
            before = {row[0] for row in conn.execute(select(s.roster.c.id))}
            conn.execute(s.roster.delete())
            if rows:
                conn.execute(s.roster.insert(), rows)
        after = {t.id for t in students}
        return len(after - before), len(before - after)

    def claims(self, assignment: str | None = None) -> dict[tuple[str, str], list[Claim]]:
        """(assignment, submission) -> who an LMS export says submitted it."""
        t = s.submitters
        query = select(t).order_by(t.c.assignment, t.c.student, t.c.position)
        if assignment is not None:
            query = query.where(t.c.assignment == assignment)
        found: dict[tuple[str, str], list[Claim]] = {}
        with self.reading() as conn:
            for row in conn.execute(query):
                found.setdefault((row.assignment, row.student), []).append(
                    Claim(row.sid, row.email, row.name)
                )
        return found


def _latest_ids(assignment: str | None):
    g = s.gradings
    query = select(func.max(g.c.id)).group_by(g.c.assignment, g.c.student)
    if assignment is not None:
        query = query.where(g.c.assignment == assignment)
    return query.scalar_subquery()


def _matches(table, key: dict):
    return and_(*(table.c[k] == v for k, v in key.items()))


def _chunks(ids: list[int], size: int = 500) -> Iterator[list[int]]:
    for start in range(0, len(ids), size):
        yield ids[start : start + size]


def _check_file(path: Path, name: str, create: bool) -> None:
    """SQLite would make any path a new empty database: say what is wrong instead."""
    if path.is_dir():
        raise GradebookError(f"{name}: is a folder, not a gradebook file")
    if not path.exists():
        if not create:
            raise GradebookError(f"{name}: no such gradebook (grade a class first)")
        if not path.parent.is_dir():
            raise GradebookError(f"{name}: the folder {path.parent} does not exist")


def _engine(url: URL, is_sqlite: bool) -> Engine:
    if not is_sqlite:
        return create_engine(url, pool_pre_ping=True)
    engine = create_engine(url, connect_args={"timeout": BUSY_TIMEOUT_MS / 1000})

    @event.listens_for(engine, "connect")
    def _setup(dbapi_connection, _record) -> None:
        dbapi_connection.isolation_level = None  # transactions are begun below, not by sqlite3
        cursor = dbapi_connection.cursor()
        try:
            cursor.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            cursor.execute("PRAGMA synchronous = NORMAL")  # with WAL: durable at checkpoints
            cursor.execute("PRAGMA foreign_keys = ON")
        finally:
            cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(conn: Connection) -> None:
        write = conn.get_execution_options().get("unograde_write", False)
        conn.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")

    return engine


def _reason(exc: BaseException) -> str:
    """The database's own one-line reason, without SQLAlchemy's statement and links."""
    orig = getattr(exc, "orig", None)
    text = str(orig if orig is not None else exc).strip() or type(exc).__name__
    line = text.splitlines()[0]
    if "file is not a database" in line:
        return "not a SQLite database (file is not a database)"
    if "database is locked" in line:
        return f"the gradebook stayed locked by another writer for {BUSY_TIMEOUT_MS // 1000} s"
    return line
