"""The child-side adapter: stdlib only, reads calls, captures output and input, seeds the random
source, turns the lab's exceptions into text, and makes task 10's list callable in the sandbox.

Here it runs the *reference* in process (the reference is ours) and, for the import hook, a tiny
module in a separate ``python -I -S`` process laid out as the sandbox lays out a submission.
"""

from __future__ import annotations

import ast
import sys
import types
from pathlib import Path

import pytest

from reference import uno_lab as u
from reference.uno_lab.notation import adapter

ROOT = Path(__file__).resolve().parents[2]
ADAPTER = ROOT / "assignments" / "uno-lab" / "harness" / "adapter.py"
UNOLAB = ROOT / "assignments" / "uno-lab" / "starter" / "unolab.py"


def run(call: str, seed: int | None = None, stdin: tuple[str, ...] = (), module=u) -> dict:
    return adapter.run(module, {"key": "k", "call": call, "seed": seed, "stdin": list(stdin)})


def test_the_adapter_imports_only_the_standard_library_and_unolab():
    tree = ast.parse(ADAPTER.read_text())
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            imported.add((node.module or "").split(".")[0])
    assert imported - {"__future__", "unolab"} <= set(sys.stdlib_module_names)
    assert "unolab" in imported


def test_values_and_curried_calls_come_back_in_the_courses_notation():
    assert run("cardSort [CRD (SKIP, RED), WILD]")["result"] == "[WILD, CRD (SKIP, RED)]"
    assert run("precedes (op =) [1, 2, 3, 4, 5] 4 5")["result"] == "true"
    assert run("playableWhenProc (NUM 5, RED) (CRD (SKIP, RED))")["result"] == "true"
    assert run("isLT (WILD, CRD (NUM 3, BLUE))")["result"] == "false"  # tuple spread
    assert run("playerLoss {name = \"A\", cards = [WILD], strategy = False.ownStrategy, "
               "manual = false}")["result"] == '("A", 50)'  # fmt: skip
    assert run("deck")["result"].startswith("[WILD, WILD, WILD, WILD, WILD_DRAW_FOUR")


def test_lab_exceptions_are_text_and_other_exceptions_propagate():
    assert run("removeCard ([], WILD, List.Empty)")["raised"] == "List.Empty"
    assert run("deal []")["raised"] == "IllegalGame"
    broken = types.SimpleNamespace(cardValue=lambda card: 1 // 0)
    with pytest.raises(ZeroDivisionError):
        run("cardValue WILD", module=broken)
    assert run("cardValue WILD", module=types.SimpleNamespace()) == {
        "key": "k",
        "function": "",
        "missing": "cardValue",
    }


def test_output_is_captured_and_not_leaked(capsys):
    answer = run('deal [{name = "Sergey", cards = [], strategy = False.ownStrategy, '
                 "manual = false}]", seed=1)  # fmt: skip
    assert answer["printed"] == "\nPlayer Sergey deals.\n"
    assert capsys.readouterr().out == ""


def test_the_seed_makes_random_results_reproducible_and_different():
    players = ", ".join(
        f'{{name = "{n}", cards = [], strategy = Naive.ownStrategy, manual = false}}'
        for n in ("A", "B", "C")
    )
    one, again, other = (run(f"game [{players}]", seed=s) for s in (5, 5, 6))
    assert one == again
    assert one["printed"] != other["printed"]


def test_scripted_input_drives_the_manual_dialog():
    player = '{name = "Olga", cards = [], strategy = First.ownStrategy, manual = true}'
    args = (
        "(PROCEED, [WILD, CRD (NUM 1, RED)], [WILD, CRD (NUM 1, RED)], CRD (NUM 7, RED), "
        "CLOCKWISE, [], [2])"
    )
    answer = run(f"askPlayerForCard ({player}, {args})", stdin=("0", "2"))
    # sorted, WILD is number 0; colour number 2 of colors (YELLOW, BLUE, GREEN, RED) is GREEN
    assert answer["result"].endswith("ORDER (WILD, GREEN))")
    assert "manual = true" in answer["result"]
    assert (
        "Enter the number of color from list (from 0)\n[YELLOW, BLUE, GREEN, RED]\n"
        in (answer["printed"])
    )
    switched = run(f"askPlayerForCard ({player}, {args})", stdin=("7",))
    # 7 is not listed: automatic from now on, and First answers for the player
    assert switched["result"].endswith("manual = false}, ORDER (WILD, RED))")


def test_first_plays_the_first_playable_card_of_the_hand():
    first = adapter.First.ownStrategy
    hand = [u.CRD(u.NUM(2), u.BLUE), u.WILD, u.CRD(u.NUM(7), u.RED)]
    args = (u.PROCEED, hand, [u.CRD(u.NUM(7), u.RED), u.WILD], u.CRD(u.NUM(7), u.GREEN),
            u.CLOCKWISE, [], [3])  # fmt: skip
    assert first(*args) == u.ORDER(u.WILD, u.RED)
    args = (u.PROCEED, hand, [u.CRD(u.NUM(7), u.RED)], u.CRD(u.NUM(7), u.GREEN), u.CLOCKWISE,
            [], [3])  # fmt: skip
    assert first(*args) == u.SIMPLE(u.CRD(u.NUM(7), u.RED))
    assert first(u.PROCEED, hand, [], u.WILD, u.CLOCKWISE, [], [3]) == u.PASS
    player = u.Player.make("A", [], first, False)
    assert "strategy = First.ownStrategy" in repr(player)


def test_deck_a_value_is_resolved_as_a_call():
    class Module:
        deck = [1, 2]

        @staticmethod
        def cardSort(cards):
            return cards

    assert adapter.resolve_function(Module, "deck")() == [1, 2]
    assert adapter.resolve_function(Module, "cardSort") is Module.cardSort
    assert adapter.resolve_function(Module, "missing") is None
