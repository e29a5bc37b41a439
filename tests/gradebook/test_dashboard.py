"""The class dashboard (``grade --out DIR`` writes ``DIR/index.html``) and the term dashboard
(``unograde dashboard``): what they show, checked against the reports the workers wrote; that
they are self-contained; that their colours meet WCAG AA."""

from __future__ import annotations

import re
import statistics
from pathlib import Path
from urllib.parse import unquote

import pytest

from graders.dashboard import plots
from graders.export.lms import points_text

from .conftest import unograde
from .html_page import colours, contrast, parse, sha256, svgs

# Slow tier: grades classes with the CLI.
pytestmark = pytest.mark.slow


def resolves(page_path: Path, href: str, ids: set[str]) -> bool:
    """A link on a file: page: a fragment of the page, or a file that is there."""
    if href.startswith("#"):
        return href[1:] in ids
    if re.match(r"^[a-z][a-z0-9+.-]*:", href) or href.startswith("//"):
        return False  # no link leaves the folder
    return (page_path.parent / unquote(href)).is_file()


def assert_self_contained(path: Path) -> None:
    html = path.read_text(encoding="utf-8")
    page = parse(html)
    assert page.images and all(src.startswith("data:image/svg+xml;base64,") for src in page.images)
    assert not re.search(r"""(?:src|href|action)\s*=\s*["']?\s*(?:https?:|//|ftp:)""", html, re.I)
    assert "@import" not in page.style and "url(" not in page.style
    # The policy forbids every load but these inline blocks and data: images.
    assert "default-src 'none'" in page.csp and "img-src data:" in page.csp
    assert f"script-src '{sha256(page.script)}'" in page.csp
    assert f"style-src '{sha256(page.style)}'" in page.csp
    unresolved = [h for h in page.links if not resolves(path, h, page.ids)]
    assert unresolved == []


def test_the_class_dashboard_shows_the_run(graded_class):
    out, results = graded_class["out"], graded_class["results"]
    path = out / "index.html"
    page = parse(path.read_text(encoding="utf-8"))
    headers = page.headers["students-table"]
    assert headers[:5] == ["submission", "name", "id", "section", "score"]
    rows = {(r[2].text, r[0].text): r for r in page.tables["students-table"]}
    expected = {
        ("1001", "submission_111"), ("1003", "submission_111"), ("1002", "submission_222"),
        ("1004", "jdoe"), ("1005", "no submission"), ("", "stranger"),
    }  # fmt: skip
    assert set(rows) == expected
    for (_, submission), row in rows.items():
        if submission == "no submission":
            assert row[4].text == "–" and row[0].links == []
            continue
        data = results[submission]
        assert float(row[4].value) == data["score"]
        assert row[4].text == points_text(data["score"])
        assert row[0].links == [f"{submission}/report.html"]
        parts = [p["points"] for p in data["parts"]]
        assert [float(c.value) for c in row[5 : 5 + len(parts)]] == parts
        failed = sum(1 for c in data["cases"] if c["outcome"] != "passed")
        assert row[5 + len(parts)].text == str(failed)
    # The summary is over students: the group's score counts for both of its students.
    scores = [results[s]["score"] for _, s in expected if s != "no submission"]
    assert f"{statistics.fmean(scores):.1f} mean" in page.text
    assert f"{statistics.median(scores):.1f} median" in page.text
    assert "1 submission(s) match no roster student: stranger." in page.text
    assert "1 roster student(s) without a submission: Nobody Yet (1005)." in page.text
    # The run's facts.
    assert "isolation" in page.text and "grader version 0.1.0" in page.text
    assert f"gradebook {graded_class['book']} (run 1)" in page.text
    assert_self_contained(path)


def test_the_class_dashboard_counts_failures_by_student(graded_class):
    results = graded_class["results"]
    page = parse((graded_class["out"] / "index.html").read_text(encoding="utf-8"))
    rows = page.tables["failures-table"]
    assert rows, "the class has failures"
    for row in rows:
        students, cases, example = int(row[0].text), int(row[1].text), row[3].text
        if example.startswith("first wrong turn, by "):
            # A failed game is of the kind of the rule its first wrong turn broke (issue 32):
            # counted from each report's first divergence.
            rule = example.removeprefix("first wrong turn, by ").split(" — ")[0]

            def same(c, rule=rule):
                return (c.get("first_divergence") or {}).get("rule") == rule

        else:
            # An independent reading of "the same kind": the example with its numbers and
            # quoted values made wildcards, matched against every other first message.
            pattern = re.escape(example)
            pattern = re.sub(r"\\'[^']*?\\'|'[^']*?'", "'[^']*'", pattern)
            pattern = re.sub(r"\d+(?:\\\.\d+)?", r"\\d+(?:\\.\\d+)?", pattern)

            def same(c, pattern=pattern):
                return not (c.get("first_divergence") or {}).get("rule") and re.fullmatch(
                    pattern, (c["messages"] or [""])[0]
                )

        hits = {
            name: sum(1 for c in data["cases"] if c["outcome"] != "passed" and same(c))
            for name, data in results.items()
        }
        assert sum(1 for n in hits.values() if n) == students, (example, hits)
        assert sum(hits.values()) == cases, example
    assert [int(r[0].text) for r in rows] == sorted((int(r[0].text) for r in rows), reverse=True)


