"""The child side of the sandbox.  It runs in the student's process, so it is stdlib only.

The grader starts ``python -I -S -B launch.pyc ... --python -- harness.marshal IN_FD OUT_FD``
(bubblewrap or the launcher loads the seccomp filter, then the launcher runs this file,
compiled by the grader, in the same interpreter, already as the child's unprivileged
user): no site-packages, no user site, nothing of unograde on ``sys.path``.  It reads its
setup from ``IN_FD``, imports the student's module, then reads one case at a time from
``IN_FD`` (the function name and the arguments: never an expected result) and writes one
result line to ``OUT_FD``, a pipe of the grader's own, so what the student prints on stdout
can never pass for a result.

The two directions differ because only one of them is trusted. The grader's messages are
``marshal`` frames (a 4-byte length, then the bytes): built in, so the child imports nothing
to read them, and fast. The child's replies are JSON lines with tuples tagged (``encode``; a
list of tuples of plain items, a pile of cards, is tagged once, not card by card), the
case's value last (the grader reads a value it has seen before without parsing it,
``graders.run.replies``), because the grader parses them and JSON is safe to parse from a
hostile process (``marshal`` is not); they are written with the C encoder of ``_json``,
which, unlike ``json``, does not import ``re``. Start-up matters: a child is started for
every submission, and ``json``, ``re`` and ``traceback`` together cost more than the
interpreter itself (``traceback`` is imported only when a student's code raises).

The grader also imports this module for ``encode``/``tagged`` and the frames: one
definition of the wire format for both sides.  A student's self-check kit (``graders.kit``)
carries this very file and runs it through its ``child.py``, on private copies of the
child's standard input and output (so nothing a student's process prints can pass for a
reply), where no rlimit or CPU timer may exist (Windows): the setup's
``"rlimits": False`` leaves the limits out, and the CPU timer is set only where the platform
has one.
"""

from __future__ import annotations

import io
import marshal
import os
import signal
import sys
import time
from itertools import chain

MAX_DEPTH = 60
MAX_ITEMS = 200_000
MARSHAL_VERSION = 2  # no shared references: every occurrence of a value is its own copy


def frame(value) -> bytes:
    """One message from the grader to the child: a 4-byte length, then ``value`` marshalled."""
    data = marshal.dumps(value, MARSHAL_VERSION)
    return len(data).to_bytes(4, "little") + data


def read_frame(inbox) -> bytes | None:
    """The bytes of the next frame (``None`` once the grader has closed the pipe)."""
    head = inbox.read(4)
    if len(head) < 4:
        return None
    size = int.from_bytes(head, "little")
    data = inbox.read(size)
    return data if len(data) == size else None


def _no_default(value):
    raise TypeError(f"{type(value).__name__} is not JSON-able")  # ``encode`` made it plain


try:  # the C encoder json.dumps itself uses, without importing json (and re)
    from _json import encode_basestring_ascii as _ascii
    from _json import make_encoder as _make_encoder

    _ENCODE = _make_encoder(None, _no_default, _ascii, None, ": ", ", ", False, False, False)

    def dumps(value) -> str:
        """``value`` (plain data, as ``encode`` makes it) as one line of JSON."""
        return "".join(_ENCODE(value, 0))

except ImportError:  # another Python: the library's encoder
    import json

    def dumps(value) -> str:
        """``value`` (plain data, as ``encode`` makes it) as one line of JSON."""
        return json.dumps(value, allow_nan=False)


class CpuTimeExceeded(BaseException):
    """Raised in the student's code when a case uses up its CPU seconds."""


class OutputLimit(io.TextIOBase):
    """A stdout/stderr stand-in that keeps the first ``cap`` characters and counts the rest."""

    def __init__(self, cap: int) -> None:
        self.cap, self.parts, self.size, self.dropped = cap, [], 0, 0

    def writable(self) -> bool:
        return True

    def write(self, s) -> int:
        s = str(s)
        room = self.cap - self.size
        if room > 0:
            self.parts.append(s[:room])
            self.size += min(len(s), room)
        self.dropped += max(0, len(s) - max(room, 0))
        return len(s)

    def text(self) -> str:
        return "".join(self.parts)


