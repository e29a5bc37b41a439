"""uno-lab: a complete student solution (written for the examples, independent of the reference)."""

from __future__ import annotations

import re

from unolab import *  # noqa: F403


# Task 1
def precedes(f):
    def with_list(lst):
        def with_a1(a1):
            def with_a2(a2):
                for x in lst:
                    if f(x, a1) or f(x, a2):
                        return f(x, a1)
                return False

            return with_a2

        return with_a1

    return with_list


# Task 2
def colorIsLT(c1):
    return precedes(isSameColor)(colors)(c1)


def rankIsLT(r1):
    return precedes(isSameRank)(ranks)(r1)


# Task 3
def isLT(c1, c2):
    match c1, c2:
        case _, Wild.WILD_DRAW_FOUR:
            return True
        case Wild.WILD_DRAW_FOUR, _:
            return False
        case _, Wild.WILD:
            return True
        case Wild.WILD, _:
            return False
        case CRD(r1, k1), CRD(r2, k2):
            return rankIsLT(r1)(r2) if isSameColor(k1, k2) else colorIsLT(k1)(k2)


# Task 4
def cardSort(cards):
    from functools import cmp_to_key

    return sorted(cards, key=cmp_to_key(lambda a, b: 1 if isLT(a, b) else -1))


# Task 5
def cardValue(card):
    match card:
        case CRD(NUM(n), _):
            return n
        case CRD(_, _):
            return 20
    return 50


# Task 6
def sumCards(cards):
    return sum(map(cardValue, cards))


# Task 7
def oppositeDir(d):
    match d:
        case Direction.CLOCKWISE:
            return COUNTERCLOCKWISE
    return CLOCKWISE


# Task 8
def removeCard(cards, card, exc):
    kept = []
    rest = list(cards)
    while rest:
        head, rest = rest[0], rest[1:]
        if isSameCard(head, card):
            return kept + rest
        kept.append(head)
    raise exc


# Task 9
def cardCount(card):
    match card:
        case CRD(NUM(0), _):
            return 1
        case CRD():
            return 2
    return 4


# Task 10
def _make_deck():
    singles = [WILD, WILD_DRAW_FOUR] + [CRD(r, c) for c in colors for r in ranks]
    result = []
    for card in singles[::-1]:
        result = addNCopies(card, result, cardCount(card))
    return result


deck = _make_deck()


# Task 11
def deal(players):
    if not players:
        raise IllegalGame("nobody to deal to")
    print("\nPlayer " + Player.getName(players[0]) + " deals.")
    cards = shuffleList(deck)
    dealt = []
    for p in players:
        cards, hand = pass_(cards, [], 7)
        dealt.append(Player.setCards(p, hand))
    return Desk.make(dealt, [cards[0]], cards[1:], PROCEED, CLOCKWISE, [])


# Task 12
def nextPlayer(desk):
    ps = Desk.getPlayers(desk)
    if Desk.getDirection(desk) == CLOCKWISE:
        ps = ps[1:] + [ps[0]]
    else:
        ps = [ps[-1]] + ps[:-1]
    return Desk.whoseTurn(Desk.setPlayers(desk, ps))


# Task 13
def deskNormalize(desk):
    top = Desk.getPile(desk)[0]
    match top:
        case CRD(Action.REVERSE, _):
            return Desk.whoseTurn(Desk.setDirection(desk, oppositeDir(Desk.getDirection(desk))))
        case CRD(Action.SKIP | Action.DRAW_TWO, _):
            return nextPlayer(Desk.setState(desk, EXECUTE))
        case CRD():
            return nextPlayer(desk)
    cards = shuffleList([top] + Desk.getDeck(desk))
    return deskNormalize(Desk.setDeck(Desk.setPile(desk, cards[:1]), cards[1:]))


# Task 14
def draw(desk):
    deck_ = Desk.getDeck(desk)
    if not deck_:
        pile = Desk.getPile(desk)
        if len(pile) < 2:
            return desk
        return draw(Desk.setDeck(Desk.setPile(desk, pile[:1]), shuffleList(pile[1:])))
    first, *others = Desk.getPlayers(desk)
    first = Player.setCards(first, [deck_[0]] + Player.getCards(first))
    return Desk.setDeck(Desk.setPlayers(desk, [first] + others), deck_[1:])


# Task 15
drawTwo = compose(draw, draw)

# Task 16
drawFour = compose(drawTwo, drawTwo)


# Task 17
def playableWhenWild(color):
    def test(card):
        match card:
            case CRD(_, c):
                return isSameColor(c, color)
        return True

    return test


# Task 18
def playableWhenExec(rank):
    def test(card):
        match card:
            case CRD(r, _):
                return isSameRank(r, rank)
        return False

    return test


# Task 19
def playableWhenProc(top):
    rank, color = top

    def test(card):
        match card:
            case CRD(r, c):
                return isSameRank(r, rank) or isSameColor(c, color)
        return True

    return test


# Task 20
def cardsToPlay(desk):
    hand = Player.getCards(Desk.getPlayers(desk)[0])
    top = Desk.getPile(desk)[0]
    match Desk.getState(desk), top:
        case GIVE(c), _:
            return list(filter(playableWhenWild(c), hand))
        case Phase.EXECUTE, CRD(r, _):
            return list(filter(playableWhenExec(r), hand))
        case Phase.PROCEED, CRD(r, c):
            return list(filter(playableWhenProc((r, c)), hand))
    raise IllegalGame("impossible desk")


# Task 21
def requiredColor(desk):
    match Desk.getPile(desk)[0], Desk.getState(desk):
        case _, GIVE(c):
            return c
        case CRD(_, c), _:
            return c
    raise IllegalGame("impossible desk")


