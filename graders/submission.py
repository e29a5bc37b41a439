"""Loading submissions: a Python file, a folder, a notebook, or a zip of any of these.

Everything is read in the grader's process without running a line of student
code: notebooks are read with nbformat (no kernel), magics and shell lines are
dropped with a note, and the module is compiled (not executed) so that a syntax
error is reported with its file, line and column — and, for a notebook, its cell.
The result is a folder holding ``<module>.py`` (plus any other files the student
sent), which is all the sandbox ever sees.
"""

from __future__ import annotations

import hashlib
import shutil
import tempfile
import zipfile
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

MAX_ZIP_BYTES = 50 * 1024 * 1024
MAX_ZIP_FILES = 2000
SKIP_NAMES = {"__MACOSX", "__pycache__", ".ipynb_checkpoints", ".DS_Store"}


@dataclass
class Submission:
    """One student's work, ready for the sandbox (``folder`` holds ``<module>.py``)."""

    name: str
    origin: str
    folder: Path | None
    module_file: str = ""
    notes: list[str] = field(default_factory=list)
    problem: str | None = None  # why it cannot run at all (syntax error, nothing to grade)
    digest: str = ""
    cell_of_line: dict[int, tuple[int, int]] = field(default_factory=dict)
    program: object | None = None  # a ProgramSpec when this is a program, not a module


class SubmissionError(ValueError):
    """A path that is not a submission at all (missing, unreadable)."""


def _digest(folder: Path) -> str:
    h = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        h.update(str(path.relative_to(folder)).encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()


def notebook_source(path: Path) -> tuple[str, list[str], dict[int, tuple[int, int]]]:
    """Join a notebook's code cells; drop magics and shell lines; map lines to cells."""
    import nbformat  # heavy: imported only when a notebook is met

    try:
        nb = nbformat.read(str(path), as_version=4)
    except Exception as exc:  # noqa: BLE001 - nbformat raises many kinds
        raise SubmissionError(f"{path.name}: not a readable notebook ({exc})") from None
    lines: list[str] = []
    notes: list[str] = []
    where: dict[int, tuple[int, int]] = {}
    code_cell = 0
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        code_cell += 1
        source = cell.source if isinstance(cell.source, str) else "".join(cell.source)
        cell_lines = source.split("\n")
        if cell_lines and cell_lines[0].lstrip().startswith("%%"):
            notes.append(f"cell {code_cell}: dropped a cell magic ({cell_lines[0].strip()})")
            continue
        for k, line in enumerate(cell_lines, 1):
            stripped = line.lstrip()
            if stripped.startswith(("%", "!")):
                kind = "an IPython magic" if stripped.startswith("%") else "a shell command"
                notes.append(f"cell {code_cell}, line {k}: dropped {kind} ({stripped[:60]})")
                line = line[: len(line) - len(stripped)] + "pass"
            lines.append(line)
            where[len(lines)] = (code_cell, k)
        lines.append("")
    return "\n".join(lines) + "\n", notes, where


def _syntax_problem(source: str, shown: str, where: dict[int, tuple[int, int]]) -> str | None:
    try:
        compile(source, shown, "exec", dont_inherit=True)
    except SyntaxError as exc:
        line, col = exc.lineno or 1, exc.offset or 1
        place = f"{shown}:{line}:{col}"
        if where and line in where:
            cell, cell_line = where[line]
            place = f"{shown}: cell {cell}, line {cell_line}, column {col}"
        return f"{place}: SyntaxError: {exc.msg}"
    except ValueError as exc:  # null bytes
        return f"{shown}: {exc}"
    return None


def _prepare(
    name: str, origin: str, source_file: Path, module: str, others: list[Path] | None = None
) -> Submission:
    folder = Path(tempfile.mkdtemp(prefix="unograde-sub-"))
    sub = Submission(name=name, origin=origin, folder=folder, module_file=source_file.name)
    try:
        if source_file.suffix == ".ipynb":
            source, sub.notes, sub.cell_of_line = notebook_source(source_file)
        else:
            source = source_file.read_bytes().decode("utf-8", errors="replace")
    except SubmissionError as exc:
        sub.problem = str(exc)
        source = ""
    except OSError as exc:
        sub.problem = f"{source_file.name}: cannot be read ({exc.strerror})"
        source = ""
    for other in others or []:
        if other.is_file() and other.suffix == ".py" and other != source_file:
            shutil.copy2(other, folder / other.name)
    (folder / f"{module}.py").write_text(source, encoding="utf-8")
    if sub.problem is None:
        sub.problem = _syntax_problem(source, source_file.name, sub.cell_of_line)
    sub.digest = _digest(folder)
    return sub


def _program_of(folder: Path, programs: list | None):
    if not programs:
        return None
    from .run.programs import detect

    return detect(folder, programs)


def _prepare_program(name: str, origin: str, source: Path, spec) -> Submission:
    """A program submission: the whole folder, as sent (it may need several files)."""
    folder = Path(tempfile.mkdtemp(prefix="unograde-sub-"))
    if source.is_file():
        shutil.copy2(source, folder / source.name)
        source = folder  # nothing more to copy
    total = 0
    for path in sorted(source.rglob("*")) if source != folder else []:
        if any(part in SKIP_NAMES for part in path.relative_to(source).parts):
            continue
        target = folder / path.relative_to(source)
        if path.is_dir():
            target.mkdir(parents=True, exist_ok=True)
        elif path.is_file():
            total += path.stat().st_size
            if total > MAX_ZIP_BYTES:
                break
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)
    sub = Submission(name=name, origin=origin, folder=folder, module_file=spec.entry, program=spec)
    sub.notes.append(f"graded as a program: {' '.join(spec.run)}")
    sub.digest = _digest(folder)
    return sub


