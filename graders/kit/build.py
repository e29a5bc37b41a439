"""``unograde kit ASSIGNMENT --out KIT.zip``: the zip a student checks their work with.

What goes in (under one folder, ``<id>-kit/``):

* ``README.md``: the assignment's page, as students read it; ``CHECK.md``: how to check;
* the starters (:meth:`SelfCheck.kit_starters`), a starter notebook made with nbformat where
  the assignment takes notebooks, and the assignment's provided files (``from unolab import *``);
* ``fixtures/``: the public cases' input and expected files, as the grader has them;
* ``unocheck/``: the check.  The package :mod:`unokit` verbatim, the sandbox's own
  ``graders/run/harness.py`` (the child that runs the student's module), the shared
  ``case.txt.j2``, the assignment's feedback module (and the files it reads, and the adapter,
  under ``unocheck/assignment/`` at their places in the assignment's folder), the provided
  files' official copies, and ``kit.json``: parts, limits, and each public case's call and
  expected result, already solved;
* ``conftest.py`` (loads the check into pytest), ``pytest.ini`` and ``requirements.txt``
  (pytest, deepdiff, jinja2: what the check imports; never unograde).

Only public cases are read (``Assignment.cases(visibility="public")``), and nothing of the
reference is copied: the feedback module, the adapter and the provided files are the
assignment's files that the grader's sandbox and the students already see.  The zip is the
same bytes for the same inputs (sorted names, fixed times).
"""

from __future__ import annotations

import io
import json
import os
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

import unokit
from unokit.loader import load_module

from .. import __version__
from ..assignment import Assignment, AssignmentError
from ..contract import ProgramIO, SelfCheck
from ..errors import UnogradeError
from ..paths import templates_dir
from ..run import harness
from ..run.layouts import layout_specs
from ..run.programs import program_specs
from ..run.toolchains import TOOLCHAINS
from .notebook import starter_notebook

RUNTIME = Path(unokit.__file__).resolve().parent
HARNESS = Path(harness.__file__).resolve()
PACKAGE = "unocheck"
REQUIREMENTS = ("pytest>=7.4", "deepdiff>=6.7", "jinja2>=3.1")
ZIP_TIME = (1980, 1, 1, 0, 0, 0)
# A toolchain's command, else these (a student's C compiler may be called cc, or clang).
OTHER_COMPILERS = {"gcc": ("cc", "clang")}


class KitError(UnogradeError, ValueError):
    """An assignment that cannot make a kit, or a broken one (a one-line message)."""


@dataclass(frozen=True)
class KitSummary:
    """What was written."""

    path: Path
    cases: int
    hidden: int
    files: tuple[str, ...]


def _relative(path: Path, folder: Path, what: str) -> PurePosixPath:
    try:
        return PurePosixPath(path.resolve().relative_to(folder.resolve()).as_posix())
    except ValueError:
        raise KitError(f"{what} {path} is not inside {folder}") from None


def _plain(value: object, where: str) -> object:
    """``value`` encoded as the harness encodes what crosses the sandbox (tuples tagged); only
    plain data may go into a kit."""
    try:
        encoded = harness.encode(value)
    except ValueError as exc:
        raise KitError(f"{where}: {exc}") from None
    text = json.dumps(encoded)
    if '"__object__"' in text:
        raise KitError(f"{where}: holds an object that is not plain data")
    return encoded


