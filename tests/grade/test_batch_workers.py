"""A class is graded in worker processes: results, reports and figures come back from them."""

from __future__ import annotations

import json
from pathlib import Path

from graders.assignment import load_assignment
from graders.grade.batch import grade_batch

ROOT = Path(__file__).resolve().parents[2]
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


def test_compact_results_keep_outcomes_and_first_messages_and_leave_the_rest_to_the_reports(
    tmp_path,
):
    a = load_assignment("uno-moves")
    cases = a.cases(visibility="public")
    out = tmp_path / "out"
    items = grade_batch(a, [make_class(tmp_path)], cases, out, 2, isolation="rlimits", compact=True)
    bob = next(i.result for i in items if i.submission.name == "bob")
    failed = [c for c in bob.cases if not c.passed]
    assert bob.score < 100 and len(bob.cases) == len(cases)
    kept = json.loads((out / "bob" / "result.json").read_text())
    full = {c["name"]: c["messages"] for c in kept["cases"]}
    # Each failed case keeps its first message only (the first divergence, for the gradebook
    # and the dashboard), cut to FIRST_MESSAGE_CHARS; passed cases carry none.
    assert failed and all(len(c.messages) == 1 for c in failed)
    assert all(c.messages[0] == full[c.name][0][:240] for c in failed)
    assert any(len(full[c.name]) > 1 for c in failed)  # the report has more than was sent
    assert not any(c.messages for c in bob.cases if c.passed)
    assert all(not c.stdout and c.view is None for c in bob.cases)


def _hold_slots(semaphore, log: str, who: int, barrier=None) -> None:
    """A worker of a batch: three runs one after another, each holding a slot for a while."""
    import time as clock

    from graders.run import slots

    slots.share(semaphore)
    if barrier is not None:
        barrier.wait(60)  # all start together, however slowly each process started
    for run in range(3):
        with slots.slot():
            started = clock.monotonic()
            clock.sleep(0.4)
            with open(log, "a") as handle:
                handle.write(f"{who} {run} {started} {clock.monotonic()}\n")


def test_the_workers_of_a_batch_share_jobs_slots(tmp_path):
    from graders.grade.workers import context

    ctx = context()
    semaphore = ctx.Semaphore(2)  # --jobs 2, shared as grade_batch shares it with its workers
    log = tmp_path / "runs.log"
    barrier = ctx.Barrier(3)
    workers = [
        ctx.Process(target=_hold_slots, args=(semaphore, str(log), k, barrier)) for k in range(3)
    ]
    for w in workers:
        w.start()
    for w in workers:
        w.join(30)
    assert [w.exitcode for w in workers] == [0, 0, 0]
    spans = [tuple(map(float, line.split()[2:])) for line in log.read_text().splitlines()]
    assert len(spans) == 9
    # Never more runs at once than slots, and the slots were used together.
    at_once = max(sum(1 for a, b in spans if a <= t < b) for t, _ in spans)
    assert at_once == 2


def test_a_slot_does_not_wait_where_no_slots_are_shared():
    from graders.run import slots

    slots.share(None)
    with slots.slot(), slots.slot():  # nested: nothing to wait for
        pass
