(* uno-lab's SML driver: runs in the sandbox under SML/NJ, next to the student's solution.sml.

   It loads the lab's definitions once, then the student's file once (what loads before a
   compile error stays loaded), then answers case after case: each request is a piece of
   SML that calls one task and hands the result to UnogradeLab.run, which prints it in the
   lab's notation with the lab's printers.  Requests come on one pipe and replies go on
   another (their descriptors are in UNOGRADE_SERVE_FDS), one JSON line each; the
   student's own standard input and output are never the protocol: during a case they are
   the case's scripted lines and a capture of what it prints.

   The grader (assignments/uno-lab/harness/sml.py) writes the requests and reads the
   replies back with the same reader as a Python submission's. *)

val () = Control.Print.out := {say = fn _ => (), flush = fn () => ()};
val () = Control.Print.printDepth := 0;

structure UnogradeServe =
struct
  val (requestFd, replyFd) =
      case String.tokens Char.isSpace (getOpt (OS.Process.getEnv "UNOGRADE_SERVE_FDS", "")) of
          [a, b] => (valOf (Int.fromString a), valOf (Int.fromString b))
        | _ => (0, 1)

  fun fd n = Posix.FileSys.wordToFD (SysWord.fromInt n)

  val requests =
      TextIO.mkInstream (TextIO.StreamIO.mkInstream
        (Posix.IO.mkTextReader {fd = fd requestFd, name = "requests", initBlkMode = true}, ""))

  val replies =
      TextIO.mkOutstream (TextIO.StreamIO.mkOutstream
        (Posix.IO.mkTextWriter {fd = fd replyFd, name = "replies", appendMode = false,
                                   initBlkMode = true, chunkSize = 4096}, IO.BLOCK_BUF))

  (* A JSON string literal. *)
  fun json s =
      let fun esc #"\"" = "\\\""
            | esc #"\\" = "\\\\"
            | esc #"\n" = "\\n"
            | esc #"\r" = "\\r"
            | esc #"\t" = "\\t"
            | esc c = if Char.ord c < 32 orelse Char.ord c = 127
                      then "\\u00" ^ (if Char.ord c < 16 then "0" else "")
                           ^ Int.fmt StringCvt.HEX (Char.ord c)
                      else String.str c
      in "\"" ^ String.translate esc s ^ "\"" end

  fun reply (fields : (string * string) list) =
      ( TextIO.output (replies,
          "{" ^ String.concatWith ", " (map (fn (k, v) => json k ^ ": " ^ v) fields) ^ "}\n")
      ; TextIO.flushOut replies )

  (* What the compiler says while it compiles (errors, warnings, the values it binds). *)
  val said : string list ref = ref []
  fun capturing f =
      let
        val saved = !Control.Print.out
        val () = said := []
        val () = Control.Print.out := {say = fn s => said := s :: !said, flush = fn () => ()}
        val result = (f (); NONE) handle e => SOME e
      in
        Control.Print.out := saved;
        (result, String.concat (rev (!said)))
      end

  (* The part of the compiler's text from its first error on ("solution.sml:12.5-12.20
     Error: ..."), or an uncaught exception's message. *)
  fun errorPart text =
      let
        val lines = String.fields (fn c => c = #"\n") text
        fun from [] = []
          | from (l :: ls) = if String.isSubstring "Error" l orelse String.isPrefix "uncaught" l
                             then l :: ls else from ls
        val kept = from lines
        val text = String.concatWith "\n" (if null kept then lines else kept)
      in
        if size text > 4000 then String.substring (text, 0, 4000) ^ "..." else text
      end

  (* The definitions load once: a student's own `use "lab-3-use.sml"` finds them loaded. *)
  val definitionsLoaded = ref false
end;

val use = fn (file : string) =>
    if OS.Path.file file = "lab-3-use.sml" andalso !UnogradeServe.definitionsLoaded then ()
    else Backend.Interact.useFile file;

val () = Backend.Interact.useFile
           (getOpt (OS.Process.getEnv "UNOGRADE_LAB_DEFINITIONS", "lab-3-use.sml"));
val () = UnogradeServe.definitionsLoaded := true;
val () = Backend.Interact.useFile
           (getOpt (OS.Process.getEnv "UNOGRADE_LAB_HARNESS", "harness.sml"));

(* The student's file, with its standard output captured (a top-level print is shown with
   the submission's notes) and its standard input empty.  SML/NJ compiles a file by its
   top-level units (up to each ";"), and a file written without them is one unit: a single
   error would leave nothing of it loaded.  So after an error the file is loaded again up
   to the top-level declaration the error is in (and again, should that part hold an
   error of its own): what a student wrote before the first error is graded. *)
structure UnogradeLoad =
struct
  fun lineOf prefix text =
      let
        fun digits s = Int.fromString (String.extract (s, 0, NONE))
        fun find [] = NONE
          | find (l :: ls) =
            if String.isPrefix prefix l
            then digits (String.extract (l, size prefix, NONE))
            else find ls
      in find (String.fields (fn c => c = #"\n") text) end

  val keywords = ["fun", "val", "structure", "datatype", "exception", "type", "local", "open",
                  "signature", "functor", "abstype", "infix", "infixr", "nonfix", "use"]

  fun topLevel line =
      List.exists (fn k => line = k orelse String.isPrefix (k ^ " ") line
                           orelse String.isPrefix (k ^ "\t") line) keywords

  (* The line (from 1) where the top-level declaration holding line n starts. *)
  fun declarationStart (lines : string vector, n) =
      if n <= 1 then 1
      else if n <= Vector.length lines andalso topLevel (Vector.sub (lines, n - 1)) then n
      else declarationStart (lines, n - 1)

  fun prefixText (lines, n) =
      String.concat (List.tabulate (n - 1, fn i => Vector.sub (lines, i) ^ "\n"))

  fun load file =
      let
        val (raised, text) = UnogradeServe.capturing (fn () => Backend.Interact.useFile file)
      in
        case raised of
            NONE => NONE
          | SOME _ =>
            let
              val error = UnogradeServe.errorPart text
              val lines =
                  Vector.fromList (String.fields (fn c => c = #"\n")
                    (let val i = TextIO.openIn file in TextIO.inputAll i before TextIO.closeIn i end))
                  handle _ => Vector.fromList []
              fun retry (SOME n) =
                  let val start = declarationStart (lines, n)
                  in
                    if start <= 1 then ()
                    else
                      case UnogradeServe.capturing (fn () =>
                             Backend.Interact.useStream
                               (TextIO.openString (prefixText (lines, start)))) of
                          (NONE, _) => ()
                        | (SOME _, again) =>
                          (case lineOf "<instream>:" again of
                               SOME m => if m < start then retry (SOME m) else ()
                             | NONE => ())
                  end
                | retry NONE = ()
            in
              retry (lineOf (file ^ ":") text);
              SOME error
            end
      end
end;

val (unogradeLoadError, unogradeLoadPrinted) =
    let
      val file = getOpt (OS.Process.getEnv "UNOGRADE_LAB_SOLUTION", "solution.sml")
      val () = UnogradeLab.feedInput []
      val finish = UnogradeLab.captureOutput ()
      val error = UnogradeLoad.load file
      val (printed, _) = finish ()
    in
      (error, printed)
    end;

val () = UnogradeLab.loadError := unogradeLoadError;

(* The strategies a desk may name, known by identity to the printers: the student's own
   Naive and Manual where the file defines them. *)
val () =
    app (fn name =>
            ignore (UnogradeServe.capturing (fn () =>
              Backend.Interact.useStream (TextIO.openString
                ("val () = UnogradeLab.register (\"" ^ name ^ "\", " ^ name ^ ");")))))
        ["Naive.ownStrategy", "Manual.ownStrategy"];

structure UnogradeLoop =
struct
  open UnogradeServe

  fun readRequest () =
      case TextIO.inputLine requests of
          NONE => NONE
        | SOME header =>
          case String.tokens Char.isSpace header of
              [id, n] =>
              (case (Int.fromString id, Int.fromString n) of
                   (SOME id, SOME n) => SOME (id, TextIO.inputN (requests, n))
                 | _ => NONE)
            | _ => NONE

  (* A request: the case's key and the names the call needs (its task first) on the first
     line, then the SML. *)
  fun split text =
      case CharVector.findi (fn (_, c) => c = #"\n") text of
          SOME (i, _) => (String.tokens Char.isSpace (String.substring (text, 0, i)),
                          String.extract (text, i + 1, NONE))
        | NONE => ([], text)

  fun unbound text name =
      let val last = List.last (String.fields (fn c => c = #".") name)
          val first = hd (String.fields (fn c => c = #".") name)
      in String.isSubstring ("unbound variable or constructor: " ^ name) text
         orelse String.isSubstring ("unbound variable or constructor: " ^ last ^ " in path "
                                    ^ name) text
         orelse String.isSubstring ("unbound structure: " ^ first) text
      end

  (* A compiler message about a request names no place a student could find ("<instream>:1.5-1.9
     Error: ..."): the place goes, the message stays. *)
  fun withoutPlace text =
      let fun line l =
              if String.isPrefix "<instream>:" l
              then case CharVector.findi (fn (_, c) => c = #" ") l of
                       SOME (i, _) => String.extract (l, i + 1, NONE)
                     | NONE => l
              else l
      in String.concatWith "\n" (map line (String.fields (fn c => c = #"\n") text)) end

  fun answer (id, text) =
      let
        val (header, source) = split text
        val (key, names) = case header of k :: ns => (k, ns) | [] => ("", [])
        val () = UnogradeLab.answered := false
        val () = UnogradeLab.callId := id
        val (raised, said) =
            capturing (fn () => Backend.Interact.useStream (TextIO.openString source))
        val idText = Int.toString id
        val task = case names of n :: _ => n | [] => ""
      in
        if !UnogradeLab.answered then ()
        else
          case List.find (unbound said) names of
              SOME name =>
              (case unogradeLoadError of
                   SOME error =>
                   reply [("id", idText), ("status", json "import-error"),
                          ("type", json "a compile error"),
                          ("message", json ("solution.sml stops loading before " ^ name
                                            ^ ": " ^ error)),
                          ("traceback", json error)]
                 | NONE =>
                   if name = task
                   then reply [("id", idText), ("status", json "missing"),
                               ("message", json name)]
                   else reply [("id", idText), ("status", json "returned"),
                               ("value", json ("{\"key\": " ^ json key ^ ", \"function\": "
                                               ^ json task ^ ", \"missing\": " ^ json name
                                               ^ "}"))])
            | NONE =>
              let val error = withoutPlace (errorPart said)
                  val what = case raised of
                                 SOME e => if String.isSubstring "Error" said then error
                                           else exnMessage e
                               | NONE => error
              in
                reply [("id", idText), ("status", json "raised"),
                       ("type", json "a type error"),
                       ("message", json ("the call does not compile with your " ^ task
                                         ^ ": " ^ what)),
                       ("traceback", json what)]
              end
      end

  fun serve () =
      case readRequest () of
          NONE => OS.Process.exit OS.Process.success
        | SOME request => (answer request; serve ())
end;

val () =
    UnogradeServe.reply
      [("import", "{\"status\": \"ok\"}"),
       ("stdout", UnogradeServe.json unogradeLoadPrinted),
       ("load_error", case unogradeLoadError of
                          NONE => "null"
                        | SOME e => UnogradeServe.json e)];

val () = UnogradeLoop.serve ();
