"""uno-lab's child-side adapter: runs inside the sandbox, next to the student's ``solution.py``.

Stdlib only (plus the provided ``unolab`` definitions).  The grader imports it before any student
code and calls :func:`call` once per case with the case's *inputs* in the course's notation (never
an expected result).  It reads the call (``cardSort [CRD (SKIP, RED), WILD]``) into ``unolab``
values, calls the student's task (curried where the lab curries, a tuple spread into positional
arguments where the port says so), with the case's seed as the random source and its scripted
lines as standard input, and returns plain data: the result or the lab exception it raised, both in
the course's printed notation, and what the call printed.  Judging happens in the grader
(``reference/uno_lab/plugin.py``), which reads that text back with this same module.

The reader lives here, not in the grader, so that one piece of code reads the notation on both
sides: the grader loads this file by path under another name.
"""

from __future__ import annotations

import contextlib
import io
import random
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

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
    RED,
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
    show,
)

MODULE = "solution"
"""The student's module (``module`` in ``assignment.toml``)."""

PRINTED_CAP = 200_000
"""Characters of a call's output kept for grading (a whole game prints a few thousand)."""

SPREAD_TUPLE = frozenset(
    {"isLT", "removeCard", "hasColor", "moveAction", "askPlayerForCard", "play", "Naive"}
)
"""Tasks whose SML tuple argument becomes positional arguments in the port."""


# ---------------------------------------------------------------------------------------------
# The scripted strategy fixtures use, so that a case for play or yourTurn grades that task and
# not the student's Naive.  It is no task's answer.
# ---------------------------------------------------------------------------------------------


class First:
    """``First.ownStrategy``: play the first card of the hand that is playable.

    An ordinary card is ``SIMPLE card``; a wild card orders RED.  It depends on which cards are
    playable, not on the order the caller lists them in; with nothing playable it answers PASS.
    """

    @staticmethod
    def ownStrategy(
        state: Any,
        cards: Sequence[Any],
        playable: Sequence[Any],
        top: Any,
        direction: Any,
        memo: Sequence[Any],
        counts: Sequence[int],
    ) -> Any:
        card = next((c for c in cards if c in playable), playable[0] if playable else None)
        if card is None:
            return PASS
        return SIMPLE(card) if isinstance(card, CRD) else ORDER(card, RED)


# ---------------------------------------------------------------------------------------------
# Reading the course's notation.
# ---------------------------------------------------------------------------------------------


class NotationError(ValueError):
    """Text that is not in the course's notation; the message names line, column and token."""


class Token(NamedTuple):
    kind: str  # NAME, INT, STRING, PUNCT, END
    text: str
    line: int
    column: int


_TOKEN = re.compile(
    r"""\s*(?:(?P<INT>[~-]?\d+)
      | (?P<STRING>"(?:[^"\\]|\\.)*")
      | (?P<NAME>[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)
      | (?P<PUNCT>[()\[\]{},=])
      | (?P<bad>\S))""",
    re.VERBOSE,
)
"""A token after any white space; ``bad``: a character that starts no token. Every character
but trailing white space is in a match, so the matches of ``finditer`` follow one another."""


def tokenize(text: str) -> list[Token]:
    """Split ``text`` into tokens, or raise NotationError at the first character that is none."""
    tokens: list[Token] = []
    append = tokens.append
    size = len(text)
    line, line_start = 1, 0
    newline = text.find("\n")  # the next line break, or the end of the text
    if newline < 0:
        newline = size
    for m in _TOKEN.finditer(text):
        kind = m.lastgroup or "bad"
        start = m.start(kind)
        while start > newline:  # counted by position: a string may hold line breaks too
            line, line_start = line + 1, newline + 1
            newline = text.find("\n", line_start)
            if newline < 0:
                newline = size
        if kind == "bad":
            raise NotationError(
                f"line {line}, column {start - line_start + 1}: "
                f"unexpected character {m.group(kind)!r}"
            )
        append(Token(kind, m.group(kind), line, start - line_start + 1))
    while size > newline:
        line, line_start = line + 1, newline + 1
        newline = text.find("\n", line_start)
        if newline < 0:
            newline = size
    tokens.append(Token("END", "", line, size - line_start + 1))
    return tokens


def op_equal(a: Any, b: Any) -> bool:
    """SML's ``(op =)``, the equality a fixture passes to ``precedes``."""
    return a == b


