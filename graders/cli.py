"""The ``unograde`` command.

One small function per verb; each turns the user's words into a call on the
library and every expected failure (unknown assignment, missing file, bad input)
into a one-line message on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import click

from .assignment import (
    HIDDEN_VISIBILITIES,
    AssignmentError,
    list_assignments,
    load_assignment,
    split_target,
)
from .courses import CourseError, add_course
from .gradebook.options import gradebook_option
from .textsafe import terminal_plain
from .usage import USAGE_ERROR, fail


def resolve_part(target: str, need_part: bool = True):
    assignment_id, part = split_target(target)
    try:
        assignment = load_assignment(assignment_id)
        if part is not None:
            assignment.part(part)
    except AssignmentError as exc:
        fail(str(exc))
    if need_part and part is None and len(assignment.parts) == 1:
        part = assignment.parts[0].id
    if need_part and part is None:
        parts = ", ".join(f"{assignment.id}/{p.id}" for p in assignment.parts)
        fail(f"name a part: {parts}")
    return assignment, part


def _extras(assignment_id: str) -> dict[str, click.Command]:
    """An assignment's extra commands by verb; a broken assignment simply has none."""
    from .contract import Commands

    try:
        plugin = load_assignment(assignment_id).plugin
    except (AssignmentError, CourseError):
        return {}
    if not isinstance(plugin, Commands):
        return {}
    return {command.name: command for command in plugin.commands() if command.name}


class Unograde(click.Group):
    """The core's verbs, plus every verb an assignment offers (``Commands``), dispatched as
    ``unograde VERB ASSIGNMENT [ARGS...]`` to that assignment's own click command."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        core = sorted({*super().list_commands(ctx), *LAZY_VERBS})
        extra = {verb for a in _safe_ids() for verb in _extras(a)}
        return core + sorted(extra - set(core))

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        command = super().get_command(ctx, name)
        if command is not None:
            return command
        if name in LAZY_VERBS:  # imported when used: ``grade`` does not pay for ``similarity``
            import importlib

            module, attribute = LAZY_VERBS[name]
            command = getattr(importlib.import_module(module, __package__), attribute)
            self.add_command(command, name)
            return command
        offered = [a for a in _safe_ids() if name in _extras(a)]
        return _dispatcher(name, offered) if offered else None


def _safe_ids() -> list[str]:
    try:
        return list_assignments()
    except CourseError:
        return []


def _dispatcher(verb: str, offered: list[str]) -> click.Command:
    """``unograde VERB ASSIGNMENT ...``: the rest of the line goes to the assignment's command."""
    offers = ", ".join(offered)

    @click.command(
        verb,
        context_settings={"ignore_unknown_options": True, "allow_extra_args": True},
        add_help_option=False,
        options_metavar="",
        help=f"An assignment's own command (offered by: {offers}); "
        f"`unograde {verb} ASSIGNMENT --help` for its options.",
        short_help=f"{verb.capitalize()} (offered by {offers}).",
    )
    @click.argument("args", nargs=-1, type=click.UNPROCESSED, metavar="ASSIGNMENT [ARGS]...")
    @click.pass_context
    def dispatch(ctx: click.Context, args: tuple[str, ...]) -> None:
        if not args or args[0] in ("-h", "--help"):
            click.echo(ctx.get_help())
            ctx.exit(0 if args else USAGE_ERROR)
        assignment_id, rest = args[0], list(args[1:])
        try:
            load_assignment(assignment_id)
        except AssignmentError as exc:
            fail(str(exc))
        command = _extras(assignment_id).get(verb)
        if command is None:
            fail(f"{assignment_id} has no `{verb}` (assignments with one: {offers})")
        _run_extra(ctx, command, f"{ctx.info_name} {assignment_id}", rest)

    return dispatch


def _run_extra(ctx: click.Context, command: click.Command, name: str, args: list[str]) -> None:
    """Run an assignment's command; its ValueError is a one-line message and exit status 2."""
    try:
        with command.make_context(name, args, parent=ctx.parent) as sub:
            code = command.invoke(sub)
    except ValueError as exc:
        fail(str(exc))
    sys.exit(code or 0)


def _add_courses(ctx: click.Context, param: click.Parameter, folders: tuple[Path, ...]) -> None:
    for folder in folders:
        try:
            add_course(folder)
        except CourseError as exc:
            fail(str(exc))


