"""The kit's runtime pieces on their own: what the grader and the kit share."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from graders.kit.notebook import starter_notebook
from graders.kit.runtime.compare import type_name
from graders.kit.runtime.loader import load_feedback, load_module
from graders.kit.runtime.notebook import notebook_code, syntax_problem
from graders.kit.runtime.render import case_text
from graders.report.templates import environment

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
