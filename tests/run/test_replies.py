"""Reading a child's reply (``graders.run.replies``): the header parsed, the value's bytes
kept and decoded through a cache.

The second implementation every expectation is checked against is the plain parser the
grader used before: ``json.loads(line, object_hook=harness.tagged)`` on the whole line. A
reply read either way is the same message; forged lines (the child runs the student's code)
that do not split into a header and a value are read whole, as before.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from graders.run import harness, replies
from graders.run.replies import read_reply


def whole(line: bytes):
    return json.loads(line, object_hook=harness.tagged)


def reply_line(value, **fields) -> bytes:
    """A reply as the harness writes it: the header's fields, then the value last."""
    message = {"id": 3, "status": "returned", "seconds": 0.001, "mutated": False, **fields}
    message["stdout"] = message.get("stdout", "")
    message["value"] = harness.encode(value)
    return harness.dumps(message).encode()


@pytest.fixture(autouse=True)
def fresh_cache():
    replies.clear()
    yield
    replies.clear()


plain = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8)
    | st.floats(allow_nan=False, allow_infinity=False),
    lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner)
    | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=20,
)  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(value=plain, stdout=st.text(max_size=30))
def test_a_reply_reads_as_the_whole_line_parsed(value, stdout):
    line = reply_line(value, stdout=stdout)
    first = read_reply(line)
    assert first.message == whole(line)
    assert first.raw is not None and whole(first.raw) == whole(line)["value"]
    again = read_reply(line)  # from the cache now
    assert again.message == whole(line)


def test_a_card_pile_is_decoded_to_tuples_and_its_bytes_are_kept():
    pile = [("red", "5"), ("wild", "draw4")]
    line = reply_line(pile)
    got = read_reply(line)
    assert got.message["value"] == [("red", "5"), ("wild", "draw4")]
    assert got.raw == b'{"__tuples__": [["red", "5"], ["wild", "draw4"]]}'


def test_a_value_handed_out_again_is_a_copy_nobody_else_holds():
    line = reply_line([["a"], ["b"]])
    first = read_reply(line).message["value"]
    first[0].append("changed by one submission's grading")
    first.append("and more")
    second = read_reply(line).message["value"]
    assert second == [["a"], ["b"]]
    assert second is not first


def test_the_header_is_parsed_every_time_only_the_value_is_cached():
    one = read_reply(reply_line([1, 2], stdout="first"))
    two = read_reply(reply_line([1, 2], stdout="second", seconds=0.5))
    assert (one.message["stdout"], two.message["stdout"]) == ("first", "second")
    assert two.message["seconds"] == 0.5 and one.raw == two.raw


@pytest.mark.parametrize(
    "line",
    [
        # the key inside a string: the split header does not parse, the whole line decides
        b'{"id": 1, "status": "returned", "stdout": "x, \\"value\\": 5}", "value": 7}',
        # a value member that is not last: nothing to split off at the end
        b'{"id": 1, "value": [1, 2], "status": "returned"}',
        # a nested object with a member named value: cut there, the value half is no value
        b'{"id": 1, "status": "returned", "value": {"a": 1, "value": 2}}',
        # two value members: the last one wins, as in the parser
        b'{"id": 1, "value": 1, "status": "returned", "value": [3]}',
        # no value at all (an import's reply, a raised case)
        b'{"id": 1, "status": "raised", "type": "KeyError", "message": "k"}',
    ],
)
def test_forged_or_unusual_lines_read_as_the_parser_reads_them(line):
    assert read_reply(line).message == whole(line)


@pytest.mark.parametrize(
    "line",
    [b'{"id": 1, "value": [1, 2}', b"not json", b'{"id": 1, "value": }', b""],
)
def test_a_line_that_is_not_json_is_refused_like_the_parser_refuses_it(line):
    with pytest.raises(ValueError):
        whole(line)
    with pytest.raises(ValueError):
        read_reply(line)


def test_a_line_that_is_not_an_object_is_returned_for_the_caller_to_refuse():
    assert read_reply(b'[1, 2, ", \\"value\\": 3}"]').message == [1, 2, ', "value": 3}']


def test_the_cache_is_bounded(monkeypatch):
    monkeypatch.setattr(replies, "MAX_TOTAL", 400)
    for k in range(50):
        read_reply(reply_line([k] * 10))
    assert replies._SIZE[0] <= 400
    assert len(replies._DECODED) < 50
    big = reply_line(["x" * 100] * 3000)  # over MAX_ENTRY: decoded, never kept
    assert read_reply(big).message["value"] == ["x" * 100] * 3000
    assert big[big.rfind(b', "value": ') + 11 : -1] not in replies._DECODED


def test_read_without_decoding_a_value_seen_before_stays_bytes():
    line = reply_line([("r", "5")])
    first = read_reply(line, decode=False)  # never seen: decoded to be checked
    assert "value" not in first.message and first.value == [("r", "5")]
    again = read_reply(line, decode=False)
    assert again.value is replies.UNDECODED and again.raw == first.raw


def test_a_forged_value_member_before_the_last_is_not_the_value():
    line = b'{"id": 1, "value": "forged", "status": "returned", "value": [1]}'
    got = read_reply(line, decode=False)
    assert "value" not in got.message and got.value == [1]


def test_a_lazy_outcome_decodes_only_when_read_and_then_behaves_like_any(monkeypatch):
    import dataclasses

    from graders.vocabulary import Outcome

    decoded = []
    real = replies.decode_value
    monkeypatch.setattr(replies, "decode_value", lambda raw: decoded.append(raw) or real(raw))
    raw = b'{"__tuples__": [["r", "5"]]}'
    lazy = replies.lazy_outcome(raw, id=3, status="returned", seconds=0.5)
    assert decoded == []
    eager = Outcome(3, "returned", value=[("r", "5")], seconds=0.5, raw=raw)
    assert lazy == eager and decoded == [raw]  # comparing reads it, once
    assert lazy.value == [("r", "5")] and decoded == [raw]
    copy = dataclasses.replace(lazy, id=4)
    assert copy.value == [("r", "5")] and copy.id == 4
    lazy.value = "judged"
    assert lazy.value == "judged" and copy.value == [("r", "5")]
