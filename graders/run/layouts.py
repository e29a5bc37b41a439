"""A course's own layout of a submission: one source file per part, each compiled into a
program of its own and run with the case's input file as its argument.

Some courses hand out an assignment as one file per part in a compiled language (a Haskell
homework: ``hw03part01.hs`` to ``hw03part04.hs`` beside the course's ``Helpers.hs``;
``./part01 game.uno`` prints the answer).  An assignment describes
such a layout in its ``assignment.toml``, with no code of its own::

    [layouts.haskell]
    language = "Haskell"
    toolchain = "ghc"                       # graders.run.toolchains: found once, said once
    defaults = ["haskell/Helpers.hs"]       # used where the student sent no file of that name
    build = "ghc -v0 -outputdir .build-{part} -o {program} {source}"
    run = "./{program} {input}"
    program = "{part}"                      # the built program's name
    [layouts.haskell.files]                 # the part -> its source file
    part01 = "hw03part01.hs"
    [layouts.haskell.build_limits]          # each part's build (a compiler needs more)
    timeout = 30.0
    memory_mb = 2048

Optional: ``provided = [...]``, the course's files always copied over any file of that name
the student sent (headers and drivers the build needs as given); ``[layouts.NAME.run_limits]``,
each case's limits for this language, over the assignment's ``[limits]``; ``rlimit_memory =
false`` for programs that reserve terabytes of address space they never use (a C program
built with AddressSanitizer maps its shadow memory at start, which RLIMIT_DATA refuses): their
memory is then bounded by the sandbox's cgroup where there is one, and by the program's own
limit (the sanitizer's ``hard_rss_limit_mb``) where there is not. ``[layouts.NAME.shown]``
(part -> words) is what a report's parts table names for a part in this language where the
assignment's ``function`` speaks of another (a C suite is ``testGame.c``, not
``test_game.py``).

A folder holding any of the files is a submission of that layout; a part whose file is
missing scores nothing and says which file was expected.  SML or C courses use the same
table with their own commands; nothing here names a language.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass, field, replace
from pathlib import Path

from ..errors import UnogradeError
from ..vocabulary import Limits

# What a layout's build limits are when the toml leaves them out: a compiler needs more
# memory, time and disk than a case.
BUILD_DEFAULTS = {
    "timeout": 60.0,
    "cpu": 60.0,
    "memory_mb": 2048,
    "output_kb": 64,
    "disk_mb": 256,
    "processes": 128,
}


class LayoutError(UnogradeError, ValueError):
    """A ``[layouts.*]`` table that cannot be used."""


@dataclass(frozen=True)
class Layout:
    """One layout of an assignment: per-part source files, how each is built and run."""

    name: str
    language: str
    files: tuple[tuple[str, str], ...]  # (part id, source file name), in the parts' order
    build: tuple[str, ...]
    run: tuple[str, ...]
    program: str = "{part}"
    toolchain: str = ""
    defaults: tuple[str, ...] = ()  # assignment-folder paths, used where the student sent none
    build_limits: Limits = field(default_factory=lambda: Limits(**BUILD_DEFAULTS))
    folder: str = ""  # the assignment's folder (where ``defaults`` are)
    provided: tuple[str, ...] = ()  # assignment-folder paths, always used (the course's)
    run_limits: dict | None = None  # each case's limits over the assignment's, when set
    rlimit_memory: bool = True  # False: no RLIMIT_DATA (see the module's docstring)
    shown: tuple[tuple[str, str], ...] = ()  # (part id, what the parts table names it)

    @property
    def entry(self) -> str:
        """The first part's file: what a lone file of this layout is recognised by."""
        return self.files[0][1]

    def claims(self, name: str) -> bool:
        """Whether a file called ``name`` is one of this layout's part files."""
        return any(name == source for _, source in self.files)

    def found_in(self, folder: Path) -> bool:
        return any((folder / source).is_file() for _, source in self.files)

    def source(self, part: str) -> str | None:
        return dict(self.files).get(part)

    def shown_as(self, part: str) -> str | None:
        """What a report's parts table names the part in this language, where it says."""
        return dict(self.shown).get(part)

    def program_name(self, part: str) -> str:
        return self.program.format(part=part)

    def build_words(self, part: str) -> tuple[str, ...]:
        source = self.source(part) or ""
        return tuple(
            w.format(part=part, source=source, program=self.program_name(part)) for w in self.build
        )

    def run_words(self, part: str, input_name: str) -> tuple[str, ...]:
        return tuple(
            w.format(part=part, program=self.program_name(part), input=input_name) for w in self.run
        )

    def default_files(self) -> list[Path]:
        return [Path(self.folder) / name for name in self.defaults]

    def provided_files(self) -> list[Path]:
        return [Path(self.folder) / name for name in self.provided]

    def case_limits(self, limits: Limits) -> Limits:
        """The assignment's case ``limits`` with this layout's ``run_limits`` over them."""
        if not self.run_limits:
            return limits
        return replace(limits, **self.run_limits)

    def describe(self, folder: Path) -> str:
        """The note a submission of this layout carries: its parts, found and not."""
        missing = [source for _, source in self.files if not (folder / source).is_file()]
        said = f"graded as {self.language} part files ({', '.join(s for _, s in self.files)})"
        if missing:
            said += f"; not sent: {', '.join(missing)}"
        return said


