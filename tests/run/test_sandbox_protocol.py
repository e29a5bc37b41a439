"""The sandbox's wire format and what the grader believes of a reply (docs: graders/run/harness.py).

The grader's messages are marshal frames (4-byte little-endian length, then the bytes); the
child's replies are JSON lines with tuples, dicts and odd floats tagged, and everything in them
is checked. The first half tests each piece in this process; the second runs a real child (the
rlimits path, generous limits: nothing here depends on the machine's speed) and checks that
values, output, errors and bookkeeping come back as the student's code made them.
"""

from __future__ import annotations

import io
import json
import marshal
import math
import textwrap
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from graders.run import harness, sandbox
from graders.run.harness import MAX_DEPTH, MAX_ITEMS, OutputLimit, encode, frame, read_frame, tagged
from graders.run.sandbox import Call, Session, run_calls
from graders.vocabulary import Limits, RunStatus

# -- frames ----------------------------------------------------------------------------------


def test_a_frame_is_a_little_endian_length_then_marshal():
    data = frame({"id": 3})
    body = marshal.dumps({"id": 3}, 2)
    assert data == len(body).to_bytes(4, "little") + body
    assert marshal.loads(read_frame(io.BytesIO(data))) == {"id": 3}


def test_frames_are_read_one_after_another_until_the_pipe_closes():
    inbox = io.BytesIO(frame("a") + frame(("b", 1)))
    assert marshal.loads(read_frame(inbox)) == "a"
    assert marshal.loads(read_frame(inbox)) == ("b", 1)
    assert read_frame(inbox) is None


@pytest.mark.parametrize("cut", [1, 3, 4, 6])
def test_a_truncated_frame_is_no_frame(cut):
    data = frame(["r", "5"] * 3)
    assert read_frame(io.BytesIO(data[:cut])) is None
    assert read_frame(io.BytesIO(data[:-1])) is None


def test_shared_references_are_sent_as_copies():
    card = ("r", "5")
    pile = [card, card]
    assert marshal.loads(read_frame(io.BytesIO(frame(pile)))) == [("r", "5"), ("r", "5")]
    assert harness.MARSHAL_VERSION == 2  # version 3 would keep the reference


# -- encode and tagged: the child's replies --------------------------------------------------


def round_trip(value):
    return json.loads(harness.dumps(encode(value)), object_hook=tagged)


@pytest.mark.parametrize(
    "value",
    [
        ("r", "5"),
        [("r", "5"), ("b", "d")],
        (("r", "5"), ["g", "1"]),
        ([("r", "5")], [], (("w", "-"),)),
        [[1, 2], (3, 4)],
        [[1, [2, (3,)]]],
        (),
        [],
        [None, True, 0, "x"],
        {"a": (1, 2), "b": [("r", "5")]},
        {1: "one", (1, 2): "pair", None: 0, False: "f"},
        [1.5, -0.0],
    ],
)
def test_plain_values_come_back_as_they_were_sent(value):
    back = round_trip(value)
    assert back == value
    # tuples stay tuples and lists stay lists, at every depth
    assert repr(back) == repr(value)


_plain_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=6)
    | st.floats(allow_nan=False, allow_infinity=False),
    lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner) | st.tuples(inner)
    | st.lists(st.tuples(st.text(max_size=3), st.text(max_size=3)), max_size=4),
    max_leaves=24,
)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(value=_plain_values)
def test_any_nesting_of_plain_values_comes_back_with_every_type_kept(value):
    back = round_trip(value)
    assert back == value and repr(back) == repr(value)


def test_a_pile_of_cards_is_tagged_once_not_card_by_card():
    pile = [("r", "5"), ("b", "d")]
    assert encode(pile) == {"__tuples__": [["r", "5"], ["b", "d"]]}
    assert encode(tuple(pile)) == {"__tuple__": {"__tuples__": [["r", "5"], ["b", "d"]]}}
    assert encode([["r", "5"], ["b", "d"]]) == [["r", "5"], ["b", "d"]]
    assert encode([("r", "5"), ["b", "d"]]) == [{"__tuple__": ["r", "5"]}, ["b", "d"]]
    hands = [pile, [("g", "1")]]
    assert encode(hands) == [encode(pile), {"__tuples__": [["g", "1"]]}]
    assert round_trip(hands) == hands and type(round_trip(hands)[0][0]) is tuple


