"""Assignments as data: what the grader needs to know, read from ``assignment.toml``.

An assignment folder declares its parts (function names, points), its limits,
the module name a submission must provide, and the *plugin*: the class (next to
the reference) that keeps the contract of :mod:`graders.contract`.  The grader's
core never names an assignment; adding one means adding a folder, a reference
module with a plugin, and fixtures, in the built-in course or a course folder of
its own (:mod:`graders.courses`).
"""

from __future__ import annotations

import importlib
import json
import tomllib
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from . import courses
from .errors import UnogradeError
from .vocabulary import Case, Limits, Part

if TYPE_CHECKING:
    from .contract import AssignmentPlugin


# Gradescope's visibility values, for ``hidden_visibility``.
HIDDEN_VISIBILITIES = ("after_published", "after_due_date", "hidden", "visible")


class AssignmentError(UnogradeError, ValueError):
    """An unknown assignment or part, or a broken assignment folder."""


@dataclass(frozen=True)
class Assignment:
    id: str
    title: str
    module: str
    plugin_name: str
    folder: Path
    parts: tuple[Part, ...]
    limits: Limits
    show_hidden: bool = False  # show hidden cases' names and pass/fail (never inputs)
    # Gradescope's visibility of a hidden case's test ("after_published" by default).
    hidden_visibility: str = "after_published"
    # What a submission may import beyond the standard library (``[imports] allowed``):
    # top-level module names, made importable in the sandbox where they are installed.
    allowed_imports: tuple[str, ...] = ()
    extra: dict = field(default_factory=dict)
    # Files of the assignment folder copied next to every submission (definitions students
    # import), and the child-side adapter module (stdlib only) that makes the calls.
    provided: tuple[str, ...] = ()
    adapter: str | None = None
    # Programs in any language: entry file -> {"run": ..., "build": ...}.
    programs: dict = field(default_factory=dict)
    # A course's own layout of per-part source files (``[layouts.NAME]``, see
    # :mod:`graders.run.layouts`): name -> its table.
    layouts: dict = field(default_factory=dict)
    # The course it belongs to: where its fixtures, references and shared templates are.
    course: courses.Course = field(default_factory=courses.builtin, compare=False)

    @property
    def fixtures(self) -> Path:
        """The assignment's fixtures folder (``fixtures/<id>`` of its course)."""
        return self.course.fixtures / self.id

    @property
    def template_folders(self) -> tuple[Path, ...]:
        """Where its report templates are looked up, first match wins: the assignment's own
        ``templates/``, its course's, then the shared ones of the package."""
        folders = [self.folder / "templates", self.course.templates, courses.builtin().templates]
        return tuple(dict.fromkeys(f for f in folders if f.is_dir()))

    @cached_property
    def plugin(self) -> AssignmentPlugin:
        """The assignment's plugin, made once per assignment (see :mod:`graders.contract`)."""
        return make_plugin(self)

    def __getstate__(self) -> dict:
        state = dict(self.__dict__)
        state.pop("plugin", None)  # rebuilt on first use in the process that receives it
        return state

    @property
    def total_points(self) -> float:
        return sum(p.points for p in self.parts)

    def part(self, part_id: str) -> Part:
        for p in self.parts:
            if p.id == part_id:
                return p
        known = ", ".join(p.id for p in self.parts)
        raise AssignmentError(f"{self.id} has no part {part_id!r} (parts: {known})")

    def manifest(self) -> dict:
        path = self.fixtures / "manifest.json"
        try:
            return json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise AssignmentError(f"{self.id}: no fixtures manifest at {path}") from None

    def cases(self, visibility: str | None = None, parts: list[str] | None = None) -> list[Case]:
        """The fixtures as runnable cases, in manifest order."""
        root = self.fixtures
        plugin = self.plugin
        out = []
        for entry in self.manifest()["cases"]:
            if visibility and entry["visibility"] != visibility:
                continue
            if parts and entry["part"] not in parts:
                continue
            out.append(plugin.load_case(entry, root))
        return out