def layout_specs(table: dict, folder: Path, parts: list[str]) -> list[Layout]:
    """The ``[layouts]`` of an assignment.toml as :class:`Layout` values (``folder``: the
    assignment's; ``parts``: its part ids, in order)."""
    found = []
    for name, spec in (table or {}).items():
        if not isinstance(spec, dict):
            raise LayoutError(f"[layouts.{name}]: expected a table")
        files = spec.get("files") or {}
        unknown = [p for p in files if p not in parts]
        if unknown or not files:
            raise LayoutError(
                f"[layouts.{name}] files: expected part ids among {', '.join(parts)}, "
                f"got {', '.join(unknown) or 'none'}"
            )
        limits = dict(BUILD_DEFAULTS) | dict(spec.get("build_limits") or {})
        try:
            build_limits = Limits(**limits)
        except TypeError as exc:
            raise LayoutError(f"[layouts.{name}.build_limits]: {exc}") from None
        run_limits = dict(spec.get("run_limits") or {})
        try:
            Limits(**run_limits)
        except TypeError as exc:
            raise LayoutError(f"[layouts.{name}.run_limits]: {exc}") from None
        shown = spec.get("shown") or {}
        if not isinstance(shown, dict) or any(p not in parts for p in shown):
            raise LayoutError(f"[layouts.{name}.shown]: expected part ids among {', '.join(parts)}")
        try:
            build, run = shlex.split(spec["build"]), shlex.split(spec["run"])
        except (KeyError, ValueError) as exc:
            raise LayoutError(f"[layouts.{name}]: build and run commands needed ({exc})") from None
        found.append(
            Layout(
                name=name,
                language=str(spec.get("language", name)),
                files=tuple((p, files[p]) for p in parts if p in files),
                build=tuple(build),
                run=tuple(run),
                program=str(spec.get("program", "{part}")),
                toolchain=str(spec.get("toolchain", "")),
                defaults=tuple(spec.get("defaults", ())),
                build_limits=build_limits,
                folder=str(folder),
                provided=tuple(spec.get("provided", ())),
                run_limits=run_limits or None,
                rlimit_memory=bool(spec.get("rlimit_memory", True)),
                shown=tuple((p, str(shown[p])) for p in parts if p in shown),
            )
        )
    return found


def submission_kinds(assignment) -> list | None:
    """Everything an assignment grades besides a module: its ``[programs]`` and its
    ``[layouts]``, as the submission loader detects them (None: neither)."""
    from .programs import program_specs

    kinds: list = []
    if assignment.programs:
        kinds += program_specs(assignment.programs)
    if getattr(assignment, "layouts", None):
        kinds += layout_specs(
            assignment.layouts, assignment.folder, [p.id for p in assignment.parts]
        )
    return kinds or None


def say_missing_toolchains(submissions, say=None) -> list[str]:
    """Say once, in the grader's main process, each toolchain that submissions of a layout
    need and this machine lacks (with the command that installs it); their parts are then
    graded "not run" with the same words, and everything else is graded. The names said."""
    from .toolchains import say_missing_once, toolchain

    said = []
    for sub in submissions:
        layout = getattr(sub, "program", None)
        if not isinstance(layout, Layout) or not layout.toolchain:
            continue
        chain = toolchain(layout.toolchain)
        if chain.path() is None and say_missing_once(chain, say):
            said.append(chain.name)
    return said
