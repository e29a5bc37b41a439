# Bilal's submission: a Python program reading the deal on stdin. (Correct.)
import sys

RAINBOW = {"R": 0, "Y": 1, "G": 2, "B": 3}


def main():
    cards = sys.stdin.read().split()
    hands = [cards[0:5], cards[5:10], cards[10:15]]
    top = cards[15]
    pile = cards[16:]
    print("0:", top)
    turn = 0
    passes_in_a_row = 0
    while True:
        me = turn % 3
        hand = hands[me]
        same_colour = [c for c in hand if c[0] == top[0]]
        same_number = [c for c in hand if c[1] == top[1]]
        if len(same_number) > len(same_colour):
            same_number.sort(key=lambda c: RAINBOW[c[0]])
            play = same_number[0]
        elif len(same_colour) > 0:
            same_colour.sort(key=lambda c: int(c[1:]))
            play = same_colour[0]
        else:
            play = None
        if play is None:
            print(f"{me + 1}: DRAW")
            if len(pile) > 0:
                hand.append(pile.pop(0))
                passes_in_a_row = 0
            else:
                passes_in_a_row += 1
                if passes_in_a_row == 3:
                    print("NO WINNER")
                    return
        else:
            hand.remove(play)
            top = play
            passes_in_a_row = 0
            if len(hand) == 0:
                print(f"{me + 1}: {play} (WINNER)")
                return
            print(f"{me + 1}: {play}")
        turn += 1


main()
