"""Loading submissions: a Python file, a folder, a notebook, or a zip of any of these.

Everything is read in the grader's process without running a line of student
code: notebooks are read with nbformat (no kernel), magics and shell lines are
dropped with a note, and the module is compiled (not executed) so that a syntax
error is reported with its file, line and column — and, for a notebook, its cell.
The result is a folder holding ``<module>.py`` (plus any other files the student
sent), which is all the sandbox ever sees.

A submission is untrusted from the first byte: only regular files are copied out of
it, never through a symbolic link (a link to the reference, to a hidden expectation
or to ``/proc/self/environ`` would hand the student what it points at), links and
special files inside it are skipped with a note, and an entry file that is itself a
link is a problem ("uno.py is a symbolic link: submit the file itself").  Zips are
unpacked by streaming with a budget of bytes actually written (shared by nested
zips, at most three deep); names outside the folder and link entries are skipped with
a note.  Whatever goes wrong loading one student becomes that student's problem, so
the rest of the class still loads.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import stat
import tempfile
import zipfile
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

MAX_ZIP_BYTES = 50 * 1024 * 1024
MAX_ZIP_FILES = 2000
MAX_ZIP_DEPTH = 3  # a zip inside a zip inside a zip, and no deeper
MAX_RATIO = 200  # a member that expands more than this is a bomb, not a program
# What a batch writes beside the student folders: never a student's name.
RESERVED_NAMES = {"scores.csv", "index.html", "gradebook.db", "summary.json", "run.json"}
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


def is_regular(path: Path) -> bool:
    """A regular file, not reached through a link (and not a fifo, device or socket)."""
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


def _cell_source(cell: object) -> str | None:
    """A cell's text (a string or a list of strings), or None when it is anything else."""
    source = cell.get("source") if isinstance(cell, dict) else None
    if isinstance(source, str):
        return source
    if isinstance(source, list) and all(isinstance(part, str) for part in source):
        return "".join(source)
    return None


def _read_notebook(path: Path) -> dict:
    """The notebook's JSON, with the place of a JSON error in the message."""
    try:
        text = path.read_bytes().decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SubmissionError(f"{path.name}: not UTF-8 text (byte {exc.start})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SubmissionError(
            f"{path.name}:{exc.lineno}:{exc.colno}: not a notebook (not JSON: {exc.msg})"
        ) from None
    except RecursionError:
        raise SubmissionError(f"{path.name}: not a notebook (JSON nested too deep)") from None
    if not isinstance(data, dict) or not isinstance(data.get("cells"), list):
        raise SubmissionError(f"{path.name}: not a notebook (no list of cells)")
    return data


def notebook_source(path: Path) -> tuple[str, list[str], dict[int, tuple[int, int]]]:
    """Join a notebook's code cells; drop magics and shell lines; map lines to cells.

    The JSON is read directly (nbformat's reader validates and converts, and raises on
    the malformed cells a student's editor can leave); a code cell whose source is not
    text is skipped with a note.
    """
    nb = _read_notebook(path)
    lines: list[str] = []
    notes: list[str] = []
    where: dict[int, tuple[int, int]] = {}
    code_cell = 0
    for cell in nb["cells"]:
        if not isinstance(cell, dict) or cell.get("cell_type") != "code":
            continue
        code_cell += 1
        source = _cell_source(cell)
        if source is None:
            notes.append(f"cell {code_cell}: its source is not text; skipped")
            continue
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
    source = ""
    try:
        source = _source_text(source_file, sub)
    except SubmissionError as exc:
        sub.problem = str(exc)
    except OSError as exc:
        sub.problem = f"{source_file.name}: cannot be read ({exc.strerror})"
    for other in others or []:
        if other.suffix != ".py" or other == source_file:
            continue
        if is_regular(other):
            shutil.copyfile(other, folder / other.name, follow_symlinks=False)
        else:
            sub.notes.append(f"{other.name} is not a regular file (a link?): not copied")
    (folder / f"{module}.py").write_text(source, encoding="utf-8")
    if sub.problem is None:
        sub.problem = _syntax_problem(source, source_file.name, sub.cell_of_line)
    sub.digest = _digest(folder)
    return sub


