"""``unograde export gradescope``: the zip Gradescope builds its image from, and its runs.

Run as Gradescope runs it (``setup.sh`` once, then ``run_autograder`` per upload, with
``/autograder`` standing in a temporary folder): a right solution gets full marks, a wrong one
partial marks with the structural feedback, a crashing one a clear message, and hidden cases
show only what Gradescope's visibility rules allow.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from graders.assignment import load_assignment
from graders.export.gradescope import SANDBOX_ACCOUNT, build_autograder
from graders.new import scaffold
from graders.results import OUTCOMES

from .conftest import EXAMPLES, Autograder, unzip

# Slow tier: builds a wheel and a virtual environment.
pytestmark = pytest.mark.slow

ADA = EXAMPLES / "uno-moves" / "ada" / "uno.py"
BEN = EXAMPLES / "uno-moves" / "ben.py"
# uno-moves: 45 public cases (see tests/check/test_check_command.py) and 20 hidden per part.
PUBLIC, HIDDEN = 45, 80


def hidden_tests(results: dict) -> list[dict]:
    """The tests Gradescope holds back: a hidden case's test is named as it is and carries the
    assignment's visibility (uno-moves: after_published, the default), never "visible"."""
    return [t for t in results["tests"] if t["visibility"] != "visible"]


def public_tests(results: dict) -> list[dict]:
    return [t for t in results["tests"] if t["visibility"] == "visible"]


def test_the_zip_has_gradescopes_layout(exported):
    with zipfile.ZipFile(exported) as zf:
        infos = {i.filename: i for i in zf.infolist()}
        wheel_name = next(n for n in infos if n.endswith(".whl"))
        setup = zf.read("setup.sh").decode()
        run = zf.read("run_autograder").decode()
        constraints = zf.read("constraints.txt").decode()
    # setup.sh and run_autograder at the root of the archive, executable.
    for name in ("setup.sh", "run_autograder"):
        assert (infos[name].external_attr >> 16) & 0o111, name
    assert setup.startswith("#!/usr/bin/env bash") and run.startswith("#!/usr/bin/env bash")
    assert re.fullmatch(r"unograde-[\d.]+-py3-none-any\.whl", wheel_name)  # any Python 3.11+
    assert "bubblewrap" in setup and wheel_name in setup and "graders.export.autograder" in run
    # pyproject's runtime dependencies (the gradebook's sqlalchemy, matplotlib, pyyaml, the
    # sandbox's pyseccomp...), read from pyproject.toml itself.
    import tomllib

    pyproject = tomllib.loads((EXAMPLES.parent / "pyproject.toml").read_text())
    declared = pyproject["project"]["dependencies"]
    names = {re.split(r"[<>=!~\[ ;]", spec, maxsplit=1)[0].lower() for spec in declared}
    assert names >= {"click", "deepdiff", "jinja2", "sqlalchemy", "pyseccomp"}
    pinned = {line.split("==")[0].lower() for line in constraints.splitlines() if "==" in line}
    assert pinned == names


def test_the_wheel_is_the_instructors_package(exported, tmp_path):
    """What the published package holds: the grader, every reference and every fixture (hidden
    ones too), the assignments' folders and the templates; not the tests or the examples."""
    with zipfile.ZipFile(exported) as zf:
        wheel_name = next(n for n in zf.namelist() if n.endswith(".whl"))
        (tmp_path / wheel_name).write_bytes(zf.read(wheel_name))
    with zipfile.ZipFile(tmp_path / wheel_name) as zf:
        names = set(zf.namelist())
    assert "graders/cli.py" in names and "unokit/compare.py" in names
    assert "reference/uno_moves/rules.py" in names
    manifest = load_assignment("uno-moves").manifest()
    hidden = next(e for e in manifest["cases"] if e["visibility"] == "hidden")
    assert f"graders/_data/fixtures/uno-moves/{hidden['input']}" in names
    assert "graders/_data/assignments/uno-moves/feedback.py" in names
    assert not any(n.startswith(("tests/", "examples/", "benchmarks/")) for n in names)


