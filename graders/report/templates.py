"""The Jinja2 environment over ``templates/``, with the filters the reports share."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

from ..paths import templates_dir
from ..results import OUTCOMES
from ..textsafe import cap_text, clean_text, md_code_block, md_inline, terminal_plain

CARD_COLOURS = {
    "r": "red",
    "g": "green",
    "b": "blue",
    "y": "yellow",
    "w": "wild",
    "-": "none",
    "R": "red",
    "G": "green",
    "B": "blue",
    "Y": "yellow",
}


def truncate_text(text: str, limit: int = 2000) -> str:
    """Cleaned (lone surrogates) and cut, saying how much was cut."""
    return cap_text(clean_text(text), limit)


def md_text(text: Any, limit: int = 2000) -> str:
    """Student-controlled text inline in Markdown: cut, then made inert (a report.md is also
    read with ``cat``: no escape sequence survives in it either)."""
    return md_inline(terminal_plain(truncate_text(str(text), limit)))


def md_block(text: Any, limit: int = 2000) -> str:
    """Student-controlled text as a code block it cannot close, with no escape sequences."""
    return md_code_block(terminal_plain(truncate_text(str(text), limit)))


def not_run_groups(cases: list) -> list[tuple[str, str, int]]:
    """Not-run cases, one line per part and reason: (part, reason, how many)."""
    groups: dict[tuple[str, str], int] = {}
    for case in cases:
        if case.outcome == "not-run":
            key = (case.part, case.messages[0] if case.messages else "not run")
            groups[key] = groups.get(key, 0) + 1
    return [(part, reason, count) for (part, reason), count in groups.items()]


def points(value: float) -> str:
    """Points as people write them: 83.06, 25, 0.81."""
    return f"{round(value, 2):g}"


def card_colour(card: Any) -> str:
    if isinstance(card, list | tuple) and card:
        return CARD_COLOURS.get(str(card[0]), "other")
    if isinstance(card, str) and card:
        return CARD_COLOURS.get(card[0], "other")
    return "other"


def card_text(card: Any) -> str:
    if isinstance(card, list | tuple):
        return "".join(str(c) for c in card)
    return str(card)


@lru_cache(maxsize=1)
def environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader(str(templates_dir())),
        autoescape=select_autoescape(["html", "html.j2"]),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["truncate_text"] = truncate_text
    env.filters["card_colour"] = card_colour
    env.filters["points"] = points
    env.filters["card_text"] = card_text
    env.filters["md"] = md_text
    env.filters["md_block"] = md_block
    env.filters["outcome"] = lambda key: OUTCOMES.get(key, key)
    env.globals["OUTCOMES"] = OUTCOMES
    env.globals["not_run_groups"] = not_run_groups
    return env


def render_template(name: str, **context: Any) -> str:
    return environment().get_template(name).render(**context)