def test_the_parts_and_cases_tables_agree_with_the_reports(graded_class):
    results = graded_class["results"]
    page = parse((graded_class["out"] / "index.html").read_text(encoding="utf-8"))
    for row in page.tables["parts-table"]:
        part = row[0].text.split()[0]
        rows = [p for data in results.values() for p in data["parts"] if p["id"] == part]
        assert float(row[3].value) == sum(p["passed"] for p in rows) / sum(p["total"] for p in rows)
        whole = sum(1 for p in rows if p["passed"] == p["total"])
        assert row[4].text == f"{whole} of {len(rows)}"
    cases = {r[0].text: r for r in page.tables["cases-table"]}
    first = next(iter(results.values()))
    assert set(cases) == {c["name"] for c in first["cases"]}
    for name, row in cases.items():
        passed = sum(
            1 for data in results.values() for c in data["cases"]
            if c["name"] == name and c["outcome"] == "passed"
        )  # fmt: skip
        assert row[3].text.startswith(f"{passed} of {len(results)} ")


def test_the_term_dashboard_has_a_row_per_student_and_a_page_per_assignment(graded_class):
    base = graded_class["base"]
    out = base / "term"
    done = unograde("dashboard", "--gradebook", str(graded_class["book"]), "--out", str(out))
    assert done.returncode == 0, done.stderr
    index = parse((out / "index.html").read_text(encoding="utf-8"))
    assert index.headers["term-table"] == ["name", "id", "section", "uno-moves",
                                           "total", "submitted"]  # fmt: skip
    results = graded_class["results"]
    rows = {r[1].text: r for r in index.tables["term-table"]}
    assert set(rows) == {"1001", "1002", "1003", "1004", "1005"}
    ada, nobody = rows["1001"], rows["1005"]
    assert float(ada[3].value) == results["submission_111"]["score"]
    assert ada[3].links == ["../reports/submission_111/report.html"]
    assert nobody[3].text == "–" and nobody[5].text == "0 of 1"
    assert float(rows["1004"][4].value) == results["jdoe"]["score"]
    assert "(stranger)" in index.text
    assert_self_contained(out / "index.html")
    # the assignment's page: the same class view, drawn from the gradebook
    assignment = out / "uno-moves.html"
    assert "uno-moves.html" in index.links
    page = parse(assignment.read_text(encoding="utf-8"))
    batch = parse((graded_class["out"] / "index.html").read_text(encoding="utf-8"))
    assert [[c.text for c in r] for r in page.tables["students-table"]] == [
        [c.text for c in r] for r in batch.tables["students-table"]
    ]
    assert [[c.text for c in r] for r in page.tables["failures-table"]] == [
        [c.text for c in r] for r in batch.tables["failures-table"]
    ]
    assert_self_contained(assignment)


def test_every_colour_meets_wcag_aa(graded_class):
    """Marks and labels: each colour of the palette has at least 4.5:1 on white (AA asks 3:1
    of graphics), and the plots use no colour outside it; the page's text colours too."""
    for name, colour in plots.PALETTE.items():
        assert contrast(colour, plots.BACKGROUND) >= 4.5, name
    allowed = set(plots.PALETTE.values()) | set(plots.NEUTRAL.values())
    for path in (graded_class["out"] / "index.html", graded_class["base"] / "term" / "index.html"):
        if not path.exists():
            continue  # the term test makes it; this test does not depend on the order
        page = parse(path.read_text(encoding="utf-8"))
        for svg in svgs(page):
            assert colours(svg) <= allowed, colours(svg) - allowed
        grounds = ["#ffffff", "#e8eef6"]  # the page, and its table headers
        for colour in set(re.findall(r"(?<!-)color:\s*(#[0-9a-f]{6})", page.style)):
            for ground in grounds:
                assert contrast(colour, ground) >= 4.5, (colour, ground)


