"""Grading a submission of a course's layout: one compiled program per part.

Each part's source file is compiled once, in the sandbox (a compiler runs the student's
code too: Template Haskell, ``unsafePerformIO``), under the layout's own build limits, and
kept in the build cache by the digest of the sources and the compiler's version, so a
re-run, a regrade or the replay that explains a failed case never compiles twice.  Then
each case runs the part's program as the course ran it (``./part01 cases/game.uno``), the
input file bound read-only into the child, and what it printed is read back by the
plugin's ``parse_program_output``, exactly as for a program that reads standard input.

A missing part file, a compile error, a toolchain this machine lacks: each is that part's
outcome, never a crash of the grader, and the other parts are graded.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from unokit.compare import normalise

from ..assignment import Assignment
from ..contract import ProgramIO
from ..run import buildcache
from ..run.layouts import Layout
from ..run.programs import ProgramRunner
from ..run.toolchains import Toolchain, toolchain
from ..submission import Submission
from ..vocabulary import Case, Limits, Outcome, Probe, RunStatus

FAILED_BUILD = "failed.json"
# A probe's first chunk of turns run in one child (then twice as many each time): most failed
# games depart within their first few turns.
FIRST_CHUNK = 8  # what the cache keeps for a build the compiler refused


def provide_defaults(layout: Layout, folder: Path) -> list[str]:
    """Copy the layout's default files (the course's ``Helpers.hs``) where the student sent
    none of that name: the course's rule ("if a modified Helpers.hs file is not included
    with your submission, the default will be used in its place"). Notes, for the report."""
    notes = []
    for source in layout.provided_files():
        target = folder / source.name
        if os.path.lexists(target):
            if target.is_file() and not target.is_symlink():
                if target.read_bytes() != source.read_bytes():
                    notes.append(f"{source.name} was replaced by the course's own")
            os.unlink(target) if not target.is_dir() else shutil.rmtree(target)
        shutil.copy2(source, target)
    for source in layout.default_files():
        target = folder / source.name
        if os.path.lexists(target):
            notes.append(f"your own {source.name} was used")
            continue
        shutil.copy2(source, target)
        notes.append(f"the course's {source.name} was used (none was sent)")
    return notes


