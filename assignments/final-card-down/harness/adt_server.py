"""The Game ADT's own process while a student's test suite runs: it holds the reference (or a
mutant) and answers the calls of the suite's proxy ``game`` (``adt_proxy.py``).

Why a process of its own: a suite that shares a process with the code it tests can read that
code (its files, ``inspect.getsource``, ``gc``) and report it, or recognise a mutant by a hash
of it without testing anything.  So the suite's sandbox holds only the proxy, and the ADT
lives here, in a sandbox of its own (``graders.run.sandbox.Session``: the grader's harness
imports this module and calls ``serve`` once per request).  The grader relays each line the
proxy writes on its socket to ``serve`` and writes back the answer (see
``reference/final_card_down/adt_link.py``); this process never sees the suite's files.

The protocol, one JSON object per line each way, is language-neutral (a C ``Game.c`` can speak
it as well as the Python proxy)::

    request  {"call": NAME, "args": [VALUE, ...], "free": [HANDLE, ...]}     ("free" optional)
    answer   {"value": VALUE}
           | {"raise": EXCEPTION_CLASS_NAME, "message": TEXT}      (the ADT raised; TEXT cut)
           | {"fail": TEXT}                   (from the grader: the ADT's process is gone)

``NAME`` is one of ``FUNCTIONS`` (the ADT's functions, arguments in the interface's order), or
``equal`` (two games: the reference's ``==``), ``hash`` (a game's hash) and ``hello``.
``free`` lists handles the proxy no longer refers to (released before the call).

A ``VALUE`` is JSON's null, true, false, a number or a string as itself; a list as a JSON
array; and tagged objects:

    {"enum": "Color"|"Suit"|"Value"|"Direction"|"Action", "value": INT}
    {"card": [VALUE, COLOR, SUIT]}                 a Card: a value, copied both ways
    {"move": [ACTION, NEXT_COLOR, CARD]}           a Move (null for unused fields)
    {"game": HANDLE}                               a Game: it stays here, a number crosses
    {"tuple": [VALUE, ...]}                        a tuple (``legalMoves``)
    {"object": TYPE_NAME}                          anything else, as an opaque stand-in

Cards and moves cross as values (they are frozen values in the ADT, and a suite builds its
own); a game never leaves this process.  Only the listed functions can be called, with
decoded values only: a suite cannot reach a module, a file or an attribute of the ADT.

Every function of ``game`` is loaded with a mark on the first line of its body (``Calls``),
so the grader can ask ``called()`` which functions the suite's calls reached (D22).  The
suite's own process cannot forge that list: it never holds the ADT.

Standard library only; the grader imports this file too (``Calls``, for its tests).
"""

from __future__ import annotations

import ast
import importlib.machinery
import importlib.util
import json
import os
import sys
from typing import Any

MAX_CALLED = 2000
MAX_MESSAGE = 300  # characters of an exception's message sent back
MAX_DEPTH = 64
ENUM_NAMES = ("Color", "Suit", "Value", "Direction", "Action")
FUNCTIONS = frozenset(
    {
        "newGame",
        "destroyGame",
        "numCards",
        "numOfSuit",
        "numOfColor",
        "numOfValue",
        "currentPlayer",
        "currentTurn",
        "numTurns",
        "turnMoves",
        "pastMove",
        "playerCardCount",
        "handCardCount",
        "handCard",
        "playerPoints",
        "playDirection",
        "topDiscard",
        "gameWinner",
        "isValidMove",
        "playMove",
        "legalMoves",
        "newCard",
        "destroyCard",
        "cardValue",
        "cardColor",
        "cardSuit",
    }
)


