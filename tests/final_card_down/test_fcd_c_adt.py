"""A C ``Game.c`` graded by the scenarios, through the grader's own path: built with our
driver in the sandbox (gcc, AddressSanitizer, UndefinedBehaviorSanitizer), run once per
scenario, its answers judged as a Python ADT's are.

The C example class (``examples/final-card-down-c/``): ada is a sound ADT written in C (an
implementation independent of the Python reference, which makes the expectations); bo forgot
that a ZERO is wild; cy answers right but leaks in destroyGame; dee reads past the end of
the deck in newGame.  What each must get is read from the scenarios and the faults planted,
never from running the code under test.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from graders.assignment import load_assignment
from graders.grade.engine import grade_submission
from graders.run.layouts import submission_kinds
from graders.run.toolchains import toolchain
from graders.submission import cleanup, load_submissions
from reference.final_card_down import c_adt
from reference.final_card_down.plugin import SR

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "final-card-down-c"
FIXTURES = ROOT / "fixtures" / "final-card-down"

pytestmark = pytest.mark.skipif(toolchain("gcc").path() is None, reason="no gcc")


@pytest.fixture(scope="module")
def assignment():
    return load_assignment("final-card-down")


@pytest.fixture(scope="module")
def adt_cases(assignment):
    return [c for c in assignment.cases() if c.part == "adt"]


@pytest.fixture(autouse=True)
def build_cache(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("UNOGRADE_BUILD_CACHE", str(tmp_path_factory.getbasetemp() / "builds"))


def grade(assignment, path, cases):
    subs = load_submissions(path, assignment.module, programs=submission_kinds(assignment))
    try:
        return grade_submission(assignment, subs[0], cases, isolation="auto")
    finally:
        cleanup(subs)


def named(cases, *names):
    return [c for c in cases if c.name in names]


# ----------------------------------------------------------------- the driver's two halves


def test_the_driver_input_carries_no_expected_answer():
    scenario = SR.load_scenario(str(FIXTURES / "public" / "faq_zero_is_wild.json"))
    text = c_adt.scenario_input(SR.strip_expectations(scenario))
    lines = text.splitlines()
    assert lines[0] == "fcd-scenario 1"
    assert lines[1] == f"deck {len(scenario['deck'])}"
    # The first card, by hand: the enums' numbers of the deck's first card text.
    colour, value, suit = scenario["deck"][0].split()
    assert lines[2] == f"{SR.VALUES.index(value)} {SR.COLORS.index(colour)} {SR.SUITS.index(suit)}"
    assert "expect" not in text and "True" not in text and "False" not in text


def test_the_driver_answers_read_back_as_the_python_adapter_returns_them():
    printed = "\n".join(
        [
            "=fcd= created",
            "debugging: my own printf=fcd= played",  # the student's print on the same line
            "=fcd= bool 0",
            "=fcd= int -1",
            "=fcd= card 13 0 2",
            "=fcd= move 1 2 13 0 2",
            "=fcd= move 5",
            "=fcd= dir 1",
            "=fcd= hand 2",
            "=fcd= in 3 1 3",
            "=fcd= in 0 0 0",
            "=fcd= refused",
            "=fcd= leaks 0 0",
            "=fcd= end",
        ]
    )
    answers = [a for _, a in c_adt.parse_answers(printed)]
    assert answers == [
        "created",
        "played",
        False,
        -1,
        "RED DECLARE CLUBS",
        "PLAY_CARD RED DECLARE CLUBS GREEN",
        "END_TURN",
        "ANTICLOCKWISE",
        ["BLUE THREE SPADES", "RED ZERO HEARTS"],  # sorted, as the Python replay sorts
        {"valid": False},
    ]


def test_a_line_that_is_not_the_drivers_is_malformed_output_never_a_traceback():
    with pytest.raises(ValueError, match="could not be read"):
        c_adt.parse_answers("=fcd= created\n=fcd= hand 3\n=fcd= in 1 1 1\n")
    with pytest.raises(ValueError, match="could not be read"):
        c_adt.parse_answers("=fcd= <script>alert(1)</script>\n")


def test_a_ubsan_report_names_the_students_file_and_line_cut_short():
    report = (
        "=fcd= created\n"
        "/tmp/unograde-prog-x/Game.c:41:9: runtime error: signed integer overflow: "
        "2147483647 + 1 cannot be represented in type 'int'\n"
        "    #0 0x55 in playerPoints /tmp/unograde-prog-x/Game.c:41\n"
        "    #1 0x56 in ask /work/fcd_driver.c:190\n" + "x\n" * 500
    )
    from graders.run.sandbox import Outcome

    read = c_adt.read_run(Outcome(0, "crashed", value=report, message="exited with status 86"))
    assert read.status == "sanitizer"
    assert read.message.startswith("UndefinedBehaviorSanitizer: signed integer overflow")
    assert "Game.c:41 in playerPoints" in read.message
    assert "/tmp/unograde-prog-x" not in read.traceback  # paths cut to file names
    assert read.traceback.count("\n") < c_adt.MAX_REPORT_LINES


def test_a_card_the_driver_freed_after_play_move_is_named_as_freed_by_the_driver():
    """A Game.c that keeps the move's card (Game.h: the caller's, freed after playMove), read
    later by the driver: no frame of the student's anywhere, so our frames are named, and the
    driver's line that freed it (its allocation wrapper ``__wrap_free`` left out)."""
    report = (
        "=fcd= played\n"
        "==7==ERROR: AddressSanitizer: heap-use-after-free on address 0x6020 at pc 0x1 sp 0x2\n"
        "READ of size 4 at 0x6020 thread T0\n"
        "    #0 0x51 in cardValue /tmp/unograde-prog-x/unograde_Card.c:33\n"
        "    #1 0x52 in say_card /tmp/unograde-prog-x/fcd_driver.c:169\n"
        "    #2 0x53 in ask /tmp/unograde-prog-x/fcd_driver.c:190\n"
        "    #3 0x54 in __libc_start_call_main ../sysdeps/nptl/libc_start_call_main.h:58\n"
        "\n"
        "0x6020 is located 0 bytes inside of 12-byte region [0x6020,0x602c)\n"
        "freed by thread T0 here:\n"
        "    #0 0x61 in __interceptor_free ../../../../src/libsanitizer/asan/asan_malloc.cpp:52\n"
        "    #1 0x62 in __wrap_free /tmp/unograde-prog-x/fcd_driver.c:148\n"
        "    #2 0x63 in destroyCard /tmp/unograde-prog-x/unograde_Card.c:29\n"
        "    #3 0x64 in main /tmp/unograde-prog-x/fcd_driver.c:313\n"
        "\n"
        "previously allocated by thread T0 here:\n"
        "    #0 0x71 in __interceptor_malloc ../../../../src/libsanitizer/asan/asan_malloc.cpp:69\n"
        "    #1 0x72 in newCard /tmp/unograde-prog-x/unograde_Card.c:18\n"
        "    #2 0x73 in read_move /tmp/unograde-prog-x/fcd_driver.c:180\n"
    )
    message, text = c_adt.sanitizer_report(report)
    assert message == (
        "AddressSanitizer: heap-use-after-free (read of size 4) detected in unograde's code "
        "(not on a line of yours): unograde's Card.c:33 in cardValue, called from "
        "fcd_driver.c:169 in say_card; "
        "the memory was freed at fcd_driver.c:313 in main"
    )
    assert "/tmp/unograde-prog-x" not in text


