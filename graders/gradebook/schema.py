"""The gradebook's tables, and the version they are at.

Why a versioned schema of our own rather than Alembic: the gradebook is an instructor's file
(or a department's database) that any version of unograde may open, so it must upgrade itself
on open, in one transaction, with no migration folder or configuration shipped beside it.
That is this module's ``MIGRATIONS`` loop over ``SCHEMA_VERSION``, kept in the gradebook's own
``unograde_meta`` table; a gradebook from a newer unograde is refused with a message rather
than guessed at. SQLAlchemy's Core describes the tables once for SQLite and PostgreSQL alike.

Every grading is a row of its own (re-grades are history; the latest row of a student and
an assignment counts), with its parts and cases beside it; text a submission controls is
stored as it came (bound parameters, never formatted into SQL) and made safe where it is shown.
"""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import (
    Boolean,
    Column,
    Connection,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    Table,
    Text,
)

SCHEMA_VERSION = 1
VERSION_KEY = "schema_version"

metadata = MetaData()

meta = Table(
    "unograde_meta",
    metadata,
    Column("key", Text, primary_key=True),
    Column("value", Text, nullable=False),
)

# One ``unograde grade`` of one assignment: what the dashboard calls the run's facts.
runs = Table(
    "runs",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("assignment", Text, nullable=False),
    Column("title", Text, nullable=False),
    Column("started_at", Text, nullable=False),
    Column("finished_at", Text),
    Column("grader_version", Text, nullable=False),
    Column("isolation", Text, nullable=False, default=""),
    Column("out_dir", Text),  # where the reports were written (absolute), if anywhere
    Column("host", Text, nullable=False, default=""),
)

gradings = Table(
    "gradings",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("run_id", Integer, ForeignKey("runs.id")),
    Column("assignment", Text, nullable=False),
    Column("title", Text, nullable=False),
    Column("student", Text, nullable=False),  # the submission's name (its file or folder)
    Column("origin", Text, nullable=False),
    Column("digest", Text, nullable=False),
    Column("graded_at", Text, nullable=False),  # ISO 8601, UTC
    Column("grader_version", Text, nullable=False),
    Column("isolation", Text, nullable=False),
    Column("score", Float, nullable=False),
    Column("max_score", Float, nullable=False),
    Column("problem", Text),
    Column("budget_hit", Boolean, nullable=False, default=False),
    Column("seconds", Float, nullable=False, default=0.0),
    Index("gradings_latest", "assignment", "student", "id"),
)

grading_parts = Table(
    "grading_parts",
    metadata,
    Column("grading_id", Integer, ForeignKey("gradings.id"), primary_key=True),
    Column("position", Integer, primary_key=True),
    Column("part", Text, nullable=False),
    Column("function", Text, nullable=False),
    Column("title", Text, nullable=False),
    Column("points", Float, nullable=False),
    Column("max_points", Float, nullable=False),
    Column("passed", Integer, nullable=False),
    Column("total", Integer, nullable=False),
)

grading_cases = Table(
    "grading_cases",
    metadata,
    Column("grading_id", Integer, ForeignKey("gradings.id"), primary_key=True),
    Column("position", Integer, primary_key=True),
    Column("name", Text, nullable=False),
    Column("part", Text, nullable=False),
    Column("hidden", Boolean, nullable=False),
    Column("outcome", Text, nullable=False),
    Column("points", Float, nullable=False),
    Column("max_points", Float, nullable=False),
    Column("message", Text),  # the first message (the first divergence), cut short
)

roster = Table(
    "roster",
    metadata,
    Column("id", Text, primary_key=True),
    Column("name", Text, nullable=False),
    Column("email", Text, nullable=False, default=""),
    Column("login", Text, nullable=False, default=""),
    Column("section", Text, nullable=False, default=""),
    Column("lms_id", Text, nullable=False, default=""),  # e.g. Canvas's own user ID
)

# Who an LMS export says made a submission (Gradescope's submission_metadata.yml): one row per
# co-submitter, so a group's submission counts for each of them.
submitters = Table(
    "submitters",
    metadata,
    Column("assignment", Text, primary_key=True),
    Column("student", Text, primary_key=True),
    Column("position", Integer, primary_key=True),
    Column("sid", Text, nullable=False, default=""),
    Column("email", Text, nullable=False, default=""),
    Column("name", Text, nullable=False, default=""),
)

# MIGRATIONS[v] upgrades a gradebook at version v to v + 1, inside the opening transaction.
MIGRATIONS: dict[int, Callable[[Connection], None]] = {}
