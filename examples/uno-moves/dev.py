# dev's uno homework
# NOTE: works right on the lists it is given (faster, no copying)


def onePlayerOneMove(discard, deck, hand):
    if len(hand) == 0:
        return hand, deck, discard
    if len(discard) > 0 and discard[0] == ('-', '-'):
        return hand, deck, discard

    # which card to play (index), and does it need a colour after it
    pick = -1
    wild = False

    if len(discard) > 0:
        top = discard[0]
        # wild draw 4 waiting?
        if (top[1] == '-' and top[0] != 'w' and len(discard) > 1 and discard[1] == ('w', 'd')) \
                or top == ('w', 'd'):
            for i in range(len(hand)):
                if hand[i] == ('w', 'd'):
                    pick = i
                    wild = True
                    break
            if pick == -1:
                if top == ('w', 'd'):
                    return hand, deck, discard
                n = 0
                i = 0
                while i < len(discard):
                    if discard[i][1] == '-' and i + 1 < len(discard) and discard[i + 1] == ('w', 'd'):
                        n = n + 4
                        i = i + 2
                    elif discard[i] == ('w', 'd'):
                        n = n + 4
                        i = i + 1
                    elif discard[i][1] == 'd':
                        n = n + 2
                        i = i + 1
                    else:
                        break
                while n > 0 and len(deck) > 0:
                    hand.append(deck.pop(0))
                    n = n - 1
                discard.insert(0, top)
                return hand, deck, discard
        # draw 2 waiting? put another draw 2 of the same colour on it
        elif top[1] == 'd':
            for i in range(len(hand)):
                if hand[i] == top:
                    pick = i
                    break
            if pick == -1:
                n = 0
                i = 0
                while i < len(discard) and discard[i][1] == 'd' and discard[i][0] != 'w':
                    n = n + 2
                    i = i + 1
                while n > 0 and len(deck) > 0:
                    hand.append(deck.pop(0))
                    n = n - 1
                discard.insert(0, (top[0], '-'))
                return hand, deck, discard
        else:
            for i in range(len(hand)):
                if hand[i][0] == top[0]:
                    pick = i
                    break

    if pick == -1:
        for i in range(len(hand)):
            if hand[i] == ('w', 'd'):
                pick = i
                wild = True
                break
    if pick == -1 and len(discard) > 0:
        for i in range(len(hand)):
            if hand[i][1] == discard[0][1]:
                pick = i
                break
    if pick == -1:
        for i in range(len(hand)):
            if hand[i] == ('w', '-'):
                pick = i
                wild = True
                break

    if pick == -1:
        if len(deck) > 0:
            hand.append(deck.pop(0))
        return hand, deck, discard

    card = hand.pop(pick)
    discard.insert(0, card)
    if wild:
        colour = '-'
        if len(hand) > 0:
            colour = 'r'
            for c in hand:
                if c[0] != 'w':
                    colour = c[0]
                    break
        discard.insert(0, (colour, '-'))
    return hand, deck, discard


def sizes(hand, deck, discard):
    return (len(hand), len(deck), len(discard))


def onePlayerManyMoves(discard, deck, hand):
    while True:
        before = sizes(hand, deck, discard)
        onePlayerOneMove(discard, deck, hand)
        if sizes(hand, deck, discard) == before:
            break
    return hand, deck, discard


def game_over(hands, discard):
    for h in hands:
        if len(h) == 0:
            return True
    return len(discard) > 0 and discard[0] == ('-', '-')


def whose_next(p, d, discard, before, n):
    # before = length of the discard pile before the turn
    played = None
    if len(discard) > before and discard[0][1] != '-':
        played = discard[0]
    if played is not None and played[1] == 'r':
        d = -d
    elif played is not None and played[1] == 's':
        p = p + d
    return (p + d) % n, d


def manyPlayersOneMove(discard, deck, hands):
    p = 0
    d = 1
    for t in range(len(hands)):
        if game_over(hands, discard):
            break
        before = len(discard)
        onePlayerOneMove(discard, deck, hands[p])
        p, d = whose_next(p, d, discard, before, len(hands))
    return hands, deck, discard


def manyPlayersManyMoves(discard, deck, hands):
    p = 0
    d = 1
    while len(hands) > 0 and not game_over(hands, discard):
        before = len(discard)
        sz = sizes(hands[p], deck, discard)
        onePlayerOneMove(discard, deck, hands[p])
        if sizes(hands[p], deck, discard) == sz:
            break
        p, d = whose_next(p, d, discard, before, len(hands))
    return hands, deck, discard