def kit_files(assignment: Assignment) -> dict[str, bytes]:
    """Every file of ``assignment``'s kit by its path inside the kit folder."""
    plugin = assignment.plugin
    if not isinstance(plugin, SelfCheck):
        raise KitError(
            f"{assignment.id} has no self-check kit: its plugin does not offer the SelfCheck "
            "capability (see assignments/README.md, 'The feedback module and the self-check kit')"
        )
    folder = assignment.folder
    files: dict[str, bytes] = {}

    # What the student reads and starts from.
    page = folder / "README.md"
    if page.is_file():
        files["README.md"] = page.read_bytes()
    starters = dict(plugin.kit_starters())
    files.update(starters)
    notebook = plugin.kit_notebook()
    if notebook is not None:
        if notebook not in starters:
            raise KitError(f"{assignment.id}: kit_notebook names {notebook!r}, not a starter")
        name = PurePosixPath(notebook).with_suffix(".ipynb").as_posix()
        files[name] = starter_notebook(starters[notebook].decode("utf-8"), assignment.title)
    provided = []
    for entry in assignment.provided:
        source = folder / entry
        files[source.name] = source.read_bytes()
        files[f"{PACKAGE}/provided/{source.name}"] = source.read_bytes()
        provided.append(source.name)

    # The check: the runtime, the harness, the template, the assignment's feedback.
    for path in sorted(RUNTIME.glob("*.py")):
        files[f"{PACKAGE}/{path.name}"] = path.read_bytes()
    files[f"{PACKAGE}/harness.py"] = HARNESS.read_bytes()
    files[f"{PACKAGE}/case.txt.j2"] = (templates_dir() / "case.txt.j2").read_bytes()
    feedback = _relative(plugin.kit_feedback(), folder, "the feedback module")
    support = [feedback, *(PurePosixPath(p) for p in plugin.kit_support())]
    adapter = PurePosixPath(assignment.adapter) if assignment.adapter else None
    for rel in [*support, *([adapter] if adapter else [])]:
        files[f"{PACKAGE}/assignment/{rel}"] = (folder / rel).read_bytes()

    # Programs in any language, where the assignment grades them and the feedback module
    # reads what they print back.
    programs = {}
    if assignment.programs and isinstance(plugin, ProgramIO):
        module = load_module(plugin.kit_feedback())
        if callable(getattr(module, "parse_program_output", None)):
            for spec in program_specs(assignment.programs):
                if not spec.serve:
                    programs[spec.entry] = {
                        "run": list(spec.run),
                        "build": list(spec.build),
                        "build_timeout": spec.build_limits.timeout,
                    }
                    continue
                # A served program (loaded once, answering each case's request on the
                # grader's protocol): the kit runs it with its support files, and writes each
                # request with the feedback module's ``program_input(args)``.
                if not callable(getattr(module, "program_input", None)):
                    continue
                chain = TOOLCHAINS.get(spec.toolchain) if spec.toolchain else None
                support = []
                for rel in spec.support:
                    name = PurePosixPath(rel).name
                    files[f"{PACKAGE}/support/{name}"] = (folder / rel).read_bytes()
                    support.append(name)
                programs[spec.entry] = {
                    "run": list(spec.run),
                    "build": [],
                    "serve": True,
                    "support": support,
                    "language": chain.name if chain else spec.run[0],
                    "note": spec.note,
                    "install": chain.install_hint if chain else "",
                }

    # A course's own layout (one compiled program per part), built and run as the grader
    # does; its default files (the course's Helpers.hs) go in the check's folder.
    # The course's files always used (C headers, our scenario driver) go there too.
    layouts = {}
    if assignment.layouts and isinstance(plugin, ProgramIO) and programs_readable(plugin):
        for layout in layout_specs(assignment.layouts, folder, [p.id for p in assignment.parts]):
            chain = TOOLCHAINS.get(layout.toolchain)
            case_limits = layout.case_limits(assignment.limits)
            layouts[layout.name] = {
                "language": layout.language,
                "files": dict(layout.files),
                "build": list(layout.build),
                "run": list(layout.run),
                "program": layout.program,
                "defaults": list(layout.defaults),
                "provided": [PurePosixPath(rel).name for rel in layout.provided],
                "build_timeout": layout.build_limits.timeout,
                "run_timeout": case_limits.timeout,
                "output_kb": case_limits.output_kb,
                "install": chain.install_hint if chain else "",
                "compilers": [chain.command, *OTHER_COMPILERS.get(layout.toolchain, ())]
                if chain
                else [],
            }
            for source in [*layout.default_files(), *layout.provided_files()]:
                files[f"{PACKAGE}/defaults/{source.name}"] = source.read_bytes()

    # The public cases, solved.
    wanted = set(plugin.kit_parts())
    cases = []
    left_out = 0
    for case in assignment.cases(visibility="public"):
        if case.part not in wanted:
            continue
        if not plugin.kit_includes(case):
            left_out += 1
            continue
        entry = {
            "name": case.name,
            "part": case.part,
            "args": _plain(
                plugin.kit_args(case), f"{assignment.id} case {case.name}: its arguments"
            ),
            "expected": _plain(
                plugin.kit_expected(case), f"{assignment.id} case {case.name}: its expectation"
            ),
            "readings": list(case.readings),
        }
        if any(not program.get("serve") for program in programs.values()):
            # (a served program's request is written in the kit from the case's arguments:
            # ``program_input`` here would carry the grader's fresh keys, not the same bytes)
            assert isinstance(plugin, ProgramIO)
            entry["stdin"] = plugin.program_input(case)
            entry["program_args"] = list(plugin.program_args(case))
        if layouts:
            # What a layout's program reads for the case, as the grader writes it (the C
            # driver's numbers), where that is not the case's own input file.
            assert isinstance(plugin, ProgramIO)
            text = plugin.program_input(case)
            own = assignment.fixtures / case.input_path if case.input_path else None
            if own is None or not own.is_file() or own.read_bytes() != text.encode("utf-8"):
                entry["layout_input"] = text
        for key, rel in (("input", case.input_path), ("expected_file", case.expected_path)):
            if rel:
                files[f"fixtures/{rel}"] = (assignment.fixtures / rel).read_bytes()
                entry[key] = f"fixtures/{rel}"
        cases.append(entry)
    if not cases:
        raise KitError(f"{assignment.id}: no public case to check")
    hidden = [e for e in assignment.manifest()["cases"] if e.get("visibility") != "public"]
    hidden = [e for e in hidden if e.get("part") in wanted]
    notes = []
    if hidden:
        counts = {}
        for entry in hidden:
            counts[entry["part"]] = counts.get(entry["part"], 0) + 1
        per_part = ", ".join(f"{part} {n}" for part, n in counts.items())
        notes.append(
            f"the grader also runs {len(hidden)} hidden cases ({per_part}) that this kit does "
            "not hold: passing every case here is not the grade"
        )
    if left_out:
        notes.append(f"{left_out} of the public cases are left to the grader, for the reason next")
    notes += list(plugin.kit_notes())
    limits = assignment.limits
    kit = {
        "format": 1,
        "unograde": __version__,
        "assignment": assignment.id,
        "title": assignment.title,
        "module": assignment.module,
        "parts": [
            {"id": p.id, "function": p.function, "title": p.title}
            for p in assignment.parts
            if p.id in wanted
        ],
        "limits": {
            "timeout": limits.timeout,
            "cpu": limits.cpu,
            "memory_mb": limits.memory_mb,
            "output_kb": limits.output_kb,
            "submission_timeout": limits.submission_timeout,
        },
        "feedback": str(feedback),
        "adapter": str(adapter) if adapter else None,
        "allowed_imports": list(assignment.allowed_imports),
        "provided": provided,
        "notebook": name if notebook is not None else None,
        "programs": programs,
        "layouts": layouts,
        "notes": notes,
        "cases": cases,
    }
    files[f"{PACKAGE}/kit.json"] = (json.dumps(kit, indent=1) + "\n").encode()
    files["conftest.py"] = CONFTEST.encode()
    files["pytest.ini"] = PYTEST_INI.encode()
    files["requirements.txt"] = ("\n".join(REQUIREMENTS) + "\n").encode()
    files["CHECK.md"] = check_page(assignment, kit, sorted(starters), kit["notebook"]).encode()
    return files


