"""The uno-moves texts in Haskell's own syntax: string and character literals both ways, and
the solution text the course's ``main`` prints (``print "Result" >> printGame game``).

Stdlib only, and the one copy: the reference reads and writes ``.uno`` files and solutions
with it (``reference/uno_moves/formats/``), the feedback module reads a program's printed
answer back with it, and the self-check kit carries it beside the feedback module, so the
grader and the kit read a Haskell or any other program's output alike.

The course reads ``.uno`` files with ``readIO`` and prints with ``print``; to read exactly
what the course's program reads, and to write exactly what it writes, this follows GHC's
``Text.Read.Lex`` escapes (for reading) and ``showLitString`` (for writing).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

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
    inner = text[1:-1]
    if '"' not in inner and "\\" not in inner:
        return inner  # no escape, no gap: the characters themselves (what the loop gives)
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


Card = tuple[str, str]
Cards = tuple[Card, ...]


@dataclass(frozen=True)
class Solution:
    hands: tuple[Cards, ...]
    deck: Cards
    discard: Cards


class SolutionFormatError(ValueError):
    def __init__(self, source: str, line: int, message: str) -> None:
        self.source, self.line = source, line
        super().__init__(f"{source}:{line}: {message}")


def cards_text(cards: Cards) -> str:
    return "".join(f"[{c}{s}]" for c, s in cards)


def format_solution(hands: tuple[Cards, ...], deck: Cards, discard: Cards) -> str:
    """The exact text of ``print "Result" >> printGame (hands, deck, discard)``."""
    lines = [
        "Result",
        "Hands",
        *(cards_text(h) for h in hands),
        "",
        "Discard",
        cards_text(discard),
        "Deck",
        cards_text(deck),
    ]
    return "".join(show_string(line) + "\n" for line in lines)


def _parse_cards(text: str, source: str, line: int) -> Cards:
    if len(text) % 4:
        raise SolutionFormatError(source, line, f"expected cards like [r5], found {text!r}")
    cards = []
    for k in range(0, len(text), 4):
        chunk = text[k : k + 4]
        if chunk[0] != "[" or chunk[3] != "]":
            raise SolutionFormatError(
                source, line, f"card {k // 4 + 1}: expected a card like [r5], found {chunk!r}"
            )
        cards.append((chunk[1], chunk[2]))
    return tuple(cards)


def parse_solution(text: str, source: str = "<solution>") -> Solution:
    """Parse a solution text back into hands, deck and discard.

    Trailing whitespace on a line and blank lines at the end are forgiven; a
    missing heading, an unquoted line or a malformed card is reported with its line.
    """
    raw = text.replace("\r\n", "\n").split("\n")
    while raw and not raw[-1].strip():
        raw.pop()
    lines: list[str] = []
    for number, line in enumerate(raw, 1):
        try:
            lines.append(read_string(line.strip()))
        except EscapeError as exc:
            raise SolutionFormatError(
                source, number, f"expected a double-quoted line, found {line!r} ({exc})"
            ) from None

    def expect(index: int, word: str) -> None:
        if index >= len(lines) or lines[index] != word:
            found = repr(lines[index]) if index < len(lines) else "end of text"
            raise SolutionFormatError(source, index + 1, f'expected "{word}", found {found}')

    expect(0, "Result")
    expect(1, "Hands")
    try:
        discard_at = lines.index("Discard", 2)
    except ValueError:
        raise SolutionFormatError(source, len(lines), 'expected a "Discard" line') from None
    if discard_at < 3 or lines[discard_at - 1] != "":
        raise SolutionFormatError(source, discard_at, 'expected "" before "Discard"')
    hands = tuple(_parse_cards(lines[k], source, k + 1) for k in range(2, discard_at - 1))
    if discard_at + 1 >= len(lines):
        raise SolutionFormatError(source, discard_at + 1, "expected the discard line")
    discard = _parse_cards(lines[discard_at + 1], source, discard_at + 2)
    expect(discard_at + 2, "Deck")
    if discard_at + 3 >= len(lines):
        raise SolutionFormatError(source, discard_at + 3, "expected the deck line")
    deck = _parse_cards(lines[discard_at + 3], source, discard_at + 4)
    if len(lines) > discard_at + 4:
        raise SolutionFormatError(source, discard_at + 5, "expected end of text")
    return Solution(hands, deck, discard)
