"""A class is graded in worker processes: results, reports and figures come back from them."""

from __future__ import annotations

import json
from pathlib import Path

from graders.assignment import load_assignment
from graders.grade.batch import grade_batch

ROOT = Path(__file__).resolve().parents[1]
ADA = ROOT / "examples" / "uno-moves" / "ada" / "uno.py"
WRONG = "def onePlayerOneMove(discard, deck, hand):\n    return (hand, deck, [])\n"


def make_class(tmp_path: Path) -> Path:
    klass = tmp_path / "class"
    klass.mkdir()
    (klass / "ada.py").write_text(ADA.read_text())
    (klass / "bob.py").write_text(WRONG)
    (klass / "cy.py").write_text(ADA.read_text() + "\n# cy\n")
    return klass


def test_workers_grade_report_and_measure(tmp_path):
    a = load_assignment("uno-moves")
    cases = a.cases(visibility="public")
    out = tmp_path / "out"
    items = grade_batch(a, [make_class(tmp_path)], cases, out, 2, isolation="rlimits")
    results = {i.submission.name: i for i in items}
    assert results["ada"].result.score == results["ada"].result.max_score == 100
    bob = results["bob"].result
    assert bob.score < 100
    failed = [c for c in bob.cases if not c.passed]
    assert failed and all(c.messages for c in failed)  # full results by default
    # written by the workers, complete: result.json last
    for name in ("ada", "bob", "cy"):
        data = json.loads((out / name / "result.json").read_text())
        assert data["student"] == name and (out / name / "report.html").is_file()
    # each worker measured its own CPU and its sandboxed children's
    assert all(i.cpu[0] > 0 and i.cpu[1] > 0 for i in items), [i.cpu for i in items]
    rows = (out / "scores.csv").read_text().splitlines()
    assert [r.split(",")[0] for r in rows] == ["student", "ada", "bob", "cy"]


def test_compact_results_keep_outcomes_and_leave_messages_to_the_reports(tmp_path):
    a = load_assignment("uno-moves")
    cases = a.cases(visibility="public")
    out = tmp_path / "out"
    items = grade_batch(a, [make_class(tmp_path)], cases, out, 2, isolation="rlimits", compact=True)
    bob = next(i.result for i in items if i.submission.name == "bob")
    failed = [c for c in bob.cases if not c.passed]
    assert failed and not any(c.messages for c in failed)
    assert bob.score < 100 and len(bob.cases) == len(cases)
    kept = json.loads((out / "bob" / "result.json").read_text())
    assert any(c["messages"] for c in kept["cases"] if c["outcome"] != "passed")
