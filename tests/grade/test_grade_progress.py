"""The grade command's progress line, its summary and its exit status for bad input."""

from __future__ import annotations

import io
import textwrap
from pathlib import Path

from click.testing import CliRunner
from rich.console import Console

from graders.cli import main
from graders.grade.progress import BatchProgress, inflight_text

ROOT = Path(__file__).resolve().parents[2]
ADA = ROOT / "examples" / "uno-moves" / "ada" / "uno.py"


def test_inflight_lists_the_longest_running_first_with_their_time():
    now = 1000.0
    text = inflight_text({"bob": 997.0, "eve": 939.0, "cy": 999.5}, now=now)
    assert text == "eve 61s, bob 3s, cy 0s"


def test_inflight_cuts_long_lists_and_makes_names_inert():
    inflight = {f"s{k}": 100.0 + k for k in range(7)}
    inflight["[red]x[/red]\x1b[2J"] = 50.0
    text = inflight_text(inflight, now=200.0)
    assert text.endswith("(+4 more)")
    assert "\x1b" not in text
    assert text.startswith("\\[red]x\\[/red] 150s")  # rich markup escaped, shown literally
    console = Console(file=io.StringIO(), force_terminal=True, width=200)
    progress = BatchProgress("uno-moves", console=console)
    with progress:
        progress.start(3)
        progress.inflight(inflight)  # must not raise a MarkupError
    assert "[red]x[/red]" in progress.progress.tasks[0].description.replace("\\[", "[")


def run(*args: str):
    return CliRunner().invoke(main, ["grade", "uno-moves", *args])


def test_a_lone_submission_that_cannot_run_exits_2(tmp_path):
    bad = tmp_path / "jo.py"
    bad.write_text("def onePlayerOneMove(:\n")
    result = run(str(bad), "--public-only", "--out", str(tmp_path / "out"))
    assert result.exit_code == 2, result.output
    assert "jo.py:1:" in result.output and "SyntaxError" in result.output
    assert "Traceback" not in result.output
    assert (tmp_path / "out" / "jo" / "result.json").is_file()  # still reported


def test_an_empty_folder_alone_exits_2(tmp_path):
    (tmp_path / "empty").mkdir()
    result = run(str(tmp_path / "empty"), "--public-only")
    assert result.exit_code == 2
    assert "Traceback" not in result.output


def test_in_a_batch_a_bad_submission_is_recorded_and_the_others_graded(tmp_path):
    students = tmp_path / "class"
    students.mkdir()
    (students / "ada.py").write_text(ADA.read_text())
    (students / "jo.py").write_text("def onePlayerOneMove(:\n")
    (students / "zed.zip").write_bytes(b"PK\x03\x04 this is not a zip")
    out = tmp_path / "out"
    result = run(str(students), "--public-only", "--out", str(out))
    assert result.exit_code == 0, result.output
    rows = {line.split(",")[0]: line for line in (out / "scores.csv").read_text().splitlines()}
    assert rows["ada"].split(",")[5] == "100"
    assert "SyntaxError" in rows["jo"] and "zed" in rows


def test_out_must_be_a_folder(tmp_path):
    (tmp_path / "file").write_text("x")
    result = run(str(ADA), "--public-only", "--out", str(tmp_path / "file"))
    assert result.exit_code == 2
    assert "is not a folder" in result.output


def test_the_summary_lists_submissions_over_budget(tmp_path):
    slow = tmp_path / "slowpoke.py"
    slow.write_text(
        textwrap.dedent(
            """
            import time
            def onePlayerOneMove(d, k, h):
                time.sleep(0.6)
            """
        )
    )
    # 0.6 s of sleep a case under a 10 s wall clock: never a timeout, so only the budget
    # stops it, however loaded the machine.
    result = run(str(slow), str(ADA), "--public-only", "--timeout", "10", "--submission-timeout",
                 "2")  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "used up their time budget of 2 s" in result.output
    assert "slowpoke" in result.output.split("time budget of 2 s", 1)[1]
