(* uno-lab's SML harness: the grader's side of a case, compiled after the lab's definitions
   and before the student's file (so that nothing the student defines changes it).

   UnogradeLab.run calls a task with the case's seed as the random source and its scripted
   lines as standard input, captures what the call prints, and replies with the result (or
   the lab exception) in the lab's notation: the text a Python submission's adapter sends,
   read back by the same reader.  First.ownStrategy is the grader's scripted strategy of the
   fixtures (no task's answer). *)

structure UnogradeLab =
struct
  (* -- Strategies by name.  A case's call names its strategies (False.ownStrategy,
        Naive.ownStrategy...): each name is one closure, made once and kept here, that
        answers a probe (a memo no game ever holds: this very list, told by its address)
        with its name, and otherwise calls the strategy it stands for.  A desk prints its
        players' strategies by asking them; functions cannot be compared in SML, and SML/NJ
        may wrap a function afresh wherever it is passed, so nothing else would tell them. *)

  exception StrategyName of string
  val probe = [PASS]
  fun isProbe (memo : move list) = (Unsafe.cast memo : word) = (Unsafe.cast probe : word)

  val named : (string * strategy) list ref = ref []
  fun register (name, f : strategy) =
      let fun kept (args as (_, _, _, _, _, memo, _)) =
              if isProbe memo then raise StrategyName name else f args
      in named := (name, kept) :: !named end
  fun strategyName (f : strategy) =
      (ignore (f (PROCEED, [], [], WILD, CLOCKWISE, probe, [])); "<fn>")
      handle StrategyName name => name
           | _ => "<fn>"

  (* A strategy the call names that the submission does not define (Naive, Manual). *)
  exception MissingStrategy of string
  fun strategy name =
      case List.find (fn (n, _) => n = name) (!named) of
          SOME (_, f) => f
        | NONE => raise MissingStrategy name

  (* Where the student's file stopped loading (the compiler's message), if it did. *)
  val loadError : string option ref = ref NONE

  (* Play the first card of the hand that is playable: an ordinary card as SIMPLE, a wild
     card ordering RED; PASS with nothing playable. *)
  structure First : STRATEGY =
  struct
    fun pick (c as CRD _) = SIMPLE c
      | pick c = ORDER (c, RED)
    fun ownStrategy (_, cards, playable, _, _, _, _) =
        case (List.find (fn c => List.exists (fn p => isSameCard (p, c)) playable) cards,
              playable) of
            (SOME c, _) => pick c
          | (NONE, c :: _) => pick c
          | (NONE, []) => PASS
  end

  val () = register ("False.ownStrategy", False.ownStrategy)
  val () = register ("First.ownStrategy", First.ownStrategy)

  (* -- The lab's notation (what the grader's reader reads back). *)

  fun string s =
      "\"" ^ String.translate (fn #"\"" => "\\\"" | #"\\" => "\\\\" | c => String.str c) s ^ "\""
  fun list f xs = "[" ^ String.concatWith ", " (map f xs) ^ "]"
  val bool = Bool.toString
  val int = Int.toString
  val color = colorToString
  val direction = directionToString
  val card = cardToString
  val move = moveToString
  val cards = list card
  val ints = list int
  fun player p =
      "{name = " ^ string (Player.getName p) ^ ", cards = " ^ cards (Player.getCards p)
      ^ ", strategy = " ^ strategyName (Player.getStrategy p)
      ^ ", manual = " ^ bool (Player.isOnManual p) ^ "}"
  fun desk d =
      "{players = " ^ list player (Desk.getPlayers d) ^ ", pile = " ^ cards (Desk.getPile d)
      ^ ", deck = " ^ cards (Desk.getDeck d) ^ ", state = " ^ stateToString (Desk.getState d)
      ^ ", direction = " ^ direction (Desk.getDirection d)
      ^ ", memo = " ^ list move (Desk.getMemo d) ^ "}"
  fun playerMove (p, m) = "(" ^ player p ^ ", " ^ move m ^ ")"
  fun loss (name, points) = "(" ^ string name ^ ", " ^ int points ^ ")"
  fun result (winner, losses) = "(" ^ string winner ^ ", " ^ list loss losses ^ ")"
  fun option NONE = "NONE"
    | option (SOME r) = "SOME " ^ result r
  fun args (s, hand, playable, top, d, memo, counts) =
      "(" ^ String.concatWith ", "
              [stateToString s, cards hand, cards playable, card top, direction d,
               list move memo, ints counts] ^ ")"

  (* A lab exception in the notation; NONE for any other exception. *)
  fun labException IllegalGame = SOME "IllegalGame"
    | labException List.Empty = SOME "List.Empty"
    | labException (IllegalMove (name, a)) = SOME ("IllegalMove (" ^ string name ^ ", "
                                                   ^ args a ^ ")")
    | labException _ = NONE

  (* -- Standard input and output while a call runs. *)

  val printedCap = 200000

  fun captureOutput () =
      let
        val parts : string list ref = ref []
        val kept = ref 0
        val dropped = ref 0
        fun add s =
            let val room = printedCap - !kept
                val n = size s
            in
              if n <= room then (parts := s :: !parts; kept := !kept + n)
              else ( if room > 0
                     then (parts := String.substring (s, 0, room) :: !parts; kept := printedCap)
                     else ()
                   ; dropped := !dropped + n - Int.max (room, 0))
            end
        fun writeVec v = (add (CharVectorSlice.vector v); CharVectorSlice.length v)
        fun writeArr a = (add (CharArraySlice.vector a); CharArraySlice.length a)
        val writer =
            TextPrimIO.WR {name = "<stdout>", chunkSize = 4096, writeVec = SOME writeVec,
                           writeArr = SOME writeArr, writeVecNB = NONE, writeArrNB = NONE,
                           block = NONE, canOutput = NONE, getPos = NONE, setPos = NONE,
                           endPos = NONE, verifyPos = NONE, close = fn () => (),
                           ioDesc = NONE}
        val saved = TextIO.getOutstream TextIO.stdOut
        val () = TextIO.setOutstream (TextIO.stdOut,
                                      TextIO.StreamIO.mkOutstream (writer, IO.NO_BUF))
        fun restore () =
            ( (TextIO.flushOut TextIO.stdOut handle _ => ())
            ; TextIO.setOutstream (TextIO.stdOut, saved) )
      in
        (fn () => (restore (); (String.concat (rev (!parts)), !dropped)))
      end

  fun feedInput lines =
      TextIO.setInstream (TextIO.stdIn, TextIO.getInstream (TextIO.openString
        (String.concat (map (fn l => l ^ "\n") lines))))

  (* -- One case. *)

  val answered = ref false
  val callId = ref 0

  datatype outcome = Shown of string | Raised of exn

  fun taskOf function = hd (String.fields (fn c => c = #".") function)

  fun run {key, function, seed, stdin, show} thunk =
      let
        val () = answered := true
        val () = setShuffleSeed seed
        val () = feedInput stdin
        val finish = captureOutput ()
        val outcome = Shown (show (thunk ())) handle e => Raised e
        val (printed, dropped) = finish ()
        val () = feedInput []
        val id = Int.toString (!callId)
        val json = UnogradeServe.json
        fun returned (result, raised) =
            UnogradeServe.reply
              [("id", id), ("status", json "returned"),
               ("value", json ("{\"key\": " ^ json key ^ ", \"function\": " ^ json function
                               ^ ", \"result\": " ^ result ^ ", \"raised\": " ^ raised
                               ^ ", \"printed\": " ^ json printed
                               ^ ", \"dropped\": " ^ Int.toString dropped ^ "}")),
               ("stdout", json printed)]
      in
        case outcome of
            Shown text => returned (json text, "null")
          | Raised (MissingStrategy name) =>
            (case !loadError of
                 SOME error =>
                 UnogradeServe.reply
                   [("id", id), ("status", json "import-error"), ("type", json "a compile error"),
                    ("message", json ("solution.sml stops loading before " ^ name ^ ": "
                                      ^ error)),
                    ("traceback", json error)]
               | NONE =>
                 UnogradeServe.reply
                   [("id", id), ("status", json "returned"),
                    ("value", json ("{\"key\": " ^ json key ^ ", \"function\": "
                                    ^ json function ^ ", \"missing\": " ^ json name ^ "}"))])
          | Raised e =>
            case labException e of
                SOME text => returned ("null", json text)
              | NONE =>
                case e of
                    Fail message =>
                    if message = "not implemented: " ^ taskOf function
                    then UnogradeServe.reply [("id", id), ("status", json "missing"),
                                              ("message", json function)]
                    else raisedOther (id, e, printed)
                  | _ => raisedOther (id, e, printed)
      end

  and raisedOther (id, e, printed) =
      let val json = UnogradeServe.json
          val at = case SMLofNJ.exnHistory e of
                       [] => ""
                     | places => "raised at: " ^ String.concatWith "\n  " places
      in
        UnogradeServe.reply
          [("id", id), ("status", json "raised"), ("type", json (exnName e)),
           ("message", json (exnMessage e)), ("traceback", json at), ("stdout", json printed)]
      end
end