def _from_folder(
    path: Path,
    module: str,
    name: str,
    origin: str,
    single_file: bool = True,
    programs: list | None = None,
) -> Submission | None:
    """The folder as one submission, or None when it is a class of several.

    It is one submission when it holds ``<module>.py``; or, when ``single_file``
    (a student's own folder inside a class, or the root of a zip), when it holds
    exactly one ``.py`` or one notebook and no folders.
    """
    entries = [p for p in sorted(path.iterdir()) if p.name not in SKIP_NAMES]
    wanted = path / f"{module}.py"
    if wanted.is_file():
        return _prepare(name, origin, wanted, module, [p for p in entries if p.suffix == ".py"])
    spec = _program_of(path, programs)
    if spec is not None:
        return _prepare_program(name, origin, path, spec)
    if not single_file or any(p.is_dir() for p in entries):
        return None
    py = [p for p in entries if p.is_file() and p.suffix == ".py"]
    nb = [p for p in entries if p.is_file() and p.suffix == ".ipynb"]
    if len(py) == 1 and not nb:
        sub = _prepare(name, origin, py[0], module)
        sub.notes.append(f"used {py[0].name} as {module}.py")
        return sub
    if len(nb) == 1 and not py:
        return _prepare(name, origin, nb[0], module)
    return None


def _safe_extract(archive: Path, into: Path) -> None:
    try:
        with zipfile.ZipFile(archive) as zf:
            infos = zf.infolist()
            if len(infos) > MAX_ZIP_FILES or sum(i.file_size for i in infos) > MAX_ZIP_BYTES:
                raise SubmissionError(f"{archive.name}: the zip is too large to grade")
            for info in infos:
                target = PurePosixPath(info.filename)
                if target.is_absolute() or ".." in target.parts:
                    continue  # never write outside the extraction folder
                if any(part in SKIP_NAMES for part in target.parts):
                    continue
                zf.extract(info, into)
    except zipfile.BadZipFile:
        raise SubmissionError(f"{archive.name}: not a valid zip file") from None


def load_submissions(
    path: Path | str, module: str, nested: bool = False, programs: list | None = None
) -> list[Submission]:
    """Every submission found at ``path``: a folder without ``<module>.py`` or a zip may hold
    a whole class (one folder, file, notebook or zip per student)."""
    path = Path(path)
    name = path.stem if path.is_file() else path.name
    if not path.exists():
        raise SubmissionError(f"{path}: no such file or folder")
    entry_spec = next((s for s in programs or [] if s.entry == path.name), None)
    if path.is_file() and entry_spec is not None:
        # A lone program file (main.js, Main.java...): named after its folder.
        return [_prepare_program(path.parent.name, str(path), path, entry_spec)]
    if path.is_file() and path.suffix in (".py", ".ipynb"):
        return [_prepare(name, str(path), path, module)]
    if path.is_dir():
        sub = _from_folder(path, module, name, str(path), single_file=nested, programs=programs)
        if sub is not None:
            return [sub]
        return _class_folder(path, module, str(path), name, programs)
    if path.is_file() and path.suffix == ".zip":
        unpacked = Path(tempfile.mkdtemp(prefix="unograde-zip-"))
        try:  # everything is copied out by _prepare, so the unpacked tree can go
            _safe_extract(path, unpacked)
            root = unpacked
            tops = [p for p in root.iterdir() if p.name not in SKIP_NAMES]
            if len(tops) == 1 and tops[0].is_dir():
                root = tops[0]
            sub = _from_folder(root, module, name, str(path), programs=programs)
            if sub is not None:
                return [sub]
            return _class_folder(root, module, str(path), name, programs)
        finally:
            shutil.rmtree(unpacked, ignore_errors=True)
    raise SubmissionError(f"{path}: expected a .py file, a notebook, a folder or a .zip")


def _class_folder(
    root: Path, module: str, origin: str, name: str, programs: list | None = None
) -> list[Submission]:
    """A folder (or zip) of several students: one entry per student."""
    found: list[Submission] = []
    for entry in sorted(root.iterdir()):
        if entry.name in SKIP_NAMES or entry.name.startswith("."):
            continue
        if entry.is_dir() or entry.suffix in (".py", ".ipynb", ".zip"):
            try:
                subs = load_submissions(entry, module, nested=True, programs=programs)
            except SubmissionError as exc:
                subs = [Submission(entry.stem, f"{origin}/{entry.name}", None, problem=str(exc))]
            for sub in subs:
                sub.origin = (
                    f"{origin}/{entry.name}" if not sub.origin.startswith(origin) else sub.origin
                )
            found.extend(subs)
    if not found:
        return [
            Submission(
                name, origin, None, problem=f"{origin}: found no {module}.py, .py file or notebook"
            )
        ]
    return found


def cleanup(submissions: list[Submission]) -> None:
    for sub in submissions:
        if sub.folder is not None:
            shutil.rmtree(sub.folder, ignore_errors=True)
