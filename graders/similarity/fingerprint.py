"""Code fingerprints: Pygments' tokens, normalised, winnowed (Schleimer, Wilkerson and Aiken,
"Winnowing: local algorithms for document fingerprinting", SIGMOD 2003, the algorithm of
MOSS and of copydetect).

Why Pygments and not a tokenizer of our own: it has a lexer for every language a submission
may be in (Python, Haskell, Standard ML, C, JavaScript, Java, and hundreds more), chosen by the
file's name, so a language the grader learns later is compared the day it arrives.

Normalisation makes the usual disguises vanish: every identifier is ``N`` (renaming),
every string ``S`` and number ``0`` (changed literals), comments and docstrings and
whitespace are dropped (reformatting, rewritten comments); keywords, operators, punctuation
and the language's builtins stay (they are the code's shape). Function order does not
matter: a fingerprint is a set of hashes of ``K`` consecutive tokens, wherever they are, so
reordered functions share every fingerprint but the few that span a boundary.

Winnowing keeps, of every window of ``W`` consecutive k-gram hashes, the smallest: any run of
at least ``K + W - 1`` tokens two files share yields at least one shared fingerprint, and a
file of n tokens keeps about 2n / (W + 1) of them.
"""

from __future__ import annotations

import bisect
import zlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from pygments.lexer import Lexer
from pygments.lexers import get_lexer_for_filename
from pygments.token import Comment, Keyword, Name, Number, String
from pygments.util import ClassNotFound

K = 10  # tokens per k-gram
W = 5  # k-grams per winnowing window: a shared run of K + W - 1 = 14 tokens is always found
MAX_FILE_BYTES = 1024 * 1024
# Files that hold data or prose, not code, even where Pygments has a lexer for them.
NOT_CODE = {".txt", ".md", ".rst", ".json", ".yml", ".yaml", ".csv", ".toml", ".ini", ".cfg",
            ".xml", ".html", ".htm", ".css", ".lock", ".log", ".out", ".in"}  # fmt: skip
SEPARATOR = "\x00file"  # between the files of one submission


@dataclass(frozen=True)
class SourceFile:
    """One file of a submission: its name (relative), its text (newlines normalised), and the
    start of each line (to map a token's offset to its line)."""

    name: str
    text: str
    line_starts: tuple[int, ...]

    def line_of(self, offset: int) -> int:
        return bisect.bisect_right(self.line_starts, offset)  # 1-based

    @property
    def lines(self) -> list[str]:
        return self.text.split("\n")


@dataclass
class Document:
    """A submission as compared: its files, normalised tokens and fingerprints."""

    name: str
    files: list[SourceFile] = field(default_factory=list)
    tokens: list[str] = field(default_factory=list)
    where: list[tuple[int, int]] = field(default_factory=list)  # token -> (file, line)
    prints: dict[int, list[int]] = field(default_factory=dict)  # hash -> first token of each

    @property
    def size(self) -> int:
        return len(self.prints)


def lexer_for(name: str) -> Lexer | None:
    """Pygments' lexer for a file name, or None for data, prose and unknown files. The
    lexer keeps every character where it was (no newline or tab changes), so token offsets
    are offsets in the text shown side by side."""
    if Path(name).suffix.lower() in NOT_CODE:
        return None
    try:
        lexer = get_lexer_for_filename(name, stripnl=False, stripall=False, ensurenl=False)
    except ClassNotFound:
        return None
    return None if lexer.name == "Text only" else lexer


def read_source(path: Path, name: str) -> SourceFile | None:
    """A code file as text (UTF-8, undecodable bytes replaced), or None when it is not code
    or too large to be a student's source."""
    if path.suffix.lower() == ".ipynb":
        return _notebook(path, name)
    if lexer_for(name) is None:
        return None
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            return None
        data = path.read_bytes()
    except OSError:
        return None
    if b"\0" in data[:8192]:
        return None  # binary
    return source_file(name, data.decode("utf-8", errors="replace"))


