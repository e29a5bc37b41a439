"""Reports: every format parses, Gradescope's fields are exact, hidden cases stay hidden."""

from __future__ import annotations

import csv
import json
from html.parser import HTMLParser
from pathlib import Path

import pytest

from graders.assignment import load_assignment
from graders.grade.batch import grade_batch

ROOT = Path(__file__).resolve().parents[2]
ADA = ROOT / "examples" / "uno-moves" / "ada" / "uno.py"
VOID = {"meta", "br", "img", "hr", "input", "link"}
GRADESCOPE_VISIBILITY = {"visible", "hidden", "after_due_date", "after_published"}


class Balance(HTMLParser):
    """Checks that every opened element is closed in order (well-formed for our purposes)."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.errors: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag not in VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag):
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"unexpected </{tag}> (open: {self.stack[-3:]})")
        else:
            self.stack.pop()

    def handle_data(self, data):
        self.text.append(data)


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("reports")
    klass = tmp / "class"
    klass.mkdir()
    (klass / "ada.py").write_text(ADA.read_text())
    (klass / "rev.py").write_text(
        ADA.read_text()
        + "\n_one = onePlayerOneMove\n"
        + "def onePlayerOneMove(discard, deck, hand):\n"
        + "    h, d, p = _one(discard, deck, hand)\n"
        + "    return list(reversed(h)), d, p\n"
    )
    assignment = load_assignment("uno-moves")
    out = tmp / "out"
    items = grade_batch(assignment, [klass], assignment.cases(), out, jobs=2, isolation="rlimits")
    return assignment, out, {i.result.student: i.result for i in items}


def test_every_format_is_written_and_parses(graded):
    assignment, out, results = graded
    for student in ("ada", "rev"):
        folder = out / student
        data = json.loads((folder / "result.json").read_text())
        assert data["student"] == student
        assert {"score", "max_score", "parts", "cases", "isolation"} <= set(data)
        parser = Balance()
        parser.feed((folder / "report.html").read_text())
        parser.close()
        assert parser.errors == [] and parser.stack == []
        assert "http://" not in (folder / "report.html").read_text()  # self-contained
        md = (folder / "report.md").read_text()
        assert md.startswith(f"# {assignment.title}: {student}")


def test_gradescope_results_have_exact_fields(graded):
    _, out, results = graded
    data = json.loads((out / "rev" / "results.json").read_text())
    assert set(data) == {
        "score",
        "execution_time",
        "output",
        "output_format",
        "visibility",
        "stdout_visibility",
        "tests",
    }
    assert data["visibility"] in GRADESCOPE_VISIBILITY
    assert data["stdout_visibility"] in GRADESCOPE_VISIBILITY
    assert data["score"] == pytest.approx(results["rev"].score)
    for test in data["tests"]:
        assert {"score", "max_score", "status", "name", "output", "visibility"} <= set(test)
        assert test["status"] in ("passed", "failed")
        assert test["visibility"] in GRADESCOPE_VISIBILITY
    assert sum(t["score"] for t in data["tests"]) == pytest.approx(data["score"])
    assert sum(t["max_score"] for t in data["tests"]) == pytest.approx(100)


def test_scores_split_evenly_and_csv_matches(graded):
    assignment, out, results = graded
    rev = results["rev"]
    part01 = next(p for p in rev.parts if p.id == "part01")
    assert part01.passed < part01.total
    assert part01.points == pytest.approx(25 * part01.passed / part01.total)
    rows = {r["student"]: r for r in csv.DictReader((out / "scores.csv").open())}
    assert float(rows["ada"]["total"]) == 100
    assert float(rows["rev"]["part01"]) == pytest.approx(part01.points, abs=1e-3)


def test_hidden_cases_never_show_inputs_or_expectations(graded):
    assignment, out, results = graded
    rev = results["rev"]
    hidden_failed = [c for c in rev.cases if c.hidden and not c.passed]
    assert hidden_failed and [c for c in rev.cases if not c.hidden and not c.passed]
    by_name = {c.name: c for c in assignment.cases()}
    reports = {
        n: (out / "rev" / n).read_text()
        for n in ("report.md", "report.html", "results.json", "result.json")
    }
    for case in hidden_failed:
        solution = (ROOT / "fixtures" / "uno-moves" / case_path(by_name[case.name])).read_text()
        deck_line = solution.strip().splitlines()[-1].strip('"')
        uno_text = (ROOT / "fixtures" / "uno-moves" / by_name[case.name].input_path).read_text()
        hand = uno_text.split("\n")[2]
        for name, text in reports.items():
            assert case.name in text, name
            if len(deck_line) > 20:
                assert deck_line not in text, name
            assert hand not in text, name
    tests = json.loads(reports["results.json"])["tests"]
    for test in tests:
        if test["name"].endswith("(hidden)"):
            assert test["output"] in ("passed", "failed")
    md = reports["report.md"]
    block = md.split(f"· {hidden_failed[0].name} (hidden)")[1].split("###")[0]
    # Its outcome, then only a smaller fresh case (tests/grade/test_counterexamples.py): its own
    # input was checked absent above.
    first, _, rest = block.strip().partition("\n")
    assert first == "— failed"
    assert not rest or "a smaller case your code also gets wrong" in rest


def case_path(case):
    return case.expected_path


def test_html_draws_coloured_cards_and_marks_the_divergence(graded):
    _, out, _ = graded
    html = (out / "rev" / "report.html").read_text()
    assert 'class="card red' in html and 'class="card blue' in html
    assert "diverge" in html


def test_gradescope_hides_hidden_cases_by_visibility_not_by_name(graded):
    _, out, results = graded
    data = json.loads((out / "rev" / "results.json").read_text())
    hidden = {c.name for c in results["rev"].cases if c.hidden}
    tests = {t["name"].split(" ", 1)[1]: t for t in data["tests"]}
    assert hidden and not any(t["name"].endswith("(hidden)") for t in data["tests"])
    for name in hidden:
        assert tests[name]["visibility"] == "after_published"
        # The outcome first; a failed one may add a smaller fresh case (never its input).
        assert tests[name]["output"].split("\n")[0] in ("passed", "failed")
    failed_public = [c for c in results["rev"].cases if not c.hidden and not c.passed]
    shown = tests[failed_public[0].name]
    assert shown["visibility"] == "visible" and shown["output_format"] == "md"
    assert "Input (start state):" in shown["output"] and "What differs:" in shown["output"]
    assert data["output_format"] == "md"


def test_hidden_visibility_comes_from_the_flag_or_the_assignment(tmp_path):
    from click.testing import CliRunner

    from graders.cli import main

    out = tmp_path / "out"
    args = ["grade", "uno-moves", str(ADA), "--out", str(out), "--format", "gradescope"]
    result = CliRunner().invoke(main, [*args, "--hidden-visibility", "after_due_date"])
    assert result.exit_code == 0, result.output
    data = json.loads((out / "uno" / "results.json").read_text())
    hidden = [t for t in data["tests"] if t["visibility"] != "visible"]
    assert hidden and {t["visibility"] for t in hidden} == {"after_due_date"}
    bad = CliRunner().invoke(main, [*args, "--hidden-visibility", "never"])
    assert bad.exit_code == 2


def test_html_puts_failures_first_and_folds_the_passes(graded):
    _, out, results = graded
    html = (out / "rev" / "report.html").read_text()
    failing = html.index("<h2>Cases that did not pass</h2>")
    first_failure = html.index('<div class="case failed">')
    passes = html.index('<details class="passed-cases">')
    assert failing < first_failure < passes
    passed = [c for c in results["rev"].cases if c.passed and not c.hidden]
    assert html.index(f"· {passed[0].name}<") > passes  # listed inside the folded block
    # A failed public case shows its input beside what differs; the legend says how to read it.
    case_html = html[first_failure:passes]
    assert "Input (start state)" in case_html and "top row: expected" in case_html


def test_staff_reports_show_hidden_cases_in_full(graded, tmp_path):
    assignment, _, _ = graded
    klass = tmp_path / "class"
    klass.mkdir()
    (klass / "rev.py").write_text(ADA.read_text() + REVERSED)
    out = tmp_path / "staff"
    [item] = grade_batch(
        assignment, [klass], assignment.cases(), out, jobs=1, isolation="rlimits", staff=True
    )
    hidden = next(c for c in item.result.cases if c.hidden and not c.passed)
    assert hidden.given and hidden.args is not None
    md = (out / "rev" / "report.md").read_text()
    assert "Staff report" in md
    block = md.split(f"· {hidden.name} (hidden)")[1].split("###")[0]
    assert "Input (start state):" in block and hidden.given[0] in block
    html = (out / "rev" / "report.html").read_text()
    assert "Staff report" in html and hidden.name in html
    # Gradescope's file is the students' even in a staff run.
    tests = json.loads((out / "rev" / "results.json").read_text())["tests"]
    output = next(t for t in tests if t["name"].endswith(hidden.name))["output"]
    assert output.split("\n")[0] == "failed" and hidden.given[0] not in output


REVERSED = (
    "\n_one = onePlayerOneMove\n"
    "def onePlayerOneMove(discard, deck, hand):\n"
    "    h, d, p = _one(discard, deck, hand)\n"
    "    return list(reversed(h)), d, p\n"
)


def test_a_long_gradescope_output_is_cut_at_a_line_with_its_block_closed():
    from graders.report.gradescope import cap_markdown

    text = "**Where it went wrong:** turn 3\n\n" + "- a line\n" * 50 + "````\n" + "x" * 90 + "\n"
    text = text + ("y" * 90 + "\n") * 100 + "````\n\nPrinted:\n\n```\nok\n```"
    assert cap_markdown(text, len(text)) == text  # within the cap: as it is
    closed = 0
    for limit in (40, 300, 700, 2000, 5000):
        cut = cap_markdown(text, limit)
        body, note = cut.rsplit("\n\n… (", 1)
        assert note.endswith(" more characters not shown)")
        # Whole lines of the text, then (when cut inside the block) the block's closing fence.
        prefix = body if text.startswith(body) else body.removesuffix("\n````")
        closed += prefix != body
        assert text.startswith(prefix) and len(prefix) <= limit
        assert len(prefix) == 0 or text[len(prefix)] == "\n"
        # The note counts what was left out (blank lines at the cut aside).
        left_out = int(note.split(" ")[0].replace(",", ""))
        assert len(text) - len(prefix) - 2 <= left_out <= len(text) - len(prefix)
        fences = [line for line in body.splitlines() if line.startswith("```")]
        assert len(fences) % 2 == 0, limit  # every block opened is closed
    assert closed == 3  # 700, 2000 and 5000 cut inside the block


LEAKING = (
    "\n_one = onePlayerOneMove\n"
    "def onePlayerOneMove(discard, deck, hand):\n"
    "    print('LEAK', repr(hand))\n"
    "    h, d, p = _one(discard, deck, hand)\n"
    "    return list(reversed(h)), d, p\n"
)


def test_a_students_result_json_keeps_a_hidden_cases_name_and_outcome_only(graded, tmp_path):
    """Issue 25: a student's ``result.json`` kept a hidden case's printed output (which can
    hold its whole input: this one prints its hand) and its differences; a staff run keeps
    them, the students' never does."""
    assignment, _, _ = graded
    klass = tmp_path / "class"
    klass.mkdir()
    (klass / "leak.py").write_text(ADA.read_text() + LEAKING)
    hands = {c.name: repr(c.args[2]) for c in assignment.cases() if c.part == "part01"}
    runs = {}
    for staff in (False, True):
        out = tmp_path / ("staff" if staff else "students")
        [item] = grade_batch(
            assignment, [klass], assignment.cases(), out, jobs=1, isolation="rlimits", staff=staff
        )
        runs[staff] = (out / "leak" / "result.json").read_text()
    students = json.loads(runs[False])
    hidden = [c for c in students["cases"] if c["hidden"] and c["part"] == "part01"]
    failed = [c for c in hidden if c["outcome"] == "failed"]
    assert failed, "the reversed hands must fail some hidden cases"
    for case in hidden:
        assert case["stdout"] == "" and case["messages"] == [] and case["traceback"] == ""
        assert case["args"] is None and case["given"] == [] and case["view"] is None
        assert case["first_divergence"] is None
        assert hands[case["name"]] not in runs[False], case["name"]
    public = [c for c in students["cases"] if not c["hidden"] and c["part"] == "part01"]
    assert all("LEAK" in c["stdout"] for c in public)  # public cases keep what they printed
    assert students["score"] == pytest.approx(item.result.score)
    # The staff's result.json keeps all of a hidden case: what it printed and what differs.
    staff = {c["name"]: c for c in json.loads(runs[True])["cases"]}
    for case in failed:
        kept = staff[case["name"]]
        assert hands[case["name"]] in kept["stdout"] and kept["messages"], case["name"]


def test_report_glyphs_are_drawn_by_a_plain_text_font():
    """Every non-ASCII glyph of the report templates is one an emoji-less browser draws with
    its text font (DejaVu, Liberation): no emoji, no Miscellaneous Technical symbols such as
    the "⏭" that Chromium drew as a box (issue 32)."""
    from graders.paths import templates_dir

    for template in templates_dir().glob("*.j2"):
        for char in set(template.read_text(encoding="utf-8")):
            point = ord(char)
            assert not (0x2300 <= point <= 0x23FF or point >= 0x1F000), (template.name, char)
