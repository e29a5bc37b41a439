"""What ``unograde grade`` does for the term beyond grading: dating submissions, previewing a
regrade, and writing the standing (adjustments, lateness) into the reports it just wrote.

Kept out of ``graders/cli.py``, which only calls these.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import click

from ..textsafe import terminal_plain


def parse_submitted_at(value: str | None) -> tuple[str, str] | None:
    """``--submitted-at``: an ISO time with its offset (for every submission the LMS export
    does not date), or ``mtime``, which says in every report that it is the file's time."""
    from ..gradebook.lms_times import MTIME, OPTION_TIME
    from ..late import parse_time, utc_text

    if value is None:
        return None
    if value.strip().lower() == "mtime":
        click.echo(
            "unograde: warning: --submitted-at mtime: lateness is judged by each file's "
            "modification time, which copying or unzipping can change; reports say so",
            err=True,
        )
        return "mtime", MTIME
    return utc_text(parse_time(value, "--submitted-at")), OPTION_TIME


def submission_times(paths: Sequence[Path]) -> dict[str, str]:
    """When each submission was made, where an LMS export says so (Gradescope's metadata)."""
    from ..roster.lms_exports import MetadataError
    from ..roster.lms_exports import submission_times as times_in

    found: dict[str, str] = {}
    for path in paths:
        try:
            found.update(times_in(path))
        except (MetadataError, OSError) as exc:
            click.echo(f"unograde: warning: {terminal_plain(str(exc))}; ignored", err=True)
    return found


def show_preview(gradebook: str | None, assignment: str, results: Sequence) -> None:
    """Per student, what would change against the latest recorded grading; then the counts."""
    from .. import gradebook as gb
    from ..export.lms import points_text
    from ..gradebook.preview import change_line, compare, summary

    try:
        with gb.Gradebook(gradebook, create=False) as book:
            changes = compare(book, assignment, results)
    except gb.GradebookError as exc:
        if "no such gradebook" not in str(exc) and "no gradebook here" not in str(exc):
            raise
        changes = compare(_Empty(), assignment, results)
    for change in changes:
        click.echo(terminal_plain(change_line(change, points_text)))
    click.echo(summary(changes))


class _Empty:
    """A gradebook with nothing in it (a preview before any grading was recorded)."""

    def latest(self, assignment: str) -> list:
        return []

    def cases(self, ids) -> dict:
        return {}


def refresh_after_grading(recorder, out: Path | None, term: str | None) -> int:
    """Write the reports of the students just recorded again with their standing, where it
    says more than the graded score: a late policy, or adjustments made before this regrade
    (they survive it). Returns how many students' reports were written again."""
    if out is None or recorder is None or not recorder.recorded_students:
        return 0
    from ..gradebook import GradebookError
    from ..late import LateError, load_policies
    from ..roster.term import load_term
    from .people import refresh_reports

    assignment = recorder.assignment.id
    book = recorder.gradebook
    try:
        policies = load_policies([assignment], term)
        view = load_term(book, None, [assignment], policies)
    except (GradebookError, LateError) as exc:
        click.echo(f"unograde: warning: {terminal_plain(str(exc))}; reports without it", err=True)
        return 0
    by_name = {g.student: g for g in view.latest.get(assignment, [])}
    owners = {}
    if view.has_roster:
        for student in view.roster:
            grading = view.grading(assignment, student)
            if grading is not None:
                owners.setdefault(grading.student, student)
    done = 0
    for name in recorder.recorded_students:
        grading = by_name.get(name)
        if grading is None:
            continue
        from ..gradebook.records import Student

        student = owners.get(name) or Student(id=name, name=name)
        standing = view.standing(assignment, student, grading)
        if standing is None or (standing.lateness is None and not standing.changed):
            continue
        folder = out / name
        if not (folder / "result.json").is_file():
            continue
        try:
            refresh_reports(folder, standing)
            done += 1
        except (OSError, ValueError, TypeError, KeyError) as exc:
            click.echo(f"unograde: {terminal_plain(name)}: report not updated ({exc})", err=True)
    return done


def dashboard_extras(recorder, term: str | None) -> dict:
    """What the run's class dashboard shows beyond the run: each submission's standing (the
    adjustments and lateness), the gradebook's last similarity run, the late policy."""
    from ..dashboard.render import _standings
    from ..gradebook import GradebookError
    from ..late import LateError, load_policies
    from ..roster.term import load_term

    assignment = recorder.assignment.id
    try:
        policies = load_policies([assignment], term)
        view = load_term(recorder.gradebook, None, [assignment], policies)
        policy = policies.get(assignment)
        return {
            "standings": _standings(view, assignment, view.latest.get(assignment, [])),
            "similarity": recorder.gradebook.similarity(assignment),
            "policy": policy.describe() if policy is not None else "",
        }
    except (GradebookError, LateError, ValueError) as exc:
        click.echo(f"unograde: warning: dashboard without the term ({exc})", err=True)
        return {}
