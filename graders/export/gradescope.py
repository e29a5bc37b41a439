"""``unograde export gradescope ASSIGNMENT --out AUTOGRADER.zip``: a Gradescope autograder.

Gradescope builds a Docker image from the zip (its ``setup.sh`` runs once, as root, in
``/autograder/source``) and runs ``/autograder/run_autograder`` for every submission, which
must leave ``/autograder/results/results.json`` (the format of
:mod:`graders.report.gradescope`).  The zip holds:

* ``unograde-<version>-py3-none-any.whl``: this version of unograde, built pure Python so it
  installs on whatever Python 3.11+ the image has, with the grader, the references and every
  fixture (public and hidden: the image is the staff's, students never see it);
* ``constraints.txt``: its dependencies pinned to the versions this export ran with;
* ``setup.sh``: installs bubblewrap where the image's package manager allows (else the grader
  falls back to rlimits, and every result says which isolation was in force), finds or
  installs a Python 3.11+, and installs the wheel into ``/autograder/unograde-venv``;
* ``run_autograder``: ``python -m graders.export.autograder ASSIGNMENT``
  (:mod:`graders.export.autograder`);
* ``course/``: for an assignment of a course folder (``--course``), that course's folders.

``UNOGRADE_AUTOGRADER_ROOT`` replaces ``/autograder`` in both scripts: for tests only.
"""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
import tempfile
import zipfile
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

import click

from .. import __version__
from ..assignment import HIDDEN_VISIBILITIES, Assignment, load_assignment
from ..courses import builtin
from ..errors import UnogradeError

ZIP_TIME = (1980, 1, 1, 0, 0, 0)
SOURCE_ROOT = Path(__file__).resolve().parents[2]  # a checkout: pyproject.toml is here
SKIP = {"__pycache__", ".git", ".venv", ".pytest_cache", ".ruff_cache"}


class ExportError(UnogradeError, ValueError):
    """An export that cannot be made (a one-line message)."""


@dataclass(frozen=True)
class Exported:
    path: Path
    wheel: str
    files: tuple[str, ...]


def _is_checkout(root: Path) -> bool:
    pyproject = root / "pyproject.toml"
    return pyproject.is_file() and 'name = "unograde"' in pyproject.read_text(encoding="utf-8")


def build_wheel(into: Path, source: Path = SOURCE_ROOT) -> Path:
    """A pure-Python wheel of this checkout of unograde, built by pip into ``into``."""
    if not _is_checkout(source):
        raise ExportError(
            "this unograde is not a source checkout, so no wheel can be built here: pass "
            "--wheel PATH (the unograde wheel it was installed from)"
        )
    env = dict(os.environ, UNOGRADE_PURE_BUILD="1", PIP_DISABLE_PIP_VERSION_CHECK="1")
    proc = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--wheel-dir", str(into), str(source)],
        capture_output=True,
        text=True,
        env=env,
        timeout=900,
    )
    wheels = sorted(into.glob(f"unograde-{__version__}-*.whl"))
    if proc.returncode != 0 or not wheels:
        tail = (proc.stderr or proc.stdout).strip().splitlines()[-3:]
        raise ExportError("pip could not build the unograde wheel: " + " / ".join(tail))
    return wheels[0]


def checked_wheel(path: Path) -> Path:
    """A wheel given with ``--wheel``: it must be this version of unograde."""
    if not path.is_file():
        raise ExportError(f"{path}: no such file")
    if not re.fullmatch(rf"unograde-{re.escape(__version__)}-[^/]+\.whl", path.name):
        raise ExportError(f"{path.name}: not a wheel of unograde {__version__}")
    try:
        with zipfile.ZipFile(path) as zf:
            if "graders/cli.py" not in zf.namelist():
                raise ExportError(f"{path.name}: holds no graders/cli.py")
    except zipfile.BadZipFile:
        raise ExportError(f"{path.name}: not a zip") from None
    return path