def test_the_plots_have_legends_and_say_what_they_show():
    svg = plots.histogram([10.0, 55.0, 90.0, 90.0], 100.0, "Scores")
    assert svg.startswith("<?xml") and "<svg" in svg
    assert 'id="legend_1"' in svg  # matplotlib's legend group
    two = plots.histogram([10.0, 55.0, 90.0, 90.0], 100.0, "Scores")
    assert svg == two  # the same data draws the same file
    for drawn in (plots.part_rates([("p1", 0.5, 0.25)], "Parts"),
                  plots.case_rates([("c1", 0.5, True)], "Cases"),
                  plots.term_scores([("a", [0.5, 0.9]), ("b", [])], "Term")):  # fmt: skip
        assert 'id="legend_1"' in drawn


def test_grade_without_out_or_gradebook_writes_neither(tmp_path):
    submission = tmp_path / "ada.py"
    submission.write_text((Path(__file__).parents[2] / "examples/uno-moves/ada/uno.py").read_text())
    env_free = unograde("grade", "uno-moves", str(submission), "--public-only", "--no-gradebook",
                        cwd=tmp_path)  # fmt: skip
    assert env_free.returncode == 0, env_free.stderr
    assert list(tmp_path.iterdir()) == [submission]


def test_a_term_with_nothing_graded_yet(tmp_path):
    roster = tmp_path / "r.csv"
    roster.write_text("id,name\n1,Ada\n")
    book = str(tmp_path / "g.db")
    assert unograde("roster", "import", str(roster), "--gradebook", book).returncode == 0
    done = unograde("dashboard", "--gradebook", book, "--out", str(tmp_path / "d"))
    assert done.returncode == 0, done.stderr
    page = parse((tmp_path / "d" / "index.html").read_text(encoding="utf-8"))
    assert "Nothing graded yet." in page.text and page.images == []
    assert [[c.text for c in r] for r in page.tables["term-table"]] == [
        ["Ada", "1", "", "0", "0 of 0"]
    ]


def test_the_problem_column_names_timeouts_cases_not_run_and_unmatched():
    """Issue 32: the column showed only a submission that could not run at all."""
    from graders.dashboard.view import Entry, _problems
    from graders.gradebook.records import CaseRow

    def rows(*outcomes):
        return tuple(
            CaseRow(f"c{i}", "part01", False, o, 0.0, 1.0, None) for i, o in enumerate(outcomes)
        )

    fay = Entry("fay", 75.0, 100.0, (), rows("passed", "timeout", "timeout", "not-run"), None)
    assert _problems(fay, None) == "2 cases timed out; 1 case not run"
    assert _problems(fay, None, roster=True).endswith("; matches no roster student")
    jo = Entry("jo", 0.0, 100.0, (), (), "jo.py:7:21: SyntaxError")
    assert _problems(jo, None) == "jo.py:7:21: SyntaxError"
    assert _problems(Entry("ada", 100.0, 100.0, (), rows("passed"), None), None) == ""


def test_one_submission_gets_a_dashboard_without_plots_and_without_matplotlib(tmp_path):
    """A class of one: its page has the student, the parts and the cases, and says why it
    has no plots (a histogram of one score shows nothing); drawing none, the run does not
    even import matplotlib (the import alone cost more than grading the submission)."""
    submission = tmp_path / "ada.py"
    submission.write_text((Path(__file__).parents[2] / "examples/uno-moves/ada/uno.py").read_text())
    out = tmp_path / "out"
    done = unograde("grade", "uno-moves", str(submission), "--public-only", "--no-gradebook",
                    "--out", str(out), cwd=tmp_path, env=_importtime_env())  # fmt: skip
    assert done.returncode == 0, done.stderr
    imported = {line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines()
                if line.startswith("import time:")}  # fmt: skip
    assert "graders.dashboard.render" in imported  # the page was drawn in this run
    assert not any(name.split(".")[0] == "matplotlib" for name in imported)
    page = parse((out / "index.html").read_text(encoding="utf-8"))
    assert page.images == []
    assert "1 student with a score: plots are drawn from two on" in page.text
    assert [r[0].links for r in page.tables["students-table"]] == [["ada/report.html"]]
    parts = [r[0].text.split()[0] for r in page.tables["parts-table"]]
    assert parts == ["part01", "part02", "part03", "part04"]


def _importtime_env() -> dict:
    import os

    return dict(os.environ, PYTHONPROFILEIMPORTTIME="1")
