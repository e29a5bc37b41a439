"""Verdicts remembered: a value judged once for a case is not judged again.

A class is mostly right, and a right answer is the same bytes from every submission: judging
it again (its shape, its size against the input, normalising, the structural comparison)
would only repeat the first verdict. A returned value is judged by a pure function of the
case and the value (:func:`unokit.verdict.judge_value` over the plugin), and the value is a
pure function of the bytes the child sent (:mod:`graders.run.replies`), so the verdict is
kept under (the case, those bytes) and handed out again: the same outcome, a copy of the
same messages and a fresh copy (``marshal``) of the value as judged. Nothing of one
submission reaches another but the verdict its bytes earn.

The case is the very object that was judged (its identity is checked: a reading's cases,
made again for each submission, are simply judged anew). The memo is per process and
bounded (``MAX_TOTAL`` bytes of keys and values; then it starts again).
"""

from __future__ import annotations

import marshal
from collections.abc import Callable
from typing import Any

from ..vocabulary import Case

MAX_ENTRY = 256 * 1024  # bytes of one value's reply kept as a key
MAX_TOTAL = 32 * 1024 * 1024

_NOTHING = b""  # the value as judged was None (a value too large for its input)

Verdict = tuple[str, list[str], Any]

_KEPT: dict[tuple[int, bytes], tuple[Case, object, str, tuple[str, ...], bytes]] = {}
_SIZE = [0]


def judged(plugin: object, case: Case, raw: bytes | None, judge: Callable[[], Verdict]) -> Verdict:
    """``judge()``'s verdict for ``case`` (outcome, messages, the value as judged) on the
    value decoded from the bytes ``raw``, remembered under them (``None``: not
    remembered)."""
    if raw is None or len(raw) > MAX_ENTRY:
        return judge()
    key = (id(case), raw)
    kept = _KEPT.get(key)
    if kept is not None and kept[0] is case and kept[1] is plugin:
        _, _, outcome, messages, packed = kept
        return outcome, list(messages), (None if packed == _NOTHING else marshal.loads(packed))
    outcome, messages, judged_value = judge()
    try:
        packed = _NOTHING if judged_value is None else marshal.dumps(judged_value)
    except ValueError:  # a plugin's own objects: judged again next time
        return outcome, messages, judged_value
    size = len(raw) + len(packed) + sum(map(len, messages))
    if _SIZE[0] + size > MAX_TOTAL:
        clear()
    _KEPT[key] = (case, plugin, outcome, tuple(messages), packed)
    _SIZE[0] += size
    return outcome, messages, judged_value


def clear() -> None:
    """Forget every verdict (tests; and when the memo is full)."""
    _KEPT.clear()
    _SIZE[0] = 0
