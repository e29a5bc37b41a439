"""Bad input on the command line: one clear line naming the place, exit 2, no traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from graders.cli import main

GOOD = "([[('r','5')]],[('b','3')],[('r','7')])\n"


@pytest.mark.parametrize(
    ("name", "content", "place"),
    [
        ("deep.uno", b"(" * 5000 + b"[]" + b")" * 5000, "deep.uno:1:101: expected at most 100"),
        ("deeplist.uno", b"[" * 3000 + b"]" * 3000, "deeplist.uno:1:101:"),
        ("card.uno", b"([[('x','5')]],[],[('r','5')])\n", "card.uno:1:"),
        ("cut.uno", GOOD[:12].encode(), "cut.uno:1:13:"),
        ("bin.uno", b"\xff\xfe\x00\x01\x02", "bin.uno:1:1: expected UTF-8 text"),
        ("empty.uno", b"", "empty.uno:1:1:"),
    ],
)
def test_a_bad_uno_file_is_one_line_and_exit_2(tmp_path: Path, name, content, place):
    path = tmp_path / name
    path.write_bytes(content)
    result = CliRunner().invoke(main, ["solve", "uno-moves/part03", str(path)])
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and place in lines[0], lines
    assert "Traceback" not in result.output


def test_the_good_file_next_to_them_solves(tmp_path: Path):
    path = tmp_path / "good.uno"
    path.write_text(GOOD)
    result = CliRunner().invoke(main, ["solve", "uno-moves/part03", str(path)])
    assert result.exit_code == 0, result.output


def test_a_missing_path_and_an_unknown_assignment(tmp_path: Path):
    result = CliRunner().invoke(main, ["grade", "uno-moves", str(tmp_path / "nope.py")])
    assert result.exit_code == 2 and "nope.py: no such file or folder" in result.output
    result = CliRunner().invoke(main, ["grade", "no-such", str(tmp_path)])
    assert result.exit_code == 2 and "unknown assignment 'no-such'" in result.output
