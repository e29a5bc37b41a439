use "lab-3-use.sml";

(* The example class's partial solution: tasks 1-9 done, the rest left as the template has them.
   uno-lab: your solution in Standard ML.  Fill in the 32 tasks; keep the names and types.
   A task left as it is here (raise Fail "not implemented: NAME") is graded "missing".
   Load it in SML/NJ with: sml solution.sml *)

(* Task 1 *)
fun precedes f lst a1 a2 =
    case lst of
        [] => false
      | h :: t => if f (h, a1) then true else if f (h, a2) then false else precedes f t a1 a2

(* Task 2 *)
val colorIsLT = precedes isSameColor colors
val rankIsLT = precedes isSameRank ranks

(* Task 3 *)
fun isLT (_, WILD_DRAW_FOUR) = true
  | isLT (WILD_DRAW_FOUR, _) = false
  | isLT (_, WILD) = true
  | isLT (WILD, _) = false
  | isLT (CRD (r1, c1), CRD (r2, c2)) =
    if isSameColor (c1, c2) then rankIsLT r1 r2 else colorIsLT c1 c2

(* Task 4: ListMergeSort.sort puts x after y when its function says so *)
fun cardSort cards = ListMergeSort.sort isLT cards

(* Task 5 *)
fun cardValue (CRD (NUM n, _)) = n
  | cardValue (CRD _) = 20
  | cardValue _ = 50

(* Task 6 *)
fun sumCards cards = foldl (fn (c, acc) => cardValue c + acc) 0 cards

(* Task 7 *)
fun oppositeDir CLOCKWISE = COUNTERCLOCKWISE
  | oppositeDir COUNTERCLOCKWISE = CLOCKWISE

(* Task 8 *)
fun removeCard ([], _, exc) = raise exc
  | removeCard (c :: cs, card, exc) =
    if isSameCard (c, card) then cs else c :: removeCard (cs, card, exc)

(* Task 9 *)
fun cardCount (CRD (NUM 0, _)) = 1
  | cardCount (CRD _) = 2
  | cardCount _ = 4

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
