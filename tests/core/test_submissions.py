"""Loading submissions: files, folders, notebooks (no kernel), zips of one or many students."""

from __future__ import annotations

import zipfile
from pathlib import Path

import nbformat

from graders.submission import cleanup, load_submissions


def notebook(path: Path, cells: list[tuple[str, str]]) -> Path:
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_code_cell(src) if kind == "code" else nbformat.v4.new_markdown_cell(src)
        for kind, src in cells
    ]
    nbformat.write(nb, str(path))
    return path


def test_python_file_becomes_the_module(tmp_path):
    (tmp_path / "kim.py").write_text("def f():\n    return 1\n")
    [sub] = load_submissions(tmp_path / "kim.py", "uno")
    assert sub.name == "kim" and sub.problem is None
    assert (sub.folder / "uno.py").read_text() == "def f():\n    return 1\n"
    cleanup([sub])


def test_folder_with_the_named_module_and_helpers(tmp_path):
    folder = tmp_path / "lee"
    folder.mkdir()
    (folder / "uno.py").write_text("from helpers import x\n")
    (folder / "helpers.py").write_text("x = 1\n")
    [sub] = load_submissions(folder, "uno")
    assert sorted(p.name for p in sub.folder.iterdir()) == ["helpers.py", "uno.py"]
    cleanup([sub])


def test_notebook_code_cells_joined_magics_dropped_with_notes(tmp_path):
    path = notebook(
        tmp_path / "mia.ipynb",
        [
            ("markdown", "# My UNO"),
            ("code", "%matplotlib inline\nimport os"),
            ("code", "def f():\n    !ls\n    return 2"),
            ("code", "%%timeit\nf()"),
        ],
    )
    [sub] = load_submissions(path, "uno")
    source = (sub.folder / "uno.py").read_text()
    assert "import os" in source and "return 2" in source and "timeit" not in source
    assert "!ls" not in source and "    pass" in source
    assert sub.problem is None
    assert sub.notes == [
        "cell 1, line 1: dropped an IPython magic (%matplotlib inline)",
        "cell 2, line 2: dropped a shell command (!ls)",
        "cell 3: dropped a cell magic (%%timeit)",
    ]
    cleanup([sub])


def test_notebook_syntax_error_names_the_cell(tmp_path):
    path = notebook(tmp_path / "ned.ipynb", [("code", "x = 1"), ("code", "y = 2\ndef g(:\n  pass")])
    [sub] = load_submissions(path, "uno")
    assert sub.problem.startswith("ned.ipynb: cell 2, line 2, column 7: SyntaxError")
    cleanup([sub])


def test_broken_notebook_is_a_clear_problem(tmp_path):
    path = tmp_path / "olga.ipynb"
    path.write_text("{ not json")
    [sub] = load_submissions(path, "uno")
    # line 1, column 3: the "n" after "{ " is where a property name was expected
    assert sub.problem.startswith("olga.ipynb:1:3: not a notebook (not JSON")
    cleanup([sub])


def test_zip_of_one_submission_and_zip_of_a_class(tmp_path):
    one = tmp_path / "pat.zip"
    with zipfile.ZipFile(one, "w") as zf:
        zf.writestr("pat/uno.py", "A = 1\n")
    [sub] = load_submissions(one, "uno")
    assert sub.name == "pat" and (sub.folder / "uno.py").read_text() == "A = 1\n"
    cleanup([sub])

    klass = tmp_path / "class.zip"
    with zipfile.ZipFile(klass, "w") as zf:
        zf.writestr("class/quinn/uno.py", "B = 1\n")
        zf.writestr("class/rosa.py", "C = 1\n")
        zf.writestr("class/sam.ipynb", nbformat.writes(nbformat.v4.new_notebook()))
        zf.writestr("__MACOSX/._rosa.py", "junk")
        zf.writestr("../evil.py", "D = 1\n")
    subs = load_submissions(klass, "uno")
    assert [s.name for s in subs] == ["quinn", "rosa", "sam"]
    assert not (tmp_path.parent / "evil.py").exists()
    cleanup(subs)


def test_same_content_same_digest(tmp_path):
    (tmp_path / "a.py").write_text("X = 1\n")
    (tmp_path / "b.py").write_text("X = 1\n")
    (tmp_path / "c.py").write_text("X = 2\n")
    subs = [load_submissions(tmp_path / n, "uno")[0] for n in ("a.py", "b.py", "c.py")]
    assert subs[0].digest == subs[1].digest != subs[2].digest
    cleanup(subs)


def test_a_student_of_a_class_is_one_submission_wherever_their_module_is(tmp_path):
    """A zip or folder in a class is its student's, never split into students: the module in
    a folder inside it is theirs; two modules are their problem, never a second student."""
    klass = tmp_path / "class"
    (klass / "dora" / "a").mkdir(parents=True)
    (klass / "dora" / "b").mkdir()
    (klass / "dora" / "a" / "uno.py").write_text("A = 1\n")
    (klass / "dora" / "b" / "uno.py").write_text("B = 1\n")
    with zipfile.ZipFile(klass / "carl.zip", "w") as zf:
        zf.writestr("carl/src/uno.py", "C = 1\n")
        zf.writestr("carl/src/helpers.py", "H = 1\n")
        zf.writestr("carl/README.md", "mine\n")
    with zipfile.ZipFile(klass / "eve.zip", "w") as zf:
        zf.writestr("mallory/uno.py", "M = 1\n")  # one folder, named for another student
    subs = {s.name: s for s in load_submissions(klass, "uno")}
    assert sorted(subs) == ["carl", "dora", "eve"]
    assert subs["carl"].problem is None and subs["carl"].origin.endswith("carl.zip")
    assert sorted(p.name for p in subs["carl"].folder.iterdir()) == ["helpers.py", "uno.py"]
    assert (subs["carl"].folder / "uno.py").read_text() == "C = 1\n"
    assert subs["dora"].problem == (
        "dora: holds uno.py in 2 folders (a, b): a submission in a class is one student's; send one"
    )
    assert (subs["eve"].folder / "uno.py").read_text() == "M = 1\n"  # eve's, whatever inside
    cleanup(list(subs.values()))
