"""What a submission may import beyond the standard library, and how the sandbox shows it.

The child starts as ``python -I -S``: no site-packages, so a notebook that imports numpy
would score nothing. An assignment lists what its submissions may import
(``[imports] allowed = ["numpy", "pandas"]`` in ``assignment.toml``); each name that is
installed where the grader runs is made importable, and nothing else of site-packages is:

* the distributions that provide those modules, and (recursively) the distributions they
  require, are found from the ``.dist-info`` files pip leaves (RECORD, METADATA); their
  top-level entries (``numpy``, ``numpy.libs``, ``numpy-2.4.6.dist-info``) are what the
  child may see;
* under bubblewrap each entry is bound read-only into one folder of the sandbox's own
  (``/sandbox/site``: no path of the grader's machine shows), which goes at the end of the
  child's ``sys.path``; entries stay siblings, as the libraries' relative lookups expect;
* under rlimits a private folder of symbolic links to those entries goes there instead (the
  whole site-packages would also offer unograde and its reference).

A name that is not installed is left out: the submission's import fails with
``ModuleNotFoundError``, as it would on any machine without it. Only the names a submission's
own files mention are offered to it (:func:`wanted`): each bound folder costs a sandbox's
start a little, and a submission that imports none of them should not pay for it.

The grader (:mod:`graders.run.sandbox`) and a student's self-check kit use this one module: a
kit offers the student's work the same names, from the student's own Python where installed
(a folder of links, or the site folders themselves where links cannot be made), so a notebook
that imports numpy is checked there as the grader will grade it.
"""

from __future__ import annotations

import functools
import importlib.util
import os
import re
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