@click.group(cls=Unograde, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="unograde")
@click.option(
    "--course",
    multiple=True,
    type=click.Path(path_type=Path),
    expose_value=False,
    is_eager=True,
    callback=_add_courses,
    help="A course folder whose assignments join the built-in ones (repeatable; also "
    "UNOGRADE_COURSE).",
)
def main() -> None:
    """unograde: reference solutions, fixtures and sandboxed grading for card-game assignments."""


@main.command("list")
def list_command() -> None:
    """List assignments, their parts, function names and points."""
    from rich.console import Console
    from rich.table import Table

    from .textsafe import terminal_text

    table = Table(title="unograde assignments")
    for column in ("assignment", "part", "function", "points", "course"):
        table.add_column(column)
    try:
        ids = list_assignments()
    except CourseError as exc:
        fail(str(exc))
    for assignment_id in ids:
        try:
            a = load_assignment(assignment_id)
        except (AssignmentError, CourseError) as exc:
            table.add_row(assignment_id, "-", terminal_text(f"(broken: {exc})"), "-", "-")
            continue
        for p in a.parts:
            table.add_row(a.id, p.id, p.function, f"{p.points:g}", terminal_text(a.course.name))
    Console().print(table)


def compact_json(value: object, indent: int = 0) -> str:
    """JSON indented by structure, with every list of plain values on one line: a card is
    ``["y", "2"]``, a pile one line of cards, not one character per line."""

    def plain(item: object) -> bool:
        return not isinstance(item, dict | list) or (
            isinstance(item, list) and all(not isinstance(x, dict | list) for x in item)
        )

    pad, inner = " " * indent, " " * (indent + 1)
    if isinstance(value, list) and all(plain(item) for item in value):
        return json.dumps(value)
    if isinstance(value, list):
        items = [inner + compact_json(item, indent + 1) for item in value]
        return "[\n" + ",\n".join(items) + "\n" + pad + "]" if items else "[]"
    if isinstance(value, dict):
        items = [
            f"{inner}{json.dumps(str(key))}: {compact_json(item, indent + 1)}"
            for key, item in value.items()
        ]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}" if items else "{}"
    return json.dumps(value)


