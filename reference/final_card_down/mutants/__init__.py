"""Deliberately broken ADTs for grading students' test suites.

A mutant is the reference ``game`` package with one documented patch (``catalog.py``).
The grader needs two things from here:

* ``write_package(dest_dir, name)`` writes a self-contained package (default name
  ``game``) into ``dest_dir``: the reference when ``name`` is None, else the mutant.
  It imports nothing outside itself, so a sandbox child can ``import game`` it.
* ``load_mutant(name)`` imports a mutant in this process under a private name, for the
  reference tests that prove every mutant is caught.
"""

from __future__ import annotations

import importlib.abc
import importlib.util
import sys
from dataclasses import replace
from pathlib import Path
from types import ModuleType

from ..game.readings import Readings
from .catalog import MUTANTS, Mutant

GAME_DIR = Path(__file__).resolve().parent.parent / "game"
ADT_FILES = (
    "__init__.py",
    "cards.py",
    "errors.py",
    "legal.py",
    "queries.py",
    "readings.py",
    "rules.py",
    "state.py",
)


class MutantError(ValueError):
    """An unknown mutant name, or a patch that no longer applies to the reference."""


def mutant_names() -> tuple[str, ...]:
    return tuple(m.name for m in MUTANTS)


def mutant_label(index: int) -> str:
    """The opaque name students see for mutant ``index`` (0-based, catalog order): the
    names say which rule is broken, so they stay hidden until the due date."""
    return f"mutant-{index + 1:02d}"


def mutant_labels() -> tuple[str, ...]:
    return tuple(mutant_label(i) for i in range(len(MUTANTS)))


def mutant_for(label: str) -> Mutant:
    """The mutant behind a label: ``mutant-07`` -> the catalog's seventh."""
    number = label.removeprefix("mutant-")
    if not (label.startswith("mutant-") and number.isdigit() and 1 <= int(number) <= len(MUTANTS)):
        raise MutantError(
            f"{label!r} is not a mutant label (mutant-01 .. {mutant_label(len(MUTANTS) - 1)})"
        )
    return MUTANTS[int(number) - 1]


def get_mutant(name: str) -> Mutant:
    for m in MUTANTS:
        if m.name == name:
            return m
    raise MutantError(f"unknown mutant {name!r}; known: {', '.join(mutant_names())}")


def sources(name: str | None = None, readings: Readings | None = None) -> dict[str, str]:
    """The ADT package's files (name -> text), patched for mutant ``name`` (None: reference),
    playing ``readings`` (default: the page's decisions) in every game it deals.

    Under a reading where a mutant's patch *is* the student's reading of an open rule
    (``Mutant.reading``), that mutant is the page's decision instead (``swapped``): the bug a
    suite of that reading should catch is the reading it does not follow."""
    readings = readings or Readings()
    files = {f: (GAME_DIR / f).read_text(encoding="utf-8") for f in ADT_FILES}
    if name is not None:
        m = get_mutant(name)
        if swapped(m, readings):
            readings = replace(readings, **{m.reading: False})  # type: ignore[arg-type]
        else:
            count = files[m.file].count(m.old)
            if count != 1:
                raise MutantError(
                    f"mutant {name}: its patch matches {count} places in {m.file}, not 1"
                )
            files[m.file] = files[m.file].replace(m.old, m.new)
    if readings != Readings():
        files[READINGS_FILE] = with_default(files[READINGS_FILE], readings)
    return files


READINGS_FILE = "readings.py"
_DEFAULT_LINE = "\nDEFAULT = Readings()\n"


def swapped(mutant: Mutant, readings: Readings) -> bool:
    """Is ``mutant`` the page's decision under ``readings`` (its patch is their reading)?"""
    return mutant.reading is not None and bool(getattr(readings, mutant.reading))


def with_default(text: str, readings: Readings) -> str:
    """``readings.py``'s text with ``DEFAULT`` set to ``readings``: the games a student's
    suite deals (its ``newGame`` calls pass no readings) then follow them."""
    if text.count(_DEFAULT_LINE) != 1:
        raise MutantError(f"{READINGS_FILE}: its DEFAULT line is not found exactly once")
    switches = ", ".join(f"{n}=True" for n in readings.differences())
    return text.replace(_DEFAULT_LINE, f"\nDEFAULT = Readings({switches})\n")


def write_package(dest_dir: str | Path, name: str | None = None, package: str = "game") -> Path:
    """Write the reference (``name`` None) or a mutant as package ``package`` in ``dest_dir``."""
    root = Path(dest_dir) / package
    root.mkdir(parents=True, exist_ok=True)
    for file, text in sources(name).items():
        (root / file).write_text(text, encoding="utf-8")
    return root


class _Finder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Imports one in-memory package (and its submodules) from source texts."""

    def __init__(self, package: str, files: dict[str, str]) -> None:
        self.package = package
        self.files = files

    def _file(self, fullname: str) -> str | None:
        if fullname == self.package:
            return "__init__.py"
        prefix = self.package + "."
        if fullname.startswith(prefix) and fullname[len(prefix) :] + ".py" in self.files:
            return fullname[len(prefix) :] + ".py"
        return None

    def find_spec(self, fullname, path=None, target=None):  # type: ignore[no-untyped-def]
        file = self._file(fullname)
        if file is None:
            return None
        return importlib.util.spec_from_loader(
            fullname, self, origin=f"<{self.package}/{file}>", is_package=file == "__init__.py"
        )

    def create_module(self, spec):  # type: ignore[no-untyped-def]
        return None

    def exec_module(self, module: ModuleType) -> None:
        file = self._file(module.__name__)
        assert file is not None
        if file == "__init__.py":
            module.__path__ = []  # type: ignore[attr-defined]
        code = compile(self.files[file], f"<{self.package}/{file}>", "exec")
        exec(code, module.__dict__)  # noqa: S102 - the reference's own source, patched


def load_mutant(name: str | None) -> ModuleType:
    """Import the mutant ``name`` (None: an in-memory copy of the reference) and return it."""
    package = f"_fcd_mutant_{name or 'reference'}"
    if package in sys.modules:
        return sys.modules[package]
    finder = _Finder(package, sources(name))
    sys.meta_path.insert(0, finder)
    try:
        return importlib.import_module(package)
    finally:
        sys.meta_path.remove(finder)


__all__ = [
    "MUTANTS",
    "Mutant",
    "MutantError",
    "get_mutant",
    "load_mutant",
    "mutant_for",
    "mutant_label",
    "mutant_labels",
    "mutant_names",
    "sources",
    "swapped",
    "write_package",
]
