"""Nothing recorded is lost: concurrent writers, a writer killed mid-transaction, a batch
killed outright and run again. Real SQLite files (and the PostgreSQL server where there is
one), real processes."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

# Slow tier: grades and kills whole batches.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
ADA = ROOT / "examples" / "uno-moves" / "ada" / "uno.py"
CASES = 124

# One writer: records COUNT gradings of CASES cases each, printing each id once committed.
WRITER = textwrap.dedent(
    f"""
    import sys
    sys.path.insert(0, {str(ROOT)!r})
    from graders.gradebook import Gradebook
    from graders.results import CaseOutcome, CaseResult, PartResult, SubmissionResult

    url, who, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    cases = [CaseResult(f"c{{k}}", "p1", False, CaseOutcome.FAILED, 0.0, 1.0,
                        messages=[f"case {{k}} of {{who}}"]) for k in range({CASES})]
    with Gradebook(url) as book:
        n = 0
        while count < 0 or n < count:
            result = SubmissionResult("cards", "Cards", f"{{who}}-{{n}}", "o", "d", "", 0.0,
                                      {CASES}.0, [PartResult("p1", "f", "P", 0.0, 1.0, 0, 1)],
                                      cases)
            print(book.record(result), flush=True)
            n += 1
    """
)


def writer(url: str, who: str, count: int) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-c", WRITER, url, who, str(count)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_concurrent_writers_each_keep_every_grading(gradebook_url):
    from graders.gradebook import Gradebook

    Gradebook(gradebook_url).close()  # made once, so that the writers race on rows, not DDL
    procs = [writer(gradebook_url, f"w{k}", 25) for k in range(3)]
    outputs = [p.communicate(timeout=300) for p in procs]
    assert [p.returncode for p in procs] == [0, 0, 0], [err for _, err in outputs]
    ids = [int(line) for out, _ in outputs for line in out.split()]
    assert len(ids) == len(set(ids)) == 75
    with Gradebook(gradebook_url) as book:
        latest = book.latest("cards")
        assert sorted(g.student for g in latest) == sorted(
            f"w{k}-{n}" for k in range(3) for n in range(25)
        )
        cases = book.cases([g.id for g in latest])
        assert all(len(cases[g.id]) == CASES for g in latest)
        assert all(cases[g.id][5].message == f"case 5 of {g.student[:2]}" for g in latest)


def test_a_writer_killed_mid_transaction_leaves_every_committed_grading_whole(tmp_path):
    from graders.gradebook import Gradebook

    path = tmp_path / "gradebook.db"
    proc = writer(str(path), "k", -1)  # records until killed
    committed = []
    for line in proc.stdout:
        committed.append(int(line))
        if len(committed) >= 40:
            break
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    with Gradebook(path) as book:
        kept = {g.id: g for g in book.latest()}
        assert set(committed) <= set(kept)  # every commit it reported is there
        counts = book.cases(list(kept))
        # whatever was in flight when it died is either all there or not at all
        assert all(len(counts.get(gid, [])) == CASES for gid in kept)
        assert book.count("grading_cases") == CASES * len(kept)


def _gradings(path: Path) -> list[tuple[str, str]]:
    if not path.exists():
        return []
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=30)
        return db.execute("SELECT student, digest FROM gradings ORDER BY id").fetchall()
    except sqlite3.OperationalError:  # not made yet
        return []


def test_a_batch_killed_outright_loses_nothing_and_a_rerun_records_each_student_once(tmp_path):
    klass = tmp_path / "class"
    klass.mkdir()
    names = [f"s{k}" for k in range(6)]
    for k, name in enumerate(names):
        (klass / f"{name}.py").write_text(ADA.read_text() + f"\n# {k}\n")
    book = tmp_path / "gradebook.db"
    command = [sys.executable, "-m", "graders.cli", "grade", "uno-moves", str(klass),
               "--out", str(tmp_path / "out"), "--jobs", "1", "--public-only",
               "--gradebook", str(book)]  # fmt: skip
    env = {k: v for k, v in os.environ.items() if k != "UNOGRADE_GRADEBOOK"}
    proc = subprocess.Popen(command, cwd=tmp_path, env=env, start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)  # fmt: skip
    deadline = time.monotonic() + 300
    while len(_gradings(book)) < 2 and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    os.killpg(proc.pid, signal.SIGKILL)  # the grader and its workers, at once
    proc.wait(timeout=60)
    before = _gradings(book)
    assert 2 <= len(before) < len(names), "the batch should have been killed part way"
    assert sqlite3.connect(book).execute("PRAGMA integrity_check").fetchone() == ("ok",)
    again = subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True,
                           timeout=600)  # fmt: skip
    assert again.returncode == 0, again.stderr
    after = _gradings(book)
    assert after[: len(before)] == before  # nothing recorded was lost or changed
    assert sorted(student for student, _ in after) == names  # each student exactly once
    written = {n: json.loads((tmp_path / "out" / n / "result.json").read_text()) for n in names}
    assert dict(after) == {n: data["digest"] for n, data in written.items()}
