"""``unograde similarity`` on a generated class of 30 independent solutions: a planted copy
(renamed, reformatted, functions reordered, comments and literals changed) ranks first on
code, a pair that shares only the starter does not rank, and a pair that shares three rare
wrong answers and no code ranks first on behaviour. Then every language by its lexer, and a
hostile submission as data."""

from __future__ import annotations

import csv
import io
import json

import pytest

from graders.assignment import load_assignment
from graders.gradebook import Gradebook
from graders.similarity import (
    MIN_CODE,
    behaviour_pairs,
    code_pairs,
    load_documents,
    rank,
)
from graders.similarity.fingerprint import document, source_file
from tests.gradebook.conftest import make_result, unograde

from .generate import STARTER, disguise, program

CLASS = 30
COPIER, COPIED = "s07", "s18"  # s07 hands in s18's program, disguised
STARTED_A, STARTED_B = "s03", "s25"  # both keep the whole starter in their file
RARE_A, RARE_B = "s11", "s22"  # three wrong answers only they gave; code their own


@pytest.fixture(scope="module")
def generated_class(tmp_path_factory):
    base = tmp_path_factory.mktemp("similar-class")
    folder = base / "class"
    folder.mkdir()
    for n in range(CLASS):
        name = f"s{n:02d}"
        source = program(1000 + n)
        if name in (STARTED_A, STARTED_B):
            source = STARTER + "\n\n" + source
        (folder / f"{name}.py").write_text(source)
    (folder / f"{COPIER}.py").write_text(disguise(program(1000 + int(COPIED[1:])), 5))
    starter = base / "starter.py"
    starter.write_text(STARTER)
    return {"base": base, "folder": folder, "starter": starter}


def _gradings(book: Gradebook) -> None:
    """The class graded on 20 cases: everyone fails some, the common wrong answers (given by
    eight or more) shared widely; RARE_A and RARE_B alone give three of the same."""
    for n in range(CLASS):
        name = f"s{n:02d}"
        cases = []
        for c in range(20):
            outcome, message = "passed", None
            if (n + c) % 4 == 0:
                outcome, message = "failed", f"hand 1, card 2: expected ('r','5'), got ('g','{c}')"
            if (n * 7 + c) % 11 == 0:
                outcome, message = "failed", f"turn {c} (player 2): plays ('b','{n % 3}')"
            cases.append((f"case{c:02d}", "p1", outcome, message))
        if name in (RARE_A, RARE_B):
            for c in (2, 9, 15):
                cases[c] = (f"case{c:02d}", "p1", "failed", f"deck: extra card ('y','{c}') odd")
        if name in ("s05", "s16"):  # their games depart at the same turn with the same move
            cases[19] = (
                "case19",
                "p1",
                "failed",
                "turn 13 (player 2): expected plays ('r','d'); yours plays ('b','4')",
            )
        book.record(make_result(name, {"p1": (10.0, 20.0, 10, 20)}, cases))


def test_the_planted_copy_ranks_first_and_the_starter_is_no_evidence(generated_class):
    assignment = load_assignment("uno-moves")
    docs = load_documents(assignment, [generated_class["folder"]], [generated_class["starter"]])
    assert len(docs.documents) == CLASS and not docs.skipped
    code = code_pairs(docs.documents)
    ranked = sorted(code, key=lambda k: -code[k].score)
    assert ranked[0] == (COPIER, COPIED) and code[ranked[0]].score > 0.8
    runner_up = code[ranked[1]].score
    assert runner_up < MIN_CODE and code[ranked[0]].score > 2 * runner_up
    listed = rank(code, {})
    assert [(p.first, p.second) for p in listed] == [(COPIER, COPIED)]
    starter_pair = (STARTED_A, STARTED_B)
    assert code.get(starter_pair) is None or code[starter_pair].score < MIN_CODE
    # ... which is the starter's removal at work: without it, the two would be the first
    # pair after the copy, well above any two independent solutions
    bare = load_documents(assignment, [generated_class["folder"]], [])
    bare.documents = {k: document(k, v.files) for k, v in bare.documents.items()}
    unremoved = code_pairs(bare.documents)
    order = sorted(unremoved, key=lambda k: -unremoved[k].score)
    assert order[:2] == [(COPIER, COPIED), starter_pair]
    assert unremoved[starter_pair].score > 1.5 * unremoved[order[2]].score


