# ruff: noqa: F403, F405, E501
"""uno-lab: your solution.  Fill in the 32 tasks; keep the names and the calling conventions.

Run the tests in the assignment's README, or play: ``unograde play uno-lab --players 4 --manual 1``.
Everything provided (cards, Player, Desk, shuffleList, pass_, ...) comes from ``unolab``.
Print only through ``print`` or ``say`` (``say`` adds no newline, like SML's print).
"""

from __future__ import annotations

from unolab import *


# Task 1: precedes
def precedes(f):
    """Curried: precedes(f)(lst)(a1)(a2) -> bool. Does a1 occur in lst no later than a2? f(x, y) tests equality.
    Example: precedes(lambda x, y: x == y)([1, 2, 3, 4, 5])(4)(5) == True
    """
    raise NotImplementedError("precedes")


# Task 2: colorIsLT
def colorIsLT(c1):
    """Curried: colorIsLT(c1)(c2) -> bool, by the order of `colors`. Must use precedes.
    Example: colorIsLT(BLUE)(GREEN) == True
    """
    raise NotImplementedError("colorIsLT")


# Task 2: rankIsLT
def rankIsLT(r1):
    """Curried: rankIsLT(r1)(r2) -> bool, by the order of `ranks`. Must use precedes.
    Example: rankIsLT(NUM(3))(SKIP) == True
    """
    raise NotImplementedError("rankIsLT")


# Task 3: isLT
def isLT(c1, c2):
    """isLT(c1, c2) -> bool: is card c1 not greater than c2?
    Example: isLT(WILD, CRD(NUM(3), BLUE)) == False
    """
    raise NotImplementedError("isLT")


# Task 4: cardSort
def cardSort(cards):
    """cardSort(cards) -> list: non-increasing order. Must sort (sorted/list.sort) with isLT.
    Example: cardSort([CRD(SKIP, RED), WILD]) == [WILD, CRD(SKIP, RED)]
    """
    raise NotImplementedError("cardSort")


# Task 5: cardValue
def cardValue(card):
    """cardValue(card) -> int: the points of a card (section 3.1).
    Example: cardValue(CRD(DRAW_TWO, GREEN)) == 20
    """
    raise NotImplementedError("cardValue")


# Task 6: sumCards
def sumCards(cards):
    """sumCards(cards) -> int. Must use cardValue.
    Example: sumCards([WILD, CRD(NUM(0), RED)]) == 50
    """
    raise NotImplementedError("sumCards")


# Task 7: oppositeDir
def oppositeDir(direction):
    """oppositeDir(direction) -> direction.
    Example: oppositeDir(CLOCKWISE) == COUNTERCLOCKWISE
    """
    raise NotImplementedError("oppositeDir")


# Task 8: removeCard
def removeCard(cards, card, exc):
    """removeCard(cards, card, exc) -> list without the first occurrence of card; raise exc if absent. Must use isSameCard.
    Example: removeCard([WILD, CRD(NUM(1), RED)], WILD, Empty) == [CRD(NUM(1), RED)]
    """
    raise NotImplementedError("removeCard")


# Task 9: cardCount
def cardCount(card):
    """cardCount(card) -> int: copies of card in the deck.
    Example: cardCount(WILD) == 4
    """
    raise NotImplementedError("cardCount")


# Task 10: deck -- the 108-card deck as a module-level list (wild cards first, then each colour
# of `colors` with the ranks of `ranks`).  Must use cardCount and addNCopies.
deck: list = []


# Task 11: deal
def deal(players):
    """deal(players) -> Desk. Print the dealer message, shuffle `deck`, 7 cards each with pass_.
    The dealer message is graded exactly, line by line: for a first player named Pavel it is
    say("\nPlayer Pavel deals.\n")  (a blank line, then "Player Pavel deals.").
    Example: deal([Player.make('A', [], FalseStrategy.ownStrategy, False)])
    """
    raise NotImplementedError("deal")


# Task 12: nextPlayer
def nextPlayer(desk):
    """nextPlayer(desk) -> Desk: rotate by direction, then Desk.whoseTurn."""
    raise NotImplementedError("nextPlayer")


# Task 13: deskNormalize
def deskNormalize(desk):
    """deskNormalize(desk) -> Desk: the dealing rules of section 3.2. Use nextPlayer, shuffleList."""
    raise NotImplementedError("deskNormalize")


# Task 14: draw
def draw(desk):
    """draw(desk) -> Desk: the current player takes the top deck card onto the head of the hand."""
    raise NotImplementedError("draw")


# Task 15: drawTwo
def drawTwo(desk):
    """drawTwo(desk) -> Desk. Must compose draw (compose(draw, draw))."""
    raise NotImplementedError("drawTwo")


