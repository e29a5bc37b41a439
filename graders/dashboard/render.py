"""Dashboards as self-contained HTML pages: a class (one assignment) and a term.

A page holds everything it shows: its style and script inline (and allowed by their hashes in
the page's Content-Security-Policy, which forbids every other load: a page opened offline
makes no request, and nothing a student wrote could make it make one), its plots as ``data:``
SVG images. Text a submission controls goes through Jinja's autoescape.
"""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

from markupsafe import Markup

from .. import __version__
from ..gradebook.records import Claim, Student, now
from ..paths import templates_dir
from ..report import write_atomic
from ..report.templates import render_template
from ..textsafe import clean_text, terminal_plain
from .view import (
    HARDEST_CASES,
    ClassView,
    Entry,
    TermCell,
    TermRow,
    TermView,
    class_view,
    entry_from,
    entry_of,
    href,
    similar_pairs,
    term_note,
)

INDEX = "index.html"
# Plots show how a class is spread; below this many graded students they would show one
# bar at one score (the tables say the same), so they are not drawn, and matplotlib, most of
# the cost of a dashboard, is not even imported: one submission graded with ``--out`` pays
# for its own reports only.
PLOTTED_FROM = 2


@lru_cache(maxsize=1)
def _assets() -> dict[str, str]:
    folder = templates_dir() / "dashboard"
    style = (folder / "dashboard.css").read_text(encoding="utf-8")
    script = (folder / "dashboard.js").read_text(encoding="utf-8")

    def digest(text: str) -> str:
        return "sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()

    return {
        "style": style,
        "script": script,
        "style_hash": digest(style),
        "script_hash": digest(script),
    }


def _page(template: str, **context) -> str:
    assets = _assets()
    return render_template(
        template,
        None,
        style=Markup(assets["style"]),  # noqa: S704 - the package's own file
        script=Markup(assets["script"]),  # noqa: S704 - the package's own file
        style_hash=assets["style_hash"],
        script_hash=assets["script_hash"],
        version=__version__,
        generated=now(),
        **context,
    )


def data_uri(svg: str) -> str:
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")


def render_class(view: ClassView, back: str | None = None) -> str:
    hardest = sorted(view.cases, key=lambda c: (c.rate, c.name))[:HARDEST_CASES]
    if len(view.scores) < PLOTTED_FROM:
        images = {"histogram": "", "parts": "", "cases": ""}
        return _page("dashboard/class.html.j2", view=view, plots=images, hardest=hardest, back=back)
    from . import plots

    drawn = {
        "histogram": plots.histogram(view.scores, view.max_score, "Scores"),
        "parts": plots.part_rates(
            [(p.label, p.case_rate, p.whole_rate) for p in view.parts], "Parts"
        )
        if view.parts
        else "",
        "cases": plots.case_rates(
            [(c.name, c.rate, c.hidden) for c in hardest], "Cases passed least often"
        )
        if hardest
        else "",
    }
    images = {name: data_uri(svg) if svg else "" for name, svg in drawn.items()}
    return _page("dashboard/class.html.j2", view=view, plots=images, hardest=hardest, back=back)


def render_term(view: TermView, score_columns: Sequence[tuple[str, Sequence[float]]]) -> str:
    from . import plots

    drawn = plots.term_scores(score_columns, "Scores by assignment") if score_columns else ""
    images = {"term": data_uri(drawn) if drawn else ""}
    return _page("dashboard/term.html.j2", view=view, plots=images)


def batch_dashboard(
    assignment_id: str,
    title: str,
    results: Sequence,
    out_dir: Path,
    facts: list[tuple[str, str]],
    roster: Sequence[Student] = (),
    claims: dict[tuple[str, str], list[Claim]] | None = None,
    standings: dict | None = None,
    similarity: Sequence = (),
    policy: str = "",
) -> Path:
    """``OUT/index.html`` for the results of one ``unograde grade`` run; ``standings`` and
    ``similarity`` (the gradebook's last similarity run) when a gradebook is kept."""
    entries = [entry_of(r, out_dir / r.student / "report.html") for r in results]
    view = class_view(assignment_id, title, entries, out_dir, facts, roster, claims, standings)
    view.similarity = similar_pairs(similarity, out_dir)
    view.policy = policy
    path = out_dir / INDEX
    write_atomic(path, render_class(view))
    return path