CONSTANTS: dict[str, Any] = {
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

CONSTRUCTORS = frozenset({"NUM", "CRD", "GIVE", "SIMPLE", "ORDER", "SOME", "IllegalMove"})

STRATEGY_NAMES = (
    "False.ownStrategy",
    "First.ownStrategy",
    "Naive.ownStrategy",
    "Manual.ownStrategy",
)
"""The strategies a fixture may name (see :func:`student_strategies`)."""

Strategies = Callable[[str], Any]


class MissingName(LookupError):
    """A strategy a fixture names is not defined in the submission (``Naive.ownStrategy``)."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


class _Parser:
    def __init__(self, text: str, strategies: Strategies) -> None:
        self.tokens = tokenize(text)
        self.i = 0
        self.strategies = strategies

    @property
    def tok(self) -> Token:
        return self.tokens[self.i]

    def fail(self, what: str, tok: Token | None = None) -> NotationError:
        t = tok or self.tok
        shown = repr(t.text) if t.kind != "END" else "the end of the text"
        return NotationError(f"line {t.line}, column {t.column}: expected {what}, found {shown}")

    def take(self, text: str) -> Token:
        tok = self.tokens[self.i]
        if tok.text != text or (tok.kind != "PUNCT" and tok.kind != "NAME"):
            raise self.fail(repr(text))
        self.i += 1
        return tok

    def at(self, text: str) -> bool:
        tok = self.tokens[self.i]
        return tok.text == text and (tok.kind == "PUNCT" or tok.kind == "NAME")

    def end(self) -> None:
        if self.tok.kind != "END":
            raise self.fail("the end of the text")

    # value := CONSTRUCTOR atom | atom
    def value(self) -> Any:
        tok = self.tokens[self.i]
        if tok.kind == "NAME" and tok.text in CONSTRUCTORS:
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
        tok = self.tokens[self.i]
        if tok.kind == "INT":
            self.i += 1
            return int(tok.text.replace("~", "-"))
        if tok.kind == "STRING":
            self.i += 1
            return re.sub(r"\\(.)", r"\1", tok.text[1:-1])
        if tok.kind == "NAME":
            if tok.text in CONSTANTS:
                self.i += 1
                return CONSTANTS[tok.text]
            if tok.text in STRATEGY_NAMES:
                self.i += 1
                return self.strategies(tok.text)
            raise self.fail("a value", tok)
        if self.at("("):
            self.i += 1
            if self.at("op"):
                self.i += 1
                self.take("=")
                self.take(")")
                return op_equal
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
        raise NotationError(
            f"line {start.line}, column {start.column}: a record must have the fields of a "
            f"player or of a desk, not {sorted(fields)}"
        )


def parse_value(text: str, strategies: Strategies) -> Any:
    """One value in the course's notation (lists become lists, tuples tuples)."""
    p = _Parser(text, strategies)
    v = p.value()
    p.end()
    return v


@dataclass(frozen=True)
class Call:
    """A call as the lab writes it: the function's name and its juxtaposed arguments."""

    function: str
    arguments: tuple[Any, ...]


def parse_call(text: str, strategies: Strategies) -> Call:
    """``cardSort [WILD]`` -> Call("cardSort", ([WILD],)); ``deck`` -> Call("deck", ())."""
    p = _Parser(text, strategies)
    tok = p.tok
    if tok.kind != "NAME":
        raise p.fail("a function name")
    p.i += 1
    args = []
    while p.tok.kind != "END":
        args.append(p.atom())
    return Call(tok.text, tuple(args))


def lookup(module: Any, dotted: str) -> Any:
    """``Naive.ownStrategy`` in ``module``; raises MissingName when any step is not there."""
    target = module
    for part in dotted.split("."):
        try:
            target = getattr(target, part)
        except AttributeError:
            raise MissingName(dotted) from None
    return target


def student_strategies(module: Any) -> Strategies:
    """Strategies as the sandbox resolves them: False (provided) and First (ours) always; Naive
    and Manual are the submission's own (the lab asks for Naive; Manual comes with the template)."""

    def resolve(name: str) -> Any:
        if name == "False.ownStrategy":
            return unolab.FalseStrategy.ownStrategy
        if name == "First.ownStrategy":
            return First.ownStrategy
        return lookup(module, name)

    return resolve


# ---------------------------------------------------------------------------------------------
# Running one case.
# ---------------------------------------------------------------------------------------------


class _Capped(io.TextIOBase):
    """Collects what a call prints, up to ``PRINTED_CAP`` characters, counting the rest."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.size = 0
        self.dropped = 0

    def writable(self) -> bool:
        return True

    def write(self, s: Any) -> int:
        s = str(s)
        room = PRINTED_CAP - self.size
        if room > 0:
            self.parts.append(s[:room])
            self.size += min(len(s), room)
        self.dropped += max(0, len(s) - max(room, 0))
        return len(s)

    def text(self) -> str:
        return "".join(self.parts)


def _shown(value: Any) -> str:
    """The value in the course's notation; a value ``show`` cannot print is described instead."""
    try:
        return show(value)
    except RecursionError:
        raise
    except Exception:  # noqa: BLE001 - a student's object may print badly in any way
        return f"<a {type(value).__name__} that cannot be printed>"


def shown_error(error: BaseException) -> str:
    """A lab exception as the notation writes it: ``IllegalGame``, ``List.Empty``,
    ``IllegalMove ("Sergey", (...))``."""
    if isinstance(error, IllegalMove):
        try:
            return repr(error)
        except Exception:  # noqa: BLE001 - a student may put anything in IllegalMove
            return "IllegalMove"
    if isinstance(error, Empty):
        return "List.Empty"
    return "IllegalGame"


def run(
    module: Any,
    payload: dict,
    strategies: Strategies | None = None,
    mirror: bool = False,
    parsed: Call | None = None,
) -> dict:
    """Run the case ``payload`` (``call`` text, ``seed``, ``stdin`` lines) against ``module``.

    Returns plain data: ``function``, and either ``missing`` (a name the call needs is not
    defined) or ``result`` / ``raised`` (the value, or the lab exception, in the course's
    notation) with ``printed`` (what the call printed, up to PRINTED_CAP characters) and
    ``dropped``.  Any other exception the student's code raises propagates, so the grader reports
    it with its traceback.  ``strategies`` resolves the strategy names of the call (default: the
    submission's, :func:`student_strategies`).  With ``mirror`` what the call printed is also
    written to the standard output it found (the sandbox shows a case's output from there).
    ``parsed``: the call already read (the grader's own search for a smaller case asks the
    reference about many calls it made itself, and reading each back would cost most of it).
    """
    key = str(payload.get("key", ""))
    try:
        call = parsed or parse_call(str(payload["call"]), strategies or student_strategies(module))
        function = lookup(module, call.function)
    except MissingName as missing:
        return {"key": key, "function": payload.get("task", ""), "missing": missing.name}
    task = call.function.split(".")[0]
    spread = task in SPREAD_TUPLE
    out = _Capped()
    lines = "".join(str(line) + "\n" for line in payload.get("stdin") or ())
    fake_in = io.StringIO(lines)
    seed = payload.get("seed")
    saved_stdout, saved_stdin = sys.stdout, sys.stdin
    reply: dict = {"key": key, "function": call.function, "result": None, "raised": None}
    sys.stdin = fake_in
    try:
        with (
            contextlib.redirect_stdout(out),
            unolab.using_io(out.write, fake_in.readline),
            unolab.seeded(seed if seed is not None else 0),
        ):
            random.seed(seed if seed is not None else 0)
            try:
                value = function
                for arg in call.arguments:
                    value = value(*arg) if spread and isinstance(arg, tuple) else value(arg)
                reply["result"] = _shown(value)
            except (IllegalGame, IllegalMove, Empty) as error:
                reply["raised"] = shown_error(error)
    finally:
        sys.stdin = saved_stdin
        printed = out.text()
        if mirror:
            try:  # what it printed also goes where the grader shows a case's output
                saved_stdout.write(printed)
            except Exception:  # noqa: BLE001 - never let the mirror hide the result
                pass
    reply["printed"] = printed
    reply["dropped"] = out.dropped
    return reply


def call(module: Any, function_name: str, args: tuple) -> dict:
    """The grader's entry point: ``args`` is ``(payload,)`` (see :func:`run`)."""
    return run(module, args[0], mirror=True)


def resolve_function(module: Any, name: str) -> Any:
    """What the grader's harness calls for a case: the task itself, or None when the submission
    lacks it.  Task 10 (``deck``) is a value, not a function: a zero-argument stand-in returns it
    (the payload decides what is really called, see :func:`call`)."""
    value = getattr(module, name, None)
    if value is None:
        return None
    if callable(value):
        return value
    return lambda *args: value
