"""D22: a mutant whose broken function the suite never calls is not run; it survives.

The rule is only worth having if it changes nothing but the time taken. These tests check
where each mutant is said to change the reference against a second reading (a diff of the two
syntax trees, function by function), that the runner's instrumentation moves no line number,
that the verdicts with and without the rule are the same for real suites, and that a suite
cannot turn the rule to its advantage.
"""

from __future__ import annotations

import ast
import traceback
from pathlib import Path

import pytest

from reference.final_card_down import suite
from reference.final_card_down.harness_files import load
from reference.final_card_down.mutants import mutant_for, mutant_labels, sources

# Slow tier: runs students' suites against mutants in the sandbox.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "final-card-down"


def _functions(tree: ast.AST) -> dict[str, ast.AST]:
    """Every function by its path of enclosing classes and functions (``Game.play.inner``)."""
    found: dict[str, ast.AST] = {}

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                name = f"{prefix}{child.name}"
                if not isinstance(child, ast.ClassDef):
                    found[name] = child
                visit(child, name + ".")
            else:
                visit(child, prefix)

    visit(tree, "")
    return found


@pytest.mark.parametrize("label", mutant_labels())
def test_each_mutant_changes_the_function_it_is_said_to(label):
    mutant = mutant_for(label)
    before = ast.parse(sources()[mutant.file])
    after = ast.parse(sources(mutant.name)[mutant.file])
    old, new = _functions(before), _functions(after)
    assert old.keys() == new.keys()
    changed = {n for n in old if ast.dump(old[n]) != ast.dump(new[n])}
    innermost = {n for n in changed if not any(m.startswith(n + ".") for m in changed)}
    # Module level: the module differs once every function body is set aside.
    for functions in (old, new):
        for node in functions.values():
            node.body = [ast.Pass()]
    module_changed = ast.dump(before) != ast.dump(after)
    where = suite.changed_function(label)
    if module_changed or not innermost:
        assert where is None
    else:
        (name,) = innermost
        node = old[name]
        first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
        assert where == (mutant.file, first)


SOURCE = '''
import functools


def plain(x):
    return 1 / x


@functools.lru_cache(maxsize=None)
def decorated(x):
    """A docstring stays the docstring."""
    if x:
        return 1 / (x - x)
    return 0


class Box:
    def method(self):
        def inner():
            raise ValueError("inner")
        return inner()
'''


def _run(code) -> tuple[dict, list[int]]:
    namespace: dict = {"__unograde_called__": set()}
    exec(code, namespace)
    lines = []
    for call in (
        lambda: namespace["plain"](0),
        lambda: namespace["decorated"](1),
        lambda: namespace["Box"]().method(),
    ):
        try:
            call()
        except Exception as exc:  # noqa: BLE001 - each raises on purpose
            lines.append(traceback.extract_tb(exc.__traceback__)[-1].lineno)
    return namespace, lines


def test_the_instrumentation_moves_no_line_and_counts_every_call():
    calls = load("adt_server.py").Calls("/nowhere/game")
    tree = calls.instrument(ast.parse(SOURCE), "/nowhere/game/rules.py")
    marked, marked_lines = _run(compile(tree, "rules.py", "exec"))
    plain, plain_lines = _run(compile(SOURCE, "rules.py", "exec"))
    assert marked_lines == plain_lines == [6, 13, 20]
    for name in ("plain", "decorated"):
        a, b = marked[name], plain[name]
        a, b = getattr(a, "__wrapped__", a), getattr(b, "__wrapped__", b)
        assert a.__code__.co_firstlineno == b.__code__.co_firstlineno
        assert a.__doc__ == b.__doc__
    called = {calls.functions[n] for n in marked["__unograde_called__"]}
    # Each function's first line as the reference's code objects number it: the decorator's.
    assert called == {("rules.py", 5), ("rules.py", 9), ("rules.py", 18), ("rules.py", 19)}


