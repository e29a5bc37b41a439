"""A student's module from a notebook, and where a source does not compile.

Notebooks are read as JSON (no kernel, no nbformat: its reader validates and converts, and
raises on the malformed cells a student's editor can leave).  Code cells are joined into one
module; IPython magics and ``!shell`` lines are dropped with a note; every line of the module
is mapped back to its cell so that a syntax error, and every line of a traceback, names the
cell and the line in it, as Jupyter counts them.  The grader
(:mod:`graders.submission`) and a self-check kit read notebooks with this one definition.
"""

from __future__ import annotations

import bisect
import json
import re
from collections.abc import Iterator, Mapping

_SURROGATE = re.compile("[\ud800-\udfff]")


class NotebookError(ValueError):
    """A file that is not a usable notebook; the message names the file and the place."""


def _cell_source(cell: object) -> str | None:
    """A cell's text (a string or a list of strings), or None when it is anything else."""
    source = cell.get("source") if isinstance(cell, dict) else None
    if isinstance(source, str):
        return source
    if isinstance(source, list) and all(isinstance(part, str) for part in source):
        return "".join(source)
    return None


def read_notebook(data: bytes, name: str) -> dict:
    """The notebook's JSON from its bytes, with the place of a JSON error in the message."""
    if not data.strip():
        raise NotebookError(f"{name} is empty")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise NotebookError(f"{name}:{line}: not UTF-8 text (byte {exc.start})") from None
    try:
        nb = json.loads(text)
    except json.JSONDecodeError as exc:
        raise NotebookError(
            f"{name}:{exc.lineno}:{exc.colno}: not a notebook (not JSON: {exc.msg})"
        ) from None
    except RecursionError:
        raise NotebookError(f"{name}: not a notebook (JSON nested too deep)") from None
    if not isinstance(nb, dict) or not isinstance(nb.get("cells"), list):
        raise NotebookError(f"{name}: not a notebook (no list of cells)")
    return nb


MAX_NOTES = 30  # notes kept of one notebook; the rest are counted in a last "... and N more"

# A line IPython would not read as Python: a line magic (``%time``) or a shell line (``!ls``),
# after any indentation (a line is what ``str.split("\n")`` makes of a cell).
_NOT_PYTHON = re.compile(r"^([^\S\n]*)([%!][^\n]*)$", re.MULTILINE)


class LineMap(Mapping[int, tuple[int, int]]):
    """Each line of the module joined from a notebook -> its (code cell, line in the cell).

    Kept as one run of lines per cell, not one entry per line: a 4 MB notebook can hold a
    million lines, and a dict of them costs the grader hundreds of megabytes for nothing.
    Reads as the ``dict`` it replaces (``where[57]``, ``57 in where``, ``dict(where)``).
    """

    def __init__(self) -> None:
        self.starts: list[int] = []  # the module line of each run's first line
        self.cells: list[int] = []
        self.counts: list[int] = []

    def add(self, start: int, cell: int, count: int) -> None:
        """The cell ``cell``'s ``count`` lines are the module's lines from ``start`` on."""
        self.starts.append(start)
        self.cells.append(cell)
        self.counts.append(count)

    def __getitem__(self, line: object) -> tuple[int, int]:
        if not isinstance(line, int):
            raise KeyError(line)
        k = bisect.bisect_right(self.starts, line) - 1
        if k < 0 or line - self.starts[k] >= self.counts[k]:
            raise KeyError(line)
        return self.cells[k], line - self.starts[k] + 1

    def __iter__(self) -> Iterator[int]:
        for start, count in zip(self.starts, self.counts, strict=True):
            yield from range(start, start + count)

    def __len__(self) -> int:
        return sum(self.counts)

    def __repr__(self) -> str:
        return f"LineMap({len(self.cells)} cells, {len(self)} lines)"


class BoundedNotes:
    """Notes about a submission, the first ``limit`` kept and the rest only counted, so that
    a notebook of a million magics costs a counter, not a million strings in every report."""

    def __init__(self, limit: int = MAX_NOTES) -> None:
        self.limit = limit
        self.kept: list[str] = []
        self.more = 0

    def add(self, note: str) -> None:
        if len(self.kept) < self.limit:
            self.kept.append(note)
        else:
            self.more += 1

    @property
    def full(self) -> bool:
        """No further note would be kept (a caller can skip making its text)."""
        return len(self.kept) >= self.limit

    def notes(self) -> list[str]:
        return self.kept + ([more_notes(self.more)] if self.more else [])


def more_notes(count: int) -> str:
    """The last note of a capped list: how many more there were."""
    return f"... and {count:,} more"


_MORE = re.compile(r"\.\.\. and ([\d,]+) more")


