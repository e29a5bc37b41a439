"""Where assignments come from: the built-in course and course folders outside the package.

A *course* is a folder with the repository's layout: ``assignments/<id>/assignment.toml``,
``reference/`` (the plugins and references, importable as ``reference.<name>``),
``fixtures/<id>/`` and, optionally, ``templates/``.  The package's own assignments are the
built-in course; ``unograde --course DIR`` or the environment variable ``UNOGRADE_COURSE``
(folders separated by ``os.pathsep``) add more, and their assignments appear beside the
built-in ones in every command.  The variable is what worker processes inherit, so a course
given on the command line is also set there.

A course's ``reference/`` folder joins the ``reference`` package's search path, so its plugin
is named in ``assignment.toml`` exactly as a built-in one is (``reference.cardsum.plugin``)
and may import its own modules absolutely or relatively.
"""

from __future__ import annotations

import importlib
import os
import sys
import types
from dataclasses import dataclass
from pathlib import Path

from .errors import UnogradeError
from .paths import data_dir

ENVIRONMENT = "UNOGRADE_COURSE"
REFERENCE_PACKAGE = "reference"


class CourseError(UnogradeError, ValueError):
    """A course folder that does not exist or does not have the layout."""


@dataclass(frozen=True)
class Course:
    """The folders of one course (the built-in one may live inside an installed wheel)."""

    name: str
    assignments: Path
    fixtures: Path
    templates: Path
    reference: Path | None  # None: the built-in references, already an installed package

    def assignment_ids(self) -> list[str]:
        if not self.assignments.is_dir():
            return []
        return sorted(
            p.name for p in self.assignments.iterdir() if (p / "assignment.toml").is_file()
        )


def builtin() -> Course:
    return Course(
        name="built-in",
        assignments=data_dir("assignments"),
        fixtures=data_dir("fixtures"),
        templates=data_dir("templates"),
        reference=None,
    )


def course_at(folder: Path) -> Course:
    """The course in ``folder``; a folder without ``assignments/`` is a mistake said plainly."""
    folder = Path(folder).expanduser()
    if not folder.is_dir():
        raise CourseError(f"course {folder}: no such folder")
    if not (folder / "assignments").is_dir():
        raise CourseError(
            f"course {folder}: no assignments/ folder (a course has the repository's layout: "
            "assignments/, reference/, fixtures/, templates/)"
        )
    folder = folder.resolve()
    return Course(
        name=str(folder),
        assignments=folder / "assignments",
        fixtures=folder / "fixtures",
        templates=folder / "templates",
        reference=folder / "reference",
    )


def extra_folders() -> list[Path]:
    """The course folders named in ``UNOGRADE_COURSE``, in order, without repeats."""
    raw = os.environ.get(ENVIRONMENT, "")
    folders: list[Path] = []
    for part in raw.split(os.pathsep):
        if part.strip() and Path(part) not in folders:
            folders.append(Path(part))
    return folders


def add_course(folder: Path) -> Course:
    """Add a course for this process and every process it starts (checked first)."""
    course = course_at(folder)
    folders = [str(f) for f in extra_folders()]
    if str(course.name) not in folders:
        os.environ[ENVIRONMENT] = os.pathsep.join([*folders, course.name])
    return course


def courses() -> list[Course]:
    """The built-in course first, then every added course."""
    return [builtin(), *(course_at(folder) for folder in extra_folders())]


def find(assignment_id: str) -> tuple[Course, Path] | None:
    """The course holding ``assignment_id`` and the assignment's folder, or None.

    An id that two courses define is a mistake: which one a command means would depend on
    the order of the folders, so it is refused naming both places.
    """
    found = [
        (course, course.assignments / assignment_id)
        for course in courses()
        if (course.assignments / assignment_id / "assignment.toml").is_file()
    ]
    if len(found) > 1:
        places = " and ".join(str(folder) for _, folder in found)
        raise CourseError(f"assignment {assignment_id!r} is defined twice: {places}")
    return found[0] if found else None


def make_importable(course: Course) -> None:
    """Let ``reference.<name>`` find the course's modules (its ``reference/`` folder joins the
    package's search path); a module name the built-in references already use is refused."""
    if course.reference is None or not course.reference.is_dir():
        return
    try:
        package = importlib.import_module(REFERENCE_PACKAGE)
    except ModuleNotFoundError:  # an install without built-in references
        package = types.ModuleType(REFERENCE_PACKAGE)
        package.__path__ = []
        sys.modules[REFERENCE_PACKAGE] = package
    here = str(course.reference)
    if here in package.__path__:
        return
    others = [Path(p) for p in package.__path__]
    for child in sorted(course.reference.iterdir()):
        name = child.stem if child.suffix == ".py" else child.name
        if name.startswith(("_", ".")):
            continue
        if any((o / name).exists() or (o / f"{name}.py").exists() for o in others):
            raise CourseError(
                f"course {course.name}: reference/{child.name} has the name of a module the "
                f"reference package already has; rename it"
            )
    package.__path__.append(here)
    importlib.invalidate_caches()
