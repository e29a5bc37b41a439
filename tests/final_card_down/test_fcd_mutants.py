"""Every mutant is caught by at least one reference test, and the reference by none.

The FAQ tests in ``test_fcd_faq.py`` take the ADT module as ``g``; here they are run
against each mutant (imported in memory from the patched reference) and against an
in-memory copy of the unpatched reference, which must pass them all - so a "caught"
mutant is caught because of its patch, not because in-memory loading breaks things.
"""

from __future__ import annotations

import importlib.util
import inspect
import sys
from pathlib import Path

import pytest

from reference.final_card_down.mutants import (
    MUTANTS,
    MutantError,
    load_mutant,
    mutant_names,
    sources,
    write_package,
)

HERE = Path(__file__).resolve().parent


def _faq_tests():
    spec = importlib.util.spec_from_file_location("_fcd_faq_for_mutants", HERE / "test_fcd_faq.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return [
        (name, fn)
        for name, fn in vars(module).items()
        if name.startswith("test_") and list(inspect.signature(fn).parameters) == ["g"]
    ]


FAQ_TESTS = _faq_tests()


def failing_tests(module):
    failed = []
    for name, fn in FAQ_TESTS:
        try:
            fn(module)
        except Exception:  # an assertion or an error: either way the test caught it
            failed.append(name)
    return failed


def test_there_are_at_least_15_documented_mutants():
    assert len(MUTANTS) >= 15
    assert len(set(mutant_names())) == len(MUTANTS)
    assert all(m.rule and m.old != m.new for m in MUTANTS)


def test_the_in_memory_reference_passes_every_faq_test():
    assert len(FAQ_TESTS) >= 30
    assert failing_tests(load_mutant(None)) == []


@pytest.mark.parametrize("name", mutant_names())
def test_each_mutant_is_caught(name):
    assert failing_tests(load_mutant(name)), f"mutant {name} survives every FAQ test"


def test_each_patch_applies_to_exactly_one_place():
    for m in MUTANTS:
        patched = sources(m.name)[m.file]
        assert m.new in patched and sources(None)[m.file].count(m.old) == 1


def test_unknown_mutant_is_a_clear_error():
    with pytest.raises(MutantError, match="unknown mutant"):
        sources("no_such_mutant")


def test_written_package_is_importable_as_game(tmp_path):
    # What the grader does in a sandbox: write the mutant as package ``game`` and import it.
    write_package(tmp_path, "zero_not_wild")
    sys.path.insert(0, str(tmp_path))
    ours = [k for k in sys.modules if k == "game" or k.startswith("game.")]
    saved = {k: sys.modules.pop(k) for k in ours}
    try:
        import game

        assert Path(game.__file__).parent == tmp_path / "game"
        assert failing_tests(game)
    finally:
        sys.path.remove(str(tmp_path))
        for k in [k for k in sys.modules if k == "game" or k.startswith("game.")]:
            del sys.modules[k]
        sys.modules.update(saved)
