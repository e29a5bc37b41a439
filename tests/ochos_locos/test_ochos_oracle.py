"""A second, independent implementation of the game, and everything checked against it.

The oracle below shares no code with the reference: cards are plain strings, the
choice sorts candidates instead of taking a minimum, and a blocked game is found
by a repeated state (same player to move, same top card, same hands, same draw
pile) rather than by counting passes.  Agreement on thousands of random deals
and on every fixture file is evidence neither could give alone.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from reference.ochos_locos import ochosLocos, parse_deal, play, solve_text

RAINBOW = "RYGB"
DECK = [colour + str(number) for colour in RAINBOW for number in range(1, 9)]
FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "ochos-locos"


def oracle(tokens: list[str]) -> list[str]:
    hands = [sorted(tokens[0:5]), sorted(tokens[5:10]), sorted(tokens[10:15])]
    top, pile = tokens[15], list(tokens[16:])
    out = ["0: " + top]
    seen = set()
    player = 0
    while True:
        state = (player, top, tuple(map(tuple, hands)), len(pile))
        if state in seen:
            return out + ["NO WINNER"]
        seen.add(state)
        hand = hands[player]
        same_colour = sorted((c for c in hand if c[0] == top[0]), key=lambda c: int(c[1]))
        same_number = sorted((c for c in hand if c[1] == top[1]), key=lambda c: RAINBOW.index(c[0]))
        if len(same_number) > len(same_colour):
            pick = same_number[0]
        elif same_colour:
            pick = same_colour[0]
        else:
            pick = None
        if pick is None:
            if pile:
                hand.append(pile.pop(0))
                hand.sort()
            out.append(f"{player + 1}: DRAW")
        else:
            hand.remove(pick)
            top = pick
            if not hand:
                return out + [f"{player + 1}: {pick} (WINNER)"]
            out.append(f"{player + 1}: {pick}")
        player = (player + 1) % 3


def random_tokens(rng: random.Random) -> list[str]:
    return rng.sample(DECK, 16 + rng.randint(0, 16))


def test_the_oracle_reproduces_the_seeds_samples():
    # The oracle is only trusted because it, too, gives the seed's samples.
    from reference.ochos_locos.samples import SAMPLES

    for sample in SAMPLES:
        assert oracle(sample.input_text.split()) == list(sample.output_lines)


def test_reference_and_oracle_agree_on_random_deals():
    rng = random.Random(20240508)
    endings = set()
    for _ in range(3000):
        tokens = random_tokens(rng)
        expected = oracle(tokens)
        assert ochosLocos((tokens[0:5], tokens[5:10], tokens[10:15]), tokens[15], tokens[16:]) == (
            expected
        ), tokens
        endings.add(expected[-1].split(":")[0])
    assert endings == {"1", "2", "3", "NO WINNER"}  # all four endings were exercised


def test_every_game_conserves_cards_alternates_players_and_plays_legally():
    rng = random.Random(7)
    for _ in range(500):
        tokens = random_tokens(rng)
        game = play(parse_deal(" ".join(tokens)))
        top = game.deal.discard
        played: list[str] = []
        for turn in game.turns:
            assert turn.seat == (turn.number - 1) % 3 + 1
            if turn.played is not None:
                assert turn.played.colour == top.colour or turn.played.number == top.number
                top = turn.played
                played.append(str(turn.played))
            in_hands = [str(c) for hand in turn.hands_after for c in hand]
            drawn = sum(t.drawn is not None for t in game.turns[: turn.number])
            rest = tokens[16 + drawn :]
            assert sorted(in_hands + played + [tokens[15]] + rest) == sorted(tokens)
        # Termination bound: at most 15 + pile plays, pile draws, and 3 passes after each.
        pile = len(tokens) - 16
        assert len(game.turns) <= 3 * (15 + 2 * pile + 1)


def manifest_cases():
    return json.loads((FIXTURES / "manifest.json").read_text(encoding="utf-8"))["cases"]


@pytest.mark.parametrize("case", manifest_cases(), ids=lambda c: c["name"])
def test_every_fixture_is_what_the_oracle_prints(case):
    deal_text = (FIXTURES / case["input"]).read_text(encoding="utf-8")
    expected = (FIXTURES / case["expected"]).read_text(encoding="utf-8")
    assert expected.splitlines() == oracle(deal_text.split())
    assert solve_text(deal_text, case["input"]) == expected