def cap_notes(notes: list[str], limit: int = MAX_NOTES) -> list[str]:
    """At most ``limit`` notes and, when cut, a last one saying how many more there were;
    a list joined from lists already capped adds up the counts of what they cut."""
    kept: list[str] = []
    more = 0
    for note in notes:
        found = _MORE.fullmatch(note)
        if found:
            more += int(found.group(1).replace(",", ""))
        elif len(kept) < limit:
            kept.append(note)
        else:
            more += 1
    return kept + ([more_notes(more)] if more else [])


def notebook_code(data: bytes, name: str) -> tuple[str, list[str], LineMap]:
    """Join a notebook's code cells; drop magics and shell lines; map lines to cells.

    Returns the module's text, the notes (what was dropped or skipped, at most
    :data:`MAX_NOTES` and a count of the rest) and, for each line of the module, its (code
    cell, line) in the notebook.  A dropped line becomes ``pass`` where it is indented (so a
    block keeps a body) and an empty line elsewhere (a million of them cost ``compile``
    nothing); either way the module's lines stay the cells' lines.  A code cell whose source
    is not text (null, a number, a list holding non-strings) is skipped with a note.  Raises
    :class:`NotebookError` for a file that is not a notebook, naming the place.
    """
    nb = read_notebook(data, name)
    pieces: list[str] = []
    notes = BoundedNotes()
    where = LineMap()
    code_cell = 0
    line_no = 1  # the module's line the next cell starts on
    for cell in nb["cells"]:
        if not isinstance(cell, dict) or cell.get("cell_type") != "code":
            continue
        code_cell += 1
        source = _cell_source(cell)
        if source is None:
            notes.add(f"cell {code_cell}: its source is not text; skipped")
            continue
        bad = _SURROGATE.search(source)
        if bad is not None:  # JSON can spell "\ud800"; no Python file can hold it
            line = source.count("\n", 0, bad.start()) + 1
            raise NotebookError(
                f"{name}: cell {code_cell}, line {line}: not valid Unicode "
                f"(a lone surrogate U+{ord(bad.group()):04X})"
            )
        first = source.split("\n", 1)[0].lstrip()
        if first.startswith("%%"):
            notes.add(f"cell {code_cell}: dropped a cell magic ({first.strip()[:60]})")
            continue
        source = _drop_magics(source, code_cell, notes)
        count = source.count("\n") + 1
        where.add(line_no, code_cell, count)
        pieces.append(source + "\n\n")  # the cell's lines, then an empty line between cells
        line_no += count + 1
    if code_cell == 0:
        raise NotebookError(f"{name} has no code cells")
    return "".join(pieces) or "\n", notes.notes(), where


def _drop_magics(source: str, code_cell: int, notes: BoundedNotes) -> str:
    """``source`` with each magic or shell line made ``pass`` (indented) or empty, each noted
    by its line in the cell (counted as it goes: one pass over the cell, however many)."""
    if "%" not in source and "!" not in source:
        return source
    counted = [0, 1]  # up to which character lines are counted; the line number there

    def drop(match: re.Match) -> str:
        indent, text = match.group(1), match.group(2)
        if notes.full:
            notes.add("")  # counted only: its text is never made
        else:
            counted[1] += source.count("\n", counted[0], match.start())
            counted[0] = match.start()
            stripped = text.lstrip()
            kind = "an IPython magic" if stripped.startswith("%") else "a shell command"
            notes.add(f"cell {code_cell}, line {counted[1]}: dropped {kind} ({stripped[:60]})")
        return indent + "pass" if indent else ""

    return _NOT_PYTHON.sub(drop, source)


def syntax_problem(source: str, shown: str, where: Mapping[int, tuple[int, int]]) -> str | None:
    """Why ``source`` does not compile, naming the place (a notebook's cell), or None."""
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
    except (RecursionError, MemoryError):  # 1+1+...+1 a hundred thousand times
        return f"{shown}: an expression nested too deeply to compile"
    return None


def in_cells(text: str, module: str, shown: str, where: Mapping[int, tuple[int, int]]) -> str:
    """A traceback of a notebook's joined module (``File "uno.py", line 57``) with each of its
    lines named as Jupyter shows it: ``File "hana.ipynb", cell 3, line 4`` (code cells and
    their lines counted from 1). ``shown``: the notebook's name; ``where``: the module's line
    to (cell, line), as :func:`notebook_code` maps them."""
    if not text or not where:
        return text

    def place(match: re.Match) -> str:
        found = where.get(int(match.group(1)))
        if found is None:
            return match.group(0)
        return f'File "{shown}", cell {found[0]}, line {found[1]}'

    return re.sub(rf'File "{re.escape(module)}\.py", line (\d+)', place, text)
