"""A grader running as root runs children as an unprivileged user, in either mode.

A Gradescope image grades as root, and where its container refuses bubblewrap the children
would otherwise run as root too: able to read the references and hidden fixtures of the
installed package and to write the results.  ``UNOGRADE_SANDBOX_USER`` (set by the exported
``run_autograder``) names the user every child, a module's harness or a program, runs as;
without it each child gets an id of its own (``test_root_containment.py``).
"""

from __future__ import annotations

import os
import pwd
import textwrap
from pathlib import Path

import pytest

from graders.assignment import load_assignment
from graders.grade.engine import grade_submission
from graders.run.identity import SANDBOX_USER, IdentityError, preflight
from graders.run.programs import program_specs
from graders.run.sandbox import isolation_text
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
        preflight(needs_python=True)
    except IdentityError as exc:
        # A Python installed under /root (pyenv) that .ci/run did not open to other users.
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
    assert "runs as the unprivileged user nobody (not root)" in result.isolation


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


def test_an_unusable_user_is_refused_never_replaced_by_root(monkeypatch):
    monkeypatch.setenv(SANDBOX_USER, "no-such-user-here")
    with pytest.raises(RuntimeError, match="no-such-user-here: no such user"):
        isolation_text("rlimits")
    monkeypatch.setenv(SANDBOX_USER, "root")
    with pytest.raises(RuntimeError, match="that is root"):
        isolation_text("rlimits")
    monkeypatch.delenv(SANDBOX_USER)
    assert "runs as an unprivileged user of its own (not root" in isolation_text("rlimits")
