"""The dashboard's plots, drawn by matplotlib (Agg, no display, no network) as SVG.

Each function returns an SVG document; the page embeds it as a ``data:`` image (so the page
needs no other file, and the ids of one SVG cannot clash with another's). Text is drawn as
paths, so the figure looks the same without the font. Every mark has a legend entry, and
every colour a mark or a label uses is in ``PALETTE``, each with a contrast ratio of at least
4.5:1 on the white background (WCAG AA asks 3:1 of graphics and 4.5:1 of text; the tests
check every colour an SVG uses).
"""

from __future__ import annotations

import io
import statistics
from collections.abc import Sequence

import matplotlib

matplotlib.use("Agg")

from matplotlib.figure import Figure  # noqa: E402
from matplotlib.ticker import MaxNLocator, PercentFormatter  # noqa: E402

BACKGROUND = "#ffffff"
PALETTE = {
    "blue": "#1d4f91",  # 8.4:1 on white
    "orange": "#a8460a",  # 5.9:1
    "purple": "#6a3d9a",  # 8.1:1
    "ink": "#222222",  # 15.9:1: text, axes, median lines
    "grey": "#595959",  # 7.0:1: secondary marks
}
# Not information: the light grid behind the marks, and the white ground.
NEUTRAL = {"grid": "#d9d9d9", "background": BACKGROUND}

_RC = {
    "svg.fonttype": "path",
    "svg.hashsalt": "unograde",  # the same data, the same file
    "font.size": 10,
    "axes.edgecolor": PALETTE["ink"],
    "axes.labelcolor": PALETTE["ink"],
    "text.color": PALETTE["ink"],
    "xtick.color": PALETTE["ink"],
    "ytick.color": PALETTE["ink"],
    "grid.color": NEUTRAL["grid"],
    "legend.edgecolor": PALETTE["grey"],
    "legend.framealpha": 1.0,
    "figure.facecolor": BACKGROUND,
    "axes.facecolor": BACKGROUND,
    "savefig.facecolor": BACKGROUND,
    "savefig.edgecolor": BACKGROUND,
    "patch.edgecolor": PALETTE["ink"],
    "hatch.color": PALETTE["ink"],
    "boxplot.flierprops.markeredgecolor": PALETTE["ink"],
}


def _svg(fig: Figure) -> str:
    with matplotlib.rc_context(_RC):
        buffer = io.StringIO()
        fig.savefig(buffer, format="svg", bbox_inches="tight", metadata={"Date": None})
    return buffer.getvalue()


def _figure(width: float, height: float) -> Figure:
    with matplotlib.rc_context(_RC):
        return Figure(figsize=(width, height), dpi=100, layout="constrained")


def _axes(fig: Figure):
    with matplotlib.rc_context(_RC):
        ax = fig.subplots()
    ax.set_axisbelow(True)
    ax.spines[["top", "right"]].set_visible(False)
    return ax


def histogram(scores: Sequence[float], max_score: float, title: str) -> str:
    """How many students scored in each tenth of the range, with the mean and the median."""
    with matplotlib.rc_context(_RC):
        fig = _figure(8.0, 3.4)
        ax = _axes(fig)
        top = max_score if max_score > 0 else max(scores, default=1.0) or 1.0
        edges = [top * k / 10 for k in range(11)]
        ax.hist(
            list(scores),
            bins=edges,
            color=PALETTE["blue"],
            edgecolor=BACKGROUND,
            linewidth=1,
            label=f"students ({len(scores)})",
        )
        if scores:
            mean, median = statistics.fmean(scores), statistics.median(scores)
            ax.axvline(mean, color=PALETTE["orange"], linestyle="--", linewidth=2,
                       label=f"mean {mean:.1f}")  # fmt: skip
            ax.axvline(median, color=PALETTE["ink"], linestyle=":", linewidth=2,
                       label=f"median {median:.1f}")  # fmt: skip
        ax.set_xlim(0, top)
        ax.set_xlabel(f"score (out of {top:g})")
        ax.set_ylabel("students")
        ax.yaxis.set_major_locator(MaxNLocator(integer=True))
        ax.grid(axis="y")
        ax.set_title(title, loc="left")
        ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0))
        return _svg(fig)


