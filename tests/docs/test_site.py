"""The documentation site builds in strict mode, and the README stays a front page.

``mkdocs build --strict`` (with mkdocs.yml's ``validation``) fails on a broken link, a missing
anchor and a page left out of the nav; the tests below also show that it would, on a copy of
the docs with one of each added.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README_MOST_LINES = 210


def _build(config: Path, site: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict",
         "--config-file", str(config), "--site-dir", str(site)],
        capture_output=True, text=True, timeout=300, env=env,
    )  # fmt: skip


def test_the_site_builds_strictly_with_no_warning(tmp_path):
    built = _build(ROOT / "mkdocs.yml", tmp_path / "site")
    assert built.returncode == 0, built.stdout + built.stderr
    assert "WARNING" not in built.stdout + built.stderr, built.stdout + built.stderr
    # every page of docs/ is a page of the site
    for page in (ROOT / "docs").rglob("*.md"):
        name = page.relative_to(ROOT / "docs").with_suffix("")
        html = "index.html" if name.name == "index" else f"{name.name}/index.html"
        assert (tmp_path / "site" / name.parent / html).is_file(), page


def test_a_broken_link_a_missing_anchor_or_an_orphan_page_fails_the_build(tmp_path):
    copy = tmp_path / "copy"
    shutil.copytree(ROOT / "docs", copy / "docs")
    shutil.copy(ROOT / "mkdocs.yml", copy / "mkdocs.yml")
    changelog = copy / "docs" / "changelog.md"
    original = changelog.read_text(encoding="utf-8")
    cases = {
        "not found among documentation files": lambda: changelog.write_text(
            original + "\n[gone](no-such-page.md)\n", encoding="utf-8"
        ),
        "does not contain an anchor": lambda: changelog.write_text(
            original + "\n[gone](sandbox.md#no-such-heading)\n", encoding="utf-8"
        ),
        'not included in the "nav"': lambda: (copy / "docs" / "orphan.md").write_text(
            "# An orphan\n", encoding="utf-8"
        ),
    }
    for says, spoil in cases.items():
        spoil()
        built = _build(copy / "mkdocs.yml", tmp_path / "site")
        assert built.returncode != 0, says
        assert says in built.stdout + built.stderr
        changelog.write_text(original, encoding="utf-8")
        (copy / "docs" / "orphan.md").unlink(missing_ok=True)


def test_the_readme_is_a_front_page():
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= README_MOST_LINES, f"README.md has {len(lines)} lines"
    headings = [line for line in lines if line.startswith("## ")]
    assert headings == [
        "## The five assignments",
        "## Quick start",
        "## Speed",
        "## Where to go next",
    ]


def test_the_readmes_links_reach_files_that_exist():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text)
    local = [t for t in targets if "://" not in t]
    assert len(local) >= 15
    missing = [t for t in local if not (ROOT / t).exists()]
    assert not missing, missing
    # every page of the site is reachable from the front page's table, directly or via docs/
    linked = {Path(t) for t in local}
    assert Path("docs/index.md") in linked
