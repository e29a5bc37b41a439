"""A C ``testGame.c`` graded against the reference and the mutants with no second reference:
linked with ``c/fcd_proxy.c``, whose every ``Game.h`` call the Python reference (or a mutant)
answers from a sandbox of its own, over the protocol of ``adt_server.py``.

Expectations come from the tests' own text and the mutants' rules: ada's suite checks that a
ZERO is wild (mutant-01 breaks it), the numbering of turns and END_TURN after a draw; bo's
suite asserts that the first turn is numbered 1, which the page (and the reference) number 0.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from graders.run.toolchains import toolchain
from reference.final_card_down import c_suite, suite
from reference.final_card_down.mutants import mutant_for

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "final-card-down-c"

pytestmark = pytest.mark.skipif(toolchain("gcc").path() is None, reason="no gcc")


@pytest.fixture(autouse=True)
def build_cache(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("UNOGRADE_BUILD_CACHE", str(tmp_path_factory.getbasetemp() / "builds"))


def suite_of(name: str) -> dict[str, str]:
    return suite.suite_files(EXAMPLES / name)


def line_of(name: str, text: str) -> int:
    lines = (EXAMPLES / name / "testGame.c").read_text().splitlines()
    return next(k + 1 for k, line in enumerate(lines) if text in line)


def test_a_c_submissions_suite_is_its_testgame_c_alone():
    assert list(suite_of("ada")) == ["testGame.c"]
    assert suite_of("cy") == {}  # a C submission without testGame.c has no suite


def test_a_sound_c_suite_passes_on_the_reference_and_catches_a_mutant_through_the_proxy():
    cache = suite.VerdictCache()
    tests = suite_of("ada")
    reference = suite.evaluate(suite.REFERENCE, tests, cache=cache)
    assert reference == {"target": "reference", "verdict": "passes"}
    # mutant-01 makes a ZERO not wild: ada's test_zero_is_wild_and_matching asserts it is.
    assert "ZERO" in mutant_for("mutant-01").rule
    assert suite.evaluate("mutant-01", tests, cache=cache)["verdict"] == "detected"
    raw = cache.get(tests, "mutant-01")
    (failed,) = raw["failed"]
    assert failed["test"] == "test_zero_is_wild_and_matching"
    assert failed["line"] == line_of("ada", "assert(isValidMove(g, m));")


def test_the_reference_run_says_which_adt_functions_the_c_suite_reached():
    cache = suite.VerdictCache()
    tests = suite_of("ada")
    suite.evaluate(suite.REFERENCE, tests, cache=cache)
    called = cache.get(tests, suite.REFERENCE)["called"]
    files = {file for file, _ in called}
    assert "rules.py" in files and "queries.py" in files  # isValidMove, the queries


def test_a_c_suite_failing_on_the_reference_shows_its_assert_and_loses_the_mutants():
    cache = suite.VerdictCache()
    tests = suite_of("bo")
    value = suite.evaluate(suite.REFERENCE, tests, cache=cache)
    assert value["verdict"] == "fails"
    lines = suite.explain(value)
    line = line_of("bo", "assert(currentTurn(game) == 1);")
    assert f"main failed: AssertionError (line {line} of testGame.c)" in lines
    assert suite.evaluate("mutant-01", tests, cache=cache)["verdict"] == "not-run"


def test_a_c_suite_that_does_not_compile_fails_on_the_reference(tmp_path):
    text = '#include "Game.h"\nint main(void) { return numCards(); }\n'
    verdict = c_suite.run_target(
        text, "reference", suite.target_files("reference"), suite.SUITE_LIMITS
    )
    assert verdict["exit"] == 2 and "numCards" in verdict["message"]
    assert not suite.SR.passes(verdict)


def test_destroy_card_is_in_the_python_port_and_its_proxy():
    """Tests ported from C call destroyCard: the port keeps the name (a no-op)."""
    from reference.final_card_down import game as G

    card = G.newCard(3, 1, 2)
    assert G.destroyCard(card) is None
    assert card == G.Card(G.Value.THREE, G.Color.BLUE, G.Suit.CLUBS)  # a value: unchanged
    proxy = (ROOT / "assignments/final-card-down/harness/adt_proxy.py").read_text()
    server = (ROOT / "assignments/final-card-down/harness/adt_server.py").read_text()
    assert "def destroyCard(" in proxy and '"destroyCard"' in server
