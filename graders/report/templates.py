"""The Jinja2 environments for reports, with the filters the reports share.

Templates are looked up in the assignment's own ``templates/`` folder first, then its
course's, then the package's shared ``templates/`` (``report.html.j2`` and friends); an
assignment's views (``views/<kind>.html.j2``) and its filters (:class:`graders.contract.Views`)
live with the assignment.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from jinja2 import Environment, FileSystemBytecodeCache

from unokit.render import environment as base_environment
from unokit.render import truncate_text

from ..contract import Views
from ..paths import templates_dir
from ..results import OUTCOMES
from ..textsafe import md_code_block, md_inline, terminal_plain

if TYPE_CHECKING:
    from ..assignment import Assignment


def md_text(text: Any, limit: int = 2000) -> str:
    """Student-controlled text inline in Markdown: cut, then made inert (a report.md is also
    read with ``cat``: no escape sequence survives in it either)."""
    return md_inline(terminal_plain(truncate_text(str(text), limit)))


def md_block(text: Any, limit: int = 2000) -> str:
    """Student-controlled text as a code block it cannot close, with no escape sequences."""
    return md_code_block(terminal_plain(truncate_text(str(text), limit)))


def not_run_groups(cases: list) -> list[tuple[str, str, int]]:
    """Not-run cases, one line per part and reason: (part, reason, how many)."""
    groups: dict[tuple[str, str], int] = {}
    for case in cases:
        if case.outcome == "not-run":
            key = (case.part, case.messages[0] if case.messages else "not run")
            groups[key] = groups.get(key, 0) + 1
    return [(part, reason, count) for (part, reason), count in groups.items()]


def points(value: float) -> str:
    """Points as people write them: 83.06, 25, 0.81."""
    return f"{round(value, 2):g}"


@lru_cache(maxsize=1)
def _bytecode_cache() -> FileSystemBytecodeCache | None:
    """Where the templates' compiled code is kept between runs: compiling them costs a run
    that grades one submission (and each worker of a class) tens of milliseconds. A folder
    of this user's alone (``~/.cache/unograde/templates``, 0700); Jinja checks each entry
    against its template's source and compiles again when they differ. None (compile every
    run) when there is no such folder to be had."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    folder = os.path.join(base, "unograde", "templates")
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
        info = os.stat(folder)
        if info.st_uid != os.getuid() or info.st_mode & 0o077:
            return None  # not ours alone: its files will not be loaded
    except OSError:
        return None
    return FileSystemBytecodeCache(folder)


@lru_cache(maxsize=32)
def _environment(folders: tuple[str, ...]) -> Environment:
    env = base_environment(folders)  # the settings and filters a self-check kit has too
    env.bytecode_cache = _bytecode_cache()
    env.filters["points"] = points
    env.filters["md"] = md_text
    env.filters["md_block"] = md_block
    env.globals["OUTCOMES"] = OUTCOMES
    env.globals["not_run_groups"] = not_run_groups
    return env


def environment(assignment: Assignment | None = None) -> Environment:
    """The environment for ``assignment``'s reports (the shared templates only without one)."""
    if assignment is None:
        return _environment((str(templates_dir()),))
    env = _environment(_folders(assignment.template_folders))
    plugin = assignment.plugin
    if isinstance(plugin, Views):
        env.filters.update(plugin.template_filters())
    return env


def _folders(paths: Sequence[Path]) -> tuple[str, ...]:
    return tuple(str(p) for p in paths)


def render_template(name: str, assignment: Assignment | None = None, **context: Any) -> str:
    return environment(assignment).get_template(name).render(**context)