def test_a_ubsan_report_with_no_frame_of_source_falls_back_on_its_first_line():
    report = "/tmp/x/Game.c:12:5: runtime error: load of null pointer of type 'int'\n"
    message, _ = c_adt.sanitizer_report(report)
    assert message == "UndefinedBehaviorSanitizer: load of null pointer of type 'int' at Game.c:12"


# ----------------------------------------------------------------- graded in the sandbox


def test_a_sound_c_adt_passes_every_scenario(assignment, adt_cases):
    result = grade(assignment, EXAMPLES / "ada", adt_cases)
    adt = [c for c in result.cases if c.part == "adt"]
    assert len(adt) == 47 and all(c.outcome == "passed" for c in adt), [
        (c.name, c.outcome, c.messages[:2]) for c in adt if c.outcome != "passed"
    ]
    assert any("graded as C part files (Game.c)" in n for n in result.notes)
    assert not result.review  # it frees everything


def test_a_rule_wrong_in_c_is_told_as_for_python_with_where_it_went_wrong(assignment, adt_cases):
    cases = named(adt_cases, "faq_zero_is_wild", "faq_dealing_order")
    result = grade(assignment, EXAMPLES / "bo", cases)
    got = {c.name: c for c in result.cases}
    assert got["faq_dealing_order"].outcome == "passed"  # no ZERO played there
    wild = got["faq_zero_is_wild"]
    assert wild.outcome == "failed"
    assert "expected: True" in "\n".join(wild.messages)
    # The first divergence, found by replaying the probe with bo's own program.
    assert "spec rule 3" in wild.first_divergence["summary"]