def make_plugin(assignment: Assignment) -> AssignmentPlugin:
    """Import the plugin named in ``assignment.toml`` and make its instance.

    ``plugin = "package.module"`` means that module's class ``Plugin``;
    ``"package.module:Name"`` names the class. It must subclass ``AssignmentPlugin``.
    """
    from .contract import AssignmentPlugin

    where = f"{assignment.folder / 'assignment.toml'}: plugin"
    module_name, _, class_name = assignment.plugin_name.partition(":")
    try:
        courses.make_importable(assignment.course)
    except courses.CourseError as exc:
        raise AssignmentError(str(exc)) from None
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise AssignmentError(f"{where}: cannot import {module_name!r} ({exc})") from None
    cls = vars(module).get(class_name or "Plugin")
    if not (isinstance(cls, type) and issubclass(cls, AssignmentPlugin)):
        raise AssignmentError(
            f"{where}: {module_name} has no class {class_name or 'Plugin'} subclassing "
            "graders.contract.AssignmentPlugin"
        )
    try:
        return cls(assignment)
    except (TypeError, ImportError) as exc:  # methods left out, a feedback module without them
        raise AssignmentError(f"{where}: {exc}") from None


def list_assignments() -> list[str]:
    """Every assignment id of every course (built-in first)."""
    ids: list[str] = []
    for course in courses.courses():
        ids += [i for i in course.assignment_ids() if i not in ids]
    return sorted(ids)


def load_assignment(assignment_id: str) -> Assignment:
    """Read ``assignments/<id>/assignment.toml`` of the course that has it; unknown ids name
    the known ones."""
    try:
        found = courses.find(assignment_id) if "/" not in assignment_id else None
    except courses.CourseError as exc:
        raise AssignmentError(str(exc)) from None
    if found is None:
        known = ", ".join(list_assignments()) or "none"
        raise AssignmentError(f"unknown assignment {assignment_id!r} (known: {known})")
    course, folder = found
    config_path = folder / "assignment.toml"
    try:
        config = tomllib.loads(config_path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise AssignmentError(f"{config_path}: {exc}") from None
    try:
        parts = tuple(
            Part(
                p["id"],
                p["function"],
                float(p["points"]),
                p.get("title", ""),
                p.get("signature", ""),
            )
            for p in config["parts"]
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise AssignmentError(f"{config_path}: [[parts]]: missing or bad {exc}") from None
    for key in ("id", "module", "plugin"):
        if not isinstance(config.get(key), str):
            raise AssignmentError(f'{config_path}: {key} = "..." is required')
    if config["id"] != assignment_id:
        raise AssignmentError(
            f"{config_path}: id = {config['id']!r}, but the folder is {assignment_id!r}"
        )
    try:
        limits = Limits(**config.get("limits", {}))
    except TypeError as exc:
        raise AssignmentError(f"{config_path}: [limits]: {exc}") from None
    visibility = config.get("hidden_visibility", "after_published")
    if visibility not in HIDDEN_VISIBILITIES:
        raise AssignmentError(
            f"{config_path}: hidden_visibility = {visibility!r}: expected one of "
            f"{', '.join(HIDDEN_VISIBILITIES)}"
        )
    imports = config.get("imports", {})
    allowed = imports.get("allowed", []) if isinstance(imports, dict) else None
    if not isinstance(allowed, list) or not all(
        isinstance(n, str) and n.isidentifier() for n in allowed
    ):
        raise AssignmentError(
            f"{config_path}: [imports] allowed: expected a list of module names such as "
            f'["numpy", "pandas"], got {allowed!r}'
        )
    layouts = config.get("layouts", {})
    if layouts:
        from .run.layouts import LayoutError, layout_specs

        try:
            layout_specs(layouts, folder, [p.id for p in parts])
        except LayoutError as exc:
            raise AssignmentError(f"{config_path}: {exc}") from None
    return Assignment(
        course=course,
        id=config["id"],
        title=config.get("title", config["id"]),
        module=config["module"],
        plugin_name=config["plugin"],
        folder=folder,
        parts=parts,
        limits=limits,
        show_hidden=config.get("show_hidden", True),
        hidden_visibility=visibility,
        allowed_imports=tuple(allowed),
        extra=config.get("extra", {}),
        provided=tuple(config.get("provided", ())),
        adapter=config.get("adapter"),
        programs=config.get("programs", {}),
        layouts=layouts,
    )


def split_target(target: str) -> tuple[str, str | None]:
    """``cards/part03`` -> (``cards``, ``part03``); ``cards`` -> (``cards``, None)."""
    assignment, _, part = target.partition("/")
    return assignment, part or None
