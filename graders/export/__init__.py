"""``unograde export``: an assignment packaged for another platform.

One subcommand per platform, each in a module of its own (``gradescope``: an autograder zip
Gradescope builds its image from).  This module is only the group that gathers them.
"""

from __future__ import annotations

import click


@click.group("export")
def export() -> None:
    """Package an assignment for a course platform (Gradescope's autograder zip, ...)."""


def _register() -> None:
    from .gradescope import gradescope_command

    export.add_command(gradescope_command)


_register()