def build_kit(assignment: Assignment, out: Path) -> KitSummary:
    """Write ``assignment``'s kit to the zip ``out`` (atomically: a failed build leaves what
    was there); the summary of what went in."""
    try:
        files = kit_files(assignment)
    except (AssignmentError, OSError) as exc:
        raise KitError(str(exc)) from None
    top = f"{assignment.id}-kit"
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in sorted(files):
            info = zipfile.ZipInfo(f"{top}/{name}", date_time=ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, files[name])
    out = Path(out)
    if out.is_dir():
        raise KitError(f"{out}: is a folder (name the zip to write)")
    if not out.parent.is_dir():
        raise KitError(f"{out.parent}: no such folder")
    fd, tmp = tempfile.mkstemp(prefix=".kit-", suffix=".zip", dir=out.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(buffer.getvalue())
        os.replace(tmp, out)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    kit = json.loads(files[f"{PACKAGE}/kit.json"])
    hidden = sum(e.get("visibility") != "public" for e in assignment.manifest()["cases"])
    return KitSummary(out, len(kit["cases"]), hidden, tuple(sorted(files)))


CONFTEST = f'''"""The self-check: loads it into pytest (``python -m pytest`` in this folder)."""

pytest_plugins = ["{PACKAGE}.plugin"]
'''

PYTEST_INI = """[pytest]
# The self-check's cases come from unocheck/kit.json; your own test_*.py files run too.
addopts = -p no:cacheprovider -o console_output_style=classic
norecursedirs = fixtures .* venv *.egg build dist __pycache__
"""


def programs_readable(plugin) -> bool:
    """Whether the feedback module reads a program's output back (the kit needs it)."""
    module = load_module(plugin.kit_feedback())
    return callable(getattr(module, "parse_program_output", None))


def check_page(assignment: Assignment, kit: dict, starters: list[str], notebook: str | None) -> str:
    """``CHECK.md``: what the kit is and the commands to check with."""
    module = f"{assignment.module}.py"
    allowed = ", ".join(f"`{name}`" for name in kit["allowed_imports"])
    lines = [
        f"# Checking your work: {assignment.title}",
        "",
        f"This folder is the self-check kit of **{assignment.id}**. `README.md` is the "
        "assignment's page; "
        + (f"your starter is {', '.join(f'`{s}`' for s in starters)}; " if starters else "")
        + f"`fixtures/` holds the {len(kit['cases'])} public cases with their expected results; "
        "`unocheck/` is the check. unograde itself is not needed.",
        "",
        "Once, in this folder (a virtual environment keeps the packages apart):",
        "",
        "```sh",
        "python3 -m venv .venv && . .venv/bin/activate   # Windows: .venv\\Scripts\\activate",
        "python -m pip install -r requirements.txt",
        "```",
        "",
        "Then, whenever you want to check:",
        "",
        "```sh",
        "python -m pytest",
        "```",
        "",
        "Each public case is one test. A case that fails says what differs in the "
        "assignment's words, shows the traceback of your own code and what it printed, and "
        "names the case's files in `fixtures/`. `python -m pytest -k part01` checks some "
        "cases only; `python -m pytest -x` stops at the first failure.",
        "",
        f"The check runs `{module}` in this folder"
        + (
            f", or `{notebook}` when there is no `{module}` (`python -m pytest --submission "
            f"{notebook}` picks it while both are here)"
            if notebook
            else ""
        )
        + ", the way the grader runs it: in a separate Python started with `-I -S`, so only "
        + (
            f"the standard library, the files given with the assignment and what the "
            f"assignment allows ({allowed}, where your Python has it: `python -m pip install "
            f"{' '.join(kit['allowed_imports'])}`)"
            if kit["allowed_imports"]
            else "the standard library and the files given with the assignment"
        )
        + " can be imported, "
        f"with {kit['limits']['timeout']:g} s per case and "
        f"{kit['limits']['submission_timeout']:g} s for all cases.",
        "",
    ]
    served = {e: p for e, p in kit["programs"].items() if p.get("serve")}
    for entry, program in served.items():
        lines += [
            f"{program['language']} is checked too: `python -m pytest --submission {entry}`. "
            f"`{entry}` is loaded once with the assignment's own files, as the grader loads "
            f"it (`{' '.join(program['run'])}`), and answers each case's call; "
            f"{program['language']} must be installed (`{program['install']}`). The grader "
            "runs it in its sandbox; this check runs it as you would.",
            "",
        ]
    whole = [entry for entry in kit["programs"] if entry not in served]
    if whole:
        entries = ", ".join(f"`{entry}`" for entry in whole)
        lines += [
            f"A whole program is checked too ({entries}): `python -m pytest --submission "
            f"{whole[0]}`. It is built and run with its language's own tools "
            "(which must be installed: `node`, `javac` and `java`, `gcc`...), each case's input "
            "on its standard input, and what it prints is read back as the grader reads it.",
            "",
        ]
    for layout in kit.get("layouts", {}).values():
        lines += layout_lines(layout, starters)
    if kit["notes"]:
        lines += ["What this check leaves to the grader:", ""]
        lines += [f"- {note[:1].upper()}{note[1:]}." for note in kit["notes"]]
        lines.append("")
    lines.append(f"(Made by unograde {__version__}.)")
    return "\n".join(lines) + "\n"


def layout_lines(layout: dict, starters: list[str]) -> list[str]:
    """CHECK.md's paragraph on a course's own layout (Haskell part files, a C Game.c)."""
    names = ", ".join(f"`{f}`" for f in layout["files"].values())
    first = next(iter(layout["files"].values()))
    folder = PurePosixPath(next((s for s in starters if PurePosixPath(s).name == first), first))
    compilers = " or ".join(f"`{c}`" for c in layout.get("compilers") or []) or "its compiler"
    lines = [
        f"{layout['language']} in the course's own layout is checked too ({names}): put the "
        "files in this folder and run `python -m pytest` (they are checked instead of the "
        "Python starter while they are here)"
        + (
            f", or leave them in `{folder.parent}/` and run `python -m pytest --submission "
            f"{folder}`"
            if str(folder.parent) != "."
            else ""
        )
        + f". Each part is built with `{' '.join(layout['build'])}` and each case run as "
        f"`{' '.join(layout['run'])}`, as the grader does.",
        "",
    ]
    if layout.get("defaults"):
        defaults = ", ".join(f"`{PurePosixPath(d).name}`" for d in layout["defaults"])
        lines[0] = lines[0].replace(
            "put the files in this folder",
            f"put the files in this folder (with your own changed {defaults}, if any; else the "
            "course's is used)",
        )
    if layout.get("provided"):
        given = ", ".join(f"`{p}`" for p in layout["provided"])
        lines[0] += f" The course's {given} are always used, as the grader uses them."
    lines[0] += (
        f" This needs a compiler on your machine ({compilers}; `{layout['install']}`): "
        "without one the check says so and checks nothing."
    )
    if any(word.startswith("-fsanitize") for word in layout["build"]):
        lines[0] += (
            " AddressSanitizer and UndefinedBehaviorSanitizer are on, as in the grader, "
            "where your compiler offers them (where it does not, the check says so and builds "
            "without them: then a memory error the grader reports may go unseen here)."
        )
    return lines
