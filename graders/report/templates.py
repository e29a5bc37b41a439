"""The Jinja2 environment over ``templates/``, with the filters the reports share."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

from ..paths import templates_dir
from ..results import OUTCOMES

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
    if len(text) <= limit:
        return text
    return text[:limit] + f"\n… ({len(text) - limit} more characters not shown)"


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
    env.globals["OUTCOMES"] = OUTCOMES
    return env


def render_template(name: str, **context: Any) -> str:
    return environment().get_template(name).render(**context)
