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

SCHEMA_VERSION = 2
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
    # When the submission was made (ISO 8601, UTC) and who says so (Gradescope's metadata,
    # --submitted-at, the file's modification time): the late policy reads these (version 2).
    Column("submitted_at", Text),
    Column("submitted_from", Text),
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

# A grade set by hand, with its reason, who and when (version 2). Never updated or deleted: a
# withdrawal is a row of its own (kind "withdraw", ``withdraws`` the id it takes back), so the
# trail is whole. ``student`` is a roster id, or a submission's name where no roster names it.
adjustments = Table(
    "adjustments",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("assignment", Text, nullable=False),
    Column("student", Text, nullable=False),
    Column("part", Text),  # None: the assignment's total
    Column("kind", Text, nullable=False),  # "points" (added), "set", "withdraw"
    Column("value", Float),
    Column("withdraws", Integer),
    Column("reason", Text, nullable=False),
    Column("by", Text, nullable=False),
    Column("at", Text, nullable=False),
    Index("adjustments_of", "assignment", "student", "id"),
)

# A student's own due date for an assignment (version 2); the latest row counts, and every
# earlier one stays as the trail.
extensions = Table(
    "extensions",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("assignment", Text, nullable=False),
    Column("student", Text, nullable=False),
    Column("until", Text, nullable=False),  # ISO 8601, UTC
    Column("reason", Text, nullable=False, default=""),
    Column("by", Text, nullable=False),
    Column("at", Text, nullable=False),
)

# The last similarity run of each assignment, for the dashboards (version 2): replaced as a
# whole by each ``unograde similarity``; evidence for a person to judge, never a grade.
similarity_pairs = Table(
    "similarity_pairs",
    metadata,
    Column("assignment", Text, primary_key=True),
    Column("rank", Integer, primary_key=True),
    Column("first", Text, nullable=False),
    Column("second", Text, nullable=False),
    Column("code", Float, nullable=False),  # share of the smaller one's fingerprints shared
    Column("behaviour", Float, nullable=False),  # weight of the wrong answers both gave
    Column("cases", Text, nullable=False, default=""),  # the cases named, one per line
    Column("page", Text),  # the side-by-side page (absolute), if written
    Column("computed_at", Text, nullable=False),
)


def _v1_to_v2(conn: Connection) -> None:
    """Submission times on gradings; adjustments, extensions and similarity tables."""
    for column in ("submitted_at", "submitted_from"):
        conn.exec_driver_sql(f"ALTER TABLE gradings ADD COLUMN {column} TEXT")
    for table in (adjustments, extensions, similarity_pairs):
        table.create(conn)


# MIGRATIONS[v] upgrades a gradebook at version v to v + 1, inside the opening transaction.
MIGRATIONS: dict[int, Callable[[Connection], None]] = {1: _v1_to_v2}
