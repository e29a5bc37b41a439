"""Text a submission controls, made safe to keep, write and show."""

from __future__ import annotations


def clean_text(value: object) -> str:
    """``value`` as a str that always encodes to UTF-8: lone surrogates become U+FFFD."""
    text = value if isinstance(value, str) else str(value)
    text = text.encode("utf-8", "surrogatepass").decode("utf-8", "replace")
    return text.replace("\x00", "")


def cap_text(text: str, limit: int) -> str:
    """At most about ``limit`` characters, saying how many were cut."""
    if len(text) <= limit:
        return text
    return text[:limit] + f"… ({len(text) - limit:,} more characters not shown)"


def cap_value(value, max_chars: int = 2000, max_items: int = 200, max_depth: int = 20):
    """A bounded copy of nested data (provisional; replaced by the full version)."""
    if max_depth <= 0:
        return "…"
    if isinstance(value, str):
        return cap_text(value, max_chars)
    if isinstance(value, list | tuple):
        items = [cap_value(v, max_chars, max_items, max_depth - 1) for v in value[:max_items]]
        if len(value) > max_items:
            items.append(f"… ({len(value) - max_items} more items)")
        return type(value)(items) if isinstance(value, tuple) else items
    if isinstance(value, dict):
        return {
            k: cap_value(v, max_chars, max_items, max_depth - 1)
            for k, v in list(value.items())[:max_items]
        }
    return value


def csv_cell(text: str) -> str:
    """Provisional: a text cell a spreadsheet will not run as a formula."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def terminal_text(text: str) -> str:
    """Provisional: no escape sequences or control characters, rich markup escaped."""
    import re

    from rich.markup import escape

    text = re.sub(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)?|\x1b.", "", text)
    text = "".join(c for c in text if c in "\n\t" or not (ord(c) < 32 or 127 <= ord(c) < 160))
    return escape(text)
