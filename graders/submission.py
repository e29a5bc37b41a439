"""Loading submissions: a Python file, a folder, a notebook, or a zip of any of these.

Everything is read in the grader's process without running a line of student
code: notebooks are read as JSON (no kernel), magics and shell lines are
dropped with a note, and the module is compiled (not executed) so that a syntax
error is reported with its file, line and column — and, for a notebook, its cell.
The result is a folder holding ``<module>.py`` (plus any other files the student
sent), which is all the sandbox ever sees.

A submission is untrusted from the first byte:

* Only regular files are copied out of it, each opened with ``O_NOFOLLOW`` and
  checked with ``fstat``: a link to the reference, to a hidden expectation or to
  ``/proc/self/environ`` would hand the student what it points at, so links (to
  files or folders), fifos, devices and sockets inside a submission are skipped
  with a note the student sees.  An entry file that is itself a link is a
  problem ("solution.py is a symbolic link: submit the file itself"), never read.
  The instructor's own path on the command line may be a link; it is followed.
* Zips are unpacked by streaming, with a budget of bytes actually written and of
  members (shared by the zips nested in one top-level zip, at most three deep),
  so a bomb, or a zip whose entries all point at the same compressed data, stops
  at the budget; link members and names outside the folder are skipped with a
  note.  Folders nest at most ``MAX_FOLDER_DEPTH`` deep: nothing recurses without
  a bound.
* Whatever goes wrong loading one student becomes that student's ``problem`` (one
  line naming the file and the place), so the rest of the class still loads.
  ``load_submissions`` raises ``SubmissionError`` only for a top-level path that is
  no submission at all (missing, of another kind, a zip that cannot be unpacked,
  nested too deep); never another exception.
* ``assign_names`` makes names unique, stable and safe to use as a folder and as a
  cell, and never one of the files a batch writes beside the students.
"""

from __future__ import annotations

import errno
import hashlib
import os
import re
import shutil
import stat
import tempfile
import zipfile
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from unokit.notebook import NotebookError, cap_notes, notebook_code, syntax_problem

from .errors import UnogradeError

MAX_ZIP_BYTES = 50 * 1024 * 1024
MAX_ZIP_FILES = 2000
MAX_ZIP_DEPTH = 3  # a zip inside a zip inside a zip, and no deeper
MAX_RATIO = 200  # a member that expands more than this is a bomb, not a program
MAX_SOURCE_BYTES = 10 * 1024 * 1024  # one .py file; a notebook may carry outputs
MAX_NOTEBOOK_BYTES = MAX_ZIP_BYTES
MAX_FOLDER_DEPTH = 8  # class folders inside class folders, zips included
MAX_SKIP_NOTES = 20  # notes about skipped zip members; the rest are counted in one
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
    # a notebook's module line -> (code cell, line): a ``LineMap``, or a dict
    cell_of_line: Mapping[int, tuple[int, int]] = field(default_factory=dict)
    program: object | None = None  # a ProgramSpec when this is a program, not a module
    # (the module's file in ``folder``, the name its errors show) while its syntax is not yet
    # checked: see :func:`syntax_checked_later`
    unchecked: tuple[str, str] | None = None
    # The name this submission claimed when another of the batch claims it too (``bob/`` and
    # ``bob.py``): neither gets it (see :func:`assign_names`), and ``grade`` shows the conflict.
    claimed: str = ""

    def check_syntax(self) -> None:
        """The syntax check that :func:`syntax_checked_later` left for later: a syntax error
        becomes the problem, as if it had been found while loading."""
        if self.unchecked is None:
            return
        module_file, shown = self.unchecked
        self.unchecked = None
        if self.problem is not None or self.folder is None:
            return
        source = (self.folder / module_file).read_text(encoding="utf-8")
        problem = syntax_problem(source, shown, self.cell_of_line)
        self.problem = None if problem is None else _one_line(problem)


_LATER: ContextVar[bool] = ContextVar("unograde_syntax_later", default=False)


@contextmanager
def syntax_checked_later() -> Iterator[None]:
    """Submissions loaded inside this are not compiled yet (``Submission.check_syntax`` does
    it): a batch checks each one in the worker that grades it, so the grader's main process
    does not compile a whole class, one file after another, before any grading starts."""
    token = _LATER.set(True)
    try:
        yield
    finally:
        _LATER.reset(token)


class SubmissionError(UnogradeError, ValueError):
    """A path that is not a submission at all (missing, unreadable)."""