def test_three_rare_wrong_answers_rank_first_on_behaviour(tmp_path, gradebook_url):
    with Gradebook(gradebook_url) as book:
        _gradings(book)
        gradings = book.latest("cards")
        found = behaviour_pairs(gradings, book.cases([g.id for g in gradings]))
    ordered = sorted(found, key=lambda k: -found[k].score)
    assert ordered[0] == (RARE_A, RARE_B)
    best = found[ordered[0]]
    assert {a.case for a in best.answers if a.holders == 2} == {"case02", "case09", "case15"}
    assert best.score >= 3 and found[ordered[1]].score < 0.6 * best.score
    # a common answer (7 of 30 gave it) weighs far less than one only two gave
    common = [a for k in ordered for a in found[k].answers if a.holders >= 7]
    assert common and max(a.weight for a in common) < 0.35
    assert all(a.kind == "same wrong answer" for a in best.answers if a.holders == 2)
    departures = [a for k in ordered for a in found[k].answers if a.kind == "same departure"]
    assert [(a.case, a.holders) for a in departures] == [("case19", 2)]
    assert departures[0] in found[("s05", "s16")].answers


def test_the_command_writes_the_pages_records_the_pairs_and_the_dashboard_shows_them(
    generated_class, tmp_path
):
    book = tmp_path / "gradebook.db"
    with Gradebook(book) as gradebook:  # the behaviour is read for the assignment compared
        _gradings_as(gradebook, "uno-moves")
    out = tmp_path / "sim"
    starter = str(generated_class["starter"])
    done = unograde("similarity", "uno-moves", str(generated_class["folder"]), "--out", str(out),
                    "--starter", starter, "--gradebook", str(book))  # fmt: skip
    assert done.returncode == 0, done.stderr
    first = done.stdout.splitlines()[0]
    assert f"{COPIER} ~ {COPIED}" in first and "(#1)" in first
    assert any(f"{RARE_A} ~ {RARE_B}" in line and "behaviour" in line and "case02" in line
               for line in done.stdout.splitlines())  # fmt: skip
    index = (out / "index.html").read_text()
    assert "Content-Security-Policy" in index and "pair-0001.html" in index
    page = (out / "pair-0001.html").read_text()
    assert page.count('class="m"') > 20  # the copied lines marked on both sides
    assert 'id="a-r1"' in page and 'href="#b-r1"' in page
    rows = list(csv.reader(io.StringIO((out / "similarity.csv").read_text())))
    assert rows[1][1:3] == [COPIER, COPIED] and rows[1][4] == "1"
    with Gradebook(book) as gradebook:
        stored = gradebook.similarity("uno-moves")
    assert (stored[0].first, stored[0].second) == (COPIER, COPIED)
    assert any(r.first == RARE_A and "case09" in r.cases for r in stored)
    dash = tmp_path / "dash"
    assert unograde("dashboard", "--gradebook", str(book), "--out", str(dash)).returncode == 0
    shown = (dash / "uno-moves.html").read_text()
    assert 'id="similarity"' in shown and "../sim/pair-0001.html" in shown


def _gradings_as(book: Gradebook, assignment: str) -> None:
    for n in range(CLASS):
        name = f"s{n:02d}"
        cases = [(f"case{c:02d}", "p1", "passed", None) for c in range(20)]
        if name in (RARE_A, RARE_B):
            for c in (2, 9, 15):
                cases[c] = (f"case{c:02d}", "p1", "failed", f"deck: extra card ('y','{c}')")
        book.record(make_result(name, {"p1": (10.0, 20.0, 10, 20)}, cases, assignment=assignment))


# -- every language, by its file name ----------------------------------------------------------

