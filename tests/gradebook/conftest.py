"""Gradebook tests: results made by hand, and a real PostgreSQL server where one is installed.

The server is a throwaway cluster (initdb in a temporary folder, its own unix socket, no TCP),
started once per session and run as the ``postgres`` user when the tests run as root (the
server refuses root). Each test gets a database of its own. Without Debian's ``postgresql``
(or psycopg) the PostgreSQL tests are skipped, saying why; ``.ci/run`` installs it.
"""

from __future__ import annotations

import contextlib
import glob
import json
import os
import pwd
import shutil
import subprocess
import sys
import tempfile
import uuid
from pathlib import Path

import pytest

from graders.results import CaseOutcome, CaseResult, PartResult, SubmissionResult


def make_result(
    student: str,
    parts: dict[str, tuple[float, float, int, int]] | None = None,
    cases: list[tuple[str, str, str, str | None]] | None = None,
    assignment: str = "cards",
    digest: str = "d1",
    problem: str | None = None,
    origin: str | None = None,
    title: str = "Cards",
) -> SubmissionResult:
    """A submission's result as the grader would make it: ``parts`` {id: (points, max, passed,
    total)}, ``cases`` [(name, part, outcome, message)]; the score is the parts' sum."""
    parts = parts or {"p1": (10.0, 10.0, 2, 2)}
    cases = cases if cases is not None else [("c1", "p1", "passed", None)]
    part_results = [
        PartResult(pid, f"f_{pid}", f"Part {pid}", pts, most, passed, total)
        for pid, (pts, most, passed, total) in parts.items()
    ]
    case_results = [
        CaseResult(
            name,
            part,
            name.startswith("hidden"),
            CaseOutcome(outcome),
            1.0 if outcome == "passed" else 0.0,
            1.0,
            messages=[message, "a second message"] if message else [],
        )  # fmt: skip
        for name, part, outcome, message in cases
    ]
    return SubmissionResult(
        assignment=assignment,
        title=title,
        student=student,
        origin=origin or f"class/{student}.py",
        digest=digest,
        isolation="rlimits (test)",
        score=sum(p[0] for p in parts.values()),
        max_score=sum(p[1] for p in parts.values()),
        parts=part_results,
        cases=case_results,
        problem=problem,
        grader_version="0.1.0",
    )


def _initdb() -> Path | None:
    found = shutil.which("initdb")
    candidates = [found] if found else sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(candidates[-1]).resolve() if candidates else None


def _run(prefix: list[str], *args: str) -> None:
    subprocess.run([*prefix, *args], check=True, capture_output=True, timeout=120)


@pytest.fixture(scope="session")
def postgres_server():
    """(url of the ``postgres`` database, admin connection string) of a throwaway server."""
    initdb = _initdb()
    if initdb is None:
        pytest.skip("PostgreSQL is not installed (Debian: apt-get install postgresql)")
    psycopg = pytest.importorskip("psycopg", reason="psycopg is not installed")
    prefix: list[str] = []
    base = Path(tempfile.mkdtemp(prefix="unograde-pg-"))
    if os.geteuid() == 0:  # the server will not run as root
        try:
            user = pwd.getpwnam("postgres")
        except KeyError:
            pytest.skip("running as root and there is no postgres user to run the server as")
        if shutil.which("runuser") is None:
            pytest.skip("running as root without runuser to start the server as postgres")
        os.chown(base, user.pw_uid, user.pw_gid)
        prefix = ["runuser", "-u", "postgres", "--"]
    data, port = base / "data", 5499
    pg_ctl = str(initdb.parent / "pg_ctl")
    try:
        _run(prefix, str(initdb), "-D", str(data), "-A", "trust", "-U", "unograde",
             "-E", "UTF8", "--locale=C", "--no-sync")  # fmt: skip
        options = f"-k {base} -p {port} -c listen_addresses='' -c fsync=off"
        _run(prefix, pg_ctl, "-D", str(data), "-l", str(base / "server.log"), "-w",
             "-t", "60", "-o", options, "start")  # fmt: skip
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as exc:
        log = (base / "server.log").read_text() if (base / "server.log").exists() else ""
        shutil.rmtree(base, ignore_errors=True)
        pytest.fail(f"could not start PostgreSQL: {exc}; {getattr(exc, 'stderr', b'')!r} {log}")
    admin = f"host={base} port={port} user=unograde dbname=postgres"
    try:
        with psycopg.connect(admin, connect_timeout=10):
            pass
        yield f"postgresql://unograde@/postgres?host={base}&port={port}", admin, base, port
    finally:
        with contextlib.suppress(Exception):
            _run(prefix, pg_ctl, "-D", str(data), "-m", "immediate", "-w", "stop")
        shutil.rmtree(base, ignore_errors=True)


