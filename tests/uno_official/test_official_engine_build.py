"""The compiled build of the engine (``hatch_build.py``) is held to its source.

``engine.py`` is the only source of the rules; ``pip install`` also compiles it with Cython.
These tests check that the build in use behaves exactly as the interpreted source (a second
implementation of every call, compared on long seeded traces under every rule set, including
illegal attempts and off-turn actions), and that a build of any other text is never used.
"""

from __future__ import annotations

import hashlib
import os
import random
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from reference.uno_official import engine
from reference.uno_official.state import Action, IllegalActionError, Rules

ROOT = Path(__file__).resolve().parents[2]
ENGINE_SOURCE = ROOT / "reference" / "uno_official" / "engine.py"

RULE_SETS = [
    Rules(),
    Rules(num_players=2),
    Rules(num_players=3, hand_size=5),
    Rules(stack_draw_two=True),
    Rules(seven_zero=True),
    Rules(jump_in=True),
    Rules(stack_draw_two=True, seven_zero=True, jump_in=True),
    Rules(num_players=10, hand_size=10),
    Rules(target_score=60),
    Rules(num_players=2, hand_size=1, target_score=30),
]
# Attempts that are illegal in most states: their error messages must agree too.
BOGUS = [
    Action("play", "R5", "R"),
    Action("play", "W", "Z"),
    Action("draw", player=3),
    Action("catch", player=1),
    Action("pass"),
    Action("challenge"),
    Action("deal"),
    Action("jump_in", "G3", "G", player=2),
    Action("zzz"),
]


def trace(rules_engine, matches: int, max_actions: int = 1500) -> list[object]:
    """Everything observable in seeded matches: states, every seat's legal actions, errors."""
    seen: list[object] = []
    for r, rules in enumerate(RULE_SETS):
        for m in range(matches):
            rnd = random.Random(f"trace/{r}/{m}")
            state = rules_engine.new_game(r * 1000 + m, rules)
            seen.append(state)
            for _ in range(max_actions):
                if state.phase == "match_over":
                    break
                seats = [rules_engine.legal_actions(state, p) for p in range(rules.num_players)]
                legal = rules_engine.legal_actions(state)
                seen += [legal, *seats]
                if rnd.random() < 0.05:
                    try:
                        seen.append(rules_engine.apply(state, rnd.choice(BOGUS)))
                    except IllegalActionError as error:
                        seen.append(str(error))
                pool = [*legal, *(a for s in seats for a in s if a.player is not None)]
                if not pool:
                    break
                action = rnd.choice(pool)
                if rnd.random() < 0.1 and action.player is None and action.kind != "catch":
                    action = action._replace(player=state.current)  # the actor named: same move
                state = rules_engine.apply(state, action)
                seen.append(state)
                assert rules_engine.card_count(state) == 108
    return seen


needs_build = pytest.mark.skipif(
    not engine.COMPILED,
    reason="no up-to-date compiled build of the engine (no C compiler at install, or "
    "engine.py changed since: `python hatch_build.py` rebuilds it)",
)


@needs_build
def test_the_build_in_use_is_compiled_from_this_very_source():
    assert type(engine.apply).__name__ == "cython_function_or_method"
    assert engine.is_build_of(sys.modules[engine.apply.__module__], ENGINE_SOURCE.read_bytes())


@needs_build
def test_compiled_and_interpreted_engines_agree_on_long_seeded_traces():
    interpreted = engine.interpreted()
    assert not interpreted.COMPILED
    assert type(interpreted.apply).__name__ == "function"
    ours, theirs = trace(engine, 6), trace(interpreted, 6)
    assert len(ours) > 50_000
    assert len(ours) == len(theirs)
    for i, (a, b) in enumerate(zip(ours, theirs, strict=True)):
        assert a == b, f"item {i}: compiled {a!r} != interpreted {b!r}"
        assert type(a) is type(b)


def test_a_build_of_other_source_is_not_used():
    source = ENGINE_SOURCE.read_bytes()
    digest = hashlib.sha256(source).hexdigest()
    assert engine.is_build_of(SimpleNamespace(COMPILED_FROM=digest), source)
    assert not engine.is_build_of(SimpleNamespace(COMPILED_FROM=digest), source + b"\n# edited")
    assert not engine.is_build_of(SimpleNamespace(), source)


def test_the_interpreted_engine_can_be_forced():
    env = {**os.environ, "UNOGRADE_PURE_ENGINE": "1"}
    code = (
        "from reference.uno_official import engine as e; print(e.COMPILED, type(e.apply).__name__)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.split() == ["False", "function"]


def test_the_interpreted_copy_shares_the_state_classes():
    interpreted = engine.interpreted()
    assert interpreted.GameState is engine.GameState
    assert interpreted.Action is engine.Action
    assert interpreted.IllegalActionError is engine.IllegalActionError
    assert interpreted.new_game(5) == engine.new_game(5)


@pytest.mark.parametrize("which", ["in use", "interpreted"])
def test_playing_never_rebinds_a_module_global(which):
    # The compiled build caches its lookups of module globals (the action and event tables)
    # for as long as the module's dictionary is unchanged; a function that rebinds a global on
    # every call (as the legal-actions cache once did) makes every lookup miss, which cost
    # about a tenth of the engine's speed.  The interpreter does not care, the build does.
    rules_engine = engine if which == "in use" else engine.interpreted()
    home = vars(sys.modules[rules_engine.apply.__module__])
    before = {name: id(value) for name, value in home.items()}
    for seed in range(3):
        state = rules_engine.new_game(seed)
        rnd = random.Random(seed)
        while state.winner < 0:
            legal = rules_engine.legal_actions(state)
            state = rules_engine.apply(state, rnd.choice(legal))
    assert {name: id(value) for name, value in home.items()} == before
