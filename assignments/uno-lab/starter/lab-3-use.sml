(* lab-3-use.sml: the definitions uno-lab builds on (unograde's own file).

   The lab's 32 tasks are written against these definitions: load them at the top of
   your solution with

     use "lab-3-use.sml";

   They restate the facts of the course's file of the same name (the lab text, section 4):
   list helpers, the types of cards, states, moves and strategies, the records Player and
   Desk with their getters and setters, the exceptions, the False strategy, equality tests
   and the printers.  Every value prints in the lab's notation: CRD (NUM 5, RED),
   GIVE RED, ORDER (WILD, GREEN).

   Randomness goes through one source only (shuffleList), which the grader seeds for each
   case (setShuffleSeed); printing goes through print. *)

(* ------------------------------------------------------------------------------------- *)
(* Exceptions.                                                                            *)

(* An impossible game state, e.g. CRD (NUM 5, RED) on the pile while the state is GIVE BLUE. *)
exception IllegalGame

(* ------------------------------------------------------------------------------------- *)
(* Lists.                                                                                 *)

(* The random source of shuffleList: seeded from the clock at load time, or by the grader. *)
val shuffleSource =
    ref (Random.rand (Int.fromLarge (Time.toSeconds (Time.now ()) mod 1000000), 17))

fun setShuffleSeed (n : int) = shuffleSource := Random.rand (n, 17)

(* Swap the elements i and j of an array. *)
fun interchange (a, i, j) =
    let val x = Array.sub (a, i)
    in Array.update (a, i, Array.sub (a, j)); Array.update (a, j, x) end

(* The elements of xs in random order (Fisher-Yates); xs itself is a value and stays. *)
fun shuffleList xs =
    let
      val a = Array.fromList xs
      fun go 0 = ()
        | go i = (interchange (a, i, Random.randRange (0, i) (!shuffleSource)); go (i - 1))
    in
      go (Array.length a - 1);
      Array.foldr (op ::) [] a
    end

(* xs with n copies of a added at its head. *)
fun addNCopies (a, xs, n) = if n <= 0 then xs else addNCopies (a, a :: xs, n - 1)

(* Move n elements one by one from the head of xs onto the head of ys:
   pass ([1, 2, 3], [9], 2) = ([3], [2, 1, 9]).  IllegalGame when xs is too short. *)
fun pass (xs, ys, 0) = (xs, ys)
  | pass (x :: xs, ys, n) = pass (xs, x :: ys, n - 1)
  | pass ([], _, _) = raise IllegalGame

(* x at the head of xs, the whole list cut to at most cap elements (the memo keeps 10). *)
fun shift (x, xs, cap) =
    let fun take (_, 0) = []
          | take ([], _) = []
          | take (y :: ys, k) = y :: take (ys, k - 1)
    in take (x :: xs, Int.max (cap, 0)) end

(* ------------------------------------------------------------------------------------- *)
(* Types.                                                                                 *)

datatype color = RED | GREEN | BLUE | YELLOW

(* All colours in ascending order: YELLOW is the smallest, RED the largest. *)
val colors = [YELLOW, BLUE, GREEN, RED]

datatype rank = NUM of int | SKIP | DRAW_TWO | REVERSE

(* All ranks in ascending order: NUM 0 .. NUM 9, REVERSE, SKIP, DRAW_TWO. *)
val ranks = [NUM 0, NUM 1, NUM 2, NUM 3, NUM 4, NUM 5, NUM 6, NUM 7, NUM 8, NUM 9,
             REVERSE, SKIP, DRAW_TWO]

datatype card = WILD | WILD_DRAW_FOUR | CRD of rank * color

datatype direction = CLOCKWISE | COUNTERCLOCKWISE

(* PROCEED: an ordinary move; EXECUTE: an active SKIP or DRAW_TWO on the pile must be
   executed; GIVE c: a wild card is on the pile and the colour c was ordered. *)
datatype state = PROCEED | EXECUTE | GIVE of color

(* SIMPLE card: an ordinary move; ORDER (card, color): a wild card played and a colour
   ordered; PASS: the turn skipped (or, from Manual, "switch me to automatic mode"). *)
datatype move = SIMPLE of card | ORDER of card * color | PASS

(* A strategy gets the state, the hand, the playable cards, the card on the pile, the
   direction, the memo of recent moves (newest first) and the number of cards of every
   player from the current one on; it answers a move. *)
type strategy = state * card list * card list * card * direction * move list * int list -> move

(* A strategy answered an illegal move: the player's name and the seven arguments. *)
exception IllegalMove of string
                         * (state * card list * card list * card * direction * move list
                            * int list)

(* ------------------------------------------------------------------------------------- *)
(* Equality tests: the lab forbids = on values that are not numbers.                    *)

fun isSameRank (r1 : rank, r2 : rank) = r1 = r2
fun isSameColor (c1 : color, c2 : color) = c1 = c2
fun isSameCard (c1 : card, c2 : card) = c1 = c2

(* ------------------------------------------------------------------------------------- *)
(* Players.                                                                               *)

signature PLAYER =
sig
  type player
  val make : string * card list * strategy * bool -> player
  val getName : player -> string
  val getCards : player -> card list
  val getStrategy : player -> strategy
  val isOnManual : player -> bool
  val setCards : player * card list -> player
  val automate : player -> player
end

structure Player :> PLAYER =
struct
  type player = {name : string, cards : card list, strategy : strategy, manual : bool}
  fun make (name, cards, strategy, manual) : player =
      {name = name, cards = cards, strategy = strategy, manual = manual}
  fun getName (p : player) = #name p
  fun getCards (p : player) = #cards p
  fun getStrategy (p : player) = #strategy p
  fun isOnManual (p : player) = #manual p
  fun setCards ({name, strategy, manual, ...} : player, cards) : player =
      {name = name, cards = cards, strategy = strategy, manual = manual}
  fun automate ({name, cards, strategy, ...} : player) : player =
      {name = name, cards = cards, strategy = strategy, manual = false}
end

(* ------------------------------------------------------------------------------------- *)
(* The desk: the whole game state.  The head of players moves next; the heads of the     *)
(* pile and of the deck are their top cards.                                             *)

signature DESK =
sig
  type desk
  val make : Player.player list * card list * card list * state * direction * move list
             -> desk
  val getPlayers : desk -> Player.player list
  val getPile : desk -> card list
  val getDeck : desk -> card list
  val getState : desk -> state
  val getDirection : desk -> direction
  val getMemo : desk -> move list
  val setPlayers : desk * Player.player list -> desk
  val setPile : desk * card list -> desk
  val setDeck : desk * card list -> desk
  val setState : desk * state -> desk
  val setDirection : desk * direction -> desk
  val setMemo : desk * move list -> desk
  val addMemo : desk * move -> desk
  val whoseTurn : desk -> desk
end

structure Desk :> DESK =
struct
  type desk = {players : Player.player list, pile : card list, deck : card list,
               state : state, direction : direction, memo : move list}
  fun make (players, pile, deck, state, direction, memo) : desk =
      {players = players, pile = pile, deck = deck, state = state, direction = direction,
       memo = memo}
  fun getPlayers (d : desk) = #players d
  fun getPile (d : desk) = #pile d
  fun getDeck (d : desk) = #deck d
  fun getState (d : desk) = #state d
  fun getDirection (d : desk) = #direction d
  fun getMemo (d : desk) = #memo d
  fun setPlayers (d : desk, x) = make (x, #pile d, #deck d, #state d, #direction d, #memo d)
  fun setPile (d : desk, x) = make (#players d, x, #deck d, #state d, #direction d, #memo d)
  fun setDeck (d : desk, x) = make (#players d, #pile d, x, #state d, #direction d, #memo d)
  fun setState (d : desk, x) = make (#players d, #pile d, #deck d, x, #direction d, #memo d)
  fun setDirection (d : desk, x) = make (#players d, #pile d, #deck d, #state d, x, #memo d)
  fun setMemo (d : desk, x) = make (#players d, #pile d, #deck d, #state d, #direction d, x)
  (* The move becomes the newest of the memo, which keeps the 10 newest. *)
  fun addMemo (d : desk, m) = setMemo (d, shift (m, #memo d, 10))
  (* Prints whose turn it is; the desk comes back unchanged. *)
  fun whoseTurn (d : desk) =
      case #players d of
          [] => raise IllegalGame
        | p :: _ => (print ("\nThe turn of " ^ Player.getName p ^ "\n"); d)
end

(* ------------------------------------------------------------------------------------- *)
(* Strategies.                                                                            *)

signature STRATEGY =
sig
  val ownStrategy : strategy
end

(* A strategy for testing code that needs one: SIMPLE (CRD (r, GREEN)), r the rank of the
   first card in hand, whether or not the player holds that card; a wild (or no) first
   card is an IllegalGame. *)
structure False : STRATEGY =
struct
  fun ownStrategy (_, CRD (r, _) :: _, _, _, _, _, _) = SIMPLE (CRD (r, GREEN))
    | ownStrategy _ = raise IllegalGame
end

(* ------------------------------------------------------------------------------------- *)
(* Printers: every value in the lab's notation.                                          *)

fun colorToString RED = "RED"
  | colorToString GREEN = "GREEN"
  | colorToString BLUE = "BLUE"
  | colorToString YELLOW = "YELLOW"

fun rankToString (NUM n) = "NUM " ^ Int.toString n
  | rankToString SKIP = "SKIP"
  | rankToString DRAW_TWO = "DRAW_TWO"
  | rankToString REVERSE = "REVERSE"

fun cardToString WILD = "WILD"
  | cardToString WILD_DRAW_FOUR = "WILD_DRAW_FOUR"
  | cardToString (CRD (r, c)) = "CRD (" ^ rankToString r ^ ", " ^ colorToString c ^ ")"

fun stateToString PROCEED = "PROCEED"
  | stateToString EXECUTE = "EXECUTE"
  | stateToString (GIVE c) = "GIVE " ^ colorToString c

fun directionToString CLOCKWISE = "CLOCKWISE"
  | directionToString COUNTERCLOCKWISE = "COUNTERCLOCKWISE"

fun moveToString (SIMPLE (c as CRD _)) = "SIMPLE (" ^ cardToString c ^ ")"
  | moveToString (SIMPLE c) = "SIMPLE " ^ cardToString c
  | moveToString (ORDER (c, col)) = "ORDER (" ^ cardToString c ^ ", " ^ colorToString col ^ ")"
  | moveToString PASS = "PASS"

(* [a, b, c] on one line. *)
fun listToString (f, xs) = "[" ^ String.concatWith ", " (map f xs) ^ "]"

(* One element a line, as in the lab's transcript: "[ a\n, b\n, c ]"; "[]" when empty. *)
fun listToStringLn (_, []) = "[]"
  | listToStringLn (f, xs) = "[ " ^ String.concatWith "\n, " (map f xs) ^ " ]"
