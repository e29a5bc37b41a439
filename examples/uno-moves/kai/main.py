# CSCE 322 homework 3 (UNO), Python version
# Ada - all four parts


def is_marker(card):
    # a colour marker like ('b','-') put down after a wild
    return card[1] == '-' and card[0] in 'rgby'


def is_draw_two(card):
    return card[1] == 'd' and card[0] != 'w'


def leftmost(hand, test):
    for i in range(len(hand)):
        if test(hand[i]):
            return i
    return -1


def marker_for(hand):
    # the colour the next player has to follow after a wild
    if len(hand) == 0:
        return ('-', '-')
    for card in hand:
        if card[0] != 'w':
            return (card[0], '-')
    return ('r', '-')


def game_over(hands, discard):
    for hand in hands:
        if len(hand) == 0:
            return True
    if len(discard) > 0 and discard[0] == ('-', '-'):
        return True
    return False


def penalty(discard):
    # count the built-up cards from the front of the discard pile
    total = 0
    i = 0
    while i < len(discard):
        if is_marker(discard[i]) and i + 1 < len(discard) and discard[i + 1] == ('w', 'd'):
            total = total + 4
            i = i + 2
        elif discard[i] == ('w', 'd'):
            total = total + 4
            i = i + 1
        elif is_draw_two(discard[i]):
            total = total + 2
            i = i + 1
        else:
            break
    return total


def take_turn(discard, deck, hand):
    # one turn for one player; works on copies
    # returns (hand, deck, discard, played card or None, did something)
    hand = list(hand)
    deck = list(deck)
    discard = list(discard)

    if len(hand) == 0 or (len(discard) > 0 and discard[0] == ('-', '-')):
        return hand, deck, discard, None, False

    if len(discard) > 0:
        top = discard[0]
        four_waiting = is_marker(top) and len(discard) > 1 and discard[1] == ('w', 'd')
        bare_four = top == ('w', 'd')
        two_waiting = is_draw_two(top)

        if four_waiting or bare_four:
            i = leftmost(hand, lambda c: c == ('w', 'd'))
            if i >= 0:
                card = hand.pop(i)
                discard = [marker_for(hand), card] + discard
                return hand, deck, discard, card, True
            if bare_four:
                # nobody named a colour, so the penalty cannot be paid
                return hand, deck, discard, None, False
            n = penalty(discard)
            hand = hand + deck[:n]
            deck = deck[n:]
            discard = [top] + discard
            return hand, deck, discard, None, True

        if two_waiting:
            i = leftmost(hand, is_draw_two)
            if i >= 0:
                card = hand.pop(i)
                discard = [card] + discard
                return hand, deck, discard, card, True
            n = penalty(discard)
            hand = hand + deck[:n]
            deck = deck[n:]
            discard = [(top[0], '-')] + discard
            return hand, deck, discard, None, True

        # rule 3: same colour
        i = leftmost(hand, lambda c: c[0] == top[0])
        if i >= 0:
            card = hand.pop(i)
            discard = [card] + discard
            return hand, deck, discard, card, True

    # rule 4: wild draw 4
    i = leftmost(hand, lambda c: c == ('w', 'd'))
    if i >= 0:
        card = hand.pop(i)
        discard = [marker_for(hand), card] + discard
        return hand, deck, discard, card, True

    # rule 5: same symbol
    if len(discard) > 0:
        top = discard[0]
        i = leftmost(hand, lambda c: c[1] == top[1])
        if i >= 0:
            card = hand.pop(i)
            discard = [card] + discard
            return hand, deck, discard, card, True

    # rule 6: wild
    i = leftmost(hand, lambda c: c == ('w', '-'))
    if i >= 0:
        card = hand.pop(i)
        discard = [marker_for(hand), card] + discard
        return hand, deck, discard, card, True

    # rule 7: draw
    if len(deck) > 0:
        hand.append(deck[0])
        deck = deck[1:]
        return hand, deck, discard, None, True

    return hand, deck, discard, None, False


def onePlayerOneMove(discard, deck, hand):
    hand, deck, discard, played, moved = take_turn(discard, deck, hand)
    return hand, deck, discard


def onePlayerManyMoves(discard, deck, hand):
    hand = list(hand)
    deck = list(deck)
    discard = list(discard)
    while True:
        hand, deck, discard, played, moved = take_turn(discard, deck, hand)
        if not moved:
            break
    return hand, deck, discard


def next_player(player, direction, played, n):
    if played is not None and played[1] == 'r':
        direction = -direction
        return (player + direction) % n, direction
    if played is not None and played[1] == 's':
        return (player + 2 * direction) % n, direction
    return (player + direction) % n, direction


def manyPlayersOneMove(discard, deck, hands):
    hands = [list(h) for h in hands]
    deck = list(deck)
    discard = list(discard)
    n = len(hands)
    player = 0
    direction = 1
    for turn in range(n):
        if game_over(hands, discard):
            break
        hand, deck, discard, played, moved = take_turn(discard, deck, hands[player])
        hands[player] = hand
        player, direction = next_player(player, direction, played, n)
    return hands, deck, discard


def manyPlayersManyMoves(discard, deck, hands):
    hands = [list(h) for h in hands]
    deck = list(deck)
    discard = list(discard)
    n = len(hands)
    player = 0
    direction = 1
    while n > 0 and not game_over(hands, discard):
        hand, deck, discard, played, moved = take_turn(discard, deck, hands[player])
        if not moved:
            break
        hands[player] = hand
        player, direction = next_player(player, direction, played, n)
    return hands, deck, discard


# --- kai's program: the course's main, reading the .uno text on standard input ----------------
def show(cards):
    return '"' + "".join("[" + c + s + "]" for c, s in cards) + '"'


def main():
    import ast
    import sys

    part = sys.argv[1]
    hands, deck, discard = ast.literal_eval(sys.stdin.read())
    if part in ("part01", "part02"):
        play = onePlayerOneMove if part == "part01" else onePlayerManyMoves
        hand, deck, discard = play(discard, deck, hands[0])
        hands = [hand]
    else:
        play = manyPlayersOneMove if part == "part03" else manyPlayersManyMoves
        hands, deck, discard = play(discard, deck, hands)
    print('"Result"')
    print('"Hands"')
    for hand in hands:
        print(show(hand))
    print('""')
    print('"Discard"')
    print(show(discard))
    print('"Deck"')
    print(show(deck))


if __name__ == "__main__":
    main()
