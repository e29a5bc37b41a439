# Dmitri's submission: a Python program. (Wrong: on a tie he plays the number, reading
# "more cards of the matching number" as "at least as many".) His lines end in a space,
# which must not count against him.
import sys

ORDER = "RYGB"

cards = sys.stdin.read().split()
hands = [cards[0:5], cards[5:10], cards[10:15]]
top = cards[15]
pile = cards[16:]
print("0: " + top + " ")
player = 0
passes = 0
while True:
    hand = hands[player]
    colour = [c for c in hand if c[0] == top[0]]
    number = [c for c in hand if c[1] == top[1]]
    if number and len(number) >= len(colour):
        card = min(number, key=lambda c: ORDER.index(c[0]))
    elif colour:
        card = min(colour, key=lambda c: int(c[1]))
    else:
        card = None
    if card is None:
        print(str(player + 1) + ": DRAW ")
        if pile:
            hand.append(pile.pop(0))
            passes = 0
        else:
            passes += 1
            if passes == 3:
                print("NO WINNER")
                break
    else:
        hand.remove(card)
        top = card
        passes = 0
        if not hand:
            print(str(player + 1) + ": " + card + " (WINNER)")
            break
        print(str(player + 1) + ": " + card + " ")
    player = (player + 1) % 3
