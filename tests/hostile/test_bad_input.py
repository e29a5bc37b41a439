"""Bad input: one clear line naming the place, never a traceback.  Alone, a bad file is exit
2; in a class, the bad student is recorded with that line and the others still load."""

from __future__ import annotations

import json
import shutil
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from graders.cli import main
from graders.submission import SubmissionError, cleanup, load_submissions

ROOT = Path(__file__).resolve().parents[2]
ADA = ROOT / "examples" / "uno-moves" / "ada" / "uno.py"
GOOD = "([[('r','5')]],[('b','3')],[('r','7')])\n"

# name -> (content, the problem's exact beginning); hand-derived from each content.
BAD_FILES: dict[str, tuple[bytes, str]] = {
    "zero.py": (b"", "zero.py is empty"),
    "blank.py": (b"  \n\t\n", "blank.py is empty"),
    "nul.py": (b"x = 1\n\x00\x01\x02", "nul.py:2: a NUL byte: this is not Python source"),
    "latin.py": (b"# caf\xe9\n", "latin.py:1: not UTF-8 text (byte 5): save the file as UTF-8"),
    "syntax.py": (b"x = 1\ndef f(:\n", "syntax.py:2:7: SyntaxError: invalid syntax"),
    "scores.csv.py": (ADA.read_bytes(), ""),  # a fine student with an awkward name
    "notjson.ipynb": (b'{"cells": [}', "notjson.ipynb:1:12: not a notebook (not JSON: "),
    "nulls.ipynb": (
        json.dumps({"cells": [{"cell_type": "code", "source": None}]}).encode(),
        "",  # the cell is skipped with a note: no code left, but it loads
    ),
    "binary.ipynb": (b"\x89PNG\r\n\x1a\n\x00", "binary.ipynb:1: not UTF-8 text (byte 0)"),
    "broken.zip": (b"PK\x03\x04 not really", "broken.zip: not a valid zip file"),
}


@pytest.fixture
def bad_class(tmp_path: Path) -> Path:
    klass = tmp_path / "class"
    klass.mkdir()
    (klass / "ada").mkdir()
    shutil.copy(ADA, klass / "ada" / "uno.py")
    for name, (content, _) in BAD_FILES.items():
        (klass / name).write_bytes(content)
    (klass / "empty").mkdir()
    with zipfile.ZipFile(klass / "sneaky.zip", "w") as zf:
        zf.writestr("uno.py", ADA.read_text())
        zf.writestr("../evil.py", "EVIL = 1\n")
        zf.writestr("/abs.py", "ABS = 1\n")
    return klass


def test_a_class_of_bad_input_loads_every_student(bad_class: Path):
    subs = load_submissions(bad_class, "uno")
    try:
        by_name = {s.name: s for s in subs}
        assert by_name["ada"].problem is None
        assert (by_name["ada"].folder / "uno.py").read_text() == ADA.read_text()
        for name, (_, expected) in BAD_FILES.items():
            sub = by_name[Path(name).stem]
            if expected:
                assert sub.problem is not None and sub.problem.startswith(expected), sub.problem
                assert "\n" not in sub.problem and "Traceback" not in sub.problem
        assert by_name["scores.csv"].problem is None  # assign_names renames it in a batch
        assert by_name["nulls"].notes == ["cell 1: its source is not text; skipped"]
        assert by_name["empty"].problem.endswith("empty: found no uno.py, .py file or notebook")
        assert by_name["sneaky"].problem is None
        assert "../evil.py: a name outside the zip's folder: not extracted" in (
            by_name["sneaky"].notes
        )
        assert not (bad_class.parent / "evil.py").exists()
        assert len(subs) == len(BAD_FILES) + 3
    finally:
        cleanup(subs)


def test_a_missing_path_or_a_path_of_another_kind_is_a_submission_error(tmp_path: Path):
    with pytest.raises(SubmissionError, match=r"nope\.py: no such file or folder$"):
        load_submissions(tmp_path / "nope.py", "uno")
    (tmp_path / "notes.txt").write_text("hello")
    with pytest.raises(SubmissionError, match=r"expected a \.py file, a notebook, a folder"):
        load_submissions(tmp_path / "notes.txt", "uno")


@pytest.mark.parametrize("name", ["zero.py", "nul.py", "notjson.ipynb", "broken.zip"])
def test_a_lone_bad_submission_exits_2_without_a_traceback(bad_class: Path, name: str):
    expected = BAD_FILES[name][1]
    result = CliRunner().invoke(main, ["grade", "uno-moves", str(bad_class / name)])
    assert result.exit_code == 2, result.output
    assert expected in result.output
    assert "Traceback" not in result.output


BAD_UNO = {
    "deep.uno": (b"(" * 5000 + b"[]" + b")" * 5000, "deep.uno:1:101: expected at most 100"),
    "deeplist.uno": (b"[" * 3000 + b"]" * 3000, "deeplist.uno:1:101:"),
    "card.uno": (b"([[('x','5')]],[],[('r','5')])\n", "card.uno:1:4: expected a card"),
    "cut.uno": (GOOD[:12].encode(), "cut.uno:1:13:"),
    "bin.uno": (b"\xff\xfe\x00\x01", "bin.uno:1:1: expected UTF-8 text, found the byte 0xff"),
    # line 2, column 8: the byte after " [('b',"
    "mid.uno": (b"([[('r','5')]],\n [('b',\xc3'3')],[])", "mid.uno:2:8: expected UTF-8 text"),
    "nul.uno": (b"\x00\x01\x02", "nul.uno:1:1: expected '(' opening the game tuple"),
    "empty.uno": (b"", "empty.uno:1:1:"),
    # column 11: the first of 5000 digits after the backslash (never converted to an int)
    "code.uno": (b"([[('r','\\" + b"9" * 5000 + b"')]],[],[])", "code.uno:1:11: expected a valid"),
}


@pytest.mark.parametrize("part", ["uno-moves/part01", "uno-moves/part03"])
@pytest.mark.parametrize("name", sorted(BAD_UNO))
def test_a_bad_uno_file_is_one_line_and_exit_2(tmp_path: Path, part: str, name: str):
    content, place = BAD_UNO[name]
    path = tmp_path / name
    path.write_bytes(content)
    result = CliRunner().invoke(main, ["solve", part, str(path)])
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and place in lines[0], lines
    assert str(path) in lines[0]
    assert "Traceback" not in result.output


def test_a_uno_path_that_is_a_folder_or_missing(tmp_path: Path):
    for path in (tmp_path, tmp_path / "gone.uno"):
        result = CliRunner().invoke(main, ["solve", "uno-moves/part01", str(path)])
        assert result.exit_code == 2, result.output
        assert result.output.strip() == f"unograde: {path}: no such file"


def test_the_good_file_next_to_them_solves(tmp_path: Path):
    path = tmp_path / "good.uno"
    path.write_text(GOOD)
    result = CliRunner().invoke(main, ["solve", "uno-moves/part03", str(path)])
    assert result.exit_code == 0, result.output
    assert result.output.startswith('"Result"\n')


def test_a_missing_path_and_an_unknown_assignment(tmp_path: Path):
    result = CliRunner().invoke(main, ["grade", "uno-moves", str(tmp_path / "nope.py")])
    assert result.exit_code == 2 and "nope.py: no such file or folder" in result.output
    result = CliRunner().invoke(main, ["grade", "no-such", str(tmp_path)])
    assert result.exit_code == 2 and "unknown assignment 'no-such'" in result.output