def test_an_out_of_bounds_read_is_a_sanitizer_report_at_the_students_line(assignment, adt_cases):
    result = grade(assignment, EXAMPLES / "dee", named(adt_cases, "faq_dealing_order"))
    (case,) = result.cases
    assert case.outcome == "sanitizer"
    line = next(
        k + 1
        for k, text in enumerate((EXAMPLES / "dee" / "Game.c").read_text().splitlines())
        if "values[i + 1]" in text
    )
    assert "heap-buffer-overflow" in case.messages[0]
    assert f"Game.c:{line} in newGame" in case.messages[0]
    assert "AddressSanitizer" in case.traceback and len(case.traceback) <= 8000


def line_in(path: Path, text: str) -> int:
    """The line of ``path`` holding ``text`` (exactly one)."""
    found = [k + 1 for k, line in enumerate(path.read_text().splitlines()) if text in line]
    assert len(found) == 1, (path.name, text, found)
    return found[0]


def ada_with(folder: Path, old: str, new: str) -> Path:
    """ada's sound Game.c with one planted fault, in ``folder``."""
    folder.mkdir()
    source = (EXAMPLES / "ada" / "Game.c").read_text()
    assert source.count(old) == 1
    (folder / "Game.c").write_text(source.replace(old, new))
    return folder


# The first discard freed in newGame, then read through cardValue (unograde's Card.c).
FREE_FIRST = (
    "    Card first = g->all[dealt];\n",
    "    Card first = g->all[dealt];\n    destroyCard(first);\n",
)
OUR_CARD_C = ROOT / "assignments" / "final-card-down" / "c" / "Card.c"


def test_a_fault_caught_in_our_card_c_is_told_at_the_students_call(assignment, adt_cases, tmp_path):
    folder = ada_with(tmp_path / "fay", *FREE_FIRST)
    result = grade(assignment, folder, named(adt_cases, "faq_dealing_order"))
    (case,) = result.cases
    assert case.outcome == "sanitizer"
    message = case.messages[0]
    call = line_in(folder / "Game.c", "if (cardValue(first) == DRAW_TWO)")
    ours = line_in(OUR_CARD_C, "return card->value;")
    assert "heap-use-after-free (read of size 4) at Game.c:" in message
    assert f" at Game.c:{call} in newGame, " in message  # the student's line comes first
    assert message.endswith(f"in its call to cardValue (unograde's Card.c:{ours} in cardValue)")


def test_a_card_c_the_student_sent_is_their_file(assignment, adt_cases, tmp_path):
    folder = ada_with(tmp_path / "gil", *FREE_FIRST)
    text = OUR_CARD_C.read_text()
    own = "\n".join(line for line in text.splitlines() if not line.startswith("#line")) + "\n"
    assert own != text
    (folder / "Card.c").write_text(own)
    result = grade(assignment, folder, named(adt_cases, "faq_dealing_order"))
    (case,) = result.cases
    assert case.outcome == "sanitizer"
    read = line_in(folder / "Card.c", "return card->value;")
    call = line_in(folder / "Game.c", "if (cardValue(first) == DRAW_TWO)")
    assert (
        f" at Card.c:{read} in cardValue, called from Game.c:{call} in newGame"
        in (case.messages[0])
    )
    assert "unograde's" not in case.messages[0]


