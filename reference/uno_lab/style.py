"""The lab's "must use" requirements, checked on a submission's syntax tree.

The seed asks, task by task, that a solution be built from certain functions (colorIsLT through
precedes, cardSort by sorting with isLT, drawTwo by composing draw, ...).  :func:`check_style`
reads the source (it never runs it) and reports each requirement as met or not; the grader turns
unmet ones into style feedback and a deduction (:func:`style_deduction`, 0 by default).

A task's "uses" are the names its definition mentions, followed through the submission's own
helper functions and classes, so a helper that calls ``precedes`` counts for its caller.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass

Check = Callable[[set[str], ast.AST], bool]


@dataclass(frozen=True)
class Requirement:
    task: str
    text: str
    check: Check


def _uses(*names: str) -> Check:
    return lambda used, node: all(n in used for n in names)


def _uses_any(*names: str) -> Check:
    return lambda used, node: any(n in used for n in names)


def _not_uses(name: str) -> Check:
    return lambda used, node: name not in used


def _composes(inner: str) -> Check:
    """``compose(inner, inner)``, a function calling ``inner(inner(x))``, or SML-style ``o``."""

    def check(used: set[str], node: ast.AST) -> bool:
        for n in ast.walk(node):
            if isinstance(n, ast.Call) and _name(n.func) in ("compose", "o"):
                return inner in used
            if (
                isinstance(n, ast.Call)
                and _name(n.func) == inner
                and any(isinstance(a, ast.Call) and _name(a.func) == inner for a in n.args)
            ):
                return True
        return False

    return check


def _name(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


REQUIREMENTS: tuple[Requirement, ...] = (
    Requirement("colorIsLT", "uses precedes", _uses("precedes")),
    Requirement("rankIsLT", "uses precedes", _uses("precedes")),
    Requirement("cardSort", "sorts (sorted or list.sort) with isLT", _uses("isLT")),
    Requirement("cardSort", "uses sorted or list.sort", _uses_any("sorted", "sort")),
    Requirement("sumCards", "uses cardValue", _uses("cardValue")),
    Requirement("removeCard", "compares cards with isSameCard", _uses("isSameCard")),
    Requirement("deck", "uses cardCount and addNCopies", _uses("cardCount", "addNCopies")),
    Requirement("deck", "builds from colors and ranks", _uses("colors", "ranks")),
    Requirement("deal", "deals with pass_", _uses("pass_")),
    Requirement("deal", "shuffles with shuffleList", _uses("shuffleList")),
    Requirement("nextPlayer", "announces with Desk.whoseTurn", _uses("whoseTurn")),
    Requirement("deskNormalize", "uses nextPlayer and shuffleList",
                _uses("nextPlayer", "shuffleList")),
    Requirement("draw", "uses shuffleList", _uses("shuffleList")),
    Requirement("drawTwo", "composes draw", _composes("draw")),
    Requirement("drawFour", "composes drawTwo (not draw)", _composes("drawTwo")),
    Requirement("drawFour", "does not call draw directly", _not_uses("draw")),
    Requirement("playableWhenWild", "uses isSameColor", _uses("isSameColor")),
    Requirement("playableWhenExec", "uses isSameRank", _uses("isSameRank")),
    Requirement("playableWhenProc", "uses isSameColor and isSameRank",
                _uses("isSameColor", "isSameRank")),
    Requirement("cardsToPlay", "uses filter", _uses("filter")),
    Requirement("cardsToPlay", "uses playableWhenWild, playableWhenExec and playableWhenProc",
                _uses("playableWhenWild", "playableWhenExec", "playableWhenProc")),
    Requirement("hasColor", "searches (next or any), like isSome/List.find",
                _uses_any("next", "any")),
    Requirement("Naive", "uses cardSort and shuffleList", _uses("cardSort", "shuffleList")),
    Requirement("moveAction", "uses oppositeDir and nextPlayer",
                _uses("oppositeDir", "nextPlayer")),
    Requirement("askPlayerForCard", "asks Manual.ownStrategy and uses Player.automate",
                _uses("Manual", "automate")),
    Requirement("play", "uses askPlayerForCard, moveAction, removeCard, requiredColor, hasColor, "
                "countCards", _uses("askPlayerForCard", "moveAction", "removeCard",
                                    "requiredColor", "hasColor", "countCards")),
    Requirement("execution", "uses nextPlayer and drawTwo", _uses("nextPlayer", "drawTwo")),
    Requirement("yourTurn", "uses cardsToPlay, draw, execution, play, nextPlayer",
                _uses("cardsToPlay", "draw", "execution", "play", "nextPlayer")),
    Requirement("playerLoss", "uses sumCards", _uses("sumCards")),
    Requirement("game", "uses deal, deskNormalize, yourTurn, checkWinner",
                _uses("deal", "deskNormalize", "yourTurn", "checkWinner")),
)  # fmt: skip


def _definitions(tree: ast.Module) -> dict[str, ast.AST]:
    """Module-level functions, classes and assignments by name (the last one wins, as in Python)."""
    defs: dict[str, ast.AST] = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            defs[node.name] = node
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    defs[target.id] = node
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            defs[node.target.id] = node
    return defs


def _direct_names(node: ast.AST) -> set[str]:
    names: set[str] = set()
    for n in ast.walk(node):
        if isinstance(n, ast.Name):
            names.add(n.id)
        elif isinstance(n, ast.Attribute):
            names.add(n.attr)
    return names


def _used(task: str, defs: dict[str, ast.AST], tasks: set[str]) -> set[str]:
    """Names the task mentions, through helpers that are not themselves tasks."""
    seen: set[str] = set()
    todo = [task]
    used: set[str] = set()
    while todo:
        name = todo.pop()
        if name in seen or name not in defs:
            continue
        seen.add(name)
        direct = _direct_names(defs[name])
        used |= direct
        todo.extend(n for n in direct if n in defs and n not in tasks)
    return used


def check_style(source: str) -> list[tuple[str, str, bool, str]]:
    """``[(task, requirement, met, message)]`` for every requirement of the lab.

    A source that does not parse gives one entry ``("*", "the file parses", False, message)``.
    A task the submission does not define is reported unmet ("not defined").
    """
    try:
        tree = ast.parse(source)
    except SyntaxError as e:
        return [("*", "the file parses", False, f"line {e.lineno}, column {e.offset}: {e.msg}")]
    defs = _definitions(tree)
    tasks = {r.task for r in REQUIREMENTS} | {"Manual"}
    results = []
    for req in REQUIREMENTS:
        if req.task not in defs:
            results.append((req.task, req.text, False, f"{req.task}: not defined"))
            continue
        met = req.check(_used(req.task, defs, tasks), defs[req.task])
        message = f"{req.task}: {req.text}" + ("" if met else " (the lab requires it)")
        results.append((req.task, req.text, met, message))
    return results


def style_deduction(
    results: list[tuple[str, str, bool, str]], per_unmet: float = 0.0
) -> dict[str, float]:
    """Points to take off per task: ``per_unmet`` for each unmet requirement (0 by default)."""
    out: dict[str, float] = {}
    for task, _text, met, _msg in results:
        if not met:
            out[task] = out.get(task, 0.0) + per_unmet
    return out
