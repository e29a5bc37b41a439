"""What a kit holds, and what it must never hold (independent of running it).

No hidden case (name, input or expectation), no reference source, no solution, no unograde in
its requirements; its check code is the package's runtime, verbatim (one place).
"""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from graders.assignment import load_assignment
from graders.contract import SelfCheck
from graders.courses import builtin
from graders.kit.build import HARNESS, REQUIREMENTS, RUNTIME, build_kit
from graders.paths import templates_dir

from .conftest import EXAMPLES, ROOT, build

# Slow tier: builds every assignment's kit.
pytestmark = pytest.mark.slow

KITS = ["final-card-down", "ochos-locos", "uno-lab", "uno-moves", "uno-official"]


@pytest.fixture(scope="module", params=KITS)
def made(request, tmp_path_factory):
    """(assignment id, the kit's folder) for each assignment that offers a kit."""
    return request.param, build(request.param, tmp_path_factory.mktemp(request.param))


def kit_files(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()
    }


def test_every_assignment_that_can_have_a_kit_has_one():
    offering = [
        a for a in builtin().assignment_ids() if isinstance(load_assignment(a).plugin, SelfCheck)
    ]
    assert sorted(offering) == sorted(KITS)


def test_no_hidden_case_goes_in(made):
    assignment_id, folder = made
    assignment = load_assignment(assignment_id)
    files = kit_files(folder)
    # The page may name hidden cases (final-card-down's says its mutants are mutant-01 ..
    # mutant-29); nothing else may.
    text = "\n".join(
        data.decode("utf-8", "replace") for n, data in files.items() if n != "README.md"
    )
    cases = assignment.manifest()["cases"]
    hidden = [e for e in cases if e["visibility"] != "public"]
    assert hidden
    public_files = {
        (assignment.fixtures / e[key]).read_bytes()
        for e in cases
        if e["visibility"] == "public"
        for key in ("input", "expected")
        if e.get(key)
    }
    for entry in hidden:
        assert not re.search(rf"(?<![\w-]){re.escape(entry['name'])}(?![\w-])", text), entry
        for key in ("input", "expected"):
            if entry.get(key):
                assert f"fixtures/{entry[key]}" not in files
                hidden_bytes = (assignment.fixtures / entry[key]).read_bytes()
                if hidden_bytes in public_files:
                    continue  # the same text as a public file ("result: RED"): no secret
                assert all(hidden_bytes != data for data in files.values()), entry
    kit = json.loads(files["unocheck/kit.json"])
    public = {e["name"] for e in assignment.manifest()["cases"] if e["visibility"] == "public"}
    assert {c["name"] for c in kit["cases"]} <= public
    # Nor any hidden case's call, whatever its name.
    hidden_args = [repr(c.args) for c in assignment.cases(visibility="hidden")]
    wire = __import__("graders.run.harness", fromlist=["tagged"])
    decoded = json.loads(files["unocheck/kit.json"], object_hook=wire.tagged)
    assert not {repr(c["args"]) for c in decoded["cases"]} & set(hidden_args)


def test_no_reference_source_and_no_solution(made):
    assignment_id, folder = made
    files = kit_files(folder)
    reference = {p.read_bytes() for p in (ROOT / "reference").rglob("*.py")}
    assert not reference & set(files.values())
    solutions = {p.read_bytes() for p in (EXAMPLES / assignment_id).rglob("*") if p.is_file()}
    assert not solutions & set(files.values())
    for name, data in files.items():
        if name.endswith(".py"):
            code = data.decode("utf-8")
            assert not re.search(r"^\s*(from|import)\s+(reference|graders)\b", code, re.M), name
    assert "STAFF.md" not in {Path(n).name for n in files}


def test_the_check_code_is_the_runtime_verbatim(made):
    _, folder = made
    for path in RUNTIME.glob("*.py"):
        assert (folder / "unocheck" / path.name).read_bytes() == path.read_bytes()
    assert (folder / "unocheck" / "harness.py").read_bytes() == HARNESS.read_bytes()
    template = (templates_dir() / "case.txt.j2").read_bytes()
    assert (folder / "unocheck" / "case.txt.j2").read_bytes() == template