@pytest.fixture
def postgres_url(postgres_server):
    """A fresh database on the throwaway server, dropped afterwards."""
    import psycopg

    _, admin, base, port = postgres_server
    name = "t_" + uuid.uuid4().hex[:12]
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    try:
        yield f"postgresql://unograde@/{name}?host={base}&port={port}"
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.slow)])
def gradebook_url(request, tmp_path):
    """The same tests on a real SQLite file and on a real PostgreSQL database (the slow tier:
    it starts a server)."""
    if request.param == "sqlite":
        return str(tmp_path / "gradebook.db")
    return request.getfixturevalue("postgres_url")


ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "uno-moves"
GRADESCOPE_METADATA = """\
submission_111:
  :submitters:
  - :name: Ada Lovelace
    :sid: '1001'
    :email: ada@uni.edu
  - :name: Alan Turing
    :sid: '1003'
    :email: alan@uni.edu
submission_222:
  :submitters:
  - :name: Grace Hopper
    :sid: '1002'
    :email: ghopper@uni.edu
"""
ROSTER_CSV = (
    "Student ID,Name,Email,Login,Section\n"
    "1001,Ada Lovelace,ada@uni.edu,alove,A\n"
    "1002,Grace Hopper,ghopper@uni.edu,ghop,B\n"
    "1003,Alan Turing,alan@uni.edu,aturing,A\n"
    "1004,Jane Doe,jane@uni.edu,jdoe,B\n"
    "1005,Nobody Yet,nobody@uni.edu,nyet,B\n"
)


def unograde(*args: str, cwd: Path | None = None, env: dict | None = None):
    """``unograde ARGS`` as a course team runs it: ``grade`` in a process of its own (its
    workers, its sandboxes, its signals), the other verbs in this one through click's runner
    (the same command objects, without a Python start-up each). Either way: returncode,
    stdout, stderr."""
    if args[0] == "grade":
        return subprocess.run(
            [sys.executable, "-m", "graders.cli", *args],
            capture_output=True,
            text=True,
            cwd=cwd,
            env=env,
            timeout=600,
        )
    from click.testing import CliRunner

    from graders.cli import main

    overrides = None
    if env is not None:
        overrides = {k: env.get(k) for k in set(os.environ) | set(env)}
    with contextlib.chdir(cwd or os.getcwd()):
        result = CliRunner(env=overrides).invoke(main, list(args), catch_exceptions=False)
    return subprocess.CompletedProcess(list(args), result.exit_code, result.stdout, result.stderr)


@pytest.fixture(scope="session")
def graded_class(tmp_path_factory):
    """A class graded by the real command, as a course team would: a Gradescope export (two
    submission folders, one of them a group of two, and its metadata) with two more students,
    one named by login and one nobody knows, after the roster was imported. Graded once per session
    (public cases) and shared by the export, dashboard and browser tests."""
    base = tmp_path_factory.mktemp("graded-class")
    export = base / "assignment_9_export"
    for folder, source in (("submission_111", "ada/uno.py"), ("submission_222", "ben.py")):
        (export / folder).mkdir(parents=True)
        (export / folder / "uno.py").write_text((EXAMPLES / source).read_text())
    (export / "jdoe.py").write_text((EXAMPLES / "dev.py").read_text())
    (export / "stranger.py").write_text((EXAMPLES / "ada" / "uno.py").read_text() + "\n# x\n")
    (export / "submission_metadata.yml").write_text(GRADESCOPE_METADATA)
    book, out = base / "gradebook.db", base / "reports"
    roster = base / "roster.csv"
    roster.write_text(ROSTER_CSV)
    imported = unograde("roster", "import", str(roster), "--gradebook", str(book))
    assert imported.returncode == 0, imported.stderr
    graded = unograde("grade", "uno-moves", str(export), "--out", str(out), "--public-only",
                      "--gradebook", str(book))  # fmt: skip
    assert graded.returncode == 0, graded.stderr
    results = {
        name: json.loads((out / name / "result.json").read_text())
        for name in ("submission_111", "submission_222", "jdoe", "stranger")
    }
    return {"base": base, "book": book, "out": out, "results": results, "graded": graded,
            "imported": imported, "roster": roster}  # fmt: skip