class Calls:
    """Which functions of ``game`` ran, as (file, first line) of each function's code.

    ``game`` is imported through a loader of ours that adds one statement at the top of
    every function body, on that body's first line (no line number moves): it adds the
    function's number to a set. A trace function would do the same, but under Python 3.11
    it slows every line. Every run loads ``game`` this way, the reference's and each
    mutant's alike; the grader reads the reference run's list only (see ``suite.py``).
    """

    NAME = "__unograde_called__"

    def __init__(self, game: str) -> None:
        self.game = game
        self.seen: set[int] = set()
        self.functions: list[tuple[str, int]] = []

    def start(self) -> None:
        sys.meta_path.insert(0, _GameFinder(self))

    def instrument(self, tree: Any, path: str) -> Any:
        """``tree`` with ``__unograde_called__.add(N)`` first in each function body."""
        name = os.path.basename(path)
        for node in ast.walk(tree):
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            self.functions.append((name, first))
            body = node.body
            at = 1 if _is_docstring(body[0]) and len(body) > 1 else 0
            mark = ast.parse(f"{self.NAME}.add({len(self.functions) - 1})").body[0]
            for part in ast.walk(mark):
                if hasattr(part, "lineno"):
                    part.lineno = part.end_lineno = body[at].lineno
                    part.col_offset = part.end_col_offset = body[at].col_offset
            body.insert(at, mark)
        return tree

    def called(self) -> list[list[Any]]:
        found = {self.functions[n] for n in list(self.seen) if 0 <= n < len(self.functions)}
        return [list(x) for x in sorted(found)[:MAX_CALLED]]


def _is_docstring(node: Any) -> bool:
    return (
        isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    )


class _GameFinder:
    """Finds ``game`` and its modules in the ADT's folder, loaded by :func:`_loader`."""

    def __init__(self, calls: Calls) -> None:
        self.calls = calls

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> Any:
        if fullname != "game" and not fullname.startswith("game."):
            return None
        parts = fullname.split(".")[1:]
        folder = os.path.join(self.calls.game, *parts)
        if os.path.isfile(os.path.join(folder, "__init__.py")):
            where = os.path.join(folder, "__init__.py")
            return importlib.util.spec_from_file_location(
                fullname, where, loader=_loader(self.calls, fullname, where),
                submodule_search_locations=[folder],
            )  # fmt: skip
        where = folder + ".py"
        if os.path.isfile(where):
            return importlib.util.spec_from_file_location(
                fullname, where, loader=_loader(self.calls, fullname, where)
            )
        return None


def _loader(calls: Calls, fullname: str, path: str) -> Any:
    class _GameLoader(importlib.machinery.SourceFileLoader):
        """Compiles from the source every time (no cached bytecode), instrumented."""

        def get_code(self, name: str) -> Any:
            source = self.get_data(self.path)
            tree = calls.instrument(ast.parse(source, self.path), self.path)
            return compile(tree, self.path, "exec", dont_inherit=True)

        def exec_module(self, module: Any) -> None:
            setattr(module, Calls.NAME, calls.seen)
            super().exec_module(module)

    return _GameLoader(fullname, path)


class Opaque:
    """What an argument the protocol cannot carry becomes here: an object with no fields (the
    ADT treats it as it treats any object it does not know)."""

    __slots__ = ("type_name",)

    def __init__(self, type_name: str) -> None:
        self.type_name = type_name

    def __repr__(self) -> str:
        return f"<{self.type_name}>"


