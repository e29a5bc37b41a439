"""``unograde new ID --course DIR``: a complete, working small assignment to start from.

The scaffold is one card exercise (the points of an UNO hand) with everything an assignment
has: its page with a Decisions heading, ``assignment.toml``, a reference and a plugin keeping
the contract, fixtures made by the plugin's own generator, a starter that scores less than
full marks and the instructor's solution that scores full marks. Course staff change the
exercise and keep the shape; nothing outside the course folder is edited.
"""

from __future__ import annotations

import re
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined

from ..assignment import AssignmentError, list_assignments, load_assignment
from ..contract import FixtureGeneration
from ..courses import add_course
from ..vocabulary import FixtureRequest

SKELETON = Path(__file__).resolve().parent / "skeleton"
ID_PATTERN = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")
FIXTURE_COUNT = 20

# skeleton template -> where it goes, relative to the course folder
FILES = {
    "assignment.toml.j2": "assignments/{id}/assignment.toml",
    "README.md.j2": "assignments/{id}/README.md",
    "STAFF.md.j2": "assignments/{id}/STAFF.md",
    "starter.py.j2": "assignments/{id}/starter/{module}.py",
    "solution.py.j2": "assignments/{id}/solution/{module}.py",
    "reference_init.py.j2": "reference/{package}/__init__.py",
    "plugin.py.j2": "reference/{package}/plugin.py",
}


def _reference_folders(course: Path) -> list[Path]:
    """Where ``reference.<name>`` is looked up, besides this course's own folder."""
    import importlib

    try:
        package = importlib.import_module("reference")
    except ModuleNotFoundError:
        return []
    own = (course / "reference").resolve()
    return [Path(p) for p in package.__path__ if Path(p).resolve() != own]


def scaffold(assignment_id: str, course: Path, title: str | None = None) -> list[Path]:
    """Write the assignment into ``course`` (made if missing) and generate its fixtures.

    A bad id, an id some course already has, or a file that would be overwritten raises
    ``AssignmentError`` before anything is written.
    """
    if not ID_PATTERN.fullmatch(assignment_id) or len(assignment_id) > 40:
        raise AssignmentError(
            f"{assignment_id!r} is not an assignment id: lower-case letters, digits and "
            "single hyphens, starting with a letter (e.g. card-points)"
        )
    package = assignment_id.replace("-", "_")
    names = {"id": assignment_id, "module": package, "package": package}
    course = Path(course).expanduser()
    targets = {src: course / dst.format(**names) for src, dst in FILES.items()}
    existing = [str(p) for p in targets.values() if p.exists()]
    if existing:
        raise AssignmentError(f"{existing[0]} exists already; nothing was written")
    if assignment_id in list_assignments():
        raise AssignmentError(f"an assignment {assignment_id!r} exists already")
    (course / "assignments").mkdir(parents=True, exist_ok=True)
    add_course(course)
    if assignment_id in list_assignments():
        raise AssignmentError(f"an assignment {assignment_id!r} exists already in {course}")
    taken = [p for p in _reference_folders(course) if (p / package).exists()]
    if taken:
        raise AssignmentError(f"{taken[0] / package} exists already: choose another id")
    env = Environment(
        loader=FileSystemLoader(str(SKELETON)),
        undefined=StrictUndefined,
        keep_trailing_newline=True,
    )
    context = names | {"title": title or assignment_id.replace("-", " ").capitalize()}
    written = []
    for src, target in targets.items():
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(env.get_template(src).render(**context), encoding="utf-8")
        written.append(target)
    assignment = load_assignment(assignment_id)
    plugin = assignment.plugin
    assert isinstance(plugin, FixtureGeneration)
    request = FixtureRequest(assignment.parts[0].id, FIXTURE_COUNT, 0, assignment.fixtures)
    return written + plugin.generate_fixtures(request)
