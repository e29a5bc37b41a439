"""Reading a child's reply line, with the work a value seen before does not need left out.

A class is mostly right: every correct submission returns, for a case, the very bytes the
previous one did. The child writes a case's ``"value"`` as the last member of its JSON line
(``harness.py``), so the reply splits into a small header (the case's id, status, timing,
output), parsed every time, and the value's bytes, which are

- decoded through a cache keyed by the bytes themselves: a value decoded once is handed out
  again as a fresh copy (``marshal``, the interpreter's own C loops) instead of being parsed
  and rebuilt card by card (a JSON object hook call per tuple); and
- kept as :attr:`Reply.raw`, which the judge uses to recognise a value it has judged before
  for the same case (:mod:`graders.grade.engine`).

The split is exact: the line is cut at the last ``, "value": `` and both halves must parse
(the header as an object, the value as one JSON value); a line that does not split that way
(another child, a forged reply) is parsed whole, as before.  Decoding is a pure function of
the bytes, so a cached copy is the value the parser would have built, and a copy: nobody
shares a mutable value with another submission.  The cache is bounded (entries of at most
``MAX_ENTRY`` bytes, ``MAX_TOTAL`` in all, then it starts again).
"""

from __future__ import annotations

import json
import marshal
from dataclasses import dataclass, fields
from typing import Any

from ..vocabulary import Outcome
from . import harness

VALUE_KEY = b', "value": '
MAX_ENTRY = 256 * 1024  # bytes of one value's JSON kept in the cache
MAX_TOTAL = 32 * 1024 * 1024  # bytes of JSON and marshal kept in all, per process

_DECODED: dict[bytes, bytes] = {}  # a value's JSON -> the decoded value, marshalled
_SIZE = [0]


UNDECODED = object()
"""A reply's value not decoded yet (``read_reply(..., decode=False)``)."""


@dataclass(frozen=True)
class Reply:
    """A reply line read: the message (with its ``value`` decoded, unless asked not to), and
    the value's bytes as the child sent them (``None`` when the line carried no value member
    last). Read with ``decode=False``, ``value`` is the value when it had to be decoded to be
    checked (bytes never seen before), else :data:`UNDECODED`."""

    message: Any
    raw: bytes | None = None
    value: Any = UNDECODED


def _parse(data: bytes) -> Any:
    # Tagged values (tuples, dicts, floats) are rebuilt while parsing (``harness.tagged``).
    return json.loads(data, object_hook=harness.tagged)


def decode_value(raw: bytes) -> Any:
    """The value ``raw`` (one JSON value, as the harness encodes it) decoded: from the cache
    when these bytes were decoded before (a fresh copy), else parsed (and cached)."""
    kept = _DECODED.get(raw)
    if kept is not None:
        return marshal.loads(kept)
    value = _parse(raw)
    if len(raw) <= MAX_ENTRY:
        try:
            packed = marshal.dumps(value)
        except ValueError:  # nothing the parser builds, but never fail a reply for the cache
            return value
        if _SIZE[0] + len(raw) + len(packed) > MAX_TOTAL:
            _DECODED.clear()
            _SIZE[0] = 0
        _DECODED[raw] = packed
        _SIZE[0] += len(raw) + len(packed)
    return value


def read_reply(line: bytes, decode: bool = True) -> Reply:
    """One reply line; raises ValueError (or RecursionError, TypeError) when it is not
    JSON, as ``json.loads`` does. With ``decode`` False, a value sent last is not put in
    the message: :attr:`Reply.raw` holds its bytes, and :attr:`Reply.value` the value where
    it had to be decoded to be checked (see :class:`Reply`), for a :class:`LazyOutcome`."""
    cut = line.rfind(VALUE_KEY)
    if cut > 0 and line.endswith(b"}"):
        raw = line[cut + len(VALUE_KEY) : -1]
        try:
            head = _parse(line[:cut] + b"}")
            if isinstance(head, dict):
                head.pop("value", None)  # a forged earlier member: the last one counts
                if decode:
                    head["value"] = decode_value(raw)
                    return Reply(head, raw)
                if raw in _DECODED:  # decoded before: known to be one JSON value
                    return Reply(head, raw)
                return Reply(head, raw, decode_value(raw))  # checked now, kept
        except (ValueError, RecursionError, TypeError):
            pass  # not a header and a value: the whole line decides
    return Reply(_parse(line))


class LazyOutcome(Outcome):
    """An outcome whose value is decoded from the bytes the child sent (:attr:`raw`, one
    JSON value checked when its reply was read) only when something reads it: a value the
    judge has judged before for the same case (:mod:`graders.grade.judged`) is never decoded
    at all. Reading, setting, comparing, copying (``dataclasses.replace``) behave as for an
    :class:`Outcome` whose value was decoded at once."""

    @property  # type: ignore[override]
    def value(self) -> Any:
        kept = self.__dict__
        if "_value" not in kept:
            kept["_value"] = decode_value(self.raw or b"null")
        return kept["_value"]

    @value.setter
    def value(self, value: Any) -> None:
        self.__dict__["_value"] = value

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Outcome):
            return NotImplemented
        return all(getattr(self, f.name) == getattr(other, f.name) for f in fields(Outcome))

    __hash__ = None  # type: ignore[assignment]  # as a dataclass's with eq


def lazy_outcome(raw: bytes, **fields: Any) -> LazyOutcome:
    """A :class:`LazyOutcome` of ``raw`` with the other ``fields`` of an outcome."""
    outcome = LazyOutcome(raw=raw, **fields)
    del outcome.__dict__["_value"]  # set to the default by ``__init__``: not decoded yet
    return outcome


def clear() -> None:
    """Forget every decoded value (tests)."""
    _DECODED.clear()
    _SIZE[0] = 0
