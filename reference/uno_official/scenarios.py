"""Rule-conformance scenarios: a state, an action, and the expected next state or error.

``scenario_files(seed, count)`` returns every fixture file's text (hand-written edge cases for
each rule, public, plus ``count`` cases sampled from seeded bot play, hidden) so the same seed
always gives byte-identical files.  A student's engine is graded by feeding it each input and
comparing its answer with ``check_scenario``.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .bots import random_player, simple_bot, strong_bot
from .cards import COLOR_OF, FULL_DECK, WILDS
from .engine import apply, deal_from_deck, legal_actions, new_game
from .serialize import action_to_json, events_to_json, state_to_json, view_to_json
from .state import OFFICIAL, Action, GameState, IllegalActionError, Rules
from .view import PlayerView, observe

ASSIGNMENT = "uno-official"
SHUFFLING_EVENTS = ("reshuffle", "returned")


def build_state(
    hands: Sequence[Sequence[str]],
    discard: Sequence[str],
    *,
    color: str | None = None,
    draw_pile: Sequence[str] | None = None,
    rules: Rules = OFFICIAL,
    **fields: Any,
) -> GameState:
    """A hand-made state that still holds exactly the 108 cards.

    Cards not placed in ``hands``/``discard`` (nor ``draw_pile`` if given) fill the draw pile in
    a fixed shuffled order; if ``draw_pile`` is given, they go under the discard pile instead.
    ``color`` defaults to the top card's colour.  Other fields (current, phase, ...) as keywords.
    """
    used = Counter(c for h in hands for c in h) + Counter(discard) + Counter(draw_pile or ())
    rest_counter = Counter(FULL_DECK) - used
    if used - Counter(FULL_DECK):
        raise ValueError(f"more copies than the deck has: {sorted(used - Counter(FULL_DECK))}")
    rest = sorted(rest_counter.elements(), key=FULL_DECK.index)
    random.Random("uno-official/build_state").shuffle(rest)
    if draw_pile is None:
        pile, disc = tuple(rest), tuple(discard)
    else:
        pile, disc = tuple(draw_pile), tuple(discard) + tuple(rest)
    n = rules.num_players
    base = GameState(
        rules=rules,
        seed=0,
        shuffles=1,
        hands=tuple(tuple(h) for h in hands),
        draw_pile=pile,
        discard=disc,
        color=COLOR_OF[disc[0]] if color is None else color,
        current=0,
        direction=1,
        phase="play",
        pending=0,
        drawn=None,
        w4_from=-1,
        w4_guilty=False,
        prev_color="",
        uno_pending=-1,
        dealer=n - 1,
        scores=(0,) * n,
        round_no=1,
        turn=10,
        winner=-1,
        events=(),
    )
    return base._replace(**fields)


def _deal_case(first: str, dealer: int = 3, rules: Rules = OFFICIAL) -> dict[str, Any]:
    """A deck whose card after the deal is ``first`` (the rest in a fixed order)."""
    rest = list(FULL_DECK)
    rest.remove(first)
    random.Random(f"uno-official/deal/{first}").shuffle(rest)
    dealt = rules.hand_size * rules.num_players
    # Keep further Wild Draw Fours away from the flip position.
    deck = rest[:dealt] + [first] + rest[dealt:]
    return {"rules": rules, "deck": deck, "dealer": dealer}


def _p(card: str, color: str | None = None, uno: bool = False, **kw: Any) -> Action:
    return Action("play", card, color or (None if card in WILDS else COLOR_OF[card]), uno, **kw)


def handwritten_cases() -> list[tuple[str, list[str], Any, Any]]:
    """(name, covers, input, action-or-None).  ``input`` is a state or a deal description."""
    h4 = (("R5", "B7", "G2"), ("Y1", "Y2", "Y3"), ("G4", "G5", "G6"), ("B1", "B2", "B3"))
    cases: list[tuple[str, list[str], Any, Any]] = []
    add = cases.append
    # --- the deal and the first-discard table
    add(("deal-number-first", ["deal", "first-discard"], _deal_case("G7"), None))
    add(("deal-skip-first", ["first-discard", "skip"], _deal_case("YS"), None))
    add(("deal-reverse-first", ["first-discard", "reverse"], _deal_case("BR"), None))
    add(("deal-draw-two-first", ["first-discard", "draw-two"], _deal_case("R+2"), None))
    add(("deal-wild-first", ["first-discard", "wild"], _deal_case("W"), None))
    add(("deal-wild-draw-four-first", ["first-discard", "wild-draw-four"], _deal_case("W+4"), None))
    wild_first = build_state(h4, ("W",), color="", phase="declare")
    add(
        (
            "declare-first-colour",
            ["first-discard", "wild"],
            wild_first,
            Action("declare", color="G"),
        )
    )
    # --- matching
    s = build_state(h4, ("R9",))
    add(("match-colour", ["matching"], s, _p("R5")))
    add(("match-number", ["matching"], build_state(h4, ("Y7",)), _p("B7")))
    add(
        (
            "match-symbol",
            ["matching", "skip"],
            build_state((("GS", "R1"),) + h4[1:], ("BS",)),
            _p("GS"),
        )
    )
    add(("mismatch-is-illegal", ["matching", "illegal"], s, _p("B7")))
    add(("card-not-in-hand", ["illegal"], s, _p("R7")))
    add(("not-your-turn-is-illegal", ["illegal"], s, Action("draw", player=2)))
    # --- wilds
    hw = (("W", "R5", "B7"),) + h4[1:]
    add(("wild-any-time", ["wild"], build_state(hw, ("R9",)), _p("W", "R")))
    add(("wild-needs-colour", ["wild", "illegal"], build_state(hw, ("R9",)), Action("play", "W")))
    # --- drawing
    s = build_state(h4, ("R9",), draw_pile=("R3", "G8", "B9"))
    add(("draw-one", ["draw"], s, Action("draw")))
    sd = build_state((("R5", "B7", "G2", "R3"),) + h4[1:], ("R9",), draw_pile=("G8", "B9"),
                     phase="drawn", drawn="R3")  # fmt: skip
    add(("play-drawn-card", ["draw"], sd, _p("R3")))
    add(("keep-drawn-card", ["draw"], sd, Action("pass")))
    # a drawn card that cannot be played leaves no choice: the turn passes at once
    add(
        (
            "draw-unplayable-passes",
            ["draw"],
            build_state(h4, ("R9",), draw_pile=("G8", "B9")),
            Action("draw"),
        )
    )
    add(("only-drawn-card-after-draw", ["draw", "illegal"], sd, _p("R5")))
    # --- action cards
    ha = (("RS", "RR", "R+2", "G1"),) + h4[1:]
    add(("skip", ["skip"], build_state(ha, ("R9",)), _p("RS")))
    add(("reverse", ["reverse"], build_state(ha, ("R9",)), _p("RR")))
    add(("draw-two", ["draw-two"], build_state(ha, ("R9",)), _p("R+2")))
    two = Rules(num_players=2)
    add(
        (
            "reverse-two-players",
            ["reverse"],
            build_state((ha[0], h4[1]), ("R9",), rules=two),
            _p("RR"),
        )
    )
    # --- Wild Draw Four: restriction and challenge
    legal4 = (("W+4", "G1", "B2"),) + h4[1:]  # no red card: a legal Wild Draw Four
    bluff4 = (("W+4", "R1", "B2"),) + h4[1:]  # holds red: a bluff
    add(("wild-draw-four-played", ["wild-draw-four"], build_state(legal4, ("R9",)), _p("W+4", "G")))
    ch = {"phase": "challenge", "current": 1, "pending": 4, "w4_from": 0, "prev_color": "R"}
    after_legal = (("G1", "B2"),) + h4[1:]
    after_bluff = (("R1", "B2"),) + h4[1:]
    s_ok = build_state(after_legal, ("W+4", "R9"), color="G", w4_guilty=False, **ch)
    s_bad = build_state(after_bluff, ("W+4", "R9"), color="G", w4_guilty=True, **ch)
    add(("wild-draw-four-accepted", ["wild-draw-four"], s_ok, Action("accept")))
    add(
        ("challenge-innocent-draws-six", ["wild-draw-four", "challenge"], s_ok, Action("challenge"))
    )
    add(
        ("challenge-guilty-draws-four", ["wild-draw-four", "challenge"], s_bad, Action("challenge"))
    )
    add(
        (
            "bluff-played",
            ["wild-draw-four", "challenge"],
            build_state(bluff4, ("R9",)),
            _p("W+4", "B"),
        )
    )
    # --- uno
    hu = (("R5", "B7"),) + h4[1:]
    add(("uno-called", ["uno"], build_state(hu, ("R9",)), _p("R5", uno=True)))
    add(("uno-forgotten", ["uno"], build_state(hu, ("R9",)), _p("R5")))
    caught = build_state((("B7",),) + h4[1:], ("R5", "R9"), current=1, uno_pending=0)
    add(("uno-caught", ["uno", "penalty"], caught, Action("catch", player=1)))
    add(("uno-caught-by-other-player", ["uno", "penalty"], caught, Action("catch", player=3)))
    add(("uno-cannot-catch-self", ["uno", "illegal"], caught, Action("catch", player=0)))
    late = build_state((("B7",),) + h4[1:], ("R5", "R9"), current=2)
    add(("uno-catch-too-late", ["uno", "illegal"], late, Action("catch", player=2)))
    add(
        (
            "uno-call-only-next-to-last",
            ["uno", "illegal"],
            build_state(h4, ("R9",)),
            _p("R5", uno=True),
        )
    )
    # --- going out and scoring
    # player 0 goes out; others hold Y1+Y2+Y3=6, G4+G5+G6=15, B1+B2+B3=6 -> 27 points
    out = (("R5",),) + h4[1:]
    add(("go-out-and-score", ["scoring"], build_state(out, ("R9",)), _p("R5")))
    add(
        (
            "go-out-with-draw-two",
            ["scoring", "draw-two"],
            build_state((("R+2",),) + h4[1:], ("R9",)),
            _p("R+2"),
        )
    )
    add(
        (
            "go-out-with-wild-draw-four",
            ["scoring", "wild-draw-four"],
            build_state((("W+4",),) + h4[1:], ("R9",)),
            _p("W+4", "B"),
        )
    )
    rich = (("R5",), ("W", "W+4", "RS"), ("R+2", "GR"), ("Y9",))
    add(("score-card-values", ["scoring"], build_state(rich, ("R9",)), _p("R5")))
    add(
        (
            "match-reaches-500",
            ["scoring", "match"],
            build_state(out, ("R9",), scores=(480, 100, 0, 499)),
            _p("R5"),
        )
    )
    add(
        (
            "nothing-after-match",
            ["match", "illegal"],
            build_state(out, ("R9",), phase="match_over", winner=0, scores=(507, 0, 0, 0)),
            Action("deal"),
        )
    )
    # --- reshuffle
    add(
        (
            "reshuffle-when-pile-empty",
            ["reshuffle", "draw"],
            build_state(h4, ("R9", "G9", "B9"), draw_pile=()),
            Action("draw"),
        )
    )
    add(
        (
            "reshuffle-during-draw-two",
            ["reshuffle", "draw-two"],
            build_state(ha, ("R9",), draw_pile=("Y5",)),
            _p("R+2"),
        )
    )
    # --- house rules (off by default)
    stack = Rules(stack_draw_two=True)
    hs = (("R+2", "G1", "B2"), ("G+2", "Y2", "Y3"), ("G4", "G5", "G6"), ("B1", "B2", "B3"))
    add(
        (
            "stack-draw-two-played",
            ["house-stacking"],
            build_state(hs, ("R9",), rules=stack),
            _p("R+2"),
        )
    )
    st = build_state(
        (hs[0][1:],) + hs[1:], ("R+2", "R9"), rules=stack, phase="stack", pending=2, current=1
    )
    add(("stack-draw-two-answered", ["house-stacking"], st, _p("G+2")))
    add(("stack-draw-two-taken", ["house-stacking"], st, Action("accept")))
    seven = Rules(seven_zero=True)
    h7 = (("R7", "G1", "B2"), ("Y1",), ("G4", "G5", "G6", "G7"), ("B1", "B3"))
    add(
        (
            "seven-swaps-hands",
            ["house-seven-zero"],
            build_state(h7, ("R9",), rules=seven),
            _p("R7", target=1),
        )
    )
    h0 = (("R0", "G1", "B2"), ("Y1",), ("G4", "G5", "G6", "G7"), ("B1", "B3"))
    add(
        ("zero-passes-hands", ["house-seven-zero"], build_state(h0, ("R9",), rules=seven), _p("R0"))
    )
    add(("seven-is-plain-by-default", ["house-seven-zero"], build_state(h7, ("R9",)), _p("R7")))
    jump = Rules(jump_in=True)
    hj = (("R5", "B7"), ("Y1", "Y2"), ("G9", "G5", "G6"), ("B1", "B2", "B3"))
    jumped = build_state(hj, ("G9",), rules=jump, current=0)
    add(("jump-in", ["house-jump-in"], jumped, Action("jump_in", "G9", "G", player=2)))
    add(
        (
            "jump-in-off-by-default",
            ["house-jump-in", "illegal"],
            build_state(hj, ("G9",)),
            Action("jump_in", "G9", "G", player=2),
        )
    )
    return cases


def strategy_probes() -> list[tuple[str, list[str], PlayerView, Action]]:
    """(name, covers, view, the only legal action): positions where a strategy has exactly one
    legal answer, so its reply can be checked like any other case.  The strategy's real test,
    the tournament, needs the grader to ask it for move after move (see the plugin)."""
    h4 = (("G2", "B7", "Y3"), ("Y1", "Y2", "Y3"), ("G4", "G5", "G6"), ("B1", "B2", "B3"))
    stuck = build_state(h4, ("R9",))
    over = build_state(
        ((),) + h4[1:], ("R5", "R9"), phase="round_over", winner=0, scores=(21, 0, 0, 0)
    )
    probes = []
    for name, covers, state in (
        ("strategy-draws-when-nothing-fits", ["strategy", "draw"], stuck),
        ("strategy-deals-the-next-round", ["strategy", "match"], over),
    ):
        view = observe(state, state.current)
        if len(view.legal) != 1:
            raise AssertionError(f"{name}: a probe needs exactly one legal action")
        probes.append((name, covers, view, view.legal[0]))
    return probes


def _outcome(start: GameState, action: Action | None) -> dict[str, Any]:
    if action is None:
        raise ValueError("a deal case has no action")
    try:
        after = apply(start, action)
    except IllegalActionError as exc:
        return {"error": "illegal_action", "reason": str(exc)}
    doc: dict[str, Any] = {"state": state_to_json(after), "events": events_to_json(after.events)}
    if any(e.kind in SHUFFLING_EVENTS for e in after.events):
        doc["shuffled"] = True
    return doc


def _deal_docs(deal: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    rules: Rules = deal["rules"]
    n = rules.num_players
    inp = {
        "deal": {
            "rules": state_to_json(build_state([()] * n, ("R9",), rules=rules))["rules"],
            "deck": deal["deck"],
            "dealer": deal["dealer"],
            "scores": [0] * n,
            "round_no": 1,
            "seed": 0,
            "shuffles": 1,
            "turn": 0,
        }
    }
    after = deal_from_deck(rules, 0, 1, tuple(deal["deck"]), deal["dealer"], (0,) * n, 1, 0)
    out: dict[str, Any] = {"state": state_to_json(after), "events": events_to_json(after.events)}
    if any(e.kind == "returned" for e in after.events):
        out["shuffled"] = "first-discard"  # the deal is fixed, the re-flipped card is not
    return inp, out


def seeded_cases(seed: int, count: int) -> list[tuple[str, list[str], GameState, Action]]:
    """``count`` (state, action) pairs sampled from seeded bot matches; about one in eight is
    a deliberately illegal action."""
    rng = random.Random(f"uno-official/scenarios/{seed}")
    out: list[tuple[str, list[str], GameState, Action]] = []
    match = 0
    while len(out) < count:
        makers = [strong_bot, simple_bot, random_player, simple_bot]
        seats = [makers[(i + match) % 4](seed + i) for i in range(4)]
        state = new_game(rng.getrandbits(32))
        match += 1
        while state.phase != "match_over" and len(out) < count:
            p = state.current
            action = seats[p](observe(state, p))
            if rng.random() < 0.04:
                chosen = action
                if rng.random() < 0.125:
                    chosen = _illegal_for(state, rng)
                covers = ["seeded", state.phase, chosen.kind]
                out.append((f"seeded-{len(out):03d}", covers, state._replace(events=()), chosen))
            state = apply(state, action)
    return out


def _illegal_for(state: GameState, rng: random.Random) -> Action:
    legal = set(legal_actions(state))
    options = [Action("play", c, COLOR_OF[c] or "R") for c in FULL_DECK] + [
        Action("draw"),
        Action("pass"),
        Action("challenge"),
        Action("deal"),
    ]
    illegal = [a for a in dict.fromkeys(options) if a not in legal]
    return rng.choice(illegal)


def _dump(doc: Any) -> str:
    return json.dumps(doc, indent=1) + "\n"


def scenario_files(seed: int = 2024, count: int = 60) -> dict[str, str]:
    """Every fixture file (path relative to ``fixtures/uno-official/`` -> text), manifest
    included.  Hand-written cases are public; seeded ones are hidden."""
    files: dict[str, str] = {}
    manifest_cases = []
    for name, covers, given, action in handwritten_cases():
        if isinstance(given, dict):
            inp, exp = _deal_docs(given)
        else:
            inp = {"state": state_to_json(given), "action": action_to_json(action)}
            exp = _outcome(given, action)
        base = f"public/{name}"
        files[f"{base}.input.json"] = _dump(inp)
        files[f"{base}.expected.json"] = _dump(exp)
        part = "deal" if isinstance(given, dict) else "rules"
        manifest_cases.append(_entry(name, part, covers, "public", base))
    for name, covers, view, action in strategy_probes():
        base = f"public/{name}"
        files[f"{base}.input.json"] = _dump({"view": view_to_json(view)})
        files[f"{base}.expected.json"] = _dump({"action": action_to_json(action)})
        manifest_cases.append(_entry(name, "strategy", covers, "public", base))
    for name, covers, given, action in seeded_cases(seed, count):
        inp = {"state": state_to_json(given), "action": action_to_json(action)}
        base = f"hidden/{name}"
        files[f"{base}.input.json"] = _dump(inp)
        files[f"{base}.expected.json"] = _dump(_outcome(given, action))
        manifest_cases.append(_entry(name, "rules", covers, "hidden", base))
    manifest = {
        "assignment": ASSIGNMENT,
        "generated_by": (
            f"reference.uno_official.scenarios.write_fixtures(out_dir, seed={seed}, count={count})"
        ),
        "cases": manifest_cases,
    }
    files["manifest.json"] = _dump(manifest)
    return files


def _entry(name: str, part: str, covers: list[str], visibility: str, base: str) -> dict[str, Any]:
    return {
        "name": name,
        "part": part,
        "visibility": visibility,
        "covers": covers,
        "input": f"{base}.input.json",
        "expected": f"{base}.expected.json",
    }


def write_fixtures(out_dir: str | Path, seed: int = 2024, count: int = 60) -> list[Path]:
    """Write ``scenario_files`` under ``out_dir``; returns the paths written."""
    root = Path(out_dir)
    written = []
    for rel, text in scenario_files(seed, count).items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def check_scenario(expected: dict[str, Any], actual: dict[str, Any]) -> list[str]:
    """Differences between an expected outcome and a student's (empty when they conform).

    An expected ``error`` only needs an ``error`` back.  When the expected outcome involved a
    shuffle (``"shuffled": true``), card order in the draw pile and which cards were drawn are
    up to the engine's own random source: then hands are compared by size, the draw pile and
    hands together as a multiset, and everything else exactly.  Events are not compared.
    """
    if "error" in expected:
        return [] if "error" in actual else ["expected an illegal-action error, got a state"]
    if "error" in actual:
        return [f"expected a state, got an error: {actual.get('reason', actual['error'])}"]
    want, got = expected["state"], actual.get("state")
    if not isinstance(got, dict):
        return ["the answer has no 'state' object"]
    diffs = []
    if expected.get("shuffled") == "first-discard":
        if got.get("hands") != want["hands"]:
            diffs.append(f"hands: expected {want['hands']!r}, got {got.get('hands')!r}")
        top = (got.get("discard") or [None])[0]
        if top == "W+4" or top is None:
            diffs.append(f"the first discard may not be a Wild Draw Four, got {top!r}")
        pool_w = Counter(want["draw_pile"]) + Counter(want["discard"])
        pool_g = Counter(got.get("draw_pile", [])) + Counter(got.get("discard", []))
        if pool_w != pool_g:
            diffs.append("draw pile and discard pile together do not hold the expected cards")
        return diffs
    loose = (
        {"hands", "draw_pile", "shuffles", "seed", "drawn"} if expected.get("shuffled") else set()
    )
    for key, value in want.items():
        if key in loose:
            continue
        if got.get(key) != value:
            diffs.append(f"{key}: expected {value!r}, got {got.get(key)!r}")
    if loose:
        sizes_w = [len(h) for h in want["hands"]]
        sizes_g = [len(h) for h in got.get("hands", [])]
        if sizes_w != sizes_g:
            diffs.append(f"hand sizes: expected {sizes_w}, got {sizes_g}")
        pool_w = Counter(want["draw_pile"]) + Counter(c for h in want["hands"] for c in h)
        pool_g = Counter(got.get("draw_pile", [])) + Counter(
            c for h in got.get("hands", []) for c in h
        )
        if pool_w != pool_g:
            diffs.append("hands and draw pile together do not hold the expected cards")
    return diffs
