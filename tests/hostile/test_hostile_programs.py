"""Hostile programs in any language (ochos-locos, read on stdin, printed on stdout): each does
its worst in one class beside a correct program, which keeps its full marks."""

from __future__ import annotations

import json
import os
import shutil
import textwrap
import time
from dataclasses import replace
from pathlib import Path

import pytest

from graders.assignment import load_assignment
from graders.grade.batch import grade_batch
from graders.paths import fixtures_dir
from graders.run.sandbox import bwrap_usable

from .conftest import processes_with

# Slow tier: grades a class of hostile programs in the sandbox.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
BILAL = ROOT / "examples" / "ochos-locos" / "bilal"  # a correct Python program
ISOLATIONS = [
    pytest.param("bwrap", marks=pytest.mark.skipif(not bwrap_usable(), reason="no bwrap")),
    "rlimits",
]
MARK = f"unograde-hostile-prog-{os.getpid()}"

PROGRAMS = {
    "looper": "while True:\n    pass\n",
    "sleeper": "import time\ntime.sleep(2.5)\n",  # far under the wall clock; 10 cases > budget
    "forker": f"""
        import os, sys, time
        n = 0
        for i in range(2000):
            try:
                pid = os.fork()
            except OSError:
                break
            if pid == 0:
                os.execvp("sleep", ["{MARK}-fork", "300"])
            n += 1
        sys.stderr.write("error: forked=%d\\n" % n)
        sys.exit(3)
        """,
    "hog": "hoard = []\nwhile True:\n    hoard.append(bytearray(32 << 20))\n",
    "chatty": "import sys\nwhile True:\n    sys.stdout.write('0: B3 ' * 1000)\n",
    "garbage": """
        import os, sys
        os.write(1, b"\\xff\\xfe\\x00\\x1b[2J\\x1b]8;;http://evil\\x1b\\\\x\\xed\\xa0\\x80")
        sys.stderr.write("\\udcff\\x1b[31m[/]\\n".encode("utf-8", "surrogateescape")
                         .decode("utf-8", "replace"))
        """,
    "daemon": f"""
        import os
        if os.fork() == 0:
            os.setsid()
            if os.fork() == 0:
                os.execvp("sleep", ["{MARK}-daemon", "300"])
            os._exit(0)
        print("0: B3")
        """,
}

BWRAP_ONLY = {
    "snoop": """
        import os, sys
        seen = []
        for path in sys.argv[1:] + ["/proc/1/root" + p for p in sys.argv[1:]]:
            try:
                seen.append(open(path).read()[:200])
            except OSError:
                pass
        for pid in os.listdir("/proc"):
            if pid.isdigit():
                try:
                    seen.append(" ".join(os.listdir("/proc/%s/cwd" % pid)))
                except OSError:
                    pass
        sys.stderr.write("error: " + repr(seen) + "\\n")
        sys.exit(1)
        """,
    "killer": """
        import os, signal
        for target in (os.getppid(), 1):
            try:
                os.kill(target, signal.SIGTERM)
            except OSError:
                pass
        os.killpg(0, signal.SIGKILL)
        """,
}


def make_class(tmp_path: Path, isolation: str) -> Path:
    students = tmp_path / "class"
    students.mkdir()
    shutil.copytree(BILAL, students / "bilal")
    programs = dict(PROGRAMS, **(BWRAP_ONLY if isolation == "bwrap" else {}))
    for name, source in programs.items():
        (students / name).mkdir()
        (students / name / "main.py").write_text(textwrap.dedent(source))
    return students


@pytest.mark.parametrize("isolation", ISOLATIONS)
def test_hostile_programs_in_one_class(tmp_path, isolation):
    assignment = load_assignment("ochos-locos")
    cases = assignment.cases(visibility="public")
    secret = (
        fixtures_dir("ochos-locos") / next(c for c in assignment.cases() if c.hidden).expected_path
    )
    # The hostile ones end by CPU time, memory, output or the budget; the wall clock and the
    # budget are far from what bilal (correct: ten runs of python3) needs on a loaded machine,
    # and the budget holds the looper's two CPU-bound timeouts (1 s of CPU each can take
    # several seconds of wall clock when the machine is loaded).
    limits = replace(
        assignment.limits, timeout=10.0, cpu=1.0, memory_mb=256, submission_timeout=15.0
    )
    students = make_class(tmp_path, isolation)
    out = tmp_path / "out"
    started = time.monotonic()
    items = grade_batch(assignment, [students], cases, out, 2, limits, isolation=isolation)
    elapsed = time.monotonic() - started
    results = {i.result.student: i.result for i in items}
    n = len(results)
    assert elapsed < -(-n // 2) * limits.submission_timeout + 30, elapsed

    assert results["bilal"].score == results["bilal"].max_score
    for name, result in results.items():
        if name != "bilal":
            assert result.score == 0, (name, [c.outcome for c in result.cases])

    def outcomes(name):
        return [c.outcome for c in results[name].cases]

    assert outcomes("looper")[:2] == ["timeout", "timeout"]
    assert set(outcomes("looper")[2:]) == {"not-run"}
    assert results["sleeper"].budget_hit
    forked = results["forker"].cases[0].messages[0]
    assert "exited with status 3" in forked
    assert int(forked.rsplit("forked=", 1)[1]) < limits.processes
    assert set(outcomes("hog")) <= {"memory", "crashed", "not-run"}
    assert "printed more than 64 KB" in results["chatty"].cases[0].messages[0]
    time.sleep(0.3)
    assert processes_with(MARK) == []
    for report in out.rglob("*"):
        if report.is_file():
            report.read_bytes().decode("utf-8")  # every report is valid UTF-8
    assert "\x1b" not in (out / "garbage" / "report.md").read_text()
    if isolation == "bwrap":
        everything = "".join(p.read_text() for p in out.rglob("result.json"))
        assert secret.read_text()[:60] not in everything
        assert results["killer"].score == 0  # and the grader (this process) is alive


@pytest.mark.skipif(not bwrap_usable(), reason="no bwrap")
def test_a_program_cannot_write_outside_its_folder(tmp_path):
    assignment = load_assignment("ochos-locos")
    target = tmp_path / "planted"
    students = tmp_path / "class"
    (students / "writer").mkdir(parents=True)
    (students / "writer" / "main.py").write_text(
        textwrap.dedent(
            f"""
            import sys
            wrote = []
            for path in [{str(target)!r}, {str(ROOT / "planted")!r}, "main.py", "new.txt"]:
                try:
                    open(path, "w").write("x")
                    wrote.append(path)
                except OSError:
                    pass
            sys.stderr.write("error: wrote " + repr(wrote) + "\\n")
            sys.exit(1)
            """
        )
    )
    cases = assignment.cases(visibility="public")[:1]
    items = grade_batch(assignment, [students], cases, None, 1, isolation="bwrap")
    message = items[0].result.cases[0].messages[0]
    assert "wrote ['new.txt']" in message  # a new file in its own tmpfs, nothing else
    assert not target.exists() and not (ROOT / "planted").exists()
    assert json.dumps(message)
