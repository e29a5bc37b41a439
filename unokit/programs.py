"""A self-check's runs of a whole program (``main.py``, ``main.js``, ``Main.java``, ...).

Where an assignment grades programs in any language (its ``[programs]`` table), the kit
checks one the same way: built once (``javac``, ``gcc``) in a copy of the student's folder,
then run per case with the case's input on standard input, its arguments after the program's
own command, within the case's wall-clock time; what it printed is read back by the
assignment's feedback module.  ``python``/``python3`` means this interpreter, started
``-I -S`` as the grader starts it.  The kit's side only (the grader: :mod:`graders.run.programs`).
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from .session import Run
from .text import cap_text, clean_text, error_line, first_error

BUILD_TIMEOUT = 120.0
SKIP = {"unocheck", "fixtures", "__pycache__", ".venv", "venv", ".git", ".pytest_cache"}


def argv(words: Sequence[str]) -> list[str]:
    """A command as the kit runs it: ``python3`` is this interpreter, isolated."""
    if words and words[0] in ("python", "python3"):
        return [sys.executable, "-I", "-S", *words[1:]]
    return list(words)


class Program:
    """A working copy of the student's folder, built once, run per case."""

    def __init__(
        self,
        folder: Path,
        run: Sequence[str],
        build: Sequence[str] = (),
        build_timeout: float = BUILD_TIMEOUT,
    ) -> None:
        self.run_words, self.build_words = list(run), list(build)
        self.build_timeout = build_timeout
        self.work = Path(tempfile.mkdtemp(prefix="unocheck-program-"))
        for entry in sorted(Path(folder).iterdir()):
            if entry.name in SKIP or entry.name in ("conftest.py", "pytest.ini"):
                continue
            if entry.is_dir() and not entry.is_symlink():
                shutil.copytree(entry, self.work / entry.name, symlinks=True)
            elif entry.is_file():
                shutil.copy2(entry, self.work / entry.name)

    def __enter__(self) -> Program:
        return self

    def __exit__(self, *exc: object) -> None:
        shutil.rmtree(self.work, ignore_errors=True)

    def _run(self, words: Sequence[str], stdin: str, timeout: float, out_cap: int) -> Run:
        command = argv(words)
        if (
            shutil.which(command[0], path=os.environ.get("PATH")) is None
            and not (self.work / command[0]).is_file()
        ):
            return Run("crashed", message=f"cannot start {command[0]}: not found on this machine")
        started = time.monotonic()
        with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
            try:
                proc = subprocess.Popen(
                    command,
                    cwd=self.work,
                    stdin=subprocess.PIPE,
                    stdout=out,
                    stderr=err,
                    start_new_session=os.name == "posix",
                )
            except OSError as exc:
                return Run("crashed", message=f"cannot start {command[0]}: {exc.strerror or exc}")
            try:
                assert proc.stdin is not None
                proc.stdin.write(stdin.encode())
                proc.stdin.close()
            except OSError:
                pass
            timed_out = False
            try:
                code = proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                timed_out, code = True, None
                try:
                    if os.name == "posix":
                        os.killpg(proc.pid, signal.SIGKILL)
                    else:
                        proc.kill()
                except OSError:
                    pass
                proc.wait()
            elapsed = time.monotonic() - started
            out.seek(0)
            stdout = out.read(out_cap + 1).decode("utf-8", "replace")
            err.seek(0)
            stderr = clean_text(err.read(8192).decode("utf-8", "replace"))
        # ``traceback`` keeps stderr from the top: a build's first error (see ``build_part``).
        run = Run(
            "returned", value=stdout[:out_cap], stdout=stderr[-2000:], traceback=stderr,
            seconds=elapsed,
        )  # fmt: skip
        if timed_out:
            run.status, run.message = "timeout", f"no answer within {timeout:g} s (wall clock)"
        elif len(stdout) > out_cap:
            run.status = "crashed"
            run.message = f"printed more than {out_cap // 1024} KB (the output limit)"
        elif code is not None and code < 0:
            try:
                name = signal.Signals(-code).name
            except ValueError:
                name = str(-code)
            run.status, run.message = "crashed", f"killed by signal {name}"
        elif code:
            run.status = "crashed"
            run.message = f"exited with status {code}" + error_line(stderr)
        return run

    def build(self) -> Run | None:
        """Build once; a run saying why when the build fails: a ``compile-error`` with the
        compiler's first error and its report, as the grader says it."""
        if not self.build_words:
            return None
        return self._compile(self.build_words, self.build_timeout)

    def _compile(self, words: Sequence[str], timeout: float) -> Run | None:
        """One compiler run in the working copy; None when it built."""
        result = self._run(words, "", timeout, 1 << 20)
        if result.status == "returned":
            return None
        report = cap_text(result.traceback.strip() or str(result.value or "").strip(), 6000)
        if result.message.startswith("exited with status"):
            message = first_error(report) or result.message
        else:
            message = f"the build ran out of its limits: {result.message}"
        return Run("compile-error", error_type="CompileError", message=message, traceback=report)

    def usable_build(self, layout: dict, compiler: str | None) -> tuple[list[str], list[str]]:
        """The layout's build command as this machine can run it, and notes saying how it
        differs from the grader's: ``compiler`` (``cc`` where there is no ``gcc``) in place of
        its first word, and, where a tiny program built with the command's flags does not
        build or run (a compiler without AddressSanitizer, a kernel it cannot map its shadow
        memory on), the sanitizer flags left out."""
        words = list(layout["build"])
        notes: list[str] = []
        if compiler is None or not words:
            return words, notes
        if compiler != words[0]:
            notes.append(f"built with {compiler} (this machine has no {words[0]})")
            words[0] = compiler
        optional = [w for w in words if w.startswith(("-fsanitize", "-fno-sanitize"))]
        if not optional:
            return words, notes
        flags, skip = [], False
        for word in words[1:]:
            if skip or word == "-o":
                skip = word == "-o"
                continue
            if word.startswith("-") and "{" not in word:
                flags.append(word)
        if self._probe([compiler, *flags]) is None:
            return words, notes
        plain = [w for w in flags if w not in optional]
        failure = self._probe([compiler, *plain])
        if failure is None:
            notes.append(
                f"built WITHOUT {' '.join(optional)}: {compiler} here cannot build or run a "
                "program with them; the grader builds with AddressSanitizer and "
                "UndefinedBehaviorSanitizer, so a memory error it reports may pass here"
            )
            return [w for w in words if w not in optional], notes
        notes.append(
            f"{compiler} here cannot build a program with the grader's flags ({failure}); "
            "the grader builds on Linux with gcc"
        )
        return words, notes

    def _probe(self, command: list[str]) -> str | None:
        """Build and run an empty C program with ``command``; None when both work, else the
        first line that says why."""
        source = self.work / ".unocheck-probe.c"
        program = self.work / ".unocheck-probe"
        source.write_text("int main(void) { return 0; }\n", encoding="utf-8")
        try:
            built = self._run([*command, "-o", program.name, source.name], "", 60.0, 1 << 16)
            if built.status != "returned":
                said = first_error(built.traceback) or built.message
                return said.strip().splitlines()[0][:200] if said.strip() else "it failed"
            ran = self._run([f"./{program.name}"], "", 10.0, 1 << 16)
            if ran.status != "returned":
                return f"the program it built {ran.message}"[:200]
            return None
        finally:
            source.unlink(missing_ok=True)
            program.unlink(missing_ok=True)

    def build_part(self, layout: dict, part: str, source: str | None) -> Run | None:
        """Build one part of a course's layout (``ghc ... csce322h0mework03part01.hs``) as
        the grader does; None when built, else the run every case of the part gets."""
        if source is None or not (self.work / source).is_file():
            return Run(
                "missing", error_type="MissingFile", message=(
                    f"no {source or 'file'} found: it is the file for {part}, so this part "
                    "scores nothing"
                ),
            )  # fmt: skip
        program = layout["program"].format(part=part)
        words = [w.format(part=part, source=source, program=program) for w in layout["build"]]
        if shutil.which(words[0]) is None:
            return Run(
                "not-run",
                message=f"not run: {layout['language']} needs {words[0]}, which is not installed "
                f"on this machine: install it ({layout.get('install', '')}) and check again",
            )
        return self._compile(words, float(layout.get("build_timeout", BUILD_TIMEOUT)))

    def run_with_file(
        self, words: Sequence[str], name: str, data: bytes, timeout: float, out_cap: int
    ) -> Run:
        """One case of a layout: its input file put at ``name`` in the working copy first."""
        target = self.work / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
        try:
            return self._run(words, "", timeout, out_cap)
        finally:
            target.unlink(missing_ok=True)

    def run(self, stdin: str, args: Sequence[str], timeout: float, out_cap: int) -> Run:
        """One case: ``stdin`` on standard input, ``args`` after the program's command."""
        return self._run([*self.run_words, *args], stdin, timeout, out_cap)
