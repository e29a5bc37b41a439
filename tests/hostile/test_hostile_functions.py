"""Hostile Python function submissions (uno-moves): whatever they do, the grader keeps its
bounds, its secrets and its other students.

Each test runs on both isolation paths where it makes sense; reading what is out of view is
checked under bubblewrap only (the rlimits fallback documents that it cannot hide files).
"""

from __future__ import annotations

import json
import os
import subprocess
import textwrap
import time
from dataclasses import replace
from pathlib import Path

import pytest

from graders.assignment import load_assignment
from graders.grade.batch import grade_batch
from graders.grade.engine import grade_submission
from graders.paths import fixtures_dir
from graders.run import cgroups
from graders.run.sandbox import bwrap_usable
from graders.submission import cleanup, load_submissions

from .conftest import processes_with

# Slow tier: runs hostile submissions in the sandbox to their limits.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
ADA = ROOT / "examples" / "uno-moves" / "ada" / "uno.py"
BWRAP = pytest.mark.skipif(not bwrap_usable(), reason="bubblewrap cannot run here")
ISOLATIONS = [pytest.param("bwrap", marks=BWRAP), "rlimits"]
GROUPS = pytest.mark.skipif(not cgroups.layout().usable, reason="no cgroups here")


@pytest.fixture(scope="module")
def assignment():
    return load_assignment("uno-moves")


@pytest.fixture(scope="module")
def part01(assignment):
    return [c for c in assignment.cases() if c.part == "part01"]


def small(assignment, **changes):
    return replace(assignment.limits, **{"timeout": 1.0, "cpu": 1.0, **changes})


def grade_source(tmp_path, assignment, cases, source, isolation, limits=None, name="student"):
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(source))
    subs = load_submissions(path, assignment.module)
    try:
        return grade_submission(assignment, subs[0], cases, limits, isolation=isolation)
    finally:
        cleanup(subs)


def probe(tmp_path, assignment, part01, body, isolation, limits=None):
    """Run ``body`` as onePlayerOneMove on one case; what it returned (as its message)."""
    source = "def onePlayerOneMove(discard, deck, hand):\n" + textwrap.indent(
        textwrap.dedent(body), "    "
    )
    result = grade_source(tmp_path, assignment, part01[:1], source, isolation, limits)
    return result.cases[0]


# --- time -----------------------------------------------------------------------------------


@pytest.mark.parametrize("isolation", ISOLATIONS)
def test_a_function_that_loops_forever_costs_two_timeouts_not_thirty(
    tmp_path, assignment, part01, isolation
):
    limits = small(assignment)
    started = time.monotonic()
    result = grade_source(
        tmp_path,
        assignment,
        part01,
        """
        def onePlayerOneMove(discard, deck, hand):
            while True:
                pass
        """,
        isolation,
        limits,
    )
    elapsed = time.monotonic() - started
    outcomes = [c.outcome for c in result.cases]
    assert outcomes[:2] == ["timeout", "timeout"]
    assert set(outcomes[2:]) == {"not-run"} and len(outcomes) == len(part01) > 2
    first, second = part01[0].name, part01[1].name
    reason = f"not run: onePlayerOneMove timed out on cases {first} and {second}"
    assert result.cases[2].messages == [reason]
    assert result.cases[-1].seconds == 0
    # Said once for the submission, not once per case.
    notes = [n for n in result.notes if "timed out on cases" in n]
    assert notes == [
        f"onePlayerOneMove timed out on cases {first} and {second}, so its "
        f"{len(part01) - 2} remaining cases were not run"
    ]
    # Two timeouts (each about the 1 s limit) and the start-up, not thirty timeouts.
    assert elapsed < 2 * 1.1 * limits.timeout + 15


def test_other_functions_are_still_graded_after_one_stops(tmp_path, assignment):
    cases = [c for c in assignment.cases() if c.part in ("part01", "part03")]
    source = ADA.read_text().replace(
        "def onePlayerOneMove(", "def onePlayerOneMove(*a):\n    while True: pass\ndef _x("
    )
    result = grade_source(tmp_path, assignment, cases, source, "rlimits", small(assignment))
    by_part = {p.id: p for p in result.parts}
    assert by_part["part01"].passed == 0
    assert by_part["part03"].passed == by_part["part03"].total  # untouched by part01's stop


def test_stop_after_zero_runs_every_case(tmp_path, assignment, part01):
    limits = small(assignment, timeout=0.3, cpu=0.3, stop_after=0)
    source = "def onePlayerOneMove(d, k, h):\n    while True: pass\n"
    result = grade_source(tmp_path, assignment, part01[:4], source, "rlimits", limits)
    assert [c.outcome for c in result.cases] == ["timeout"] * 4