_PLAIN = frozenset({str, int, bool, type(None)})
_SEQUENCES = frozenset({tuple, list})
_TUPLE, _LIST = {tuple}, {list}


def _spend(budget: list, items: int) -> None:
    budget[0] -= items
    if budget[0] < 0:
        raise ValueError("the result is too large or too deeply nested to send back")


def encode(value, depth: int = 0, budget: list | None = None):
    """A JSON-able form of ``value``: tuples tagged, unknown objects by type and repr."""
    budget = budget if budget is not None else [MAX_ITEMS]
    budget[0] -= 1
    if budget[0] < 0 or depth > MAX_DEPTH:
        raise ValueError("the result is too large or too deeply nested to send back")
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is tuple or kind is list:
        # Fast paths, the items' types checked by the interpreter's own loops: a card (plain
        # items), a pile of cards (sequences of plain items).
        if _PLAIN.issuperset(map(type, value)):
            _spend(budget, len(value))
            return {"__tuple__": list(value)} if kind is tuple else list(value)
        kinds = set(map(type, value))
        if kinds <= _SEQUENCES and _PLAIN.issuperset(map(type, chain.from_iterable(value))):
            _spend(budget, len(value) + sum(map(len, value)))
            if kinds == _TUPLE:  # a pile of cards: one tag for the pile, not one per card
                items = {"__tuples__": list(map(list, value))}
            elif kinds == _LIST:
                items = list(map(list, value))
            else:
                items = [{"__tuple__": list(v)} if type(v) is tuple else list(v) for v in value]
            return {"__tuple__": items} if kind is tuple else items
        # Plain items (a card's strings) are taken as they are, counted, without a call each.
        items = []
        for v in value:
            if type(v) in _PLAIN:
                budget[0] -= 1
                if budget[0] < 0:
                    raise ValueError("the result is too large or too deeply nested to send back")
                items.append(v)
            else:
                items.append(encode(v, depth + 1, budget))
        return {"__tuple__": items} if kind is tuple else items
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        return (
            value
            if value == value and value not in (float("inf"), float("-inf"))
            else {"__float__": repr(value)}
        )
    if isinstance(value, tuple):
        return {"__tuple__": [encode(v, depth + 1, budget) for v in value]}
    if isinstance(value, list):
        return [encode(v, depth + 1, budget) for v in value]
    if isinstance(value, dict):
        return {
            "__dict__": [
                [encode(k, depth + 1, budget), encode(v, depth + 1, budget)]
                for k, v in value.items()
            ]
        }
    try:
        text = repr(value)[:500]
    except Exception:  # noqa: BLE001 - a student's __repr__ may raise anything
        text = "<unprintable>"
    return {"__object__": type(value).__name__, "__repr__": text}


def tagged(value: dict):
    """The inverse of ``encode``, as a ``json.loads`` object hook: each tagged dict becomes its
    value as the parser builds it (inner values first), so a large message is never walked
    again; objects stay as their tagged description."""
    if "__tuple__" in value:
        return tuple(value["__tuple__"])
    if "__tuples__" in value:  # a list of tuples of plain items (a pile), tagged once
        return list(map(tuple, value["__tuples__"]))
    if "__dict__" in value:
        out = {}
        for k, v in value["__dict__"]:
            out[k if isinstance(k, str | int | float | bool | tuple) or k is None else repr(k)] = v
        return out
    if "__float__" in value:
        return float(value["__float__"])
    return value


def _student_traceback(exc: BaseException, root: str) -> str:
    """The traceback cut down to the frames in the student's own files."""
    import traceback  # only when a student's code raised: it costs start-up time

    frames = [
        f
        for f in traceback.extract_tb(exc.__traceback__)
        if os.path.abspath(f.filename).startswith(root)
        and not os.path.basename(f.filename).startswith("_unograde_")  # the adapter is ours
    ]
    for frame in frames:  # "solution.py", not the sandbox's own path for it
        frame.filename = os.path.relpath(os.path.abspath(frame.filename), root)
    lines = traceback.format_list(frames)
    lines += traceback.format_exception_only(type(exc), exc)
    return "".join(lines)


