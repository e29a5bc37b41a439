# Fatima's submission: the function form. (Wrong: she sorts the number cards by colour letter,
# alphabetically B-G-R-Y, instead of in rainbow order R-Y-G-B.)


def ochosLocos(hands, discard, draw_pile):
    hands = [sorted(h) for h in hands]
    pile = list(draw_pile)
    top = discard
    out = ["0: " + top]
    turn = 0
    passes = 0
    while passes < 3:
        me = turn % 3
        colour = sorted((c for c in hands[me] if c[0] == top[0]), key=lambda c: c[1])
        number = sorted(c for c in hands[me] if c[1] == top[1])
        if len(number) > len(colour):
            card = number[0]
        elif colour:
            card = colour[0]
        else:
            card = None
        if card is None:
            out.append(f"{me + 1}: DRAW")
            if pile:
                hands[me].append(pile.pop(0))
                passes = 0
            else:
                passes += 1
        else:
            hands[me].remove(card)
            top = card
            passes = 0
            if not hands[me]:
                out.append(f"{me + 1}: {card} (WINNER)")
                return out
            out.append(f"{me + 1}: {card}")
        turn += 1
    out.append("NO WINNER")
    return out