def test_a_streak_is_broken_by_a_case_that_finishes(tmp_path, assignment, part01):
    # Loops on every other case only: never two timeouts in a row, so nothing is skipped.
    source = """
        import itertools
        calls = itertools.count()
        def onePlayerOneMove(discard, deck, hand):
            if next(calls) % 2 == 0:
                while True:
                    pass
            return (hand, deck, discard)
        """
    # The loops must end by CPU time, which the child survives: a wall-clock timeout (the
    # first to fire on a loaded machine when both limits are equal) replaces the child, and
    # the fresh one's counter starts again at 0, so it would loop on every case.
    limits = small(assignment, timeout=30, cpu=0.5)
    result = grade_source(tmp_path, assignment, part01[:5], source, "rlimits", limits)
    outcomes = [c.outcome for c in result.cases]
    assert "not-run" not in outcomes
    assert outcomes.count("timeout") == 3


@pytest.mark.parametrize("isolation", ISOLATIONS)
def test_sleeping_just_under_the_limit_is_bounded_by_the_submission_budget(
    tmp_path, assignment, isolation
):
    cases = assignment.cases()
    # 0.9 s of sleep a case under a 10 s wall clock: never a timeout however loaded the
    # machine, so the budget alone stops it.
    limits = small(assignment, timeout=10.0, submission_timeout=3.0)
    source = """
        import time
        def _slow(*args):
            time.sleep(0.9)
            return None
        onePlayerOneMove = onePlayerManyMoves = manyPlayersOneMove = _slow
        manyPlayersManyMoves = _slow
        """
    started = time.monotonic()
    result = grade_source(tmp_path, assignment, cases, source, isolation, limits)
    elapsed = time.monotonic() - started
    assert result.budget_hit
    not_run = [c for c in result.cases if c.outcome == "not-run"]
    assert len(not_run) >= len(cases) - 5  # about three cases fit in 3 s
    assert all("time budget of 3 s" in c.messages[0] for c in not_run)
    assert any("used up its time budget of 3 s" in n for n in result.notes)
    assert elapsed < 3.0 + 15


@pytest.mark.parametrize("isolation", ISOLATIONS)
def test_ignoring_sigterm_and_recursing_without_end(tmp_path, assignment, part01, isolation):
    source = """
        import signal, sys
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        sys.setrecursionlimit(10**6)
        def onePlayerOneMove(discard, deck, hand):
            def down(n):
                return down(n + 1) + 1
            return down(0)
        """
    limits = small(assignment)
    started = time.monotonic()
    result = grade_source(tmp_path, assignment, part01[:3], source, isolation, limits)
    assert all(c.outcome in ("crashed", "error", "timeout", "not-run") for c in result.cases)
    assert not any(c.passed for c in result.cases)
    assert time.monotonic() - started < 3 * 1.1 * limits.timeout + 15


# --- resources ------------------------------------------------------------------------------


@GROUPS
@pytest.mark.parametrize("isolation", ISOLATIONS)
def test_memory_held_in_memfd_is_capped(tmp_path, assignment, part01, isolation):
    # memfd pages are not address space: only the control group's memory cap holds them.
    body = """
    import os
    held = []
    for i in range(400):
        fd = os.memfd_create("x%d" % i)
        os.write(fd, b"x" * (8 << 20))
        held.append(fd)
    return ("held MB", 8 * len(held))
    """
    case = probe(
        tmp_path, assignment, part01, body, isolation, small(assignment, timeout=20, cpu=20)
    )
    assert case.outcome == "memory", case.messages


@GROUPS
@pytest.mark.parametrize("isolation", ISOLATIONS)
def test_fork_flood_is_capped_and_cleaned_up(tmp_path, assignment, part01, isolation):
    marker = f"unograde-forkflood-{os.getpid()}-{isolation}"
    body = f"""
    import os, time
    n = 0
    for i in range(3000):
        try:
            pid = os.fork()
        except OSError:
            break
        if pid == 0:
            try:
                os.execvp("sleep", ["{marker}", "300"])
            finally:
                os._exit(0)
        n += 1
    raise RuntimeError("forked=%d" % n)
    """
    limits = small(assignment, timeout=20, cpu=20, processes=50)
    case = probe(tmp_path, assignment, part01, body, isolation, limits)
    assert case.outcome == "error"
    forked = int(case.messages[0].rsplit("forked=", 1)[1])
    assert forked < 50  # the harness itself (and bwrap's init) count too
    time.sleep(0.3)
    assert processes_with(marker) == []