def _on_cpu(signum, frame):
    raise CpuTimeExceeded()


def _limits(memory_mb: int, total_cpu: float, file_mb: int) -> None:
    import resource  # POSIX only: imported here so that the module itself imports anywhere

    def lower(which, value):
        soft, hard = resource.getrlimit(which)
        if hard != resource.RLIM_INFINITY:
            value = min(value, hard)
        resource.setrlimit(which, (value, hard if hard != resource.RLIM_INFINITY else value))

    if memory_mb > 0:
        lower(resource.RLIMIT_AS, memory_mb * 1024 * 1024)
    lower(resource.RLIMIT_CPU, max(1, int(total_cpu + 1)))
    lower(resource.RLIMIT_FSIZE, file_mb * 1024 * 1024)
    lower(resource.RLIMIT_CORE, 0)


_HAS_TIMER = hasattr(signal, "setitimer") and hasattr(signal, "SIGPROF")


def _cpu_timer(seconds: float) -> None:
    """Arm (or, with 0, disarm) the CPU timer that ends a case, where the platform has one."""
    if _HAS_TIMER:
        signal.setitimer(signal.ITIMER_PROF, seconds)


def _send(out, message: dict) -> None:
    out.write(dumps(message) + "\n")
    out.flush()


def _unchanged(args, data: bytes) -> bool:
    """Are the arguments as the grader sent them (``data``)?  Compared with a fresh copy
    (two reprs cost more); NaN, unequal to itself, is compared by its repr."""
    fresh = marshal.loads(data)
    return args == fresh or repr(args) == repr(fresh)


def _many(result: dict, case: dict, function, adapter, module, calls, buffer) -> dict:
    """A probe: ``function`` called once per argument tuple of ``calls`` in one round trip
    (the grader explains a failed case with it), under one CPU budget. Each answer is
    ``["returned", value]`` or ``["raised", "Type: message"]``; the first raise ends it."""
    answers: list = []
    real_stdout, real_stderr = sys.stdout, sys.stderr
    sys.stdout = sys.stderr = buffer
    started = time.perf_counter()
    _cpu_timer(case["cpu"])
    try:
        for args in calls:
            try:
                if adapter is not None:
                    value = adapter.call(module, case["function"], args)
                else:
                    value = function(*args)
                answers.append(["returned", encode(value)])
            except (MemoryError, CpuTimeExceeded):
                raise
            except BaseException as exc:  # noqa: BLE001 - whatever the student's code raises
                answers.append(["raised", f"{type(exc).__name__}: {str(exc)[:500]}"])
                break
        result["status"] = "returned"
        result["value"] = answers
    except MemoryError:
        result["status"] = "memory"
    except CpuTimeExceeded:
        result["status"] = "cpu"
    finally:
        _cpu_timer(0)
        sys.stdout, sys.stderr = real_stdout, real_stderr
    result["seconds"] = round(time.perf_counter() - started, 6)
    result["stdout"] = buffer.text()
    result["dropped"] = buffer.dropped
    return result