def _digest(folder: Path) -> str:
    h = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        h.update(str(path.relative_to(folder)).encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()


_NOT_ONE_LINE = re.compile(
    "[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
)


def _one_line(text: str, limit: int = 500) -> str:
    """A message a student's file name cannot break into lines or reorder (names come
    from the student: ``a\\nb.py`` or a bidi override must not forge a second line)."""
    return _NOT_ONE_LINE.sub("?", text)[:limit]


def is_regular(path: Path) -> bool:
    """A regular file, not reached through a link (and not a fifo, device or socket)."""
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


_READ_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_NONBLOCK", 0)  # opening a fifo must not wait for a writer
    | getattr(os, "O_CLOEXEC", 0)
)


def _open_regular(path: Path) -> int:
    """A descriptor of the regular file at ``path``, opened without following a final link
    and checked after opening (so that what was checked is what is read)."""
    try:
        fd = os.open(path, _READ_FLAGS)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise SubmissionError(
                f"{path.name} is a symbolic link: submit the file itself"
            ) from None
        raise SubmissionError(f"{path.name}: cannot be read ({exc.strerror})") from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise SubmissionError(f"{path.name} is not a regular file")
    return fd


def _read_regular(path: Path, limit: int) -> bytes:
    """The bytes of a regular file (never through a link), at most ``limit`` of them."""
    fd = _open_regular(path)
    try:
        with os.fdopen(fd, "rb") as handle:
            data = handle.read(limit + 1)
    except OSError as exc:
        raise SubmissionError(f"{path.name}: cannot be read ({exc.strerror})") from None
    if len(data) > limit:
        raise SubmissionError(f"{path.name} is larger than {limit >> 20} MB: not a program")
    return data


def _copy_regular(source: Path, target: Path, limit: int) -> int:
    """Copy a regular file (never through a link), at most ``limit`` bytes; the bytes copied.

    Raises ``SubmissionError`` when ``source`` is not a regular file or is too large (then
    nothing is left at ``target``)."""
    fd = _open_regular(source)
    copied = 0
    try:
        with os.fdopen(fd, "rb") as src, open(target, "wb") as out:
            while chunk := src.read(1 << 16):
                copied += len(chunk)
                if copied > limit:
                    break
                out.write(chunk)
    except OSError as exc:
        target.unlink(missing_ok=True)
        raise SubmissionError(f"{source.name}: cannot be copied ({exc.strerror})") from None
    if copied > limit:
        target.unlink(missing_ok=True)
        raise SubmissionError(f"{source.name} is larger than {limit >> 20} MB: not copied")
    return copied


def notebook_source(path: Path) -> tuple[str, list[str], Mapping[int, tuple[int, int]]]:
    """Join a notebook's code cells; drop magics and shell lines; map lines to cells
    (:func:`unokit.notebook.notebook_code`, which a self-check kit runs too).
    The file is read as a regular file only. Raises ``SubmissionError`` for a file that is
    not a notebook, naming the place."""
    data = _read_regular(path, MAX_NOTEBOOK_BYTES)
    try:
        return notebook_code(data, path.name)
    except NotebookError as exc:
        raise SubmissionError(str(exc)) from None


def _prepare(
    name: str, origin: str, source_file: Path, module: str, others: list[Path] | None = None
) -> Submission:
    """The submission whose module is ``source_file`` (copied as ``<module>.py``), with the
    other ``.py`` files of ``others``; its temporary folder is removed if this fails."""
    folder = _prepared_folder()
    try:
        sub = Submission(name=name, origin=origin, folder=folder, module_file=source_file.name)
        source = ""
        try:
            source = _source_text(source_file, sub)
        except SubmissionError as exc:
            sub.problem = str(exc)
        room, files_left = MAX_ZIP_BYTES, MAX_ZIP_FILES  # helpers: bounded like a zip
        for other in others or []:
            if other == source_file or other.name in (f"{module}.py", source_file.name):
                continue
            if other.is_symlink():
                sub.notes.append(f"{other.name} is a symbolic link: not copied")
            elif other.suffix == ".py":
                files_left -= 1
                if files_left < 0:
                    sub.notes.append(f"more than {MAX_ZIP_FILES} files: the rest not copied")
                    break
                try:
                    room -= _copy_regular(other, folder / other.name, min(room, MAX_SOURCE_BYTES))
                except SubmissionError as exc:
                    sub.notes.append(f"{exc}: not copied" if "copied" not in str(exc) else str(exc))
        (folder / f"{module}.py").write_text(source, encoding="utf-8")
        if sub.problem is None and _LATER.get():
            sub.unchecked = (f"{module}.py", source_file.name)
        elif sub.problem is None:
            sub.problem = syntax_problem(source, source_file.name, sub.cell_of_line)
        sub.digest = _digest(folder)
        return sub
    except BaseException:
        shutil.rmtree(folder, ignore_errors=True)
        raise