@BWRAP
def test_filling_the_disk_stops_at_the_work_folder_cap(tmp_path, assignment, part01):
    body = """
    n = 0
    try:
        for i in range(1000):
            with open("fill%d" % i, "wb") as f:
                f.write(b"x" * (1 << 20))
            n += 1
    except OSError as exc:
        raise RuntimeError("wrote=%d %s" % (n, exc.strerror))
    raise RuntimeError("wrote=%d" % n)
    """
    case = probe(tmp_path, assignment, part01, body, "bwrap", small(assignment, disk_mb=8))
    assert "No space left on device" in case.messages[0]
    assert int(case.messages[0].split("wrote=")[1].split()[0]) <= 8


@pytest.mark.parametrize("isolation", ISOLATIONS)
def test_a_daemon_does_not_outlive_its_submission(tmp_path, assignment, part01, isolation):
    marker = f"unograde-daemon-{os.getpid()}-{isolation}"
    body = f"""
    import os
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            os.execvp("sleep", ["{marker}", "300"])
        os._exit(0)
    return (hand, deck, discard)
    """
    probe(tmp_path, assignment, part01, body, isolation, small(assignment))
    time.sleep(0.3)
    assert processes_with(marker) == []


@pytest.mark.parametrize("isolation", ISOLATIONS)
def test_huge_and_invalid_output_is_capped_and_reports_render(
    tmp_path, assignment, part01, isolation
):
    from graders.report import write_reports

    body = """
    import sys
    print("\\x1b[2J\\udcff\\ud800 start")
    sys.stdout.write("y" * (20 << 20))
    return ("x" * (2 << 20), deck, discard)
    """
    case = probe(
        tmp_path, assignment, part01, body, isolation, small(assignment, timeout=10, cpu=10)
    )
    assert case.outcome in ("wrong-shape", "failed")
    assert len(case.stdout) <= 70 * 1024
    assert sum(len(m) for m in case.messages) < 50_000
    result_path = tmp_path / "probe.py"
    result_path.write_text(
        "def onePlayerOneMove(discard, deck, hand):\n" + textwrap.indent(body, "    ")
    )
    subs = load_submissions(result_path, assignment.module)
    try:
        result = grade_submission(assignment, subs[0], part01[:1], small(assignment), isolation)
    finally:
        cleanup(subs)
    written = write_reports(result, tmp_path / "out", ["json", "md", "html", "gradescope"])
    for path in written:
        path.read_bytes().decode("utf-8")  # valid UTF-8 despite the lone surrogates
        assert path.stat().st_size < 1_000_000


# --- what a submission can see ----------------------------------------------------------------


SANDBOX_ENV = {
    "PATH",
    "HOME",
    "LANG",
    "LC_ALL",
    "PYTHONHASHSEED",
    "PYTHONIOENCODING",
    "UNOGRADE_SANDBOX",
}


@pytest.mark.parametrize("isolation", ISOLATIONS)
def test_the_environment_holds_nothing_of_the_graders(tmp_path, assignment, part01, isolation):
    body = """
    import os
    raise RuntimeError(repr(sorted(os.environ)))
    """
    case = probe(tmp_path, assignment, part01, body, isolation)
    # (A submission that names an allowed numerical library also gets its thread counts.)
    assert set(eval(case.messages[0].split("RuntimeError: ", 1)[1])) == SANDBOX_ENV


