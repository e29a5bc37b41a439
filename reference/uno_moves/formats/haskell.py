"""Haskell's literal syntax for characters and strings, both ways.

The uno-moves course reads ``.uno`` files with ``readIO`` and prints with
``print``; to read exactly what the course's program reads, and to write exactly
what it writes, unograde needs GHC's ``Text.Read.Lex`` escapes (for reading) and
``showLitString`` (for writing).  Nothing else here.
"""

from __future__ import annotations

import unicodedata

ASCII_NAMES = (
    "NUL SOH STX ETX EOT ENQ ACK BEL BS HT LF VT FF CR SO SI DLE DC1 DC2 DC3 DC4 NAK SYN ETB "
    "CAN EM SUB ESC FS GS RS US SP"
).split()
_SIMPLE_ESCAPES = {
    "a": "\a",
    "b": "\b",
    "f": "\f",
    "n": "\n",
    "r": "\r",
    "t": "\t",
    "v": "\v",
    "\\": "\\",
    '"': '"',
    "'": "'",
}
_SHOW_SIMPLE = {
    "\a": "\\a",
    "\b": "\\b",
    "\f": "\\f",
    "\n": "\\n",
    "\r": "\\r",
    "\t": "\\t",
    "\v": "\\v",
}
MAX_CHAR = 0x10FFFF


def is_space(c: str) -> bool:
    """GHC's ``isSpace``: the Latin-1 spaces and Unicode category Zs (no FS/GS/RS/US)."""
    o = ord(c)
    if o <= 0x377:
        return o == 32 or 9 <= o <= 13 or o == 0xA0
    return unicodedata.category(c) == "Zs"


class EscapeError(ValueError):
    """A malformed escape; ``offset`` is where in the text it went wrong."""

    def __init__(self, message: str, offset: int) -> None:
        super().__init__(message)
        self.offset = offset


def read_escape(text: str, i: int) -> tuple[str, int]:
    """Read the escape after a backslash at ``text[i-1]``; return (char, next index)."""
    if i >= len(text):
        raise EscapeError("expected an escape after '\\', found end of input", i)
    c = text[i]
    if c in _SIMPLE_ESCAPES:
        return _SIMPLE_ESCAPES[c], i + 1
    if c == "^":
        if i + 1 < len(text) and "@" <= text[i + 1] <= "_":
            return chr(ord(text[i + 1]) - 64), i + 2
        raise EscapeError("expected a control character '@'..'_' after '\\^'", i + 1)
    if c.isdigit() or c in "ox":
        base, j = 10, i
        if c == "o":
            base, j = 8, i + 1
        elif c == "x":
            base, j = 16, i + 1
        digits = "0123456789abcdefABCDEF"[: base + (6 if base == 16 else 0)]
        start = j
        while j < len(text) and text[j] in digits:
            j += 1
        if j == start:
            raise EscapeError(f"expected base-{base} digits after '\\{c}'", j)
        significant = text[start:j].lstrip("0") or "0"
        # No code point needs more than 7 digits: a longer number is out of range, and is
        # never converted (int() refuses strings of more than 4300 digits).
        if len(significant) > 7 or int(significant, base) > MAX_CHAR:
            shown = significant if len(significant) <= 12 else significant[:12] + "..."
            raise EscapeError(f"character code {shown} is out of range", i)
        return chr(int(significant, base)), j
    # ASCII names: the longest name wins (SOH before SO), as in GHC.
    for name in sorted(ASCII_NAMES + ["DEL"], key=len, reverse=True):
        if text.startswith(name, i):
            code = 127 if name == "DEL" else ASCII_NAMES.index(name)
            return chr(code), i + len(name)
    raise EscapeError(f"expected a valid escape, found '\\{c}'", i)


def show_string(s: str) -> str:
    """``show`` of a Haskell String: the exact text that ``print`` writes."""
    out = ['"']
    for k, c in enumerate(s):
        nxt = s[k + 1] if k + 1 < len(s) else ""
        o = ord(c)
        if c == '"':
            out.append('\\"')
        elif c == "\\":
            out.append("\\\\")
        elif o > 127:
            out.append(f"\\{o}" + ("\\&" if nxt.isdigit() and nxt.isascii() else ""))
        elif o == 127:
            out.append("\\DEL")
        elif o >= 32:
            out.append(c)
        elif c in _SHOW_SIMPLE:
            out.append(_SHOW_SIMPLE[c])
        elif o == 14:
            out.append("\\SO" + ("\\&" if nxt == "H" else ""))
        else:
            out.append("\\" + ASCII_NAMES[o])
    out.append('"')
    return "".join(out)


def read_string(text: str) -> str:
    """Read one Haskell string literal occupying the whole of ``text``."""
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise EscapeError("expected a double-quoted string", 0)
    out: list[str] = []
    i, end = 1, len(text) - 1
    while i < end:
        c = text[i]
        if c == '"':
            raise EscapeError("unexpected '\"' inside the string", i)
        if c != "\\":
            out.append(c)
            i += 1
            continue
        if i + 1 < end and text[i + 1] == "&":
            i += 2
            continue
        if i + 1 < end and is_space(text[i + 1]):  # a string gap: \   \
            j = i + 1
            while j < end and is_space(text[j]):
                j += 1
            if j >= end or text[j] != "\\":
                raise EscapeError("expected '\\' closing a string gap", j)
            i = j + 1
            continue
        ch, i = read_escape(text[:end], i + 1)
        out.append(ch)
    return "".join(out)
