"""Text a submission controls, made safe to keep and show: cleaned and bounded.

The first two of :mod:`graders.textsafe`'s functions, here so that a self-check kit cleans
and cuts a student's output exactly as the grader's reports do.  Neither ever raises.
"""

from __future__ import annotations

import re

_SURROGATES = re.compile("[\ud800-\udfff]")


def clean_text(value: object) -> str:
    """``value`` as a str that always encodes to UTF-8: each lone surrogate becomes U+FFFD,
    NUL characters are dropped."""
    text = value if isinstance(value, str) else str(value)
    return _SURROGATES.sub("\ufffd", text).replace("\x00", "")


def cap_text(text: str, limit: int) -> str:
    """At most ``limit`` characters, and when cut, a note saying how many were cut."""
    if len(text) <= limit:
        return text
    return text[:limit] + f"… ({len(text) - limit:,} more characters not shown)"


def error_line(stderr: str) -> str:
    """The line of a program's stderr most likely to say what went wrong, as ``": line"``
    (empty when there is none): the grader's and the kit's program runs say it alike."""
    lines = [line.strip() for line in stderr.splitlines() if line.strip()]
    if not lines:
        return ""
    errors = [line for line in lines if "error" in line.lower() or "exception" in line.lower()]
    return ": " + (errors[-1] if errors else lines[-1])[:300]


# CSI (7- and 8-bit), OSC / DCS / SOS / PM / APC strings up to BEL or ST, other ESC pairs.
_ESCAPES = re.compile(
    r"(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]?"
    r"|(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f]).*?(?:\x07|\x1b\\|\x9c|$)"
    r"|\x1b[ -/]*[0-~]?",
    re.DOTALL,
)
_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def terminal_plain(text: object) -> str:
    """No escape sequence, control character or bidi override: the text cannot move the
    cursor, clear the screen, set a link or reorder what the reader sees."""
    return _CONTROLS.sub("", _ESCAPES.sub("", clean_text(text)))


_LINKER_SAYS = ("undefined reference", "multiple definition")


def first_error(report: str) -> str:
    """A compiler's first error in one line: its ``file:line:column: error`` line and the
    message that follows (GHC puts it on the next lines), or the report's first line. The
    grader's and the kit's builds say it alike. A link that failed is said by the linker's
    first line naming what is missing or doubled (``undefined reference to `f'``), not by
    gcc's closing ``collect2: error: ld returned 1 exit status``."""
    lines = [line.rstrip() for line in report.splitlines() if line.strip()]
    for k, line in enumerate(lines):
        if "ld returned" in line:
            said = next((x for x in lines[:k] if any(w in x for w in _LINKER_SAYS)), "")
            return (said or line).strip()[:400]
        if "error" in line.lower():
            more = " ".join(x.strip().lstrip("\u2022").strip() for x in lines[k + 1 : k + 3])
            return f"{line.strip()} {more}".strip()[:400]
    return lines[0][:400] if lines else ""
