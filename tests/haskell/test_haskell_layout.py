"""uno-moves in Haskell, as the course hands it out (issue 26): the four part files with the
course's Helpers.hs, compiled once in the sandbox and run as the course ran them.

Expectations are independent of the code under test: amal's game logic agrees with the
reference on every fixture (checked here by running the binary outside the grader against the
fixtures' solutions), bo's one wrong rule is planted by hand, cleo's part 3 has a type error
on a line we know, dara's part 4 never stops on a stuck game, eli's own Helpers.hs prints the
tuple with ``print``.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from graders.assignment import load_assignment
from graders.grade.engine import grade_submission
from graders.run import toolchains
from graders.run.layouts import Layout, say_missing_toolchains, submission_kinds
from graders.submission import load_submissions

# Slow tier: builds Haskell programs with GHC.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
CLASS = ROOT / "examples" / "uno-moves-haskell"
needs_ghc = pytest.mark.skipif(shutil.which("ghc") is None, reason="GHC is not installed")


@pytest.fixture(autouse=True)
def own_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("UNOGRADE_BUILD_CACHE", str(tmp_path / "builds"))


def grade(name: str, public_only: bool = False, folder: Path | None = None):
    assignment = load_assignment("uno-moves")
    subs = load_submissions(
        folder or CLASS / name, assignment.module, programs=submission_kinds(assignment)
    )
    assert len(subs) == 1
    cases = assignment.cases(visibility="public") if public_only else assignment.cases()
    return grade_submission(assignment, subs[0], cases)


def by_part(result):
    parts: dict[str, dict[str, int]] = {}
    for case in result.cases:
        counts = parts.setdefault(case.part, {})
        counts[case.outcome.value] = counts.get(case.outcome.value, 0) + 1
    return parts


@needs_ghc
def test_a_right_submission_gets_full_marks_and_says_whose_helpers():
    result = grade("amal")
    assert result.score == 100
    assert "the course's Helpers.hs was used (none was sent)" in result.notes
    assert isinstance(
        load_submissions(
            CLASS / "amal", "uno", programs=submission_kinds(load_assignment("uno-moves"))
        )[0].program,
        Layout,
    )


@needs_ghc
def test_one_rule_wrong_fails_where_the_rule_matters_and_is_explained_by_its_own_part1():
    result = grade("bo", public_only=True)
    failed = [c for c in result.cases if c.outcome == "failed"]
    assert failed and all(c.messages for c in failed)
    # The seed game of part 4: on turn 13 a red Draw 2 must extend a blue one (D1); bo's
    # part 1 program only extends with the same colour, so it pays the penalty instead.
    seed = next(c for c in result.cases if c.name == "seed-part04test01")
    assert seed.outcome == "failed"
    found = seed.first_divergence
    assert found is not None and found["turn"] == 13
    assert "plays ('r','d') on ('b','d')" in found["expected"]
    assert found["got"].startswith("draws 2 (a penalty)")


@needs_ghc
def test_a_part_that_does_not_compile_is_its_own_outcome_with_ghcs_words():
    result = grade("cleo", public_only=True)
    counts = by_part(result)
    assert counts["part03"] == {"compile-error": 11}
    assert counts["part01"] == {"passed": 12} and counts["part04"] == {"passed": 11}
    case = next(c for c in result.cases if c.part == "part03")
    message = case.messages[0]
    assert message.startswith("your csce322h0mework03part03.hs did not compile:")
    # the type error planted on line 88 (``length dc`` where a pile is wanted)
    assert "csce322h0mework03part03.hs:88:" in message and "error" in message
    assert "Couldn't match" in case.traceback or "match" in case.traceback
    assert len(case.traceback) <= 8000


@needs_ghc
def test_a_loop_times_out_and_the_rest_of_the_part_is_not_run():
    result = grade("dara")
    counts = by_part(result)
    assert counts["part04"].get("timeout") == 2
    assert counts["part04"].get("not-run", 0) > 0
    assert {k for k in counts["part03"]} == {"passed"}


@needs_ghc
def test_printing_something_else_is_malformed_output_shown_as_printed():
    result = grade("eli", public_only=True)
    assert {c.outcome.value for c in result.cases} == {"malformed"}
    assert "your own Helpers.hs was used" in result.notes
    case = result.cases[0]
    assert "printed output that could not be read" in case.messages[0]
    assert "[('y','2')" in case.stdout  # what it printed: the tuple, shown


@needs_ghc
def test_a_missing_part_scores_nothing_and_names_the_file(tmp_path):
    folder = tmp_path / "half"
    folder.mkdir()
    for n in (1, 2):
        shutil.copy(CLASS / "amal" / f"csce322h0mework03part0{n}.hs", folder)
    result = grade("", public_only=True, folder=folder)
    counts = by_part(result)
    assert counts["part01"] == {"passed": 12} and counts["part02"] == {"passed": 11}
    assert counts["part03"] == {"missing": 11}
    case = next(c for c in result.cases if c.part == "part04")
    assert "no csce322h0mework03part04.hs was sent" in case.messages[0]


@needs_ghc
def test_builds_are_cached_so_a_regrade_never_compiles_again(tmp_path, monkeypatch):
    from graders.grade import layout_run

    runs = []
    original = layout_run.ProgramRunner.compile

    def counting(self, words, limits):
        runs.append(words)
        return original(self, words, limits)

    monkeypatch.setattr(layout_run.ProgramRunner, "compile", counting)
    first = grade("cleo", public_only=True)
    assert len(runs) == 4  # each part once, the failed one too
    second = grade("cleo", public_only=True)
    assert len(runs) == 4  # nothing compiled again, the compile error included
    assert [c.outcome for c in first.cases] == [c.outcome for c in second.cases]
    assert first.cases[-1].messages == second.cases[-1].messages
    # a changed source builds afresh
    folder = tmp_path / "changed"
    shutil.copytree(CLASS / "amal", folder)
    grade("", public_only=True, folder=folder)
    before = len(runs)
    (folder / "csce322h0mework03part01.hs").write_text(
        (folder / "csce322h0mework03part01.hs").read_text() + "\n-- changed\n"
    )
    grade("", public_only=True, folder=folder)
    assert len(runs) == before + 1


TEMPLATE_ATTACK = """{-# LANGUAGE TemplateHaskell #-}
import Control.Exception (SomeException, try)
import Language.Haskell.TH (litE, runIO, stringL)

main :: IO ()
main = putStrLn $(do
  found <- runIO (try (readFile "SECRET") :: IO (Either SomeException String))
  litE (stringL (either (const "found nothing") id found)))
"""


@needs_ghc
def test_template_haskell_reading_a_file_outside_its_folder_finds_nothing(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("the hidden answer 4242")
    secret.chmod(0o644)
    folder = tmp_path / "mallory"
    folder.mkdir()
    (folder / "csce322h0mework03part01.hs").write_text(
        TEMPLATE_ATTACK.replace("SECRET", str(secret))
    )
    result = grade("", public_only=True, folder=folder)
    case = next(c for c in result.cases if c.part == "part01")
    # it compiled (the splice ran) and printed what the splice found: nothing
    assert case.outcome == "malformed", case.messages
    assert "found nothing" in case.stdout
    assert "4242" not in json.dumps(result.to_dict() if hasattr(result, "to_dict") else str(result))


def test_ghc_missing_is_said_once_with_the_install_command_and_the_parts_not_run(monkeypatch):
    monkeypatch.setattr(toolchains, "_which", lambda command: None)
    monkeypatch.setattr(toolchains, "_SAID", set())
    assignment = load_assignment("uno-moves")
    kinds = submission_kinds(assignment)
    subs = load_submissions(CLASS / "amal", "uno", programs=kinds)
    subs += load_submissions(CLASS / "bo", "uno", programs=kinds)
    said: list[str] = []
    assert say_missing_toolchains(subs, said.append) == ["GHC"]
    assert say_missing_toolchains(subs, said.append) == []
    assert said == [
        "GHC is not installed on this machine, so submissions that need it are not built or "
        "run; install it with `sudo apt-get install ghc` and grade again"
    ]
    result = grade_submission(assignment, subs[0], assignment.cases(visibility="public"))
    assert {c.outcome.value for c in result.cases} == {"not-run"}
    assert "sudo apt-get install ghc" in result.cases[0].messages[0]
    # a Python submission of the same run is graded as ever
    python = load_submissions(ROOT / "examples" / "uno-moves" / "ada", "uno", programs=kinds)[0]
    assert grade_submission(assignment, python, assignment.cases(visibility="public")).score == 100


@needs_ghc
def test_the_cli_grades_the_haskell_class_as_its_readme_says(tmp_path):
    out = tmp_path / "out"
    proc = subprocess.run(
        [sys.executable, "-m", "graders.cli", "grade", "uno-moves", str(CLASS), "--out", str(out),
         "--no-gradebook", "--public-only", "--timeout", "30"],
        capture_output=True, text=True, timeout=900,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    scores = {
        p.name: json.loads((p / "result.json").read_text())["score"]
        for p in out.iterdir()
        if p.is_dir()
    }
    assert scores["amal"] == 100 and scores["eli"] == 0
    assert scores["cleo"] == 75


def test_the_gradescope_setup_installs_ghc_only_where_haskell_is_accepted():
    from graders.export.gradescope import toolchain_lines

    lines = toolchain_lines(load_assignment("uno-moves"))
    assert "apt-get install -y -qq ghc" in lines and "command -v ghc" in lines
    assert toolchain_lines(load_assignment("ochos-locos")) == ""