# Task 16: drawFour
def drawFour(desk):
    """drawFour(desk) -> Desk. Must be drawTwo's solution with drawTwo in place of draw."""
    raise NotImplementedError("drawFour")


# Task 17: playableWhenWild
def playableWhenWild(color):
    """Curried: playableWhenWild(color)(card) -> bool. Must use isSameColor.
    Example: playableWhenWild(BLUE)(WILD_DRAW_FOUR) == True
    """
    raise NotImplementedError("playableWhenWild")


# Task 18: playableWhenExec
def playableWhenExec(rank):
    """Curried: playableWhenExec(rank)(card) -> bool. Must use isSameRank.
    Example: playableWhenExec(SKIP)(WILD_DRAW_FOUR) == False
    """
    raise NotImplementedError("playableWhenExec")


# Task 19: playableWhenProc
def playableWhenProc(top):
    """Curried: playableWhenProc((rank, color))(card) -> bool. Must use isSameColor and isSameRank.
    Example: playableWhenProc((NUM(5), RED))(CRD(SKIP, RED)) == True
    """
    raise NotImplementedError("playableWhenProc")


# Task 20: cardsToPlay
def cardsToPlay(desk):
    """cardsToPlay(desk) -> list of the current player's playable cards. Use filter and playableWhen*."""
    raise NotImplementedError("cardsToPlay")


# Task 21: requiredColor
def requiredColor(desk):
    """requiredColor(desk) -> color."""
    raise NotImplementedError("requiredColor")


# Task 22: hasColor
def hasColor(color, cards):
    """hasColor(color, cards) -> bool."""
    raise NotImplementedError("hasColor")


# Task 23: countCards
def countCards(desk):
    """countCards(desk) -> list of int."""
    raise NotImplementedError("countCards")


# Task 24: Naive.ownStrategy -- play the greatest playable card (cardSort); with a wild card, ORDER
# the first colour of shuffleList(colors).  Depends on the third argument only.
class Naive:
    @staticmethod
    def ownStrategy(state, cards, playable, top, direction, memo, counts):
        raise NotImplementedError("Naive.ownStrategy")


# The template's manual strategy (provided: it needs your cardSort).
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
    """Int.fromString on a line: the leading integer (~ is a minus sign), else -1."""
    import re

    m = re.match(r"\s*([~+-]?)(\d+)", read_line())
    if m is None:
        return -1
    return -int(m.group(2)) if m.group(1) in ("~", "-") else int(m.group(2))


# Task 25: moveAction
def moveAction(move, desk, hadColor):
    """moveAction(move, desk, hadColor) -> Desk. Use oppositeDir, nextPlayer.
    The move is on the pile and in the memo already (play put it there).  WILD_DRAW_FOUR: with
    hadColor the player takes 4 cards and the next one plays; without, the next player takes 4,
    skips (a PASS in the memo: Desk.addMemo(desk, PASS)) and the one after plays.
    """
    raise NotImplementedError("moveAction")


# Task 26: askPlayerForCard
def askPlayerForCard(player, args):
    """askPlayerForCard(player, args) -> (player, move). Manual players ask Manual.ownStrategy first."""
    raise NotImplementedError("askPlayerForCard")


# Task 27: play
def play(desk, playable):
    """play(desk, playable) -> Desk, or raise IllegalMove(name, args).
    A legal move is announced exactly (graded line by line): for Sergey playing SIMPLE (WILD)
    say("Sergey made move\n") then say(moveToString(move) + "\n").
    """
    raise NotImplementedError("play")


# Task 28: execution
def execution(desk):
    """execution(desk) -> Desk. Use nextPlayer, drawTwo.
    The current player skips: first a PASS in the memo, then SKIP just passes the turn, DRAW_TWO
    makes the player take 2 first; the state becomes PROCEED.
    """
    raise NotImplementedError("execution")


# Task 29: yourTurn
def yourTurn(desk):
    """yourTurn(desk) -> Desk: one turn.
    Play if a card fits; under EXECUTE with none, execution; otherwise draw one card and play it
    if it fits, else skip: a PASS in the memo and the turn passes.
    """
    raise NotImplementedError("yourTurn")


# Task 30: playerLoss
def playerLoss(player):
    """playerLoss(player) -> (name, points). Use sumCards."""
    raise NotImplementedError("playerLoss")


# Task 31: checkWinner
def checkWinner(desk):
    """checkWinner(desk) -> None or (winner, [(name, loss), ...])."""
    raise NotImplementedError("checkWinner")


# Task 32: game
def game(players):
    """game(players) -> (winner, [(name, loss), ...])."""
    raise NotImplementedError("game")
