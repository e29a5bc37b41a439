"""Assignments as data: what the grader needs to know, read from ``assignment.toml``.

An assignment folder declares its parts (function names, points), its limits,
the module name a submission must provide, and the *plugin*: the module (next to
the reference) that says how to turn a fixture into a call and how to compare a
result.  The grader's core never names an assignment; adding one means adding a
folder, a reference module with a plugin, and fixtures.
"""

from __future__ import annotations

import importlib
import json
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from .paths import data_dir, fixtures_dir


class AssignmentError(ValueError):
    """An unknown assignment or part, or a broken assignment folder."""


@dataclass(frozen=True)
class Part:
    id: str
    function: str
    points: float
    title: str = ""
    signature: str = ""


@dataclass(frozen=True)
class Limits:
    timeout: float = 2.0  # wall-clock seconds per case
    cpu: float = 2.0  # CPU seconds per case
    memory_mb: int = 512
    output_kb: int = 64  # what a case may print before the rest is dropped
    # Caps on the whole sandbox (enforced with cgroups and a sized tmpfs where available).
    disk_mb: int = 64  # the work folder and /tmp, each
    processes: int = 128  # processes and threads at once (a JVM needs a few dozen)
    # Wall-clock seconds for all of one submission's cases, kept by the grader's parent.
    submission_timeout: float = 60.0
    # A function that times out (or hits the memory cap) on this many cases in a row has its
    # remaining cases recorded "not run" instead of each waiting out its timeout (0: never).
    stop_after: int = 2


@dataclass(frozen=True)
class Case:
    """One fixture, ready to run: the call's arguments and the expected result."""

    name: str
    part: str
    visibility: str
    args: tuple[Any, ...]
    expected: Any
    covers: tuple[str, ...] = ()
    input_path: str = ""
    expected_path: str = ""

    @property
    def hidden(self) -> bool:
        return self.visibility == "hidden"


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
    extra: dict = field(default_factory=dict)
    # Files of the assignment folder copied next to every submission (definitions students
    # import), and the child-side adapter module (stdlib only) that makes the calls.
    provided: tuple[str, ...] = ()
    adapter: str | None = None
    # Programs in any language: entry file -> {"run": ..., "build": ...}.
    programs: dict = field(default_factory=dict)

    @property
    def plugin(self) -> ModuleType:
        return importlib.import_module(self.plugin_name)

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
        path = fixtures_dir(self.id) / "manifest.json"
        try:
            return json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise AssignmentError(f"{self.id}: no fixtures manifest at {path}") from None

    def cases(self, visibility: str | None = None, parts: list[str] | None = None) -> list[Case]:
        """The fixtures as runnable cases, in manifest order."""
        root = fixtures_dir(self.id)
        out = []
        for entry in self.manifest()["cases"]:
            if visibility and entry["visibility"] != visibility:
                continue
            if parts and entry["part"] not in parts:
                continue
            out.append(self.plugin.load_case(self, entry, root))
        return out


def list_assignments() -> list[str]:
    root = data_dir("assignments")
    return sorted(p.name for p in root.iterdir() if (p / "assignment.toml").is_file())


def load_assignment(assignment_id: str) -> Assignment:
    """Read ``assignments/<id>/assignment.toml``; unknown ids name the known ones."""
    folder = data_dir("assignments") / assignment_id
    config_path = folder / "assignment.toml"
    if not config_path.is_file():
        known = ", ".join(list_assignments()) or "none"
        raise AssignmentError(f"unknown assignment {assignment_id!r} (known: {known})")
    try:
        config = tomllib.loads(config_path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise AssignmentError(f"{config_path}: {exc}") from None
    parts = tuple(
        Part(p["id"], p["function"], float(p["points"]), p.get("title", ""), p.get("signature", ""))
        for p in config["parts"]
    )
    try:
        limits = Limits(**config.get("limits", {}))
    except TypeError as exc:
        raise AssignmentError(f"{config_path}: [limits]: {exc}") from None
    return Assignment(
        id=config["id"],
        title=config.get("title", config["id"]),
        module=config["module"],
        plugin_name=config["plugin"],
        folder=folder,
        parts=parts,
        limits=limits,
        show_hidden=config.get("show_hidden", True),
        extra=config.get("extra", {}),
        provided=tuple(config.get("provided", ())),
        adapter=config.get("adapter"),
        programs=config.get("programs", {}),
    )


def split_target(target: str) -> tuple[str, str | None]:
    """``uno-moves/part03`` -> (``uno-moves``, ``part03``); ``uno-moves`` -> (…, None)."""
    assignment, _, part = target.partition("/")
    return assignment, part or None
