# Gus -- UNO hw. Lots of prints so I can see what's going on!!

DEBUG = True


def show(cards):
    return ''.join('[' + c[0] + c[1] + ']' for c in cards)


def log(*things):
    if DEBUG:
        print(*things)


def pick_marker(hand):
    if len(hand) == 0:
        return ('-', '-')
    for c in hand:
        if c[0] != 'w':
            return (c[0], '-')
    return ('r', '-')


def waiting_four(discard):
    return len(discard) > 1 and discard[0][1] == '-' and discard[0][0] in 'rgby' \
        and discard[1] == ('w', 'd')


def how_many(discard):
    n, i = 0, 0
    while i < len(discard):
        if discard[i][1] == '-' and discard[i][0] in 'rgby' and i + 1 < len(discard) \
                and discard[i + 1] == ('w', 'd'):
            n += 4
            i += 2
        elif discard[i] == ('w', 'd'):
            n += 4
            i += 1
        elif discard[i][1] == 'd':
            n += 2
            i += 1
        else:
            break
    return n


def do_turn(discard, deck, hand):
    hand, deck, discard = list(hand), list(deck), list(discard)
    log('--- turn --- hand', show(hand))
    log('    discard', show(discard))
    log('    deck', show(deck))
    for i, c in enumerate(hand):
        log('    card', i, c)
    if len(hand) == 0 or (len(discard) > 0 and discard[0] == ('-', '-')):
        log('    game is over')
        return hand, deck, discard, None, False

    def play(i, wild):
        card = hand.pop(i)
        discard.insert(0, card)
        if wild:
            discard.insert(0, pick_marker(hand))
        log('    played', card, 'wild' if wild else '')
        return hand, deck, discard, card, True

    if len(discard) > 0:
        top = discard[0]
        log('    top is', top)
        if waiting_four(discard) or top == ('w', 'd'):
            log('    wild draw 4 waiting')
            for i, c in enumerate(hand):
                if c == ('w', 'd'):
                    return play(i, True)
            if top == ('w', 'd'):
                log('    stuck on a bare wild draw 4')
                return hand, deck, discard, None, False
            n = how_many(discard)
            log('    must draw', n)
            hand += deck[:n]
            deck = deck[n:]
            discard.insert(0, top)
            return hand, deck, discard, None, True
        if top[1] == 'd':
            log('    draw 2 waiting')
            for i, c in enumerate(hand):
                if c[1] == 'd' and c[0] != 'w':
                    return play(i, False)
            n = how_many(discard)
            log('    must draw', n)
            hand += deck[:n]
            deck = deck[n:]
            discard.insert(0, (top[0], '-'))
            return hand, deck, discard, None, True
        for i, c in enumerate(hand):
            log('    colour?', c, top)
            if c[0] == top[0]:
                return play(i, False)
    for i, c in enumerate(hand):
        if c == ('w', 'd'):
            return play(i, True)
    if len(discard) > 0:
        for i, c in enumerate(hand):
            log('    symbol?', c, discard[0])
            if c[1] == discard[0][1]:
                return play(i, False)
    for i, c in enumerate(hand):
        if c == ('w', '-'):
            return play(i, True)
    if len(deck) > 0:
        log('    drawing', deck[0])
        hand.append(deck[0])
        return hand, deck[1:], discard, None, True
    log('    cannot do anything')
    return hand, deck, discard, None, False


def onePlayerOneMove(discard, deck, hand):
    hand, deck, discard, card, ok = do_turn(discard, deck, hand)
    return hand, deck, discard


def onePlayerManyMoves(discard, deck, hand):
    ok = True
    count = 0
    while ok:
        count += 1
        log('TURN', count)
        hand, deck, discard, card, ok = do_turn(discard, deck, hand)
    log('done after', count, 'turns')
    return list(hand), list(deck), list(discard)


def over(hands, discard):
    for h in hands:
        if len(h) == 0:
            return True
    return len(discard) > 0 and discard[0] == ('-', '-')


def manyPlayersOneMove(discard, deck, hands):
    hands = [list(h) for h in hands]
    n = len(hands)
    p, way = 0, 1
    for t in range(n):
        log('TURN', t + 1, 'player', p + 1, 'direction', way)
        for k in range(n):
            log('  hand', k + 1, show(hands[k]))
        if over(hands, discard):
            break
        hands[p], deck, discard, card, ok = do_turn(discard, deck, hands[p])
        if card is not None and card[1] == 'r':
            way = -way
            log('  reverse!')
        elif card is not None and card[1] == 's':
            p = p + way
            log('  skip!')
        p = (p + way) % n
    return hands, list(deck), list(discard)


def manyPlayersManyMoves(discard, deck, hands):
    hands = [list(h) for h in hands]
    n = len(hands)
    p, way = 0, 1
    t = 0
    while n > 0 and not over(hands, discard):
        t += 1
        log('TURN', t, 'player', p + 1, 'direction', way)
        for k in range(n):
            log('  hand', k + 1, show(hands[k]))
        new_hand, deck, discard, card, ok = do_turn(discard, deck, hands[p])
        if not ok:
            log('  player', p + 1, 'cannot continue')
            break
        hands[p] = new_hand
        if card is not None and card[1] == 'r':
            way = -way
            log('  reverse!')
        elif card is not None and card[1] == 's':
            p = p + way
            log('  skip!')
        p = (p + way) % n
    log('GAME OVER after', t, 'turns')
    return hands, list(deck), list(discard)
