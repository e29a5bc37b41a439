"""The self-check as pytest sees it: one test per public case, run with ``python -m pytest``.

A kit's ``conftest.py`` loads this plugin.  It reads ``kit.json`` (the assignment's parts,
limits and public cases with their expected results), finds the student's work (``--submission
FILE``, else ``<module>.py``, else ``<module>.ipynb``), runs every selected case once in a
child process (:mod:`.session`) and judges each with the assignment's feedback module, as the
grader does (:mod:`.verdict`).  A case that does not pass fails with the same lines
``unograde check`` prints, and the file it came from.

The kit's side only; in the grader ``unograde check`` is :mod:`graders.check.plugin`.
"""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from .imports import offered, remove_farm
from .loader import load_feedback, load_module
from .notebook import cap_notes, in_cells
from .programs import BUILD_TIMEOUT, Program
from .render import case_text, environment
from .served import ServedSession
from .session import Call, Run, Session, prepare
from .verdict import (
    MALFORMED,
    MUTATED,
    bounded_input,
    bounded_messages,
    failure,
    judge_value,
)

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


@dataclass
class Checked:
    """One case's verdict, with what ``case.txt.j2`` shows."""

    name: str
    part: str
    outcome: str
    messages: list[str] = field(default_factory=list)
    traceback: str = ""
    stdout: str = ""
    stdout_dropped: int = 0
    given: list[str] = field(default_factory=list)  # the input, as the grader shows it

    @property
    def passed(self) -> bool:
        return self.outcome == "passed"


class CaseFailed(Exception):
    """A case the work did not pass; the message is the feedback."""


def read_kit(folder: Path = HERE) -> dict:
    """``kit.json``, its values decoded as the grader encodes them (tuples kept)."""
    wire = load_module(folder / "harness.py")
    return json.loads((folder / "kit.json").read_text(encoding="utf-8"), object_hook=wire.tagged)


def judge_run(feedback: Any, case: Any, run: Run, function: str, memory_mb: int) -> Checked:
    """What came back for ``case``, judged as the grader's engine judges it."""
    checked = Checked(case.name, case.part, "failed", stdout=run.stdout, stdout_dropped=run.dropped)
    if run.status == "returned":
        try:
            checked.outcome, checked.messages, _ = judge_value(feedback, case, run.value)
        except Exception as exc:  # noqa: BLE001 - the kit's own failure, said as such
            checked.outcome = "error"
            checked.messages = [f"the self-check could not judge this answer ({exc!r:.300})"]
    elif run.status == "malformed":
        checked.outcome = "malformed"
        checked.messages = [MALFORMED.format(who=function, message=run.message)]
    else:
        checked.outcome, message = failure(run.status, function, function, memory_mb, run)
        if run.status == "missing" and run.error_type == "MissingFile":
            message = run.message  # a layout's part file, not a function
        checked.messages = [message]
        if run.status in ("raised", "import-error", "compile-error", "sanitizer"):
            checked.traceback = run.traceback
    if run.mutated:
        checked.messages.append(MUTATED.format(function=function))
    checked.messages = bounded_messages(checked.messages)
    if not checked.passed and run.status != "not-run":
        # The case's input as the grader's reports show a failed public case's. Where it first
        # went wrong the grader alone says: that replays the reference, which a kit never holds.
        try:
            checked.given = bounded_input(feedback.show_input(case.part, case.args))
        except Exception:  # noqa: BLE001 - the input's text is a nicety, as in the grader
            checked.given = []
    return checked


def find_submission(config: pytest.Config, kit: dict) -> tuple[Path | None, str | None]:
    """The file to check, or why there is none."""
    chosen = config.getoption("--submission")
    module = kit["module"]
    programs = kit.get("programs") or {}
    if chosen:
        path = Path(chosen)
        if not path.is_absolute():
            path = Path(config.invocation_params.dir) / path
        if not path.is_file():
            return None, f"{chosen}: no such file"
        layouts = [s for lay in (kit.get("layouts") or {}).values() for s in lay["files"].values()]
        if path.suffix not in (".py", ".ipynb") and path.name not in [*programs, *layouts]:
            kinds = "a .py file or a notebook (.ipynb)"
            if programs:
                kinds += " or a program (" + ", ".join(programs) + ")"
            return None, f"{chosen}: expected {kinds}"
        return path, None
    for layout in (kit.get("layouts") or {}).values():
        for source in layout["files"].values():
            if (ROOT / source).is_file():
                return ROOT / source, None  # the course's own layout (the .hs part files)
    for name in (f"{module}.py", f"{module}.ipynb", *programs):
        if (ROOT / name).is_file():
            return ROOT / name, None
    return None, (
        f"found neither {module}.py nor {module}.ipynb in {ROOT}: write your work there, or "
        "name the file with --submission FILE"
    )


