"""Ochos Locos, program form: read the deal from standard input, print the game.

Try it:  python3 main.py < ../../../fixtures/ochos-locos/public/sample-1.in
Print only the game on standard output (no prompts); use standard error for anything else.
"""

import sys

RAINBOW = "RYGB"  # red, yellow, green, blue


def choose(hand, top):
    """The card to play from ``hand`` on ``top``, or None if the player must DRAW."""
    # TODO
    return None


def play(hands, discard, draw_pile):
    """The output lines of the game for this deal."""
    lines = [f"0: {discard}"]
    # TODO
    return lines


def main():
    cards = sys.stdin.read().split()
    if len(cards) < 16:
        sys.exit(f"need at least 16 cards, got {len(cards)}")
    hands = [cards[0:5], cards[5:10], cards[10:15]]
    discard = cards[15]
    draw_pile = cards[16:]
    for line in play(hands, discard, draw_pile):
        print(line)


if __name__ == "__main__":
    main()
