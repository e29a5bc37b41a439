"""Where a failed final-card-down scenario went wrong: the first move after which the
student's game differs from the reference's, under the student's reading of the open rules.

A scenario checks a few queries here and there; the first one that differs may come many
moves after the move that went wrong. The probe replays the same scenario in the student's
own sandboxed child with a bundle of state queries after ``newGame`` and after every move
(whose turn, turn number, direction, top discard, winner, every player's card count, the
hand of the player to move); the reference answers the same probe under the student's
reading (``reading.expected_under``). The first move whose bundle (or own answer) differs
is where the game departs: it is named with the spec's rule that decides it and the state
before it. When every bundle agrees, the state is right after every move and the first
differing query is itself the fault.

Pure functions; runs in the grader only.
"""

from __future__ import annotations

from typing import Any

from . import game as G
from .game.readings import DECISION_OF, OTHER_READING, Readings
from .harness_files import load
from .reading import expected_under, reading_of

SR = load("scenario_runner.py")

# The spec's rules (specs/final-card-down.md, "Rules"), each by its number and the words
# it opens with; the page's decisions D1, D2, D4 read rules 5, 6, 7 (open, "?").
RULES = {
    1: "No shuffling: cards are dealt in the given order",
    3: "A card is playable",
    4: "A turn",
    5: "One card per turn",
    6: "DRAW_TWO",
    7: "ADVANCE / BACKWARDS / CONTINUE / DECLARE",
    8: "Saying UNO / DUO / TRIO",
    9: "Call-out",
    10: "First discard special",
    11: "Empty deck",
    12: "The game ends as soon as a player puts down the last card",
}
OPEN_RULE = {"play_after_draw": 5, "drawn_draw_two_stays": 6, "skipped_turn_numbered": 7}
CARD_RULE = {"ADVANCE": "ADVANCE", "BACKWARDS": "BACKWARDS", "CONTINUE": "CONTINUE"}


def bundle(players: int = G.NUM_PLAYERS) -> list[dict[str, Any]]:
    """The state queries asked after every move."""
    queries: list[dict[str, Any]] = [
        {"q": "currentPlayer"},
        {"q": "currentTurn"},
        {"q": "playDirection"},
        {"q": "topDiscard"},
        {"q": "gameWinner"},
    ]
    queries += [{"q": "playerCardCount", "args": [p]} for p in range(players)]
    queries.append({"q": "hand"})
    return queries


def probe_scenario(scenario: dict[str, Any]) -> tuple[dict[str, Any], list[tuple[int, str]]]:
    """The scenario (without expectations) with a bundle after newGame and after each move,
    and for each of its answers (after newGame's): (the original step it follows or is, its
    kind: "move", "query" or "bundle")."""
    stripped = SR.strip_expectations(scenario)
    steps: list[dict[str, Any]] = []
    where: list[tuple[int, str]] = []
    for query in bundle():
        steps.append(query)
        where.append((-1, "bundle"))
    for index, step in enumerate(stripped["steps"]):
        steps.append(step)
        is_move = "q" not in step
        where.append((index, "move" if is_move else "query"))
        if is_move:
            for query in bundle():
                steps.append(query)
                where.append((index, "bundle"))
    return {**stripped, "steps": steps}, where


def _same(want: Any, got: Any) -> bool:
    """Equal answers; two refusals (raised) count as the same answer."""
    if isinstance(want, dict) and "raised" in want:
        return isinstance(got, dict) and "raised" in got
    return type(want) is type(got) and want == got


def _moves_before(scenario: dict[str, Any], index: int) -> list[str]:
    return [str(s["move"]) for s in scenario["steps"][:index] if "q" not in s]


def reference_game(scenario: dict[str, Any], readings: Readings, index: int) -> Any:
    """The reference's game (of ``readings``) before original step ``index``."""
    module = reading_of(readings)
    deck = [SR.parse_card(c, f"deck[{i}]") for i, c in enumerate(scenario["deck"])]
    game = module.newGame(
        len(deck),
        [G.Value[v] for _, v, _ in deck],
        [G.Color[c] for c, _, _ in deck],
        [G.Suit[s] for _, _, s in deck],
    )
    for text in _moves_before(scenario, index):
        action, card, colour = SR.parse_move(text, "move")
        move = G.Move(
            G.Action[action],
            None if colour is None else G.Color[colour],
            None if card is None else G.Card(G.Value[card[1]], G.Color[card[0]], G.Suit[card[2]]),
        )
        game = G.playMove(game, move)
    return game


def rule_of(game: Any, move_text: str | None, readings: Readings) -> str:
    """The spec's rule that decides ``move_text`` on ``game`` (None: the deal)."""
    if move_text is None:
        top = G.topDiscard(game)
        number = 10 if top.value in (G.Value.DRAW_TWO, G.Value.ADVANCE, G.Value.BACKWARDS) else 1
        return _cite(number, readings)
    action, card, _ = SR.parse_move(move_text, "move")
    hand_after = G.handCardCount(game) - (1 if action == "PLAY_CARD" else 0)
    if action == "PLAY_CARD":
        value = card[1]
        if hand_after == 0:
            number = 12
        elif value == "DRAW_TWO" or game.penalty:
            number = 6
        elif value in CARD_RULE or value == "DECLARE" or game.may_play_again:
            number = 7
        elif game.drawn or game.played:
            number = 5
        else:
            number = 3
    elif action == "DRAW_CARD":
        if game.penalty:
            number = 6
        elif game.deck_pos >= len(game.deck):
            number = 11
        elif game.drawn or game.played:
            number = 5
        else:
            number = 4
    elif action.startswith("SAY_"):
        number = 8 if game.owed is not None else 9
    else:  # END_TURN
        number = 6 if game.penalty else 4
    return _cite(number, readings)