class CaseItem(pytest.Item):
    """One public case."""

    def __init__(self, *, case: dict, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.case = case

    def runtest(self) -> None:
        checked = _results(self.session)[self.case["index"]]
        if not checked.passed:
            raise CaseFailed(_failure_text(self.config, checked, self.case))

    def repr_failure(self, excinfo, style=None):  # type: ignore[no-untyped-def]
        if isinstance(excinfo.value, CaseFailed):
            return str(excinfo.value)
        return super().repr_failure(excinfo)

    def reportinfo(self):  # type: ignore[no-untyped-def]
        return self.path, None, f"{self.case['part']}::{self.case['name']}"


class SetupItem(pytest.Item):
    """The check cannot start (no work found, a syntax error): one failing test saying why."""

    def __init__(self, *, message: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.message = message

    def runtest(self) -> None:
        raise CaseFailed(self.message)

    def repr_failure(self, excinfo, style=None):  # type: ignore[no-untyped-def]
        return str(excinfo.value)

    def reportinfo(self):  # type: ignore[no-untyped-def]
        return self.path, None, "setup"


def _failure_text(config: pytest.Config, checked: Checked, case: dict) -> str:
    env = config.stash[ENV]
    text = case_text(env, checked)
    files = [f for f in (case.get("input"), case.get("expected_file")) if f]
    if files:
        text += "\n\nThe case: " + " -> ".join(files)
    return text


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("unocheck", "the assignment's self-check")
    group.addoption(
        "--submission",
        default=None,
        help="the .py file or notebook to check (default: the module the assignment names, "
        "else its notebook)",
    )


KIT = pytest.StashKey[dict]()
ENV = pytest.StashKey[Any]()
SOURCE = pytest.StashKey[Path]()
NOTES = pytest.StashKey[list]()
RESULTS = pytest.StashKey[dict]()


def pytest_configure(config: pytest.Config) -> None:
    provided = HERE / "provided"
    if provided.is_dir() and str(provided) not in sys.path:
        # The assignment's official definitions (``unolab.py``) for the feedback module to read
        # values with, whatever the student did to the copy beside their work.
        sys.path.insert(0, str(provided))
    config.stash[KIT] = read_kit()
    config.stash[ENV] = environment([str(HERE)])
    config.stash[NOTES] = []


def pytest_report_header(config: pytest.Config) -> list[str]:
    kit = config.stash[KIT]
    return [f"unocheck: {kit['title']} ({kit['assignment']}), {len(kit['cases'])} public cases"]


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """While a course's layout is checked (a Game.c here, or named with ``--submission``),
    the Python starter's own tests beside it are not the student's: they are left out."""
    if collection_path.suffix != ".py" or not collection_path.name.startswith("test_"):
        return None
    if KIT not in config.stash:
        return None
    source, _ = find_submission(config, config.stash[KIT])
    if source is not None and layout_of(config.stash[KIT], source) is not None:
        return True
    return None


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    if file_path == HERE / "kit.json":
        return KitFile.from_parent(parent, path=file_path)
    return None


class KitFile(pytest.File):
    """``kit.json``: the work's setup problem, or one item per public case."""

    def collect(self):  # type: ignore[no-untyped-def]
        config = self.config
        kit = config.stash[KIT]
        source, problem = find_submission(config, kit)
        if problem is not None or source is None:
            yield SetupItem.from_parent(self, name="setup", message=str(problem))
            return
        missing = compiler_missing(kit, source)
        if missing is not None:
            yield SetupItem.from_parent(self, name="setup", message=missing)
            return
        config.stash[SOURCE] = source
        for index, case in enumerate(kit["cases"]):
            case["index"] = index
            yield CaseItem.from_parent(self, name=f"{case['part']}::{case['name']}", case=case)


def _results(session: pytest.Session) -> dict[int, Checked]:
    """Every selected case, run once (all in one child) and judged."""
    config = session.config
    if RESULTS in config.stash:
        return config.stash[RESULTS]
    kit = config.stash[KIT]
    chosen = [item.case for item in session.items if isinstance(item, CaseItem)]
    config.stash[RESULTS] = results = run_cases(kit, config.stash[SOURCE], chosen, config)
    return results


def run_cases(kit: dict, source: Path, cases: list[dict], config: pytest.Config) -> dict:
    """Run and judge ``cases`` on the work in ``source``: index -> :class:`Checked`."""
    module = kit["module"]
    notes = config.stash[NOTES]
    program = (kit.get("programs") or {}).get(source.name)
    if program is not None and program.get("serve"):
        return run_served(kit, source, program, cases, notes)
    if program is not None:
        return run_program(kit, source, program, cases)
    layout = layout_of(kit, source)
    if layout is not None:
        notes.extend(layout_notes(layout, source.parent))
        return run_layout(kit, source.parent, layout, cases, notes)
    helpers = [p for p in ROOT.glob("*.py") if p.name not in ("conftest.py", source.name)]
    provided = [HERE / "provided" / name for name in kit.get("provided", [])]
    adapter = HERE / "assignment" / kit["adapter"] if kit.get("adapter") else None
    prepared = prepare(source, module, helpers, provided, adapter)
    notes.extend(prepared.notes)
    if prepared.folder is None:
        return {
            case["index"]: Checked(case["name"], case["part"], "error", [str(prepared.problem)])
            for case in cases
        }
    feedback = load_feedback(HERE / "assignment" / kit["feedback"])
    limits = kit["limits"]
    functions = {part["id"]: part["function"] for part in kit["parts"]}
    runs: list[Run] = []
    # What the assignment lets a submission import (``[imports] allowed``), where this Python
    # has it: offered as the grader's sandbox offers it, and nothing else of site-packages.
    farm, site = offered(tuple(kit.get("allowed_imports") or ()), prepared.folder)
    try:
        with Session(
            HERE / "harness.py",
            prepared.folder,
            module,
            adapter=adapter is not None,
            timeout=limits["timeout"],
            cpu=limits["cpu"],
            budget=limits["submission_timeout"],
            output_chars=limits["output_kb"] * 1024,
            site=site,
            allowed=tuple(kit.get("allowed_imports") or ()),
        ) as runner:
            for case in cases:
                function = functions[case["part"]]
                runs.append(runner.call(Call(case["index"], function, case["args"])))
            if runner.import_stdout:
                notes.append(f"your module printed while it was imported: {runner.import_stdout}")
        views = [SimpleNamespace(**case) for case in cases]
        interpret = getattr(feedback.module, "interpret", None)
        if interpret is not None:
            # The assignment judges each submission under its reading of open rules.
            values = {k: run.value for k, run in enumerate(runs) if run.status == "returned"}
            notes.extend(interpret(prepared.folder, views, values))
    finally:
        shutil.rmtree(prepared.folder, ignore_errors=True)
        remove_farm(farm)
    checked = {
        case["index"]: judge_run(feedback, view, run, functions[case["part"]], limits["memory_mb"])
        for case, view, run in zip(cases, views, runs, strict=True)
    }
    if prepared.where:  # a notebook: its tracebacks name the cell and the line in it
        for one in checked.values():
            one.traceback = in_cells(one.traceback, module, source.name, prepared.where)
    return checked


def run_program(kit: dict, source: Path, program: dict, cases: list[dict]) -> dict:
    """Run and judge ``cases`` on the program whose entry file is ``source``."""
    feedback = load_feedback(HERE / "assignment" / kit["feedback"])
    limits = kit["limits"]
    who = "the program"
    results: dict[int, Checked] = {}
    with Program(
        source.parent,
        program["run"],
        program.get("build") or (),
        float(program.get("build_timeout", BUILD_TIMEOUT)),
    ) as runner:
        failure = runner.build()
        for case in cases:
            view = SimpleNamespace(**case)
            run = failure or runner.run(
                case.get("stdin", ""),
                case.get("program_args", []),
                limits["timeout"],
                limits["output_kb"] * 1024,
            )
            if run.status == "returned":
                printed = run.value
                try:
                    run.value = feedback.module.parse_program_output(case["part"], printed)
                except ValueError as exc:
                    run.status, run.message = "malformed", str(exc)
                    stderr = f"\n(and on stderr:)\n{run.stdout}" if run.stdout else ""
                    run.stdout = printed + stderr
            part_who = who if len(kit["parts"]) == 1 else f"{who} on {case['part']}"
            results[case["index"]] = judge_run(feedback, view, run, part_who, limits["memory_mb"])
    return results


def run_served(kit: dict, source: Path, program: dict, cases: list[dict], notes: list) -> dict:
    """Run and judge ``cases`` on a served program (a ``solution.sml``): loaded once, each
    case's request written by the feedback module's ``program_input`` from the case's
    arguments, each answer read back with its ``parse_program_output`` and judged as the
    grader judges it (:mod:`.served`)."""
    feedback = load_feedback(HERE / "assignment" / kit["feedback"])
    limits = kit["limits"]
    functions = {part["id"]: part["function"] for part in kit["parts"]}
    if program.get("note"):
        notes.append(program["note"])
    files = {name: HERE / "provided" / name for name in kit.get("provided", [])}
    files.update({name: HERE / "support" / name for name in program.get("support", [])})
    results: dict[int, Checked] = {}
    with ServedSession(
        source.parent,
        program["run"],
        files,
        timeout=limits["timeout"],
        budget=limits["submission_timeout"],
        output_chars=limits["output_kb"] * 1024,
    ) as runner:
        for case in cases:
            function = functions[case["part"]]
            view = SimpleNamespace(**case)
            run = runner.call(case["index"], feedback.module.program_input(case["args"]))
            if run.status == "not-run" and shutil.which(program["run"][0]) is None:
                run.message = (
                    f"not run: {program['language']} is not installed on this machine "
                    f"({program['run'][0]} not found): install it ({program['install']}) and "
                    "check again"
                )
            if run.status == "returned":
                printed = run.value
                try:
                    run.value = feedback.module.parse_program_output(case["part"], printed)
                except ValueError as exc:
                    run.status, run.message = "malformed", str(exc)
                    run.stdout = str(printed)
            results[case["index"]] = judge_run(feedback, view, run, function, limits["memory_mb"])
        notes.extend(runner.notes)
        if runner.load_stdout:
            notes.append(f"your program printed while it was loaded: {runner.load_stdout}")
        if runner.load_error:
            notes.append(
                f"{source.name} stopped loading at its first error; what it defines before "
                f"that is checked: {runner.load_error}"
            )
    return results


def layout_of(kit: dict, source: Path) -> dict | None:
    """The course's layout whose part file ``source`` is, or None."""
    for layout in (kit.get("layouts") or {}).values():
        if source.name in layout["files"].values():
            return layout
    return None


def compiler(layout: dict) -> str | None:
    """The compiler this machine has for ``layout``: its build's own command, else another
    of its language's (``cc`` for ``gcc``); None when there is none."""
    for name in [layout["build"][0], *layout.get("compilers", [])]:
        if shutil.which(name) is not None:
            return name
    return None


def compiler_missing(kit: dict, source: Path) -> str | None:
    """Why ``source``'s layout cannot be checked on this machine (no compiler), or None."""
    layout = layout_of(kit, source)
    if layout is None or compiler(layout) is not None:
        return None
    names = " or ".join(dict.fromkeys([layout["build"][0], *layout.get("compilers", [])]))
    install = (
        f" ({layout['install']}, or your system's C compiler)" if layout.get("install") else ""
    )
    return (
        f"{source.name} is {layout['language']}: checking it needs a compiler on this machine "
        f"({names}), and none was found. Install one{install} and check again; nothing was "
        "checked."
    )


def layout_notes(layout: dict, folder: Path) -> list[str]:
    """What is checked: the layout's part files found (and not), whose Helpers."""
    files = list(layout["files"].values())
    missing = [f for f in files if not (folder / f).is_file()]
    notes = [f"checking your {layout['language']} part files ({', '.join(files)})"]
    if missing:
        notes.append(f"not found: {', '.join(missing)} (those parts score nothing)")
    for rel in layout.get("defaults", []):
        name = Path(rel).name
        own = (folder / name).is_file()
        notes.append(f"your own {name} was used" if own else f"the course's {name} was used")
    return notes


def run_layout(
    kit: dict, folder: Path, layout: dict, cases: list[dict], notes: list[str] | None = None
) -> dict:
    """Run and judge ``cases`` on the course's layout in ``folder`` (one source file per
    part): each part built once with the grader's command, each case run as the grader runs
    it (``./part01 cases/part01test01.uno``), what it printed read back alike, and judged
    under the submission's reading where the feedback module has one (``interpret``)."""
    feedback = load_feedback(HERE / "assignment" / kit["feedback"])
    module = feedback.module
    limits = kit["limits"]
    timeout = float(layout.get("run_timeout", limits["timeout"]))
    out_cap = int(layout.get("output_kb", limits["output_kb"])) * 1024
    notes = notes if notes is not None else []
    read = getattr(module, "read_program_run", None)
    runs: list[Run] = []
    with Program(folder, ()) as runner:
        for name in layout.get("provided", []):  # the course's, over any of that name
            target = runner.work / name
            if target.is_symlink() or target.is_file():
                target.unlink()
            shutil.copy2(HERE / "defaults" / name, target)
        for rel in layout.get("defaults", []):
            name = Path(rel).name
            if not (runner.work / name).exists():
                shutil.copy2(HERE / "defaults" / name, runner.work / name)
        words, said = runner.usable_build(layout, compiler(layout))
        notes.extend(said)
        layout = {**layout, "build": words}
        built: dict[str, Run | None] = {}
        for case in cases:
            part = case["part"]
            source = layout["files"].get(part)
            program = layout["program"].format(part=part)
            if part not in built:
                built[part] = runner.build_part(layout, part, source)
            run = built[part]
            if run is None:
                rel = "cases/" + Path(case.get("input") or "input").name
                words = [w.format(part=part, program=program, input=rel) for w in layout["run"]]
                if "layout_input" in case:
                    data = case["layout_input"].encode("utf-8")
                else:
                    data = (ROOT / case["input"]).read_bytes() if case.get("input") else b""
                run = runner.run_with_file(words, rel, data, timeout, out_cap)
                if callable(read):
                    changed = read(part, run.status, str(run.value or ""))
                    if changed.get("status") == "sanitizer":
                        run.value = None
                        for key, value in changed.items():
                            setattr(run, key, value)
                    elif "stdout" in changed:
                        run.stdout = (changed["stdout"] + "\n" + run.stdout).strip()
            else:
                run = replace(run)  # each case its own copy of the part's failed build
            if run.status == "returned":
                printed = run.value
                try:
                    run.value = module.parse_program_output(part, printed)
                except ValueError as exc:
                    run.status, run.message = "malformed", str(exc)
                    stderr = f"\n(and on stderr:)\n{run.stdout}" if run.stdout else ""
                    run.stdout = printed + stderr
            runs.append(run)
    views = [SimpleNamespace(**case) for case in cases]
    interpret = getattr(module, "interpret", None)
    if interpret is not None:
        # The assignment judges each submission under its reading of open rules, declared in
        # the part files (the kit's Python starter beside them is not the submission).
        values = {k: run.value for k, run in enumerate(runs) if run.status == "returned"}
        with tempfile.TemporaryDirectory(prefix="unocheck-parts-") as parts:
            for name in layout["files"].values():
                if (folder / name).is_file():
                    shutil.copy2(folder / name, Path(parts) / name)
            notes.extend(interpret(Path(parts), views, values))
    leak_note = getattr(module, "leak_note", None)
    leak_mark = getattr(module, "LEAK_NOTE", None)
    if callable(leak_note) and leak_mark:
        leaking = [(c["name"], r) for c, r in zip(cases, runs, strict=True)
                   if r.stdout.startswith(leak_mark)]  # fmt: skip
        if leaking:
            first = leaking[0][1].stdout.splitlines()[0]
            notes.append(leak_note([name for name, _ in leaking], len(runs), first))
    results: dict[int, Checked] = {}
    for case, view, run in zip(cases, views, runs, strict=True):
        who = f"your {layout['files'].get(case['part']) or case['part']}"
        results[case["index"]] = judge_run(feedback, view, run, who, limits["memory_mb"])
    return results


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    if SOURCE not in config.stash:
        return
    kit = config.stash[KIT]
    from .text import terminal_plain

    write = terminalreporter.write_line
    shown = terminal_plain(config.stash[SOURCE].name)
    write(f"unocheck: checked {shown} on the public cases of {kit['assignment']}")
    for note in cap_notes(config.stash[NOTES]):  # a notebook's million magics: a few lines
        write(f"unocheck note: {terminal_plain(note)[:2000]}")
    for note in kit.get("notes", []):
        write(f"unocheck: {note}")