def test_setup_leaves_the_answers_readable_by_root_only(autograder):
    """Where bubblewrap cannot run, children run as an unprivileged user: the references, the
    hidden fixtures and the zip's folder (the wheel) must be closed to them."""
    python = autograder.root / "unograde-venv" / "bin" / "python"
    site = subprocess.run(
        [str(python), "-I", "-c", "import graders.paths as p; print(p._PACKAGE.parent)"],
        capture_output=True,
        text=True,
        cwd=autograder.root,
    ).stdout.strip()
    assert site.startswith(str(autograder.root)), site
    for folder in (Path(site) / "reference", Path(site) / "graders/_data/fixtures"):
        for path in [folder, *folder.rglob("*")]:
            assert path.stat().st_mode & 0o077 == 0, path
    assert (autograder.root / "source").stat().st_mode & 0o077 == 0
    assert (Path(site) / "graders/run/harness.py").stat().st_mode & 0o004  # children read it


def test_a_right_solution_gets_full_marks(autograder):
    results, proc = autograder.run({"uno.py": ADA})
    assert proc.returncode == 0, proc.stderr
    tests = results["tests"]
    assert len(tests) == PUBLIC + HIDDEN
    assert all(t["status"] == "passed" for t in tests)
    assert results["score"] == pytest.approx(100)
    assert sum(t["max_score"] for t in tests) == pytest.approx(100)
    assert "Isolation:" in results["output"]


def test_a_wrong_solution_gets_partial_marks_and_the_differences(autograder):
    results, _ = autograder.run({"uno.py": BEN})
    assert 0 < results["score"] < 100
    assert results["score"] == pytest.approx(sum(t["score"] for t in results["tests"]))
    failed = [t for t in public_tests(results) if t["status"] == "failed"]
    assert failed
    assert any(
        re.search(r"hand 1, card \d+: expected \('\w','\w'\), got", t["output"]) for t in failed
    )
    # Where a failed game went wrong comes first, then how its end differs, then its input.
    explained = [t for t in failed if t["output"].startswith("**Where it went wrong:**")]
    assert explained and all(t["tags"] != ["part01"] for t in explained)
    assert all("Input (start state):" in t["output"] for t in failed)


def test_hidden_cases_show_their_name_and_verdict_only(autograder):
    results, _ = autograder.run({"uno.py": BEN})
    hidden = hidden_tests(results)
    assert len(hidden) == HIDDEN and len(public_tests(results)) == PUBLIC
    # The verdict first; a failed one may add a smaller fresh case
    # (tests/grade/test_counterexamples.py), and the hidden inputs are checked absent below.
    assert {t["output"].split("\n")[0] for t in hidden} <= set(OUTCOMES.values())
    assert all("\n" not in t["output"] or "smaller case" in t["output"] for t in hidden)
    assert {t["visibility"] for t in hidden} == {"after_published"}  # the default
    assert not any("(hidden)" in t["name"] for t in results["tests"])  # named as they are
    assignment = load_assignment("uno-moves")
    shown = json.dumps(results)
    for case in assignment.cases(visibility="hidden"):
        # Not the hidden input's cards, nor its expected piles (as the feedback would print them).
        assert str(case.args[2][:3]) not in shown
    assert results["stdout_visibility"] == "hidden"


def test_a_crashing_submission_gets_a_clear_message(autograder):
    crash = (
        "import ctypes\n"
        + ADA.read_text()
        + ("\ndef onePlayerOneMove(discard, deck, hand):\n    return ctypes.string_at(0)\n")
    )
    results, _ = autograder.run({"uno.py": crash})
    part01 = [t for t in results["tests"] if t["tags"] == ["part01"]]
    assert all(t["status"] == "failed" for t in part01)
    public = [t for t in part01 if t["visibility"] == "visible"]
    assert all(
        "onePlayerOneMove crashed: the process killed by signal 11 SIGSEGV" in t["output"]
        for t in public
    )
    others = [t for t in results["tests"] if t["tags"] != ["part01"]]
    assert all(t["status"] == "passed" for t in others)  # one crash costs only its cases
    assert results["score"] == pytest.approx(75)