@main.command()
@click.argument("target")
@click.argument("file", type=click.Path(path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print a JSON form instead of the text.")
def solve(target: str, file: Path, as_json: bool) -> None:
    """Solve FILE with the reference, e.g. ``unograde solve cards/part03 game.json``."""
    from .contract import Solving

    assignment, part = resolve_part(target)
    plugin = assignment.plugin
    if not isinstance(plugin, Solving):
        fail(f"{assignment.id} has no reference solver for `solve`")
    if not file.is_file():
        fail(f"{file}: no such file")
    try:
        if as_json:
            click.echo(compact_json(plugin.solve_json(part, file)))
        else:
            click.echo(plugin.solve(part, file), nl=False)
    except ValueError as exc:
        fail(str(exc))


@main.group()
def fixtures() -> None:
    """Generate fixtures with the reference."""


_GENERATE_VALUE_OPTIONS = ("--count", "--seed", "--out", "--jobs")


@fixtures.command(
    "generate",
    context_settings={"ignore_unknown_options": True, "allow_extra_args": True},
    add_help_option=False,
    options_metavar="",
)
@click.argument("args", nargs=-1, type=click.UNPROCESSED, metavar="TARGET [OPTIONS]")
@click.pass_context
def fixtures_generate(ctx: click.Context, args: tuple[str, ...]) -> None:
    """TARGET --out DIR [--count N] [--seed S] [--jobs J] [the assignment's own options]:
    write COUNT reproducible fixtures (inputs and solutions) for TARGET into DIR, the same
    files whatever J.

    `unograde fixtures generate TARGET --help` lists the assignment's own options.
    """
    target = _first_positional(args, _GENERATE_VALUE_OPTIONS)
    if target is None:
        click.echo(ctx.get_help())
        ctx.exit(0 if {"-h", "--help"} & set(args) else USAGE_ERROR)
    from .contract import FixtureGeneration

    assignment, _ = resolve_part(target, need_part=False)
    plugin = assignment.plugin
    if not isinstance(plugin, FixtureGeneration):
        fail(f"{assignment.id} has no fixture generator")
    _run_extra(ctx, _generate_command(assignment, plugin), ctx.info_name or "generate", list(args))


def _first_positional(args: tuple[str, ...], value_options: tuple[str, ...]) -> str | None:
    """The first argument that is not an option or an option's value."""
    skip = False
    for arg in args:
        if skip:
            skip = False
        elif arg in value_options:
            skip = True
        elif not arg.startswith("-"):
            return arg
    return None


def _generate_command(assignment, plugin) -> click.Command:
    """``fixtures generate`` with the core's options and the assignment's own."""
    from .contract import FixtureRequest

    def callback(target: str, count: int, seed: int, out: Path, jobs: int, **options) -> None:
        _, part = resolve_part(target)
        try:
            request = FixtureRequest(part, count, seed, out, options, jobs)
            written = plugin.generate_fixtures(request)
        except (OSError, ValueError) as exc:
            fail(str(exc))
        click.echo(f"wrote {len(written)} files to {out}")

    return click.Command(
        "generate",
        callback=callback,
        help=f"Write COUNT reproducible fixtures for {assignment.id} into OUT.",
        params=[
            click.Argument(["target"]),
            click.Option(
                ["--count"], default=25, show_default=True, type=click.IntRange(1, 100000)
            ),
            click.Option(["--seed"], default=0, show_default=True, type=int),
            click.Option(["--out", "out"], required=True, type=click.Path(path_type=Path)),
            click.Option(
                ["--jobs"],
                default=2,
                show_default=True,
                type=click.IntRange(1, 256),
                help="Processes to use (the files are the same whatever the number).",
            ),
            *plugin.fixture_options(),
        ],
    )


def _parse_formats(text: str) -> list[str]:
    from .report import FORMATS

    formats = [f.strip() for f in text.split(",") if f.strip()]
    unknown = [f for f in formats if f not in FORMATS]
    if unknown:
        fail(f"unknown format {unknown[0]!r} (formats: {', '.join(FORMATS)})")
    return formats


@main.command()
@click.argument("assignment_id", metavar="ASSIGNMENT")
@click.argument("submissions", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--out", type=click.Path(path_type=Path), help="Write reports under OUT/<student>/.")
@click.option("--jobs", default=2, show_default=True, type=click.IntRange(1, 256))
@click.option("--timeout", type=click.FloatRange(0.1, 3600), help="Seconds per case (wall).")
@click.option("--memory", type=click.IntRange(32, 65536), help="Memory cap in MB.")
@click.option("--format", "formats", default="json,md,html,gradescope", show_default=True)
@click.option(
    "--isolation",
    type=click.Choice(["auto", "bwrap", "rlimits"]),
    default="auto",
    show_default=True,
)
@click.option("--public-only", is_flag=True, help="Grade on the public fixtures only.")
@click.option(
    "--submission-timeout",
    type=click.FloatRange(1, 86400),
    help="Wall-clock seconds for all of one submission's cases (default: assignment.toml).",
)
@click.option(
    "--dask",
    "dask_address",
    metavar="ADDRESS",
    help="Grade on a Dask cluster (a scheduler address, or 'local').",
)
@click.option(
    "--staff",
    is_flag=True,
    help="Reports for the course staff: hidden cases shown and explained in full "
    "(never give these to students; results.json for Gradescope stays the students').",
)
@click.option(
    "--hidden-visibility",
    type=click.Choice(HIDDEN_VISIBILITIES),
    help="Gradescope visibility of hidden cases (default: assignment.toml's "
    "hidden_visibility, else after_published).",
)
@gradebook_option
@click.option("--no-gradebook", is_flag=True, help="Record nothing in a gradebook (reports only).")
@click.option(
    "--submitted-at",
    metavar="TIME|mtime",
    help="When the submissions were made, for those their LMS export does not date "
    "(ISO 8601 with its offset), or 'mtime': each file's modification time (reports say so).",
)
@click.option(
    "--preview",
    is_flag=True,
    help="Grade and print what would change against the gradebook's latest grading of "
    "each student; record nothing, write no report.",
)
@click.option("--term", "term", metavar="FILE", help="The term file with the late policies.")
def grade(
    assignment_id,
    submissions,
    out,
    jobs,
    timeout,
    memory,
    formats,
    isolation,
    public_only,
    submission_timeout,
    dask_address,
    staff,
    hidden_visibility,
    gradebook,
    no_gradebook,
    submitted_at,
    preview,
    term,
) -> None:
    """Grade one or many SUBMISSIONS (files, folders, notebooks, zips) in parallel.

    Each submission is bounded by its time budget (--submission-timeout), so a batch takes
    at most about (submissions / jobs) x that budget whatever the submissions do.  Ctrl-C
    or SIGTERM stops within seconds, keeps every report already written, and a re-run
    grades only what is missing.  Every graded submission is recorded in the gradebook
    (--gradebook); with --out, OUT/index.html is the class's dashboard.
    """
    import time
    from dataclasses import replace

    from .grade.batch import grade_batch
    from .run.sandbox import choose_isolation

    try:
        assignment = load_assignment(assignment_id)
        cases = assignment.cases(visibility="public" if public_only else None)
        mode = choose_isolation(isolation)
    except (AssignmentError, RuntimeError, ValueError) as exc:
        fail(str(exc))
    chosen_formats = _parse_formats(formats)
    if hidden_visibility is not None:
        assignment = replace(assignment, hidden_visibility=hidden_visibility)
    limits = assignment.limits
    if timeout is not None:
        limits = replace(limits, timeout=timeout, cpu=min(limits.cpu, timeout))
    if memory is not None:
        limits = replace(limits, memory_mb=memory)
    if submission_timeout is not None:
        limits = replace(limits, submission_timeout=submission_timeout)
    for path in submissions:
        if not path.exists():
            fail(f"{path}: no such file or folder")
    if out is not None and out.exists() and not out.is_dir():
        fail(f"{out}: exists and is not a folder")
    from .adjust import after_grade

    dated = after_grade.parse_submitted_at(submitted_at)
    if preview:  # nothing recorded, nothing written: only the comparison
        out, no_gradebook, preview_book = None, True, gradebook
    book = recorder = None
    if not no_gradebook:
        from .gradebook import BatchRecorder, GradebookError
        from .gradebook.options import open_gradebook

        book = open_gradebook(gradebook, create=True)
        try:
            claims = _submitters(submissions)
            times = after_grade.submission_times(submissions)
            recorder = BatchRecorder(book, assignment, out, claims, times, dated)
        except GradebookError as exc:
            book.close()
            fail(terminal_plain(str(exc)))
    from .grade.progress import BatchProgress, interrupt_handlers

    started = time.time()
    with interrupt_handlers() as stop, BatchProgress(assignment.id) as progress:
        items = grade_batch(
            assignment,
            list(submissions),
            cases,
            out,
            jobs,
            limits,
            chosen_formats,
            mode,
            on_start=progress.start,
            on_done=progress.done,
            on_progress=progress.inflight,
            dask=dask_address,
            stop=stop,
            compact=True,
            staff=staff,
            record=recorder,
        )
    _name_conflicts(items)
    if preview:
        results = [item.result for item in items if item.result is not None]
        after_grade.show_preview(preview_book, assignment.id, results)
        sys.exit(128 + stop.signal if stop.signal else 0)
    try:
        if recorder is not None:
            recorder.finish()
            _gradebook_summary(recorder)
            after_grade.refresh_after_grading(recorder, out, term)
        if out is not None and not stop.signal:
            _write_dashboard(assignment, items, out, recorder, started, limits, jobs, term)
    finally:
        if book is not None:
            book.close()
    _grade_summary(assignment, items, mode, out, stop.signal, limits.submission_timeout)


def _submitters(paths) -> dict:
    """Who made each submission, where an LMS export says so (Gradescope's metadata)."""
    from .roster.lms_exports import MetadataError, submitters_in

    found: dict = {}
    for path in paths:
        try:
            found.update(submitters_in(path))
        except (MetadataError, OSError) as exc:
            click.echo(f"unograde: warning: {terminal_plain(str(exc))}; ignored", err=True)
    return found


def _gradebook_summary(recorder) -> None:
    """What was recorded, and who in the roster has no submission (stderr)."""
    book = recorder.gradebook
    click.echo(
        f"gradebook: {recorder.recorded} grading(s) recorded in {terminal_plain(book.name)}",
        err=True,
    )
    if recorder.failed:
        click.echo(
            f"unograde: {len(recorder.failed)} grading(s) could not be recorded "
            f"({terminal_plain(recorder.error or '')}); their reports are written, and running "
            "the same command again records them",
            err=True,
        )
        return
    from .gradebook import GradebookError
    from .roster.term import load_term

    try:
        term = load_term(book, None, [recorder.assignment.id])
    except (GradebookError, ValueError):
        return  # nothing recorded for it (the whole class was interrupted): nothing to match
    if not term.has_roster:
        return
    match = term.matches[recorder.assignment.id]
    line = (
        f"roster: {len(match.counted)} of {len(term.roster)} students have a submission; "
        f"{len(match.unmatched)} submission(s) match no student"
    )
    if match.unmatched:
        line += ": " + _few([g.student for g in match.unmatched])
    click.echo(line + " (unograde roster show lists them all)", err=True)
    from .roster import conflict_lines

    for conflict in conflict_lines(term, recorder.assignment.id):
        click.echo(f"roster: {conflict}", err=True)


def _name_conflicts(items) -> None:
    """Each name two or more submissions of this run claimed (``alice.py`` and a folder
    ``alice``), with what each was graded as: neither got the name, and neither is the
    student's by the order it was found (stderr)."""
    claims: dict[str, list] = {}
    for item in items:
        if item.submission.claimed:
            claims.setdefault(item.submission.claimed.casefold(), []).append(item.submission)
    for subs in claims.values():
        each = ", ".join(
            f"{terminal_plain(s.origin)} (graded as {terminal_plain(s.name)})" for s in subs
        )
        click.echo(
            f"name conflict: {len(subs)} submissions claim the name "
            f"{terminal_plain(repr(subs[0].claimed))}: {each}; neither is given it",
            err=True,
        )


def _few(names: list[str], limit: int = 10) -> str:
    shown = ", ".join(terminal_plain(n) for n in names[:limit])
    return shown + (f" and {len(names) - limit} more" if len(names) > limit else "")


def _write_dashboard(assignment, items, out: Path, recorder, started: float, limits, jobs,
                     term=None):  # fmt: skip
    """OUT/index.html; a failure here loses nothing (reports and gradebook are written)."""
    import time

    from . import __version__
    from .gradebook.records import now

    results = [item.result for item in items if item.result is not None]
    if not results:
        return
    skipped = sum(item.skipped for item in items)
    facts = [
        ("assignment", f"{assignment.title} ({assignment.id})"),
        ("graded", f"{time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime(started))} to {now()} "
                   "(UTC)"),
        ("isolation", results[0].isolation or "(none recorded)"),
        ("grader version", __version__),
        ("submissions", f"{len(results)} ({skipped} unchanged since the last run, not graded "
                        f"again); {sum(1 for r in results if r.problem)} could not run"),
        ("limits", f"{limits.timeout:g} s per case, {limits.memory_mb} MB, "
                   f"{limits.submission_timeout:g} s per submission; --jobs {jobs}"),
    ]  # fmt: skip
    roster, claims, extras = (), None, {}
    if recorder is not None:
        from .adjust.after_grade import dashboard_extras

        extras = dashboard_extras(recorder, term)
        facts.append(("gradebook", f"{recorder.gradebook.name} (run {recorder.run_id})"))
        try:
            roster = recorder.gradebook.roster()
            claims = recorder.gradebook.claims(assignment.id)
        except Exception:  # noqa: BLE001 - the dashboard goes on without the roster
            roster = ()
    else:
        facts.append(("gradebook", "not recorded (--no-gradebook)"))
    try:
        from .dashboard.render import batch_dashboard

        batch_dashboard(assignment.id, assignment.title, results, out, facts, roster, claims,
                        **extras)  # fmt: skip
    except Exception as exc:  # noqa: BLE001 - reports and gradebook are already written
        click.echo(
            f"unograde: the class dashboard {out / 'index.html'} could not be written: "
            f"{terminal_plain(repr(exc))}",
            err=True,
        )


def _grade_summary(
    assignment, items, mode: str, out: Path | None, interrupted: int, budget: float
) -> None:
    """What ``grade`` prints when the batch ends, and its exit status."""
    from rich.console import Console

    from .grade.failures import LOG_NAME, is_grader_failure
    from .report.terminal import batch_table, submission_summary
    from .textsafe import terminal_text

    results = [item.result for item in items if item.result is not None]
    stdout = Console()
    if len(items) == 1 and results:
        report = out / results[0].student / "report.md" if out is not None else None
        shown = report if report is not None and report.is_file() else None
        submission_summary(results[0], stdout, report=shown)
    elif results:
        part_ids = [p.id for p in assignment.parts]
        stdout.print(batch_table(results, part_ids, f"{assignment.title}: {len(results)} graded"))
    skipped = sum(item.skipped for item in items)
    stdout.print(
        f"isolation: {results[0].isolation if results else mode}", highlight=False, markup=False
    )
    if skipped:
        stdout.print(f"{skipped} unchanged submission(s) skipped (results kept from last run)")
    over = sorted(r.student for r in results if r.budget_hit)
    if over:
        stdout.print(
            f"{len(over)} submission(s) used up their time budget of "
            f"{budget:g} s (cases not run): " + ", ".join(terminal_text(name) for name in over),
            highlight=False,
        )
    broke = sorted(r.student for r in results if is_grader_failure(r))
    if broke:
        where = f": see {out / LOG_NAME}" if out is not None else " (tracebacks above)"
        stdout.print(
            f"the grader failed on {len(broke)} submission(s){where}: "
            + ", ".join(terminal_text(name) for name in broke),
            highlight=False,
            markup=False,
        )
    if out is not None:
        stdout.print(
            f"reports: {out}/<student>/ (report.html, report.md, result.json, "
            f"results.json); scores: {out / 'scores.csv'}; dashboard: {out / 'index.html'}",
            highlight=False,
            markup=False,
        )
    if interrupted:
        missing = sum(item.result is None for item in items)
        click.echo(
            f"unograde: interrupted; {len(results)} graded and kept, {missing} not graded "
            "(run the same command again to finish)",
            err=True,
        )
        sys.exit(128 + interrupted)
    if len(items) == 1 and results and results[0].problem:
        sys.exit(USAGE_ERROR)  # a lone submission that could not run at all: bad input


@main.command()
@click.argument("assignment_id", metavar="ASSIGNMENT")
@click.argument("submission", type=click.Path(path_type=Path))
@click.option("--isolation", type=click.Choice(["auto", "bwrap", "rlimits"]), default="auto")
@click.option("-q", "--quiet", is_flag=True, help="Only the summary line.")
def check(assignment_id, submission, isolation, quiet) -> None:
    """A student's self-check on the public fixtures (pytest underneath).

    Exit status 0 when every public fixture passes, 1 when some fail, 2 on bad input.
    """
    import tempfile

    import pytest

    try:
        load_assignment(assignment_id)
    except AssignmentError as exc:
        fail(str(exc))
    if not submission.exists():
        fail(f"{submission}: no such file or folder")
    with tempfile.TemporaryDirectory(prefix="unograde-check-") as empty:
        args = [
            empty,
            "--unograde-assignment",
            assignment_id,
            "--unograde-submission",
            str(submission.resolve()),
            "--unograde-isolation",
            isolation,
            "--rootdir",
            empty,
            "-p",
            "no:cacheprovider",
            "-q" if quiet else "-v",
            "--tb=short",
            "-o",
            "console_output_style=classic",
            # Only our plugin: the installed ones (hypothesis alone is 0.4 s to import) have
            # nothing to do here, and no assertion is rewritten (the plugin's items fail with
            # their own messages), so the grader's modules are not parsed again.
            "-p",
            "graders.check.plugin",
            "--assert=plain",
        ]
        here = os.getcwd()
        autoload = os.environ.get("PYTEST_DISABLE_PLUGIN_AUTOLOAD")
        os.environ["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
        os.chdir(empty)  # test ids then read "part01::seed-part01test01", not a temp path
        try:
            code = pytest.main(args)
        finally:
            os.chdir(here)
            if autoload is None:
                os.environ.pop("PYTEST_DISABLE_PLUGIN_AUTOLOAD", None)
            else:
                os.environ["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = autoload
    sys.exit(0 if code == 0 else 1 if code == 1 else USAGE_ERROR)


@main.command()
@click.argument("assignment_id", metavar="ID")
@click.option(
    "--course",
    "course",
    required=True,
    type=click.Path(file_okay=False, path_type=Path),
    help="The course folder to write into (made if missing).",
)
@click.option("--title", help="The assignment's title (default: from its id).")
def new(assignment_id: str, course: Path, title: str | None) -> None:
    """Scaffold a complete, working small assignment ID in a course folder: its page,
    assignment.toml, a reference and plugin, generated fixtures, a starter and a solution."""
    from .new import scaffold

    try:
        written = scaffold(assignment_id, course, title)
    except (AssignmentError, CourseError, OSError) as exc:
        fail(str(exc))
    click.echo(f"wrote {len(written)} files under {course}")
    click.echo(
        f"try: unograde --course {course} grade {assignment_id} "
        f"{course}/assignments/{assignment_id}/solution"
    )


# Verbs that live in subpackages of their own: (module, attribute), imported only when the
# verb is run (or listed by ``--help``).
LAZY_VERBS = {
    "roster": (".roster", "roster"),
    "adjust": (".adjust", "adjust"),
    "history": (".adjust", "history"),
    "similarity": (".similarity.cli", "similarity"),
    "export": (".export", "export"),
    "dashboard": (".dashboard", "dashboard"),
    "kit": (".kit.cli", "kit_command"),
}

if __name__ == "__main__":
    main()
