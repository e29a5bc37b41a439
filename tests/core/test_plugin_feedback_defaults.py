"""A plugin with SelfCheck leaves the verdict's methods to its feedback module: the contract's
defaults call the module's function of the same name (the one a kit calls), and a plugin
writes only what it does differently.  Without a feedback module that has them,
``check_shape`` (and ``parse_program_output`` for programs) must be the plugin's own."""

from __future__ import annotations

import itertools
from pathlib import Path
from types import SimpleNamespace

import pytest

from graders.assignment import AssignmentError, load_assignment
from graders.contract import AssignmentPlugin, ProgramIO, SelfCheck
from graders.vocabulary import Case

FEEDBACK = """
from .compare import describe_sequence

def check_shape(part, value):
    return None if isinstance(value, list) else f"{part}: expected a list"

def normalise_result(part, value):
    return sorted(value)

def describe(part, expected, actual):
    return describe_sequence("cards", expected, actual)

def show_input(part, args):
    return [f"{part} gets {len(args)} argument(s)"]

def parse_program_output(part, text):
    if not text.strip():
        raise ValueError("printed nothing")
    return text.split()
"""


_NUMBERS = itertools.count()


def _case(expected: list) -> Case:
    return Case(name="c", part="p", visibility="public", args=([3, 1],), expected=expected)


def _plugin(tmp_path: Path, source: str = FEEDBACK, *bases: type, **methods) -> AssignmentPlugin:
    # A new file each time: a feedback module is loaded once per path.
    path = tmp_path / f"feedback_{next(_NUMBERS)}.py"
    path.write_text(source)

    class Plugin(AssignmentPlugin, *bases, SelfCheck):
        def load_case(self, entry, root):
            raise AssertionError("not called")

        def kit_feedback(self) -> Path:
            return path

        def program_input(self, case):
            return ""

    for name, method in methods.items():
        setattr(Plugin, name, method)
    return Plugin(SimpleNamespace(id="fake"))


def test_the_verdicts_methods_are_the_feedback_modules(tmp_path):
    plugin = _plugin(tmp_path, FEEDBACK, ProgramIO)
    assert plugin.check_shape("p", 3) == "p: expected a list"
    assert plugin.check_shape("p", [1]) is None
    assert plugin.check_size(_case([1]), [1] * 10_000) is None  # the module has none: any size
    assert plugin.normalise_result("p", [3, 1, 2]) == [1, 2, 3]
    assert plugin.show_input("p", ([3, 1],)) == ["p gets 1 argument(s)"]
    assert plugin.parse_program_output("p", "r5 b2\n") == ["r5", "b2"]
    with pytest.raises(ValueError, match="printed nothing"):
        plugin.parse_program_output("p", "\n")
    # The module has no judge: the structural comparison, explained by its describe.
    assert plugin.judge(_case([1, 2]), [1, 2]) == []
    lines = plugin.judge(_case([1, 2]), [1, 3])
    assert lines and lines == plugin.feedback.module.describe("p", [1, 2], [1, 3])


def test_a_feedback_modules_judge_is_the_plugins(tmp_path):
    source = FEEDBACK + "\ndef judge(case, value):\n    return [f'judged {case.name}']\n"
    assert _plugin(tmp_path, source).judge(_case([1]), [1]) == ["judged c"]


def test_a_plugins_own_method_wins(tmp_path):
    plugin = _plugin(tmp_path, FEEDBACK, describe=lambda self, part, e, a: ["mine"])
    assert plugin.describe("p", [1], [2]) == ["mine"]
    assert plugin.judge(_case([1]), [2]) == ["mine"]  # the default judge asks the plugin's


def test_without_a_feedback_module_the_defaults_are_the_contracts():
    class Plugin(AssignmentPlugin):
        def load_case(self, entry, root):
            raise AssertionError("not called")

        def check_shape(self, part, value):
            return None

    plugin = Plugin(SimpleNamespace(id="fake"))
    assert plugin.feedback is None
    assert plugin.describe("p", [1], [2]) == []
    assert plugin.normalise_result("p", (1,)) == (1,)
    assert plugin.check_size(_case([1]), [1] * 10) is None
    assert plugin.show_input("p", ([1, 2], "x")) == [
        "argument 1:",
        "  [1, 2]",
        "argument 2:",
        "  'x'",
    ]
    assert plugin.judge(_case([1]), [1]) == []


def test_check_shape_is_required_from_the_plugin_or_its_feedback_module(tmp_path):
    class Plugin(AssignmentPlugin):
        def load_case(self, entry, root):
            raise AssertionError("not called")

    with pytest.raises(TypeError, match="defines no check_shape"):
        Plugin(SimpleNamespace(id="fake"))
    with pytest.raises(ImportError, match="the feedback module has no check_shape"):
        _plugin(tmp_path, "def describe(part, e, a):\n    return []\n")
    with pytest.raises(TypeError, match="defines no parse_program_output"):
        _plugin(tmp_path, "def check_shape(part, v):\n    return None\n", ProgramIO)


@pytest.mark.parametrize(
    "assignment_id", ["uno-moves", "ochos-locos", "uno-lab", "uno-official", "final-card-down"]
)
def test_the_five_plugins_answer_with_their_feedback_modules(assignment_id):
    """The plugins whose forwarding methods went: the same answers as the module's own
    functions, on every public case's expectation and on a value of the wrong shape."""
    assignment = load_assignment(assignment_id)
    plugin = assignment.plugin
    module = plugin.feedback.module
    own = {n for n in ("check_shape", "describe", "show_input") if n in vars(type(plugin))}
    cases = assignment.cases(visibility="public")[:20]
    assert cases
    for case in cases:
        for value in (case.expected, 12345):
            shape = plugin.check_shape(case.part, value)
            if "check_shape" not in own:
                assert shape == module.check_shape(case.part, value)
        if "show_input" not in own and hasattr(module, "show_input"):
            assert plugin.show_input(case.part, case.args) == module.show_input(
                case.part, case.args
            )
    if assignment_id == "final-card-down":  # its plugin still judges test suites itself
        assert own == {"check_shape", "describe", "show_input"}


def test_a_broken_plugin_is_named_in_the_assignments_error(tmp_path, monkeypatch):
    from graders import assignment as assignment_module

    class Broken(AssignmentPlugin):
        def load_case(self, entry, root):
            raise AssertionError("not called")

    fake = SimpleNamespace(
        folder=tmp_path,
        plugin_name="somewhere:Broken",
        course=None,
    )
    monkeypatch.setattr(assignment_module.courses, "make_importable", lambda course: None)
    monkeypatch.setattr(
        assignment_module.importlib, "import_module", lambda name: SimpleNamespace(Broken=Broken)
    )
    with pytest.raises(AssignmentError, match="defines no check_shape"):
        assignment_module.make_plugin(fake)

    class BrokenFeedback(Broken, SelfCheck):
        def kit_feedback(self) -> Path:
            return tmp_path / "feedback.py"

    (tmp_path / "feedback.py").write_text("def describe(part, e, a):\n    return []\n")
    monkeypatch.setattr(
        assignment_module.importlib,
        "import_module",
        lambda name: SimpleNamespace(Broken=BrokenFeedback),
    )
    with pytest.raises(
        AssignmentError, match="feedback.py: the feedback module has no check_shape"
    ):
        assignment_module.make_plugin(fake)