def _prepared_folder() -> Path:
    """A fresh folder for a submission's prepared copy, readable by any user: a child runs
    as an unprivileged user and bubblewrap binds this folder as it is (the run's scratch
    folder around it is root's alone, so no other user of the host reaches it)."""
    folder = Path(tempfile.mkdtemp(prefix="unograde-sub-"))
    folder.chmod(0o755)
    return folder


def _source_text(source_file: Path, sub: Submission) -> str:
    """The module's text: a notebook's code cells, or the file itself, read as UTF-8."""
    if source_file.suffix == ".ipynb":
        source, sub.notes, sub.cell_of_line = notebook_source(source_file)
        return source
    data = _read_regular(source_file, MAX_SOURCE_BYTES)
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


def _claims(spec, name: str) -> bool:
    """Whether a lone file called ``name`` is ``spec``'s: a program's entry file, or one of a
    course layout's part files."""
    claims = getattr(spec, "claims", None)
    return claims(name) if claims is not None else spec.entry == name


def _prepare_program(name: str, origin: str, source: Path, spec) -> Submission:
    """A program submission: the whole folder, as sent (it may need several files), regular
    files only; an entry file that is a link is a problem."""
    folder = _prepared_folder()
    try:
        sub = Submission(
            name=name, origin=origin, folder=folder, module_file=spec.entry, program=spec
        )
        layout = getattr(spec, "claims", None) is not None
        if source.is_dir():
            sub.notes += _copy_tree(source, folder)
            entry = source / spec.entry
            if layout:  # the first part file sent
                sent = [source / f for _, f in spec.files if os.path.lexists(source / f)]
                entry = sent[0] if sent else entry
                sub.module_file = entry.name
        else:
            entry = source
            try:
                _copy_regular(source, folder / source.name, MAX_ZIP_BYTES)
            except SubmissionError as exc:
                sub.problem = str(exc)
        if sub.problem is None and entry.is_symlink():
            sub.problem = f"{entry.name} is a symbolic link: submit the file itself"
        if layout:
            sub.module_file = entry.name
            sub.notes.append(spec.describe(folder))
        else:
            sub.notes.append(
                getattr(spec, "note", "") or f"graded as a program: {' '.join(spec.run)}"
            )
        sub.digest = _digest(folder)
        return sub
    except BaseException:
        shutil.rmtree(folder, ignore_errors=True)
        raise


