"""The uno-lab fixture generator: hand-written edge cases plus seeded random desks and hands.

:func:`generate_fixtures` is pure: it returns ``{relative path: file text}`` including
``manifest.json``; the same seed and count give byte-identical texts.  :func:`write_fixtures`
writes them.  Random cases take their expected files from the reference; hand-written ones carry
expected files written by hand (and the tests check the reference agrees with them).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from unolab import (
    CLOCKWISE,
    COUNTERCLOCKWISE,
    CRD,
    DRAW_TWO,
    EXECUTE,
    GIVE,
    ORDER,
    PASS,
    PROCEED,
    SIMPLE,
    SKIP,
    WILD,
    Card,
    Desk,
    Player,
    colors,
    ranks,
    show,
    shuffleList,
)

from .cards import deck as full_deck
from .cases import CaseInput, Expected
from .grading import expected_from_reference
from .handwritten import HAND_WRITTEN
from .notation import grader_strategies
from .playability import cardsToPlay

ASSIGNMENT = "uno-lab"
NAMES = ["Sergey", "Pavel", "Saveliy", "Igor", "Gennadiy", "Irina", "Elsa", "Olga"]


@dataclass(frozen=True)
class Generated:
    task: str
    covers: tuple[str, ...]
    case: CaseInput
    properties: str | None = None
    accept: tuple[str, ...] = ()  # other answers the lab's text allows (Decisions)


def _cards(rng: random.Random, n: int, wild: bool = True) -> list[Card]:
    pool = [c for c in full_deck if wild or isinstance(c, CRD)]
    return [rng.choice(pool) for _ in range(n)]


def _player(name: str, cards: list[Card], strategy: str = "False", manual: bool = False) -> str:
    return (
        f"{{name = {show(name)}, cards = {show(cards)}, "
        f"strategy = {strategy}.ownStrategy, manual = {show(manual)}}}"
    )


def _desk_text(desk: Desk) -> str:
    return repr(desk)


def _random_moves(rng: random.Random) -> list:
    moves: list = []
    for _ in range(rng.randint(0, 10)):
        card = rng.choice(full_deck)
        if isinstance(card, CRD):
            moves.append(SIMPLE(card))
        elif rng.random() < 0.8:
            moves.append(ORDER(card, rng.choice(colors)))
        else:
            moves.append(PASS)
    return moves


def _random_desk(
    rng: random.Random,
    *,
    state: str | None = None,
    deck_min: int = 0,
    strategy: str = "False",
    current_wild: bool = True,
    top: Card | None = None,
) -> Desk:
    """A consistent desk dealt from one shuffled deck: no card appears more often than in it."""
    cards = shuffleList(full_deck, rng)
    kind = state or rng.choice(["PROCEED", "EXECUTE", "GIVE"])
    if top is None:
        if kind == "GIVE":
            top = next(c for c in cards if not isinstance(c, CRD))
        elif kind == "EXECUTE":
            top = next(c for c in cards if isinstance(c, CRD) and c.rank in (SKIP, DRAW_TWO))
        else:
            top = next(c for c in cards if isinstance(c, CRD))
    cards.remove(top)
    players = []
    for i, name in enumerate(NAMES[: rng.randint(2, 5)]):
        n = rng.randint(1 if i == 0 else 0, 6)
        if i == 0 and not current_wild:  # the False strategy needs an ordinary first card
            hand = [x for x in cards if isinstance(x, CRD)][:n]
            for x in hand:
                cards.remove(x)
        else:
            hand, cards = cards[:n], cards[n:]
        players.append(Player.make(name, hand, grader_strategies(f"{strategy}.ownStrategy"), False))
    k = rng.randint(0, 3)
    pile_rest, cards = cards[:k], cards[k:]
    source = cards if current_wild else [x for x in cards if isinstance(x, CRD)]
    deck = source[: rng.randint(deck_min, deck_min + 5)]
    st = {"PROCEED": PROCEED, "EXECUTE": EXECUTE}.get(kind) or GIVE(rng.choice(colors))
    direction = rng.choice([CLOCKWISE, COUNTERCLOCKWISE])
    return Desk.make(players, [top] + pile_rest, deck, st, direction, _random_moves(rng))


def _gen(rng: random.Random, task: str) -> Generated:  # noqa: C901 - one branch per task
    c: Callable[[str], CaseInput] = lambda call: CaseInput(task, call)  # noqa: E731
    if task == "precedes":
        xs = rng.sample(range(10), rng.randint(1, 7))
        a1, a2 = rng.choice(xs + [42]), rng.choice(xs)
        # Decision 3: an element not in the list may also raise IllegalGame, as the course's
        # own test allows.
        absent = ("raises IllegalGame",) if a1 not in xs else ()
        return Generated(
            task, ("order",), c(f"precedes (op =) {show(xs)} {a1} {a2}"), accept=absent
        )
    if task == "colorIsLT":
        a, b = rng.choice(colors), rng.choice(colors)
        return Generated(task, ("order",), c(f"colorIsLT {a} {b}"))
    if task == "rankIsLT":
        a, b = rng.choice(ranks), rng.choice(ranks)
        return Generated(task, ("order",), c(f"rankIsLT ({a}) ({b})"))
    if task == "isLT":
        a, b = _cards(rng, 2)
        return Generated(task, ("order",), c(f"isLT ({a}, {b})"))
    if task in ("cardSort", "sumCards"):
        return Generated(
            task, ("random hand",), c(f"{task} {show(_cards(rng, rng.randint(0, 9)))}")
        )
    if task in ("cardValue", "cardCount"):
        return Generated(task, ("random card",), c(f"{task} ({_cards(rng, 1)[0]})"))
    if task == "oppositeDir":
        return Generated(
            task, ("direction",), c(f"oppositeDir {rng.choice([CLOCKWISE, COUNTERCLOCKWISE])}")
        )
    if task == "removeCard":
        hand = _cards(rng, rng.randint(0, 7))
        card = rng.choice(hand) if hand and rng.random() < 0.8 else _cards(rng, 1)[0]
        return Generated(
            task, ("random hand",), c(f"removeCard ({show(hand)}, {card}, List.Empty)")
        )
    if task == "deal":
        names = NAMES[: rng.randint(1, 8)]
        players = ", ".join(_player(n, [], "False") for n in names)
        return Generated(task, ("random",), c(f"deal [{players}]"), "deal")
    if task in ("nextPlayer", "cardsToPlay", "requiredColor", "countCards", "checkWinner"):
        desk = _random_desk(rng)
        if task == "checkWinner" and rng.random() < 0.5:
            players = desk.getPlayers()
            k = rng.randrange(len(players))
            players[k] = Player.setCards(players[k], [])
            desk = Desk.setPlayers(desk, players)
        return Generated(task, ("random desk",), c(f"{task} {_desk_text(desk)}"))
    if task == "deskNormalize":
        desk = _random_desk(rng, state="PROCEED")
        top = rng.choice([CRD(r, col) for r in ranks for col in colors] + [WILD])
        desk = Desk.setPile(Desk.setState(desk, PROCEED), [top])
        desk = Desk.setDirection(Desk.setMemo(desk, []), CLOCKWISE)
        props = None if isinstance(top, CRD) else "deskNormalize"
        return Generated(task, ("random desk",), c(f"deskNormalize {_desk_text(desk)}"), props)
    if task in ("draw", "drawTwo", "drawFour"):
        need = {"draw": 1, "drawTwo": 2, "drawFour": 4}[task]
        desk = _random_desk(rng, deck_min=need)
        if rng.random() < 0.25:  # an empty deck: the pile is turned over, at random
            return Generated(
                task, ("empty deck",), c(f"{task} {_desk_text(Desk.setDeck(desk, []))}"), task
            )
        return Generated(task, ("random desk",), c(f"{task} {_desk_text(desk)}"))
    if task in ("playableWhenWild", "playableWhenExec", "playableWhenProc"):
        card = _cards(rng, 1)[0]
        arg = {
            "playableWhenWild": lambda: str(rng.choice(colors)),
            "playableWhenExec": lambda: str(rng.choice([SKIP, DRAW_TWO])),
            "playableWhenProc": lambda: f"({rng.choice(ranks)}, {rng.choice(colors)})",
        }[task]()
        return Generated(task, ("random card",), c(f"{task} {arg} ({card})"))
    if task == "hasColor":
        hand = _cards(rng, rng.randint(0, 6))
        return Generated(
            task, ("random hand",), c(f"hasColor ({rng.choice(colors)}, {show(hand)})")
        )
    if task == "Naive":
        hand = _cards(rng, rng.randint(1, 7))
        playable = [x for x in hand if rng.random() < 0.6] or hand[:1]
        args = (PROCEED, hand, playable, _cards(rng, 1, wild=False)[0], CLOCKWISE, [], [len(hand)])
        props = None if isinstance(max_card(playable), CRD) else "Naive"
        return Generated(task, ("random hand",), c(f"Naive.ownStrategy {show(args)}"), props)
    if task == "moveAction":
        card = _cards(rng, 1)[0]
        move = SIMPLE(card) if isinstance(card, CRD) else ORDER(card, rng.choice(colors))
        desk = _random_desk(rng, state=rng.choice(["PROCEED", "GIVE"]), deck_min=4)
        desk = Desk.setPile(desk, [card] + desk.getPile())
        had = rng.random() < 0.5
        return Generated(
            task, ("random desk",), c(f"moveAction ({move}, {_desk_text(desk)}, {show(had)})")
        )
    if task == "askPlayerForCard":
        strategy = rng.choice(["False", "First"])
        hand = _cards(rng, rng.randint(1, 6), wild=strategy == "First")
        playable = [x for x in hand if rng.random() < 0.5] or hand[:1]
        args = (
            PROCEED,
            hand,
            playable,
            _cards(rng, 1, wild=False)[0],
            CLOCKWISE,
            _random_moves(rng)[:3],
            [len(hand), rng.randint(0, 7)],
        )
        manual = rng.random() < 0.4  # the human types a card's number (maybe not a listed one)
        stdin = (str(rng.randint(-1, len(playable))), str(rng.randint(0, 4))) if manual else ()
        player = _player(rng.choice(NAMES), hand, strategy, manual)
        return Generated(
            task,
            ("manual" if manual else "automatic",),
            CaseInput(task, f"askPlayerForCard ({player}, {show(args)})", stdin=stdin),
        )
    if task in ("play", "yourTurn"):
        for _ in range(100):
            desk = _random_desk(rng, deck_min=5, strategy="First")
            playable = cardsToPlay(desk)
            if task == "yourTurn" or playable:
                break
        if task == "play":
            call = f"play ({_desk_text(desk)}, {show(playable)})"
        else:
            call = f"yourTurn {_desk_text(desk)}"
        return Generated(task, ("random desk",), c(call))
    if task == "execution":
        desk = _random_desk(rng, state="EXECUTE", deck_min=2)
        return Generated(task, ("random desk",), c(f"execution {_desk_text(desk)}"))
    if task == "playerLoss":
        return Generated(
            task,
            ("random hand",),
            c(f"playerLoss {_player(rng.choice(NAMES), _cards(rng, rng.randint(0, 7)))}"),
        )
    if task == "game":
        names = NAMES[: rng.randint(2, 6)]
        players = ", ".join(_player(n, [], "Naive") for n in names)
        return Generated(
            task,
            ("random",),
            CaseInput(task, f"game [{players}]", seed=rng.randint(0, 999)),
            "game",
        )
    raise ValueError(f"no generator for {task!r}")


def max_card(cards: list[Card]) -> Card:
    from .ordering import cardSort

    return cardSort(cards)[0]


GENERATED_TASKS = (
    "precedes", "colorIsLT", "rankIsLT", "isLT", "cardSort", "cardValue", "sumCards",
    "oppositeDir", "removeCard", "cardCount", "deal", "nextPlayer", "deskNormalize", "draw",
    "drawTwo", "drawFour", "playableWhenWild", "playableWhenExec", "playableWhenProc",
    "cardsToPlay", "requiredColor", "hasColor", "countCards", "Naive", "moveAction",
    "askPlayerForCard", "play", "execution", "yourTurn", "playerLoss", "checkWinner", "game",
)  # fmt: skip
"""Every task but ``deck`` (a constant: hand-written cases only)."""


def _add_generated(
    rng: random.Random, task: str, i: int, seed: int, files: dict[str, str], cases: list[dict]
) -> None:
    gen = _gen(rng, task)
    name = f"{task}-random-{i:03d}"
    expected = expected_from_reference(gen.case, gen.properties)
    comment = f"generated: random.Random({seed}), case {i} of {task}"
    files[f"cases/{name}.in"] = gen.case.render(comment)
    files[f"cases/{name}.out"] = _render_expected(expected, gen, task)
    visibility = "public" if i % 3 == 0 else "hidden"
    cases.append(_entry(name, task, visibility, gen.covers))


def _manifest(cases: list[dict], generated_by: str) -> str:
    manifest = {"assignment": ASSIGNMENT, "generated_by": generated_by, "cases": cases}
    return json.dumps(manifest, indent=2, ensure_ascii=False) + "\n"


def generate_fixtures(seed: int = 2024, count: int = 6) -> dict[str, str]:
    """All fixture files as ``{path relative to fixtures/uno-lab: text}``.

    ``count`` random cases per task (a third public, the rest hidden) from ``random.Random(seed)``,
    plus every hand-written case (public).  Pure and reproducible.
    """
    rng = random.Random(seed)
    files: dict[str, str] = {}
    cases: list[dict] = []
    for hand in HAND_WRITTEN:
        name = f"{hand.task}-edge-{hand.label}"
        files[f"cases/{name}.in"] = hand.case.render(hand.comment)
        files[f"cases/{name}.out"] = hand.expected
        cases.append(_entry(name, hand.task, "public", hand.covers))
    for task in GENERATED_TASKS:
        for i in range(count):
            _add_generated(rng, task, i, seed, files, cases)
    files["manifest.json"] = _manifest(
        cases, f"reference.uno_lab.fixtures.write_fixtures(out_dir, seed={seed}, count={count})"
    )
    return files


def generate_part(part: str, count: int, seed: int) -> dict[str, str]:
    """``count`` random cases of each task of ``part`` with a manifest, like
    :func:`generate_fixtures` but for one part (``unograde fixtures generate uno-lab/taskNN``)."""
    tasks = [t for t in GENERATED_TASKS if part_of(t) == part]
    if not tasks:
        raise ValueError(f"uno-lab/{part} has no random cases (task 10, deck, is a constant)")
    rng = random.Random(seed)
    files: dict[str, str] = {}
    cases: list[dict] = []
    for task in tasks:
        for i in range(count):
            _add_generated(rng, task, i, seed, files, cases)
    files["manifest.json"] = _manifest(
        cases, f"unograde fixtures generate uno-lab/{part} --count {count} --seed {seed}"
    )
    return files


def _render_expected(expected: Expected, gen: Generated, task: str) -> str:
    if gen.properties is not None:
        return Expected(properties=gen.properties).render()
    return replace(expected, accept=expected.accept + gen.accept).render()


def part_of(task: str) -> str:
    """The part of a task name: ``cardSort`` -> ``task04``, ``rankIsLT`` -> ``task02``."""
    from . import TASK_NUMBER

    return f"task{TASK_NUMBER[task]:02d}"


def _entry(name: str, task: str, visibility: str, covers: tuple[str, ...]) -> dict:
    return {
        "name": name,
        "part": part_of(task),
        "visibility": visibility,
        "covers": [task, *covers],
        "input": f"cases/{name}.in",
        "expected": f"cases/{name}.out",
    }


def write_fixtures(out_dir: str | Path, seed: int = 2024, count: int = 6) -> list[Path]:
    """Write :func:`generate_fixtures` under ``out_dir``; returns the paths written."""
    out = Path(out_dir)
    written = []
    for rel, text in sorted(generate_fixtures(seed, count).items()):
        path = out / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written