def test_a_submission_that_cannot_run_says_where(autograder):
    results, _ = autograder.run({"uno.py": "def onePlayerOneMove(discard, deck, hand:\n"})
    assert results["score"] == 0
    assert re.search(r"Problem: uno\.py:1:\d+: SyntaxError", results["output"])
    public = public_tests(results)
    assert all("SyntaxError" in t["output"] for t in public)


def test_uploads_in_a_folder_a_notebook_or_nothing(autograder):
    # A folder around the work (a zip or a repository upload) is looked through.
    results, _ = autograder.run({"my-repo/uno.py": ADA, "my-repo/README.md": "mine"})
    assert results["score"] == pytest.approx(100)
    import nbformat
    from nbformat import v4

    notebook = v4.new_notebook(cells=[v4.new_code_cell(ADA.read_text())])
    results, _ = autograder.run({"homework.ipynb": nbformat.writes(notebook)})
    assert results["score"] == pytest.approx(100)
    results, proc = autograder.run({})
    assert results["score"] == 0 and "Nothing was uploaded" in results["output"]
    assert results["tests"] == [] and proc.returncode == 0
    results, _ = autograder.run({"a.py": ADA, "b.py": ADA})
    assert results["score"] == 0 and "holds 2 submissions (a.py, b.py)" in results["output"]


HOSTILE = (
    "import sys\n"
    "def onePlayerOneMove(discard, deck, hand):\n"
    "    print('\\x1b[2J\\x1b]8;;http://evil\\x07click\\x1b]8;;\\x07<script>alert(1)</script>'"
    " * 2000)\n"
    "    raise ValueError('\\x1b[31m\\u202e\\ud800' + 'x' * 100000)\n"
)


def test_what_a_submission_controls_is_plain_and_bounded(autograder):
    results, _ = autograder.run({"uno.py": HOSTILE})
    text = (autograder.root / "results" / "results.json").read_text(encoding="utf-8")
    assert len(text) < 1_000_000
    assert not re.search("[\x1b\x9b\u202e\ud800-\udfff]", json.dumps(results, ensure_ascii=False))
    public = public_tests(results)
    assert all(t["output_format"] == "md" for t in results["tests"])
    assert results["output_format"] == "md"
    assert all(len(t["output"]) <= 7000 for t in public)
    assert any("onePlayerOneMove raised ValueError" in t["output"] for t in public)
    # Markdown that stays text: outside its fenced blocks (where it is shown as written), no
    # tag and no link a submission wrote; and every block is closed.
    for test in public:
        prose = re.sub(r"(?ms)^(`{3,})\n.*?^\1$", "", test["output"])
        assert "`" * 3 not in prose, test["output"][-300:]
        assert "<script>" not in prose and "](http" not in prose
    assert any("<script>" in t["output"] for t in public)  # printed, shown in a block


def test_run_autograder_without_a_setup_still_writes_results(exported, tmp_path):
    root = tmp_path / "autograder"
    (root / "source").mkdir(parents=True)
    unzip(exported, root / "source")
    results, proc = Autograder(root).run({"uno.py": ADA})
    assert proc.returncode == 1
    assert results["score"] == 0 and "setup.sh failed" in results["output"]


