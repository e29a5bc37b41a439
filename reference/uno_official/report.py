"""How a tournament is shown: a terminal table, words for a misplay, a self-contained HTML page.

The page has no external assets (inline CSS and SVG), so it can be mailed, uploaded to a course
site or opened from a zip.  Charts are drawn here as SVG rather than with a plotting library:
two bar charts with confidence whiskers need nothing more.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from rich.table import Table

from .cards import COLOR_NAMES
from .serialize import action_to_json, view_to_json
from .state import Action
from .tournament import Interval, Misplay, TournamentResult
from .view import PlayerView

HERE = Path(__file__).resolve().parent


def pct(iv: Interval) -> str:
    return f"{iv.value:.1%} [{iv.low:.1%}, {iv.high:.1%}]"


def num(iv: Interval) -> str:
    return f"{iv.value:.0f} [{iv.low:.0f}, {iv.high:.0f}]"


def action_text(action: object) -> str:
    """An action as a reader writes it: ``play W+4 (colour G, "uno")``, ``draw``."""
    if not isinstance(action, Action):
        return "no action" if action is None else f"{action!r}"[:120]
    if action.kind in ("play", "jump_in"):
        text = f"{action.kind} {action.card}"
        extras = []
        if action.card in ("W", "W+4"):
            extras.append(f"colour {COLOR_NAMES.get(action.color or '', action.color)}")
        if action.uno:
            extras.append('"uno"')
        if action.target is not None:
            extras.append(f"swap with player {action.target}")
        return text + (f" ({', '.join(extras)})" if extras else "")
    if action.kind == "declare":
        return f"declare {COLOR_NAMES.get(action.color or '', action.color)}"
    if action.kind == "catch":
        return "catch a missed uno"
    return action.kind


def view_text(view: PlayerView) -> str:
    """What the player saw, in one line: enough to see why an action was illegal."""
    legal = sorted({action_text(a).split(" (colour")[0] for a in view.legal})
    colour = COLOR_NAMES.get(view.color, "none")
    return (
        f"round {view.round_no}, turn {view.turn}, phase {view.phase}; "
        f"hand {' '.join(view.hand) or '(empty)'}; top {view.top}, colour {colour}; "
        f"legal: {', '.join(legal)}"
    )


def misplay_text(m: Misplay) -> str:
    tried = f" ({action_text(m.action)})" if m.action is not None else ""
    return f"game {m.game}, seat {m.seat}, {m.name}{tried}: {m.reason}"


def standings_table(result: TournamentResult, title: str) -> Table:
    table = Table(title=title, caption="95% CI: Wilson for win rates, normal for points")
    table.add_column("entry")
    for column in ("wins", "win rate", "95% CI", "avg points", "95% CI", "forfeits"):
        table.add_column(column, justify="right", no_wrap=True)
    for st in result.standings:
        w, p = st.win_rate, st.points
        table.add_row(
            st.name,
            f"{st.wins}/{st.games}",
            f"{w.value:.1%}",
            f"{w.low:.1%}-{w.high:.1%}",
            f"{p.value:.0f}",
            f"{p.low:.0f}-{p.high:.0f}",
            str(st.misplays) if st.misplays else "-",
        )
    return table


def result_json(result: TournamentResult, meta: dict[str, Any]) -> dict[str, Any]:
    """Everything about a tournament as JSON: standings, every game, every misplay's view."""

    def iv(x: Interval) -> dict[str, float]:
        return {"value": x.value, "low": x.low, "high": x.high}

    return {
        **meta,
        "seed": result.seed,
        "standings": [
            {
                "name": st.name,
                "games": st.games,
                "wins": st.wins,
                "win_rate": iv(st.win_rate),
                "points": iv(st.points),
                "forfeits": st.misplays,
            }
            for st in result.standings
        ],
        "games": [
            {
                "game": g.game,
                "seed": g.seed,
                "seats": list(g.seats),
                "scores": list(g.scores),
                "winner": g.winner,
                "status": g.status,
                "forfeited": list(g.forfeited),
            }
            for g in result.games
        ],
        "misplays": [
            {
                "game": m.game,
                "seat": m.seat,
                "name": m.name,
                "reason": m.reason,
                "action": action_to_json(m.action) if isinstance(m.action, Action) else None,
                "view": view_to_json(m.view),
            }
            for m in result.misplays
        ],
    }


def _bars(
    rows: Sequence[tuple[str, Interval]], maximum: float, label: Any, width: int = 640
) -> dict[str, Any]:
    """Geometry of a horizontal bar chart with 95% whiskers, for the page's inline SVG."""
    left, right, height, gap = 150, 70, 22, 10
    span = width - left - right
    scale = span / maximum if maximum > 0 else 0.0
    bars = []
    for k, (name, iv) in enumerate(rows):
        y = 10 + k * (height + gap)
        bars.append(
            {
                "name": name,
                "y": y,
                "mid": y + height / 2,
                "w": max(0.0, iv.value * scale),
                "lo": left + max(0.0, iv.low) * scale,
                "hi": left + min(maximum, iv.high) * scale,
                "text": label(iv),
            }
        )
    ticks = [
        {"x": left + maximum * f * scale, "text": label(Interval(maximum * f, 0, 0), tick=True)}
        for f in (0, 0.25, 0.5, 0.75, 1.0)
    ]
    return {
        "left": left,
        "width": width,
        "height": 10 + len(rows) * (height + gap) + 20,
        "bar_height": height,
        "bars": bars,
        "ticks": ticks,
        "axis_y": 10 + len(rows) * (height + gap),
    }


def html_page(
    result: TournamentResult,
    title: str,
    meta: dict[str, Any],
    thresholds: Sequence[tuple[str, str, bool]] = (),
) -> str:
    """The report page.  ``thresholds`` are (description, measured, met) lines, if graded."""
    win_rows = [(st.name, st.win_rate) for st in result.standings]
    point_rows = [(st.name, st.points) for st in result.standings]
    top_points = math.ceil(max([iv.high for _, iv in point_rows] + [500.0]) / 100) * 100

    def win_label(iv: Interval, tick: bool = False) -> str:
        return f"{iv.value:.0%}" if tick else f"{iv.value:.1%}"

    def point_label(iv: Interval, tick: bool = False) -> str:
        return f"{iv.value:.0f}"

    env = Environment(
        loader=FileSystemLoader(str(HERE)),
        autoescape=select_autoescape(["html", "j2"]),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    return env.get_template("tournament.html.j2").render(
        title=title,
        meta=meta,
        result=result,
        pct=pct,
        num=num,
        win_chart=_bars(win_rows, 1.0, win_label),
        points_chart=_bars(point_rows, top_points, point_label),
        misplays=[(misplay_text(m), view_text(m.view)) for m in result.misplays[:50]],
        more_misplays=max(0, len(result.misplays) - 50),
        games=result.games[:200],
        more_games=max(0, len(result.games) - 200),
        thresholds=thresholds,
    )


def write_outputs(
    out: Path,
    result: TournamentResult,
    title: str,
    meta: dict[str, Any],
    thresholds: Sequence[tuple[str, str, bool]] = (),
) -> list[Path]:
    """``OUT/tournament.html`` and ``OUT/tournament.json``."""
    out.mkdir(parents=True, exist_ok=True)
    page = out / "tournament.html"
    page.write_text(html_page(result, title, meta, thresholds), encoding="utf-8")
    data = out / "tournament.json"
    data.write_text(json.dumps(result_json(result, meta), indent=1) + "\n", encoding="utf-8")
    return [page, data]
