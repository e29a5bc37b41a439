"""Text a submission controls, made safe to keep, write and show.

A student's output, names, exception text and return values reach four kinds of
reader: a file (which must encode), an instructor's terminal (which obeys escape
sequences and rich markup), a Markdown renderer (which obeys fences, headings and
raw HTML) and a spreadsheet (which runs formulas).  Each function here makes text
inert for one of them; none of them ever raises, whatever it is given.  HTML is
Jinja's autoescape's job.
"""

from __future__ import annotations

import re
from typing import Any

from rich.markup import escape

# Cleaning, cutting and stripping escapes live with the self-check kit's runtime, which
# carries them into a student's kit: one definition for both.
from unokit.text import cap_text, clean_text, terminal_plain

__all__ = [
    "cap_text",
    "cap_value",
    "clean_text",
    "csv_cell",
    "md_code_block",
    "md_inline",
    "terminal_plain",
    "terminal_text",
]


def cap_value(value: Any, max_chars: int = 2000, max_items: int = 200, max_depth: int = 20) -> Any:
    """A bounded copy of nested data: long strings cut, long sequences cut with a marker item
    saying how many were cut, nesting past ``max_depth`` replaced by ``"…"``.  Tuples stay
    tuples and dicts stay dicts, so a report still draws what it can."""
    if isinstance(value, str):
        return cap_text(clean_text(value), max_chars)
    if max_depth <= 0 and isinstance(value, list | tuple | dict):
        return "… (nested too deep to show)"
    if isinstance(value, list | tuple):
        items = [
            v
            if type(v) in _INERT or _short_clean(v, max_chars)
            else cap_value(v, max_chars, max_items, max_depth - 1)
            for v in value[:max_items]
        ]
        if len(value) > max_items:
            items.append(f"… ({len(value) - max_items:,} more items not shown)")
        return tuple(items) if isinstance(value, tuple) else items
    if isinstance(value, dict):
        out = {}
        for n, (k, v) in enumerate(value.items()):
            if n >= max_items:
                out["…"] = f"({len(value) - max_items:,} more entries not shown)"
                break
            inert = type(v) in _INERT or _short_clean(v, max_chars)
            out[k] = v if inert else cap_value(v, max_chars, max_items, max_depth - 1)
        return out
    return value


_INERT = frozenset({int, float, bool, type(None)})


def _short_clean(value: Any, max_chars: int) -> bool:
    """A str that ``cap_value`` would return unchanged (ASCII, so no lone surrogate; no NUL;
    short), told without a regular expression: reports hold thousands of such strings."""
    if type(value) is not str or len(value) > max_chars:
        return False
    return value.isascii() and "\x00" not in value


def terminal_text(text: object) -> str:
    """:func:`terminal_plain`, then rich markup escaped: safe to print with markup on."""
    return escape(terminal_plain(text))


# What can open code, links, images or table cells inside a line (HTML is made entities);
# the templates never put such text at the start of a line, where "#", "-" or "1." would
# matter, and emphasis cannot forge structure, so names like test_drawn_card stay readable.
_MD_SPECIAL = re.compile(r"([\\`\[\]|])")


def md_inline(text: object) -> str:
    """Markdown-safe inline text: structure characters escaped, ``<`` and ``&`` as entities,
    line breaks folded into spaces so that no heading, list or fence can start a line."""
    flat = " ".join(clean_text(text).splitlines())
    flat = flat.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return _MD_SPECIAL.sub(r"\\\1", flat)


def md_code_block(text: object, info: str = "") -> str:
    """A fenced block the content cannot close: the fence is longer than any run of
    backticks inside it (and at least three)."""
    body = clean_text(text)
    longest = max((len(run) for run in re.findall(r"`+", body)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}{info}\n{body.rstrip(chr(10))}\n{fence}"


_NUMBER = re.compile(r"-?\d+(\.\d+)?(e[-+]?\d+)?")


def csv_cell(text: object) -> str:
    """A text cell a spreadsheet will not run: one that starts with ``=``, ``+``, ``-``,
    ``@``, a tab or a carriage return gets a leading ``'`` (OWASP's advice).  A plain
    number (``-1.5``) is left as it is: a number is not a formula, and the grader writes
    points as numbers."""
    cell = clean_text(text)
    if cell[:1] in ("=", "+", "-", "@", "\t", "\r") and not _NUMBER.fullmatch(cell):
        return "'" + cell
    return cell