def test_a_course_assignment_with_hidden_cases_after_the_due_date(exported, autograder, tmp_path):
    """An assignment of a course folder (``unograde new``) goes into the zip with its course;
    ``hidden_visibility = "after_due_date"`` makes its hidden cases Gradescope's
    ``after_due_date``, and the export's ``--hidden-visibility`` bakes in another."""
    course = tmp_path / "course"
    env_course = os.environ.pop("UNOGRADE_COURSE", None)
    try:
        scaffold("card-points", course)
        toml = course / "assignments" / "card-points" / "assignment.toml"
        text = toml.read_text()
        toml.write_text(text.replace("show_hidden = true", 'hidden_visibility = "after_due_date"'))
        assert toml.read_text() != text
        with zipfile.ZipFile(exported) as zf:
            wheel_name = next(n for n in zf.namelist() if n.endswith(".whl"))
            (tmp_path / wheel_name).write_bytes(zf.read(wheel_name))
        archive = tmp_path / "card-points.zip"
        build_autograder(load_assignment("card-points"), archive, wheel=tmp_path / wheel_name)
        hidden_zip = tmp_path / "card-points-hidden.zip"
        build_autograder(
            load_assignment("card-points"), hidden_zip, tmp_path / wheel_name, "hidden"
        )
    finally:
        os.environ.pop("UNOGRADE_COURSE", None)
        if env_course is not None:
            os.environ["UNOGRADE_COURSE"] = env_course
    with zipfile.ZipFile(archive) as zf:
        assert "course/assignments/card-points/assignment.toml" in zf.namelist()
    root = tmp_path / "root"
    (root / "source").mkdir(parents=True)
    unzip(archive, root / "source")
    (root / "unograde-venv").symlink_to(autograder.root / "unograde-venv")  # set up already
    solution = course / "assignments" / "card-points" / "solution" / "card_points.py"
    results, proc = Autograder(root).run({"card_points.py": solution})
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert results["score"] == pytest.approx(sum(t["max_score"] for t in results["tests"]))
    hidden = hidden_tests(results)
    assert hidden and {t["visibility"] for t in hidden} == {"after_due_date"}
    # The same assignment exported with --hidden-visibility hidden.
    with zipfile.ZipFile(hidden_zip) as zf:
        assert "--hidden-visibility hidden" in zf.read("run_autograder").decode()
    shutil.rmtree(root / "source")
    (root / "source").mkdir()
    unzip(hidden_zip, root / "source")
    results, proc = Autograder(root).run({"card_points.py": solution})
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert {t["visibility"] for t in hidden_tests(results)} == {"hidden"}
    assert len(hidden_tests(results)) == len(hidden)


def _bwrap_root_view() -> list[str] | None:
    """bubblewrap's options for a root made of this machine's system folders (no /autograder
    on the host is needed: the mount point is made inside)."""
    bwrap = shutil.which("bwrap")
    if bwrap is None:
        return None
    cmd = [bwrap, "--die-with-parent", "--unshare-pid"]
    for top in ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/etc"):
        path = Path(top)
        if path.is_symlink():
            cmd += ["--symlink", os.readlink(path), top]
        elif path.is_dir():
            cmd += ["--ro-bind", top, top]
    prefix = os.path.realpath(sys.base_prefix)
    if not prefix.startswith("/usr"):
        # Folders on the way made readable by any user (pyenv lives in /root, 0700).
        for parent in reversed(Path(prefix).parents[:-1]):
            cmd += ["--perms", "0755", "--dir", str(parent)]
        cmd += ["--ro-bind", prefix, prefix]
    return cmd + ["--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp"]