def _source_text(source_file: Path, sub: Submission) -> str:
    """The module's text: a notebook's code cells, or the file itself, read as UTF-8."""
    if source_file.is_symlink():
        raise SubmissionError(f"{source_file.name} is a symbolic link: submit the file itself")
    if not is_regular(source_file):
        raise SubmissionError(f"{source_file.name} is not a regular file")
    if source_file.suffix == ".ipynb":
        source, sub.notes, sub.cell_of_line = notebook_source(source_file)
        return source
    data = source_file.read_bytes()
    if not data.strip():
        raise SubmissionError(f"{source_file.name} is empty")
    if b"\0" in data:
        line = data[: data.index(b"\0")].count(b"\n") + 1
        raise SubmissionError(f"{source_file.name}:{line}: a NUL byte: this is not Python source")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise SubmissionError(
            f"{source_file.name}:{line}: not UTF-8 text (byte {exc.start}): save the file as UTF-8"
        ) from None


def _program_of(folder: Path, programs: list | None):
    if not programs:
        return None
    from .run.programs import detect

    return detect(folder, programs)


def _prepare_program(name: str, origin: str, source: Path, spec) -> Submission:
    """A program submission: the whole folder, as sent (it may need several files)."""
    folder = Path(tempfile.mkdtemp(prefix="unograde-sub-"))
    sub = Submission(name=name, origin=origin, folder=folder, module_file=spec.entry, program=spec)
    if source.is_file():
        shutil.copyfile(source, folder / source.name)
    else:
        sub.notes += _copy_tree(source, folder)
    sub.notes.append(f"graded as a program: {' '.join(spec.run)}")
    sub.digest = _digest(folder)
    return sub


def _copy_tree(source: Path, target: Path) -> list[str]:
    """Copy the regular files under ``source`` (never through a link), at most
    MAX_ZIP_BYTES in all; what was skipped, as notes."""
    notes: list[str] = []
    total = 0
    for top, dirs, files in os.walk(source, followlinks=False):
        here = Path(top)
        rel_top = here.relative_to(source)
        dirs[:] = sorted(d for d in dirs if d not in SKIP_NAMES and not (here / d).is_symlink())
        for name in sorted(files):
            path = here / name
            if name in SKIP_NAMES:
                continue
            if not is_regular(path):
                notes.append(f"{rel_top / name} is not a regular file (a link?): not copied")
                continue
            total += os.lstat(path).st_size
            if total > MAX_ZIP_BYTES:
                notes.append(f"more than {MAX_ZIP_BYTES >> 20} MB of files: the rest not copied")
                return notes
            (target / rel_top).mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target / rel_top / name, follow_symlinks=False)
    return notes


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
    if not single_file or any(p.is_dir() and not p.is_symlink() for p in entries):
        return None
    py = [p for p in entries if p.suffix == ".py" and (p.is_file() or p.is_symlink())]
    nb = [p for p in entries if p.suffix == ".ipynb" and (p.is_file() or p.is_symlink())]
    if len(py) == 1 and not nb:
        sub = _prepare(name, origin, py[0], module)
        sub.notes.append(f"used {py[0].name} as {module}.py")
        return sub
    if len(nb) == 1 and not py:
        return _prepare(name, origin, nb[0], module)
    return None


class TooDeep(SubmissionError):
    """Zips inside zips past MAX_ZIP_DEPTH: reported against the outermost one."""


class _Budget:
    """Bytes and entries still allowed for one top-level path's zips, nested ones included."""

    def __init__(self) -> None:
        self.bytes = MAX_ZIP_BYTES
        self.files = MAX_ZIP_FILES


def _zip_member_problem(info: zipfile.ZipInfo) -> str | None:
    """Why a member is skipped (a link, a name outside the folder), or None to extract it."""
    target = PurePosixPath(info.filename)
    if stat.S_ISLNK(info.external_attr >> 16):
        return f"{info.filename}: a symbolic link in the zip: not extracted"
    if target.is_absolute() or ".." in target.parts or "\\" in info.filename:
        return f"{info.filename}: a name outside the zip's folder: not extracted"
    return None


