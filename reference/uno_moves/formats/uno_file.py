"""Reading ``.uno`` files: exactly what Haskell's ``readIO`` accepts.

The course reads a ``.uno`` file with ``readIO`` at the type
``([[(Char,Char)]],[(Char,Char)],[(Char,Char)])``: any whitespace (GHC's
``isSpace``) between tokens, any number of redundant parentheses around any
value, character literals with every escape GHC knows.  Anything else is
rejected with ``file:line:column: expected ..., found ...`` so that a student or
an instructor can go straight to the mistake.

Parsing happens in two steps: an untyped tree of parentheses, brackets, commas
and characters, then a check of that tree against the expected type.  In
Haskell's ``Read`` every value may be wrapped in parentheses, so a one-element
parenthesis is transparent; that makes the two steps accept the same texts as
``readIO`` does.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from .haskell import EscapeError, is_space, read_escape

Card = tuple[str, str]
Cards = tuple[Card, ...]


@dataclass(frozen=True)
class Game:
    """The contents of a ``.uno`` file."""

    hands: tuple[Cards, ...]
    deck: Cards
    discard: Cards


class UnoFormatError(ValueError):
    """A ``.uno`` text that ``readIO`` would reject; ``str()`` is the one-line message."""

    def __init__(self, source: str, line: int, column: int, expected: str, found: str) -> None:
        self.source, self.line, self.column = source, line, column
        self.expected, self.found = expected, found
        super().__init__(f"{source}:{line}:{column}: expected {expected}, found {found}")


@dataclass
class _Node:
    kind: str  # "tuple", "list" or "char"
    offset: int
    items: list[_Node]
    char: str = ""


def _describe(text: str, i: int) -> str:
    if i >= len(text):
        return "end of input"
    c = text[i]
    if c == "\n":
        return "a line break"
    return repr(c) if c != "'" else '"\'"'


MAX_NESTING = 100  # a game is three levels deep; redundant parentheses may add a few


class _Parser:
    def __init__(self, text: str, source: str) -> None:
        self.text, self.source, self.i = text, source, 0
        self.depth = 0

    def error(self, offset: int, expected: str, found: str | None = None) -> UnoFormatError:
        line = self.text.count("\n", 0, offset) + 1
        column = offset - (self.text.rfind("\n", 0, offset) + 1) + 1
        return UnoFormatError(
            self.source, line, column, expected, found or _describe(self.text, offset)
        )

    def skip(self) -> None:
        while self.i < len(self.text) and is_space(self.text[self.i]):
            self.i += 1

    def peek(self) -> str:
        self.skip()
        return self.text[self.i] if self.i < len(self.text) else ""

    def value(self, expected: str) -> _Node:
        c = self.peek()
        start = self.i
        if c in "([" and c:
            self.depth += 1
            if self.depth > MAX_NESTING:
                raise self.error(start, f"at most {MAX_NESTING} nested brackets", repr(c))
            try:
                return self.bracketed(c, start)
            finally:
                self.depth -= 1
        if c == "'":
            return self.char_literal()
        raise self.error(start, expected)

    def bracketed(self, c: str, start: int) -> _Node:
        if c == "(":
            self.i += 1
            items = self.sequence(")", "a value")
            if len(items) == 1:
                return items[0]  # redundant parentheses
            return _Node("tuple", start, items)
        self.i += 1
        if self.peek() == "]":
            self.i += 1
            return _Node("list", start, [])
        return _Node("list", start, self.sequence("]", "a value"))

    def sequence(self, close: str, expected: str) -> list[_Node]:
        items = [self.value(expected)]
        while True:
            c = self.peek()
            if c == ",":
                self.i += 1
                items.append(self.value(expected))
            elif c == close:
                self.i += 1
                return items
            else:
                raise self.error(self.i, f"',' or '{close}'")

    def char_literal(self) -> _Node:
        start = self.i
        self.i += 1
        if self.i >= len(self.text):
            raise self.error(self.i, "a character")
        c = self.text[self.i]
        if c == "'":
            raise self.error(self.i, "a character between the quotes")
        if c == "\\":
            try:
                ch, self.i = read_escape(self.text, self.i + 1)
            except EscapeError as exc:
                raise self.error(exc.offset, "a valid escape", str(exc)) from None
        else:
            ch, self.i = c, self.i + 1
        if self.i >= len(self.text) or self.text[self.i] != "'":
            raise self.error(self.i, '"\'" closing the character literal')
        self.i += 1
        return _Node("char", start, [], ch)

    def parse(self) -> _Node:
        node = self.value("'(' opening the game tuple (hands, deck, discard)")
        if self.peek():
            raise self.error(self.i, "end of input")
        return node


_KIND = {"tuple": "a tuple", "list": "a list", "char": "a character literal"}


def _expect(p: _Parser, node: _Node, kind: str, what: str, size: int | None = None) -> None:
    if node.kind != kind or (size is not None and len(node.items) != size):
        found = _KIND[node.kind]
        if node.kind == "tuple":
            found = f"a tuple of {len(node.items)}"
        raise p.error(node.offset, what, found)


# The notation's cards: a colour with a number, Skip, Reverse, Draw 2 or the marker symbol;
# a Wild or Wild Draw 4; the game-won marker.  Anything else is a damaged file.
_COLOURED = set("0123456789srd-")
_OTHER = {("w", "-"), ("w", "d"), ("-", "-")}


def _card(p: _Parser, node: _Node, cards_only: bool = True) -> Card:
    _expect(p, node, "tuple", "a card ('c','s')", 2)
    for item in node.items:
        _expect(p, item, "char", "a character literal such as 'r'")
    card = (node.items[0].char, node.items[1].char)
    if cards_only and not ((card[0] in "rgby" and card[1] in _COLOURED) or card in _OTHER):
        raise p.error(node.offset, "a card of the notation", f"({card[0]!r},{card[1]!r})")
    return card


def _cards(p: _Parser, node: _Node, what: str, cards_only: bool = True) -> Cards:
    _expect(p, node, "list", f"a list of cards ({what})")
    return tuple(_card(p, item, cards_only) for item in node.items)


# The plain form every generated file has: cards of two simple characters, whitespace only
# between tokens, no redundant parentheses. Read by regular expressions, about ten times
# faster than the parser; anything else (or a card that is not one) goes to the parser, which
# gives the same game or names the place of the error.
_SPACE = re.compile(r"[ \t\n\r\f\v]+")
_TIGHT_CHAR = re.compile(r"'[^'\\\s]'")
_PLAIN_CARD = r"\('[^'\\]','[^'\\]'\)"
_PLAIN_PILE = rf"\[(?:{_PLAIN_CARD}(?:,{_PLAIN_CARD})*)?\]"
_PLAIN_GAME = re.compile(
    rf"\(\[((?:{_PLAIN_PILE}(?:,{_PLAIN_PILE})*)?)\],({_PLAIN_PILE}),({_PLAIN_PILE})\)"
)
_PILE = re.compile(_PLAIN_PILE)
_CARD_CHARS = re.compile(r"'([^'\\])','([^'\\])'")


def _plain_game(text: str, cards_only: bool) -> Game | None:
    """The game of a file in the plain form, or ``None`` (then the parser reads it)."""
    if text.count("'") != 2 * len(_TIGHT_CHAR.findall(text)):
        return None  # a quote outside a tight 'c' (whitespace in a literal, an escape, ...)
    match = _PLAIN_GAME.fullmatch(_SPACE.sub("", text))
    if match is None:
        return None
    hands_text, deck_text, discard_text = match.groups()
    hands = tuple(tuple(_CARD_CHARS.findall(pile.group())) for pile in _PILE.finditer(hands_text))
    deck = tuple(_CARD_CHARS.findall(deck_text))
    discard = tuple(_CARD_CHARS.findall(discard_text))
    if cards_only:
        for pile in (*hands, deck, discard):
            for card in pile:
                if not ((card[0] in "rgby" and card[1] in _COLOURED) or card in _OTHER):
                    return None
    return Game(hands, deck, discard)


def parse_uno(text: str, source: str = "<input>", cards_only: bool = True) -> Game:
    """Parse the text of a ``.uno`` file; raise ``UnoFormatError`` naming the place.

    ``cards_only=False`` accepts any pair of characters (for testing the notation's
    character escapes, which are wider than the cards of the game)."""
    plain = _plain_game(text, cards_only)
    if plain is not None:
        return plain
    p = _Parser(text, source)
    root = p.parse()
    _expect(p, root, "tuple", "the game tuple (hands, deck, discard)", 3)
    hands_node, deck_node, discard_node = root.items
    _expect(p, hands_node, "list", "a list of hands")
    hands = tuple(_cards(p, h, "a hand", cards_only) for h in hands_node.items)
    deck = _cards(p, deck_node, "the deck", cards_only)
    return Game(hands, deck, _cards(p, discard_node, "the discard", cards_only))


MAX_UNO_BYTES = 1 << 20  # a game is a few hundred bytes; a larger file is not a game


def read_uno(path: str | Path) -> Game:
    """Read a ``.uno`` file; unreadable, binary or oversized files raise ``UnoFormatError``
    too, so that every caller reports one line naming the file and never a traceback."""
    path = Path(path)
    name = str(path)
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_UNO_BYTES + 1)
    except FileNotFoundError:
        raise UnoFormatError(name, 1, 1, "a readable .uno file", "no such file") from None
    except OSError as exc:
        found = exc.strerror or "an error"
        raise UnoFormatError(name, 1, 1, "a readable .uno file", found) from None
    if len(data) > MAX_UNO_BYTES:
        found = f"more than {MAX_UNO_BYTES} bytes"
        raise UnoFormatError(name, 1, 1, "a game of a few hundred bytes", found)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = data[: exc.start].decode("utf-8", "replace")
        line = before.count("\n") + 1
        column = len(before) - (before.rfind("\n") + 1) + 1
        found = f"the byte 0x{data[exc.start]:02x}"
        raise UnoFormatError(name, line, column, "UTF-8 text", found) from None
    return parse_uno(text, name)


def _show_char(c: str) -> str:
    if c == "'":
        return "'\\''"
    if c == "\\":
        return "'\\\\'"
    if c.isprintable() and c.isascii():
        return f"'{c}'"
    return f"'\\{ord(c)}'"


def show_cards(cards: Cards) -> str:
    return "[" + ",".join(f"({_show_char(a)},{_show_char(b)})" for a, b in cards) + "]"


def format_uno(game: Game) -> str:
    """Write a ``.uno`` text the course's ``readIO`` reads back to the same game."""
    hands = ",\n".join(show_cards(h) for h in game.hands)
    return f"(\n[\n{hands}\n]\n,\n{show_cards(game.deck)}\n,\n{show_cards(game.discard)}\n)\n"