def _cite(number: int, readings: Readings) -> str:
    text = f"spec rule {number} ({RULES.get(number, '')})"
    for name in readings.differences():
        if OPEN_RULE[name] == number:
            text += f", under your reading of {DECISION_OF[name]}: {OTHER_READING[name]}"
    return text


def state_lines(game: Any) -> list[str]:
    """The reference's state before the move, as text."""
    player = G.currentPlayer(game)
    hand = sorted(SR.card_text(G.handCard(game, i)) for i in range(G.handCardCount(game)))
    counts = [G.playerCardCount(game, p) for p in range(G.NUM_PLAYERS)]
    lines = [
        f"player {player} to move, turn {G.currentTurn(game)}, "
        f"{SR._name(G.playDirection(game), SR.DIRECTIONS).lower()}",
        f"top discard: {SR.card_text(G.topDiscard(game))}"
        + (f" (declared colour {game.declared.name})" if game.declared is not None else ""),
        f"cards in hands: {', '.join(f'player {p}: {n}' for p, n in enumerate(counts))}",
        f"draw pile: {len(game.deck) - game.deck_pos} cards; DRAW_TWO penalty pending: "
        f"{2 * game.penalty} cards",
        f"moves so far this turn: {', '.join(SR.move_text(m) for m in game.moves) or 'none'}",
        f"hand of player {player}: {', '.join(hand) or '(empty)'}",
    ]
    return lines


def _answer_words(answer: Any) -> str:
    if isinstance(answer, dict) and "raised" in answer:
        return f"raised {answer['raised']}"
    if isinstance(answer, dict) and answer.get("valid") is False:
        return "isValidMove said False"
    return repr(answer)


def first_divergence(
    scenario: dict[str, Any],
    readings: Readings,
    answers: list[Any],
) -> dict | None:
    """The first move after which the student's game departs (see the module docstring).

    ``scenario``: the case's scenario without expectations; ``answers``: the student's
    answers to ``probe_scenario(scenario)`` (``[label, answer]`` pairs, newGame's first)."""
    probe, where = probe_scenario(scenario)
    expected = expected_under(probe, readings)
    differing: list[tuple[str, Any, Any]] = []
    current: int | None = None  # the original step whose bundle is being compared
    for position, (label, want) in enumerate(expected):
        got_pair = answers[position] if position < len(answers) else None
        got = SR._answer_of(got_pair) if got_pair is not None else None
        if position == 0:
            if want == SR.CREATED and got != SR.CREATED:
                return _found(scenario, readings, None, "a new game", _answer_words(got), [])
            continue
        index, kind = where[position - 1]
        if differing and not (kind == "bundle" and index == current):
            break  # the whole bundle after that move is read: it differed
        if kind == "bundle":
            current = index
        if want == SR.NOT_GRADED:
            continue
        if want == SR.REFUSED:
            refused = isinstance(got, dict) and got.get("valid") is False
            if not refused:
                text = scenario["steps"][index]["move"]
                return _found(
                    scenario,
                    readings,
                    index,
                    "the move is refused (isValidMove says False) under your reading",
                    "the move was played" if got == SR.PLAYED else _answer_words(got),
                    [],
                    move=text,
                )
            return None
        if kind == "move":
            if got != SR.PLAYED:
                return _found(
                    scenario,
                    readings,
                    index,
                    "the move is valid and is played",
                    _answer_words(got) if got_pair is not None else "the replay stopped before it",
                    [],
                    move=scenario["steps"][index]["move"],
                )
            continue
        if kind == "query":
            continue  # the scenario's own queries: told by the case's messages
        if got_pair is None or not _same(want, got):
            differing.append((label, want, got))
    if differing:
        move = scenario["steps"][current]["move"] if current is not None and current >= 0 else None
        exp = "after it: " + "; ".join(f"{q} = {w!r}" for q, w, _ in differing[:4])
        got = "after it: " + "; ".join(f"{q} = {_answer_words(g)}" for q, _, g in differing[:4])
        return _found(
            scenario,
            readings,
            current if current is not None and current >= 0 else None,
            exp,
            got,
            differing,
            move=move,
        )
    return {
        "kind": "query",
        "summary": "the game's state agrees with the rules after every move; the first "
        "query whose answer differs (above) is itself where it goes wrong",
        "note": "found by replaying the scenario with your ADT, asking whose turn it is, "
        "the turn, the direction, the top discard, the winner and every hand after each move",
    }


def _found(
    scenario: dict[str, Any],
    readings: Readings,
    index: int | None,
    expected: str,
    got: str,
    differing: list,
    move: str | None = None,
) -> dict:
    moves = _moves_before(scenario, index) if index is not None else []
    game = reference_game(scenario, readings, index if index is not None else 0)
    if move is None:  # the deal itself
        where = "newGame: the deal"
        rule = rule_of(game, None, readings)
        state = [f"the deck ({len(scenario['deck'])} cards), top first: "
                 + ", ".join(scenario["deck"][:12]) + " …"]  # fmt: skip
    else:
        where = (
            f"move {len(moves) + 1}: {move} (turn {G.currentTurn(game)}, player "
            f"{G.currentPlayer(game)})"
        )
        rule = rule_of(game, move, readings)
        state = state_lines(game)
    return {
        "kind": "move",
        "move": len(moves) + 1 if move is not None else 0,
        "where": where,
        "rule": rule,
        "expected": expected,
        "got": got,
        "summary": f"{where} is the first move after which your game departs from the rules "
        f"({rule}): expected {expected}; yours {got}",
        "note": "found by replaying the scenario with your ADT and asking, after every move, "
        "whose turn it is, the turn, the direction, the top discard, the winner and every hand",
        "state_text": state,
        "moves_before": moves[-12:],
    }
