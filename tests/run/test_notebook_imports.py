"""Notebooks: what an assignment allows them to import works, nothing else of site-packages
is visible, and errors name the notebook cell and the line in it (code cells counted from 1,
as a notebook run top to bottom numbers them ``In [1]``, ``In [2]``...)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import nbformat
import pytest

from graders.assignment import AssignmentError, load_assignment
from graders.grade.engine import grade_submission
from graders.run.sandbox import bwrap_usable
from graders.submission import cleanup, load_submissions
from unokit import imports

ROOT = Path(__file__).resolve().parents[2]
ADA = (ROOT / "examples" / "uno-moves" / "ada" / "uno.py").read_text()
ISOLATIONS = [
    pytest.param("bwrap", marks=pytest.mark.skipif(not bwrap_usable(), reason="no bwrap")),
    "rlimits",
]
needs_numpy = pytest.mark.skipif(
    importlib.util.find_spec("numpy") is None,
    reason="numpy is not installed (pip install -e '.[test]' installs it)",
)


@pytest.fixture(scope="module")
def assignment():
    return load_assignment("uno-moves")


@pytest.fixture(scope="module")
def seeds(assignment):
    return [c for c in assignment.cases() if c.name.startswith("seed-")]


def notebook(tmp_path, *cells: str, name="nb") -> Path:
    """A notebook with a markdown cell first (it is not a code cell: not counted)."""
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("# My UNO")]
    nb.cells += [nbformat.v4.new_code_cell(source) for source in cells]
    path = tmp_path / f"{name}.ipynb"
    path.write_text(nbformat.writes(nb), encoding="utf-8")
    return path


def grade(assignment, path, cases, isolation):
    subs = load_submissions(path, assignment.module)
    try:
        return grade_submission(assignment, subs[0], cases, isolation=isolation)
    finally:
        cleanup(subs)


@needs_numpy
@pytest.mark.parametrize("isolation", ISOLATIONS)
def test_a_notebook_importing_numpy_scores_full_marks(tmp_path, assignment, seeds, isolation):
    assert "numpy" in assignment.allowed_imports
    path = notebook(
        tmp_path,
        "import numpy as np",
        ADA,
        "_checked = int(np.arange(4).sum())  # numpy really runs\nassert _checked == 6",
    )
    result = grade(assignment, path, seeds, isolation)
    assert result.problem is None
    assert [c.outcome for c in result.cases] == ["passed"] * 4, [c.messages for c in result.cases]


@pytest.mark.parametrize("isolation", ISOLATIONS)
def test_what_is_not_allowed_stays_out_of_reach(tmp_path, assignment, seeds, isolation):
    # jinja2 and pytest are installed (the grader uses them) but not allowed; unograde and its
    # reference never are.
    for module in ("jinja2", "pytest", "graders", "reference"):
        assert importlib.util.find_spec(module) is not None
        path = notebook(tmp_path, f"import {module}", ADA, name=f"nb_{module}")
        result = grade(assignment, path, seeds[:1], isolation)
        [case] = result.cases
        assert case.outcome == "error", module
        assert "ModuleNotFoundError" in case.messages[0], case.messages


@pytest.mark.parametrize("isolation", ISOLATIONS)
def test_errors_name_the_cell_and_its_line(tmp_path, assignment, seeds, isolation):
    raising = (
        "def manyPlayersOneMove(discard, deck, hands):\n    x = 1\n    raise ValueError('here')"
    )
    path = notebook(tmp_path, "import math", ADA, raising)
    result = grade(assignment, path, [c for c in seeds if c.part == "part03"], isolation)
    [case] = result.cases
    assert case.outcome == "error"
    assert 'File "nb.ipynb", cell 3, line 3, in manyPlayersOneMove' in case.traceback
    assert "uno.py" not in case.traceback
    # An error while the notebook is imported: cell 2, line 2.
    path = notebook(tmp_path, "import math", "y = 1\nprint(undefined_name)", ADA, name="nb2")
    result = grade(assignment, path, seeds[:1], isolation)
    [case] = result.cases
    assert "NameError" in case.messages[0]
    assert 'File "nb2.ipynb", cell 2, line 2, in <module>' in case.traceback


@needs_numpy
def test_allowed_imports_bring_what_they_require():
    found = imports.allowed(("numpy",))
    names = {entry.name for entry in found.entries}
    assert "numpy" in names and any(n.startswith("numpy-") for n in names)
    assert all(entry.exists() for entry in found.entries)
    assert not any(n in names for n in ("jinja2", "graders", "reference", "pytest"))
    if importlib.util.find_spec("pandas") is not None:
        pandas = {entry.name for entry in imports.allowed(("pandas",)).entries}
        assert {"pandas", "numpy"} <= pandas  # pandas requires numpy


def test_only_the_allowed_names_a_submission_mentions_are_offered(tmp_path):
    source = "import numpy as np\n# pandas_like and geopandas are other names\n"
    (tmp_path / "uno.py").write_text(source)
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "helper.py").write_text("from matplotlib import pyplot\n")
    allowed = ("numpy", "pandas", "matplotlib")
    assert imports.wanted(allowed, tmp_path) == ("numpy", "matplotlib")
    assert imports.wanted(allowed, None) == () and imports.wanted((), tmp_path) == ()


@pytest.mark.parametrize("isolation", ISOLATIONS)
def test_a_submission_that_imports_nothing_allowed_starts_as_before(
    tmp_path, assignment, seeds, isolation
):
    # Nothing of site-packages, and no thread variables: the sandbox of a plain submission.
    body = "import os, sys\nprint(sorted(os.environ), [p for p in sys.path if 'site' in p])"
    path = notebook(tmp_path, ADA, body)
    result = grade(assignment, path, seeds[:1], isolation)
    assert "OPENBLAS_NUM_THREADS" not in result.import_stdout
    assert "site" not in result.import_stdout.split("] [", 1)[1]


def test_an_unknown_module_is_left_out():
    found = imports.allowed(("no_such_module_at_all",))
    assert not found and found.missing == ("no_such_module_at_all",)


def test_a_bad_imports_table_is_reported(tmp_path, assignment, monkeypatch):
    from graders import courses

    folder = tmp_path / "course" / "assignments" / "uno-moves"
    folder.mkdir(parents=True)
    toml = (assignment.folder / "assignment.toml").read_text()
    bad = toml.replace('allowed = ["numpy", "pandas", "matplotlib"]', 'allowed = ["os; rm"]')
    assert bad != toml
    (folder / "assignment.toml").write_text(bad)
    monkeypatch.setattr(courses, "find", lambda _id: (assignment.course, folder))
    with pytest.raises(AssignmentError, match=r"\[imports\] allowed: expected a list"):
        load_assignment("uno-moves")