class Server:
    """The ADT module ``game`` and the games the proxy holds handles to."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.enums = {name: getattr(game, name) for name in ENUM_NAMES}
        self.enum_types = {cls: name for name, cls in self.enums.items()}
        self.objects: dict[int, Any] = {}  # handle -> game
        self.handles: dict[int, int] = {}  # id(game) -> handle
        self.next_handle = 1

    # ------------------------------------------------------------- values

    def handle(self, obj: Any) -> int:
        found = self.handles.get(id(obj))
        if found is None:
            found = self.next_handle
            self.next_handle += 1
            self.objects[found] = obj
            self.handles[id(obj)] = found
        return found

    def free(self, handles: Any) -> None:
        if not isinstance(handles, list):
            return
        for h in handles:
            obj = self.objects.pop(h, None) if type(h) is int else None
            if obj is not None:
                self.handles.pop(id(obj), None)

    def encode(self, value: Any, depth: int = 0) -> Any:
        if depth > MAX_DEPTH:
            raise ValueError("an answer too deeply nested to send")
        kind = type(value)
        g = self.game
        if value is None or kind is bool or kind is int or kind is str:
            return value
        if kind in self.enum_types:
            return {"enum": self.enum_types[kind], "value": int(value)}
        if kind is float:
            return value if value == value and abs(value) != float("inf") else repr(value)
        if kind is g.Card:
            return {"card": [self.encode(getattr(value, f), depth + 1) for f in _CARD]}
        if kind is g.Move:
            return {"move": [self.encode(getattr(value, f), depth + 1) for f in _MOVE]}
        if kind is g.Game:
            return {"game": self.handle(value)}
        if kind is tuple:
            return {"tuple": [self.encode(v, depth + 1) for v in value]}
        if kind is list:
            return [self.encode(v, depth + 1) for v in value]
        if isinstance(value, int):
            return int(value)
        return {"object": kind.__name__[:60]}

    def decode(self, value: Any, depth: int = 0) -> Any:
        if depth > MAX_DEPTH:
            raise ValueError("an argument too deeply nested")
        kind = type(value)
        if kind is list:
            return [self.decode(v, depth + 1) for v in value]
        if kind is not dict:
            return value
        if len(value) == 2 and "enum" in value and "value" in value:
            cls = self.enums.get(value["enum"]) if type(value["enum"]) is str else None
            if cls is None or type(value["value"]) is not int:
                raise ValueError("not an enum of the ADT")
            return cls(value["value"])
        if len(value) != 1:
            raise ValueError("not a value of the protocol")
        ((tag, body),) = value.items()
        if tag == "game":
            if type(body) is not int or body not in self.objects:
                raise ValueError("not a game of this run (was it made by newGame here?)")
            return self.objects[body]
        if tag == "card" and type(body) is list and len(body) == 3:
            return self.game.Card(*(self.decode(v, depth + 1) for v in body))
        if tag == "move" and type(body) is list and len(body) == 3:
            return self.game.Move(*(self.decode(v, depth + 1) for v in body))
        if tag == "tuple" and type(body) is list:
            return tuple(self.decode(v, depth + 1) for v in body)
        if tag == "object" and type(body) is str:
            return Opaque(body[:60])
        raise ValueError("not a value of the protocol")

    # ------------------------------------------------------------- calls

    def answer(self, line: str) -> dict[str, Any]:
        try:
            request = json.loads(line)
            if type(request) is not dict:
                raise ValueError("a request is a JSON object")
            self.free(request.get("free"))
            name, raw = request.get("call"), request.get("args", [])
            if type(raw) is not list:
                raise ValueError("args is a list")
            args = self.decode(raw)
            if name == "hello":
                value: Any = "ready"
            elif name == "equal" and len(args) == 2:
                value = args[0] == args[1]
            elif name == "hash" and len(args) == 1:
                value = hash(args[0])
            elif type(name) is str and name in FUNCTIONS:
                value = getattr(self.game, name)(*args)
            else:
                raise ValueError(f"no such call {str(name)[:60]!r}")
            return {"value": self.encode(value)}
        except Exception as exc:  # noqa: BLE001 - the ADT's own errors and bad requests alike
            return {"raise": type(exc).__name__[:60], "message": str(exc)[:MAX_MESSAGE]}


_CARD = ("value", "color", "suit")
_MOVE = ("action", "nextColor", "card")
CALLS = Calls(os.path.join(os.path.dirname(os.path.abspath(__file__)), "game"))
SERVER: Server | None = None


def start() -> Server:
    """Import ``game`` (instrumented) from the folder beside this file, once."""
    global SERVER
    if SERVER is None:
        CALLS.start()
        import game

        SERVER = Server(game)
    return SERVER


def serve(line: str) -> str:
    """One request line in, one answer line out (without its newline)."""
    return json.dumps(start().answer(line), separators=(",", ":"))


def called() -> list[list[Any]]:
    """The ADT's functions the suite's calls reached so far: [[file, first line], ...]."""
    return CALLS.called()


if __name__ != "__main__" and os.path.isdir(CALLS.game):
    start()  # imported as the harness's module: the ADT is loaded before the first request
