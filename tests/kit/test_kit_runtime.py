"""The kit's runtime pieces on their own: what the grader and the kit share."""

from __future__ import annotations

import importlib.util
from types import SimpleNamespace

import pytest

from graders.kit.notebook import starter_notebook
from graders.report.templates import environment
from unokit.compare import type_name
from unokit.loader import load_feedback, load_module
from unokit.notebook import cap_notes, in_cells, notebook_code, syntax_problem
from unokit.render import case_text

from .conftest import ROOT


def test_an_object_that_is_not_data_is_named_by_its_type():
    # What the harness sends for an object (its repr may have failed).
    assert type_name({"__object__": "Weird", "__repr__": "<unprintable>"}) == "a Weird"
    assert type_name({"a": 1}) == "a dict"
    assert type_name((1, 2)) == "a tuple of 2"


def test_an_escape_cut_short_in_one_field_swallows_no_other():
    case = SimpleNamespace(
        outcome="error",
        messages=["f raised ValueError: \x1b]8;;http://cut-short", "second line"],
        traceback='  File "uno.py", line 1\nValueError: x',
        stdout="printed \x1b[31mred",
        stdout_dropped=0,
    )
    text = case_text(environment(), case)
    assert "\x1b" not in text
    assert "- second line" in text and "Traceback (your code only):" in text
    assert "printed red" in text


@pytest.mark.parametrize(
    "starter",
    sorted(p for p in (ROOT / "assignments").glob("*/starter/*.py") if p.name != "unolab.py"),
    ids=lambda p: f"{p.parts[-3]}/{p.name}",
)
def test_a_starter_notebook_reads_back_as_the_starter(starter):
    source = starter.read_text(encoding="utf-8")
    data = starter_notebook(source, "A title")
    code, notes, where = notebook_code(data, "starter.ipynb")
    assert notes == [] and syntax_problem(code, "starter.ipynb", where) is None
    # The same top-level names, defined in the same order (the docstring became Markdown).
    import ast

    def names(text):
        return [
            n.name for n in ast.parse(text).body if isinstance(n, ast.FunctionDef | ast.ClassDef)
        ]

    assert names(code) == names(source)
    assert starter_notebook(source, "A title") == data  # the same bytes each time


def test_a_feedback_module_imports_the_runtime_relatively(tmp_path):
    path = tmp_path / "feedback.py"
    path.write_text(
        "from .compare import describe_sequence\n"
        "def check_shape(part, value):\n"
        "    return None if isinstance(value, list) else 'expected a list'\n"
        "def describe(part, expected, actual):\n"
        "    return describe_sequence('pile', expected, actual)\n"
    )
    feedback = load_feedback(path)
    case = SimpleNamespace(part="p", expected=[1, 2, 3])
    assert feedback.check_shape("p", 5) == "expected a list"
    assert feedback.judge(case, [1, 2, 3]) == []
    assert feedback.judge(case, [1, 2]) == ["pile: missing card 3 at the end"]
    assert load_module(path) is feedback.module  # loaded once


HARNESS = ROOT / "graders" / "run" / "harness.py"


def _session_run(folder, module, function, site=()):
    from unokit.session import Call, Session

    with Session(HARNESS, folder, module, timeout=20, cpu=20, budget=60, site=site) as runner:
        return runner.call(Call(0, function, ()))


@pytest.mark.skipif(
    importlib.util.find_spec("numpy") is None, reason="numpy is not installed (the test extra)"
)
def test_a_kit_offers_the_allowed_imports_and_nothing_else_of_site_packages(tmp_path):
    """As the grader's sandbox: an allowed name the work mentions is importable, with what it
    requires; nothing else of this Python's site-packages is (here: pytest, deepdiff)."""
    from unokit.imports import offered, remove_farm

    (tmp_path / "work.py").write_text(
        "import numpy\n"
        "def probe():\n"
        "    found = []\n"
        "    for name in ('pytest', 'deepdiff', 'jinja2'):\n"
        "        try:\n"
        "            __import__(name)\n"
        "            found.append(name)\n"
        "        except ImportError:\n"
        "            pass\n"
        "    return int(numpy.arange(5).sum()), found\n"
    )
    farm, site = offered(("numpy", "pandas"), tmp_path)
    try:
        assert farm is not None and site == [str(farm)]
        assert "numpy" in {p.name for p in farm.iterdir()} and "pandas" not in site[0]
        run = _session_run(tmp_path, "work", "probe", site)
    finally:
        remove_farm(farm)
    assert run.status == "returned", (run.message, run.traceback)
    assert run.value == (10, [])  # 0+1+2+3+4, and none of the others
    # Without the offer the same work cannot import numpy: -I -S, as in the grader.
    bare = _session_run(tmp_path, "work", "probe")
    assert bare.status == "import-error" and "numpy" in bare.message


