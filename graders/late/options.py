"""The ``--term FILE`` option every verb that shows scores shares, and reading its policies."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import click

HELP = (
    "The term file with this term's late policies ([late.<assignment>] tables; default: "
    "$UNOGRADE_TERM, else term.toml here if there is one)."
)


def term_option(function: Callable[..., Any]) -> Callable[..., Any]:
    return click.option("--term", "term", metavar="FILE", help=HELP)(function)


def load_term_policies(term: str | None, assignments: Sequence[str]) -> dict:
    """The late policy of each assignment (term file, then assignment.toml); a ``LateError``
    says in one line why a policy cannot be read."""
    from . import load_policies

    return load_policies(list(assignments), term)
