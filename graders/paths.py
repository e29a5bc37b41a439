"""Where the data folders (assignments, fixtures, templates) live.

In a source checkout or an editable install they sit at the repository's top
level; in a wheel they are shipped inside ``graders/_data``.  Everything that
needs them asks here, so no module guesses a path of its own.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def data_dir(name: str) -> Path:
    """Return the folder ``name`` (``assignments``, ``fixtures`` or ``templates``)."""
    shipped = _PACKAGE / "_data" / name
    if shipped.is_dir():
        return shipped
    return _PACKAGE.parent / name


def assignment_dir(assignment: str) -> Path:
    return data_dir("assignments") / assignment


def fixtures_dir(assignment: str) -> Path:
    return data_dir("fixtures") / assignment


def templates_dir() -> Path:
    return data_dir("templates")
