"""A compiler's first error, as the grader and the kit say it: gcc's own reports, made here."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from unokit.text import first_error

needs_gcc = pytest.mark.skipif(shutil.which("gcc") is None, reason="gcc is not installed")


def _gcc(tmp_path: Path, source: str) -> str:
    (tmp_path / "t.c").write_text(source)
    done = subprocess.run(
        ["gcc", "-o", "t", "t.c"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert done.returncode != 0
    return done.stderr


@needs_gcc
def test_a_compile_fault_is_its_file_line_and_column(tmp_path):
    said = first_error(_gcc(tmp_path, "int main(void) {\n  return x;\n}\n"))
    assert said.startswith("t.c:2:10: error:")
    assert "x\u2019 undeclared" in said or "'x' undeclared" in said


@needs_gcc
def test_a_link_error_names_what_is_missing_not_collect2(tmp_path):
    report = _gcc(tmp_path, "int decideMove(int);\nint main(void) { return decideMove(1); }\n")
    assert "collect2: error: ld returned 1 exit status" in report  # what was said before
    said = first_error(report)
    assert "undefined reference to `decideMove'" in said and "collect2" not in said


@needs_gcc
def test_a_doubled_definition_is_named(tmp_path):
    (tmp_path / "a.c").write_text("int f(void) { return 1; }\n")
    (tmp_path / "b.c").write_text("int f(void) { return 2; }\nint main(void) { return f(); }\n")
    done = subprocess.run(["gcc", "a.c", "b.c"], capture_output=True, text=True, cwd=tmp_path)
    said = first_error(done.stderr)
    assert "multiple definition of `f'" in said


def test_a_linker_line_without_a_name_is_kept_as_it_is():
    assert first_error("collect2: error: ld returned 1 exit status\n") == (
        "collect2: error: ld returned 1 exit status"
    )


def test_ghc_s_message_follows_its_error_line():
    report = "Part01.hs:3:7: error:\n    \u2022 Variable not in scope: foo\n    \u2022 Perhaps\n"
    assert first_error(report) == "Part01.hs:3:7: error: Variable not in scope: foo Perhaps"