LANGUAGES = {
    "hs": (
        """
-- Count the cards of a colour in a hand
countColour :: Char -> [(Char, Int)] -> Int
countColour colour hand = length [c | (c, _) <- hand, c == colour]

bestCard :: [(Char, Int)] -> (Char, Int)
bestCard hand = foldr1 pick hand
  where pick a b = if snd a >= snd b then a else b

playable :: (Char, Int) -> [(Char, Int)] -> [(Char, Int)]
playable (colour, rank) hand = filter (\\(c, r) -> c == colour || r == rank) hand

score :: [(Char, Int)] -> Int
score hand = sum (map snd hand) + 10 * countColour 'w' hand
""",
        """
main :: IO ()
main = do
  line <- getLine
  let numbers = map read (words line) :: [Integer]
  print (foldl (\\acc x -> acc * 2 + x) 0 numbers)
  mapM_ print (zip [1 ..] (reverse numbers))
  putStrLn (concatMap show (takeWhile (< 100) (iterate (* 3) 1)))
""",
    ),
    "sml": (
        """
(* count the cards of a colour *)
fun countColour (colour, hand) =
  length (List.filter (fn (c, _) => c = colour) hand)

fun bestCard [] = raise Empty
  | bestCard (x :: xs) =
      foldl (fn (a, b) => if #2 a >= #2 b then a else b) x xs

fun playable ((colour, rank), hand) =
  List.filter (fn (c, r) => c = colour orelse r = rank) hand

fun score hand = foldl (fn ((_, r), acc) => acc + r) 0 hand + 10 * countColour (#"w", hand)
""",
        """
datatype tree = Leaf | Node of tree * int * tree
fun insert (Leaf, x) = Node (Leaf, x, Leaf)
  | insert (Node (l, v, r), x) =
      if x < v then Node (insert (l, x), v, r) else Node (l, v, insert (r, x))
fun toList Leaf = []
  | toList (Node (l, v, r)) = toList l @ [v] @ toList r
val sorted = toList (foldl (fn (x, t) => insert (t, x)) Leaf [5, 3, 8, 1])
""",
    ),
    "c": (
        """
#include <stdio.h>
/* count the cards of a colour */
int count_colour(const char *hand, int size, char colour) {
    int total = 0;
    for (int i = 0; i < size; i += 2) {
        if (hand[i] == colour) { total++; }
    }
    return total;
}
int best_rank(const char *hand, int size) {
    int best = -1;
    for (int i = 1; i < size; i += 2) {
        int rank = hand[i] - '0';
        if (rank > best) best = rank;
    }
    return best;
}
int main(void) {
    const char *hand = "r5g7b2r9";
    printf("%d %d\\n", count_colour(hand, 8, 'r'), best_rank(hand, 8));
    return 0;
}
""",
        """
#include <stdlib.h>
#include <string.h>
typedef struct node { struct node *next; char *text; } node;
node *push(node *head, const char *text) {
    node *n = malloc(sizeof *n);
    n->text = strdup(text);
    n->next = head;
    return n;
}
void release(node *head) {
    while (head) { node *next = head->next; free(head->text); free(head); head = next; }
}
""",
    ),
    "js": (
        """
// count the cards of a colour
function countColour(hand, colour) {
  let total = 0;
  for (const card of hand) {
    if (card.colour === colour) { total += 1; }
  }
  return total;
}
function bestCard(hand) {
  return hand.reduce((a, b) => (a.rank >= b.rank ? a : b));
}
function playable(top, hand) {
  return hand.filter((c) => c.colour === top.colour || c.rank === top.rank);
}
module.exports = { countColour, bestCard, playable };
""",
        """
const fs = require("fs");
const text = fs.readFileSync(0, "utf8");
const words = text.split(/\\s+/).filter(Boolean);
const counts = new Map();
for (const w of words) counts.set(w, (counts.get(w) || 0) + 1);
console.log([...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, 3));
""",
    ),
    "java": (
        """
import java.util.List;
/** Cards. */
public class Hand {
    // count the cards of a colour
    static int countColour(List<int[]> hand, int colour) {
        int total = 0;
        for (int[] card : hand) {
            if (card[0] == colour) { total++; }
        }
        return total;
    }
    static int[] bestCard(List<int[]> hand) {
        int[] best = hand.get(0);
        for (int[] card : hand) { if (card[1] > best[1]) { best = card; } }
        return best;
    }
}
""",
        """
import java.util.Scanner;
public class Main {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        long sum = 0;
        while (in.hasNextLong()) { sum += in.nextLong(); }
        System.out.println("sum=" + sum);
    }
}
""",
    ),
    "py": (
        """
def count_colour(hand, colour):
    # count the cards of a colour
    total = 0
    for card_colour, _rank in hand:
        if card_colour == colour:
            total += 1
    return total


def best_card(hand):
    best = hand[0]
    for card in hand:
        if card[1] > best[1]:
            best = card
    return best


def playable(top, hand):
    return [c for c in hand if c[0] == top[0] or c[1] == top[1]]
""",
        """
import sys
words = sys.stdin.read().split()
counts = {}
for w in words:
    counts[w] = counts.get(w, 0) + 1
print(sorted(counts.items(), key=lambda kv: -kv[1])[:3])
""",
    ),
}