def _copy_tree(source: Path, target: Path) -> list[str]:
    """Copy the regular files under ``source`` (never through a link, into no linked
    folder), at most MAX_ZIP_BYTES and MAX_ZIP_FILES in all; what was skipped, as notes."""
    notes: list[str] = []
    room, files_left = MAX_ZIP_BYTES, MAX_ZIP_FILES
    for top, dirs, files in os.walk(source, followlinks=False):
        here = Path(top)
        rel_top = here.relative_to(source)
        kept = []
        for d in sorted(dirs):
            if d in SKIP_NAMES:
                continue
            if (here / d).is_symlink():
                notes.append(f"{rel_top / d} is a symbolic link: not copied")
            else:
                kept.append(d)
        dirs[:] = kept
        for name in sorted(files):
            path = here / name
            if name in SKIP_NAMES:
                continue
            if path.is_symlink():
                notes.append(f"{rel_top / name} is a symbolic link: not copied")
                continue
            files_left -= 1
            if files_left < 0:
                notes.append(f"more than {MAX_ZIP_FILES} files: the rest not copied")
                return notes
            (target / rel_top).mkdir(parents=True, exist_ok=True)
            try:
                room -= _copy_regular(path, target / rel_top / name, room)
            except SubmissionError as exc:
                if "larger than" in str(exc):
                    notes.append(
                        f"more than {MAX_ZIP_BYTES >> 20} MB of files: the rest not copied"
                    )
                    return notes
                notes.append(f"{rel_top / name}: {exc}: not copied")
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
    exactly one ``.py`` or one notebook and no folders or zips.
    """
    entries = [p for p in sorted(path.iterdir()) if p.name not in SKIP_NAMES]
    wanted = path / f"{module}.py"
    if os.path.lexists(wanted) and (wanted.is_symlink() or not wanted.is_dir()):
        return _prepare(name, origin, wanted, module, entries)
    spec = _program_of(path, programs)
    if spec is not None:
        return _prepare_program(name, origin, path, spec)
    if not single_file:
        return None
    if any(p.is_dir() and not p.is_symlink() for p in entries):
        return None
    if any(p.suffix == ".zip" and not p.is_symlink() for p in entries):
        return None  # a zip beside a file: a class (each one a student)
    py = [p for p in entries if p.suffix == ".py" and not p.is_dir()]
    nb = [p for p in entries if p.suffix == ".ipynb" and not p.is_dir()]
    if len(py) == 1 and not nb:
        sub = _prepare(name, origin, py[0], module, entries)
        sub.notes.append(f"used {py[0].name} as {module}.py")
        return sub
    if len(nb) == 1 and not py:
        return _prepare(name, origin, nb[0], module, entries)
    return None


class TooDeep(SubmissionError):
    """Zips or folders nested past their bound: reported against the student's own entry
    (the outermost one), whatever is nested inside it."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


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
    if not target.parts or len(info.filename) > 1000 or any(len(p) > 255 for p in target.parts):
        return f"{info.filename[:80]}: not a usable file name: not extracted"
    return None


def _safe_extract(archive: Path, into: Path, budget: _Budget) -> list[tuple[str, str]]:
    """Unpack regular members by streaming, within ``budget``; (member, note) for each one
    skipped.  Every member counts against the budget's entries, skipped or not."""
    notes: list[tuple[str, str]] = []
    skipped = 0
    try:
        with zipfile.ZipFile(archive) as zf:
            for info in zf.infolist():
                budget.files -= 1
                if budget.files < 0:
                    raise SubmissionError(
                        f"{archive.name}: more than {MAX_ZIP_FILES} files: too large to grade"
                    )
                if any(part in SKIP_NAMES for part in PurePosixPath(info.filename).parts):
                    continue
                why = _zip_member_problem(info)
                target = into / info.filename
                if why is None:
                    why = _extract_member(zf, info, target, budget, archive.name)
                if why is not None:
                    skipped += 1
                    if skipped <= MAX_SKIP_NOTES:
                        notes.append((info.filename, why))
    except SubmissionError:
        raise
    except zipfile.BadZipFile:
        raise SubmissionError(f"{archive.name}: not a valid zip file") from None
    except OSError as exc:
        why = exc.strerror or exc
        raise SubmissionError(f"{archive.name}: cannot be unpacked ({why})") from None
    except Exception as exc:  # noqa: BLE001 - zlib, bz2, lzma, encryption: all mean "broken"
        raise SubmissionError(
            f"{archive.name}: cannot be unpacked ({type(exc).__name__}: {exc})"
        ) from None
    if skipped > MAX_SKIP_NOTES:
        notes.append(("/", f"{archive.name}: {skipped - MAX_SKIP_NOTES} more members skipped"))
    return notes


def _extract_member(
    zf: zipfile.ZipFile, info: zipfile.ZipInfo, target: Path, budget: _Budget, archive: str
) -> str | None:
    """Write one member (a folder, or a file by streaming); why it was skipped, or None."""
    try:
        if info.is_dir():
            target.mkdir(parents=True, exist_ok=True)
            return None
        target.parent.mkdir(parents=True, exist_ok=True)
        out = open(target, "xb")  # never onto an existing file, folder or link
    except OSError as exc:
        return f"{info.filename}: could not be written ({exc.strerror}): not extracted"
    with out:
        _stream_member(zf, info, out, budget, archive)
    return None


