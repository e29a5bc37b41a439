"""One family of errors, turned into an exit in one place.

Every error a user can cause is a ``graders.errors.UnogradeError`` (most also a ``ValueError``,
as they were), raised where it is found; ``unograde``'s entry (``Unograde.main``) alone turns
it into ``unograde: MESSAGE`` on stderr and its exit status, never a traceback.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

import graders.cli
from graders.errors import USAGE_ERROR, UnogradeError, UsageError, as_usage_error

from .conftest import unograde

ROOT = Path(__file__).resolve().parents[2]
ADA = ROOT / "examples" / "uno-moves" / "ada"

# Every class of error a verb of the command turned into an exit before the family existed
# (each one of the ``except ...: fail(str(exc))`` clauses), and the loaders' own.
FAMILY = [
    ("graders.assignment", "AssignmentError"),
    ("graders.courses", "CourseError"),
    ("graders.gradebook.store", "GradebookError"),
    ("graders.late", "LateError"),
    ("graders.kit.build", "KitError"),
    ("graders.roster.parse", "RosterError"),
    ("graders.roster.term", "UnknownAssignment"),
    ("graders.export.gradescope", "ExportError"),
    ("graders.adjust.people", "StudentError"),
    ("graders.gradebook.term_store", "AdjustmentError"),
    ("graders.similarity", "SimilarityError"),
    ("graders.submission", "SubmissionError"),
    ("graders.run.layouts", "LayoutError"),
    ("graders.roster.lms_exports", "MetadataError"),
]


def family_class(module: str, name: str) -> type[Exception]:
    return getattr(importlib.import_module(module), name)


@pytest.mark.parametrize(("module", "name"), FAMILY)
def test_every_error_the_command_handles_is_of_the_family(module, name):
    cls = family_class(module, name)
    assert issubclass(cls, UnogradeError)
    if name != "GradebookError":  # the one that was never a ValueError
        assert issubclass(cls, ValueError), "an existing `except ValueError` must still catch it"
    error = cls("roster.csv:3: duplicate id '1001'")
    assert str(error) == "roster.csv:3: duplicate id '1001'"
    assert error.exit_code == USAGE_ERROR == 2


def test_no_verb_turns_an_exception_into_an_exit_itself():
    """The 21 ``except X as exc: fail(str(exc))`` clauses are gone: an error of the family
    goes up to the command's entry as it was raised."""
    clause = re.compile(r"except [^\n]+ as (\w+):\n\s+fail\((?:terminal_plain\()?str\(\1\)")
    found = [
        str(path.relative_to(ROOT))
        for path in (ROOT / "graders").rglob("*.py")
        if clause.search(path.read_text(encoding="utf-8"))
    ]
    assert found == []


@pytest.mark.parametrize(("module", "name"), FAMILY)
def test_each_error_of_the_family_is_one_line_and_exit_2(monkeypatch, module, name):
    """Whatever verb raises it, the entry says its message, escape sequences removed (it may
    quote a submission's file name), and exits with its status."""
    cls = family_class(module, name)

    def broken():
        raise cls("course.toml:3: \x1b[2Jit is broken")

    monkeypatch.setattr(graders.cli, "list_assignments", broken)
    result = CliRunner().invoke(graders.cli.main, ["list"], catch_exceptions=False)
    assert result.exit_code == 2
    assert result.stderr == "unograde: course.toml:3: it is broken\n"
    assert result.stdout == ""


def test_an_error_may_carry_its_own_exit_status(monkeypatch):
    class Locked(UnogradeError):
        exit_code = 75

    def broken():
        raise Locked("gradebook.db: locked by another grader")

    monkeypatch.setattr(graders.cli, "list_assignments", broken)
    result = CliRunner().invoke(graders.cli.main, ["list"], catch_exceptions=False)
    assert (result.exit_code, result.stderr) == (
        75,
        "unograde: gradebook.db: locked by another grader\n",
    )
    assert UnogradeError("x", exit_code=3).exit_code == 3


def test_the_place_is_said_as_a_compiler_says_it():
    assert str(UnogradeError("duplicate id", path="roster.csv", line=3)) == (
        "roster.csv:3: duplicate id"
    )
    assert str(UsageError("expected ':'", path="jo.py", line=7, column=21)) == (
        "jo.py:7:21: expected ':'"
    )
    cell = UnogradeError("name 'x' is not defined", path="hana.ipynb", cell=4, line=2)
    assert str(cell) == "hana.ipynb, cell 4, line 2: name 'x' is not defined"
    assert (cell.path, cell.cell, cell.line) == ("hana.ipynb", 4, 2)
    # A message that already names its place does not name it twice.
    assert str(UnogradeError("roster.csv:3: duplicate id", path="roster.csv", line=3)) == (
        "roster.csv:3: duplicate id"
    )
    assert str(UnogradeError("no such file")) == "no such file"