_RENAME = {"countColour": "tally", "count_colour": "tally", "count-colour": "tally",
           "bestCard": "topOne", "best_card": "top_one", "best_rank": "top_rank",
           "playable": "legalOnes", "colour": "hue", "hand": "cards", "total": "acc",
           "best": "winner", "rank": "level", "score": "points"}  # fmt: skip


def _disguised(text: str) -> str:
    """Renamed, comments rewritten, re-spaced: the same code to a reader who knows."""
    import re

    for old, new in _RENAME.items():
        text = re.sub(rf"\b{re.escape(old)}\b", new, text)
    text = text.replace("count the cards of a colour", "my helper, written myself")
    return "\n".join(line.replace("    ", "\t").replace("  ", " ") for line in text.split("\n"))


@pytest.mark.parametrize("extension", sorted(LANGUAGES))
def test_every_language_is_compared_by_its_lexer(extension):
    original, other = LANGUAGES[extension]
    docs = {
        "a": document("a", [source_file(f"hand.{extension}", original)]),
        "b": document("b", [source_file(f"work.{extension}", _disguised(original))]),
        "c": document("c", [source_file(f"other.{extension}", other)]),
    }
    assert all(d.size >= 4 for d in docs.values()), {k: d.size for k, d in docs.items()}
    code = code_pairs(docs)
    assert code[("a", "b")].score > 0.8
    assert code.get(("a", "c")) is None or code[("a", "c")].score < 0.3


def test_a_notebook_is_compared_by_its_code_cells(tmp_path):
    original = LANGUAGES["py"][0]
    cells = [{"cell_type": "markdown", "metadata": {}, "source": "# My work"}]
    for chunk in original.strip().split("\n\n\n"):
        cells.append({"cell_type": "code", "metadata": {}, "execution_count": None,
                      "outputs": [], "source": _disguised(chunk)})  # fmt: skip
    notebook = {"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    (tmp_path / "nb.ipynb").write_text(json.dumps(notebook))
    from graders.similarity.fingerprint import read_source

    read = read_source(tmp_path / "nb.ipynb", "nb.ipynb")
    assert read is not None and read.name == "nb.py" and "# cell 3" in read.text
    docs = {"a": document("a", [source_file("a.py", original)]), "nb": document("nb", [read])}
    assert code_pairs(docs)[("a", "nb")].score > 0.8


def test_a_hostile_submission_is_data_on_every_page(tmp_path):
    folder = tmp_path / "class"
    folder.mkdir()
    evil = "</td><script>alert(1)</script>\x1b[2J<img src=x onerror=alert(2)>"
    body = program(77)
    (folder / "good.py").write_text(body)
    name = "=cmd|x<b>"
    (folder / f"{name}.py").write_text(f"# {evil}\nTEXT = '{evil}'\n" + body)
    out = tmp_path / "sim"
    done = unograde("similarity", "uno-moves", str(folder), "--out", str(out), "--no-gradebook")
    assert done.returncode == 0, done.stderr
    assert "\x1b" not in done.stdout + done.stderr
    page = (out / "pair-0001.html").read_text()
    assert "<script>alert(1)" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "<img src=x" not in page and "\x1b" not in page and "<b>" not in page
    cells = [c for row in csv.reader(io.StringIO((out / "similarity.csv").read_text()))
             for c in row]  # fmt: skip
    assert not [c for c in cells if c[:1] in ("=", "+", "@")]


def test_bad_input_is_one_line_and_exit_2(tmp_path):
    for args, words in (
        (("similarity", "nope", str(tmp_path)), "unknown assignment 'nope'"),
        (("similarity", "uno-moves", str(tmp_path / "missing")), "no such file or folder"),
    ):
        done = unograde(*args, "--out", str(tmp_path / "o"), "--no-gradebook")
        assert done.returncode == 2 and words in done.stderr and "Traceback" not in done.stderr
