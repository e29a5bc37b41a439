# Jo's UNO homework


def colour_marker(hand):
    if len(hand) == 0:
        return ('-', '-')
    for card in hand
        if card[0] != 'w':
            return (card[0], '-')
    return ('r', '-')


def onePlayerOneMove(discard, deck, hand):
    hand = list(hand)
    deck = list(deck)
    discard = list(discard)
    if len(hand) == 0:
        return hand, deck, discard
    top = discard[0]
    for i in range(len(hand)):
        if hand[i][0] == top[0]:
            card = hand.pop(i)
            return hand, deck, [card] + discard
    if len(deck) > 0:
        return hand + [deck[0]], deck[1:], discard
    return hand, deck, discard