def _stream_member(zf, info, out, budget: _Budget, archive: str) -> None:
    """Write one member, counting what is actually written: headers can lie."""
    limit = max(info.compress_size, 1024) * MAX_RATIO
    written = 0
    with zf.open(info) as source:
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
    a whole class (one folder, file, notebook or zip per student).

    One broken student is a ``Submission`` with a ``problem``, never an exception; only a
    top-level path that is no submission at all raises, and only ``SubmissionError``.
    """
    path = Path(path)
    if nested:
        return _load(path, module, True, programs, _depth, _budget, 0)
    shown = path
    if path.is_symlink():  # the instructor's own path: fine to follow
        path = path.resolve()
    if not path.exists():
        raise SubmissionError(f"{shown}: no such file or folder")
    name = shown.name if path.is_dir() else shown.stem
    try:
        subs = _load(path, module, False, programs, _depth, _budget, 0, name, str(shown))
    except TooDeep as exc:
        raise SubmissionError(_one_line(f"{shown.name}: {exc.reason}")) from None
    except SubmissionError as exc:
        raise SubmissionError(_one_line(str(exc))) from None
    except Exception as exc:  # noqa: BLE001 - never a traceback for a bad submission
        text = f"{shown.name}: could not load: {type(exc).__name__}: {exc}"
        raise SubmissionError(_one_line(text)) from None
    for sub in subs:
        sub.problem = None if sub.problem is None else _one_line(sub.problem)
        # However many links a folder holds or members a zip skips, a bounded list.
        sub.notes = cap_notes([_one_line(note) for note in sub.notes])
    return subs


def _load(
    path: Path,
    module: str,
    nested: bool,
    programs: list | None,
    depth: int,
    budget: _Budget | None,
    level: int,
    name: str | None = None,
    origin: str | None = None,
    student: bool = False,
) -> list[Submission]:
    """``load_submissions`` below the top: ``level`` counts the class folders around.

    ``student``: ``path`` is one entry of a class, so it is one student's submission
    whatever it holds (:func:`_student_tree`), never a class of its own: a zip that holds
    ``alice/uno.py`` beside its sender's folder must not become a second Alice."""
    if name is None:
        name = path.name if path.is_dir() and not path.is_symlink() else path.stem
    origin = origin or str(path)
    if not os.path.lexists(path):
        raise SubmissionError(f"{path}: no such file or folder")
    entry_spec = next((s for s in programs or [] if _claims(s, path.name)), None)
    if not path.is_dir() and entry_spec is not None:
        # A lone program file (main.js, Main.java...): named after its folder.
        return [_prepare_program(path.parent.name, origin, path, entry_spec)]
    if not path.is_dir() and path.suffix in (".py", ".ipynb"):
        return [_prepare(name, origin, path, module)]
    if path.is_dir():
        sub = _from_folder(path, module, name, origin, single_file=nested, programs=programs)
        if sub is not None:
            return [sub]
        if student:
            return _student_tree(path, module, name, origin, programs, depth, budget, level)
        return _class_folder(
            path, module, origin, name, programs, depth, budget, not nested, level + 1
        )
    if path.is_file() and path.suffix == ".zip":
        return _from_zip(
            path, module, name, origin, programs, depth, budget or _Budget(), nested, level,
            student,
        )  # fmt: skip
    raise SubmissionError(f"{path}: expected a .py file, a notebook, a folder or a .zip")


def _from_zip(
    path: Path,
    module: str,
    name: str,
    origin: str,
    programs: list | None,
    depth: int,
    budget: _Budget,
    nested: bool,
    level: int,
    student: bool = False,
) -> list[Submission]:
    if depth >= MAX_ZIP_DEPTH:
        raise TooDeep(f"zips nested more than {MAX_ZIP_DEPTH} deep")
    unpacked = Path(tempfile.mkdtemp(prefix="unograde-zip-"))
    try:  # everything is copied out by _prepare, so the unpacked tree can go
        notes = _safe_extract(path, unpacked, budget)
        root = unpacked
        tops = [p for p in root.iterdir() if p.name not in SKIP_NAMES]
        if len(tops) == 1 and tops[0].is_dir() and not tops[0].is_symlink():
            root = tops[0]
        sub = _from_folder(root, module, name, origin, programs=programs)
        if sub is None and student:
            subs = _student_tree(root, module, name, origin, programs, depth + 1, budget, level)
            if len(subs) == 1:
                sub = subs[0]
        if sub is not None:
            sub.notes[:0] = [note for _, note in notes]
            return [sub]
        subs = _class_folder(
            root, module, origin, name, programs, depth + 1, budget, not nested, level + 1
        )
        return _attach_notes(subs, notes, root.relative_to(unpacked), origin)
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
        elif entry in ("..", "/") or "outside" in note or "not a usable" in note:
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
    top: bool = True,
    level: int = 1,
) -> list[Submission]:
    """A folder (or zip) of several students: one entry per student, each loaded inside its
    own error boundary (one broken student never stops the others from loading).

    ``top`` is the listing whose entries are the students themselves: nesting too deep
    anywhere inside an entry is that entry's problem, reported there."""
    if level > MAX_FOLDER_DEPTH:
        raise TooDeep(f"folders nested more than {MAX_FOLDER_DEPTH} deep")
    found: list[Submission] = []
    try:
        for entry in sorted(root.iterdir()):
            if entry.name in SKIP_NAMES or entry.name.startswith("."):
                continue
            found.extend(_class_entry(entry, module, origin, programs, depth, budget, top, level))
    except BaseException:
        cleanup(found)
        raise
    if not found:
        return [
            Submission(
                name, origin, None, problem=f"{origin}: found no {module}.py, .py file or notebook"
            )
        ]
    return found