def main(argv: list[str]) -> int:
    in_fd, out_fd = int(argv[1]), int(argv[2])
    inbox = os.fdopen(in_fd, "rb")
    out = os.fdopen(out_fd, "w", encoding="utf-8")
    setup = marshal.loads(read_frame(inbox) or marshal.dumps(None))
    if not isinstance(setup, dict):
        return 2
    source_root = os.path.abspath(setup["root"])
    if setup.get("rlimits", True):
        _limits(setup["memory_mb"], setup["total_cpu"], setup["file_mb"])
    if _HAS_TIMER:
        signal.signal(signal.SIGPROF, _on_cpu)
    for path in reversed(setup["path"]):
        sys.path.insert(0, path)
    sys.path.extend(setup.get("site", ()))  # what the assignment lets a submission import
    sys.dont_write_bytecode = True
    for name in ("PWD", "OLDPWD"):  # set by the shell or bubblewrap on the way in
        os.environ.pop(name, None)
    real_stdout, real_stderr = sys.stdout, sys.stderr
    cap = setup["output_chars"]

    # The assignment's adapter (ours, stdlib only) converts arguments and results for
    # assignments whose values are not plain data; it is imported before any student code.
    adapter = None
    if setup.get("adapter"):
        __import__(setup["adapter"])
        adapter = sys.modules[setup["adapter"]]

    # Import the student's module, with its own output captured.
    buffer = OutputLimit(cap)
    sys.stdout = sys.stderr = buffer
    _cpu_timer(setup["import_cpu"])
    module = None
    error = None
    try:
        __import__(setup["module"])
        module = sys.modules[setup["module"]]
    except MemoryError:
        error = {"status": "memory"}
    except CpuTimeExceeded:
        error = {"status": "cpu"}
    except BaseException as exc:  # noqa: BLE001 - whatever the student's import raises
        error = {
            "status": "raised",
            "type": type(exc).__name__,
            "message": str(exc)[:2000],
            "traceback": _student_traceback(exc, source_root)[-5000:],
        }
    finally:
        _cpu_timer(0)
        sys.stdout, sys.stderr = real_stdout, real_stderr
    _send(
        out,
        {"import": error or {"status": "ok"}, "stdout": buffer.text(), "dropped": buffer.dropped},
    )
    if error is not None:
        return 0

    while (head := read_frame(inbox)) is not None and (data := read_frame(inbox)) is not None:
        case = marshal.loads(head)
        buffer = OutputLimit(cap)
        result: dict = {"id": case["id"]}
        if adapter is not None and hasattr(adapter, "resolve_function"):
            # e.g. a task whose answer is a module-level value rather than a call
            function = adapter.resolve_function(module, case["function"])
        else:
            function = getattr(module, case["function"], None)
        if not callable(function):
            result["status"] = "missing"
            _send(out, result)
            continue
        args = marshal.loads(data)
        if "many" in case:  # a probe: one call per argument tuple (only for a failed case)
            _send(out, _many(result, case, function, adapter, module, args, buffer))
            continue
        sys.stdout = sys.stderr = buffer
        started = time.perf_counter()
        ended = 0.0  # the call's own time: encoding its value is the harness's
        _cpu_timer(case["cpu"])
        try:
            if adapter is not None:
                value = adapter.call(module, case["function"], args)
            else:
                value = function(*args)
            ended = time.perf_counter()
            _cpu_timer(0)
            result["status"] = "returned"
            result["value"] = encode(value)
        except MemoryError:
            result["status"] = "memory"
        except CpuTimeExceeded:
            result["status"] = "cpu"
        except RecursionError as exc:
            result.update(
                status="raised",
                type="RecursionError",
                message=str(exc)[:500],
                traceback=_student_traceback(exc, source_root)[-3000:],
            )
        except BaseException as exc:  # noqa: BLE001 - whatever the student's code raises
            result.update(
                status="raised",
                type=type(exc).__name__,
                message=str(exc)[:2000],
                traceback=_student_traceback(exc, source_root)[-5000:],
            )
        finally:
            _cpu_timer(0)
            sys.stdout, sys.stderr = real_stdout, real_stderr
        result["seconds"] = round((ended or time.perf_counter()) - started, 6)
        try:
            result["mutated"] = not _unchanged(args, data)
        except Exception:  # noqa: BLE001 - a student's object put in the arguments may not compare
            result["mutated"] = True
        result["stdout"] = buffer.text()
        result["dropped"] = buffer.dropped
        if "value" in result:  # last: the grader reads a known value without parsing it
            result["value"] = result.pop("value")
        try:
            _send(out, result)
        except (ValueError, TypeError) as exc:
            _send(
                out,
                {
                    "id": case["id"],
                    "status": "raised",
                    "type": "ValueError",
                    "message": str(exc),
                    "traceback": "",
                    "stdout": buffer.text(),
                    "dropped": buffer.dropped,
                },
            )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
