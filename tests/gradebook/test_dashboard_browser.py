"""The dashboards in a real browser: Debian's headless Chromium, driven by Playwright (which
never downloads a browser of its own here). Each page renders (its plots decode), logs no
console error, makes no request but for its own file and data: images, sorts its tables,
and every link on it resolves. Skipped, saying why, where chromium or playwright is missing;
``.ci/run`` installs chromium."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest

from .conftest import unograde

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

# Slow tier: opens the dashboard in Chromium.
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        not Path(CHROMIUM).exists(),
        reason="Debian's chromium is not installed (apt-get install chromium)",
    ),
]


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    profile = tmp_path_factory.mktemp("chromium-profile")  # a fresh user-data-dir
    os.environ.setdefault("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")
    with sync_api.sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            str(profile), executable_path=CHROMIUM, headless=True, args=ARGS,
            chromium_sandbox=False, offline=True,
        )  # fmt: skip
        try:
            yield context
        finally:
            context.close()


class Watched:
    """A page with everything it logs, throws, requests and pops up recorded."""

    def __init__(self, context) -> None:
        self.page = context.new_page()
        self.console: list[str] = []
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.dialogs: list[str] = []
        self.page.on("console", lambda m: self.console.append(f"{m.type}: {m.text}"))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.on("dialog", lambda d: (self.dialogs.append(d.message), d.dismiss()))

    def open(self, path: Path) -> None:
        self.page.goto(path.absolute().as_uri(), wait_until="load")

    def clean(self) -> None:
        assert [m for m in self.console if m.startswith(("error", "warning"))] == []
        assert self.errors == [] and self.dialogs == []
        assert [u for u in self.requests if urlparse(u).scheme not in ("file", "data")] == []


def column(page, table: str, index: int) -> list[str]:
    return page.eval_on_selector_all(
        f"#{table} tbody tr",
        "(rows, i) => rows.map(r => r.cells[i].getAttribute('data-value')"
        " ?? r.cells[i].textContent)",
        index,
    )


def check_sorting(page, table: str, header_id: str) -> None:
    index = page.eval_on_selector(f"#{header_id}", "th => th.cellIndex")
    before = column(page, table, index)
    page.click(f"#{header_id} button")
    ascending = column(page, table, index)
    numbers = [float(v) for v in ascending if v != ""]
    assert numbers == sorted(numbers) and ascending[: len(numbers)] == [v for v in ascending if v]
    assert page.get_attribute(f"#{header_id}", "aria-sort") == "ascending"
    page.click(f"#{header_id} button")
    descending = column(page, table, index)
    numbers = [float(v) for v in descending if v != ""]
    assert numbers == sorted(numbers, reverse=True)
    assert descending[len(numbers) :] == [""] * (len(descending) - len(numbers))  # empty last
    assert sorted(before) == sorted(ascending) == sorted(descending)
    assert len(set(numbers)) > 1, "a sort that cannot be seen checks nothing"


def check_links(watched: Watched, path: Path) -> None:
    page = watched.page
    hrefs = page.eval_on_selector_all("a[href]", "links => links.map(a => a.href)")
    assert hrefs
    targets = set()
    for href in hrefs:
        url = urlparse(href)
        assert url.scheme == "file", href
        target = Path(unquote(url.path))
        if target == path.absolute() and url.fragment:
            assert page.query_selector(f"[id='{url.fragment}']") is not None, href
        else:
            assert target.is_file(), href
            targets.add(target)
    for target in sorted(targets):  # each page it links to opens
        other = Watched(page.context)
        other.open(target)
        assert other.page.title(), target
        other.page.close()


def check_renders(page) -> None:
    sizes = page.eval_on_selector_all("img", "imgs => imgs.map(i => [i.complete, i.naturalWidth])")
    assert sizes and all(done and width > 100 for done, width in sizes), sizes
    assert page.is_visible("h1") and page.is_visible("#students-table, #term-table")


def test_the_class_dashboard_in_chromium(browser, graded_class):
    path = graded_class["out"] / "index.html"
    watched = Watched(browser)
    watched.open(path)
    check_renders(watched.page)
    check_sorting(watched.page, "students-table", "score-header")
    check_links(watched, path)
    watched.clean()


def test_the_term_dashboard_in_chromium(browser, graded_class, tmp_path):
    out = tmp_path / "term"
    done = unograde("dashboard", "--gradebook", str(graded_class["book"]), "--out", str(out))
    assert done.returncode == 0, done.stderr
    pages = [
        (out / "index.html", "term-table", "total-header"),
        (out / "uno-moves.html", "students-table", "score-header"),
    ]
    for page_path, table, header in pages:
        watched = Watched(browser)
        watched.open(page_path)
        check_renders(watched.page)
        check_sorting(watched.page, table, header)
        check_links(watched, page_path)
        watched.clean()
