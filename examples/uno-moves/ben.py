# Ben - UNO homework (Python port)
# Wilds always need a colour after them so the next player knows what to play.

WILD = ('w', '-')
WILD4 = ('w', 'd')


def find(hand, ok):
    """index of the left-most card in hand for which ok(card) is true, or None"""
    for i, c in enumerate(hand):
        if ok(c):
            return i
    return None


def colour_after(hand):
    if hand == []:
        return ('-', '-')
    for c in hand:
        if c[0] != 'w':
            return (c[0], '-')
    return ('r', '-')


def play(hand, discard, i):
    card = hand[i]
    hand = hand[:i] + hand[i + 1:]
    discard = [card] + discard
    if card[0] == 'w':
        # any wild gets a colour
        discard = [colour_after(hand)] + discard
    return hand, discard, card


def owed(discard):
    n = 0
    i = 0
    while i < len(discard):
        c = discard[i]
        if c[1] == '-' and c[0] in 'rgby' and i + 1 < len(discard) and discard[i + 1] == WILD4:
            n += 4
            i += 2
        elif c == WILD4:
            n += 4
            i += 1
        elif c[1] == 'd':
            n += 2
            i += 1
        else:
            break
    return n


def turn(discard, deck, hand):
    """returns hand, deck, discard, card played (or None), whether anything happened"""
    hand, deck, discard = list(hand), list(deck), list(discard)
    if hand == [] or (discard and discard[0] == ('-', '-')):
        return hand, deck, discard, None, False
    if discard:
        top = discard[0]
        wd_waiting = top[1] == '-' and top[0] in 'rgby' and len(discard) > 1 and discard[1] == WILD4
        if wd_waiting or top == WILD4:
            i = find(hand, lambda c: c == WILD4)
            if i is not None:
                hand, discard, card = play(hand, discard, i)
                return hand, deck, discard, card, True
            if top == WILD4:
                return hand, deck, discard, None, False
            n = owed(discard)
            hand += deck[:n]
            deck = deck[n:]
            discard = [top] + discard
            return hand, deck, discard, None, True
        if top[1] == 'd':
            i = find(hand, lambda c: c[1] == 'd' and c[0] != 'w')
            if i is not None:
                hand, discard, card = play(hand, discard, i)
                return hand, deck, discard, card, True
            n = owed(discard)
            hand += deck[:n]
            deck = deck[n:]
            discard = [(top[0], '-')] + discard
            return hand, deck, discard, None, True
        i = find(hand, lambda c: c[0] == top[0])
        if i is not None:
            hand, discard, card = play(hand, discard, i)
            return hand, deck, discard, card, True
    i = find(hand, lambda c: c == WILD4)
    if i is not None:
        hand, discard, card = play(hand, discard, i)
        return hand, deck, discard, card, True
    if discard:
        i = find(hand, lambda c: c[1] == discard[0][1])
        if i is not None:
            hand, discard, card = play(hand, discard, i)
            return hand, deck, discard, card, True
    i = find(hand, lambda c: c == WILD)
    if i is not None:
        hand, discard, card = play(hand, discard, i)
        return hand, deck, discard, card, True
    if deck:
        hand.append(deck[0])
        return hand, deck[1:], discard, None, True
    return hand, deck, discard, None, False


def onePlayerOneMove(discard, deck, hand):
    hand, deck, discard, _, _ = turn(discard, deck, hand)
    return (hand, deck, discard)


def onePlayerManyMoves(discard, deck, hand):
    going = True
    while going:
        hand, deck, discard, _, going = turn(discard, deck, hand)
    return (list(hand), list(deck), list(discard))


def anyone_won(hands, discard):
    return any(h == [] or h == () for h in hands) or (discard and discard[0] == ('-', '-'))


def manyPlayersOneMove(discard, deck, hands):
    hands = [list(h) for h in hands]
    p, step = 0, 1
    for _ in range(len(hands)):
        if anyone_won(hands, discard):
            break
        hands[p], deck, discard, card, _ = turn(discard, deck, hands[p])
        if card and card[1] == 'r':
            step = -step
        elif card and card[1] == 's':
            p += step
        p = (p + step) % len(hands)
    return (hands, list(deck), list(discard))


def manyPlayersManyMoves(discard, deck, hands):
    hands = [list(h) for h in hands]
    p, step = 0, 1
    while hands and not anyone_won(hands, discard):
        new_hand, deck, discard, card, moved = turn(discard, deck, hands[p])
        if not moved:
            break
        hands[p] = new_hand
        if card and card[1] == 'r':
            step = -step
        elif card and card[1] == 's':
            p += step
        p = (p + step) % len(hands)
    return (hands, list(deck), list(discard))
