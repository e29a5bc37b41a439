# Amara's submission: the function form. (Correct.)

COLOURS = "RYGB"


def pick(hand, top):
    colour = [c for c in hand if c[0] == top[0]]
    number = [c for c in hand if c[1] == top[1]]
    if len(number) > len(colour):
        return sorted(number, key=lambda c: COLOURS.index(c[0]))[0]
    if colour:
        return sorted(colour, key=lambda c: int(c[1]))[0]
    return None


def ochosLocos(hands, discard, draw_pile):
    hands = [list(h) for h in hands]
    pile = list(draw_pile)
    top = discard
    lines = ["0: " + top]
    passes = 0
    player = 0
    while True:
        card = pick(hands[player], top)
        if card is None:
            if pile:
                hands[player].append(pile.pop(0))
                passes = 0
            else:
                passes += 1
            lines.append(f"{player + 1}: DRAW")
            if passes == 3:
                lines.append("NO WINNER")
                return lines
        else:
            hands[player].remove(card)
            top = card
            passes = 0
            if not hands[player]:
                lines.append(f"{player + 1}: {card} (WINNER)")
                return lines
            lines.append(f"{player + 1}: {card}")
        player = (player + 1) % 3
