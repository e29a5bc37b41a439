"""uno-moves cross-check: an independent implementation against the reference.

``examples/uno-moves/ada/uno.py`` was written from the assignment page alone (without reading
``reference/uno_moves``).  It must agree with the reference on thousands of generated games
(every scenario, 1 to 9 players, all four parts) and reproduce the seed's four worked examples.
The example class's wrong readings (ben: D2, chloe: D7, dev: D1) must really show on generated
games, or the class would not exercise the grader.
"""

from __future__ import annotations

import copy
import importlib.util
import random
import zipfile
from pathlib import Path

import pytest

import reference.uno_moves as ref
from graders.paths import fixtures_dir
from reference.uno_moves.formats.solution import parse_solution
from reference.uno_moves.formats.uno_file import read_uno
from reference.uno_moves.generate import SCENARIOS, random_game

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "uno-moves"
SEED = fixtures_dir("uno-moves") / "seed"
FUNCTIONS = {
    1: "onePlayerOneMove",
    2: "onePlayerManyMoves",
    3: "manyPlayersOneMove",
    4: "manyPlayersManyMoves",
}
PLAYERS = range(1, 10)
GAMES_PER_SETTING = 50  # x 8 scenarios x 9 player counts x 4 parts = 14,400 comparisons


def load(name: str, relative: str):
    spec = importlib.util.spec_from_file_location(f"uno_moves_example_{name}", EXAMPLES / relative)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


ADA = load("ada", "ada/uno.py")


def norm(value):
    """Lists and tuples alike become tuples, all the way down."""
    if isinstance(value, list | tuple):
        return tuple(norm(v) for v in value)
    return value


def run(module, part: int, game, as_lists: bool = False):
    """Call ``part`` on ``game``; the result as ``(hands, deck, discard)`` of tuples."""
    hands = game.hands[:1] if part < 3 else game.hands
    args = (game.discard, game.deck, hands[0] if part < 3 else hands)
    if as_lists:
        args = copy.deepcopy(norm_lists(args))
    hand_or_hands, deck, discard = getattr(module, FUNCTIONS[part])(*args)
    result = norm((hand_or_hands, deck, discard))
    if part < 3:
        result = ((result[0],), result[1], result[2])
    return result


def norm_lists(value):
    """Containers become lists, cards stay tuples (what a student's own test would pass)."""
    if isinstance(value, list | tuple) and value and isinstance(value[0], str):
        return tuple(value)
    if isinstance(value, list | tuple):
        return [norm_lists(v) for v in value]
    return value


def games(scenario: str, players: int, count: int = GAMES_PER_SETTING):
    for seed in range(count):
        yield seed, random_game(random.Random(seed), scenario, players)


def size(game, part: int) -> int:
    hands = game.hands[:1] if part < 3 else game.hands
    return len(game.discard) + len(game.deck) + sum(len(h) for h in hands)


def describe(game, part: int, mine, theirs, origin: str) -> str:
    return (
        f"part{part:02d} disagrees ({origin}) on discard={game.discard!r} deck={game.deck!r} "
        f"hands={game.hands!r}\n  ada:       {mine!r}\n  reference: {theirs!r}"
    )


# --- ada agrees with the reference ------------------------------------------------------------


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_ada_agrees_with_reference_on_generated_games(scenario):
    compared = 0
    smallest = None
    for players in PLAYERS:
        for seed, game in games(scenario, players):
            for part in FUNCTIONS:
                mine, theirs = run(ADA, part, game), run(ref, part, game)
                compared += 1
                if mine != theirs and (smallest is None or size(game, part) < smallest[0]):
                    origin = f"random_game(Random({seed}), {scenario!r}, {players})"
                    smallest = (size(game, part), describe(game, part, mine, theirs, origin))
    assert compared == len(PLAYERS) * GAMES_PER_SETTING * len(FUNCTIONS)
    assert smallest is None, smallest[1]


def hard_rules(played) -> set[str]:
    """Which of the page's harder rules show in the cards a game put on the discard pile."""
    pairs = list(zip(played, played[1:], strict=False))
    hits = {
        # D2: a wild with no marker in front of it was played by a matching rule.
        "wild matched (D2)": any(
            card[0] == "w" and (i == 0 or played[i - 1][1] != "-") for i, card in enumerate(played)
        ),
        # D5: a penalty leaves a marker on a marker (Wild Draw 4) or on a Draw 2 of its colour.
        "paid penalty (D5)": any(
            a[1] == "-" and a[0] in "rgby" and b[0] == a[0] and b[1] in "-d" for a, b in pairs
        ),
        "bare wild draw 4 on top (D6)": played[:1] == (("w", "d"),),
        "reverse (D7)": any(card[1] == "r" for card in played),
        "skip (D7)": any(card[1] == "s" for card in played),
    }
    return {name for name, hit in hits.items() if hit}


def test_generated_games_reach_the_hard_rules():
    # The comparison above is only worth something if the games hit D2, D5, D6 and D7.
    seen = set()
    for scenario in SCENARIOS:
        for players in PLAYERS:
            for _seed, game in games(scenario, players, 10):
                _hands, _deck, discard = run(ref, 4, game)
                seen |= hard_rules(discard[: len(discard) - len(game.discard)])
    assert seen == {
        "wild matched (D2)",
        "paid penalty (D5)",
        "bare wild draw 4 on top (D6)",
        "reverse (D7)",
        "skip (D7)",
    }