def test_a_fault_with_no_frame_of_the_students_says_it_was_found_in_our_code(
    assignment, adt_cases, tmp_path
):
    """handCard answers a card it has freed; the driver reads it (cardValue, in our Card.c,
    called from fcd_driver.c): no line of Game.c is on that stack, so the report says so,
    and names the line of Game.c that freed the card."""
    folder = ada_with(
        tmp_path / "hal",
        "    return g->hands[g->player].items[card];\n",
        "    Card c = g->hands[g->player].items[card];\n"
        "    Card copy = newCard(cardValue(c), cardColor(c), cardSuit(c));\n"
        "    destroyCard(copy);\n"
        "    return copy;\n",
    )
    result = grade(assignment, folder, named(adt_cases, "faq_dealing_order"))
    (case,) = result.cases
    assert case.outcome == "sanitizer"
    message = case.messages[0]
    freed = line_in(folder / "Game.c", "destroyCard(copy);")
    # The driver prints a card with cardValue, cardColor and cardSuit as printf's arguments,
    # in an order C leaves open: the getter that first reads the freed card is one of them.
    getters = [
        f"unograde's Card.c:{line_in(OUR_CARD_C, f'return card->{field};')} in card{name}"
        for field, name in (("value", "Value"), ("color", "Color"), ("suit", "Suit"))
    ]
    head = (
        "AddressSanitizer: heap-use-after-free (read of size 4) detected in unograde's code "
        "(not on a line of yours): "
    )
    assert any(f"{head}{getter}, called from fcd_driver.c:" in message for getter in getters)
    assert message.endswith(f"; the memory was freed at Game.c:{freed} in handCard")
    assert " at Game.c:" not in message.split("; the memory")[0]  # none of theirs on the stack


def test_a_leak_after_destroy_game_is_a_note_not_a_fault(assignment, adt_cases):
    cases = named(adt_cases, "faq_dealing_order", "faq_zero_is_wild")
    result = grade(assignment, EXAMPLES / "cy", cases)
    assert all(c.outcome == "passed" for c in result.cases if c.part == "adt")
    assert result.deduction == 0
    (note,) = result.review
    assert note.startswith("memory leak: in 2 of 2 scenarios")
    assert "Game.c:" in note


def test_a_leak_deduction_when_the_assignment_asks_for_one(assignment, adt_cases, monkeypatch):
    monkeypatch.setitem(assignment.extra, "leak_deduction", 5)
    result = grade(assignment, EXAMPLES / "cy", named(adt_cases, "faq_dealing_order"))
    assert result.deduction == 5
    assert "5 points off" in result.review[0]


def test_a_compile_error_is_the_parts_outcome_with_gccs_message(assignment, adt_cases, tmp_path):
    folder = tmp_path / "eve"
    folder.mkdir()
    source = (EXAMPLES / "ada" / "Game.c").read_text()
    broken = source.replace("int numCards(Game g) {", "int numCards(Game g) { <b>oops</b>", 1)
    assert broken != source
    (folder / "Game.c").write_text(broken)
    cases = named(adt_cases, "faq_dealing_order", "faq_zero_is_wild")
    result = grade(assignment, folder, cases)
    adt = [c for c in result.cases if c.part == "adt"]
    assert [c.outcome for c in adt] == ["compile-error", "compile-error"]
    assert "Game.c:" in adt[0].messages[0] and "error" in adt[0].messages[0]
    assert "<b>oops</b>" in adt[0].traceback  # kept as text; the reports escape it


def test_a_build_is_kept_and_a_second_grading_compiles_nothing(assignment, adt_cases, tmp_path):
    from graders.grade import layout_run

    counts = []
    real = layout_run.LayoutRun.close

    def close(self):
        counts.append(self.compiled)
        real(self)

    folder = tmp_path / "ada"
    shutil.copytree(EXAMPLES / "ada", folder)
    (folder / "Game.c").write_text((folder / "Game.c").read_text() + "\n// a new build\n")
    cases = named(adt_cases, "faq_dealing_order")
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(layout_run.LayoutRun, "close", close)
        grade(assignment, folder, cases)
        grade(assignment, folder, cases)
    assert counts == [1, 0]
