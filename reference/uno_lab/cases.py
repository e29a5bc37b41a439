"""The text form of one uno-lab case: its input file and its expected file.

Input file::

    # any comment
    task: cardSort
    seed: 4            (optional: the random source while the call runs)
    stdin: 0|2         (optional: lines a manual player types, separated by |)
    call: cardSort [CRD (NUM 2, YELLOW), WILD]
          (the call may go on over the following lines)

Expected file: sections ``result:``, ``raises:``, ``accept:`` (another acceptable outcome),
``properties:`` (graded by :mod:`properties` instead of one value) and ``printed:`` followed by
the exact output, each line behind a ``|``.  Without ``printed:`` the output is not graded.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .notation import Call, NotationError, parse_call

_KEYS = ("task", "seed", "stdin", "call")
_EXPECTED_KEYS = ("result", "raises", "accept", "properties", "printed")


@dataclass(frozen=True)
class CaseInput:
    task: str
    call_text: str
    seed: int | None = None
    stdin: tuple[str, ...] = ()

    @property
    def call(self) -> Call:
        return parse_call(self.call_text)

    def render(self, comment: str = "") -> str:
        lines = [f"# {line}" for line in comment.splitlines()]
        lines.append(f"task: {self.task}")
        if self.seed is not None:
            lines.append(f"seed: {self.seed}")
        if self.stdin:
            lines.append("stdin: " + "|".join(self.stdin))
        call_lines = self.call_text.split("\n")
        lines.append("call: " + call_lines[0])
        lines.extend("      " + line for line in call_lines[1:])
        return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class Expected:
    result: str | None = None
    raises: str | None = None
    accept: tuple[str, ...] = ()
    properties: str | None = None
    printed: str | None = None
    extra: dict[str, str] = field(default_factory=dict)

    def render(self) -> str:
        out: list[str] = []
        for key in ("result", "raises", "properties"):
            value = getattr(self, key)
            if value is not None:
                out.append(_section(key, value))
        out.extend(_section("accept", a) for a in self.accept)
        if self.printed is not None:
            out.append("printed:")
            out.extend("|" + line for line in self.printed.split("\n"))
        return "\n".join(out) + "\n"


def _section(key: str, value: str) -> str:
    first, *rest = value.split("\n")
    return "\n".join([f"{key}: {first}"] + ["  " + line for line in rest])


def parse_case_input(text: str) -> CaseInput:
    """Read an input file; NotationError names the line of anything out of place."""
    fields: dict[str, str] = {}
    lines = text.split("\n")
    for number, line in enumerate(lines, start=1):
        if not line.strip() or line.startswith("#"):
            continue
        m = re.match(r"(\w+):\s?(.*)$", line)
        if m is None or m.group(1) not in _KEYS:
            raise NotationError(f"line {number}: expected one of {', '.join(_KEYS)}: {line!r}")
        key, value = m.group(1), m.group(2)
        if key == "call":
            rest = [s[6:] if s.startswith("      ") else s for s in lines[number:]]
            fields["call"] = "\n".join([value] + rest).rstrip()
            break
        fields[key] = value.strip()
    if "task" not in fields or "call" not in fields:
        raise NotationError("line 1: a case needs a 'task:' line and a 'call:' line")
    seed = None
    if "seed" in fields:
        if not re.fullmatch(r"-?\d+", fields["seed"]):
            raise NotationError(f"seed: not an integer: {fields['seed']!r}")
        seed = int(fields["seed"])
    stdin = tuple(fields["stdin"].split("|")) if "stdin" in fields else ()
    return CaseInput(fields["task"], fields["call"], seed, stdin)


def parse_expected(text: str) -> Expected:
    """Read an expected file (see the module's docstring)."""
    sections: list[tuple[str, list[str]]] = []
    for number, line in enumerate(text.split("\n"), start=1):
        m = re.match(r"(\w+):\s?(.*)$", line)
        if m is not None and m.group(1) in _EXPECTED_KEYS:
            sections.append((m.group(1), [m.group(2)] if m.group(1) != "printed" else []))
        elif not sections:
            if line.strip() and not line.startswith("#"):
                raise NotationError(f"line {number}: expected one of {_EXPECTED_KEYS}")
        elif sections[-1][0] == "printed":
            if line.startswith("|"):
                sections[-1][1].append(line[1:])
            elif line.strip():
                raise NotationError(f"line {number}: a printed line must start with '|'")
        else:
            sections[-1][1].append(line[2:] if line.startswith("  ") else line)
    values: dict[str, object] = {"accept": []}
    for key, body in sections:
        joined = "\n".join(body).rstrip() if key != "printed" else "\n".join(body)
        if key == "accept":
            values["accept"].append(joined)  # type: ignore[union-attr]
        else:
            values[key] = joined
    values["accept"] = tuple(values["accept"])  # type: ignore[arg-type]
    return Expected(**values)  # type: ignore[arg-type]