def source_file(name: str, text: str) -> SourceFile:
    text = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    starts = [0]
    starts += [i + 1 for i, c in enumerate(text) if c == "\n"]
    return SourceFile(name, text, tuple(starts))


def _notebook(path: Path, name: str) -> SourceFile | None:
    """A notebook's code cells, each after a ``# cell N`` line (a comment: not compared)."""
    from unokit.notebook import NotebookError, read_notebook

    try:
        if path.stat().st_size > 20 * MAX_FILE_BYTES:
            return None
        notebook = read_notebook(path.read_bytes(), path.name)
    except (NotebookError, OSError, ValueError):
        return None
    chunks, number = [], 0
    for cell in notebook.get("cells", []):
        if not isinstance(cell, dict) or cell.get("cell_type") != "code":
            continue
        number += 1
        source = cell.get("source", "")
        source = "".join(source) if isinstance(source, list) else str(source)
        chunks.append(f"# cell {number}\n{source}")
    return source_file(str(Path(name).with_suffix(".py")), "\n".join(chunks))


def normalised(file: SourceFile, lexer: Lexer) -> Iterable[tuple[str, int]]:
    """(normalised token, offset) of a file's code, as the module's docstring says."""
    in_string = False
    for offset, kind, value in lexer.get_tokens_unprocessed(file.text):
        if kind in String.Doc or kind in Comment:
            in_string = False
            continue
        if kind in String:
            if not in_string:  # a string is several tokens (quotes, escapes, parts): one S
                yield "S", offset
            in_string = True
            continue
        in_string = False
        if not value.strip():
            continue
        if kind in Name.Builtin or kind in Keyword:
            yield value, offset
        elif kind in Name:
            yield "N", offset
        elif kind in Number:
            yield "0", offset
        else:
            yield value.strip(), offset


def document(name: str, files: list[SourceFile]) -> Document:
    """Tokens of every file of a submission, in the files' order, and their fingerprints."""
    doc = Document(name, files)
    for n, file in enumerate(files):
        lexer = lexer_for(file.name)
        if lexer is None:
            continue
        if doc.tokens:
            doc.tokens.append(SEPARATOR)
            doc.where.append((n, 1))
        for token, offset in normalised(file, lexer):
            doc.tokens.append(token)
            doc.where.append((n, file.line_of(offset)))
    doc.prints = winnow(kgram_hashes(doc.tokens))
    return doc


def kgram_hashes(tokens: list[str], k: int = K) -> list[int]:
    """The hash of each run of ``k`` tokens (a stable CRC-32: the same in every process)."""
    if len(tokens) < k:
        return [zlib.crc32("\x1f".join(tokens).encode())] if tokens else []
    encoded = [t.encode("utf-8", errors="replace") for t in tokens]
    return [zlib.crc32(b"\x1f".join(encoded[i : i + k])) for i in range(len(tokens) - k + 1)]


def winnow(hashes: list[int], w: int = W) -> dict[int, list[int]]:
    """Robust winnowing: in each window of ``w`` hashes the smallest (the rightmost of equal
    ones), each kept once per position; returns hash -> the k-gram positions it was kept at."""
    kept: dict[int, list[int]] = {}
    if not hashes:
        return kept
    if len(hashes) <= w:
        low = min(range(len(hashes)), key=lambda i: (hashes[i], -i))
        return {hashes[low]: [low]}
    last = -1
    for start in range(len(hashes) - w + 1):
        window = hashes[start : start + w]
        smallest = min(window)
        position = start + max(i for i, h in enumerate(window) if h == smallest)
        if position != last:
            kept.setdefault(smallest, []).append(position)
            last = position
    return kept


def all_hashes(files: list[SourceFile]) -> set[int]:
    """Every k-gram hash of some files (the starter's): removed from every submission's
    fingerprints, so code everyone was given is never evidence."""
    return set(kgram_hashes(document("starter", files).tokens))
