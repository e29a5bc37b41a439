"""Hand-written uno-lab cases: the seed's own examples and the edge cases of each task.

Every expected text here was written by hand from the seed (section 7's examples, section 5's
transcript) or worked out in the comment beside it; none was produced by running the reference.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cases import CaseInput


@dataclass(frozen=True)
class HandCase:
    task: str
    label: str
    covers: tuple[str, ...]
    case: CaseInput
    expected: str
    comment: str


def _c(task: str, label: str, covers: str, call: str, expected: str, comment: str, **kw):
    return HandCase(task, label, tuple(covers.split(",")), CaseInput(task, call, **kw),
                    expected, comment)  # fmt: skip


SEED_HAND = (
    "[CRD (NUM 2, YELLOW), CRD (NUM 5, GREEN), CRD (NUM 8, YELLOW), CRD (REVERSE, YELLOW), "
    "WILD, CRD (SKIP, RED), CRD (DRAW_TWO, GREEN)]"
)
F = "False.ownStrategy"
N = "Naive.ownStrategy"
FIRST = "First.ownStrategy"  # the adapter's scripted strategy: first playable card of the hand


def _p(name: str, cards: str = "[]", strategy: str = F, manual: str = "false") -> str:
    return f'{{name = "{name}", cards = {cards}, strategy = {strategy}, manual = {manual}}}'


def _desk(players: list[str], pile: str, deck: str, state: str, direction: str, memo: str) -> str:
    body = "\n  , ".join(players)
    return (
        f"{{ players =\n  [ {body} ]\n, pile = {pile}\n, deck = {deck}\n, state = {state}"
        f"\n, direction = {direction}\n, memo = {memo} }}"
    )


P3 = [_p("Sergey"), _p("Pavel"), _p("Saveliy")]

HAND_WRITTEN: list[HandCase] = [
    _c("precedes", "seed", "seed example", "precedes (op =) [1, 2, 3, 4, 5] 4 5",
       "result: true\n", "seed, task 1"),
    _c("precedes", "later", "order", "precedes (op =) [1, 2, 3, 4, 5] 5 3",
       "result: false\n", "5 comes after 3"),
    _c("precedes", "same", "equal elements", "precedes (op =) [1, 2, 3] 2 2",
       "result: true\n", "'no later than': an element precedes itself"),
    _c("precedes", "absent", "neither found", "precedes (op =) [] 3 5",
       "result: false\naccept: raises IllegalGame\n",
       "seed silent: false (Decisions); the course's own test also accepts IllegalGame"),
    _c("colorIsLT", "seed", "seed example", "colorIsLT BLUE GREEN", "result: true\n",
       "seed, task 2"),
    _c("colorIsLT", "max", "order", "colorIsLT RED BLUE", "result: false\n",
       "RED is the greatest colour"),
    _c("rankIsLT", "seed", "seed example", "rankIsLT (NUM 3) SKIP", "result: true\n",
       "seed, task 2"),
    _c("rankIsLT", "same", "equal elements", "rankIsLT DRAW_TWO DRAW_TWO", "result: true\n",
       "equal ranks are 'not greater'"),
    _c("isLT", "seed", "seed example", "isLT (WILD, CRD (NUM 3, BLUE))", "result: false\n",
       "seed, task 3"),
    _c("isLT", "colour-first", "order", "isLT (CRD (NUM 9, YELLOW), CRD (NUM 0, BLUE))",
       "result: true\n", "colour decides before rank: YELLOW < BLUE"),
    _c("isLT", "wild4", "wild cards", "isLT (WILD_DRAW_FOUR, WILD)", "result: false\n",
       "WILD_DRAW_FOUR is above WILD"),
    _c("cardSort", "seed", "seed example", f"cardSort {SEED_HAND}",
       "result: [WILD, CRD (SKIP, RED), CRD (DRAW_TWO, GREEN), CRD (NUM 5, GREEN),\n"
       "  CRD (REVERSE, YELLOW), CRD (NUM 8, YELLOW), CRD (NUM 2, YELLOW)]\n", "seed, task 4"),
    _c("cardSort", "empty", "empty list", "cardSort []", "result: []\n", "nothing to sort"),
    _c("cardValue", "seed", "seed example", "cardValue (CRD (DRAW_TWO, GREEN))",
       "result: 20\n", "seed, task 5"),
    _c("cardValue", "zero", "number card", "cardValue (CRD (NUM 0, RED))", "result: 0\n",
       "face value"),
    _c("sumCards", "seed", "seed example", f"sumCards {SEED_HAND}", "result: 125\n",
       "seed, task 6: 2+5+8+20+50+20+20"),
    _c("sumCards", "empty", "empty list", "sumCards []", "result: 0\n", "no cards"),
    _c("oppositeDir", "seed", "seed example", "oppositeDir CLOCKWISE",
       "result: COUNTERCLOCKWISE\n", "seed, task 7"),
    _c("removeCard", "seed", "seed example",
       f"removeCard ({SEED_HAND}, CRD (NUM 5, GREEN), List.Empty)",
       "result: [CRD (NUM 2, YELLOW), CRD (NUM 8, YELLOW), CRD (REVERSE, YELLOW), WILD,\n"
       "  CRD (SKIP, RED), CRD (DRAW_TWO, GREEN)]\n", "seed, task 8"),
    _c("removeCard", "absent", "absent card", "removeCard ([], CRD (NUM 2, BLUE), List.Empty)",
       "raises: List.Empty\n", "the given exception is raised"),
    _c("removeCard", "first", "duplicates", "removeCard ([WILD, CRD (NUM 1, RED), WILD], WILD, "
       "IllegalGame)", "result: [CRD (NUM 1, RED), WILD]\n", "only the first occurrence goes"),
    _c("cardCount", "seed", "seed example", "cardCount WILD", "result: 4\n", "seed, task 9"),
    _c("cardCount", "zero", "NUM 0", "cardCount (CRD (NUM 0, RED))", "result: 1\n",
       "section 3.1: one NUM 0 per colour"),
    _c("deck", "whole", "the deck",
       "deck",
       "result: [WILD, WILD, WILD, WILD, WILD_DRAW_FOUR, WILD_DRAW_FOUR, WILD_DRAW_FOUR,\n  "
       "WILD_DRAW_FOUR, "
       + ", ".join(
           ", ".join(
               [f"CRD (NUM 0, {col})"]
               + [f"CRD ({r}, {col}), CRD ({r}, {col})"
                  for r in [f"NUM {i}" for i in range(1, 10)] + ["REVERSE", "SKIP", "DRAW_TWO"]]
           )
           for col in ["YELLOW", "BLUE", "GREEN", "RED"]
       )
       + "]\n",
       "the course's own test 10: wild cards, then colours by `colors`, ranks by `ranks`"),
    _c("deck", "cards", "the 108 cards", "deck", "properties: deck\n",
       "section 3.1: 4 WILD, 4 WILD_DRAW_FOUR, per colour one NUM 0 and two of every other rank"),
    _c("deal", "ten", "properties", "deal [" + ", ".join(_p(n) for n in [
        "Sergey", "Pavel", "Saveliy", "Igor", "Gennadiy", "Irina", "Elsa", "Sevastian",
        "Arseniy", "Olga"]) + "]", "properties: deal\n", "the seed's ten players", seed=1),
    _c("deal", "none", "no players", "deal []", "raises: IllegalGame\n",
       "Decisions: no players is an IllegalGame"),
    _c("nextPlayer", "course", "clockwise",
       "nextPlayer " + _desk(P3, "[]", "[]", "PROCEED", "CLOCKWISE", "[]"),
       "result: " + _desk([P3[1], P3[2], P3[0]], "[]", "[]", "PROCEED", "CLOCKWISE", "[]")
       + "\nprinted:\n|\n|The turn of Pavel\n|\n", "rotate left; whoseTurn prints"),
    _c("nextPlayer", "ccw", "counterclockwise",
       "nextPlayer " + _desk(P3, "[]", "[]", "PROCEED", "COUNTERCLOCKWISE", "[]"),
       "result: " + _desk([P3[2], P3[0], P3[1]], "[]", "[]", "PROCEED", "COUNTERCLOCKWISE", "[]")
       + "\nprinted:\n|\n|The turn of Saveliy\n|\n", "rotate right"),
    _c("deskNormalize", "reverse", "REVERSE first",
       "deskNormalize " + _desk(P3, "[CRD (REVERSE, RED)]", "[]", "PROCEED", "CLOCKWISE", "[]"),
       "result: " + _desk(P3, "[CRD (REVERSE, RED)]", "[]", "PROCEED", "COUNTERCLOCKWISE", "[]")
       + "\nprinted:\n|\n|The turn of Sergey\n|\n", "the dealer plays first, direction turned"),
    _c("deskNormalize", "skip", "SKIP first",
       "deskNormalize " + _desk(P3, "[CRD (SKIP, GREEN)]", "[]", "PROCEED", "CLOCKWISE", "[]"),
       "result: " + _desk([P3[1], P3[2], P3[0]], "[CRD (SKIP, GREEN)]", "[]", "EXECUTE",
                          "CLOCKWISE", "[]")
       + "\nprinted:\n|\n|The turn of Pavel\n|\n", "left of the dealer executes SKIP"),
    _c("deskNormalize", "wild", "wild first",
       "deskNormalize " + _desk(P3, "[WILD]", "[CRD (NUM 1, RED)]", "PROCEED", "CLOCKWISE", "[]"),
       "result: " + _desk([P3[1], P3[2], P3[0]], "[CRD (NUM 1, RED)]", "[WILD]", "PROCEED",
                          "CLOCKWISE", "[]")
       + "\nprinted:\n|\n|The turn of Pavel\n|\n",
       "the course's test 13: the only order that leaves no wild card on top"),
    _c("draw", "course", "deck", "draw " + _desk(P3, "[CRD (REVERSE, RED)]",
       "[CRD (NUM 1, RED)]", "PROCEED", "CLOCKWISE", "[]"),
       "result: " + _desk([_p("Sergey", "[CRD (NUM 1, RED)]"), P3[1], P3[2]],
                          "[CRD (REVERSE, RED)]", "[]", "PROCEED", "CLOCKWISE", "[]") + "\n",
       "the course's test 14"),
    _c("draw", "empty", "empty deck", "draw " + _desk(P3, "[CRD (REVERSE, RED), CRD (NUM 1, RED), "
       "WILD]", "[]", "PROCEED", "CLOCKWISE", "[]"), "properties: draw\n",
       "the pile under its top is shuffled into the deck", seed=3),
    _c("draw", "nothing", "nothing to draw", "draw " + _desk(P3, "[CRD (REVERSE, RED)]", "[]",
       "PROCEED", "CLOCKWISE", "[]"), "result: " + _desk(P3, "[CRD (REVERSE, RED)]", "[]",
       "PROCEED", "CLOCKWISE", "[]") + "\naccept: raises IllegalGame\n",
       "Decisions: nothing to take leaves the desk (or raises IllegalGame, the other reading)"),
    _c("drawTwo", "course", "deck", "drawTwo " + _desk(P3, "[CRD (REVERSE, RED)]",
       "[CRD (NUM 1, RED), WILD]", "PROCEED", "CLOCKWISE", "[]"),
       "result: " + _desk([_p("Sergey", "[WILD, CRD (NUM 1, RED)]"), P3[1], P3[2]],
                          "[CRD (REVERSE, RED)]", "[]", "PROCEED", "CLOCKWISE", "[]") + "\n",
       "NUM 1 RED drawn first, then WILD onto the head"),
    _c("drawFour", "course", "deck", "drawFour " + _desk(P3, "[CRD (REVERSE, RED)]",
       "[CRD (NUM 1, RED), WILD, CRD (NUM 2, RED), CRD (NUM 3, RED)]", "PROCEED", "CLOCKWISE",
       "[]"),
       "result: " + _desk([_p("Sergey", "[CRD (NUM 3, RED), CRD (NUM 2, RED), WILD, "
                              "CRD (NUM 1, RED)]"), P3[1], P3[2]],
                          "[CRD (REVERSE, RED)]", "[]", "PROCEED", "CLOCKWISE", "[]") + "\n",
       "four draws, each onto the head"),
    _c("playableWhenWild", "seed", "seed example", "playableWhenWild BLUE WILD_DRAW_FOUR",
       "result: true\n", "seed, task 17"),
    _c("playableWhenWild", "other", "colour", "playableWhenWild RED (CRD (REVERSE, GREEN))",
       "result: false\n", "another colour"),
    _c("playableWhenExec", "seed", "seed example", "playableWhenExec SKIP WILD_DRAW_FOUR",
       "result: false\n", "seed, task 18"),
    _c("playableWhenExec", "same", "same rank", "playableWhenExec DRAW_TWO (CRD (DRAW_TWO, GREEN))",
       "result: true\n", "the same rank answers"),
    _c("playableWhenProc", "seed", "seed example",
       "playableWhenProc (NUM 5, RED) (CRD (SKIP, RED))", "result: true\n", "seed, task 19"),
    _c("playableWhenProc", "neither", "neither", "playableWhenProc (NUM 3, RED) "
       "(CRD (DRAW_TWO, GREEN))", "result: false\n", "another rank and colour"),
    _c("cardsToPlay", "course", "PROCEED", "cardsToPlay " + _desk(
        [_p("Sergey", "[WILD, CRD (NUM 5, RED), CRD (DRAW_TWO, GREEN), CRD (NUM 7, RED), "
            "CRD (SKIP, BLUE)]")], "[CRD (DRAW_TWO, BLUE)]", "[]", "PROCEED", "CLOCKWISE", "[]"),
       "result: [WILD, CRD (DRAW_TWO, GREEN), CRD (SKIP, BLUE)]\n",
       "the course's test 20: wild, same rank, same colour; in hand order"),
    _c("cardsToPlay", "execute", "EXECUTE", "cardsToPlay " + _desk(
        [_p("Sergey", "[WILD, CRD (DRAW_TWO, GREEN), CRD (NUM 2, BLUE)]")],
        "[CRD (DRAW_TWO, BLUE)]", "[]", "EXECUTE", "CLOCKWISE", "[]"),
       "result: [CRD (DRAW_TWO, GREEN)]\n", "only a DRAW_TWO answers a DRAW_TWO"),
    _c("requiredColor", "give", "GIVE", "requiredColor " + _desk(P3, "[WILD, CRD (NUM 1, RED)]",
       "[]", "GIVE BLUE", "CLOCKWISE", "[]"), "result: BLUE\n", "the ordered colour"),
    _c("requiredColor", "top", "PROCEED", "requiredColor " + _desk(P3, "[CRD (REVERSE, RED)]",
       "[]", "PROCEED", "CLOCKWISE", "[]"), "result: RED\n", "the top card's colour"),
    _c("requiredColor", "give-over-ordinary", "GIVE", "requiredColor " + _desk(
        P3, "[CRD (REVERSE, RED)]", "[]", "GIVE BLUE", "CLOCKWISE", "[]"), "result: BLUE\n",
       "the course's own test: the ordered colour first, whatever is on top (Decision 9)"),
    _c("hasColor", "seed", "seed example", f"hasColor (RED, {SEED_HAND})", "result: true\n",
       "seed, task 22"),
    _c("hasColor", "wild", "wild has no colour", "hasColor (RED, [WILD, CRD (NUM 0, GREEN)])",
       "result: false\n", "a wild card has no colour"),
    _c("countCards", "course", "counts", "countCards " + _desk(
        [_p("Sergey", "[WILD, CRD (NUM 5, RED)]"), _p("Pavel", "[WILD]"), _p("Saveliy")],
        "[CRD (REVERSE, RED)]", "[]", "PROCEED", "CLOCKWISE", "[]"), "result: [2, 1, 0]\n",
       "seating order from the current player"),
    _c("Naive", "seed", "seed example", "Naive.ownStrategy (PROCEED, [CRD (NUM 2, YELLOW), "
       "CRD (SKIP, RED)], [CRD (NUM 2, YELLOW), CRD (SKIP, RED), CRD (NUM 9, RED)], "
       "CRD (NUM 9, RED), CLOCKWISE, [], [2])", "result: SIMPLE (CRD (SKIP, RED))\n",
       "the seed's answer SIMPLE (CRD (SKIP, RED)); its call was lost, this one gives it"),
    _c("Naive", "wild", "wild card", "Naive.ownStrategy (PROCEED, [WILD], [WILD, "
       "CRD (NUM 5, RED)], CRD (SKIP, RED), CLOCKWISE, [], [2])", "properties: Naive\n",
       "ORDER (WILD, a random colour)", seed=5),
    _c("moveAction", "wd4-no-colour", "WILD_DRAW_FOUR", "moveAction (ORDER (WILD_DRAW_FOUR, "
       "GREEN), " + _desk(P3, "[WILD_DRAW_FOUR, WILD]", "[CRD (NUM 1, RED), CRD (NUM 2, RED), "
       "CRD (NUM 3, RED), CRD (NUM 4, RED)]", "GIVE RED", "CLOCKWISE", "[]") + ", false)",
       "result: " + _desk([P3[2], P3[0], _p("Pavel", "[CRD (NUM 4, RED), CRD (NUM 3, RED), "
                           "CRD (NUM 2, RED), CRD (NUM 1, RED)]")],
                          "[WILD_DRAW_FOUR, WILD]", "[]", "GIVE GREEN", "CLOCKWISE", "[PASS]")
       + "\nprinted:\n|\n|The turn of Pavel\n|\n|The turn of Saveliy\n|\n",
       "Pavel takes four and skips: the seed's transcript of section 5"),
    _c("moveAction", "wd4-had-colour", "WILD_DRAW_FOUR with the colour", "moveAction (ORDER "
       "(WILD_DRAW_FOUR, GREEN), " + _desk([_p("Sergey", "[CRD (NUM 5, RED)]"), P3[1], P3[2]],
       "[WILD_DRAW_FOUR, CRD (NUM 7, RED)]", "[CRD (NUM 1, BLUE), CRD (NUM 2, BLUE), "
       "CRD (NUM 3, BLUE), CRD (NUM 4, BLUE)]", "PROCEED", "CLOCKWISE",
       "[ORDER (WILD_DRAW_FOUR, GREEN)]") + ", true)",
       "result: " + _desk([P3[1], P3[2], _p("Sergey", "[CRD (NUM 4, BLUE), CRD (NUM 3, BLUE), "
                           "CRD (NUM 2, BLUE), CRD (NUM 1, BLUE), CRD (NUM 5, RED)]")],
                          "[WILD_DRAW_FOUR, CRD (NUM 7, RED)]", "[]", "GIVE GREEN", "CLOCKWISE",
                          "[ORDER (WILD_DRAW_FOUR, GREEN)]")
       + "\nprinted:\n|\n|The turn of Pavel\n|\n",
       "Sergey held RED (NUM 5) under NUM 7 RED: section 3.3's penalty, he takes NUM 1..4 BLUE one "
       "by one onto his head, GREEN is ordered, nobody skips (no PASS), Pavel plays"),
    _c("moveAction", "reverse", "REVERSE", "moveAction (SIMPLE (CRD (REVERSE, RED)), "
       + _desk(P3, "[CRD (REVERSE, RED)]", "[]", "EXECUTE", "CLOCKWISE", "[]") + ", true)",
       "result: " + _desk([P3[2], P3[0], P3[1]], "[CRD (REVERSE, RED)]", "[]", "PROCEED",
                          "COUNTERCLOCKWISE", "[]")
       + "\nprinted:\n|\n|The turn of Saveliy\n|\n", "the course's test 25"),
    _c("askPlayerForCard", "course", "automatic", "askPlayerForCard (" + _p("Sergey") +
       ", (EXECUTE, [CRD (NUM 5, RED)], [CRD (NUM 5, RED)], CRD (SKIP, RED), CLOCKWISE, [], []))",
       'result: ({name = "Sergey", cards = [], strategy = False.ownStrategy, manual = false}, '
       "SIMPLE (CRD (NUM 5, GREEN)))\n", "the course's test 26"),
    _c("askPlayerForCard", "manual-switch", "manual", "askPlayerForCard (" +
       _p("Olga", manual="true") + ", (EXECUTE, [CRD (NUM 5, RED)], [CRD (NUM 5, RED)], "
       "CRD (SKIP, RED), CLOCKWISE, [], [1]))",
       'result: ({name = "Olga", cards = [], strategy = False.ownStrategy, manual = false}, '
       "SIMPLE (CRD (NUM 5, GREEN)))\nprinted:\n|State: EXECUTE\n|All cards on hand:\n"
       "|[ CRD (NUM 5, RED) ]\n|Playable cards:\n|[ CRD (NUM 5, RED) ]\n"
       "|A card on the pile: CRD (SKIP, RED)\n|Game direction: CLOCKWISE\n"
       "|A list of last moves:\n|[]\n"
       "|A list of the number of cards in the hands of the players:\n|[1]\n"
       "|Enter the number of the selected card from the list of playable cards (from 0).\n"
       "|Any other number to switch to automatic mode.\n|\n",
       "an unlisted number switches to automatic; False answers.  The dialog is the template's "
       "(seed, section 5), one element a line in listToStringLn", stdin=("5",)),
    _c("play", "course", "legal move", "play (" + _desk(
        [_p("Sergey", "[CRD (NUM 5, GREEN), CRD (SKIP, BLUE)]"), P3[1], P3[2]],
        "[CRD (REVERSE, GREEN)]", "[]", "PROCEED", "CLOCKWISE", "[]") + ", [CRD (NUM 5, GREEN)])",
       "result: " + _desk([P3[1], P3[2], _p("Sergey", "[CRD (SKIP, BLUE)]")],
                          "[CRD (NUM 5, GREEN), CRD (REVERSE, GREEN)]", "[]", "PROCEED",
                          "CLOCKWISE", "[SIMPLE (CRD (NUM 5, GREEN))]")
       + "\nprinted:\n|Sergey made move\n|SIMPLE (CRD (NUM 5, GREEN))\n|\n|The turn of Pavel\n|\n",
       "the course's test 27"),
    _c("play", "illegal", "IllegalMove", "play (" + _desk(
        [_p("Sergey", "[CRD (NUM 5, RED), CRD (SKIP, BLUE)]"), P3[1], P3[2]],
        "[CRD (REVERSE, RED)]", "[]", "PROCEED", "CLOCKWISE", "[]") + ", [CRD (NUM 5, RED)])",
       'raises: IllegalMove ("Sergey", (PROCEED, [CRD (NUM 5, RED), CRD (SKIP, BLUE)], '
       "[CRD (NUM 5, RED)], CRD (REVERSE, RED), CLOCKWISE, [], [2, 0, 0]))\nprinted:\n|\n",
       "False answers CRD (NUM 5, GREEN), which is not playable; nothing is printed"),
    _c("play", "first-wd4", "WILD_DRAW_FOUR without the colour", "play (" + _desk(
        [_p("Sergey", "[CRD (NUM 2, BLUE), WILD_DRAW_FOUR, CRD (NUM 7, RED)]", FIRST), P3[1],
         P3[2]], "[CRD (NUM 7, GREEN)]", "[CRD (NUM 1, RED), CRD (NUM 2, RED), CRD (NUM 3, RED), "
        "CRD (NUM 4, RED)]", "PROCEED", "CLOCKWISE", "[]")
       + ", [WILD_DRAW_FOUR, CRD (NUM 7, RED)])",
       "result: " + _desk([P3[2], _p("Sergey", "[CRD (NUM 2, BLUE), CRD (NUM 7, RED)]", FIRST),
                           _p("Pavel", "[CRD (NUM 4, RED), CRD (NUM 3, RED), CRD (NUM 2, RED), "
                              "CRD (NUM 1, RED)]")],
                          "[WILD_DRAW_FOUR, CRD (NUM 7, GREEN)]", "[]", "GIVE RED", "CLOCKWISE",
                          "[PASS, ORDER (WILD_DRAW_FOUR, RED)]")
       + "\nprinted:\n|Sergey made move\n|ORDER (WILD_DRAW_FOUR, RED)\n|\n|The turn of Pavel\n|"
       "\n|The turn of Saveliy\n|\n",
       "First plays WILD_DRAW_FOUR (first playable in hand) ordering RED; no GREEN in hand, so "
       "Pavel takes NUM 1..4 one by one onto his head and skips (PASS), Saveliy plays"),
    _c("execution", "draw-two", "DRAW_TWO", "execution " + _desk(P3, "[CRD (DRAW_TWO, GREEN)]",
       "[CRD (NUM 5, GREEN), CRD (SKIP, BLUE)]", "EXECUTE", "CLOCKWISE", "[]"),
       "result: " + _desk([P3[1], P3[2], _p("Sergey", "[CRD (SKIP, BLUE), CRD (NUM 5, GREEN)]")],
                          "[CRD (DRAW_TWO, GREEN)]", "[]", "PROCEED", "CLOCKWISE", "[PASS]")
       + "\nprinted:\n|\n|The turn of Pavel\n|\n", "the course's test 28"),
    _c("execution", "skip", "SKIP", "execution " + _desk(P3, "[CRD (SKIP, GREEN)]", "[]",
       "EXECUTE", "CLOCKWISE", "[]"),
       "result: " + _desk([P3[1], P3[2], P3[0]], "[CRD (SKIP, GREEN)]", "[]", "PROCEED",
                          "CLOCKWISE", "[PASS]") + "\nprinted:\n|\n|The turn of Pavel\n|\n",
       "SKIP: just the turn passes"),
    _c("yourTurn", "pass", "draw and pass", "yourTurn " + _desk(
        [_p("Sergey", "[CRD (NUM 1, BLUE)]"), P3[1], P3[2]], "[CRD (NUM 7, YELLOW)]",
        "[CRD (NUM 2, RED)]", "PROCEED", "CLOCKWISE", "[]"),
       "result: " + _desk([P3[1], P3[2], _p("Sergey", "[CRD (NUM 2, RED), CRD (NUM 1, BLUE)]")],
                          "[CRD (NUM 7, YELLOW)]", "[]", "PROCEED", "CLOCKWISE", "[PASS]")
       + "\nprinted:\n|\n|The turn of Pavel\n|\n", "nothing fits, the drawn card neither"),
    _c("yourTurn", "draw-play", "draw and play", "yourTurn " + _desk(
        [_p("Sergey", "[CRD (NUM 1, BLUE)]", FIRST), P3[1], P3[2]], "[CRD (NUM 7, YELLOW)]",
        "[CRD (NUM 7, RED)]", "PROCEED", "CLOCKWISE", "[]"),
       "result: " + _desk([P3[1], P3[2], _p("Sergey", "[CRD (NUM 1, BLUE)]", FIRST)],
                          "[CRD (NUM 7, RED), CRD (NUM 7, YELLOW)]", "[]", "PROCEED", "CLOCKWISE",
                          "[SIMPLE (CRD (NUM 7, RED))]")
       + "\nprinted:\n|Sergey made move\n|SIMPLE (CRD (NUM 7, RED))\n|\n|The turn of Pavel\n|\n",
       "nothing fits; the drawn NUM 7 RED matches the rank 7 and is played"),
    _c("yourTurn", "execute", "EXECUTE", "yourTurn " + _desk(
        [_p("Sergey", "[CRD (NUM 1, BLUE)]"), P3[1], P3[2]], "[CRD (SKIP, GREEN)]",
        "[CRD (NUM 2, RED)]", "EXECUTE", "CLOCKWISE", "[]"),
       "result: " + _desk([P3[1], P3[2], _p("Sergey", "[CRD (NUM 1, BLUE)]")],
                          "[CRD (SKIP, GREEN)]", "[CRD (NUM 2, RED)]", "PROCEED", "CLOCKWISE",
                          "[PASS]")
       + "\nprinted:\n|\n|The turn of Pavel\n|\n",
       "no SKIP to answer with: execution, no card drawn, the turn passes"),
    _c("playerLoss", "course", "wild", "playerLoss " + _p("Sergey", "[CRD (NUM 5, GREEN), WILD]"),
       'result: ("Sergey", 55)\n', "5 + 50"),
    _c("checkWinner", "none", "no winner", "checkWinner " + _desk(
        [_p("Sergey", "[WILD]"), _p("Pavel", "[CRD (NUM 1, RED)]")], "[]", "[]", "PROCEED",
        "CLOCKWISE", "[]"), "result: NONE\n", "everybody holds cards"),
    _c("checkWinner", "course", "winner", "checkWinner " + _desk(
        [_p("Sergey", "[CRD (NUM 5, GREEN), CRD (SKIP, BLUE)]"),
         _p("Pavel", "[CRD (NUM 4, YELLOW), CRD (NUM 1, GREEN), CRD (SKIP, RED)]"),
         _p("Saveliy")], "[]", "[]", "PROCEED", "CLOCKWISE", "[]"),
       'result: SOME ("Saveliy", [("Sergey", 25), ("Pavel", 25), ("Saveliy", 0)])\n',
       "the course's test 31: 5+20, 4+1+20, 0"),
    _c("game", "four", "properties", "game [" + ", ".join(_p(n, strategy=N) for n in
       ["Sergey", "Pavel", "Saveliy", "Igor"]) + "]", "properties: game\n",
       "a whole game of four Naive players", seed=7),
]  # fmt: skip