def test_a_forged_pile_tag_is_no_pile():
    # a child may send anything: a tag over something that is no list of sequences fails to
    # parse (the grader reads that as a protocol error), it never becomes a value silently
    for forged in ('{"__tuples__": 5}', '{"__tuples__": [1, 2]}'):
        with pytest.raises(TypeError):
            json.loads(forged, object_hook=tagged)


def test_booleans_stay_booleans():
    assert round_trip([True, 1, False, 0]) == [True, 1, False, 0]
    assert [type(v) for v in round_trip([True, 1, False, 0])] == [bool, int, bool, int]


@pytest.mark.parametrize("value", [math.inf, -math.inf])
def test_infinite_floats_are_tagged(value):
    assert encode(value) == {"__float__": repr(value)}
    assert round_trip(value) == value


def test_nan_is_tagged_and_comes_back_as_nan():
    assert encode(math.nan) == {"__float__": "nan"}
    assert math.isnan(round_trip(math.nan))
    assert math.isnan(round_trip([("r", math.nan)])[0][1])


def test_an_object_comes_back_as_its_type_and_repr():
    class Card:
        def __repr__(self):
            return "Card(r, 5)"

    assert encode(Card()) == {"__object__": "Card", "__repr__": "Card(r, 5)"}
    assert encode([Card()]) == [{"__object__": "Card", "__repr__": "Card(r, 5)"}]
    assert encode({"k": Card()}) == {"__dict__": [["k", {"__object__": "Card",
                                                         "__repr__": "Card(r, 5)"}]]}  # fmt: skip


def test_an_object_whose_repr_raises_or_is_huge_is_still_described():
    class Bad:
        def __repr__(self):
            raise RuntimeError("no")

    class Long:
        def __repr__(self):
            return "x" * 10_000

    assert encode(Bad()) == {"__object__": "Bad", "__repr__": "<unprintable>"}
    assert encode(Long())["__repr__"] == "x" * 500


def test_subclasses_of_plain_types_are_sent_as_their_plain_values():
    class Str(str):
        pass

    class Int(int):
        pass

    class Tup(tuple):
        pass

    class Lst(list):
        pass

    assert round_trip([Str("r"), Int(5)]) == ["r", 5]
    assert round_trip(Tup(("r", "5"))) == ("r", "5") and type(round_trip(Tup((1,)))) is tuple
    assert round_trip(Lst([1, 2])) == [1, 2] and type(round_trip(Lst([1]))) is list


def test_non_string_dict_keys_that_json_cannot_key_are_shown_by_repr():
    assert tagged({"__dict__": [[[1, 2], "list key"]]}) == {"[1, 2]": "list key"}
    assert tagged({"__dict__": [[1.5, "x"], [None, "y"]]}) == {1.5: "x", None: "y"}


def test_an_untagged_dict_is_left_as_it_is():
    assert tagged({"__object__": "Card", "__repr__": "c"}) == {"__object__": "Card",
                                                                "__repr__": "c"}  # fmt: skip
    assert tagged({"a": 1}) == {"a": 1}


def test_a_result_at_the_depth_limit_is_sent_and_one_deeper_is_refused():
    def nested(depth):
        value: object = "x"
        for _ in range(depth):
            value = [value, 0]  # not a fast path: every level is a call of encode
        return value

    # The outermost list is at depth 0, so nested(d)'s innermost list is at depth d - 1: the
    # deepest allowed (MAX_DEPTH) is nested(MAX_DEPTH + 1).
    assert round_trip(nested(MAX_DEPTH + 1)) == nested(MAX_DEPTH + 1)
    with pytest.raises(ValueError, match="too large or too deeply nested"):
        encode(nested(MAX_DEPTH + 2))


