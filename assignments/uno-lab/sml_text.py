"""uno-lab's cases as Standard ML: a case's call, written in the lab's notation, as the SML
that calls a student's ``solution.sml`` under SML/NJ, and the driver's answer read back.

The notation of the fixtures is the lab's own, so a call is nearly SML already
(``precedes (op =) [1, 2, 3, 4, 5] 4 5``, ``cardSort [CRD (SKIP, RED), WILD]``); two things
differ: a player or a desk is written as a record (``{name = "Sergey", cards = [...], ...}``)
where the lab's types are abstract (``Player.make``, ``Desk.make``), and a strategy is named
(``False.ownStrategy``) where the driver hands out one closure per name, so that a desk
prints its players' strategies by name.  The request wraps the call in the driver's
``UnogradeLab.run`` with the printer of the task's result type; the driver answers with the
very reply a Python submission's adapter gives (the result or the lab exception in the
notation, what the call printed), which the feedback module judges as it judges any reply.

Stdlib only: the grader and a student's self-check kit (where SML/NJ is installed) both use
it, through the feedback module beside it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from typing import Any

PRINTERS: dict[str, str] = {
    "bool": "bool",
    "int": "int",
    "cards": "cards",
    "ints": "ints",
    "color": "color",
    "direction": "direction",
    "desk": "desk",
    "move": "move",
    "player-move": "playerMove",
    "loss": "loss",
    "option": "option",
    "result": "result",
}
"""The driver's printer (``UnogradeLab.<name>``) of each result shape of the feedback module."""

PLAYER_FIELDS = ("name", "cards", "strategy", "manual")
DESK_FIELDS = ("players", "pile", "deck", "state", "direction", "memo")

STRATEGY_NAMES = frozenset(
    {"False.ownStrategy", "First.ownStrategy", "Naive.ownStrategy", "Manual.ownStrategy"}
)


def sml_string(text: str) -> str:
    """An SML string literal holding ``text`` (its UTF-8 bytes; escapes for the rest)."""
    out = []
    for byte in text.encode("utf-8"):
        char = chr(byte)
        if char == '"':
            out.append('\\"')
        elif char == "\\":
            out.append("\\\\")
        elif 32 <= byte < 127:
            out.append(char)
        else:
            out.append(f"\\{byte:03d}")
    return '"' + "".join(out) + '"'


class _Writer:
    """Tokens of the notation back to SML text, records and strategies rewritten."""

    def __init__(self, tokens: Sequence[Any], head: str) -> None:
        self.tokens = list(tokens)
        self.i = 0
        self.head = head

    def until(self, stops: tuple[str, ...]) -> str:
        """SML for the tokens up to a ``stops`` punctuation at this depth (not taken)."""
        words: list[str] = []
        depth = 0
        while self.i < len(self.tokens):
            tok = self.tokens[self.i]
            if tok.kind == "END":
                break
            if tok.kind == "PUNCT" and depth == 0 and tok.text in stops:
                break
            if tok.kind == "PUNCT" and tok.text == "{":
                words.append(self.record())
                continue
            if tok.kind == "PUNCT" and tok.text in "([":
                depth += 1
            elif tok.kind == "PUNCT" and tok.text in ")]":
                depth -= 1
            words.append(self.word(tok))
            self.i += 1
        return " ".join(words)

    def word(self, tok: Any) -> str:
        if tok.kind == "INT":
            return tok.text.replace("-", "~")
        if tok.kind == "STRING":
            return sml_string(re.sub(r"\\(.)", r"\1", tok.text[1:-1]))
        if (
            tok.kind == "NAME"
            and tok.text in STRATEGY_NAMES
            and not (self.i == 0 and tok.text == self.head)
        ):
            return f"(UnogradeLab.strategy {sml_string(tok.text)})"
        return tok.text

    def record(self) -> str:
        start = self.tokens[self.i]
        self.i += 1  # {
        fields: dict[str, str] = {}
        while self.i < len(self.tokens):
            name = self.tokens[self.i]
            self.i += 2  # the name and '='
            fields[name.text] = self.until((",", "}"))
            closing = self.tokens[self.i]
            self.i += 1
            if closing.text == "}":
                break
        for maker, names in (("Player.make", PLAYER_FIELDS), ("Desk.make", DESK_FIELDS)):
            if set(fields) == set(names):
                return f"({maker} ({', '.join(fields[n] for n in names)}))"
        raise ValueError(f"line {start.line}, column {start.column}: not a player or a desk")


def call_sml(call_text: str, function: str, tokenize: Callable[[str], Sequence[Any]]) -> str:
    """The call ``call_text`` (the lab's notation) as an SML expression; ``function`` is the
    called name (a strategy called as the task, ``Naive.ownStrategy``, stays the student's)."""
    return _Writer(tokenize(call_text), function).until(())


def request(payload: dict, shape: str, tokenize: Callable[[str], Sequence[Any]]) -> str:
    """The driver's request for a case (``payload`` as the adapter gets it, ``shape`` the
    task's result shape): the key and the called name on a line, then the SML."""
    call_text = str(payload["call"])
    function = call_text.split(None, 1)[0] if call_text.strip() else ""
    key = str(payload.get("key", ""))
    if not re.fullmatch(r"[^\s]+", key):
        raise ValueError(f"a case key must be one word, not {key!r}")
    stdin = ", ".join(sml_string(str(line)) for line in payload.get("stdin") or ())
    seed = int(payload.get("seed") or 0)
    expression = call_sml(call_text, function, tokenize)
    return (
        f"{key} {function}\n"
        f"val () = UnogradeLab.run {{key = {sml_string(key)}, function = "
        f"{sml_string(function)}, seed = {str(seed).replace('-', '~')}, stdin = [{stdin}], "
        f"show = UnogradeLab.{PRINTERS[shape]}}} (fn () => {expression});\n"
    )


def read_answer(text: Any) -> dict:
    """The driver's answer (its reply's value) as the reply a Python submission's adapter
    gives; ValueError when it is not one."""
    if not isinstance(text, str):
        raise ValueError("the SML driver's answer is not text")
    try:
        value = json.loads(text)
    except ValueError:
        raise ValueError("the SML driver's answer is not JSON") from None
    if not isinstance(value, dict):
        raise ValueError("the SML driver's answer is not a reply")
    return value
