"""Reference strategies: functions from a ``PlayerView`` to an ``Action``.

Bots are built by factories so that their occasional lapses (forgetting to call "uno") are
reproducible: a lapse is decided by ``random.Random`` seeded with the bot's own seed and the
view's round and turn, never by a global random source, so a bot stays a pure function.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from math import comb

from .cards import COLOR_OF, COLORS, FULL_DECK, POINTS, RANK_OF, WILD_DRAW_FOUR, WILDS
from .state import Action
from .view import PlayerView

Strategy = Callable[[PlayerView], Action]


def _lapse(seed: int, view: PlayerView, rate: float) -> bool:
    if rate <= 0:
        return False
    return random.Random(f"bot/{seed}/{view.round_no}/{view.turn}/{view.player}").random() < rate


def _forget_uno(actions: list[Action], seed: int, view: PlayerView, rate: float) -> list[Action]:
    """Keep the calling variants, unless this turn is one where the bot forgets."""
    calls = [a for a in actions if a.uno]
    if not calls:
        return actions
    forget = _lapse(seed, view, rate)
    return [a for a in actions if a.uno != forget]


def _always(view: PlayerView, kind: str) -> Action | None:
    for a in view.legal:
        if a.kind == kind:
            return a
    return None


def random_player(seed: int = 0) -> Strategy:
    """Uniform over the legal plays; draws only when nothing can be played (benchmark player)."""

    def play(view: PlayerView) -> Action:
        rng = random.Random(f"random/{seed}/{view.round_no}/{view.turn}/{view.player}")
        plays = [a for a in view.legal if a.kind in ("play", "catch")]
        if plays:
            return rng.choice(plays)
        return rng.choice(view.legal)

    return play


def simple_bot(seed: int = 0, forget_rate: float = 0.25) -> Strategy:
    """The simple legal bot: catches when it can, plays the first playable card in hand
    order (wild colour: the first colour it holds), draws otherwise, plays a drawn card when it
    can, never challenges, and forgets "uno" about one time in four."""

    def play(view: PlayerView) -> Action:
        legal = list(view.legal)
        catch = _always(view, "catch")
        if catch is not None:
            return catch
        if view.phase == "declare":
            return _declare(view, _best_color(view.hand))
        if view.phase == "challenge":
            return _always(view, "accept") or legal[0]
        if view.phase == "round_over":
            return legal[0]
        plays = _forget_uno([a for a in legal if a.kind == "play"], seed, view, forget_rate)
        if plays:
            first = plays[0]
            if first.card in WILDS:
                held = [COLOR_OF[c] for c in view.hand if c not in WILDS]
                want = held[0] if held else "R"
                for a in plays:
                    if a.card == first.card and a.color == want:
                        return a
            return first
        return legal[-1] if legal[-1].kind in ("draw", "pass", "accept") else legal[0]

    return play


def _best_color(hand: tuple[str, ...]) -> str:
    counts = {c: 0 for c in COLORS}
    for card in hand:
        if card not in WILDS:
            counts[COLOR_OF[card]] += 1
    return max(COLORS, key=lambda c: counts[c])


def _declare(view: PlayerView, color: str) -> Action:
    for a in view.legal:
        if a.kind == "declare" and a.color == color:
            return a
    return view.legal[0]


def guilt_probability(view: PlayerView) -> float:
    """How likely the Wild Draw Four just played was a bluff, by counting unseen cards.

    The player held ``h`` unseen cards before playing it; ``k`` of the ``u`` cards this player
    cannot see (not in its hand, not in the discard pile) have the previous colour.  The chance
    that none of the ``h`` is of that colour is C(u-k, h) / C(u, h).
    """
    colour = view.prev_color
    seen = list(view.hand) + list(view.discard)
    k = sum(1 for c in FULL_DECK if COLOR_OF[c] == colour) - sum(
        1 for c in seen if COLOR_OF[c] == colour
    )
    u = len(FULL_DECK) - len(seen)
    h = view.hand_sizes[view.w4_from] + 1 if view.w4_from >= 0 else 0
    if u <= 0 or h <= 0 or h > u:
        return 0.0
    return 1.0 - comb(max(u - k, 0), h) / comb(u, h)


def strong_bot(seed: int = 0, forget_rate: float = 0.05) -> Strategy:
    """The stronger bot: always catches, keeps wilds for when nothing else fits, plays its
    most plentiful colour, prefers action cards when the next player is close to going out,
    never bluffs a Wild Draw Four, challenges when counting colours makes a bluff likely
    (above 1/3, where a challenge pays off in expectation), and rarely forgets "uno"."""

    def play(view: PlayerView) -> Action:
        legal = view.legal
        catch = _always(view, "catch")
        if catch is not None:
            return catch
        phase = view.phase
        if phase == "declare":
            return _declare(view, _best_color(view.hand))
        if phase == "challenge":
            if guilt_probability(view) > 1 / 3:
                return _always(view, "challenge") or legal[0]
            return _always(view, "accept") or legal[0]
        if phase == "round_over":
            return legal[0]
        plays = _forget_uno([a for a in legal if a.kind == "play"], seed, view, forget_rate)
        if not plays:
            return (
                _always(view, "pass")
                or _always(view, "accept")
                or _always(view, "draw")
                or (legal[0])
            )
        n = len(view.hand_sizes)
        nxt = (view.player + view.direction) % n
        danger = view.hand_sizes[nxt] <= 2
        holds_color = any(COLOR_OF[c] == view.color for c in view.hand)
        counts = {c: 0 for c in COLORS}
        for card in view.hand:
            if card not in WILDS:
                counts[COLOR_OF[card]] += 1
        best = max(COLORS, key=lambda c: counts[c])

        def score(a: Action) -> tuple[int, int, int, int]:
            card = a.card or ""
            if card == WILD_DRAW_FOUR:
                tier = 0 if holds_color else 1  # no bluffing; otherwise the last resort
            elif card in WILDS:
                tier = 2
            elif danger and RANK_OF[card] in ("S", "R", "+2"):
                tier = 5
            else:
                tier = 4
            colour_fit = counts.get(a.color or "", 0) + (1 if a.color == best else 0)
            target_fit = -view.hand_sizes[a.target] if a.target is not None else 0
            return (tier, colour_fit, POINTS.get(card, 0), target_fit)

        choice = max(plays, key=score)
        if choice.card == WILD_DRAW_FOUR and holds_color:
            return _always(view, "draw") or _always(view, "pass") or choice
        if view.phase == "drawn" and choice.card in WILDS and len(view.hand) > 2:
            return _always(view, "pass") or choice  # keep a drawn wild for later
        return choice

    return play


BOTS: dict[str, Callable[..., Strategy]] = {
    "simple": simple_bot,
    "strong": strong_bot,
    "random": random_player,
}