def _safe_extract(archive: Path, into: Path, budget: _Budget) -> list[tuple[str, str]]:
    """Unpack regular members by streaming, within ``budget``; (member, note) for each one
    skipped."""
    notes: list[tuple[str, str]] = []
    try:
        with zipfile.ZipFile(archive) as zf:
            for info in zf.infolist():
                if any(part in SKIP_NAMES for part in PurePosixPath(info.filename).parts):
                    continue
                why = _zip_member_problem(info)
                if why is not None:
                    notes.append((info.filename, why))
                    continue
                target = into / info.filename
                if info.is_dir():
                    target.mkdir(parents=True, exist_ok=True)
                    continue
                budget.files -= 1
                if budget.files < 0:
                    raise SubmissionError(
                        f"{archive.name}: more than {MAX_ZIP_FILES} files: too large to grade"
                    )
                target.parent.mkdir(parents=True, exist_ok=True)
                _stream_member(zf, info, target, budget, archive.name)
    except zipfile.BadZipFile:
        raise SubmissionError(f"{archive.name}: not a valid zip file") from None
    except (RuntimeError, NotImplementedError, zipfile.LargeZipFile) as exc:
        raise SubmissionError(f"{archive.name}: cannot be unpacked ({exc})") from None
    return notes


def _stream_member(zf, info, target: Path, budget: _Budget, archive: str) -> None:
    """Write one member, counting what is actually written: headers can lie."""
    limit = max(info.compress_size, 1024) * MAX_RATIO
    written = 0
    with zf.open(info) as source, open(target, "wb") as out:
        while chunk := source.read(1 << 16):
            written += len(chunk)
            budget.bytes -= len(chunk)
            if budget.bytes < 0:
                raise SubmissionError(
                    f"{archive}: unpacks to more than {MAX_ZIP_BYTES >> 20} MB: too large to grade"
                )
            if written > limit:
                raise SubmissionError(
                    f"{archive}: {info.filename} expands more than {MAX_RATIO} times "
                    "(a zip bomb?): not graded"
                )
            out.write(chunk)


