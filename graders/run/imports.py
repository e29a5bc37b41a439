"""What a submission may import beyond the standard library, and how the sandbox shows it.

The child starts as ``python -I -S``: no site-packages, so a notebook that imports numpy
would score nothing. An assignment lists what its submissions may import
(``[imports] allowed = ["numpy", "pandas"]`` in ``assignment.toml``); each name that is
installed where the grader runs is made importable, and nothing else of site-packages is:

* the distributions that provide those modules, and (recursively) the distributions they
  require, are found with ``importlib.metadata``; their top-level entries (``numpy``,
  ``numpy.libs``, ``numpy-2.4.6.dist-info``) are what the child may see;
* under bubblewrap each entry is bound read-only into one folder of the sandbox's own
  (``/sandbox/site``: no path of the grader's machine shows), which goes at the end of the
  child's ``sys.path``; entries stay siblings, as the libraries' relative lookups expect;
* under rlimits a private folder of symbolic links to those entries goes there instead (the
  whole site-packages would also offer unograde and its reference).

A name that is not installed is left out: the submission's import fails with
``ModuleNotFoundError``, as it would on any machine without it.
"""

from __future__ import annotations

import functools
import importlib.metadata as metadata
import importlib.util
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

# Threads a numerical library starts by default: one core per sandbox (cgroups), so one.
THREAD_ENV = {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}


@dataclass(frozen=True)
class Allowed:
    """The entries of site-packages a submission may import, and where they live."""

    sites: tuple[Path, ...]  # site-packages folders holding them (for sys.path)
    entries: tuple[Path, ...]  # top-level files and folders, by absolute path
    missing: tuple[str, ...]  # allowed names not installed here

    def __bool__(self) -> bool:
        return bool(self.entries)

    def unique_entries(self) -> list[Path]:
        """The entries by name, the first of each name (one folder holds them all)."""
        return list({entry.name: entry for entry in reversed(self.entries)}.values())[::-1]


def _requirements(dist: metadata.Distribution) -> list[str]:
    """Names of the distributions ``dist`` needs (extras left out, markers evaluated)."""
    from packaging.requirements import InvalidRequirement, Requirement

    names = []
    for text in dist.requires or ():
        try:
            req = Requirement(text)
        except InvalidRequirement:
            continue
        if req.marker is not None and not req.marker.evaluate({"extra": ""}):
            continue
        names.append(req.name)
    return names


def _top_level(dist: metadata.Distribution, site: Path) -> list[Path]:
    """The distribution's top-level entries in ``site`` (not its scripts in ``../bin``)."""
    found: dict[str, None] = {}
    for file in dist.files or ():
        first = file.parts[0] if file.parts else ""
        if first and first not in ("..", "__pycache__") and not first.endswith(".pth"):
            found[first] = None
    return [site / name for name in found if (site / name).exists()]


@functools.cache
def allowed(names: tuple[str, ...]) -> Allowed:
    """The site-packages entries that make ``names`` importable, with what they require."""
    if not names:
        return Allowed((), (), ())
    providers = metadata.packages_distributions()
    sites: dict[Path, None] = {}
    entries: dict[Path, None] = {}
    missing = []
    todo: list[str] = []
    for name in names:
        spec = importlib.util.find_spec(name)
        if spec is None or spec.origin in (None, "built-in", "frozen"):
            if spec is None:
                missing.append(name)
            continue  # the standard library's own: already importable
        todo += providers.get(name, [])
        location = Path(
            os.path.realpath(
                next(iter(spec.submodule_search_locations))
                if spec.submodule_search_locations
                else spec.origin
            )
        )
        if location.parent.name in ("site-packages", "dist-packages"):
            sites[location.parent] = None
            entries[location] = None
    seen: set[str] = set()
    while todo:
        dist_name = todo.pop()
        key = dist_name.lower().replace("_", "-")
        if key in seen:
            continue
        seen.add(key)
        try:
            dist = metadata.distribution(dist_name)
        except metadata.PackageNotFoundError:
            continue
        site = Path(os.path.realpath(dist.locate_file("")))
        if site.name not in ("site-packages", "dist-packages"):
            continue
        sites[site] = None
        for entry in _top_level(dist, site):
            entries[entry] = None
        todo += _requirements(dist)
    return Allowed(tuple(sites), tuple(entries), tuple(missing))


def link_farm(entries: tuple[Path, ...]) -> Path:
    """A private folder of symbolic links to ``entries`` (the rlimits sandbox's sys.path);
    remove it with :func:`remove_farm`."""
    farm = Path(tempfile.mkdtemp(prefix="unograde-site-"))
    for entry in entries:
        if not (farm / entry.name).exists():
            (farm / entry.name).symlink_to(entry, target_is_directory=entry.is_dir())
    return farm


def remove_farm(farm: Path | None) -> None:
    if farm is not None:
        shutil.rmtree(farm, ignore_errors=True)
