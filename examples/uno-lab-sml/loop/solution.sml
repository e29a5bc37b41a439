use "lab-3-use.sml";

(* The example class's loop: sumCards never returns, so it and what uses it time out. *)

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
fun sumCards cards =
    let fun count (_, []) = count (0, cards)  (* never ends: it starts over *)
          | count (n, c :: cs) = count (n + cardValue c, cs)
    in count (0, cards) end

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

(* Task 10 *)
val deck =
    let
      val once = WILD :: WILD_DRAW_FOUR
                 :: List.concat (map (fn c => map (fn r => CRD (r, c)) ranks) colors)
    in
      foldr (fn (card, acc) => addNCopies (card, acc, cardCount card)) [] once
    end

(* Task 11 *)
fun deal players =
    if null players orelse length players > 15 then raise IllegalGame
    else
      let
        val () = print ("\nPlayer " ^ Player.getName (hd players) ^ " deals.\n")
        fun give ([], rest, dealt) = (rest, rev dealt)
          | give (p :: ps, rest, dealt) =
            let val (rest', hand) = pass (rest, [], 7)
            in give (ps, rest', Player.setCards (p, hand) :: dealt) end
        val (rest, dealt) = give (players, shuffleList deck, [])
      in
        Desk.make (dealt, [hd rest], tl rest, PROCEED, CLOCKWISE, [])
      end

(* Task 12 *)
fun nextPlayer desk =
    let
      val players = Desk.getPlayers desk
      val rotated =
          case (Desk.getDirection desk, players) of
              (_, []) => raise IllegalGame
            | (CLOCKWISE, p :: ps) => ps @ [p]
            | (COUNTERCLOCKWISE, _) => List.last players :: List.take (players, length players - 1)
    in
      Desk.whoseTurn (Desk.setPlayers (desk, rotated))
    end

(* Task 13 *)
fun deskNormalize desk =
    let
      fun ordinary (CRD _) = true
        | ordinary _ = false
      val desk =
          case Desk.getPile desk of
              [] => raise IllegalGame
            | (top as CRD _) :: _ => desk
            | top :: rest =>
              let
                val cards = top :: Desk.getDeck desk
                val () = if List.exists ordinary cards then () else raise IllegalGame
                fun turn cards =
                    let val shuffled = shuffleList cards
                    in if ordinary (hd shuffled) then shuffled else turn shuffled end
                val turned = turn cards
              in
                Desk.setDeck (Desk.setPile (desk, hd turned :: rest), tl turned)
              end
    in
      case hd (Desk.getPile desk) of
          CRD (REVERSE, _) =>
          Desk.whoseTurn (Desk.setDirection (desk, oppositeDir (Desk.getDirection desk)))
        | CRD (SKIP, _) => nextPlayer (Desk.setState (desk, EXECUTE))
        | CRD (DRAW_TWO, _) => nextPlayer (Desk.setState (desk, EXECUTE))
        | _ => nextPlayer desk
    end

(* Task 14 *)
fun draw desk =
    case Desk.getPlayers desk of
        [] => raise IllegalGame
      | p :: ps =>
        let
          val (desk, cards) =
              case (Desk.getDeck desk, Desk.getPile desk) of
                  ([], top :: (under as _ :: _)) =>
                  (Desk.setPile (desk, [top]), shuffleList under)
                | (cards, _) => (desk, cards)
        in
          case cards of
              [] => desk
            | c :: rest =>
              Desk.setDeck (Desk.setPlayers (desk, Player.setCards (p, c :: Player.getCards p)
                                                   :: ps), rest)
        end

(* Task 15 *)
val drawTwo = draw o draw

(* Task 16 *)
val drawFour = drawTwo o drawTwo

(* Task 17 *)
fun playableWhenWild color (CRD (_, c)) = isSameColor (c, color)
  | playableWhenWild _ _ = true

(* Task 18 *)
fun playableWhenExec rank (CRD (r, _)) = isSameRank (r, rank)
  | playableWhenExec _ _ = false

(* Task 19 *)
fun playableWhenProc (rank, color) (CRD (r, c)) = isSameRank (r, rank) orelse isSameColor (c, color)
  | playableWhenProc _ _ = true

(* Task 20 *)
fun cardsToPlay desk =
    let
      val hand = case Desk.getPlayers desk of p :: _ => Player.getCards p | [] => raise IllegalGame
    in
      case (Desk.getState desk, Desk.getPile desk) of
          (GIVE color, (CRD _) :: _) => raise IllegalGame
        | (GIVE color, _ :: _) => List.filter (playableWhenWild color) hand
        | (EXECUTE, CRD (rank, _) :: _) => List.filter (playableWhenExec rank) hand
        | (PROCEED, CRD (rank, color) :: _) => List.filter (playableWhenProc (rank, color)) hand
        | _ => raise IllegalGame
    end

(* Task 21: the ordered colour first (the course's own test) *)
fun requiredColor desk =
    case (Desk.getState desk, Desk.getPile desk) of
        (GIVE color, _ :: _) => color
      | (_, CRD (_, color) :: _) => color
      | _ => raise IllegalGame

(* Task 22 *)
fun hasColor (color, cards) =
    isSome (List.find (fn CRD (_, c) => isSameColor (c, color) | _ => false) cards)

(* Task 23 *)
fun countCards desk = map (length o Player.getCards) (Desk.getPlayers desk)

(* Task 24 *)
structure Naive : STRATEGY =
struct
  fun ownStrategy (_, _, playable, _, _, _, _) =
      case cardSort playable of
          [] => raise IllegalGame
        | (c as CRD _) :: _ => SIMPLE c
        | c :: _ => ORDER (c, hd (shuffleList colors))
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

(* Task 25 *)
fun moveAction (move, desk, hadColor) =
    case move of
        ORDER (WILD_DRAW_FOUR, color) =>
        let val ordered = Desk.setState (desk, GIVE color)
        in if hadColor then nextPlayer (drawFour ordered)
           else nextPlayer (Desk.addMemo (drawFour (nextPlayer ordered), PASS))
        end
      | ORDER (WILD, color) => nextPlayer (Desk.setState (desk, GIVE color))
      | SIMPLE (CRD (REVERSE, _)) =>
        nextPlayer (Desk.setState (Desk.setDirection (desk, oppositeDir (Desk.getDirection desk)),
                                   PROCEED))
      | SIMPLE (CRD (SKIP, _)) => nextPlayer (Desk.setState (desk, EXECUTE))
      | SIMPLE (CRD (DRAW_TWO, _)) => nextPlayer (Desk.setState (desk, EXECUTE))
      | SIMPLE (CRD (NUM _, _)) => nextPlayer (Desk.setState (desk, PROCEED))
      | _ => raise IllegalGame

(* Task 26 *)
fun askPlayerForCard (player, args) =
    if not (Player.isOnManual player) then (player, Player.getStrategy player args)
    else
      case Manual.ownStrategy args of
          PASS => let val auto = Player.automate player
                  in (auto, Player.getStrategy auto args) end
        | move => (player, move)

(* Task 27 *)
fun play (desk, playable) =
    let
      val (player, others, top) =
          case (Desk.getPlayers desk, Desk.getPile desk) of
              (p :: ps, t :: _) => (p, ps, t)
            | _ => raise IllegalGame
      val hand = Player.getCards player
      val args = (Desk.getState desk, hand, playable, top, Desk.getDirection desk,
                  Desk.getMemo desk, countCards desk)
      val (asked, move) = askPlayerForCard (player, args)
      val illegal = IllegalMove (Player.getName player, args)
      val card = case move of
                     SIMPLE (c as CRD _) => c
                   | ORDER (c as CRD _, _) => raise illegal
                   | ORDER (c, _) => c
                   | _ => raise illegal
      val () = if List.exists (fn p => isSameCard (p, card)) playable then () else raise illegal
      val () = print (Player.getName player ^ " made move\n")
      val () = print (moveToString move ^ "\n")
      val moved = Player.setCards (asked, removeCard (hand, card, illegal))
      val after = Desk.addMemo (Desk.setPile (Desk.setPlayers (desk, moved :: others),
                                              card :: Desk.getPile desk), move)
    in
      moveAction (move, after, hasColor (requiredColor desk, hand))
    end

(* Task 28 *)
fun execution desk =
    let val skipped = Desk.setState (Desk.addMemo (desk, PASS), PROCEED)
    in
      case Desk.getPile desk of
          CRD (SKIP, _) :: _ => nextPlayer skipped
        | CRD (DRAW_TWO, _) :: _ => nextPlayer (drawTwo skipped)
        | _ => raise IllegalGame
    end

(* Task 29 *)
fun yourTurn desk =
    case cardsToPlay desk of
        (playable as _ :: _) => play (desk, playable)
      | [] =>
        case Desk.getState desk of
            EXECUTE => execution desk
          | _ =>
            let val drawn = draw desk
            in case cardsToPlay drawn of
                   [] => nextPlayer (Desk.addMemo (drawn, PASS))
                 | playable => play (drawn, playable)
            end

(* Task 30 *)
fun playerLoss player = (Player.getName player, sumCards (Player.getCards player))

(* Task 31 *)
fun checkWinner desk =
    let val players = Desk.getPlayers desk
    in
      case List.find (null o Player.getCards) players of
          NONE => NONE
        | SOME winner => SOME (Player.getName winner, map playerLoss players)
    end

(* Task 32 *)
fun game players =
    let
      fun loop (desk, 0) = raise IllegalGame
        | loop (desk, n) =
          case checkWinner desk of
              SOME result => result
            | NONE => loop (yourTurn desk, n - 1)
    in
      loop (deskNormalize (deal players), 100000)
    end