def load_submissions(
    path: Path | str,
    module: str,
    nested: bool = False,
    programs: list | None = None,
    _depth: int = 0,
    _budget: _Budget | None = None,
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
        return _class_folder(path, module, str(path), name, programs, _depth, _budget)
    if path.is_file() and path.suffix == ".zip":
        return _from_zip(path, module, name, programs, _depth, _budget or _Budget())
    raise SubmissionError(f"{path}: expected a .py file, a notebook, a folder or a .zip")


def _from_zip(
    path: Path, module: str, name: str, programs: list | None, depth: int, budget: _Budget
) -> list[Submission]:
    if depth >= MAX_ZIP_DEPTH:
        raise TooDeep(f"{path.name}: zips nested more than {MAX_ZIP_DEPTH} deep")
    unpacked = Path(tempfile.mkdtemp(prefix="unograde-zip-"))
    try:  # everything is copied out by _prepare, so the unpacked tree can go
        notes = _safe_extract(path, unpacked, budget)
        root = unpacked
        tops = [p for p in root.iterdir() if p.name not in SKIP_NAMES]
        if len(tops) == 1 and tops[0].is_dir():
            root = tops[0]
        sub = _from_folder(root, module, name, str(path), programs=programs)
        if sub is not None:
            sub.notes[:0] = [note for _, note in notes]
            return [sub]
        subs = _class_folder(root, module, str(path), name, programs, depth + 1, budget)
        return _attach_notes(subs, notes, root.relative_to(unpacked), str(path))
    finally:
        shutil.rmtree(unpacked, ignore_errors=True)


def _attach_notes(
    subs: list[Submission], notes: list[tuple[str, str]], top: Path, origin: str
) -> list[Submission]:
    """Each skipped member's note goes to the student whose entry it was in; a member of
    no loaded student (a student's only file was a link) becomes a student with a problem."""
    by_entry = {PurePosixPath(s.origin).name: s for s in subs}
    for member, note in notes:
        parts = PurePosixPath(member).parts
        if parts[: len(top.parts)] == top.parts:
            parts = parts[len(top.parts) :]
        entry = parts[0] if parts else member
        owner = by_entry.get(entry) or by_entry.get(PurePosixPath(entry).name)
        if owner is not None:
            owner.notes.append(note)
        elif entry in ("..", "/") or "outside" in note:
            for sub in subs:  # belongs to no student: everyone sees it
                sub.notes.append(note)
        else:
            stem = PurePosixPath(entry).stem if len(parts) == 1 else entry
            sub = Submission(stem or "submission", f"{origin}/{entry}", None, problem=note)
            by_entry[entry] = sub
            subs.append(sub)
    return subs


def _class_folder(
    root: Path,
    module: str,
    origin: str,
    name: str,
    programs: list | None = None,
    depth: int = 0,
    budget: _Budget | None = None,
) -> list[Submission]:
    """A folder (or zip) of several students: one entry per student, each loaded inside its
    own error boundary (one broken student never stops the others from loading)."""
    found: list[Submission] = []
    for entry in sorted(root.iterdir()):
        if entry.name in SKIP_NAMES or entry.name.startswith("."):
            continue
        where = f"{origin}/{entry.name}"
        if entry.is_symlink():
            problem = f"{entry.name} is a symbolic link: submit the file itself"
            found.append(Submission(_stem(entry), where, None, problem=problem))
            continue
        if not (entry.is_dir() or entry.suffix in (".py", ".ipynb", ".zip")):
            continue
        try:
            subs = load_submissions(
                entry, module, nested=True, programs=programs, _depth=depth, _budget=budget
            )
        except TooDeep:
            if depth > 0:
                raise  # the outermost zip is the student's
            problem = f"{entry.name}: zips nested more than {MAX_ZIP_DEPTH} deep"
            subs = [Submission(_stem(entry), where, None, problem=problem)]
        except SubmissionError as exc:
            subs = [Submission(_stem(entry), where, None, problem=str(exc))]
        except (Exception, RecursionError) as exc:  # noqa: BLE001 - one student, not the class
            problem = f"{entry.name}: could not load: {type(exc).__name__}: {exc}"[:500]
            subs = [Submission(_stem(entry), where, None, problem=problem)]
        for sub in subs:
            sub.origin = where if not sub.origin.startswith(origin) else sub.origin
        found.extend(subs)
    if not found:
        return [
            Submission(
                name, origin, None, problem=f"{origin}: found no {module}.py, .py file or notebook"
            )
        ]
    return found


def _stem(entry: Path) -> str:
    return entry.name if entry.is_dir() and not entry.is_symlink() else entry.stem


_UNSAFE = re.compile(r"[\x00-\x1f\x7f-\x9f/\\\u202a-\u202e\u2066-\u2069]+")
MAX_NAME = 80


def _safe_name(name: str) -> str:
    """A name usable as a folder under --out and as a CSV or terminal cell."""
    name = _UNSAFE.sub("_", name).strip().lstrip(".")[:MAX_NAME] or "submission"
    if name.lower() in RESERVED_NAMES:
        name += "_"
    return name


def assign_names(submissions: list[Submission]) -> None:
    """Make the students' names unique, stable and safe (in place).

    A name is the file or folder name without its suffix.  Names that several
    submissions would share (``bob/``, ``bob.py``, ``bob.zip``) are all told apart by
    something of their own origin (its suffix, then a short hash of the whole origin),
    never by their order, so that a re-run, or a class with one more student, gives every
    student the same folder under ``--out`` as before.
    """
    for sub in submissions:
        sub.name = _safe_name(sub.name)
    counts: dict[str, int] = {}
    for sub in submissions:
        counts[sub.name.lower()] = counts.get(sub.name.lower(), 0) + 1
    for sub in submissions:
        if counts[sub.name.lower()] > 1:
            suffix = PurePosixPath(sub.origin).suffix.lstrip(".") or "folder"
            sub.name = _safe_name(f"{sub.name}-{suffix}")
    taken: set[str] = set()
    for sub in sorted(submissions, key=lambda s: s.origin):
        if sub.name.lower() in taken:
            digest = hashlib.sha256(sub.origin.encode("utf-8", "replace")).hexdigest()[:6]
            sub.name = _safe_name(f"{sub.name}-{digest}")
        taken.add(sub.name.lower())


def cleanup(submissions: list[Submission]) -> None:
    for sub in submissions:
        if sub.folder is not None:
            shutil.rmtree(sub.folder, ignore_errors=True)
