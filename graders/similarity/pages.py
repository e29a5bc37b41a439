"""What ``unograde similarity --out DIR`` writes: ``DIR/index.html`` (the ranked pairs, code
and behaviour side by side), ``DIR/pair-0001.html``... (each pair's code side by side with
the shared regions marked, and the cases both failed the same way), ``DIR/similarity.csv``.

Pages are the dashboards' kind (:mod:`graders.dashboard.render`): one self-contained file,
no request, for staff only (they name students and hidden cases). Everything a submission
controls (its name, its code, its messages) is data: Jinja escapes it in HTML, control
characters are removed, and CSV cells go through :func:`graders.textsafe.csv_cell`.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..report import write_atomic
from ..textsafe import clean_text, csv_cell, terminal_plain
from . import Pair, regions
from .fingerprint import Document

MAX_LINES = 4000  # of one file, on a side-by-side page
MAX_LINE_CHARS = 400


@dataclass(frozen=True)
class Line:
    number: int
    text: str
    region: int | None  # the shared region it is in, if any
    anchor: bool  # the first line of its region on this side


@dataclass(frozen=True)
class Side:
    submission: str
    files: list[tuple[str, list[Line], int]]  # (file name, lines, lines left out)


def page_name(rank: int) -> str:
    return f"pair-{rank:04d}.html"


def _side(doc: Document | None, spans: dict[int, list[tuple[int, int, int]]]) -> Side | None:
    """A submission's files as lines, each marked with the region it belongs to."""
    if doc is None:
        return None
    files = []
    for index, file in enumerate(doc.files):
        marks: dict[int, int] = {}
        for number, ranges in spans.items():
            for f, first, last in ranges:
                if f == index:
                    for line in range(first, last + 1):
                        marks.setdefault(line, number)
        lines, seen = [], set()
        for n, text in enumerate(file.lines[:MAX_LINES], 1):
            region = marks.get(n)
            anchor = region is not None and region not in seen
            if region is not None:
                seen.add(region)
            shown = terminal_plain(text.expandtabs(4))
            if len(shown) > MAX_LINE_CHARS:
                shown = shown[:MAX_LINE_CHARS] + f" … ({len(shown) - MAX_LINE_CHARS} more)"
            lines.append(Line(n, shown, region, anchor))
        files.append((clean_text(file.name), lines, max(0, len(file.lines) - MAX_LINES)))
    return Side(terminal_plain(doc.name), files)


def write_pages(
    out: Path,
    assignment: str,
    title: str,
    pairs: Sequence[Pair],
    documents: dict[str, Document],
    facts: list[tuple[str, str]],
    common: set[int] = frozenset(),
) -> list[Path]:
    """The index, a page per pair and the CSV; returns the pages, the index first."""
    from ..dashboard.render import _page

    out.mkdir(parents=True, exist_ok=True)
    written = []
    for rank, pair in enumerate(pairs, 1):
        first, second = documents.get(pair.first), documents.get(pair.second)
        found = regions(first, second, common) if first and second else ()
        left = _side(first, {r.number: list(r.first) for r in found})
        right = _side(second, {r.number: list(r.second) for r in found})
        html = _page("similarity/pair.html.j2", assignment_id=assignment, title=title, rank=rank,
                     pair=pair, left=left, right=right, regions=found,
                     first=terminal_plain(pair.first),
                     second=terminal_plain(pair.second))  # fmt: skip
        path = out / page_name(rank)
        write_atomic(path, html)
        written.append(path)
    rows = [
        (rank, terminal_plain(p.first), terminal_plain(p.second), p, page_name(rank))
        for rank, p in enumerate(pairs, 1)
    ]
    index = out / "index.html"
    write_atomic(index, _page("similarity/index.html.j2", assignment_id=assignment, title=title,
                              rows=rows, facts=facts))  # fmt: skip
    write_atomic(out / "similarity.csv", csv_text(pairs))
    (out / "similarity.csv").chmod(0o600)
    return [index, *written]


def csv_text(pairs: Sequence[Pair]) -> str:
    """One row per pair: ranks, scores, and the cases both failed the same way."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(["rank", "first", "second", "code", "code_rank", "shared_fingerprints",
                     "behaviour", "behaviour_rank", "cases_failed_alike"])  # fmt: skip
    for rank, p in enumerate(pairs, 1):
        cases = "; ".join(f"{a.case} ({a.kind}, {a.holders} gave it)"
                          for a in (p.behaviour.answers if p.behaviour else ()))  # fmt: skip
        writer.writerow([rank, csv_cell(p.first), csv_cell(p.second), f"{p.code_score:.3f}",
                         p.code_rank or "", p.code.shared if p.code else 0,
                         f"{p.behaviour_score:.2f}", p.behaviour_rank or "",
                         csv_cell(cases)])  # fmt: skip
    return buffer.getvalue()


def terminal_lines(pairs: Sequence[Pair], top: int) -> list[str]:
    """The best ``top`` pairs as terminal lines (names made safe)."""
    lines = []
    for rank, p in enumerate(pairs[:top], 1):
        code = f"code {100 * p.code_score:.0f}%" + (f" (#{p.code_rank})" if p.code_rank else "")
        behaviour = f"behaviour {p.behaviour_score:.1f}" + (
            f" (#{p.behaviour_rank})" if p.behaviour_rank else ""
        )
        cases = ""
        if p.behaviour is not None and p.behaviour.answers:
            names = [a.case for a in p.behaviour.answers[:4]]
            more = len(p.behaviour.answers) - len(names)
            cases = "; alike: " + ", ".join(names) + (f" and {more} more" if more > 0 else "")
        lines.append(
            f"{rank:3d}. {terminal_plain(p.first)} ~ {terminal_plain(p.second)}: {code}, "
            f"{behaviour}{terminal_plain(cases)}"
        )
    return lines
