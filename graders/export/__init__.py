"""``unograde export FORMAT ...``: grades or an assignment in a form another system imports.

One subcommand per target, each a click command in a module of its own: ``lms`` (the
gradebook for Canvas, Moodle, or a long CSV) and ``gradescope`` (an assignment as the
autograder zip Gradescope builds its image from). Adding a target is one module and one line
in ``_SUBCOMMANDS`` (each entry: module, then the names of its commands). Modules are imported
when the group is first asked for its commands, so ``unograde`` starts without the database
layer.
"""

from __future__ import annotations

import importlib

import click

# (module under graders.export, its click commands)
_SUBCOMMANDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("lms", ("canvas", "moodle", "long_csv")),
    ("gradescope", ("gradescope_command",)),
)


class _ExportGroup(click.Group):
    def _load(self) -> None:
        if getattr(self, "_loaded", False):
            return
        self._loaded = True
        for module_name, names in _SUBCOMMANDS:
            module = importlib.import_module(f"{__name__}.{module_name}")
            for name in names:
                self.add_command(getattr(module, name))

    def list_commands(self, ctx: click.Context) -> list[str]:
        self._load()
        return super().list_commands(ctx)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        self._load()
        return super().get_command(ctx, name)


@click.group("export", cls=_ExportGroup)
def export() -> None:
    """Export the gradebook for an LMS (canvas, moodle, csv) or package an assignment for
    Gradescope (gradescope)."""


__all__ = ["export"]