def test_requirements_name_only_what_the_check_imports(made):
    _, folder = made
    wanted = (folder / "requirements.txt").read_text().split()
    assert wanted == list(REQUIREMENTS)
    names = {re.split(r"[<>=]", w)[0].lower() for w in wanted}
    assert names == {"pytest", "deepdiff", "jinja2"}
    # Everything the check's modules import from outside the standard library is in there.
    imported = set()
    for path in (folder / "unocheck").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                imported |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                imported.add(node.module.split(".")[0])
    outside = {m for m in imported if m not in sys.stdlib_module_names and m != "__future__"}
    assert outside <= {"pytest", "deepdiff", "jinja2"} | {"unolab", "scenario_runner"}


def test_the_page_is_the_assignments_page(made):
    assignment_id, folder = made
    page = (ROOT / "assignments" / assignment_id / "README.md").read_bytes()
    assert (folder / "README.md").read_bytes() == page
    check = (folder / "CHECK.md").read_text()
    assert "python -m pip install -r requirements.txt" in check and "python -m pytest" in check


# A reference module or path, a seeds path, a staff command (tests/kit/test_student_pages.py checks
# the pages in the repository; this, the page as the kit ships it). "the reference." ending a
# sentence is no module path.
STAFF_WORDS = re.compile(r"\breference[./][A-Za-z_]|\bseeds/|unograde (solve|fixtures)")


def test_the_staff_words_catch_what_they_are_for():
    for sample in (
        "`reference.uno_lab`",
        "`reference/uno_lab/plugin.py`",
        "`shared/seeds/`",
        "`unograde solve uno-lab/task04 FILE`",
        "unograde fixtures generate",
    ):
        assert STAFF_WORDS.search(sample), sample
    assert not STAFF_WORDS.search("not your ADT and not the reference.  An invalid move")


def test_the_page_has_no_staff_notes(made):
    assignment_id, folder = made
    page = (folder / "README.md").read_text()
    assert not STAFF_WORDS.findall(page)
    # No hidden case with inputs of its own is named. final-card-down's mutants have none: they
    # are named by number only (mutant-01 .. mutant-29, what a student's report shows, D19).
    assignment = load_assignment(assignment_id)
    hidden = [e for e in assignment.manifest()["cases"] if e["visibility"] != "public"]
    with_inputs = [e for e in hidden if e.get("input")]
    assert with_inputs
    for entry in with_inputs:
        assert not re.search(rf"(?<![\w-]){re.escape(entry['name'])}(?![\w-])", page), entry
        assert Path(entry["input"]).name not in page, entry
    for entry in hidden:
        if not entry.get("input"):
            assert re.fullmatch(r"mutant-\d\d", entry["name"]), entry


@pytest.mark.parametrize("assignment_id", ["uno-moves", "uno-lab"])
def test_the_zip_is_the_same_bytes_each_time(tmp_path, assignment_id):
    first, second = tmp_path / "a.zip", tmp_path / "b.zip"
    build_kit(load_assignment(assignment_id), first)
    build_kit(load_assignment(assignment_id), second)  # uno-lab's grader keys are fresh each time
    assert first.read_bytes() == second.read_bytes()
    with zipfile.ZipFile(first) as zf:
        names = zf.namelist()
    assert all(n.startswith(f"{assignment_id}-kit/") for n in names)
    assert all(".." not in n and not n.startswith("/") for n in names)


def unograde(*args, cwd=None):
    return subprocess.run(
        [sys.executable, "-m", "graders.cli", *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=cwd,
    )


def test_the_command_writes_the_zip_and_bad_input_exits_2(tmp_path):
    proc = unograde("kit", "uno-moves", "--out", str(tmp_path / "k.zip"))
    assert proc.returncode == 0, proc.stderr
    assert "45 public cases" in proc.stdout and (tmp_path / "k.zip").is_file()
    proc = unograde("kit", "nope", "--out", str(tmp_path / "x.zip"))
    assert proc.returncode == 2 and "unknown assignment 'nope'" in proc.stderr
    assert "Traceback" not in proc.stderr
    proc = unograde("kit", "uno-moves", "--out", str(tmp_path / "missing" / "k.zip"))
    assert proc.returncode == 2 and "no such folder" in proc.stderr
    proc = unograde("kit", "uno-moves", "--out", str(tmp_path))
    assert proc.returncode == 2
    # The default name, in the current folder.
    proc = unograde("kit", "uno-moves", cwd=tmp_path)
    assert proc.returncode == 0 and (tmp_path / "uno-moves-kit.zip").is_file()