def constraints() -> str:
    """unograde's dependencies pinned to the versions installed here (what the export ran
    with), for ``pip install -c``."""
    names = []
    for requirement in metadata.requires("unograde") or []:
        if "extra ==" in requirement:
            continue
        names.append(re.split(r"[\s<>=!~;\[]", requirement, maxsplit=1)[0])
    lines = []
    for name in sorted(set(names), key=str.lower):
        try:
            lines.append(f"{name}=={metadata.version(name)}")
        except metadata.PackageNotFoundError:
            continue
    return "# unograde's dependencies as the export ran with them\n" + "\n".join(lines) + "\n"


SETUP_SH = """#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder image (unograde {version},
# assignment {assignment}). UNOGRADE_AUTOGRADER_ROOT replaces /autograder: for tests only.
set -euo pipefail
HERE="$(cd "$(dirname "${{BASH_SOURCE[0]}}")" && pwd)"
ROOT="${{UNOGRADE_AUTOGRADER_ROOT:-/autograder}}"

# bubblewrap gives each submission a read-only view of the system, no network and its own
# PID namespace. Where it cannot be installed (or cannot make namespaces in the container)
# the grader falls back to rlimits, and every result says which isolation was in force.
if ! command -v bwrap >/dev/null 2>&1; then
  if command -v apt-get >/dev/null 2>&1; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq bubblewrap \\
      || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq bubblewrap) \\
      || echo "unograde: bubblewrap could not be installed; grading falls back to rlimits"
  elif command -v dnf >/dev/null 2>&1; then
    dnf install -y -q bubblewrap || echo "unograde: bubblewrap could not be installed"
  elif command -v apk >/dev/null 2>&1; then
    apk add --no-cache bubblewrap || echo "unograde: bubblewrap could not be installed"
  else
    echo "unograde: no package manager to install bubblewrap with; grading uses rlimits"
  fi
fi

{toolchains}# A Python 3.11 or newer (Ubuntu 22.04's own python3 is 3.10).
python_ok() {{ "$1" -c 'import sys, venv; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; }}
PY=""
for candidate in python3.13 python3.12 python3.11 python3; do
  if command -v "$candidate" >/dev/null 2>&1 && python_ok "$candidate"; then
    PY="$(command -v "$candidate")"
    break
  fi
done
if [ -z "$PY" ] && command -v apt-get >/dev/null 2>&1; then
  for version in 3.12 3.11; do
    if DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \\
        "python$version" "python$version-venv"; then
      PY="$(command -v "python$version")"
      break
    fi
  done
fi
if [ -z "$PY" ]; then
  echo "unograde: needs Python 3.11 or newer, and none could be found or installed" >&2
  exit 1
fi

"$PY" -m venv "$ROOT/unograde-venv"
"$ROOT/unograde-venv/bin/python" -m pip install --quiet --disable-pip-version-check \\
  --constraint "$HERE/constraints.txt" "$HERE/{wheel}"
"$ROOT/unograde-venv/bin/python" -I -m graders.cli --version

# Where bubblewrap cannot run, students' code runs as an unprivileged user, who can read
# neither the references and the hidden fixtures nor this folder (it holds the wheel), and
# cannot write the results.
if [ -z "${{UNOGRADE_AUTOGRADER_ROOT:-}}" ] && ! id {user} >/dev/null 2>&1; then
  useradd --system --no-create-home --shell /usr/sbin/nologin {user} 2>/dev/null \\
    || adduser -S -H {user} 2>/dev/null \\
    || echo "unograde: could not add the user {user}; children will run as nobody"
fi
VENV_PYTHON="$ROOT/unograde-venv/bin/python"
SITE="$("$VENV_PYTHON" -I -c 'import graders.paths as p; print(p._PACKAGE.parent)')"
chmod -R go-rwx "$SITE/reference" "$SITE/graders/_data/fixtures" "$HERE"
"""