@pytest.mark.parametrize("part", FUNCTIONS)
def test_ada_reproduces_the_seed_examples(part):
    name = f"part{part:02d}test01"
    game = read_uno(SEED / f"{name}.uno")
    expected = parse_solution((SEED / f"{name}.solution").read_text(), name)
    assert run(ADA, part, game) == (expected.hands, expected.deck, expected.discard)


def test_ada_does_not_mutate_its_arguments():
    for scenario in SCENARIOS:
        game = random_game(random.Random(7), scenario, 4)
        for part in FUNCTIONS:
            args = norm_lists((game.discard, game.deck, game.hands))
            before = copy.deepcopy(args)
            getattr(ADA, FUNCTIONS[part])(args[0], args[1], args[2][0] if part < 3 else args[2])
            assert args == before, (scenario, part)


# --- the wrong readings of the example class really show ---------------------------------------


def first_disagreement(module, parts, as_lists=False):
    for scenario in SCENARIOS:
        for players in PLAYERS:
            for _seed, game in games(scenario, players, 20):
                for part in parts:
                    if run(module, part, game, as_lists) != run(ref, part, game):
                        return scenario, players, part
    return None


def test_ben_marks_every_wild_and_differs_from_the_reference():
    ben = load("ben", "ben.py")
    # D2: a Wild matched by symbol on a marker gets no marker of its own.
    discard, deck, hand = (
        [("g", "-"), ("w", "-"), ("r", "4")],
        [("y", "1")],
        [("w", "-"), ("r", "5")],
    )
    assert norm(ref.onePlayerOneMove(discard, deck, hand))[2][:2] == (("w", "-"), ("g", "-"))
    assert norm(ben.onePlayerOneMove(discard, deck, hand))[2][:2] == (("r", "-"), ("w", "-"))
    assert first_disagreement(ben, [1, 2]) is not None
    assert first_disagreement(ben, [4]) is not None


def test_chloe_is_right_alone_and_wrong_with_reverse_and_skip():
    chloe = load("chloe", "chloe/uno.py")
    assert first_disagreement(chloe, [1, 2]) is None
    assert first_disagreement(chloe, [3]) is not None
    assert first_disagreement(chloe, [4]) is not None
    # D7: with two players a Reverse passes the turn to the other player.
    hands = [[("r", "r"), ("r", "1")], [("g", "1"), ("b", "2")]]
    theirs = norm(ref.manyPlayersOneMove([("r", "5")], [("y", "9")], hands))
    mine = norm(chloe.manyPlayersOneMove([("r", "5")], [("y", "9")], hands))
    assert theirs[0] == ((("r", "1"),), (("g", "1"), ("b", "2"), ("y", "9")))
    assert mine[0] == ((), (("g", "1"), ("b", "2")))


def test_dev_extends_by_colour_only_and_mutates_the_callers_lists():
    dev = load("dev", "dev.py")
    # D1: any colour's Draw 2 extends a Draw 2.
    assert norm(ref.onePlayerOneMove([("r", "d")], [("y", "1")], [("b", "d"), ("r", "1")]))[0] == (
        ("r", "1"),
    )
    discard, deck, hand = [("r", "d")], [("y", "1"), ("y", "2")], [("b", "d"), ("r", "1")]
    result = dev.onePlayerOneMove(discard, deck, hand)
    assert norm(result)[0] == (("b", "d"), ("r", "1"), ("y", "1"), ("y", "2"))
    assert hand == [("b", "d"), ("r", "1"), ("y", "1"), ("y", "2")] and deck == []
    assert result[0] is hand
    # With tuples (what the grader passes) in-place mutation cannot work at all.
    with pytest.raises(AttributeError):
        dev.onePlayerOneMove((("r", "5"),), (), (("r", "1"),))
    assert first_disagreement(dev, [1], as_lists=True) is not None
    assert first_disagreement(dev, [4], as_lists=True) is not None


# --- the rest of the class is what examples/uno-moves/README.md says -------------------------


def test_the_other_students_are_as_documented():
    emil = load("emil", "emil.py")
    assert first_disagreement(emil, [1, 3, 4]) is None
    small = random_game(random.Random(3), "small-deck", 1)
    with pytest.raises(IndexError):
        emil.onePlayerManyMoves(small.discard, small.deck, small.hands[0])

    with pytest.raises(SyntaxError) as caught:
        compile((EXAMPLES / "jo.py").read_text(), "jo.py", "exec")
    assert (caught.value.lineno, caught.value.offset) == (7, 21)

    with zipfile.ZipFile(EXAMPLES / "ivan.zip") as zf:
        assert zf.namelist() == ["ivan/", "ivan/uno.py"]
        assert {i.date_time for i in zf.infolist()} == {(2024, 3, 1, 12, 0, 0)}
        source = zf.read("ivan/uno.py").decode()
    assert "def onePlayerOneMove" in source and "def manyPlayersOneMove" in source
    assert "def onePlayerManyMoves" not in source and "def manyPlayersManyMoves" not in source

    notebook = (EXAMPLES / "hana.ipynb").read_text()
    assert "%matplotlib inline" in notebook and "!ls" in notebook and "%timeit" in notebook
