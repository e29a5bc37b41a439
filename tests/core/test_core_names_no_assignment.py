"""``graders/`` is the core: it imports no reference and names no assignment, and it never
probes a plugin for attributes or reads signatures (the contract is ``graders/contract.py``)."""

from __future__ import annotations

import re
from pathlib import Path

from graders.courses import builtin

GRADERS = Path(__file__).resolve().parents[2] / "graders"


def core_files() -> list[Path]:
    return sorted(p for p in GRADERS.rglob("*") if p.suffix in (".py", ".j2") and p.is_file())


def assignment_words() -> set[str]:
    """Every built-in assignment's id and the names its module and reference go by."""
    words: set[str] = set()
    for assignment_id in builtin().assignment_ids():
        words |= {assignment_id, assignment_id.replace("-", "_")}
    return words


def test_there_are_assignments_to_look_for():
    assert len(assignment_words()) >= 10


def test_the_core_names_no_assignment():
    found = []
    for path in core_files():
        text = path.read_text(encoding="utf-8")
        for word in assignment_words():
            if re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text):
                found.append(f"{path.relative_to(GRADERS)}: {word}")
    assert found == []


def test_the_core_imports_no_reference():
    pattern = re.compile(r"^\s*(from|import)\s+reference\b", re.MULTILINE)
    assert [p.name for p in core_files() if pattern.search(p.read_text())] == []


def test_the_core_does_not_probe_plugins():
    probes = re.compile(r"(getattr|hasattr)\([^)]*plugin|inspect\.signature")
    assert [p.name for p in core_files() if probes.search(p.read_text())] == []