def test_nothing_is_offered_to_work_that_mentions_no_allowed_name(tmp_path):
    from unokit.imports import offered

    (tmp_path / "work.py").write_text("import math\n")
    assert offered(("numpy",), tmp_path) == (None, [])
    assert offered((), tmp_path) == (None, [])


def test_a_notebook_traceback_names_the_cell_and_its_line():
    from unokit.notebook import in_cells

    where = {1: (1, 1), 2: (1, 2), 4: (2, 1), 5: (2, 2)}
    text = (
        'Traceback (most recent call last):\n  File "uno.py", line 5, in f\n'
        '  File "helper.py", line 5, in g\n  File "uno.py", line 9, in h\nValueError: x'
    )
    shown = in_cells(text, "uno", "hana.ipynb", where)
    assert 'File "hana.ipynb", cell 2, line 2, in f' in shown
    assert 'File "helper.py", line 5, in g' in shown  # another file: as it was
    assert 'File "uno.py", line 9, in h' in shown  # a line no cell holds: as it was
    assert in_cells(text, "uno", "hana.ipynb", {}) == text


def test_note_lists_joined_from_capped_ones_keep_the_count_of_what_was_cut():
    """A submission's notes join the loader's (capped), the reading's and the grader's: the
    joined list is capped again, and the counts already cut add up."""
    first = cap_notes([f"a{k}" for k in range(50)], limit=5)
    assert first == ["a0", "a1", "a2", "a3", "a4", "... and 45 more"]
    joined = cap_notes(first + [f"b{k}" for k in range(3000)], limit=5)
    assert joined == ["a0", "a1", "a2", "a3", "a4", "... and 3,045 more"]
    assert cap_notes(joined, limit=5) == joined
    assert cap_notes(["x"] * 5, limit=5) == ["x"] * 5  # nothing cut, nothing said


def test_a_notebooks_line_map_reads_as_the_dict_it_replaces_and_travels():
    """The map from the joined module's lines to (cell, line) is kept per cell, yet answers
    as a dict of every line did (tracebacks and syntax errors name the cell by it)."""
    import json
    import pickle

    cells = ["a = 1\nb = 2", "%time a\n!ls", "def f(:\n  pass"]
    data = json.dumps({"cells": [{"cell_type": "code", "source": c} for c in cells]})
    code, notes, where = notebook_code(data.encode(), "nb.ipynb")
    lines = code.split("\n")
    expected = {1: (1, 1), 2: (1, 2), 4: (2, 1), 5: (2, 2), 7: (3, 1), 8: (3, 2)}
    assert dict(where) == expected and len(where) == 6
    assert 3 not in where and 0 not in where and 9 not in where and "1" not in where
    assert [lines[n - 1] for n in (1, 7)] == ["a = 1", "def f(:"]
    assert lines[3] == "" and lines[4] == ""  # top-level magic and shell line: empty lines
    assert len(notes) == 2 and "cell 2, line 2: dropped a shell command (!ls)" in notes
    assert syntax_problem(code, "nb.ipynb", where).startswith("nb.ipynb: cell 3, line 1")
    trace = 'File "uno.py", line 8, in f'
    assert in_cells(trace, "uno", "nb.ipynb", where) == 'File "nb.ipynb", cell 3, line 2, in f'
    assert dict(pickle.loads(pickle.dumps(where))) == expected


def test_an_allowed_package_missing_here_says_how_to_install_it(tmp_path):
    """A kit on a student's Python without numpy: the import error says that numpy is allowed
    and how to install it; a name the assignment does not allow gets no such advice."""
    from unokit.session import Call, Session

    (tmp_path / "work.py").write_text("import unogradenosuchpackage\ndef probe():\n    return 1\n")
    for allowed, hinted in ((("unogradenosuchpackage",), True), ((), False)):
        with Session(
            HARNESS, tmp_path, "work", timeout=20, cpu=20, budget=60, allowed=allowed
        ) as s:
            run = s.call(Call(0, "probe", ()))
        assert run.status == "import-error" and run.error_type == "ModuleNotFoundError"
        hint = "`python -m pip install unogradenosuchpackage`"
        assert (hint in run.message) is hinted, run.message
        assert ("allowed by this assignment" in run.message) is hinted


def test_the_check_page_names_the_allowed_imports():
    from graders.assignment import load_assignment
    from graders.kit.build import kit_files

    page = kit_files(load_assignment("uno-moves"))["CHECK.md"].decode()
    flat = " ".join(page.split())
    assert "(`numpy`, `pandas`, `matplotlib`, where your Python has it:" in flat
    assert "`python -m pip install numpy pandas matplotlib`" in flat
    assert "so only the standard library (and the files" not in flat