RUN_AUTOGRADER = """#!/usr/bin/env bash
# Gradescope runs this for every submission: unograde {version} grades $ROOT/submission for
# assignment {assignment} and writes $ROOT/results/results.json (hidden cases by Gradescope's
# visibility rules: the assignment's hidden_visibility, or the export's --hidden-visibility).
# UNOGRADE_AUTOGRADER_ROOT replaces /autograder: for tests only.
set -uo pipefail
ROOT="${{UNOGRADE_AUTOGRADER_ROOT:-/autograder}}"
{course}# Without bubblewrap, students' code runs as this unprivileged user (setup.sh made it); an
# UNOGRADE_SANDBOX_USER already set (empty: none) is kept.
if [ -z "${{UNOGRADE_SANDBOX_USER+set}}" ]; then
  if id {user} >/dev/null 2>&1; then
    export UNOGRADE_SANDBOX_USER={user}
  else
    export UNOGRADE_SANDBOX_USER=nobody
  fi
fi
PYTHON="$ROOT/unograde-venv/bin/python"
if [ ! -x "$PYTHON" ]; then
  mkdir -p "$ROOT/results"
  cat > "$ROOT/results/results.json" <<'JSON'
{fallback}
JSON
  echo "unograde: $PYTHON is missing: setup.sh did not finish" >&2
  exit 1
fi
exec "$PYTHON" -I -m graders.export.autograder {assignment} --root "$ROOT"{visibility}
"""

SANDBOX_ACCOUNT = "unograde-student"  # the unprivileged user students' code runs as
# Gradescope copies run_autograder to /autograder: the zip's files are in ROOT/source.
COURSE_LINE = 'export UNOGRADE_COURSE="$ROOT/source/course"\n'
FALLBACK = json.dumps(
    {
        "score": 0,
        "output": "The autograder is not installed (its setup.sh failed): please tell your "
        "instructor. Your submission was not graded.",
        "output_format": "text",
        "visibility": "visible",
        "stdout_visibility": "hidden",
        "tests": [],
    }
)


def _course_files(assignment: Assignment) -> dict[str, bytes]:
    """An assignment of a course folder: that course's folders, for the image to read."""
    course = assignment.course
    if course == builtin():
        return {}
    root = course.assignments.parent
    files: dict[str, bytes] = {}
    for top in ("assignments", "fixtures", "reference", "templates"):
        folder = root / top
        if not folder.is_dir():
            continue
        for path in sorted(folder.rglob("*")):
            rel = path.relative_to(root)
            if path.is_file() and not path.is_symlink() and not SKIP & set(rel.parts):
                files[f"course/{rel.as_posix()}"] = path.read_bytes()
    return files


TOOLCHAIN_SH = """# {name}: the assignment grades submissions that need it ({entry}).
if ! command -v {command} >/dev/null 2>&1; then
  if command -v apt-get >/dev/null 2>&1; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq {package} \\
      || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq {package}) \\
      || echo "unograde: {name} could not be installed; {entry} submissions are not graded"
  else
    echo "unograde: no apt-get to install {name} ({package}); {entry} submissions are not graded"
  fi
fi

"""


def toolchain_lines(assignment: Assignment) -> str:
    """``setup.sh``'s lines installing each toolchain the assignment's submissions need (GHC
    for the Haskell layout, SML/NJ for a ``solution.sml``), from Debian's packages: once, when
    the image is built; empty when it accepts none."""
    from ..run.layouts import layout_specs
    from ..run.programs import program_specs
    from ..run.toolchains import TOOLCHAINS

    needed: dict[str, str] = {}  # toolchain -> the submissions that need it
    for spec in program_specs(assignment.programs):
        if spec.toolchain:
            needed.setdefault(spec.toolchain, spec.entry)
    if assignment.layouts:
        parts = [p.id for p in assignment.parts]
        for layout in layout_specs(assignment.layouts, assignment.folder, parts):
            needed.setdefault(layout.toolchain, f"{layout.language} part files")
    lines = []
    for key, entry in needed.items():
        chain = TOOLCHAINS.get(key)
        if chain is not None:
            lines.append(
                TOOLCHAIN_SH.format(
                    name=chain.name,
                    entry=entry,
                    command=chain.command,
                    package=chain.debian_package,
                )
            )
    return "".join(lines)


