"""Reading and writing the course's notation, the text form of uno-lab fixtures and feedback.

Values read the way the lab prints them: ``CRD (NUM 5, RED)``, ``GIVE RED``, ``[WILD, PASS]``,
``("Sergey", 25)``, ``SOME (...)``/``NONE``, ``true``; players and desks are SML-style records
(``{name = "Sergey", cards = [...], strategy = False.ownStrategy, manual = false}``).  A call is
written as in the lab: ``cardSort [WILD]``, ``isLT (WILD, CRD (NUM 3, BLUE))``,
``precedes (op =) [1, 2, 3] 2 3``.  Printing is :func:`unolab.show`.

Bad text raises :class:`NotationError` (a ValueError) naming line, column and token.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import unolab
from unolab import (
    CLOCKWISE,
    COUNTERCLOCKWISE,
    CRD,
    DRAW_TWO,
    EXECUTE,
    GIVE,
    NUM,
    ORDER,
    PASS,
    PROCEED,
    REVERSE,
    SIMPLE,
    SKIP,
    WILD,
    WILD_DRAW_FOUR,
    Desk,
    Empty,
    IllegalGame,
    IllegalMove,
    Player,
    isSameCard,
    isSameColor,
    isSameRank,
)


class NotationError(ValueError):
    """Text that is not in the course's notation; the message names line, column and token."""


@dataclass(frozen=True)
class Token:
    kind: str  # NAME, INT, STRING, PUNCT, END
    text: str
    line: int
    column: int


_TOKEN = re.compile(
    r"""(?P<space>\s+)
      | (?P<INT>[~-]?\d+)
      | (?P<STRING>"(?:[^"\\]|\\.)*")
      | (?P<NAME>[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)
      | (?P<PUNCT>[()\[\]{},=])""",
    re.VERBOSE,
)


def tokenize(text: str) -> list[Token]:
    """Split ``text`` into tokens, or raise NotationError at the first character that is none."""
    tokens: list[Token] = []
    pos, line, line_start = 0, 1, 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None:
            raise NotationError(
                f"line {line}, column {pos - line_start + 1}: unexpected character {text[pos]!r}"
            )
        kind = m.lastgroup or "space"
        if kind != "space":
            tokens.append(Token(kind, m.group(), line, pos - line_start + 1))
        for i in range(pos, m.end()):
            if text[i] == "\n":
                line, line_start = line + 1, i + 1
        pos = m.end()
    tokens.append(Token("END", "", line, pos - line_start + 1))
    return tokens


def _op_equal(a: Any, b: Any) -> bool:
    return a == b


def _strategies() -> dict[str, Callable[..., Any]]:
    """Strategies a fixture may name.  Naive and Manual are the reference's, so that a case for
    play or yourTurn grades that task alone, not the student's Naive."""
    from .strategies import Manual, Naive

    return {
        "False.ownStrategy": unolab.FalseStrategy.ownStrategy,
        "Naive.ownStrategy": Naive.ownStrategy,
        "Manual.ownStrategy": Manual.ownStrategy,
    }


_CONSTANTS: dict[str, Any] = {
    "RED": unolab.RED,
    "GREEN": unolab.GREEN,
    "BLUE": unolab.BLUE,
    "YELLOW": unolab.YELLOW,
    "SKIP": SKIP,
    "DRAW_TWO": DRAW_TWO,
    "REVERSE": REVERSE,
    "WILD": WILD,
    "WILD_DRAW_FOUR": WILD_DRAW_FOUR,
    "PROCEED": PROCEED,
    "EXECUTE": EXECUTE,
    "CLOCKWISE": CLOCKWISE,
    "COUNTERCLOCKWISE": COUNTERCLOCKWISE,
    "PASS": PASS,
    "true": True,
    "false": False,
    "NONE": None,
    "IllegalGame": IllegalGame,
    "List.Empty": Empty,
    "isSameColor": isSameColor,
    "isSameRank": isSameRank,
    "isSameCard": isSameCard,
}

_CONSTRUCTORS = {"NUM", "CRD", "GIVE", "SIMPLE", "ORDER", "SOME", "IllegalMove"}


