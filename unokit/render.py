"""The Jinja2 settings and filters every text report shares, and a case as a terminal shows it.

The grader's report environments (:mod:`graders.report.templates`) start from
:func:`environment`; ``unograde check`` and a self-check kit print a case with
:func:`case_text` and the same ``case.txt.j2``, so a student reads the same words in both.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

from .text import cap_text, clean_text, terminal_plain
from .verdict import OUTCOME_LABELS


def truncate_text(text: str, limit: int = 2000) -> str:
    """Cleaned (lone surrogates) and cut, saying how much was cut."""
    return cap_text(clean_text(text), limit)


def plain_text(text: Any, limit: int = 2000) -> str:
    """Text a submission controls, for a terminal or a plain-text field: cut, with no escape
    sequence or control character left."""
    return terminal_plain(truncate_text(str(text), limit))


def outcome_label(key: str) -> str:
    """What people read for an outcome (``wrong-shape`` -> "wrong result type or shape")."""
    return OUTCOME_LABELS.get(key, key)


def environment(folders: Sequence[str]) -> Environment:
    """Templates looked up in ``folders`` (first match wins), HTML autoescaped, undefined
    names an error, with the ``truncate_text``, ``plain`` and ``outcome`` filters."""
    env = Environment(
        loader=FileSystemLoader(list(folders)),
        autoescape=select_autoescape(["html", "html.j2"]),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["truncate_text"] = truncate_text
    env.filters["plain"] = plain_text
    env.filters["outcome"] = outcome_label
    return env


def case_text(env: Environment, case: Any) -> str:
    """A case's outcome, where it first went wrong (the grader's explanation, when the case
    has one: a kit never does, it needs the reference), feedback lines, input (``given``),
    traceback and what it printed (``case.txt.j2``), each with no escape sequence or control
    character left (one field at a time: an escape cut short in one cannot swallow the next):
    fit for a terminal, or a plain-text report."""
    shown = SimpleNamespace(
        outcome=case.outcome,
        first_divergence=getattr(case, "first_divergence", None) or None,
        messages=[terminal_plain(m) for m in case.messages],
        given=[terminal_plain(line) for line in getattr(case, "given", None) or ()],
        traceback=terminal_plain(case.traceback or ""),
        stdout=terminal_plain(case.stdout or ""),
        stdout_dropped=case.stdout_dropped,
    )
    return env.get_template("case.txt.j2").render(case=shown).strip()
