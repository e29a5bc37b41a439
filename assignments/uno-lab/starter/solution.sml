use "lab-3-use.sml";

(* uno-lab: your solution in Standard ML.  Fill in the 32 tasks; keep the names and types.
   A task left as it is here (raise Fail "not implemented: NAME") is graded "missing".
   Load it in SML/NJ with: sml solution.sml *)

(* Task 1: precedes.  Does a1 occur in lst no later than a2?  f tests equality.
   precedes (op =) [1, 2, 3, 4, 5] 4 5 = true *)
fun precedes (f : 'a * 'a -> bool) (lst : 'a list) (a1 : 'a) (a2 : 'a) : bool = raise Fail "not implemented: precedes"

(* Task 2: colorIsLT.  By the order of colors; must use precedes.  colorIsLT BLUE GREEN = true *)
fun colorIsLT (c1 : color) (c2 : color) : bool = raise Fail "not implemented: colorIsLT"

(* Task 2: rankIsLT.  By the order of ranks; must use precedes.  rankIsLT (NUM 3) SKIP = true *)
fun rankIsLT (r1 : rank) (r2 : rank) : bool = raise Fail "not implemented: rankIsLT"

(* Task 3: isLT.  Is card c1 not greater than c2?  isLT (WILD, CRD (NUM 3, BLUE)) = false *)
fun isLT (c1 : card, c2 : card) : bool = raise Fail "not implemented: isLT"

(* Task 4: cardSort.  Non-increasing order; must use ListMergeSort.sort with isLT. *)
fun cardSort (cards : card list) : card list = raise Fail "not implemented: cardSort"

(* Task 5: cardValue.  The points of a card (section 3.1).  cardValue (CRD (DRAW_TWO, GREEN)) = 20 *)
fun cardValue (card : card) : int = raise Fail "not implemented: cardValue"

(* Task 6: sumCards.  The points of a list of cards; must use cardValue. *)
fun sumCards (cards : card list) : int = raise Fail "not implemented: sumCards"

(* Task 7: oppositeDir.  The other direction. *)
fun oppositeDir (d : direction) : direction = raise Fail "not implemented: oppositeDir"

(* Task 8: removeCard.  cards without the first occurrence of card; raise exc when absent.  Must use isSameCard. *)
fun removeCard (cards : card list, card : card, exc : exn) : card list = raise Fail "not implemented: removeCard"

(* Task 9: cardCount.  Copies of a card in the deck.  cardCount WILD = 4 *)
fun cardCount (card : card) : int = raise Fail "not implemented: cardCount"

(* Task 10: deck.  The 108-card deck: wild cards first, then each colour of colors with the ranks of ranks
   (NUM 0 once, every other rank twice).  Must use cardCount, addNCopies, colors and ranks. *)
val deck : card list = []

(* Task 11: deal.  Print "\nPlayer NAME deals.\n" (NAME: the first player), shuffle the deck, 7 cards each with
   pass; the next card on the pile; PROCEED, CLOCKWISE, no memo. *)
fun deal (players : Player.player list) : Desk.desk = raise Fail "not implemented: deal"

(* Task 12: nextPlayer.  Pass the turn by the direction; must use Desk.whoseTurn. *)
fun nextPlayer (desk : Desk.desk) : Desk.desk = raise Fail "not implemented: nextPlayer"

(* Task 13: deskNormalize.  The first card of the pile (section 3.2); must use nextPlayer and shuffleList. *)
fun deskNormalize (desk : Desk.desk) : Desk.desk = raise Fail "not implemented: deskNormalize"

(* Task 14: draw.  The current player takes the top card of the deck onto the head of the hand. *)
fun draw (desk : Desk.desk) : Desk.desk = raise Fail "not implemented: draw"

(* Task 15: drawTwo.  Two cards: draw composed with itself (draw o draw). *)
fun drawTwo (desk : Desk.desk) : Desk.desk = raise Fail "not implemented: drawTwo"

(* Task 16: drawFour.  Four cards: drawTwo composed with itself. *)
fun drawFour (desk : Desk.desk) : Desk.desk = raise Fail "not implemented: drawFour"

(* Task 17: playableWhenWild.  Playable on a wild card with color ordered; must use isSameColor. *)
fun playableWhenWild (color : color) (card : card) : bool = raise Fail "not implemented: playableWhenWild"

(* Task 18: playableWhenExec.  Playable against an active action; must use isSameRank. *)
fun playableWhenExec (rank : rank) (card : card) : bool = raise Fail "not implemented: playableWhenExec"

(* Task 19: playableWhenProc.  Playable on an ordinary card; must use isSameColor and isSameRank. *)
fun playableWhenProc (top : rank * color) (card : card) : bool = raise Fail "not implemented: playableWhenProc"

(* Task 20: cardsToPlay.  The current player's playable cards, in hand order; must use List.filter. *)
fun cardsToPlay (desk : Desk.desk) : card list = raise Fail "not implemented: cardsToPlay"

(* Task 21: requiredColor.  The colour to follow. *)
fun requiredColor (desk : Desk.desk) : color = raise Fail "not implemented: requiredColor"

(* Task 22: hasColor.  Does a hand hold a card of the colour?  Must use isSome and List.find. *)
fun hasColor (color : color, cards : card list) : bool = raise Fail "not implemented: hasColor"

(* Task 23: countCards.  The number of cards of every player, from the current one. *)
fun countCards (desk : Desk.desk) : int list = raise Fail "not implemented: countCards"

(* Task 24: Naive.  Play the greatest playable card (cardSort); a wild card orders a colour
   taken from shuffleList colors. *)
structure Naive : STRATEGY =
struct
  fun ownStrategy (args : state * card list * card list * card * direction * move list * int list) : move =
      raise Fail "not implemented: Naive"
end

(* The template's Manual strategy (section 5's dialog). *)
structure Manual : STRATEGY =
struct
  fun readNumber () =
      case TextIO.inputLine TextIO.stdIn of
          NONE => ~1
        | SOME line => getOpt (Int.fromString line, ~1)
  fun ownStrategy (state, cards, playable, top, direction, memo, counts) =
      let
        val sorted = cardSort playable
        val () = print ("State: " ^ stateToString state ^ "\n")
        val () = print ("All cards on hand:\n" ^ listToStringLn (cardToString, cardSort cards) ^ "\n")
        val () = print ("Playable cards:\n" ^ listToStringLn (cardToString, sorted) ^ "\n")
        val () = print ("A card on the pile: " ^ cardToString top ^ "\n")
        val () = print ("Game direction: " ^ directionToString direction ^ "\n")
        val () = print ("A list of last moves:\n" ^ listToStringLn (moveToString, memo) ^ "\n")
        val () = print ("A list of the number of cards in the hands of the players:\n"
                        ^ listToString (Int.toString, counts) ^ "\n")
        val () = print "Enter the number of the selected card from the list of playable cards (from 0).\n"
        val () = print "Any other number to switch to automatic mode.\n"
      in
        case (SOME (List.nth (sorted, readNumber ())) handle Subscript => NONE) of
            NONE => PASS
          | SOME (c as CRD _) => SIMPLE c
          | SOME c =>
            let
              val () = print "Enter the number of color from list (from 0)\n"
              val () = print (listToString (colorToString, colors) ^ "\n")
              val () = print "Any other number to switch to automatic mode.\n"
            in
              (ORDER (c, List.nth (colors, readNumber ())) handle Subscript => PASS)
            end
      end
end

(* Task 25: moveAction.  What a move does (its card already on the pile); must use oppositeDir and nextPlayer. *)
fun moveAction (move : move, desk : Desk.desk, hadColor : bool) : Desk.desk = raise Fail "not implemented: moveAction"

(* Task 26: askPlayerForCard.  Ask the strategy, or the human (Manual.ownStrategy) on manual; a PASS from Manual
   switches the player to automatic (Player.automate). *)
fun askPlayerForCard (player : Player.player, args : state * card list * card list * card * direction * move list * int list) : Player.player * move = raise Fail "not implemented: askPlayerForCard"

(* Task 27: play.  The current player's move; prints "NAME made move\n" and moveToString move ^ "\n". *)
fun play (desk : Desk.desk, playable : card list) : Desk.desk = raise Fail "not implemented: play"

(* Task 28: execution.  Take the punishment of an active card; must use nextPlayer and drawTwo. *)
fun execution (desk : Desk.desk) : Desk.desk = raise Fail "not implemented: execution"

(* Task 29: yourTurn.  One turn. *)
fun yourTurn (desk : Desk.desk) : Desk.desk = raise Fail "not implemented: yourTurn"

(* Task 30: playerLoss.  A player's name and the points of the cards in hand; must use sumCards. *)
fun playerLoss (player : Player.player) : string * int = raise Fail "not implemented: playerLoss"

(* Task 31: checkWinner.  NONE, or SOME (winner, [(name, loss), ...]). *)
fun checkWinner (desk : Desk.desk) : (string * (string * int) list) option = raise Fail "not implemented: checkWinner"

(* Task 32: game.  A whole game: deal, deskNormalize, then yourTurn until checkWinner has a winner. *)
fun game (players : Player.player list) : string * (string * int) list = raise Fail "not implemented: game"
