"""The ``--gradebook`` option every verb that reads or writes the gradebook shares."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

HELP = (
    "The gradebook: a SQLite file, or a database URL such as "
    "postgresql://user@host/db (default: $UNOGRADE_GRADEBOOK, else gradebook.db here)."
)


def gradebook_option(function: Callable[..., Any]) -> Callable[..., Any]:
    return click.option("--gradebook", "gradebook", metavar="PATH|URL", help=HELP)(function)


def open_gradebook(where: str | None, create: bool):
    """The gradebook at ``where`` (see :func:`graders.gradebook.location`); a
    ``GradebookError`` says why it cannot be opened."""
    from . import Gradebook

    return Gradebook(where, create=create)