class LayoutRun:
    """One submission of a layout: its parts built on demand, its cases and probes run."""

    def __init__(
        self, assignment: Assignment, submission: Submission, limits: Limits, mode: str
    ) -> None:
        plugin = assignment.plugin
        if not isinstance(plugin, ProgramIO):
            raise TypeError(f"{assignment.id}: [layouts] needs a plugin with ProgramIO")
        assert isinstance(submission.program, Layout) and submission.folder is not None
        self.assignment, self.plugin, self.layout = assignment, plugin, submission.program
        self.folder = submission.folder
        self.chain: Toolchain | None = (
            toolchain(self.layout.toolchain) if self.layout.toolchain else None
        )
        system = self.chain.sandbox_paths if self.chain is not None else ()
        limits = self.layout.case_limits(limits)
        self.runner = ProgramRunner(submission.folder, self.layout, limits, mode, system=system)
        self.budget = self.runner.budget
        self.built: dict[str, Outcome | None] = {}
        self.compiled = 0  # compiler runs (a cached build is not one)

    def close(self) -> None:
        self.runner.close()

    def __enter__(self) -> LayoutRun:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # Building

    def build(self, part: str) -> Outcome | None:
        """None when ``part``'s program is ready in the working copy; else the outcome every
        case of the part gets (missing file, compile error, no toolchain, no time left)."""
        if part not in self.built:
            self.built[part] = self._build(part)
        return self.built[part]

    def _build(self, part: str) -> Outcome | None:
        source = self.layout.source(part)
        function = self.assignment.part(part).function
        if source is None:
            return Outcome(
                -1, RunStatus.MISSING, error_type="MissingFile", message=(
                    f"{self.layout.language} submissions have no file for {part} ({function})"
                ),
            )  # fmt: skip
        if not (self.folder / source).is_file() or (self.folder / source).is_symlink():
            return Outcome(
                -1, RunStatus.MISSING, error_type="MissingFile", message=(
                    f"no {source} was sent: it is the file for {part} ({function}), "
                    "so this part scores nothing"
                ),
            )  # fmt: skip
        if self.chain is not None and self.chain.path() is None:
            # Said once to the instructor where the batch starts (``say_missing_toolchains``)
            return Outcome(
                -1, RunStatus.NOT_RUN, message=f"not run: {self.chain.missing_message()}"
            )
        words = self.layout.build_words(part)
        version = self.chain.version() if self.chain is not None else ""
        key = buildcache.build_key(self._sources(part), words, version)
        program = self.layout.program_name(part)
        kept = buildcache.lookup(key)
        if kept is not None:
            return self._from_cache(kept, program)
        failure = self.runner.compile(words, self.layout.build_limits)
        self.compiled += 1
        if failure is not None:
            if failure.status == RunStatus.COMPILE_ERROR and "ran out of" not in failure.message:
                self._keep_failure(key, failure)  # the same sources fail the same way
            return failure
        built = self.runner.work / program
        if built.is_symlink() or not built.is_file():
            return Outcome(
                -1, RunStatus.COMPILE_ERROR, error_type="CompileError",
                message=f"`{' '.join(words)}` made no program {program}",
            )  # fmt: skip
        with tempfile.TemporaryDirectory(prefix="unograde-keep-") as staging:
            shutil.copy2(built, Path(staging) / program, follow_symlinks=False)
            buildcache.keep(key, Path(staging))
        return None

    def _sources(self, part: str) -> list[tuple[str, bytes]]:
        """What a part's build depends on: every regular file of the submission (with the
        defaults provided) but the other parts' source files."""
        others = {source for p, source in self.layout.files if p != part}
        files = []
        for path in sorted(self.folder.rglob("*")):
            rel = path.relative_to(self.folder).as_posix()
            if rel in others or path.is_symlink() or not path.is_file():
                continue
            files.append((rel, path.read_bytes()))
        return files

    def _from_cache(self, kept: Path, program: str) -> Outcome | None:
        failed = kept / FAILED_BUILD
        if failed.is_file():
            data = json.loads(failed.read_text(encoding="utf-8"))
            return Outcome(
                -1, RunStatus.COMPILE_ERROR, error_type="CompileError",
                message=str(data.get("message", "")), traceback=str(data.get("report", "")),
            )  # fmt: skip
        target = self.runner.work / program
        if os.path.lexists(target):
            os.unlink(target)
        shutil.copy2(kept / program, target, follow_symlinks=False)
        os.chmod(target, 0o755)
        return None

    def _keep_failure(self, key: str, failure: Outcome) -> None:
        with tempfile.TemporaryDirectory(prefix="unograde-keep-") as staging:
            data = {"message": failure.message, "report": failure.traceback}
            (Path(staging) / FAILED_BUILD).write_text(json.dumps(data), encoding="utf-8")
            buildcache.keep(key, Path(staging))

    # Running

    def cases(self, cases: Sequence[Case], streaks: Any) -> Iterator[tuple[Case, Outcome]]:
        """Each case run by its part's program, in order, with what it printed parsed.

        The cases of one part that follow each other run in ONE sandboxed child
        (``ProgramRunner.run_each``: each case still its own run of the program, with the
        case's limits, on its own input file), as a Python submission's cases run in one
        child: a sandbox start costs many times a compiled program's run.  The child stops
        after a case that did not return, and a fresh one takes over from the next case."""
        k = 0
        while k < len(cases):
            case = cases[k]
            failure = self.build(case.part)
            if failure is not None:
                yield case, replace(failure, id=k)
                k += 1
                continue
            reason = streaks.blocked(case.part)
            if reason is not None:
                yield case, Outcome(k, RunStatus.NOT_RUN, message=reason)
                k += 1
                continue
            run = self._same_part(cases, k)
            words = self.layout.run_words(case.part, "{input}")
            inputs = [
                (self._input_name(c), self.plugin.program_input(c).encode("utf-8")) for c in run
            ]
            who = f"the program {self.layout.program_name(case.part)}"
            for outcome in self.runner.run_each(k, words, inputs):
                yield cases[k], self._read(cases[k], outcome, streaks, who)
                k += 1

    @staticmethod
    def _input_name(case: Case) -> str:
        return "cases/" + (Path(case.input_path).name or "input")

    def _same_part(self, cases: Sequence[Case], k: int) -> list[Case]:
        """The cases from ``k`` on that are of ``k``'s part, up to one whose input file has
        the name of one before it (each run's file is bound by its name)."""
        run, names = [], set()
        for case in cases[k:]:
            name = self._input_name(case)
            if case.part != cases[k].part or name in names:
                break
            run.append(case)
            names.add(name)
        return run

    def _read(self, case: Case, outcome: Outcome, streaks: Any, who: str) -> Outcome:
        """A case's run as the plugin reads it (``read_run``: a sanitizer's report), recorded
        for the timeout streaks, and its printed answer parsed."""
        outcome = self.plugin.read_run(case.part, outcome)
        streaks.record(case.part, case.name, outcome.status, who)
        if outcome.status == RunStatus.RETURNED:
            printed = outcome.value
            try:
                outcome.value = self.plugin.parse_program_output(case.part, printed)
            except ValueError as exc:
                outcome.status, outcome.message = RunStatus.MALFORMED, str(exc)
                stderr = f"\n(and on stderr:)\n{outcome.stdout}" if outcome.stdout else ""
                outcome.stdout = printed + stderr
        return outcome

    def probe_answers(self, probe: Probe, first_id: int) -> list[tuple[str, Any]] | None:
        """The probe's calls, each a run of the program of the part whose function it
        calls, on the input the plugin writes for it (``ProgramIO.call_input``), all in one
        sandboxed child (``ProgramRunner.run_each``: one sandbox start, not one per call);
        the answers stop at the first that differs from the probe's ``expected`` or that is
        not an answer. None when that part has no program or no input, or no time is left."""
        part = next((p.id for p in self.assignment.parts if p.function == probe.function), None)
        if part is None or self.build(part) is not None:
            return None
        inputs = []
        for n, args in enumerate(probe.calls):
            text = self.plugin.call_input(part, args)
            if text is None:
                return None
            inputs.append((f"cases/turn-{n + 1:03d}.uno", text.encode("utf-8")))
        words = self.layout.run_words(part, "{input}")
        answers: list[tuple[str, Any]] = []
        for n, ran in enumerate(self._run_chunks(first_id, words, inputs)):
            outcome = self.plugin.read_run(part, ran)
            if outcome.status == RunStatus.NOT_RUN:
                return None
            if outcome.status != RunStatus.RETURNED:
                answers.append(("raised", f"an error ({outcome.status}: {outcome.message})"))
                return answers
            try:
                value = self.plugin.parse_program_output(part, outcome.value)
            except ValueError as exc:
                answers.append(("raised", f"output that could not be read ({exc})"))
                return answers
            answers.append(("returned", value))
            if probe.expected is not None and n < len(probe.expected):
                if normalise(value) != normalise(probe.expected[n]):
                    return answers
        return answers

    def _run_chunks(
        self, first_id: int, words: tuple[str, ...], inputs: list[tuple[str, bytes]]
    ) -> Iterator[Outcome]:
        """The runs of ``inputs`` in chunks of FIRST_CHUNK, then twice as many each time,
        each chunk one sandboxed child: the caller stops at the first turn that departs,
        mostly early in a game, so running a whole long game would waste most of its runs;
        doubling keeps the children few (a 165-turn game: five at most)."""
        start, size = 0, FIRST_CHUNK
        while start < len(inputs):
            chunk = inputs[start : start + size]
            outcomes = self.runner.run_each(first_id + start, words, chunk)
            yield from outcomes
            if len(outcomes) < len(chunk) or any(o.status != RunStatus.RETURNED for o in outcomes):
                return
            start, size = start + len(chunk), size * 2