@pytest.mark.parametrize("student", ["ada", "ben"])
def test_the_verdicts_are_those_of_running_every_mutant(student, monkeypatch):
    tests = suite.suite_files(EXAMPLES / student)
    labels = list(mutant_labels())
    skipped = suite.VerdictCache()
    with_rule = [suite.evaluate(x, tests, cache=skipped)["verdict"] for x in labels]
    reference = skipped.data[(suite.digest(tests), suite.REFERENCE)]
    assert any(suite.unreached(reference, x) for x in labels)  # the rule does skip some
    monkeypatch.setattr(suite, "unreached", lambda reference, label, readings=None: False)
    every = suite.VerdictCache()
    without = [suite.evaluate(x, tests, cache=every)["verdict"] for x in labels]
    assert len(every.data) == len(labels) + 1  # this time every mutant ran
    assert with_rule == without


SPAWNS = """
import subprocess
import sys

import game


def test_through_another_process():
    # The game is made and queried by another process: its calls cross to the same ADT.
    code = "import game; game.playerPoints(game.newGame(30, [1] * 30, [0] * 30, [0] * 30), 0)"
    subprocess.run([sys.executable, "-c", code], check=True)
    assert game.newGame is not None
"""


def test_calls_from_another_process_of_the_suite_are_seen():
    tests = {"test_spawn.py": SPAWNS}
    cache = suite.VerdictCache()
    assert suite.evaluate(suite.REFERENCE, tests, cache=cache)["verdict"] == "passes"
    reference = cache.data[(suite.digest(tests), suite.REFERENCE)]
    points = suite.changed_function(label_of("points_count_cards"))
    turns = suite.changed_function(label_of("num_turns_is_current_turn"))
    assert points is not None and turns is not None
    assert list(points) in reference["called"] and list(turns) not in reference["called"]
    assert not suite.unreached(reference, label_of("points_count_cards"))
    assert suite.unreached(reference, label_of("num_turns_is_current_turn"))


def label_of(name: str) -> str:
    return next(x for x in mutant_labels() if mutant_for(x).name == name)


FORGER = """
import os


def test_forges_a_verdict_saying_it_called_a_function():
    # The runner's verdict goes to a copy of its standard output: write a verdict there and
    # leave before the runner writes its own.
    line = 'UNOGRADE-SUITE-VERDICT {"status": "ran", "exit": 0, "collected": 7, "passed": 7, '
    line += '"called": [["rules.py", 36]], "spawned": false}\\n'
    for fd in range(3, 20):
        try:
            os.write(fd, line.encode())
        except OSError:
            pass
    os._exit(0)
"""


def test_a_suite_cannot_forge_the_list_of_calls():
    tests = {"test_forge.py": FORGER}
    cache = suite.VerdictCache()
    assert suite.evaluate(suite.REFERENCE, tests, cache=cache)["verdict"] == "passes"
    reference = cache.data[(suite.digest(tests), suite.REFERENCE)]
    assert reference["collected"] == 7  # the forged verdict was read: the suite wrote it
    # The list is the ADT's own: this suite never called anything, whatever it wrote.
    assert reference["called"] == [] and "spawned" not in reference


def test_a_malformed_list_of_calls_is_read_as_calling_everything():
    mutant = mutant_labels()[0]
    where = list(suite.changed_function(mutant))
    honest = {"status": "ran", "called": [["queries.py", 1]]}
    assert suite.unreached(honest, mutant)
    assert not suite.unreached(honest | {"called": [where]}, mutant)
    for forged in (
        {"called": "everything"},
        {"called": [["queries.py", "1"]]},
        {"called": [["queries.py", True]]},
        {"called": [["queries.py", 1, 2]]},
        {"called": None},
    ):
        assert not suite.unreached(honest | forged, mutant), forged
    assert not suite.unreached({"status": "ran"}, mutant)  # no list: the ADT's process failed
