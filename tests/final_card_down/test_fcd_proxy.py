"""The proxy ``game`` a student's suite imports (issue 25) answers as the reference itself does.

The suite's ``game`` (``harness/adt_proxy.py``) forwards every call to the reference (or a
mutant) in a sandbox of its own (``harness/adt_server.py``, reached through
``reference/final_card_down/adt_link.py``).  An honest suite must not see a difference: here a
seeded game is played on the reference in this process and through the proxy side by side, and
every answer is compared as plain data (enum types included); then the errors, the games as
handles, and what happens when the ADT's process is gone.
"""

from __future__ import annotations

import copy
import gc
import importlib.util
import pickle
import random
import sys
from collections import namedtuple
from pathlib import Path

import pytest

from reference.final_card_down import game as R
from reference.final_card_down import suite
from reference.final_card_down.adt_link import ADTLink
from reference.final_card_down.harness_files import harness_file


def _proxy_module(name: str, socket_path: Path):
    spec = importlib.util.spec_from_file_location(name, harness_file("adt_proxy.py"))
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # as an import would: its dataclasses look their module up
    spec.loader.exec_module(module)
    module._LINK.path = str(socket_path)
    return module


@pytest.fixture
def linked(tmp_path):
    """(proxy module, link) for the reference, its server under rlimits (the quicker start)."""
    with ADTLink(suite.target_files("reference"), tmp_path, suite.SUITE_LIMITS, "rlimits") as link:
        yield _proxy_module(f"_fcd_proxy_{tmp_path.name}", link.path), link


def plain(value):
    """Any answer as plain data, with each enum's type: what the two sides must agree on."""
    if hasattr(value, "name") and hasattr(value, "value") and isinstance(value, int):
        return (type(value).__name__, int(value))
    if hasattr(value, "suit") and hasattr(value, "color"):
        return ("Card", plain(value.value), plain(value.color), plain(value.suit))
    if hasattr(value, "action"):
        return ("Move", plain(value.action), plain(value.nextColor), plain(value.card))
    if isinstance(value, tuple | list):
        return (type(value).__name__, [plain(v) for v in value])
    return value


def to_proxy(P, value):
    """A reference Card or Move rebuilt with the proxy's own classes (as a suite builds them)."""
    if isinstance(value, R.Card):
        return P.Card(P.Value(value.value), P.Color(value.color), P.Suit(value.suit))
    card = to_proxy(P, value.card) if value.card is not None else None
    color = P.Color(value.nextColor) if value.nextColor is not None else None
    return P.Move(P.Action(value.action), color, card)


def answers(G, g) -> list:
    """Every query of the interface on game ``g`` of module ``G``."""
    out = [
        G.numCards(g),
        [G.numOfSuit(g, G.Suit(s)) for s in range(5)],
        [G.numOfColor(g, G.Color(c)) for c in range(5)],
        [G.numOfValue(g, G.Value(v)) for v in range(16)],
        G.currentPlayer(g),
        G.currentTurn(g),
        G.numTurns(g),
        G.playDirection(g),
        G.topDiscard(g),
        G.gameWinner(g),
        G.handCardCount(g),
        [G.handCard(g, i) for i in range(G.handCardCount(g))],
        [(G.playerCardCount(g, p), G.playerPoints(g, p)) for p in range(4)],
        [
            [G.pastMove(g, t, m) for m in range(G.turnMoves(g, t))]
            for t in range(max(0, G.currentTurn(g) - 2), G.currentTurn(g) + 1)
        ],
        G.legalMoves(g),
    ]
    return plain(out)