def page_name(assignment_id: str) -> str:
    """The file of an assignment's page beside the term's ``index.html``."""
    name = re.sub(r"[^A-Za-z0-9._-]", "_", assignment_id).lstrip(".") or "assignment"
    return ("_" + name if name.lower() == "index" else name) + ".html"


def term_dashboard(
    gradebook,
    out_dir: Path,
    roster: Sequence[Student] | None = None,
    only: Sequence[str] = (),
    policies: dict | None = None,
) -> list[Path]:
    """``OUT/index.html`` (every assignment, one row per student) and a class page per
    assignment, from the gradebook; returns the pages written. Scores are the ones that
    count: adjusted by hand, less the late penalty of ``policies``."""
    from ..roster.term import load_term

    term = load_term(gradebook, roster, only, policies)
    runs = {run.id: run for run in gradebook.runs()}
    claims = gradebook.claims()
    out_dir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    reports: dict[tuple[str, str], Path | None] = {}
    score_columns = []
    for assignment, title in term.assignments:
        gradings = term.latest[assignment]
        cases = gradebook.cases([g.id for g in gradings])
        entries: list[Entry] = []
        for grading in gradings:
            run = runs.get(grading.run_id) if grading.run_id is not None else None
            report = (
                Path(run.out_dir) / grading.student / "report.html"
                if run is not None and run.out_dir
                else None
            )
            reports[(assignment, grading.student)] = report
            entries.append(entry_from(grading, cases.get(grading.id, []), report))
        latest_run = max((runs[g.run_id] for g in gradings if g.run_id in runs),
                         key=lambda r: r.id, default=None)  # fmt: skip
        facts = [("assignment", f"{title} ({assignment})"), ("gradebook", gradebook.name)]
        if latest_run is not None:
            facts += _run_facts(latest_run)
        standings = _standings(term, assignment, gradings)
        view = class_view(assignment, title, entries, out_dir, facts, term.roster, claims,
                          standings)  # fmt: skip
        view.similarity = similar_pairs(gradebook.similarity(assignment), out_dir)
        policy = term.policies.get(assignment)
        view.policy = policy.describe() if policy is not None else ""
        path = out_dir / page_name(assignment)
        write_atomic(path, render_class(view, back=INDEX))
        written.append(path)
        maximum = term.max_score(assignment) or 1.0
        score_columns.append((assignment, [g.score / maximum for g in gradings]))

    rows = []
    for student in term.rows():
        cells = []
        for assignment, _ in term.assignments:
            grading = term.grading(assignment, student)
            if grading is None:
                cells.append(TermCell(None, term.max_score(assignment), None))
            else:
                link = href(reports.get((assignment, grading.student)), out_dir)
                standing = term.standing(assignment, student, grading)
                cells.append(TermCell(standing.final, grading.max_score, link,
                                      term_note(standing)))  # fmt: skip
        plain = [terminal_plain(v) for v in (student.id, student.name, student.section)]
        rows.append(TermRow(*plain, tuple(cells)))
    view = TermView(
        assignments=[(a, t, page_name(a)) for a, t in term.assignments],
        rows=rows,
        max_total=sum(term.max_score(a) for a, _ in term.assignments),
        facts=[
            ("gradebook", gradebook.name),
            ("assignments", str(len(term.assignments))),
            ("students", f"{len(rows)}" + (" (the roster)" if term.has_roster else "")),
        ],
        roster=term.has_roster,
        unmatched={
            a: [terminal_plain(g.student) for g in term.unmatched(a)] for a, _ in term.assignments
        },
        missing={a: len(term.missing(a)) for a, _ in term.assignments},
    )
    index = out_dir / INDEX
    write_atomic(index, render_term(view, score_columns))
    return [index, *written]


def _standings(term, assignment: str, gradings) -> dict:
    """Each submission's standing (by name, and by (roster id, name) for each student it
    counts for: a group's students may have adjustments of their own)."""
    from ..gradebook.records import Student

    found: dict = {}
    for grading in gradings:
        found[grading.student] = term.standing(
            assignment, Student(id=grading.student, name=grading.student), grading
        )
    for student in term.roster:
        grading = term.grading(assignment, student)
        if grading is not None:
            found[(student.id, grading.student)] = term.standing(assignment, student, grading)
    return found


def _run_facts(run) -> list[tuple[str, str]]:
    return [
        ("graded", f"{run.started_at} to {run.finished_at or '(not finished)'} (UTC)"),
        ("isolation", clean_text(run.isolation) or "(not recorded)"),
        ("grader version", run.grader_version),
        ("graded on", run.host),
    ]