def _class_entry(
    entry: Path,
    module: str,
    origin: str,
    programs: list | None,
    depth: int,
    budget: _Budget | None,
    top: bool,
    level: int,
) -> list[Submission]:
    """One student of a class folder: its submissions, or one with the problem that stopped
    it loading."""
    where = f"{origin}/{entry.name}"
    if entry.is_symlink():
        problem = f"{entry.name} is a symbolic link: submit the file itself"
        return [Submission(_stem(entry), where, None, problem=problem)]
    if not (entry.is_dir() or entry.suffix in (".py", ".ipynb", ".zip")):
        return []
    try:
        subs = _load(entry, module, True, programs, depth, budget, level, student=True)
    except TooDeep as exc:
        if not top:
            raise  # the student's own entry is further out
        subs = [Submission(_stem(entry), where, None, problem=f"{entry.name}: {exc.reason}")]
    except SubmissionError as exc:
        subs = [Submission(_stem(entry), where, None, problem=str(exc))]
    except Exception as exc:  # noqa: BLE001 - one student, not the class
        problem = f"{entry.name}: could not load: {type(exc).__name__}: {exc}"
        subs = [Submission(_stem(entry), where, None, problem=_one_line(problem))]
    for sub in subs:
        sub.origin = where if not sub.origin.startswith(origin) else sub.origin
    return subs


def _student_tree(
    root: Path,
    module: str,
    name: str,
    origin: str,
    programs: list | None,
    depth: int,
    budget: _Budget | None,
    level: int,
) -> list[Submission]:
    """One student's folder (or unpacked zip) that does not hold its work at the top: the
    one folder in it that holds ``<module>.py``, else its one ``.py`` file or notebook, else
    its one zip, read as the same student; anything else is this student's problem, naming
    what was found.  Never more than one submission, never named after a folder inside: a
    student cannot submit for another.  Folders deeper than ``MAX_FOLDER_DEPTH`` are
    :class:`TooDeep`."""
    homes: list[Path] = []
    sources: list[Path] = []
    zips: list[Path] = []
    stack = [(root, 0)]
    while stack:
        folder, below = stack.pop()
        if below + level > MAX_FOLDER_DEPTH:
            raise TooDeep(f"folders nested more than {MAX_FOLDER_DEPTH} deep")
        for entry in sorted(folder.iterdir()):
            if entry.name in SKIP_NAMES or entry.name.startswith(".") or entry.is_symlink():
                continue
            if entry.is_dir():
                stack.append((entry, below + 1))
            elif entry.name == f"{module}.py":
                homes.append(folder)
            elif entry.suffix in (".py", ".ipynb"):
                sources.append(entry)
            elif entry.suffix == ".zip":
                zips.append(entry)
    where = PurePosixPath(origin).name

    def shown(paths: list[Path]) -> str:
        names = sorted(p.relative_to(root).as_posix() for p in paths)
        return ", ".join(names[:5]) + (f" and {len(names) - 5} more" if len(names) > 5 else "")

    if len(homes) == 1:
        sub = _from_folder(homes[0], module, name, origin, programs=programs)
        if sub is not None:
            return [sub]
    if len(homes) > 1:
        problem = (
            f"{where}: holds {module}.py in {len(homes)} folders ({shown(homes)}): a "
            "submission in a class is one student's; send one"
        )
        return [Submission(name, origin, None, problem=_one_line(problem))]
    if len(sources) == 1 and not zips:
        sub = _prepare(name, origin, sources[0], module, sorted(sources[0].parent.iterdir()))
        if sources[0].suffix == ".py":
            sub.notes.append(f"used {shown(sources)} as {module}.py")
        return [sub]
    if len(zips) == 1 and not sources:
        subs = _from_zip(
            zips[0], module, name, origin, programs, depth, budget or _Budget(), True, level, True
        )
        if len(subs) == 1:
            return subs
        cleanup(subs)
    found = sources + zips
    if not found:  # as an empty class folder says it
        problem = f"{origin}: found no {module}.py, .py file or notebook"
    else:
        problem = (
            f"{where}: found no {module}.py and several files that could be it "
            f"({shown(found)}): send {module}.py (or one notebook, or one folder holding "
            f"{module}.py)"
        )
    return [Submission(name, origin, None, problem=_one_line(problem))]


