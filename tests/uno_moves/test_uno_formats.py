"""The .uno reader (what readIO accepts), the solution writer and its parser."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from reference.uno_moves.formats.haskell import read_string, show_string
from reference.uno_moves.formats.solution import (
    SolutionFormatError,
    format_solution,
    parse_solution,
)
from reference.uno_moves.formats.uno_file import (
    MAX_UNO_BYTES,
    Game,
    UnoFormatError,
    format_uno,
    parse_uno,
    read_uno,
)


@pytest.mark.parametrize(
    "text",
    [
        "([[('r','5')]],[],[('b','-')])",
        " (\n [ [ ( 'r' , '5' ) ] ]\t,\r\n[] , [('b','-')] ) \n",
        "(( ([[(('r'),('5'))]]) , ([]) , [((('b','-')))] ))",
        "([[('r','\\53')]],[],[('b','\\x2d')])",
        "([[('r','\\o65')]],[],[('b','-')])\u00a0",
    ],
)
def test_reader_accepts_readio_forms(text):
    assert parse_uno(text) == Game(((("r", "5"),),), (), (("b", "-"),))


@pytest.mark.parametrize(
    ("text", "line", "column", "fragment"),
    [
        ("([],[],[)", 1, 9, "expected a value, found ')'"),
        ("(\n[],\n[],\n[('a','b'),]\n)", 4, 12, "expected a value, found ']'"),
        ("([],[],[('a','b','c')])", 1, 9, "a card ('c','s'), found a tuple of 3"),
        ("([],[],[('a','')])", 1, 15, "a character between the quotes"),
        ("([],[],[])x", 1, 11, "expected end of input, found 'x'"),
        ("([],[])", 1, 1, "the game tuple (hands, deck, discard), found a tuple of 2"),
        ("([],[],[('ab','c')])", 1, 12, "closing the character literal"),
        ("([],[],[('\\q','c')])", 1, 12, "a valid escape"),
        ("([[1]],[],[])", 1, 4, "expected a value, found '1'"),
        ("", 1, 1, "found end of input"),
        ("([],[],[]) -- note", 1, 12, "expected end of input"),
        ("([],[],[('a','b')]", 1, 19, "expected ',' or ')', found end of input"),
        ("([('a','b')],[],[])", 1, 3, "a list of cards (a hand), found a tuple"),
    ],
)
def test_reader_rejects_with_line_and_column(text, line, column, fragment):
    with pytest.raises(UnoFormatError) as info:
        parse_uno(text, "game.uno")
    err = info.value
    assert (err.line, err.column) == (line, column), str(err)
    assert fragment in str(err)
    assert str(err).startswith(f"game.uno:{line}:{column}: expected ")


def test_reader_does_not_treat_unit_separator_as_space():
    # GHC's isSpace is not Python's: \x1f is whitespace to Python, not to Haskell.
    with pytest.raises(UnoFormatError):
        parse_uno("\x1f([],[],[])")


def test_show_string_matches_ghc():
    # Hand-checked against GHC's showLitString rules.
    assert show_string("[r5]") == '"[r5]"'
    assert show_string('a"b\\c') == '"a\\"b\\\\c"'
    assert show_string("\n\t") == '"\\n\\t"'
    assert show_string("\x0eH") == '"\\SO\\&H"'
    assert show_string("\u00e91") == '"\\233\\&1"'
    assert show_string("\x01\x7f") == '"\\SOH\\DEL"'


@given(st.text(max_size=30))
def test_show_then_read_round_trips(s):
    assert read_string(show_string(s)) == s


card = st.tuples(st.characters(max_codepoint=300), st.characters(max_codepoint=300))
cards = st.lists(card, max_size=6).map(tuple)


@given(st.lists(cards, max_size=4).map(tuple), cards, cards)
def test_uno_round_trip(hands, deck, discard):
    game = Game(hands, deck, discard)
    assert parse_uno(format_uno(game), cards_only=False) == game


@given(st.lists(cards, max_size=4).map(tuple), cards, cards)
def test_solution_round_trip(hands, deck, discard):
    text = format_solution(hands, deck, discard)
    parsed = parse_solution(text)
    assert (parsed.hands, parsed.deck, parsed.discard) == (hands, deck, discard)


def test_solution_text_layout_is_the_course_main():
    text = format_solution(((("y", "2"), ("g", "d")), ()), (("r", "r"),), (("b", "6"),))
    assert text == '"Result"\n"Hands"\n"[y2][gd]"\n""\n""\n"Discard"\n"[b6]"\n"Deck"\n"[rr]"\n'


def test_solution_parser_forgives_trailing_space_and_reports_lines():
    ok = '"Result" \n"Hands"\n"[y2]"\n""\n"Discard"\n"[b6]"\n"Deck"\n""\n\n'
    assert parse_solution(ok).hands == ((("y", "2"),),)
    with pytest.raises(SolutionFormatError, match=r"out:3: card 1"):
        parse_solution('"Result"\n"Hands"\n"(y2)"\n""\n"Discard"\n""\n"Deck"\n""\n', "out")
    with pytest.raises(SolutionFormatError, match=r"out:1: expected \"Result\""):
        parse_solution('"Hands"\n', "out")
    with pytest.raises(SolutionFormatError, match="double-quoted"):
        parse_solution("Result\n", "out")


@pytest.mark.parametrize(
    ("text", "line", "column", "fragment"),
    [
        ("(" * 10_000 + ")" * 10_000, 1, 101, "expected at most 100 nested brackets, found '('"),
        # the "(" on line 1 is the first level: the 100th "[" is the 101st
        ("([],[],\n" + "[" * 10_000, 2, 100, "expected at most 100 nested brackets, found '['"),
        # 5000 digits: more than int() converts; refused by length, never converted
        ("([],[],[('\\" + "9" * 5000 + "','b')])", 1, 12, "character code 999999999999..."),
        ("([],[],[('\\x110000','b')])", 1, 12, "character code 110000 is out of range"),
        # leading zeros are fine (GHC reads them): a card "A" is then refused at its "("
        ("([],[],[('\\00000000065','b')])", 1, 9, "a card of the notation, found ('A','b')"),
    ],
    ids=["parens", "brackets", "5000-digits", "hex-range", "leading-zeros"],
)
def test_hostile_texts_are_format_errors_not_crashes(text, line, column, fragment):
    with pytest.raises(UnoFormatError) as info:
        parse_uno(text, "game.uno")
    assert (info.value.line, info.value.column) == (line, column), str(info.value)
    assert fragment in str(info.value)


def test_read_uno_names_the_place_of_a_bad_byte_and_refuses_huge_files(tmp_path):
    path = tmp_path / "g.uno"
    # line 2: "[('é','" is 7 characters (é is one, two bytes), so the bad byte is column 8
    path.write_bytes(b"([[('r','5')]],\n[('\xc3\xa9','\xff")
    with pytest.raises(
        UnoFormatError, match=r"g\.uno:2:8: expected UTF-8 text, found the byte 0xff"
    ):
        read_uno(path)
    with open(path, "wb") as handle:
        handle.truncate(MAX_UNO_BYTES + 1)
    with pytest.raises(UnoFormatError, match=r"g\.uno:1:1: expected a game of a few hundred"):
        read_uno(path)
    with pytest.raises(UnoFormatError, match=r":1:1: expected a readable \.uno file"):
        read_uno(tmp_path)  # a folder


def _parser_only(text: str, cards_only: bool = True):
    """What the character-by-character parser alone makes of ``text`` (a game or the error)."""
    from reference.uno_moves.formats import uno_file

    plain, uno_file._plain_game = uno_file._plain_game, lambda _text, _cards: None
    try:
        return uno_file.parse_uno(text, cards_only=cards_only)
    except UnoFormatError as exc:
        return ("error", str(exc))
    finally:
        uno_file._plain_game = plain


def _both(text: str, cards_only: bool = True):
    try:
        fast = parse_uno(text, cards_only=cards_only)
    except UnoFormatError as exc:
        fast = ("error", str(exc))
    return fast, _parser_only(text, cards_only)


def test_plain_files_read_fast_as_the_parser_reads_them():
    """Every fixture (the plain form) is read by the fast path, to the parser's game."""
    from pathlib import Path

    from reference.uno_moves.formats.uno_file import _plain_game

    files = sorted((Path(__file__).parents[2] / "fixtures" / "uno-moves").rglob("*.uno"))
    assert len(files) > 100
    for path in files:
        text = path.read_text(encoding="utf-8")
        fast = _plain_game(text, True)
        assert fast is not None, path
        assert fast == _parser_only(text), path


_PLAIN_PIECES = ["(", ")", "[", "]", ",", "'", "r", "5", "-", "w", "d", " ", "\n", "\\", "x",
                 "\u00a0", "\x1f", "''", "('b','-')", "('r','5')"]  # fmt: skip


@given(
    st.lists(cards, max_size=3).map(tuple),
    cards,
    cards,
    st.lists(
        st.tuples(st.integers(0, 400), st.sampled_from(_PLAIN_PIECES), st.booleans()), max_size=3
    ),  # fmt: skip
    st.booleans(),
)
def test_fast_path_never_disagrees_with_the_parser(hands, deck, discard, edits, cards_only):
    """A game's text, edited here and there (a character inserted or deleted): the fast path
    gives the parser's game, or leaves the text to the parser (its error, its place)."""
    text = format_uno(Game(hands, deck, discard))
    for at, piece, insert in edits:
        at = at % (len(text) + 1)
        text = text[:at] + piece + text[at:] if insert else text[:at] + text[at + 1 :]
    fast, slow = _both(text, cards_only)
    assert fast == slow