@pytest.mark.parametrize(
    "make",
    [
        lambda n: ["r"] * n,  # a flat list of plain items
        lambda n: [("r", "5")] * (n // 2),  # a pile of cards
        lambda n: [("r", [1])] * (n // 2),  # mixed items, item by item
        lambda n: {k: k for k in range(n)},
    ],
)
def test_a_result_past_the_item_budget_is_refused(make):
    with pytest.raises(ValueError, match="too large or too deeply nested"):
        encode(make(MAX_ITEMS + 10))


def test_a_result_within_the_item_budget_is_sent():
    assert len(round_trip(["r"] * (MAX_ITEMS - 10))) == MAX_ITEMS - 10
    cards = [("r", "5")] * (MAX_ITEMS // 4)
    assert round_trip(cards) == cards


def test_the_budget_is_shared_by_the_whole_result():
    budget = [10]
    encode(["a", "b", "c"], budget=budget)
    assert budget[0] == 10 - 1 - 3  # the list and its three items
    with pytest.raises(ValueError):
        encode([["a"] * 4, ["b"] * 4], budget=[8])


def test_dumps_writes_one_line_of_plain_json():
    text = harness.dumps(encode({"k": ("a", "é\n")}))
    assert "\n" not in text
    assert json.loads(text) == {"__dict__": [["k", {"__tuple__": ["a", "é\n"]}]]}


# -- OutputLimit -----------------------------------------------------------------------------


def test_output_past_the_cap_is_counted_not_kept():
    out = OutputLimit(5)
    assert out.writable()
    assert out.write("abc") == 3
    assert out.write("defgh") == 5
    out.write("ij")
    assert out.text() == "abcde" and out.dropped == 5
    exact = OutputLimit(3)
    exact.write("abc")
    assert exact.text() == "abc" and exact.dropped == 0


def test_output_of_anything_is_its_str():
    out = OutputLimit(100)
    out.write(42)
    assert out.text() == "42"


def test_unchanged_arguments_compare_with_a_fresh_copy():
    args = ([("r", "5")], [1.0])
    data = marshal.dumps(args, 2)
    assert harness._unchanged(args, data)
    args[0].append(("b", "1"))
    assert not harness._unchanged(args, data)
    nan = ([math.nan],)
    assert harness._unchanged(nan, marshal.dumps(nan, 2))  # NaN != NaN, same repr


# -- what the grader believes ------------------------------------------------------------------


def test_text_fields_are_strings_cut_and_cleaned():
    assert sandbox._text(5) == "" and sandbox._text(None) == "" and sandbox._text(b"x") == ""
    assert sandbox._text("abcdef", 4) == "abcd"
    assert sandbox._text("a\x00b\ud800") == "ab\ufffd"
    assert len(sandbox._text("x" * (sandbox.MAX_TEXT + 5))) == sandbox.MAX_TEXT


@pytest.mark.parametrize(("value", "count"), [(3, 3), (0, 0), (-1, 0), (True, 0), ("7", 0),
                                              (2.0, 0), (None, 0)])  # fmt: skip
def test_counts_are_non_negative_ints_or_zero(value, count):
    assert sandbox._count(value) == count


@pytest.mark.parametrize(
    ("value", "seconds"),
    [(0.5, 0.5), (0, 0.0), (2, 2.0), (2.5, 2.0), (-0.1, 2.0), (True, 2.0), ("1", 2.0), (None, 2.0)],
)
def test_the_childs_timing_is_believed_only_within_what_was_measured(value, seconds):
    assert sandbox._seconds(value, 2.0) == seconds
    assert type(sandbox._seconds(value, 2.0)) is float


def test_arguments_marshal_does_not_know_go_as_their_description():
    class Card:
        def __repr__(self):
            return "Card()"

    plain = marshal.loads(read_frame(io.BytesIO(sandbox._args_frame(([("r", "5")], 3)))))
    assert plain == ([("r", "5")], 3)
    odd = marshal.loads(read_frame(io.BytesIO(sandbox._args_frame((Card(), ("r", "5"))))))
    assert odd == ({"__object__": "Card", "__repr__": "Card()"}, ("r", "5"))


def test_a_call_message_is_its_header_then_its_arguments_kept_for_the_class():
    sandbox._ARGS_FRAME.clear()
    args = ([("r", "5")],)
    data = sandbox._call_message(Call(7, "f", args), 1.5)
    inbox = io.BytesIO(data)
    assert marshal.loads(read_frame(inbox)) == {"id": 7, "function": "f", "cpu": 1.5}
    assert marshal.loads(read_frame(inbox)) == args
    assert read_frame(inbox) is None
    assert sandbox._ARGS_FRAME[id(args)][0] is args
    again = sandbox._call_message(Call(8, "f", args), 1.5)
    assert again[-len(sandbox._ARGS_FRAME[id(args)][1]) :] == sandbox._ARGS_FRAME[id(args)][1]
    other = ([("r", "5")],)  # equal, but another object: its own frame
    sandbox._call_message(Call(9, "f", other), 1.5)
    assert sandbox._ARGS_FRAME[id(other)][0] is other


def test_the_cache_of_argument_frames_is_bounded(monkeypatch):
    monkeypatch.setattr(sandbox, "MAX_CACHED_ARGS", 3)
    sandbox._ARGS_FRAME.clear()
    kept = [(k,) for k in range(5)]
    for k, args in enumerate(kept):
        sandbox._call_message(Call(k, "f", args), 1.0)
        assert len(sandbox._ARGS_FRAME) <= 3
    assert id(kept[-1]) in sandbox._ARGS_FRAME


LIMITS = Limits(timeout=30.0, cpu=30.0, memory_mb=512, output_kb=1)


def accept(reply: dict, elapsed: float = 1.0, call_id: int = 4):
    session = Session(Path("/nonexistent"), "m", LIMITS, "rlimits")
    return session._accept(Call(call_id, "f", ()), reply, elapsed)


def test_a_reply_for_another_case_or_with_an_unknown_status_is_a_crash():
    for reply in ({"id": 5, "status": "returned"}, {"id": 4, "status": "passed"}, {"id": 4}):
        outcome = accept(reply)
        assert outcome.status == RunStatus.CRASHED and outcome.id == 4
        assert outcome.message == "the process sent a result that does not belong to this case"
        assert outcome.seconds == 1.0


def test_a_well_formed_reply_is_taken_field_by_field():
    outcome = accept(
        {"id": 4, "status": "raised", "type": "KeyError", "message": "'r'", "traceback": "tb",
         "stdout": "hello", "dropped": 3, "seconds": 0.25, "mutated": True},
    )  # fmt: skip
    assert outcome.status == RunStatus.RAISED
    assert (outcome.error_type, outcome.message, outcome.traceback) == ("KeyError", "'r'", "tb")
    assert (outcome.stdout, outcome.dropped, outcome.seconds) == ("hello", 3, 0.25)
    assert outcome.mutated is True


def test_a_cpu_reply_is_a_timeout_in_the_graders_words():
    outcome = accept({"id": 4, "status": "cpu", "message": "forged"})
    assert outcome.status == RunStatus.TIMEOUT
    assert outcome.message == "used more than 30 s of CPU time"


def test_forged_bookkeeping_is_not_believed():
    outcome = accept(
        {"id": 4, "status": "returned", "value": 1, "stdout": "x" * 5000, "dropped": -3,
         "seconds": 9.0, "mutated": "yes", "type": 5},
    )  # fmt: skip
    assert outcome.value == 1
    assert outcome.stdout == "x" * 1024  # the output limit (1 KB here)
    assert outcome.dropped == 0 and outcome.seconds == 1.0
    assert outcome.mutated is False and outcome.error_type == ""


# -- a real child ----------------------------------------------------------------------------


STUDENT = """
import math

print("imported")

class Card:
    def __repr__(self):
        return "Card(r, 5)"

def echo(*args):
    return args

def values():
    return {"tuple": ("r", "5"), "list": [("b", "d")], "nan": math.nan, "inf": math.inf,
            "bool": True, "object": Card(), 3: None}

def chatty():
    print("x" * 3000)
    return 1

def boom(n):
    return helper(n)

def helper(n):
    raise KeyError(n)

def change(pile):
    pile.append(("r", "5"))
    return pile

def huge():
    return ["r"] * 300_000

def busy():
    while True:
        pass

not_a_function = 3
"""


@pytest.fixture(scope="module")
def student(tmp_path_factory):
    folder = tmp_path_factory.mktemp("sub")
    (folder / "student.py").write_text(textwrap.dedent(STUDENT))
    return folder


def run(student, *calls, limits=LIMITS):
    return run_calls(student, "student", list(calls), limits, "rlimits")


def test_values_come_back_through_the_child(student):
    report = run(
        student,
        Call(0, "echo", (("r", "5"), [("b", "d")], 1, True, 2.5)),
        Call(1, "values", ()),
    )
    echoed, values = report.outcomes
    assert echoed.status == RunStatus.RETURNED
    assert echoed.value == (("r", "5"), [("b", "d")], 1, True, 2.5)
    assert repr(echoed.value) == repr((("r", "5"), [("b", "d")], 1, True, 2.5))
    got = values.value
    assert got["tuple"] == ("r", "5") and got["list"] == [("b", "d")]
    assert math.isnan(got["nan"]) and got["inf"] == math.inf and got["bool"] is True
    assert got["object"] == {"__object__": "Card", "__repr__": "Card(r, 5)"} and got[3] is None
    assert report.import_stdout == "imported\n"
    assert echoed.stdout == "" and echoed.dropped == 0 and not echoed.mutated
    assert 0 <= echoed.seconds < 30


def test_output_is_captured_per_case_up_to_the_limit(student):
    [outcome] = run(student, Call(0, "chatty", ())).outcomes
    assert outcome.status == RunStatus.RETURNED and outcome.value == 1
    assert outcome.stdout == "x" * 1024 and outcome.dropped == 3001 - 1024


def test_a_raised_exception_comes_back_with_the_students_frames_only(student):
    [outcome] = run(student, Call(0, "boom", (7,))).outcomes
    assert outcome.status == RunStatus.RAISED
    assert (outcome.error_type, outcome.message) == ("KeyError", "7")
    assert 'File "student.py"' in outcome.traceback and "in helper" in outcome.traceback
    assert "harness.py" not in outcome.traceback
    assert outcome.traceback.rstrip().endswith("KeyError: 7")


def test_missing_and_non_callable_names_are_missing(student):
    report = run(student, Call(0, "nowhere", ()), Call(1, "not_a_function", ()))
    assert [o.status for o in report.outcomes] == [RunStatus.MISSING, RunStatus.MISSING]


def test_changing_the_arguments_is_seen(student):
    report = run(student, Call(0, "change", ([("b", "1")],)), Call(1, "echo", ([("b", "1")],)))
    changed, kept = report.outcomes
    assert changed.mutated and changed.value == [("b", "1"), ("r", "5")]
    assert not kept.mutated


def test_a_result_too_large_to_send_is_an_error_and_the_child_goes_on(student):
    report = run(student, Call(0, "huge", ()), Call(1, "echo", (1,)))
    huge, after = report.outcomes
    assert huge.status == RunStatus.RAISED and huge.error_type == "ValueError"
    assert "too large or too deeply nested" in huge.message
    assert after.status == RunStatus.RETURNED and after.value == (1,)
    assert report.restarts == 0


def test_a_busy_loop_ends_by_cpu_time_and_the_same_child_answers_on(student):
    # 0.3 s of CPU under a 60 s wall clock: the child's own CPU timer ends the case, so the
    # child survives (no restart), whatever the machine's load.
    limits = replace(LIMITS, cpu=0.3, timeout=60.0)
    report = run(student, Call(0, "busy", ()), Call(1, "echo", (2,)), limits=limits)
    busy, after = report.outcomes
    assert busy.status == RunStatus.TIMEOUT
    assert busy.message == "used more than 0.3 s of CPU time"
    assert after.status == RunStatus.RETURNED and after.value == (2,)
    assert report.restarts == 0


def test_an_import_error_answers_every_call(tmp_path):
    (tmp_path / "student.py").write_text("print('before')\nraise ImportError('nope')\n")
    report = run(tmp_path, Call(0, "echo", ()), Call(1, "echo", ()))
    assert [o.status for o in report.outcomes] == [RunStatus.IMPORT_ERROR] * 2
    assert [o.id for o in report.outcomes] == [0, 1]
    first = report.outcomes[0]
    assert (first.error_type, first.message) == ("ImportError", "nope")
    assert first.stdout == "before\n" and report.import_stdout == "before\n"
    assert "student.py" in first.traceback


# -- the exact bounds (mutation testing found them loose) --------------------------------------


def test_a_three_byte_header_is_no_frame_even_if_it_reads_as_length_zero():
    assert read_frame(io.BytesIO(b"\x00\x00\x00")) is None
    assert read_frame(io.BytesIO(b"\x00\x00\x00\x00")) == b""  # a real frame of nothing


def test_the_item_budget_is_two_hundred_thousand():
    # The list itself costs one item and each plain item one: 199,999 items fit exactly.
    assert len(encode(["r"] * 199_999)) == 199_999
    with pytest.raises(ValueError, match="too large"):
        encode(["r"] * 200_000)


def test_a_budget_used_up_exactly_is_still_within_it():
    assert encode("r", budget=[1]) == "r"
    with pytest.raises(ValueError):
        encode("r", budget=[0])
    # a sequence that is not a fast path: its plain items are counted one by one
    assert encode([["b"], "a"], budget=[4]) == [["b"], "a"]
    with pytest.raises(ValueError):
        encode([["b"], "a"], budget=[3])


class Tup(tuple):
    pass


class Lst(list):
    pass


def nest(make, depth):
    value: object = "x"
    for _ in range(depth):
        value = make(value)
    return value


@pytest.mark.parametrize(
    "make",
    [lambda v: Tup((v,)), lambda v: Lst([v]), lambda v: {"k": v}],
    ids=["tuple-subclass", "list-subclass", "dict"],
)
def test_every_kind_of_container_counts_towards_the_depth_limit(make):
    # The outermost container is at depth 0 and its item at depth 1: nest(d) puts "x" at
    # depth d, allowed up to 60 (the protocol's limit, written out: a changed constant must
    # fail here).
    assert MAX_DEPTH == 60
    assert encode(nest(make, 60)) is not None
    with pytest.raises(ValueError, match="deeply nested"):
        encode(nest(make, 61))


def test_output_with_one_character_of_room_keeps_that_character():
    out = OutputLimit(4)
    out.write("abc")
    out.write("de")
    assert out.text() == "abcd" and out.dropped == 1


def test_an_error_type_is_cut_at_200_characters():
    outcome = accept({"id": 4, "status": "raised", "type": "E" * 300, "message": "m"})
    assert outcome.error_type == "E" * 200


CLOSES_ITS_INBOX = """
import os, sys

def close_inbox():
    os.close(int(sys.argv[1]))  # the harness's own pipe from the grader
    return 1

def f():
    return 2
"""


def test_a_child_that_closed_its_pipe_from_the_grader_is_a_crash_not_a_grader_error(tmp_path):
    (tmp_path / "student.py").write_text(CLOSES_ITS_INBOX)
    report = run(tmp_path, Call(0, "close_inbox", ()), Call(1, "f", ()), Call(2, "f", ()))
    first, second, third = report.outcomes
    assert first.status == RunStatus.RETURNED and first.value == 1
    assert second.status == RunStatus.CRASHED  # the grader could not send it: no exception
    assert third.status == RunStatus.RETURNED and third.value == 2  # a fresh child


def test_a_traceback_is_cut_at_5000_characters():
    outcome = accept({"id": 4, "status": "raised", "type": "E", "traceback": "t" * 6000})
    assert outcome.traceback == "t" * 5000


def test_arguments_are_framed_once_and_every_recent_case_is_kept():
    sandbox._ARGS_FRAME.clear()
    first, second = ([("r", "5")],), ([("g", "1")],)
    sandbox._call_message(Call(0, "f", first), 1.0)
    entry = sandbox._ARGS_FRAME[id(first)]
    sandbox._call_message(Call(1, "f", second), 1.0)
    sandbox._call_message(Call(2, "f", first), 1.0)
    assert sandbox._ARGS_FRAME[id(first)] is entry  # not framed again
    assert id(second) in sandbox._ARGS_FRAME and len(sandbox._ARGS_FRAME) == 2


def test_a_function_that_sleeps_far_past_the_wall_clock_times_out(tmp_path):
    (tmp_path / "student.py").write_text("import time\ndef f():\n    time.sleep(10**6)\n")
    limits = replace(LIMITS, timeout=1.0, cpu=30.0)
    [outcome] = run(tmp_path, Call(0, "f", ()), limits=limits).outcomes
    assert outcome.status == RunStatus.TIMEOUT
    assert outcome.message == "no result within 1 s (wall clock)"


def test_a_message_is_cut_at_2000_characters():
    outcome = accept({"id": 4, "status": "raised", "type": "E", "message": "m" * 3000})
    assert outcome.message == "m" * 2000


def bare_child(read_fd: int):
    """A _Child with only what ``receive`` reads: a pipe and an empty buffer."""
    child = object.__new__(sandbox._Child)
    child.out_r, child.buffer = read_fd, b""
    return child


def test_a_reply_line_of_exactly_the_longest_allowed_length_is_read(monkeypatch):
    import os
    import time

    monkeypatch.setattr(sandbox, "MAX_LINE", 200)
    head = '{"id": 0, "status": "returned", "value": "'
    line = head + "x" * (200 - len(head) - 3) + '"}\n'
    assert len(line) == 200
    r, w = os.pipe()
    try:
        os.write(w, line.encode())
        child = bare_child(r)
        got = child.receive(time.monotonic() + 60)
        # the value, sent last, is kept as its bytes for the session (``replies``)
        assert isinstance(got, dict) and got["status"] == "returned"
        assert json.loads(child.raw) == "x" * (200 - len(head) - 3)
        os.write(w, b"y" * 201)  # no newline and longer than allowed: not a result
        assert bare_child(r).receive(time.monotonic() + 60) == "protocol"
    finally:
        os.close(r)
        os.close(w)


def test_a_pipe_closed_under_the_reader_is_the_end_of_the_child():
    import os
    import time

    r, w = os.pipe()
    os.close(r)  # as an interrupt's handler closes it while the grader waits
    os.close(w)
    assert bare_child(r).receive(time.monotonic() + 60) is None
