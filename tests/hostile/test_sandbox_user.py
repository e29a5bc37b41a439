"""Without bubblewrap, a grader running as root runs children as an unprivileged user.

A Gradescope image grades as root, and where its container refuses bubblewrap the children
would run as root too: able to read the references and hidden fixtures of the installed
package and to write the results.  ``UNOGRADE_SANDBOX_USER`` (set by the exported
``run_autograder``) makes every child, a module's harness or a program, switch to that user
before any of the submission's code runs.
"""

from __future__ import annotations

import os
import pwd
import textwrap
from pathlib import Path

import pytest

from graders.assignment import load_assignment
from graders.grade.engine import grade_submission
from graders.run.programs import program_specs
from graders.run.sandbox import SANDBOX_USER, isolation_text, sandbox_user
from graders.submission import cleanup, load_submissions

ROOT = Path(__file__).resolve().parents[2]
ADA = ROOT / "examples" / "uno-moves" / "ada" / "uno.py"

pytestmark = pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() != 0, reason="only root can switch users"
)


@pytest.fixture
def as_nobody(monkeypatch):
    try:
        entry = pwd.getpwnam("nobody")
    except KeyError:
        pytest.skip("this machine has no user 'nobody'")
    monkeypatch.setenv(SANDBOX_USER, "nobody")
    try:
        sandbox_user()
    except RuntimeError as exc:
        # e.g. a Python installed under /root (pyenv): the autograder test inside bubblewrap,
        # whose view lets any user read it, runs this path instead.
        pytest.skip(str(exc))
    return entry.pw_uid


@pytest.fixture
def secrets(tmp_path):
    """A file only root may read and a folder only root may write, as the grader's are."""
    secret = tmp_path / "secret"
    secret.mkdir(mode=0o700)
    (secret / "hidden.solution").write_text("the answer")
    (secret / "hidden.solution").chmod(0o600)
    results = tmp_path / "results"
    results.mkdir(mode=0o755)
    return secret / "hidden.solution", results


def grade(tmp_path, path, cases, assignment):
    programs = program_specs(assignment.programs)
    subs = load_submissions(path, assignment.module, programs=programs)
    try:
        return grade_submission(assignment, subs[0], cases, isolation="rlimits")
    finally:
        cleanup(subs)


PROBE = """
import os

def probe(hidden, results):
    found = [f"uid={os.getuid()}"]
    try:
        open(hidden).read()
        found.append("read=yes")
    except OSError as exc:
        found.append(f"read={type(exc).__name__}")
    try:
        open(os.path.join(results, "results.json"), "w").write("{}")
        found.append("write=yes")
    except OSError as exc:
        found.append(f"write={type(exc).__name__}")
    return " ".join(found)
"""


def test_a_module_runs_as_the_user_and_cannot_reach_the_graders_files(tmp_path, as_nobody, secrets):
    hidden, results = secrets
    assignment = load_assignment("uno-moves")
    source = PROBE + textwrap.dedent(
        f"""
        def onePlayerOneMove(discard, deck, hand):
            raise RuntimeError(probe({str(hidden)!r}, {str(results)!r}))
        """
    )
    path = tmp_path / "uno.py"
    path.write_text(source)
    case = next(c for c in assignment.cases() if c.part == "part01")
    result = grade(tmp_path, path, [case], assignment)
    text = " ".join(result.cases[0].messages)
    assert f"uid={as_nobody}" in text
    assert "read=PermissionError" in text and "write=PermissionError" in text
    assert not (results / "results.json").exists()
    assert "run as the unprivileged user nobody" in result.isolation


def test_a_right_module_still_passes_as_the_user(tmp_path, as_nobody):
    assignment = load_assignment("uno-moves")
    cases = assignment.cases(visibility="public")
    result = grade(tmp_path, ADA, cases, assignment)
    assert result.score == pytest.approx(100)


def test_a_program_runs_as_the_user_too(tmp_path, as_nobody, secrets):
    hidden, results = secrets
    assignment = load_assignment("uno-moves")
    folder = tmp_path / "student"
    folder.mkdir()
    (folder / "main.py").write_text(
        PROBE + f"\nimport sys\nsys.exit('error ' + probe({str(hidden)!r}, {str(results)!r}))\n"
    )
    case = next(c for c in assignment.cases() if c.part == "part01")
    result = grade(tmp_path, folder, [case], assignment)
    text = " ".join(result.cases[0].messages)
    assert f"uid={as_nobody} read=PermissionError write=PermissionError" in text, text


def test_no_switch_without_the_setting_or_for_an_unusable_user(monkeypatch):
    monkeypatch.delenv(SANDBOX_USER, raising=False)
    assert "unprivileged" not in isolation_text("rlimits")
    monkeypatch.setenv(SANDBOX_USER, "no-such-user-here")
    with pytest.raises(RuntimeError, match="no-such-user-here: no such user"):
        isolation_text("rlimits")
    monkeypatch.setenv(SANDBOX_USER, "root")
    with pytest.raises(RuntimeError, match="that is root"):
        isolation_text("rlimits")


def _view(worktree: Path) -> list[str] | None:
    """bubblewrap's options for a view of this machine where any user can reach this Python
    (its folders are bound into a root bubblewrap makes, every folder on the way readable)."""
    import shutil
    import sys

    bwrap = shutil.which("bwrap")
    if bwrap is None:
        return None
    cmd = [bwrap, "--die-with-parent"]
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
    venv = os.path.realpath(sys.prefix)
    if venv != prefix and not Path(venv).is_relative_to(worktree):
        # A virtual environment outside the tree the tests run in (the mutation tool runs
        # them in a copy of the worktree, under .mutation/): bound too, or nobody finds it.
        for parent in reversed(Path(venv).parents[:-1]):
            cmd += ["--perms", "0755", "--dir", str(parent)]
        cmd += ["--ro-bind", venv, venv]
    for parent in reversed(worktree.parents[:-1]):
        cmd += ["--perms", "0755", "--dir", str(parent)]
    return cmd + [
        "--bind", str(worktree), str(worktree),
        "--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp", "--chdir", str(worktree),
    ]  # fmt: skip


def test_the_switch_where_this_python_is_readable_by_any_user(monkeypatch):
    """Where this Python lives in a folder only root may read (pyenv under /root), the tests
    above skip; here they run again in a bubblewrap view in which any user can read it."""
    import subprocess
    import sys

    if os.environ.get("UNOGRADE_TEST_IN_VIEW"):
        pytest.skip("already in the view")
    try:
        pwd.getpwnam("nobody")
    except KeyError:
        pytest.skip("this machine has no user 'nobody'")
    monkeypatch.setenv(SANDBOX_USER, "nobody")
    try:
        sandbox_user()
        pytest.skip("the tests above ran here: nobody can run this Python")
    except RuntimeError:
        pass
    view = _view(ROOT)
    if view is None or subprocess.run([*view, "true"], capture_output=True).returncode != 0:
        pytest.skip("no bubblewrap view to run them in")
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST")}
    env.pop(SANDBOX_USER, None)
    env["UNOGRADE_TEST_IN_VIEW"] = "1"
    proc = subprocess.run(
        [*view, sys.executable, "-m", "pytest", "-q", "-p", "no:randomly", "-p",
         "no:cacheprovider", str(Path(__file__).relative_to(ROOT)), "-rs"],
        capture_output=True, text=True, timeout=600, env=env,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
    assert "4 passed" in proc.stdout, proc.stdout[-2000:]