def test_a_seeded_game_answers_the_same_through_the_proxy(linked):
    P, _ = linked
    rng = random.Random(25)
    deck = [(rng.randrange(16), rng.randrange(5), rng.randrange(5)) for _ in range(80)]
    values, colors, suits = ([c[i] for c in deck] for i in range(3))
    r = R.newGame(len(deck), values, colors, suits)
    p = P.newGame(len(deck), [P.Value(v) for v in values], colors, suits)  # enums or ints
    for step in range(150):
        assert answers(P, p) == answers(R, r), f"after {step} moves"
        if R.gameWinner(r) != R.NOT_FINISHED:
            break
        moves = R.legalMoves(r)
        move = rng.choice(moves)
        # An invalid move is refused on both sides alike, and changes nothing.
        wrong = R.Move(R.Action.PLAY_CARD, None, R.Card(R.Value.F, R.Color.RED, R.Suit.HEARTS))
        if wrong not in moves:
            assert not P.isValidMove(p, to_proxy(P, wrong))
            with pytest.raises(P.InvalidMoveError):
                P.playMove(p, to_proxy(P, wrong))
        assert P.isValidMove(p, to_proxy(P, move))
        r, p = R.playMove(r, move), P.playMove(p, to_proxy(P, move))
    assert step > 20  # the game went somewhere


def test_errors_cross_as_the_proxys_classes(linked):
    P, _ = linked
    with pytest.raises(P.InvalidDeckError, match="at least 30") as raised:
        P.newGame(5, [0] * 5, [0] * 5, [0] * 5)
    assert isinstance(raised.value, ValueError) and isinstance(raised.value, P.FinalCardDownError)
    g = P.newGame(30, [1] * 30, [0] * 30, [0] * 30)
    with pytest.raises(P.InvalidArgumentError):
        P.handCard(g, 99)
    with pytest.raises(TypeError):  # the reference's own TypeError: the deck is not a sequence
        P.newGame(30, 7, 7, 7)
    assert P.isValidMove(g, None) is False and P.isValidMove(g, "PLAY") is False


def test_games_are_handles_cards_and_moves_are_values(linked):
    P, _ = linked
    deck = ([1] * 30, [0] * 30, [0] * 30)
    g, same = P.newGame(30, *deck), P.newGame(30, *deck)
    assert g is not same and g == same and hash(g) == hash(same)  # the reference's equality
    after = P.playMove(g, P.Move(P.Action.DRAW_CARD))
    assert after != g and P.currentTurn(g) == 0  # the game given is unchanged
    assert copy.deepcopy(g) is g and copy.copy(g) is g
    with pytest.raises(TypeError):
        pickle.dumps(g)
    with pytest.raises(TypeError):
        P.Game()
    card = P.handCard(g, 0)
    assert type(card) is P.Card and card == P.Card(P.Value.ONE, P.Color.RED, P.Suit.HEARTS)
    assert type(card.value) is P.Value and str(card) == "RED ONE HEARTS"
    assert type(P.playDirection(g)) is P.Direction
    # A move of the suite's own making, read by its fields as the reference reads it.
    Mine = namedtuple("Mine", "action nextColor card")
    assert P.isValidMove(g, Mine(P.Action.DRAW_CARD, None, None))
    assert not P.isValidMove(g, Mine(P.Action.END_TURN, None, None))


def test_a_game_no_longer_referred_to_is_freed_in_the_adts_process(linked):
    P, _ = linked
    g = P.newGame(30, [1] * 30, [0] * 30, [0] * 30)
    handle = g._handle
    assert "value" in P._LINK.ask({"call": "numCards", "args": [{"game": handle}]})
    del g
    gc.collect()
    P.numCards(P.newGame(30, [1] * 30, [0] * 30, [0] * 30))  # carries the release
    answer = P._LINK.ask({"call": "numCards", "args": [{"game": handle}]})
    assert answer.get("raise") == "ValueError", answer


def test_once_the_adts_process_is_gone_every_call_fails(linked):
    P, link = linked
    g = P.newGame(30, [1] * 30, [0] * 30, [0] * 30)
    assert P.numCards(g) == 30
    link.session.child.kill()
    for _ in range(2):  # no fresh process: it would not know the games the suite holds
        with pytest.raises(P.ADTProcessError):
            P.numCards(g)
    assert link.called() is None  # its list of calls is not the whole run's


def test_the_adts_process_reports_the_functions_reached(linked):
    P, link = linked
    P.playerPoints(P.newGame(30, [1] * 30, [0] * 30, [0] * 30), 2)
    called = link.called()
    assert ["queries.py", suite.changed_function("mutant-26")[1]] in called  # playerPoints
    assert ["queries.py", suite.changed_function("mutant-27")[1]] not in called  # numTurns
