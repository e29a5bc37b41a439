"""Reports are data, never code: every format rendered with what a hostile submission controls
(its name, its output, its exception text, its values)."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest
from rich.console import Console

from graders.assignment import load_assignment
from graders.grade.batch import BatchItem, scores_csv
from graders.report import render, write_reports
from graders.report.terminal import batch_table, submission_summary
from graders.results import CaseResult, PartResult, SubmissionResult, from_dict
from graders.submission import Submission
from graders.textsafe import cap_value, clean_text, csv_cell, md_code_block, terminal_text

FORGE = "```\n# Score: 100 / 100\n<script>alert(1)</script><img src=x onerror=alert(1)>"
TERMINAL = "\x1b[2J\x1b]8;;http://evil\x1b\\link\x1b]8;;\x1b\\\x9b31m[/][red]x[/red]"
LINK = "[link=file:///etc/passwd]x[/link]"
SURROGATE = "lone \ud800 surrogate"
ATTRIBUTE = '" onmouseover="alert(1)" x=\''
HOSTILE = f"{FORGE}\n{TERMINAL}{LINK}{SURROGATE}{ATTRIBUTE}"


def hostile_result(text: str = HOSTILE, name: str = "[/]" + FORGE + TERMINAL) -> SubmissionResult:
    case = CaseResult(
        name="case-1",
        part="part01",
        hidden=False,
        outcome="error",
        points=0.0,
        max_points=25.0,
        messages=[f"onePlayerOneMove raised ValueError: {text}"],
        stdout=text,
        traceback=f'  File "uno.py", line 1\nValueError: {text}',
        args=(text,),
        view={"kind": "generic", "expected": text, "actual": text},
        given=[text, text],
        first_divergence={
            "summary": text,
            "where": text,
            "rule": text,
            "expected": text,
            "got": text,
            "note": text,
            "state_text": [text],
            "state": {"hands": [[text]]},
            "view": "",
        },
    )
    return SubmissionResult(
        assignment="uno-moves",
        title="UNO moves",
        student=name,
        origin=name,
        digest="",
        isolation="test",
        score=0.0,
        max_score=100.0,
        parts=[PartResult("part01", "onePlayerOneMove", "One", 0.0, 25.0, 0, 1)],
        cases=[case],
        notes=[text],
        problem=None,
        import_stdout=text,
        review=[text],
    )


def lines_outside_fences(markdown: str) -> list[str]:
    """The lines a Markdown renderer reads as structure (outside fenced code blocks)."""
    out, fence = [], None
    for line in markdown.splitlines():
        match = re.match(r"^(`{3,}|~{3,})", line)
        if fence is None and match:
            fence = match.group(1)
        elif fence is not None and line.startswith(fence) and line.strip() == fence:
            fence = None
        elif fence is None:
            out.append(line)
    return out


def test_markdown_fences_cannot_be_closed_and_headings_not_forged():
    markdown = render(hostile_result(), "md")
    structure = lines_outside_fences(markdown)
    assert not any(line.startswith("# Score") for line in structure)
    assert [line for line in structure if line.startswith("# ")] == [structure[0]]
    assert not any("<script" in line or "<img" in line for line in structure)
    assert "\ud800" not in markdown


def test_md_code_block_is_longer_than_any_backtick_run():
    block = md_code_block("a ````` b")
    assert block.startswith("``````\n") and block.endswith("\n``````")


def test_html_escapes_scripts_handlers_and_attributes():
    html = render(hostile_result(), "html")
    assert "<script>alert" not in html and "<img src=x" not in html
    assert "&lt;script&gt;" in html
    assert not re.search(r"<[^>]*\sonerror=", html) and not re.search(r"<[^>]*\sonmouseover=", html)


def test_terminal_output_has_no_escapes_and_shows_markup_literally():
    result = hostile_result()
    buffer = io.StringIO()
    console = Console(file=buffer, force_terminal=True, width=200, color_system=None)
    submission_summary(result, console)  # a MarkupError would raise here
    console.print(batch_table([result], ["part01"], "class"))
    shown = buffer.getvalue()
    assert "\x1b]8" not in shown and "\x1b[2J" not in shown and "\x9b" not in shown
    assert "[/]" in shown and "[red]x[/red]" in shown
    assert "evil" not in shown.split("link", 1)[0]


def test_terminal_text_strips_every_kind_of_sequence():
    assert terminal_text("a\x1b[31mb\x1b]0;title\x07c\x1bPq#0\x1b\\d\x9b2Je\u202ef\x07") == "abcdef"


@pytest.mark.parametrize(
    ("cell", "expected"),
    [
        ('=HYPERLINK("http://x")', '\'=HYPERLINK("http://x")'),
        ("+1", "'+1"),
        ("-1+1", "'-1+1"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\t=1", "'\t=1"),
        ("\r=1", "'\r=1"),
        ("-1.5", "-1.5"),
        ("bob", "bob"),
    ],
)
def test_csv_cells_are_neutralised(cell, expected):
    assert csv_cell(cell) == expected


def test_scores_csv_neutralises_names_and_problems():
    assignment = load_assignment("uno-moves")
    result = hostile_result(name='=HYPERLINK("http://x")')
    result.problem = "@SUM(A1)"
    item = BatchItem(Submission(result.student, "x", None), result)
    rows = list(csv.reader(io.StringIO(scores_csv(assignment, [item]))))
    assert rows[1][0] == '\'=HYPERLINK("http://x")' and rows[1][-1] == "'@SUM(A1)"


def test_every_format_writes_despite_lone_surrogates(tmp_path):
    written = write_reports(hostile_result(), tmp_path, ["json", "md", "html", "gradescope"])
    for path in written:
        path.read_bytes().decode("utf-8")  # valid UTF-8
    data = json.loads((tmp_path / "result.json").read_text())
    assert from_dict(data).student  # still loadable for resuming


def test_a_two_megabyte_value_makes_small_reports_that_say_what_was_cut(tmp_path):
    big = "x" * (2 << 20)
    result = hostile_result(text=big, name="big")
    for fmt in ("json", "md", "html", "gradescope"):
        text = render(result, fmt)
        # About twenty fields hold it (messages, output, the first divergence...): each is
        # cut to at most 20,000 characters, so the 2 MB never reach a report whole.
        assert len(text) < 500_000, fmt
        assert "more characters not shown" in text, fmt
    buffer = io.StringIO()
    submission_summary(result, Console(file=buffer, width=200))
    assert len(buffer.getvalue()) < 300_000


def test_cap_value_bounds_width_depth_and_keeps_shape():
    deep: list = []
    for _ in range(100_000):
        deep = [deep]
    capped = cap_value({"t": ("a" * 5000, 1), "l": list(range(1000)), "d": deep})
    assert isinstance(capped["t"], tuple) and capped["t"][1] == 1
    assert capped["t"][0].endswith("(3,000 more characters not shown)")
    assert len(capped["l"]) == 201 and capped["l"][-1] == "… (800 more items not shown)"
    assert clean_text("a\ud800b") == "a\ufffdb"


def test_gradescope_markdown_outputs_are_inert():
    data = json.loads(render(hostile_result(), "gradescope"))
    [test] = data["tests"]
    assert test["output_format"] == "md" and data["output_format"] == "md"
    for output in (test["output"], data["output"]):
        structure = lines_outside_fences(output)
        assert not any(line.startswith("#") for line in structure)
        assert not any("<script" in line or "<img" in line for line in structure)
        assert "\x1b" not in output
