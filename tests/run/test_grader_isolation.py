"""Isolation: a submission cannot see expectations or the reference, leave processes, or stop a
batch."""

from __future__ import annotations

import subprocess
import textwrap
import time
from pathlib import Path

import pytest

from graders.assignment import load_assignment
from graders.grade.batch import grade_batch
from graders.grade.engine import grade_submission
from graders.paths import fixtures_dir
from graders.run.sandbox import bwrap_usable
from graders.submission import cleanup, load_submissions

ROOT = Path(__file__).resolve().parents[2]
ADA = ROOT / "examples" / "uno-moves" / "ada" / "uno.py"
needs_bwrap = pytest.mark.skipif(not bwrap_usable(), reason="bubblewrap cannot run here")


@pytest.fixture(scope="module")
def assignment():
    return load_assignment("uno-moves")


def run_probe(tmp_path, assignment, body, isolation, cases=None):
    source = "def onePlayerOneMove(discard, deck, hand):\n" + textwrap.indent(
        textwrap.dedent(body), "    "
    )
    path = tmp_path / "probe.py"
    path.write_text(source)
    cases = cases or [c for c in assignment.cases() if c.part == "part01"][:1]
    subs = load_submissions(path, assignment.module)
    try:
        return grade_submission(assignment, subs[0], cases, isolation=isolation)
    finally:
        cleanup(subs)


@pytest.mark.parametrize("isolation", [pytest.param("bwrap", marks=needs_bwrap), "rlimits"])
def test_reference_package_cannot_be_imported(tmp_path, assignment, isolation):
    body = """
    try:
        import reference
        raise RuntimeError("imported " + str(reference))
    except ImportError as exc:
        raise RuntimeError("blocked " + type(exc).__name__)
    """
    result = run_probe(tmp_path, assignment, body, isolation)
    case = result.cases[0]
    assert case.outcome == "error"
    assert "RuntimeError: blocked ModuleNotFoundError" in case.messages[0]


@needs_bwrap
def test_hidden_expectations_and_reference_files_are_out_of_view(tmp_path, assignment):
    hidden = next(c for c in assignment.cases() if c.hidden)
    target = fixtures_dir("uno-moves") / hidden.expected_path
    body = f"""
    import os
    seen = []
    for path in [{str(target)!r}, {str(ROOT / "reference")!r}, {str(ROOT)!r}]:
        seen.append(os.path.exists(path))
    raise RuntimeError("seen=" + repr(seen))
    """
    result = run_probe(tmp_path, assignment, body, "bwrap")
    assert "seen=[False, False, False]" in result.cases[0].messages[0]


@pytest.mark.parametrize("isolation", [pytest.param("bwrap", marks=needs_bwrap), "rlimits"])
def test_child_is_handed_inputs_only(tmp_path, assignment, isolation):
    # Whatever the child can see of its own process (argv, environment, stdin) holds no
    # expected result: only the call's arguments arrive, over the grader's pipe.
    case = [c for c in assignment.cases() if c.name == "seed-part01test01"]
    body = """
    import os, sys
    everything = repr(sys.argv) + repr(dict(os.environ)) + sys.stdin.read()
    raise RuntimeError("SOLUTION" if "[y2][gd][r9][wd]" in everything or "Result" in everything
                       else "CLEAN " + str(sorted(os.environ)))
    """
    result = run_probe(tmp_path, assignment, body, isolation, cases=case)
    message = result.cases[0].messages[0]
    assert "CLEAN" in message
    assert "HOME" in message and "UNOGRADE_SANDBOX" in message
    assert "VIRTUAL_ENV" not in message and "PYTHONPATH" not in message


@pytest.mark.parametrize("isolation", [pytest.param("bwrap", marks=needs_bwrap), "rlimits"])
def test_no_process_is_left_behind(tmp_path, assignment, isolation):
    marker = f"{int(time.time() * 1000) % 1000000 + 3000000}"
    body = f"""
    import subprocess
    subprocess.Popen(["sleep", "{marker}"], start_new_session=True)
    subprocess.Popen(["sleep", "{marker}"])
    return 1
    """
    run_probe(tmp_path, assignment, body, isolation)
    time.sleep(0.3)
    left = subprocess.run(["pgrep", "-f", f"sleep {marker}"], capture_output=True, text=True)
    assert left.stdout.strip() == ""


@pytest.mark.parametrize("isolation", [pytest.param("bwrap", marks=needs_bwrap), "rlimits"])
def test_hostile_submissions_cannot_stop_the_batch(tmp_path, assignment, isolation):
    students = tmp_path / "class"
    students.mkdir()
    (students / "ada.py").write_text(ADA.read_text())
    (students / "exits.py").write_text("import sys\nsys.exit(0)\n")
    (students / "killer.py").write_text(
        textwrap.dedent("""
        import os, signal
        os.killpg(os.getpgid(0), signal.SIGKILL)
    """)
    )
    (students / "closer.py").write_text(
        textwrap.dedent("""
        import os
        for fd in range(3, 64):
            try:
                os.close(fd)
            except OSError:
                pass
    """)
    )
    if isolation == "bwrap":
        (students / "parricide.py").write_text(
            textwrap.dedent("""
            import os, signal
            for pid in (os.getppid(), 1):
                try:
                    os.kill(pid, signal.SIGKILL)
                except OSError:
                    pass
        """)
        )
    cases = [c for c in assignment.cases() if c.name.startswith("seed-")]
    items = grade_batch(
        assignment, [students], cases, tmp_path / "out", jobs=2, isolation=isolation
    )
    scores = {i.result.student: i.result.score for i in items}
    assert scores["ada"] == 100
    assert set(scores) >= {"ada", "exits", "killer", "closer"}
    assert all(scores[s] == 0 for s in scores if s != "ada")
    assert (tmp_path / "out" / "scores.csv").read_text().count("\n") == len(scores) + 1
