"""Chloe's UNO homework.

Turn order follows the real UNO rules I know from home: with two players a
Reverse works like a Skip (you go again), and a Skip jumps over the next player.
"""


def colour_marker(hand):
    if not hand:
        return ('-', '-')
    for colour, symbol in hand:
        if colour != 'w':
            return (colour, '-')
    return ('r', '-')


def is_colour_marker(card):
    return card[1] == '-' and card[0] in ('r', 'g', 'b', 'y')


def count_penalty(discard):
    total = 0
    k = 0
    while k < len(discard):
        if is_colour_marker(discard[k]) and k + 1 < len(discard) and discard[k + 1] == ('w', 'd'):
            total += 4
            k += 2
        elif discard[k] == ('w', 'd'):
            total += 4
            k += 1
        elif discard[k][1] == 'd':
            total += 2
            k += 1
        else:
            break
    return total


def choose(discard, hand):
    """Which card to play: (index, needs a marker) or None."""
    if discard:
        top = discard[0]
        if is_colour_marker(top) and len(discard) > 1 and discard[1] == ('w', 'd'):
            for k in range(len(hand)):
                if hand[k] == ('w', 'd'):
                    return k, True
            return None
        if top == ('w', 'd'):
            for k in range(len(hand)):
                if hand[k] == ('w', 'd'):
                    return k, True
            return None
        if top[1] == 'd':
            for k in range(len(hand)):
                if hand[k][1] == 'd' and hand[k][0] != 'w':
                    return k, False
            return None
        for k in range(len(hand)):
            if hand[k][0] == top[0]:
                return k, False
    for k in range(len(hand)):
        if hand[k] == ('w', 'd'):
            return k, True
    if discard:
        for k in range(len(hand)):
            if hand[k][1] == discard[0][1]:
                return k, False
    for k in range(len(hand)):
        if hand[k] == ('w', '-'):
            return k, True
    return None


def one_turn(discard, deck, hand):
    hand = list(hand)
    deck = list(deck)
    discard = list(discard)
    if not hand or (discard and discard[0] == ('-', '-')):
        return hand, deck, discard, None, False
    pick = choose(discard, hand)
    if pick is not None:
        k, marker = pick
        card = hand.pop(k)
        discard.insert(0, card)
        if marker:
            discard.insert(0, colour_marker(hand))
        return hand, deck, discard, card, True
    if discard and discard[0] == ('w', 'd'):
        return hand, deck, discard, None, False  # nobody chose a colour: stuck
    four_waiting = (len(discard) > 1 and is_colour_marker(discard[0])
                    and discard[1] == ('w', 'd'))
    if discard and (discard[0][1] == 'd' or four_waiting):
        top = discard[0]
        n = count_penalty(discard)
        hand.extend(deck[:n])
        del deck[:n]
        if top[1] == 'd':
            discard.insert(0, (top[0], '-'))
        else:
            discard.insert(0, top)
        return hand, deck, discard, None, True
    if deck:
        hand.append(deck.pop(0))
        return hand, deck, discard, None, True
    return hand, deck, discard, None, False


def onePlayerOneMove(discard, deck, hand):
    hand, deck, discard, card, moved = one_turn(discard, deck, hand)
    return hand, deck, discard


def onePlayerManyMoves(discard, deck, hand):
    moved = True
    while moved:
        hand, deck, discard, card, moved = one_turn(discard, deck, hand)
    return list(hand), list(deck), list(discard)


def next_turn(player, direction, card, players):
    if card is not None and card[1] == 'r':
        if players == 2:
            return player, -direction  # reverse = skip with two players
        direction = -direction
        return (player + direction) % players, direction
    if card is not None and card[1] == 's':
        return (player + 2) % players, direction  # skip the next player
    return (player + direction) % players, direction


def someone_won(hands, discard):
    for h in hands:
        if not h:
            return True
    return bool(discard) and discard[0] == ('-', '-')


def manyPlayersOneMove(discard, deck, hands):
    hands = [list(h) for h in hands]
    player, direction = 0, 1
    for t in range(len(hands)):
        if someone_won(hands, discard):
            break
        hands[player], deck, discard, card, moved = one_turn(discard, deck, hands[player])
        player, direction = next_turn(player, direction, card, len(hands))
    return hands, list(deck), list(discard)


def manyPlayersManyMoves(discard, deck, hands):
    hands = [list(h) for h in hands]
    player, direction = 0, 1
    while hands and not someone_won(hands, discard):
        hand, deck, discard, card, moved = one_turn(discard, deck, hands[player])
        if not moved:
            break
        hands[player] = hand
        player, direction = next_turn(player, direction, card, len(hands))
    return hands, list(deck), list(discard)
