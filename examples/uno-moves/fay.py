# Fay's UNO

def left_most(hand, test):
    for i, card in enumerate(hand):
        if test(card):
            return i
    return None


def name_colour(hand):
    if not hand:
        return ('-', '-')
    for card in hand:
        if card[0] != 'w':
            return (card[0], '-')
    return ('r', '-')


def draw_penalty(discard):
    total, i = 0, 0
    while i < len(discard):
        if discard[i][1] == '-' and discard[i][0] in 'rgby' and i + 1 < len(discard) \
                and discard[i + 1] == ('w', 'd'):
            total, i = total + 4, i + 2
        elif discard[i] == ('w', 'd'):
            total, i = total + 4, i + 1
        elif discard[i][1] == 'd':
            total, i = total + 2, i + 1
        else:
            break
    return total


def move(discard, deck, hand):
    """One turn. Returns hand, deck, discard and the card played (None if no card)."""
    hand, deck, discard = list(hand), list(deck), list(discard)
    if not hand or (discard and discard[0] == ('-', '-')):
        return hand, deck, discard, None
    top = discard[0] if discard else None
    rules = []
    if top is not None:
        four = top == ('w', 'd') or (
            top[1] == '-' and top[0] in 'rgby' and len(discard) > 1 and discard[1] == ('w', 'd'))
        if four:
            i = left_most(hand, lambda c: c == ('w', 'd'))
            if i is None:
                if top == ('w', 'd'):
                    return hand, deck, discard, None
                n = draw_penalty(discard)
                return hand + deck[:n], deck[n:], [top] + discard, None
            rules = [(i, True)]
        elif top[1] == 'd':
            i = left_most(hand, lambda c: c[1] == 'd' and c[0] != 'w')
            if i is None:
                n = draw_penalty(discard)
                return hand + deck[:n], deck[n:], [(top[0], '-')] + discard, None
            rules = [(i, False)]
        else:
            rules.append((left_most(hand, lambda c: c[0] == top[0]), False))
    rules.append((left_most(hand, lambda c: c == ('w', 'd')), True))
    if top is not None:
        rules.append((left_most(hand, lambda c: c[1] == top[1]), False))
    rules.append((left_most(hand, lambda c: c == ('w', '-')), True))
    for i, wild in rules:
        if i is not None:
            card = hand.pop(i)
            discard = [card] + discard
            if wild:
                discard = [name_colour(hand)] + discard
            return hand, deck, discard, card
    if deck:
        return hand + deck[:1], deck[1:], discard, None
    return hand, deck, discard, None


def onePlayerOneMove(discard, deck, hand):
    hand, deck, discard, card = move(discard, deck, hand)
    return hand, deck, discard


def onePlayerManyMoves(discard, deck, hand):
    while True:
        new = move(discard, deck, hand)
        if (new[0], new[1], new[2]) == (list(hand), list(deck), list(discard)):
            break
        hand, deck, discard = new[0], new[1], new[2]
    return list(hand), list(deck), list(discard)


def after(player, step, card, n):
    if card is not None and card[1] == 'r':
        step = -step
    elif card is not None and card[1] == 's':
        player = player + step
    return (player + step) % n, step


def finished(hands, discard):
    return any(len(h) == 0 for h in hands) or (len(discard) > 0 and discard[0] == ('-', '-'))


def manyPlayersOneMove(discard, deck, hands):
    hands = [list(h) for h in hands]
    player, step = 0, 1
    for _ in range(len(hands)):
        if finished(hands, discard):
            break
        hands[player], deck, discard, card = move(discard, deck, hands[player])
        player, step = after(player, step, card, len(hands))
    return hands, list(deck), list(discard)


def manyPlayersManyMoves(discard, deck, hands):
    hands = [list(h) for h in hands]
    player, step = 0, 1
    while True:
        if finished(hands, discard):
            break
        hands[player], deck, discard, card = move(discard, deck, hands[player])
        player, step = after(player, step, card, len(hands))
    return hands, list(deck), list(discard)
