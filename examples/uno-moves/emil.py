# Emil -- homework 3

WILDS = [('w', '-'), ('w', 'd')]


def marker(hand):
    if len(hand) == 0:
        return ('-', '-')
    for card in hand:
        if card not in WILDS:
            return (card[0], '-')
    return ('r', '-')


def penalty(discard):
    total = 0
    pos = 0
    while pos < len(discard):
        card = discard[pos]
        if card[1] == '-' and card[0] in 'rgby' and pos + 1 < len(discard) \
                and discard[pos + 1] == ('w', 'd'):
            total += 4
            pos += 2
        elif card == ('w', 'd'):
            total += 4
            pos += 1
        elif card[1] == 'd':
            total += 2
            pos += 1
        else:
            break
    return total


def play_at(hand, discard, index, name_colour):
    card = hand[index]
    new_hand = hand[:index] + hand[index + 1:]
    new_discard = [card] + discard
    if name_colour:
        new_discard = [marker(new_hand)] + new_discard
    return new_hand, new_discard


def first(hand, wanted):
    for index in range(len(hand)):
        if wanted(hand[index]):
            return index
    return -1


def onePlayerOneMove(discard, deck, hand):
    hand = list(hand)
    deck = list(deck)
    discard = list(discard)
    if len(hand) == 0:
        return hand, deck, discard
    if len(discard) > 0:
        top = discard[0]
        if top == ('-', '-'):
            return hand, deck, discard
        waiting4 = top[1] == '-' and top[0] in 'rgby' and len(discard) > 1 \
            and discard[1] == ('w', 'd')
        if waiting4 or top == ('w', 'd'):
            index = first(hand, lambda c: c == ('w', 'd'))
            if index >= 0:
                hand, discard = play_at(hand, discard, index, True)
                return hand, deck, discard
            if top == ('w', 'd'):
                return hand, deck, discard
            n = penalty(discard)
            return hand + deck[:n], deck[n:], [top] + discard
        if top[1] == 'd':
            index = first(hand, lambda c: c[1] == 'd' and c[0] != 'w')
            if index >= 0:
                hand, discard = play_at(hand, discard, index, False)
                return hand, deck, discard
            n = penalty(discard)
            return hand + deck[:n], deck[n:], [(top[0], '-')] + discard
        index = first(hand, lambda c: c[0] == top[0])
        if index >= 0:
            hand, discard = play_at(hand, discard, index, False)
            return hand, deck, discard
    index = first(hand, lambda c: c == ('w', 'd'))
    if index >= 0:
        hand, discard = play_at(hand, discard, index, True)
        return hand, deck, discard
    if len(discard) > 0:
        index = first(hand, lambda c: c[1] == discard[0][1])
        if index >= 0:
            hand, discard = play_at(hand, discard, index, False)
            return hand, deck, discard
    index = first(hand, lambda c: c == ('w', '-'))
    if index >= 0:
        hand, discard = play_at(hand, discard, index, True)
        return hand, deck, discard
    if len(deck) > 0:
        return hand + [deck[0]], deck[1:], discard
    return hand, deck, discard


def onePlayerManyMoves(discard, deck, hand):
    hand = list(hand)
    deck = list(deck)
    discard = list(discard)
    # keep going until the hand is empty
    while len(hand) > 0:
        new_hand, new_deck, new_discard = onePlayerOneMove(discard, deck, hand)
        if new_hand == hand and new_discard == discard:
            # nothing to play, so draw
            new_hand = new_hand + [new_deck[0]]
            new_deck = new_deck[1:]
        hand, deck, discard = new_hand, new_deck, new_discard
    return hand, deck, discard


def someone_has_won(hands, discard):
    for hand in hands:
        if len(hand) == 0:
            return True
    return len(discard) > 0 and discard[0] == ('-', '-')


def next_player(player, direction, hand_before, hand_after, discard, players):
    played = len(hand_after) < len(hand_before)
    if played and discard[0][1] == 'r':
        direction = -direction
    elif played and discard[0][1] == 's':
        player = player + direction
    return (player + direction) % players, direction


def manyPlayersOneMove(discard, deck, hands):
    hands = [list(hand) for hand in hands]
    player = 0
    direction = 1
    for turn in range(len(hands)):
        if someone_has_won(hands, discard):
            break
        before = hands[player]
        hands[player], deck, discard = onePlayerOneMove(discard, deck, before)
        player, direction = next_player(player, direction, before, hands[player], discard,
                                        len(hands))
    return hands, list(deck), list(discard)


def manyPlayersManyMoves(discard, deck, hands):
    hands = [list(hand) for hand in hands]
    deck = list(deck)
    discard = list(discard)
    player = 0
    direction = 1
    while len(hands) > 0 and not someone_has_won(hands, discard):
        before = hands[player]
        new_hand, new_deck, new_discard = onePlayerOneMove(discard, deck, before)
        if new_hand == before and new_deck == deck and new_discard == discard:
            break  # this player cannot continue
        hands[player], deck, discard = new_hand, new_deck, new_discard
        player, direction = next_player(player, direction, before, new_hand, discard, len(hands))
    return hands, deck, discard