@BWRAP
def test_the_graders_environment_cannot_be_read_through_proc(tmp_path):
    # A secret in the grader's own (initial) environment, and a submission that reads every
    # environ file /proc shows it: under bubblewrap none of them is the grader's.
    source = tmp_path / "snoop.py"
    source.write_text(
        textwrap.dedent(
            """
            import os
            def onePlayerOneMove(discard, deck, hand):
                found = []
                for pid in os.listdir("/proc"):
                    try:
                        found.append(open("/proc/%s/environ" % pid, "rb").read())
                    except OSError:
                        pass
                secret = bytes.fromhex("68756e74657232")  # the secret, not spelled out here
                raise RuntimeError("LEA" + "KED" if secret in b"".join(found) else "clean")
            """
        )
    )
    env = dict(os.environ, UNOGRADE_TEST_SECRET="hunter2-secret")
    done = subprocess.run(
        [
            "unograde",
            "grade",
            "uno-moves",
            str(source),
            "--public-only",
            "--out",
            str(tmp_path / "out"),
            "--isolation",
            "bwrap",
            "--submission-timeout",
            "20",
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    report = (tmp_path / "out" / "snoop" / "result.json").read_text()
    assert "RuntimeError: clean" in report, done.stderr
    assert "LEAKED" not in report and "hunter2" not in report


@BWRAP
def test_reference_fixtures_and_other_students_are_out_of_view(tmp_path, assignment, part01):
    hidden = next(c for c in assignment.cases() if c.hidden)
    secret = fixtures_dir("uno-moves") / hidden.expected_path
    other = tmp_path / "other-student" / "uno.py"
    other.parent.mkdir()
    other.write_text("SECRET_OF_ANOTHER_STUDENT = 1\n")
    body = f"""
    import os
    tries = [{str(secret)!r}, {str(ROOT / "reference" / "__init__.py")!r}, {str(other)!r},
             "/proc/1/root" + {str(secret)!r}, "/proc/self/root" + {str(other)!r}]
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            tries.append("/proc/%s/cwd/uno.py" % pid)
    seen = []
    for path in tries:
        try:
            with open(path, "rb") as f:
                seen.append((path, f.read(200)))
        except OSError:
            pass
    raise RuntimeError("seen=" + repr(seen))
    """
    case = probe(tmp_path, assignment, part01, body, "bwrap")
    message = case.messages[0]
    assert "SECRET_OF_ANOTHER_STUDENT" not in message
    assert secret.read_text()[:40] not in message
    assert "seen=[]" in message


@BWRAP
def test_writing_outside_the_work_folder_fails(tmp_path, assignment, part01):
    target = tmp_path / "planted.txt"
    body = f"""
    results = []
    for path in [{str(target)!r}, {str(ROOT / "planted.txt")!r}, "/sandbox/sub/planted.py",
                 "/usr/planted"]:
        try:
            open(path, "w").write("x")
            results.append("wrote " + path)
        except OSError as exc:
            results.append(type(exc).__name__)
    raise RuntimeError(repr(results))
    """
    case = probe(tmp_path, assignment, part01, body, "bwrap")
    assert "wrote /sandbox/sub" not in case.messages[0]
    assert "wrote /usr" not in case.messages[0]
    assert not target.exists() and not (ROOT / "planted.txt").exists()


# --- lying values and channels ----------------------------------------------------------------


def test_objects_that_lie_about_equality_do_not_pass(tmp_path, assignment, part01):
    source = """
        class Liar:
            def __eq__(self, other):
                return True
            def __ne__(self, other):
                return False
            def __hash__(self):
                raise RuntimeError("no hash")
            def __repr__(self):
                raise RuntimeError("no repr")
        class LyingTuple(tuple):
            def __eq__(self, other):
                return True
        def onePlayerOneMove(discard, deck, hand):
            if len(hand) % 2:
                return Liar()
            return LyingTuple(([("r", "0")], deck, discard))
        """
    result = grade_source(tmp_path, assignment, part01, source, "rlimits")
    assert not any(c.passed for c in result.cases)
    assert {c.outcome for c in result.cases} <= {"wrong-shape", "failed"}


def test_a_result_nested_a_million_deep(tmp_path, assignment, part01):
    body = """
    value = []
    for _ in range(1_000_000):
        value = [value]
    return (value, deck, discard)
    """
    case = probe(
        tmp_path, assignment, part01, body, "rlimits", small(assignment, timeout=20, cpu=20)
    )
    assert case.outcome == "error"
    assert "too deeply nested" in case.messages[0]


@pytest.mark.parametrize("isolation", ISOLATIONS)
def test_forged_bookkeeping_on_the_result_pipe_is_not_believed(
    tmp_path, assignment, part01, isolation
):
    # The student finds the result pipe and writes its own "result" first, with impossible
    # bookkeeping, then a forged value that is not well formed on the next case.
    source = """
        import json, os, sys
        OUT = int(sys.argv[2])
        calls = []
        def onePlayerOneMove(discard, deck, hand):
            calls.append(1)
            if len(calls) == 1:
                line = {"id": 0, "status": "returned", "value": None, "seconds": -1,
                        "dropped": -5, "stdout": 7, "mutated": "yes"}
            else:
                line = {"id": len(calls) - 1, "status": "returned",
                        "value": {"__tuple__": 5}}
            os.write(OUT, (json.dumps(line) + "\\n").encode())
            return (hand, deck, discard)
        """
    result = grade_source(tmp_path, assignment, part01[:2], source, isolation)
    first, second = result.cases
    assert first.seconds >= 0 and first.stdout_dropped == 0 and first.stdout == ""
    assert not first.passed
    assert second.outcome == "crashed"


def test_harness_line_that_is_not_json_or_too_deep(tmp_path, assignment, part01):
    source = """
        import os, sys
        OUT = int(sys.argv[2])
        def onePlayerOneMove(discard, deck, hand):
            os.write(OUT, b"[" * 100000 + b"\\n")
            return (hand, deck, discard)
        """
    result = grade_source(tmp_path, assignment, part01[:1], source, "rlimits")
    assert result.cases[0].outcome == "crashed"
    assert "not a result" in result.cases[0].messages[0]


# --- the class ------------------------------------------------------------------------------


HOSTILE = {
    "looper": "def onePlayerOneMove(d, k, h):\n    while True: pass\n",
    "sleeper": "import time\ndef onePlayerOneMove(d, k, h):\n    time.sleep(0.45)\n",
    "stubborn": (
        "import signal\nsignal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
        "def onePlayerOneMove(d, k, h):\n    import time\n    time.sleep(10**6)\n"
    ),
    "recurser": "def onePlayerOneMove(d, k, h):\n    return onePlayerOneMove(d, k, h)\n",
    "importloop": "while True:\n    pass\n",
    "forker": (
        "import os\ndef onePlayerOneMove(d, k, h):\n"
        "    while True:\n        try:\n            os.fork()\n        except OSError:\n"
        "            pass\n"
    ),
}


@pytest.mark.parametrize("isolation", ISOLATIONS)
def test_a_class_of_only_hostile_submissions_finishes_within_the_bound(
    tmp_path, assignment, isolation
):
    students = tmp_path / "class"
    students.mkdir()
    for name, source in HOSTILE.items():
        (students / f"{name}.py").write_text(source)
    budget, jobs = 4.0, 2
    limits = small(assignment, timeout=0.5, cpu=0.5, submission_timeout=budget, stop_after=0)
    cases = assignment.cases()  # every case, hidden ones included: 124
    started = time.monotonic()
    items = grade_batch(
        assignment, [students], cases, tmp_path / "out", jobs, limits, isolation=isolation
    )
    elapsed = time.monotonic() - started
    # The README's worst case: (submissions / jobs) x the submission budget, plus start-up.
    bound = -(-len(HOSTILE) // jobs) * budget
    assert elapsed < bound + 30, (elapsed, bound)
    results = {i.result.student: i.result for i in items}
    assert set(results) == set(HOSTILE)
    assert all(r.score < 5 for r in results.values())
    assert results["looper"].budget_hit and results["sleeper"].budget_hit
    rows = (tmp_path / "out" / "scores.csv").read_text().splitlines()
    assert len(rows) == 1 + len(HOSTILE)
    for name in HOSTILE:
        data = json.loads((tmp_path / "out" / name / "result.json").read_text())
        assert len(data["cases"]) == len(cases)


@pytest.mark.parametrize("isolation", ISOLATIONS)
def test_a_memory_bomb_costs_two_cases_not_thirty(tmp_path, assignment, part01, isolation):
    source = """
        def onePlayerOneMove(discard, deck, hand):
            hoard = []
            while True:
                hoard.append(bytearray(16 << 20))
        """
    limits = small(assignment, timeout=20, cpu=20, memory_mb=256)
    result = grade_source(tmp_path, assignment, part01, source, isolation, limits)
    outcomes = [c.outcome for c in result.cases]
    assert outcomes[:2] == ["memory", "memory"]
    assert set(outcomes[2:]) == {"not-run"}
    assert "ran out of memory on cases" in result.cases[2].messages[0]


# --- the caller's arguments -----------------------------------------------------------------


@pytest.mark.parametrize(
    "body, mutated",
    [
        # An object that claims to equal anything, and reprs as nothing: still a change.
        (
            """
            class Liar:
                def __eq__(self, other):
                    return True
                def __repr__(self):
                    return ""
            hand.append(Liar())
            return (hand[:-1], deck, discard)
            """,
            True,
        ),
        # One whose comparison and repr raise: the check says "changed", the case still ends.
        (
            """
            class Bomb:
                def __eq__(self, other):
                    raise RuntimeError("no")
                def __repr__(self):
                    raise RuntimeError("no")
            deck[0] = Bomb()
            return (hand, deck[1:], discard)
            """,
            True,
        ),
        # A card swapped for an equal copy of it, a list for a tuple: not a change.
        ("hand[0] = tuple(hand[0])\nreturn (hand, deck, discard)", False),
        ("hand = list(hand)\nhand.sort()\nreturn (hand, deck, discard)", False),
    ],
)
def test_the_arguments_a_student_changes_are_seen_whatever_they_put_in(
    tmp_path, assignment, part01, body, mutated
):
    case = probe(tmp_path, assignment, part01, body, "rlimits")
    note = any("changed the lists it was given" in m for m in case.messages)
    assert note is mutated, case.messages