# Threads a numerical library starts by default: one core per sandbox (cgroups), so one.
THREAD_ENV = {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
SITE_NAMES = ("site-packages", "dist-packages")
# "Requires-Dist: python-dateutil>=2.8.2; python_version >= '3'": the name, and the marker.
REQUIRES = re.compile(r"^Requires-Dist:\s*([A-Za-z0-9][A-Za-z0-9._-]*)[^;\n]*(?:;(.*))?$", re.M)


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


def _normal(name: str) -> str:
    """A distribution's name as its ``.dist-info`` folder spells it (PEP 503, then 427)."""
    return re.sub(r"[-_.]+", "_", name).lower()


def _dist_infos(site: Path) -> dict[str, Path]:
    """The site's ``.dist-info`` folders by normalised distribution name."""
    found = {}
    for entry in site.glob("*.dist-info"):
        found[_normal(entry.name[: -len(".dist-info")].split("-")[0])] = entry
    return found


def _top_level(info: Path) -> list[str]:
    """A distribution's top-level entries in its site folder, from its RECORD (scripts in
    ``../bin`` and ``.pth`` files left out)."""
    try:
        record = (info / "RECORD").read_text(encoding="utf-8")
    except OSError:
        return [info.name]
    names: dict[str, None] = {info.name: None}
    for line in record.splitlines():
        first = line.split(",", 1)[0].split("/", 1)[0]
        if first and first not in ("..", "__pycache__") and not first.endswith(".pth"):
            names[first] = None
    return list(names)


def _requirements(info: Path) -> list[str]:
    """The distributions ``info`` requires, extras left out (any other marker is kept:
    showing a library too many is harmless, one too few breaks the import)."""
    try:
        text = (info / "METADATA").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return []
    head = text.split("\n\n", 1)[0]  # the headers; the description follows
    return [m.group(1) for m in REQUIRES.finditer(head) if "extra" not in (m.group(2) or "")]


@functools.cache
def allowed(names: tuple[str, ...]) -> Allowed:
    """The site-packages entries that make ``names`` importable, with what they require.

    Read from the files pip leaves (``.dist-info``: RECORD, METADATA), not with
    ``importlib.metadata``, whose import and scan of every installed distribution cost
    more than a child's whole start (this runs once in each worker process)."""
    sites: dict[Path, dict[str, Path]] = {}
    entries: dict[Path, None] = {}
    missing: list[str] = []
    todo: list[tuple[Path, str]] = []
    for name in names:
        spec = importlib.util.find_spec(name)
        if spec is None:
            missing.append(name)
            continue
        if spec.origin in (None, "built-in", "frozen"):
            continue  # the standard library's own: already importable
        location = Path(
            os.path.realpath(
                next(iter(spec.submodule_search_locations))
                if spec.submodule_search_locations
                else spec.origin
            )
        )
        site = location.parent
        if site.name not in SITE_NAMES:
            continue  # the standard library, or a layout this does not know
        infos = sites.setdefault(site, _dist_infos(site))
        entries[location] = None
        todo.append((site, name))
        # The module's distribution: by the module's name, else the one whose RECORD has it.
        if _normal(name) not in infos:
            for dist, info in infos.items():
                if location.name in _top_level(info):
                    todo.append((site, dist))
                    break
    seen: set[str] = set()
    while todo:
        site, dist = todo.pop()
        key = _normal(dist)
        info = sites[site].get(key)
        if info is None or key in seen:
            continue
        seen.add(key)
        for name in _top_level(info):
            if (site / name).exists():
                entries[site / name] = None
        todo += [(site, required) for required in _requirements(info)]
    return Allowed(tuple(sites), tuple(entries), tuple(missing))


MAX_SCANNED = 8 * 1024 * 1024  # bytes of a submission's source read to find its imports


@functools.cache
def _mentions(names: tuple[str, ...]) -> re.Pattern:
    return re.compile(r"\b(" + "|".join(map(re.escape, names)) + r")\b")


def wanted(names: tuple[str, ...], folder: Path | None) -> tuple[str, ...]:
    """The allowed ``names`` that a submission's own Python files (in ``folder``) mention as a
    word: the only ones it can import, short of computing a module's name at run time (which
    then fails as not installed: the student's loss, never a way around the list)."""
    if not names or folder is None:
        return ()
    found: set[str] = set()
    budget = MAX_SCANNED
    pattern = _mentions(names)
    for root, dirs, files in os.walk(folder):
        dirs.sort()
        for name in sorted(files):
            if not name.endswith(".py") or budget <= 0:
                continue
            path = os.path.join(root, name)
            try:
                if os.path.islink(path):
                    continue
                with open(path, "rb") as handle:
                    text = handle.read(budget).decode("utf-8", errors="replace")
            except OSError:
                continue
            budget -= len(text)
            if any(n in text for n in names):  # a substring search first: most mention none
                found.update(pattern.findall(text))
    return tuple(name for name in names if name in found)


def link_farm(entries: tuple[Path, ...], parent: Path | None = None) -> Path:
    """A private folder of symbolic links to ``entries`` (the rlimits sandbox's sys.path), in
    ``parent`` (a child's own working folder when it runs as an unprivileged user, who could
    not reach the grader's scratch space) or the temporary space; remove it with
    :func:`remove_farm`."""
    farm = Path(tempfile.mkdtemp(prefix="unograde-site-", dir=parent))
    for entry in entries:
        if not (farm / entry.name).exists():
            (farm / entry.name).symlink_to(entry, target_is_directory=entry.is_dir())
    return farm


def remove_farm(farm: Path | None) -> None:
    if farm is not None:
        shutil.rmtree(farm, ignore_errors=True)


def offered(names: tuple[str, ...], folder: Path | None) -> tuple[Path | None, list[str]]:
    """What a self-check offers the work in ``folder`` of the allowed ``names`` it mentions:
    a folder of links (remove it with :func:`remove_farm`) and the paths for the child's
    ``sys.path``; where links cannot be made (Windows without the privilege), the site
    folders that hold them instead."""
    found = allowed(wanted(names, folder)) if names else None
    if not found:
        return None, []
    farm: Path | None = None
    try:
        farm = link_farm(found.entries)
    except OSError:
        remove_farm(farm)
        return None, [str(site) for site in found.sites]
    return farm, [str(farm)]