def build_autograder(
    assignment: Assignment,
    out: Path,
    wheel: Path | None = None,
    hidden_visibility: str | None = None,
) -> Exported:
    """Write the autograder zip for ``assignment`` to ``out`` (atomically). ``hidden_visibility``:
    Gradescope's visibility of hidden cases, baked into ``run_autograder`` (default: the
    assignment's ``hidden_visibility``, read when each submission is graded)."""
    if hidden_visibility is not None and hidden_visibility not in HIDDEN_VISIBILITIES:
        raise ExportError(
            f"hidden visibility {hidden_visibility!r}: expected one of "
            + ", ".join(HIDDEN_VISIBILITIES)
        )
    out = Path(out)
    if out.is_dir():
        raise ExportError(f"{out}: is a folder (name the zip to write)")
    if not out.parent.is_dir():
        raise ExportError(f"{out.parent}: no such folder")
    assignment.cases()  # a broken assignment fails here, not in the image
    course = _course_files(assignment)
    with tempfile.TemporaryDirectory(prefix="unograde-export-") as tmp:
        built = checked_wheel(wheel) if wheel is not None else build_wheel(Path(tmp))
        scripts = {
            "version": __version__,
            "assignment": assignment.id,
            "wheel": built.name,
            "course": COURSE_LINE if course else "",
            "fallback": FALLBACK,
            "user": SANDBOX_ACCOUNT,
            "visibility": f" --hidden-visibility {hidden_visibility}" if hidden_visibility else "",
            "toolchains": toolchain_lines(assignment),
        }
        files: dict[str, tuple[bytes, int]] = {
            "setup.sh": (SETUP_SH.format(**scripts).encode(), 0o755),
            "run_autograder": (RUN_AUTOGRADER.format(**scripts).encode(), 0o755),
            "constraints.txt": (constraints().encode(), 0o644),
            built.name: (built.read_bytes(), 0o644),
        }
        files.update({name: (data, 0o644) for name, data in course.items()})
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in sorted(files):
            data, mode = files[name]
            info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = (0o100000 | mode) << 16
            archive.writestr(info, data)
    fd, tmp_name = tempfile.mkstemp(prefix=".autograder-", suffix=".zip", dir=out.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(buffer.getvalue())
        os.replace(tmp_name, out)
    except BaseException:
        Path(tmp_name).unlink(missing_ok=True)
        raise
    return Exported(out, built.name, tuple(sorted(files)))


@click.command("gradescope")
@click.argument("assignment_id", metavar="ASSIGNMENT")
@click.option(
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    help="The zip to write (default: ASSIGNMENT-gradescope.zip here).",
)
@click.option(
    "--wheel",
    type=click.Path(dir_okay=False, path_type=Path),
    help="The unograde wheel to put in (default: built from this checkout with pip).",
)
@click.option(
    "--hidden-visibility",
    type=click.Choice(HIDDEN_VISIBILITIES),
    help="Gradescope visibility of hidden cases' tests (default: assignment.toml's "
    "hidden_visibility, else after_published).",
)
def gradescope_command(
    assignment_id: str, out: Path | None, wheel: Path | None, hidden_visibility: str | None
) -> None:
    """An autograder zip to upload to Gradescope: setup.sh, run_autograder, this version of
    unograde as a wheel (with the assignment's fixtures, hidden ones too) and its pinned
    dependencies. Gradescope runs the same grader as `unograde grade`."""
    assignment = load_assignment(assignment_id)
    try:
        done = build_autograder(
            assignment, out or Path(f"{assignment.id}-gradescope.zip"), wheel, hidden_visibility
        )
    except OSError as exc:
        raise ExportError(str(exc)) from None
    click.echo(
        f"wrote {done.path} ({done.wheel}); upload it as the assignment's autograder "
        "(Gradescope: Configure Autograder, Zip file upload)"
    )
