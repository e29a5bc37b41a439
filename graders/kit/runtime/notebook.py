"""A student's module from a notebook, and where a source does not compile.

Notebooks are read as JSON (no kernel, no nbformat: its reader validates and converts, and
raises on the malformed cells a student's editor can leave).  Code cells are joined into one
module; IPython magics and ``!shell`` lines are dropped with a note; every line of the module
is mapped back to its cell so that a syntax error, and every line of a traceback, names the
cell and the line in it, as Jupyter counts them.  The grader
(:mod:`graders.submission`) and a self-check kit read notebooks with this one definition.
"""

from __future__ import annotations

import json
import re

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


def notebook_code(data: bytes, name: str) -> tuple[str, list[str], dict[int, tuple[int, int]]]:
    """Join a notebook's code cells; drop magics and shell lines; map lines to cells.

    Returns the module's text, the notes (what was dropped or skipped) and, for each line of
    the module, its (code cell, line) in the notebook.  A code cell whose source is not text
    (null, a number, a list holding non-strings) is skipped with a note.  Raises
    :class:`NotebookError` for a file that is not a notebook, naming the place.
    """
    nb = read_notebook(data, name)
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
        bad = _SURROGATE.search(source)
        if bad is not None:  # JSON can spell "\ud800"; no Python file can hold it
            line = source.count("\n", 0, bad.start()) + 1
            raise NotebookError(
                f"{name}: cell {code_cell}, line {line}: not valid Unicode "
                f"(a lone surrogate U+{ord(bad.group()):04X})"
            )
        cell_lines = source.split("\n")
        if cell_lines and cell_lines[0].lstrip().startswith("%%"):
            notes.append(f"cell {code_cell}: dropped a cell magic ({cell_lines[0].strip()[:60]})")
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
    if code_cell == 0:
        raise NotebookError(f"{name} has no code cells")
    return "\n".join(lines) + "\n", notes, where


def syntax_problem(source: str, shown: str, where: dict[int, tuple[int, int]]) -> str | None:
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


def in_cells(text: str, module: str, shown: str, where: dict[int, tuple[int, int]]) -> str:
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