def test_foreign_errors_become_usage_errors_with_their_message():
    with pytest.raises(UsageError, match=r"^bad fixture$"), as_usage_error():
        raise ValueError("bad fixture")
    with pytest.raises(UsageError, match="disk full"), as_usage_error(OSError):
        raise OSError("disk full")
    family = family_class("graders.roster.parse", "RosterError")
    with pytest.raises(family), as_usage_error():  # the family's own pass unchanged
        raise family("r.csv:2: no id")
    with pytest.raises(KeyError), as_usage_error():  # what was not asked for is a bug
        raise KeyError("x")


def one_line(proc) -> str:
    """The command failed as bad input: exit 2, one line on stderr, no traceback."""
    assert proc.returncode == 2, (proc.returncode, proc.stderr)
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("unograde: ")
    return lines[0].removeprefix("unograde: ")


def test_bad_input_for_each_member_through_the_real_command(tmp_path):
    """One real bad input per member a command can meet: its message names what was wrong
    (the name, the path, the line given here), exit 2, no traceback."""
    book = tmp_path / "g.db"
    # AssignmentError: an assignment that does not exist.
    said = one_line(unograde("grade", "no-such-assignment", str(ADA)))
    assert "unknown assignment 'no-such-assignment'" in said
    # CourseError: a course folder that does not exist.
    said = one_line(unograde("list", course=tmp_path / "missing-course"))
    assert str(tmp_path / "missing-course") in said and "no such folder" in said
    # GradebookError: a gradebook that is not there, to read.
    said = one_line(unograde("roster", "show", "--gradebook", str(book)))
    assert str(book) in said and "no such gradebook" in said
    # LateError: a time that is not one.
    late = unograde("grade", "uno-moves", str(ADA), "--no-gradebook", "--submitted-at", "soon")
    said = one_line(late)
    assert "--submitted-at" in said and "'soon'" in said
    # RosterError: the same id twice, the second on line 3 of the file.
    roster = tmp_path / "roster.csv"
    roster.write_text("id,name,email\n1001,Ada L,ada@x.edu\n1001,Ben K,ben@x.edu\n")
    said = one_line(unograde("roster", "import", str(roster), "--gradebook", str(book)))
    assert said.startswith(f"{roster}:3:") and "1001" in said
    roster.write_text("id,name,email\n1001,Ada L,ada@x.edu\n")
    assert unograde("roster", "import", str(roster), "--gradebook", str(book)).returncode == 0
    # UnknownAssignment: nothing graded under that name in the gradebook.
    said = one_line(unograde("roster", "show", "--assignment", "nope", "--gradebook", str(book)))
    assert "'nope'" in said and str(book) in said
    # StudentError: a student nobody in the roster is.
    extend = ("roster", "extend", "nobody", "uno-moves", "--until", "2025-03-09T23:59:00-05:00")
    said = one_line(unograde(*extend, "--gradebook", str(book)))
    assert "'nobody'" in said
    # SimilarityError: a starter that is not there.
    similar = ("similarity", "uno-moves", str(ADA), "--no-gradebook", "--out", str(tmp_path / "s"))
    said = one_line(unograde(*similar, "--starter", str(tmp_path / "starter.py")))
    assert said == f"{tmp_path / 'starter.py'}: no such starter file or folder"
    # ExportError: a wheel that is not there.
    wheel = tmp_path / "unograde.whl"
    export = ("export", "gradescope", "uno-moves", "--out", str(tmp_path / "a.zip"))
    said = one_line(unograde(*export, "--wheel", str(wheel)))
    assert said == f"{wheel}: no such file"
    # UsageError: a submission that is not there.
    said = one_line(unograde("grade", "uno-moves", str(tmp_path / "nobody.py")))
    assert said == f"{tmp_path / 'nobody.py'}: no such file or folder"


def test_the_error_module_imports_nothing_of_unograde():
    """Anything may raise from it, the kit's runtime aside (it imports nothing of graders)."""
    source = (ROOT / "graders" / "errors.py").read_text(encoding="utf-8")
    assert not re.search(r"^\s*(from \.|from graders|import graders)", source, re.M)