def _stem(entry: Path) -> str:
    return entry.name if entry.is_dir() and not entry.is_symlink() else entry.stem


MAX_NAME_BYTES = 100  # well under any file system's limit for one name


def _clean(text: str) -> str:
    """Each separator, control, format (bidi) or undecodable character as ``_``."""
    return "".join(c if c.isprintable() and c not in "/\\" else "_" for c in text)


def _safe_name(name: str, suffix: str = "") -> str:
    """``name`` + ``suffix`` usable as a folder under --out and as a CSV or terminal cell:
    no separator, control or bidi character, no leading dot, at most MAX_NAME_BYTES in
    UTF-8 (the name is cut, never the suffix that tells it apart), never reserved."""
    name, suffix = _clean(name).strip().lstrip(".").strip(), _clean(suffix)
    room = MAX_NAME_BYTES - len(suffix.encode())
    while len(name.encode()) > room:
        name = name[:-1]
    result = (name.rstrip() + suffix).lstrip(".") or "submission"
    if result.lower() in RESERVED_NAMES:
        result += "_"
    return result


def _origin_kind(origin: str) -> str:
    """What tells apart ``bob/``, ``bob.py``, ``bob.ipynb`` and ``bob.zip``: the suffix."""
    suffix = PurePosixPath(origin).suffix.lstrip(".")
    return suffix[:12] if suffix else "folder"


def assign_names(submissions: list[Submission]) -> None:
    """Make the students' names unique, stable and safe (in place).

    A name is the file or folder name without its suffix.  Names that several
    submissions would share (``bob/``, ``bob.py``, ``bob.zip``) are all told apart by
    something of their own origin (``bob-folder``, ``bob-py``, ``bob-zip``), never by
    their order.  A name a student chose keeps priority over a generated one; a clash
    left after that (``bob-py.py`` beside ``bob/`` and ``bob.py``) is extended with a
    short hash of the origin.  So a re-run, in any listing order, or a class with one
    more unrelated student, gives every student the same folder under ``--out``.  Neither
    of two submissions that claim one name is given it: each keeps that name in
    ``claimed`` (and a note), so that ``grade`` shows the conflict, and matching them to
    the roster finds both for one student, a conflict there too (never one of them chosen).
    """
    wanted: dict[int, tuple[str, bool]] = {}
    counts: dict[str, int] = {}
    for sub in submissions:
        base = _safe_name(sub.name)
        counts[base.lower()] = counts.get(base.lower(), 0) + 1
        wanted[id(sub)] = (base, False)
    for sub in submissions:
        base, _ = wanted[id(sub)]
        if counts[base.lower()] > 1:
            wanted[id(sub)] = (_safe_name(base, f"-{_origin_kind(sub.origin)}"), True)
            sub.claimed = base
    taken: set[str] = set()
    order = sorted(submissions, key=lambda s: (wanted[id(s)][1], s.origin, wanted[id(s)][0]))
    for sub in order:
        name, generated = wanted[id(sub)]
        attempt = 0
        while name.lower() in taken:
            key = f"{sub.origin}\0{attempt}".encode("utf-8", "replace")
            digest = hashlib.sha256(key).hexdigest()[:6]
            name = _safe_name(wanted[id(sub)][0], f"-{digest}")
            attempt += 1
        taken.add(name.lower())
        sub.name = name
        if sub.claimed:
            sub.notes.append(
                f"another submission of this class is also named {sub.claimed!r}: this one is "
                f"graded as {name!r}"
            )


def cleanup(submissions: list[Submission]) -> None:
    """Remove the temporary folders of ``submissions`` (safe to call twice)."""
    for sub in submissions:
        if sub.folder is not None:
            shutil.rmtree(sub.folder, ignore_errors=True)
