"""Ochos Locos, function form: fill in ``ochosLocos``.

Run this file to try your function on sample 1 from the assignment page.
"""

RAINBOW = "RYGB"  # red, yellow, green, blue: the order for choosing among cards of one number


def choose(hand, top):
    """The card to play from ``hand`` on ``top``, or None if the player must DRAW.

    Count the cards of top's colour and of top's number; more of the number: the number card
    first in rainbow order; otherwise the colour card with the lowest number.
    """
    # TODO
    return None


def ochosLocos(hands, discard, draw_pile):
    """Return the output lines of the game, e.g. ["0: B3", "1: B1", ..., "3: R4 (WINNER)"].

    hands: three sequences of five cards such as "Y3"; discard: the starting card;
    draw_pile: the draw pile, top first.  Do not change the sequences you are given.
    """
    hands = [list(hand) for hand in hands]  # your own copies
    draw_pile = list(draw_pile)
    lines = [f"0: {discard}"]
    # TODO: play turns for players 1, 2, 3, 1, ... until someone plays their last card
    # (that line ends with " (WINNER)"), or until three DRAWs in a row with an empty draw pile
    # (then add the line "NO WINNER").
    return lines


if __name__ == "__main__":
    sample = ochosLocos(
        (
            ("Y3", "Y7", "Y8", "B1", "B7"),
            ("R8", "Y1", "G4", "G8", "B8"),
            ("R3", "R4", "R7", "Y6", "B5"),
        ),
        "B3",
        "R2 G5 B6 Y5 G3 G2 Y4 R1 G1 Y2 G6 B4 R5 G7 R6 B2".split(),
    )
    print("\n".join(sample))
