"""How every ``unograde`` verb reports a usage or input error: one line on stderr, exit 2."""

from __future__ import annotations

import sys
from typing import NoReturn

import click

USAGE_ERROR = 2


def fail(message: str) -> NoReturn:
    click.echo(f"unograde: {message}", err=True)
    sys.exit(USAGE_ERROR)
