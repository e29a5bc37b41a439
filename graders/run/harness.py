"""The child side of the sandbox.  It runs in the student's process, so it is stdlib only.

The grader starts ``python -I -S harness.py IN_FD OUT_FD ...``: no site-packages,
no user site, nothing of unograde on ``sys.path``.  It imports the student's module,
then reads one case at a time from ``IN_FD`` (the function name and the arguments:
never an expected result) and writes one result line to ``OUT_FD``, a pipe of the
grader's own, so what the student prints on stdout can never pass for a result.
Values cross the pipe as JSON with tuples tagged, so the grader sees exactly the
structure the student returned.

The grader also imports this module to use ``encode``/``decode``: one definition
of the wire format for both sides.
"""

from __future__ import annotations

import io
import json
import os
import resource
import signal
import sys
import time
import traceback

MAX_DEPTH = 60
MAX_ITEMS = 200_000


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


def _send(out, message: dict) -> None:
    out.write(json.dumps(message) + "\n")
    out.flush()


def main(argv: list[str]) -> int:
    in_fd, out_fd = int(argv[1]), int(argv[2])
    setup = json.loads(argv[3])
    source_root = os.path.abspath(setup["root"])
    inbox = os.fdopen(in_fd, "r", encoding="utf-8")
    out = os.fdopen(out_fd, "w", encoding="utf-8")
    _limits(setup["memory_mb"], setup["total_cpu"], setup["file_mb"])
    signal.signal(signal.SIGPROF, _on_cpu)
    for path in reversed(setup["path"]):
        sys.path.insert(0, path)
    sys.dont_write_bytecode = True
    for name in ("PWD", "OLDPWD"):  # set by the shell or bubblewrap on the way in
        os.environ.pop(name, None)
    real_stdout, real_stderr = sys.stdout, sys.stderr
    cap = setup["output_chars"]

    # The assignment's adapter (ours, stdlib only) converts arguments and results for
    # assignments whose values are not plain data; it is imported before any student code.
    adapter = None
    if setup.get("adapter"):
        import importlib

        adapter = importlib.import_module(setup["adapter"])

    # Import the student's module, with its own output captured.
    buffer = OutputLimit(cap)
    sys.stdout = sys.stderr = buffer
    signal.setitimer(signal.ITIMER_PROF, setup["import_cpu"])
    module = None
    error = None
    try:
        import importlib

        module = importlib.import_module(setup["module"])
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
        signal.setitimer(signal.ITIMER_PROF, 0)
        sys.stdout, sys.stderr = real_stdout, real_stderr
    _send(
        out,
        {"import": error or {"status": "ok"}, "stdout": buffer.text(), "dropped": buffer.dropped},
    )
    if error is not None:
        return 0

    for line in inbox:
        case = json.loads(line, object_hook=tagged)  # the arguments rebuilt while parsing
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
        args = case["args"]
        try:
            before = repr(args)
        except Exception:  # noqa: BLE001 - arguments are plain data; this is belt and braces
            before = None
        sys.stdout = sys.stderr = buffer
        started = time.perf_counter()
        signal.setitimer(signal.ITIMER_PROF, case["cpu"])
        try:
            if adapter is not None:
                value = adapter.call(module, case["function"], args)
            else:
                value = function(*args)
            signal.setitimer(signal.ITIMER_PROF, 0)
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
            signal.setitimer(signal.ITIMER_PROF, 0)
            sys.stdout, sys.stderr = real_stdout, real_stderr
        result["seconds"] = round(time.perf_counter() - started, 6)
        try:
            result["mutated"] = before is not None and repr(args) != before
        except Exception:  # noqa: BLE001 - a student's object in the arguments may not repr
            result["mutated"] = True
        result["stdout"] = buffer.text()
        result["dropped"] = buffer.dropped
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
