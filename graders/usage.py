"""How every ``unograde`` verb reports a usage or input error: one line on stderr, exit 2.

A verb raises (:func:`fail`, or any error of :mod:`graders.errors`' family); the command's
entry (:meth:`graders.cli.Unograde.main`) turns it into ``unograde: MESSAGE`` on stderr and the
error's exit status, in that one place (:func:`exit_for`).
"""

from __future__ import annotations

import sys
from typing import NoReturn

from .errors import USAGE_ERROR, UnogradeError, UsageError


def fail(message: str) -> NoReturn:
    """Stop the verb with ``message`` (exit status 2, said by the command's entry)."""
    raise UsageError(message)


def exit_for(error: UnogradeError) -> NoReturn:
    """The one place an error of the family becomes an exit: its message (control
    characters and escape sequences removed: it may quote a submission) on stderr."""
    import click

    from .textsafe import terminal_plain

    click.echo(f"unograde: {terminal_plain(str(error))}", err=True)
    sys.exit(error.exit_code)


__all__ = ["USAGE_ERROR", "exit_for", "fail"]