class _Parser:
    def __init__(self, text: str) -> None:
        self.tokens = tokenize(text)
        self.i = 0

    @property
    def tok(self) -> Token:
        return self.tokens[self.i]

    def fail(self, what: str, tok: Token | None = None) -> NotationError:
        t = tok or self.tok
        shown = repr(t.text) if t.kind != "END" else "the end of the text"
        return NotationError(f"line {t.line}, column {t.column}: expected {what}, found {shown}")

    def take(self, text: str) -> Token:
        if self.tok.text != text or self.tok.kind not in ("PUNCT", "NAME"):
            raise self.fail(repr(text))
        tok = self.tok
        self.i += 1
        return tok

    def at(self, text: str) -> bool:
        return self.tok.kind in ("PUNCT", "NAME") and self.tok.text == text

    def end(self) -> None:
        if self.tok.kind != "END":
            raise self.fail("the end of the text")

    # value := CONSTRUCTOR atom | atom
    def value(self) -> Any:
        tok = self.tok
        if tok.kind == "NAME" and tok.text in _CONSTRUCTORS:
            self.i += 1
            arg_tok = self.tok
            return self.construct(tok, self.atom(), arg_tok)
        return self.atom()

    def construct(self, tok: Token, arg: Any, arg_tok: Token) -> Any:
        try:
            match tok.text:
                case "NUM":
                    return NUM(arg)
                case "CRD":
                    return CRD(*self.pair(arg, arg_tok))
                case "GIVE":
                    return GIVE(arg)
                case "SIMPLE":
                    return SIMPLE(arg)
                case "ORDER":
                    return ORDER(*self.pair(arg, arg_tok))
                case "SOME":
                    return arg
                case _:  # IllegalMove
                    name, args = self.pair(arg, arg_tok)
                    return IllegalMove(name, args)
        except (TypeError, ValueError) as e:
            if isinstance(e, NotationError):
                raise
            raise NotationError(
                f"line {tok.line}, column {tok.column}: bad argument to {tok.text}: {e}"
            ) from None

    def pair(self, arg: Any, tok: Token) -> tuple[Any, Any]:
        if not isinstance(arg, tuple) or len(arg) != 2:
            raise self.fail("a pair (a, b)", tok)
        return arg

    def atom(self) -> Any:
        tok = self.tok
        if tok.kind == "INT":
            self.i += 1
            return int(tok.text.replace("~", "-"))
        if tok.kind == "STRING":
            self.i += 1
            return re.sub(r"\\(.)", r"\1", tok.text[1:-1])
        if tok.kind == "NAME":
            if tok.text in _CONSTANTS:
                self.i += 1
                return _CONSTANTS[tok.text]
            strategies = _strategies()
            if tok.text in strategies:
                self.i += 1
                return strategies[tok.text]
            raise self.fail("a value", tok)
        if self.at("("):
            self.i += 1
            if self.at("op"):
                self.i += 1
                self.take("=")
                self.take(")")
                return _op_equal
            if self.at(")"):
                self.i += 1
                return ()
            items = [self.value()]
            while self.at(","):
                self.i += 1
                items.append(self.value())
            self.take(")")
            return items[0] if len(items) == 1 else tuple(items)
        if self.at("["):
            self.i += 1
            items = []
            if not self.at("]"):
                items.append(self.value())
                while self.at(","):
                    self.i += 1
                    items.append(self.value())
            self.take("]")
            return items
        if self.at("{"):
            return self.record()
        raise self.fail("a value")

    def record(self) -> Player | Desk:
        start = self.take("{")
        fields: dict[str, Any] = {}
        while True:
            name_tok = self.tok
            if name_tok.kind != "NAME":
                raise self.fail("a field name")
            self.i += 1
            self.take("=")
            fields[name_tok.text] = self.value()
            if self.at("}"):
                self.i += 1
                break
            self.take(",")
        try:
            if set(fields) == {"name", "cards", "strategy", "manual"}:
                return Player.make(
                    fields["name"], fields["cards"], fields["strategy"], fields["manual"]
                )
            if set(fields) == {"players", "pile", "deck", "state", "direction", "memo"}:
                return Desk.make(
                    fields["players"],
                    fields["pile"],
                    fields["deck"],
                    fields["state"],
                    fields["direction"],
                    fields["memo"],
                )
        except TypeError as e:
            raise NotationError(f"line {start.line}, column {start.column}: {e}") from None
        raise NotationError(
            f"line {start.line}, column {start.column}: a record must have the fields of a "
            f"player or of a desk, not {sorted(fields)}"
        )


def parse_value(text: str) -> Any:
    """One value in the course's notation (lists become lists, tuples tuples)."""
    p = _Parser(text)
    v = p.value()
    p.end()
    return v


@dataclass(frozen=True)
class Call:
    """A call as the lab writes it: the function's name and its juxtaposed arguments."""

    function: str
    arguments: tuple[Any, ...]


def parse_call(text: str) -> Call:
    """``cardSort [WILD]`` -> Call("cardSort", ([WILD],)); ``deck`` -> Call("deck", ())."""
    p = _Parser(text)
    tok = p.tok
    if tok.kind != "NAME":
        raise p.fail("a function name")
    p.i += 1
    args = []
    while p.tok.kind != "END":
        args.append(p.atom())
    return Call(tok.text, tuple(args))