def test_the_real_paths_with_autograder_bound_by_bubblewrap(autograder):
    view = _bwrap_root_view()
    if view is None:
        pytest.skip("bubblewrap is not installed")
    probe = subprocess.run([*view, "true"], capture_output=True, timeout=30)
    if probe.returncode != 0:
        pytest.skip(f"bubblewrap cannot make namespaces here: {probe.stderr[-300:]!r}")
    submission = autograder.root / "submission"
    shutil.rmtree(submission, ignore_errors=True)
    shutil.rmtree(autograder.root / "results", ignore_errors=True)
    submission.mkdir()
    shutil.copy(ADA, submission / "uno.py")
    env = {
        k: v
        for k, v in autograder.env().items()
        if k not in ("UNOGRADE_AUTOGRADER_ROOT", "UNOGRADE_SANDBOX_USER")
    }
    proc = subprocess.run(
        [*view, "--bind", str(autograder.root), "/autograder", "--chdir", "/autograder",
         "bash", "/autograder/source/run_autograder"],
        env=env, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    results = json.loads((autograder.root / "results" / "results.json").read_text())
    assert results["score"] == pytest.approx(100)
    assert "/autograder/results/results.json" in proc.stdout
    if "rlimits" in results["output"]:
        # bubblewrap inside bubblewrap is refused here: children ran as the image's
        # unprivileged user (the exported run_autograder's default: its own account where
        # setup.sh made one on this machine, else nobody), and still got every mark.
        import re

        user = re.search(r"runs as the unprivileged user (\S+) \(not root\)", results["output"])
        assert user is not None and user.group(1) in ("nobody", SANDBOX_ACCOUNT), results["output"]


def test_the_command_and_its_bad_input(tmp_path, exported):
    def unograde(*args):
        return subprocess.run(
            [sys.executable, "-m", "graders.cli", "export", "gradescope", *args],
            capture_output=True, text=True, timeout=300,
        )  # fmt: skip

    proc = unograde("nope", "--out", str(tmp_path / "x.zip"))
    assert proc.returncode == 2 and "unknown assignment 'nope'" in proc.stderr
    proc = unograde(
        "uno-moves", "--out", str(tmp_path / "x.zip"), "--wheel", str(tmp_path / "no.whl")
    )
    assert proc.returncode == 2 and "no.whl: no such file" in proc.stderr
    fake = tmp_path / "unograde-0.1.0-py3-none-any.whl"
    fake.write_bytes(b"not a zip")
    proc = unograde("uno-moves", "--out", str(tmp_path / "x.zip"), "--wheel", str(fake))
    assert proc.returncode == 2 and "not a zip" in proc.stderr
    assert "Traceback" not in proc.stderr and not (tmp_path / "x.zip").exists()
    # With the wheel given, no build: quick.
    with zipfile.ZipFile(exported) as zf:
        wheel_name = next(n for n in zf.namelist() if n.endswith(".whl"))
        (tmp_path / wheel_name).write_bytes(zf.read(wheel_name))
    proc = unograde(
        "uno-moves", "--out", str(tmp_path / "ok.zip"), "--wheel", str(tmp_path / wheel_name)
    )
    assert proc.returncode == 0, proc.stderr
    assert (
        zipfile.ZipFile(tmp_path / "ok.zip").read(wheel_name)
        == (tmp_path / wheel_name).read_bytes()
    )


def test_a_folder_assignment_with_its_own_stages(exported, autograder, tmp_path):
    """final-card-down: three files uploaded, the ADT's scenarios in the child and the
    student's suite run on the reference and the mutants (sandboxed pytest runs from the
    installed package). ada's ADT passes every scenario (70) and her suite catches 4 of the
    29 mutants (examples/final-card-down/README.md): 70 + 30 * 4 / 29."""
    with zipfile.ZipFile(exported) as zf:
        wheel_name = next(n for n in zf.namelist() if n.endswith(".whl"))
        (tmp_path / wheel_name).write_bytes(zf.read(wheel_name))
    archive = tmp_path / "fcd.zip"
    build_autograder(load_assignment("final-card-down"), archive, wheel=tmp_path / wheel_name)
    root = tmp_path / "root"
    (root / "source").mkdir(parents=True)
    unzip(archive, root / "source")
    (root / "unograde-venv").symlink_to(autograder.root / "unograde-venv")
    ada = EXAMPLES / "final-card-down" / "ada"
    results, proc = Autograder(root).run(
        {n: ada / n for n in ("game.py", "test_game.py", "player.py")}
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert results["score"] == pytest.approx(70 + 30 * 4 / 29, abs=0.01)


def test_an_install_without_its_source_must_be_given_the_wheel(tmp_path):
    from graders.export.gradescope import ExportError, build_wheel

    with pytest.raises(ExportError, match="not a source checkout.*--wheel"):
        build_wheel(tmp_path, source=tmp_path)
    proc = subprocess.run(
        [sys.executable, "-m", "graders.cli", "--help"], capture_output=True, text=True
    )
    assert "kit" in proc.stdout and "export" in proc.stdout


def test_a_visibility_gradescope_does_not_know_is_refused(tmp_path):
    from graders.export import autograder
    from graders.export.gradescope import ExportError

    with pytest.raises(ExportError, match="hidden visibility 'later'"):
        build_autograder(load_assignment("uno-moves"), tmp_path / "x.zip", None, "later")
    assert not (tmp_path / "x.zip").exists()
    assert autograder.main(["uno-moves", "--hidden-visibility", "later"]) == 2
    assert autograder.main(["uno-moves", "--hidden-visibility"]) == 2


@pytest.mark.skipif(shutil.which("sml") is None, reason="SML/NJ (sml) not installed")
def test_an_sml_upload_gets_the_score_grade_gives(exported, autograder, tmp_path):
    """uno-lab with a solution.sml uploaded: run_autograder grades it under SML/NJ in the
    sandbox (the wheel carries the driver and the lab's definitions) and gives the score and
    the case verdicts ``grade`` gives.  The partial example does tasks 1-9: 20 points by hand
    from assignment.toml, the same sum ``grade`` makes."""
    from graders.grade.engine import grade_submission
    from graders.run.layouts import submission_kinds
    from graders.submission import cleanup, load_submissions

    partial = EXAMPLES / "uno-lab-sml" / "partial"
    lab = load_assignment("uno-lab")
    subs = load_submissions(partial, lab.module, programs=submission_kinds(lab))
    try:
        graded = grade_submission(lab, subs[0], lab.cases())
    finally:
        cleanup(subs)
    by_hand = sum(p.points for p in lab.parts if int(p.id.removeprefix("task")) <= 9)
    assert graded.score == pytest.approx(by_hand)

    with zipfile.ZipFile(exported) as zf:
        wheel_name = next(n for n in zf.namelist() if n.endswith(".whl"))
        (tmp_path / wheel_name).write_bytes(zf.read(wheel_name))
    archive = tmp_path / "uno-lab.zip"
    build_autograder(lab, archive, wheel=tmp_path / wheel_name)
    assert "smlnj" in zipfile.ZipFile(archive).read("setup.sh").decode()
    root = tmp_path / "root"
    (root / "source").mkdir(parents=True)
    unzip(archive, root / "source")
    (root / "unograde-venv").symlink_to(autograder.root / "unograde-venv")
    results, proc = Autograder(root).run({"solution.sml": partial / "solution.sml"})
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert results["score"] == pytest.approx(graded.score)
    assert len(results["tests"]) == len(graded.cases)
    # each test is named "<part> <case>" (graders/report/gradescope.py)
    passed = {t["name"] for t in results["tests"] if t["status"] == "passed"}
    assert passed == {f"{c.part} {c.name}" for c in graded.cases if c.passed}
    assert any("Standard ML" in line for line in results["output"].splitlines())


@pytest.mark.skipif(shutil.which("ghc") is None, reason="GHC (ghc) not installed")
def test_a_haskell_upload_gets_the_score_grade_gives(autograder, exported):
    """uno-moves with the course's four Haskell part files uploaded (bo: one rule wrong):
    run_autograder compiles them with GHC in the sandbox and gives the score and the case
    verdicts ``grade`` gives; setup.sh installs GHC for an assignment that accepts Haskell."""
    from graders.grade.engine import grade_submission
    from graders.run.layouts import submission_kinds
    from graders.submission import cleanup, load_submissions

    bo = EXAMPLES / "uno-moves-haskell" / "bo"
    moves = load_assignment("uno-moves")
    subs = load_submissions(bo, moves.module, programs=submission_kinds(moves))
    try:
        graded = grade_submission(moves, subs[0], moves.cases())
    finally:
        cleanup(subs)
    assert 0 < graded.score < 100  # one rule wrong: some cases pass, some fail
    assert "ghc" in zipfile.ZipFile(exported).read("setup.sh").decode()
    files = {path.name: path for path in sorted(bo.glob("*.hs"))}
    assert len(files) == 4
    results, proc = autograder.run(files)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert results["score"] == pytest.approx(graded.score)
    assert len(results["tests"]) == len(graded.cases)
    passed = {t["name"] for t in results["tests"] if t["status"] == "passed"}
    assert passed == {f"{c.part} {c.name}" for c in graded.cases if c.passed}


@pytest.mark.skipif(shutil.which("gcc") is None, reason="gcc not installed")
def test_a_c_upload_gets_the_score_grade_gives(exported, autograder, tmp_path):
    """final-card-down with a C upload (bo's Game.c, one rule wrong; ada's testGame.c, which
    passes on the reference and catches mutants): run_autograder builds Game.c with the
    scenario driver and the sanitizers, and testGame.c with the proxy, from the installed
    wheel's C files, in the sandbox, and gives the score and the case verdicts ``grade``
    gives; setup.sh installs gcc where the image lacks it."""
    from graders.grade.engine import grade_submission
    from graders.run.layouts import submission_kinds
    from graders.submission import cleanup, load_submissions

    folder = tmp_path / "upload"
    folder.mkdir()
    shutil.copy(EXAMPLES / "final-card-down-c" / "bo" / "Game.c", folder / "Game.c")
    shutil.copy(EXAMPLES / "final-card-down-c" / "ada" / "testGame.c", folder / "testGame.c")
    fcd = load_assignment("final-card-down")
    subs = load_submissions(folder, fcd.module, programs=submission_kinds(fcd))
    try:
        graded = grade_submission(fcd, subs[0], fcd.cases())
    finally:
        cleanup(subs)
    parts = {p.id: p for p in graded.parts}
    assert 0 < parts["adt"].points < parts["adt"].max_points  # bo's rule: some scenarios fail
    assert parts["tests-mutants"].points > 0  # testGame.c ran through the proxy, caught some

    with zipfile.ZipFile(exported) as zf:
        wheel_name = next(n for n in zf.namelist() if n.endswith(".whl"))
        (tmp_path / wheel_name).write_bytes(zf.read(wheel_name))
    archive = tmp_path / "final-card-down.zip"
    build_autograder(fcd, archive, wheel=tmp_path / wheel_name)
    setup = zipfile.ZipFile(archive).read("setup.sh").decode()
    assert "# gcc: the assignment grades submissions that need it (C part files)" in setup
    assert "apt-get install -y -qq gcc" in setup
    root = tmp_path / "root"
    (root / "source").mkdir(parents=True)
    unzip(archive, root / "source")
    (root / "unograde-venv").symlink_to(autograder.root / "unograde-venv")
    results, proc = Autograder(root).run(
        {"Game.c": folder / "Game.c", "testGame.c": folder / "testGame.c"}
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert results["score"] == pytest.approx(graded.score)
    assert len(results["tests"]) == len(graded.cases)
    passed = {t["name"] for t in results["tests"] if t["status"] == "passed"}
    assert passed == {f"{c.part} {c.name}" for c in graded.cases if c.passed}
    assert "tests-reference suite-passes-on-reference" in passed  # testGame.c built and ran
    assert any("graded as C part files (Game.c)" in line for line in results["output"].splitlines())
