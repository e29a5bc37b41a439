"""The contract's vocabulary (``graders/vocabulary.py``) is one module the contract, the
assignment, the sandbox, programs and submissions import, and it imports none of them: the
circle they made (``Outcome`` in the sandbox, ``Case`` and ``Limits`` in the assignment, the
contract naming both) is gone."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import graders.vocabulary

VOCABULARY = Path(graders.vocabulary.__file__)
ROOT = VOCABULARY.parents[1]
CIRCLE = (
    "graders.contract",
    "graders.assignment",
    "graders.run.sandbox",
    "graders.run.programs",
    "graders.submission",
)


def test_the_vocabulary_imports_only_the_standard_library():
    imported = []
    for node in ast.walk(ast.parse(VOCABULARY.read_text())):
        if isinstance(node, ast.Import):
            imported += [(0, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            imported.append((node.level, node.module or ""))
    assert imported, "the scan found no import at all"
    wrong = [
        (level, name)
        for level, name in imported
        if level or name.partition(".")[0] not in sys.stdlib_module_names
    ]
    assert wrong == []


LOADED = """
import importlib, json, sys
importlib.import_module(sys.argv[1])
print(json.dumps(sorted(m for m in sys.modules if m.startswith("graders"))))
"""


def loaded_by(module: str) -> set[str]:
    """The graders modules a fresh Python has loaded after importing ``module``."""
    proc = subprocess.run(
        [sys.executable, "-c", LOADED, module],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
    )
    assert proc.returncode == 0, proc.stderr
    return set(json.loads(proc.stdout))


def test_none_of_the_circle_imports_another_of_it_but_programs_the_sandbox():
    for module in CIRCLE:
        loaded = loaded_by(module)
        assert (
            module in loaded and "graders.vocabulary" in loaded or module.endswith("submission")
        ), module
        allowed = {module, "graders.run.sandbox"} if module.endswith("programs") else {module}
        assert loaded & set(CIRCLE) == allowed, module


def test_the_circle_uses_the_vocabularys_own_types():
    import graders.assignment
    import graders.contract
    import graders.run.programs
    import graders.run.sandbox

    v = graders.vocabulary
    assert graders.assignment.Case is v.Case and graders.assignment.Limits is v.Limits
    assert graders.contract.Outcome is v.Outcome and graders.contract.Probe is v.Probe
    assert graders.run.sandbox.Outcome is v.Outcome and graders.run.programs.Limits is v.Limits
    assert graders.assignment.load_assignment("uno-moves").limits.__class__ is v.Limits