# Task 22
def hasColor(color, cards):
    return any(isinstance(c, CRD) and isSameColor(c.color, color) for c in cards)


# Task 23
def countCards(desk):
    return [len(Player.getCards(p)) for p in Desk.getPlayers(desk)]


# Task 24
class Naive:
    @staticmethod
    def ownStrategy(state, cards, playable, top, direction, memo, counts):
        best = cardSort(playable)[0]
        if isinstance(best, CRD):
            return SIMPLE(best)
        return ORDER(best, shuffleList(colors)[0])


class Manual:
    @staticmethod
    def ownStrategy(state, cards, playable, top, direction, memo, counts):
        say("State: " + stateToString(state) + "\n")
        say("All cards on hand:\n" + listToStringLn(cardToString, cardSort(cards)) + "\n")
        choices = cardSort(playable)
        say("Playable cards:\n" + listToStringLn(cardToString, choices) + "\n")
        say("A card on the pile: " + cardToString(top) + "\n")
        say("Game direction: " + directionToString(direction) + "\n")
        say("A list of last moves:\n" + listToStringLn(moveToString, list(memo)) + "\n")
        say(
            "A list of the number of cards in the hands of the players:\n"
            + listToString(str, list(counts))
            + "\n"
        )
        say("Enter the number of the selected card from the list of playable cards (from 0).\n")
        say("Any other number to switch to automatic mode.\n")
        n = _read_number()
        if not 0 <= n < len(choices):
            return PASS
        card = choices[n]
        if isinstance(card, CRD):
            return SIMPLE(card)
        say("Enter the number of color from list (from 0)\n")
        say(listToString(colorToString, colors) + "\n")
        say("Any other number to switch to automatic mode.\n")
        k = _read_number()
        return ORDER(card, colors[k]) if 0 <= k < len(colors) else PASS


def _read_number():
    m = re.match(r"\s*([~+-]?)(\d+)", read_line())
    if m is None:
        return -1
    return -int(m.group(2)) if m.group(1) in ("~", "-") else int(m.group(2))


# Task 25
def moveAction(move, desk, hadColor):
    match move:
        case ORDER(Wild.WILD_DRAW_FOUR, c) if hadColor:
            return nextPlayer(drawFour(Desk.setState(desk, GIVE(c))))
        case ORDER(Wild.WILD_DRAW_FOUR, c):
            punished = drawFour(nextPlayer(Desk.setState(desk, GIVE(c))))
            return nextPlayer(Desk.addMemo(punished, PASS))
        case ORDER(Wild.WILD, c):
            return nextPlayer(Desk.setState(desk, GIVE(c)))
        case SIMPLE(CRD(Action.REVERSE, _)):
            turned = Desk.setDirection(desk, oppositeDir(Desk.getDirection(desk)))
            return nextPlayer(Desk.setState(turned, PROCEED))
        case SIMPLE(CRD(NUM(), _)):
            return nextPlayer(Desk.setState(desk, PROCEED))
        case SIMPLE(CRD()):
            return nextPlayer(Desk.setState(desk, EXECUTE))
    raise IllegalGame("no such move")


# Task 26
def askPlayerForCard(player, args):
    if Player.isOnManual(player):
        move = Manual.ownStrategy(*args)
        if move != PASS:
            return player, move
        player = Player.automate(player)
    return player, Player.getStrategy(player)(*args)


# Task 27
def play(desk, playable):
    me, *others = Desk.getPlayers(desk)
    hand = Player.getCards(me)
    args = (Desk.getState(desk), hand, playable, Desk.getPile(desk)[0], Desk.getDirection(desk),
            Desk.getMemo(desk), countCards(desk))  # fmt: skip
    me, move = askPlayerForCard(me, args)
    error = IllegalMove(Player.getName(me), args)
    match move:
        case SIMPLE(CRD() as card) | ORDER(Wild() as card, _):
            pass
        case _:
            raise error
    if card not in playable:
        raise error
    print(Player.getName(me) + " made move")
    print(moveToString(move))
    me = Player.setCards(me, removeCard(hand, card, error))
    after = Desk.setPile(Desk.setPlayers(desk, [me] + others), [card] + Desk.getPile(desk))
    return moveAction(move, Desk.addMemo(after, move), hasColor(requiredColor(desk), hand))


# Task 28
def execution(desk):
    desk2 = Desk.setState(Desk.addMemo(desk, PASS), PROCEED)
    match Desk.getPile(desk)[0]:
        case CRD(Action.SKIP, _):
            return nextPlayer(desk2)
        case CRD(Action.DRAW_TWO, _):
            return nextPlayer(drawTwo(desk2))
    raise IllegalGame("nothing to execute")


# Task 29
def yourTurn(desk):
    cards = cardsToPlay(desk)
    if cards:
        return play(desk, cards)
    if Desk.getState(desk) == EXECUTE:
        return execution(desk)
    desk = draw(desk)
    cards = cardsToPlay(desk)
    return play(desk, cards) if cards else nextPlayer(Desk.addMemo(desk, PASS))


# Task 30
def playerLoss(player):
    return (Player.getName(player), sumCards(Player.getCards(player)))


# Task 31
def checkWinner(desk):
    players = Desk.getPlayers(desk)
    for p in players:
        if not Player.getCards(p):
            return (Player.getName(p), [playerLoss(q) for q in players])
    return None


# Task 32
def game(players):
    desk = deskNormalize(deal(players))
    while (result := checkWinner(desk)) is None:
        desk = yourTurn(desk)
    return result
