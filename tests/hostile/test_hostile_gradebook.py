"""What a submission controls (its file name, its exception text) and what a roster holds are
data in the gradebook, the dashboards, the exports and the terminal: stored as they came,
escaped in HTML, never a formula in a spreadsheet, never an escape sequence on a terminal.
Graded by the real command; the pages opened in Debian's Chromium where it is installed."""

from __future__ import annotations

import csv
import io
import os
import re
import shutil
import sqlite3
import subprocess
from pathlib import Path

import pytest

from graders.dashboard.render import page_name

# Slow tier: grades classes and opens pages in Chromium.
pytestmark = pytest.mark.slow

# An exception text that is HTML, Markdown, a spreadsheet formula and terminal escapes at once.
PAYLOAD = (
    "<script>alert('msg')</script><img src=x onerror=alert('img')> "
    "**bold** [a](http://evil.example/) =cmd|' /C calc'!A0 \x1b]8;;http://evil.example/\x07click\x1b]8;;\x07\x1b[2J"
)
RAISES = f"""
def onePlayerOneMove(discard, deck, hand):
    raise ValueError({PAYLOAD!r})
"""
# File names a student picks (a "/" cannot be in one; the grader makes the rest safe as a name).
NAMES = ["<img src=x onerror=alert('name')>", "=cmd|' _C calc'!A0", "+SUM(1;2)", "@x\x1b[31mred"]
ROSTER = (
    "id,name,login,section,email\n"
    '1,<script>alert(\'roster\')</script>,=cmd|\' _C calc\'!A0,\x1b[2Jsec,"=HYPERLINK(""http://e"")"\n'
    "2,-2+3 Eve,plain,A,eve@x.edu\n"
)
ESCAPE = re.compile("[\x1b\x9b\x07]")


def unograde(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    from tests.gradebook.conftest import unograde as run

    return run(*args, cwd=cwd, env={**os.environ, "COLUMNS": "250"})  # rich: a row per line


@pytest.fixture(scope="module")
def hostile_class(tmp_path_factory):
    base = tmp_path_factory.mktemp("hostile-class")
    klass = base / "class"
    klass.mkdir()
    for name in NAMES:
        (klass / f"{name}.py").write_text(RAISES)
    book, out = base / "gradebook.db", base / "out"
    (base / "roster.csv").write_text(ROSTER)
    imported = unograde("roster", "import", "roster.csv", "--gradebook", str(book), cwd=base)
    assert imported.returncode == 0, imported.stderr
    graded = unograde("grade", "uno-moves", str(klass), "--out", str(out), "--public-only",
                      "--gradebook", str(book), cwd=base)  # fmt: skip
    assert graded.returncode == 0, graded.stderr
    term = unograde("dashboard", "--gradebook", str(book), "--out", str(base / "term"), cwd=base)
    assert term.returncode == 0, term.stderr
    return {"base": base, "book": book, "out": out, "outputs": [imported, graded, term]}


def test_the_gradebook_keeps_the_text_as_it_came(hostile_class):
    db = sqlite3.connect(hostile_class["book"])
    students = {row[0] for row in db.execute("SELECT student FROM gradings")}
    assert "<img src=x onerror=alert('name')>" in students and "=cmd|' _C calc'!A0" in students
    messages = {row[0] for row in db.execute("SELECT message FROM grading_cases") if row[0]}
    assert f"onePlayerOneMove raised ValueError: {PAYLOAD}" in messages
    names = {row[0] for row in db.execute("SELECT name FROM roster")}
    assert "<script>alert('roster')</script>" in names


def test_the_dashboards_escape_everything(hostile_class):
    base = hostile_class["base"]
    pages = [hostile_class["out"] / "index.html", base / "term" / "index.html",
             base / "term" / page_name("uno-moves")]  # fmt: skip
    for path in pages:
        html = path.read_text(encoding="utf-8")
        scripts = re.findall(r"<script\b", html, re.I)
        assert len(scripts) == 1, path  # the page's own, allowed by its hash
        assert "onerror=alert" not in html.replace("onerror=alert(&#39;", "")
        assert "<img src=x" not in html and "<b>" not in html and "<strong>bold" not in html
        assert "\x1b" not in html and "\x07" not in html
    batch = (hostile_class["out"] / "index.html").read_text(encoding="utf-8")
    assert "&lt;script&gt;alert(&#39;msg&#39;)&lt;/script&gt;" in batch  # shown, as text
    assert "**bold** [a](http://evil.example/)" in batch  # Markdown is not rendered either
    assert 'href="http' not in batch
    # a student's report is linked by a URL-quoted path that reaches its folder
    link = re.search(r'<a href="([^"]*onerror[^"]*)">', batch)
    assert link and "<" not in link.group(1) and "%3C" in link.group(1)


def test_the_exports_hold_no_formula(hostile_class):
    base, book = hostile_class["base"], str(hostile_class["book"])
    for kind in ("canvas", "moodle", "csv"):
        out = base / f"{kind}.csv"
        done = unograde("export", kind, "--gradebook", book, "--out", str(out), cwd=base)
        assert done.returncode == 0, done.stderr
        assert not ESCAPE.search(done.stderr)
        cells = [c for row in csv.reader(io.StringIO(out.read_text(), newline="")) for c in row]
        assert [c for c in cells if c[:1] in ("=", "+", "@", "\t", "\r")] == []
        assert [c for c in cells if c[:1] == "-" and not re.fullmatch(r"-\d+(\.\d+)?", c)] == []
        assert any(c.startswith("'=cmd|") for c in cells)  # kept, as text


def test_the_terminal_gets_no_escape_sequence(hostile_class):
    base = hostile_class["base"]
    shown = unograde("roster", "show", "--gradebook", str(hostile_class["book"]), cwd=base)
    assert shown.returncode == 0, shown.stderr
    for proc in [*hostile_class["outputs"], shown]:
        assert not ESCAPE.search(proc.stdout) and not ESCAPE.search(proc.stderr), proc.args
    assert "<script>alert('roster')</script>" in shown.stdout  # shown as the text it is


@pytest.mark.skipif(shutil.which("chromium") is None, reason="Debian's chromium is not installed")
def test_no_page_runs_anything_in_chromium(hostile_class, tmp_path):
    pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    from playwright.sync_api import sync_playwright

    from tests.gradebook.test_dashboard_browser import ARGS, CHROMIUM, Watched

    base = hostile_class["base"]
    pages = [hostile_class["out"] / "index.html", base / "term" / "index.html",
             base / "term" / page_name("uno-moves")]  # fmt: skip
    with sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            str(tmp_path / "profile"), executable_path=CHROMIUM, headless=True, args=ARGS,
            chromium_sandbox=False, offline=True,
        )  # fmt: skip
        try:
            for path in pages:
                watched = Watched(context)
                watched.open(path)
                assert watched.page.is_visible("h1")
                watched.clean()  # no dialog, no console error, no request
                text = watched.page.inner_text("body")
                assert "alert('msg')" in text or path.parent.name == "term"
        finally:
            context.close()