def part_rates(parts: Sequence[tuple[str, float, float]], title: str) -> str:
    """Per part: (label, share of its cases passed, share of students with all of them)."""
    with matplotlib.rc_context(_RC):
        fig = _figure(8.0, 1.3 + 0.6 * max(1, len(parts)))
        ax = _axes(fig)
        labels = [p[0] for p in parts][::-1]
        cases = [p[1] for p in parts][::-1]
        whole = [p[2] for p in parts][::-1]
        rows = range(len(parts))
        height = 0.38
        ax.barh([r + height / 2 for r in rows], cases, height=height, color=PALETTE["blue"],
                label="cases passed")  # fmt: skip
        ax.barh([r - height / 2 for r in rows], whole, height=height, color=PALETTE["orange"],
                hatch="//", label="students who passed every case")  # fmt: skip
        ax.set_yticks(list(rows), labels)
        ax.set_xlim(0, 1)
        ax.xaxis.set_major_formatter(PercentFormatter(1.0))
        ax.grid(axis="x")
        ax.set_title(title, loc="left")
        ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.12), ncol=2)
        return _svg(fig)


def case_rates(cases: Sequence[tuple[str, float, bool]], title: str) -> str:
    """The cases passed least often: (name, share of students who passed it, hidden)."""
    with matplotlib.rc_context(_RC):
        fig = _figure(8.0, 1.4 + 0.28 * max(1, len(cases)))
        ax = _axes(fig)
        shown = list(cases)[::-1]
        rows = list(range(len(shown)))
        colours = [PALETTE["purple"] if hidden else PALETTE["blue"] for _, _, hidden in shown]
        bars = ax.barh(rows, [rate for _, rate, _ in shown], color=colours, height=0.7)
        for bar, (_, _, hidden) in zip(bars, shown, strict=True):
            if hidden:
                bar.set_hatch("..")  # told apart without colour too
        ax.bar_label(bars, labels=[f"{rate:.0%}" for _, rate, _ in shown], padding=3, fontsize=8)
        ax.set_yticks(rows, [name for name, _, _ in shown], fontsize=8)
        ax.set_xlim(0, 1)
        ax.xaxis.set_major_formatter(PercentFormatter(1.0))
        ax.grid(axis="x")
        from matplotlib.patches import Patch

        ax.legend(
            handles=[
                Patch(facecolor=PALETTE["blue"], label="public case"),
                Patch(facecolor=PALETTE["purple"], hatch="..", label="hidden case"),
            ],
            loc="upper center",
            bbox_to_anchor=(0.5, -0.08 - 0.6 / max(1, len(cases))),
            ncol=2,
        )
        ax.set_title(title, loc="left")
        return _svg(fig)


def term_scores(columns: Sequence[tuple[str, Sequence[float]]], title: str) -> str:
    """Per assignment, the spread of the class's scores as a share of the maximum."""
    with matplotlib.rc_context(_RC):
        fig = _figure(8.0, 1.6 + 0.6 * max(1, len(columns)))
        ax = _axes(fig)
        labels = [label for label, _ in columns][::-1]
        data = [list(values) or [float("nan")] for _, values in columns][::-1]
        ax.boxplot(
            data,
            orientation="horizontal",
            tick_labels=labels,
            patch_artist=True,
            boxprops={"facecolor": BACKGROUND, "edgecolor": PALETTE["blue"], "linewidth": 1.5},
            whiskerprops={"color": PALETTE["blue"], "linewidth": 1.5},
            capprops={"color": PALETTE["blue"], "linewidth": 1.5},
            medianprops={"color": PALETTE["ink"], "linewidth": 2.5},
            flierprops={"markeredgecolor": PALETTE["grey"], "marker": "o"},
            showmeans=True,
            meanprops={
                "marker": "D",
                "markerfacecolor": PALETTE["orange"],
                "markeredgecolor": PALETTE["orange"],
            },  # fmt: skip
        )
        ax.set_xlim(-0.02, 1.02)
        ax.xaxis.set_major_formatter(PercentFormatter(1.0))
        ax.grid(axis="x")
        from matplotlib.lines import Line2D
        from matplotlib.patches import Patch

        ax.legend(
            handles=[
                Patch(
                    facecolor=BACKGROUND,
                    edgecolor=PALETTE["blue"],
                    label="middle half of the class",
                ),  # fmt: skip
                Line2D([], [], color=PALETTE["ink"], linewidth=2.5, label="median"),
                Line2D([], [], color=PALETTE["orange"], marker="D", linestyle="", label="mean"),
            ],
            loc="upper left",
            bbox_to_anchor=(1.01, 1.0),
        )
        ax.set_title(title, loc="left")
        return _svg(fig)
