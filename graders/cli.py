"""The ``unograde`` command.

One small function per verb; each turns the user's words into a call on the library's API
(``graders.grade.api`` for ``grade``, ``graders.check.api`` for ``check``...) and prints what
it returns. Every expected failure (unknown assignment, missing file, bad input) is an error
of :mod:`graders.errors`' family, raised where it is found and turned into a one-line message
on stderr and its exit status (2) in one place, :meth:`Unograde.main`: never a traceback.
"""

from __future__ import annotations

import atexit
import gc
import json
import os
import sys
from pathlib import Path
from typing import Any

import click

from .assignment import (
    HIDDEN_VISIBILITIES,
    AssignmentError,
    list_assignments,
    load_assignment,
    split_target,
)
from .courses import CourseError, add_course
from .errors import UnogradeError, as_usage_error
from .gradebook.options import gradebook_option
from .textsafe import terminal_plain
from .usage import USAGE_ERROR, exit_for, fail


def resolve_part(target: str, need_part: bool = True):
    assignment_id, part = split_target(target)
    assignment = load_assignment(assignment_id)
    if part is not None:
        assignment.part(part)
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

    def main(self, *args: Any, **kwargs: Any) -> Any:
        """The one place an error of the family becomes an exit (:func:`graders.usage.exit_for`):
        whichever verb raised it, while reading its options or running."""
        # At exit, after every exit handler registered while the command ran (they run
        # last registered first), the objects left are frozen: the interpreter's shutdown
        # then frees them without walking them all for cycles, which took 40 to 80 ms after
        # grading one submission of 262 cases. Everything the command writes is closed by then
        # (reports, the gradebook, the sandboxes' files): nothing waits on a collection.
        atexit.unregister(gc.freeze)  # once, however many commands a process runs (tests)
        atexit.register(gc.freeze)
        # A collection of the youngest objects every 10,000 allocations net, not 700: reading
        # the cases and importing allocate by the hundred thousand, nearly all kept or freed at
        # once (about 12 ms less of walking them when grading one submission of 262 cases).
        gc.set_threshold(10_000, *gc.get_threshold()[1:])
        try:
            return super().main(*args, **kwargs)
        except UnogradeError as exc:
            exit_for(exc)

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
        load_assignment(assignment_id)
        command = _extras(assignment_id).get(verb)
        if command is None:
            fail(f"{assignment_id} has no `{verb}` (assignments with one: {offers})")
        _run_extra(ctx, command, f"{ctx.info_name} {assignment_id}", rest)

    return dispatch


def _run_extra(ctx: click.Context, command: click.Command, name: str, args: list[str]) -> None:
    """Run an assignment's command; its ValueError is a one-line message and exit status 2."""
    with as_usage_error(ValueError), command.make_context(name, args, parent=ctx.parent) as sub:
        code = command.invoke(sub)
    sys.exit(code or 0)


def _add_courses(ctx: click.Context, param: click.Parameter, folders: tuple[Path, ...]) -> None:
    for folder in folders:
        add_course(folder)


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
    for assignment_id in list_assignments():
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
    with as_usage_error(ValueError):
        if as_json:
            click.echo(compact_json(plugin.solve_json(part, file)))
        else:
            click.echo(plugin.solve(part, file), nl=False)


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
    from .vocabulary import FixtureRequest

    def callback(target: str, count: int, seed: int, out: Path, jobs: int, **options) -> None:
        _, part = resolve_part(target)
        with as_usage_error(OSError, ValueError):
            request = FixtureRequest(part, count, seed, out, options, jobs)
            written = plugin.generate_fixtures(request)
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


def _parse_formats(text: str) -> tuple[str, ...]:
    return tuple(f.strip() for f in text.split(",") if f.strip())


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
    from .grade.api import GradeHooks, GradeRequest, grade_class, prepare
    from .grade.batch import BatchHooks
    from .grade.progress import BatchProgress, interrupt_handlers

    request = GradeRequest(
        assignment=assignment_id,
        submissions=tuple(submissions),
        out=out,
        jobs=jobs,
        timeout=timeout,
        memory=memory,
        formats=_parse_formats(formats),
        isolation=isolation,
        public_only=public_only,
        submission_timeout=submission_timeout,
        dask=dask_address,
        staff=staff,
        hidden_visibility=hidden_visibility,
        gradebook=gradebook,
        record=not no_gradebook,
        submitted_at=submitted_at,
        preview=preview,
        term=term,
    )
    ready = prepare(request)  # bad input is said before anything starts
    gc.freeze()  # what exists now (the cases, the modules) lives to the end: not collected
    with interrupt_handlers() as stop, BatchProgress(ready.settings.assignment.id) as progress:
        batch = BatchHooks(progress.start, progress.done, progress.inflight, stop)
        hooks = GradeHooks(batch, graded=_name_conflicts, recorded=_gradebook_summary)
        try:
            done = grade_class(ready, hooks)
        except Exception as exc:
            if ready.opening_failed(exc):  # prepare's error, said as prepare would have
                progress.leave_no_trace()
            raise
    if preview:
        from .adjust import after_grade

        after_grade.show_preview(gradebook, done.assignment.id, done.results)
        sys.exit(128 + done.interrupted if done.interrupted else 0)
    out = done.settings.out_dir
    _grade_summary(done.assignment, done.items, done.mode, out, done.interrupted,
                   done.limits.submission_timeout)  # fmt: skip


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

    from .check.api import begun

    load_assignment(assignment_id)
    if not submission.exists():
        fail(f"{submission}: no such file or folder")
    with tempfile.TemporaryDirectory(prefix="unograde-check-") as empty:
        resolved = str(submission.resolve())
        args = [
            empty,
            "--unograde-assignment",
            assignment_id,
            "--unograde-submission",
            resolved,
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
            # Graded in a thread while pytest is imported and starts; the plugin takes it.
            with begun(assignment_id, resolved, isolation):
                import pytest

                # What exists now lives to the end; pytest's cleanup collects garbage five
                # times over (for the warnings of objects freed badly): not through these.
                gc.freeze()
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

    with as_usage_error(OSError):
        written = scaffold(assignment_id, course, title)
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
