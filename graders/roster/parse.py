"""Reading a roster CSV: the class list an LMS or a registrar exports.

Columns are found by their header (``Student``, ``SIS User ID``, ``Email address``...: the
names Canvas, Moodle and registrars use) or named with ``--column FIELD=HEADER``. Whatever is
wrong with the file (no header, a missing column, an empty or duplicate id, bytes that are not
in the encoding, a broken quote) is a :class:`RosterError` naming the file and the line, and
nothing is imported: the roster in the gradebook changes only when the whole file is good.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import UnogradeError
from ..gradebook.records import Student

FIELDS = ("id", "name", "email", "login", "section", "lms_id")
REQUIRED = ("id", "name")
MAX_BYTES = 20 * 1024 * 1024

# Header guesses, most specific first (compared without case, spaces or punctuation).
GUESSES: dict[str, tuple[str, ...]] = {
    "id": (
        "sisuserid",
        "studentid",
        "studentnumber",
        "idnumber",
        "sid",
        "matriculationnumber",
        "id",
    ),  # fmt: skip
    "name": ("name", "student", "studentname", "fullname", "sortablename"),
    "email": ("email", "emailaddress", "mail"),
    "login": ("login", "sisloginid", "loginid", "username", "user", "netid", "uniqname"),
    "section": ("section", "sections"),
    "lms_id": ("canvasid", "canvasuserid", "lmsid", "userid"),
}
FIRST_NAMES = ("firstname", "givenname", "first")
LAST_NAMES = ("lastname", "surname", "familyname", "last")
DESCRIBED = {
    "id": "the student's id",
    "name": "the student's name",
    "email": "the email address",
    "login": "the login",
    "section": "the section",
    "lms_id": "the LMS's own user id",
}
# Rows of an LMS's own export that are not students.
NOT_STUDENTS = {"pointspossible": "Canvas's Points Possible row"}
TEST_STUDENTS = {"studenttest", "teststudent"}  # Canvas's test student has no SIS id


class RosterError(UnogradeError, ValueError):
    """A roster that cannot be imported: ``file:line: what is wrong``."""


@dataclass
class Roster:
    students: list[Student]
    columns: dict[str, str]  # field -> the header it was read from
    skipped: list[str] = field(default_factory=list)  # "line 2 (Canvas's Points Possible row)"


def _key(header: str) -> str:
    return re.sub(r"[\W_]+", "", header.casefold())


def parse_mapping(pairs: tuple[str, ...] | list[str]) -> dict[str, str]:
    """``--column FIELD=HEADER`` options as {field: header}."""
    mapping: dict[str, str] = {}
    for pair in pairs:
        name, sep, header = pair.partition("=")
        name = name.strip().lower().replace("-", "_")
        if not sep or not header.strip():
            raise RosterError(f"--column {pair!r}: expected FIELD=HEADER, e.g. id='Student Number'")
        if name not in FIELDS:
            raise RosterError(
                f"--column {pair!r}: unknown field {name!r} (fields: {', '.join(FIELDS)})"
            )
        mapping[name] = header.strip()
    return mapping


def _decode(data: bytes, where: str, encoding: str) -> str:
    try:
        text = data.decode(
            "utf-8-sig" if encoding.lower().replace("_", "-") in ("utf-8", "utf8") else encoding
        )
    except LookupError:
        raise RosterError(f"unknown encoding {encoding!r}") from None
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        byte = data[exc.start : exc.start + 1].hex()
        raise RosterError(
            f"{where}:{line}: byte 0x{byte} at column {column} is not {encoding}: save the file "
            "as UTF-8, or name its encoding with --encoding (e.g. --encoding cp1252)"
        ) from None
    if "\x00" in text:
        line = text[: text.index("\x00")].count("\n") + 1
        raise RosterError(f"{where}:{line}: a NUL character: this is not a text CSV file")
    return text


def _delimiter(first_line: str) -> str:
    """The separator the header uses: ``,`` or the ``;`` and tab of some spreadsheets."""
    counts = {sep: first_line.count(sep) for sep in (",", ";", "\t")}
    best = max(counts, key=lambda sep: counts[sep])
    return best if counts[best] else ","


def _columns(header: list[str], mapping: Mapping[str, str], where: str) -> dict[str, int]:
    """field -> column index, from ``mapping`` first, then the guesses."""
    keys = [_key(h) for h in header]
    found: dict[str, int] = {}
    for name, wanted in mapping.items():
        matches = [k for k, h in enumerate(header) if h.strip() == wanted]
        matches = matches or [k for k, key in enumerate(keys) if key == _key(wanted)]
        if not matches:
            raise RosterError(
                f"{where}:1: no column {wanted!r} (for --column {name}={wanted}); the header "
                f"has: {_shown(header)}"
            )
        found[name] = matches[0]
    taken = set(found.values())
    for name in FIELDS:
        if name in found:
            continue
        for guess in GUESSES[name]:
            if guess in keys and keys.index(guess) not in taken:
                found[name] = keys.index(guess)
                taken.add(found[name])
                break
    # Canvas's export: "ID" is Canvas's own user id when "SIS User ID" is the student's id.
    if "lms_id" not in found and "id" in keys and keys.index("id") not in taken:
        found["lms_id"] = keys.index("id")
    return found


def _shown(header: list[str]) -> str:
    return ", ".join(repr(h) for h in header[:20]) + (" ..." if len(header) > 20 else "")


def read_roster(
    path: Path, mapping: Mapping[str, str] | None = None, encoding: str = "utf-8"
) -> Roster:
    """The students listed in the CSV at ``path``; :class:`RosterError` for a bad file."""
    where = str(path)
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise RosterError(f"{where}: {size:,} bytes is too large for a roster")
        data = path.read_bytes()
    except IsADirectoryError:
        raise RosterError(f"{where}: is a folder, not a CSV file") from None
    except FileNotFoundError:
        raise RosterError(f"{where}: no such file") from None
    except OSError as exc:
        raise RosterError(f"{where}: cannot read it ({exc.strerror})") from None
    return parse_roster(_decode(data, where, encoding), where, mapping or {})


def parse_roster(text: str, where: str, mapping: Mapping[str, str]) -> Roster:
    if not text.strip():
        raise RosterError(
            f"{where}:1: the file is empty (expected a header line such as: "
            "id,name,email,login,section)"
        )
    delimiter = _delimiter(text.splitlines()[0])
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    rows: list[tuple[int, list[str]]] = []
    line = 1
    try:
        for row in reader:
            rows.append((line, row))
            line = reader.line_num + 1
    except csv.Error as exc:
        raise RosterError(f"{where}:{line}: not a well-formed CSV line ({exc})") from None
    while rows and not any(cell.strip() for cell in rows[0][1]):
        rows.pop(0)
    if not rows:
        # A spreadsheet saves an empty sheet as separators only (",,,"): no header to read.
        raise RosterError(
            f"{where}:1: no header line: every line is empty cells (expected a header line "
            "such as: id,name,email,login,section)"
        )
    header_line, header = rows[0]
    columns = _columns(header, mapping, where)
    first_last = None
    if "name" not in columns:
        keys = [_key(h) for h in header]
        first = next((keys.index(k) for k in FIRST_NAMES if k in keys), None)
        last = next((keys.index(k) for k in LAST_NAMES if k in keys), None)
        if first is not None and last is not None:
            first_last = (first, last)
    for name in REQUIRED:
        if name not in columns and not (name == "name" and first_last):
            looked = ", ".join(repr(g) for g in GUESSES[name])
            raise RosterError(
                f"{where}:{header_line}: no column for {DESCRIBED[name]} (looked for headers "
                f"like {looked}; name it with --column {name}=HEADER); the header has: "
                f"{_shown(header)}"
            )
    students: list[Student] = []
    skipped: list[str] = []
    seen: dict[str, dict[str, int]] = {"id": {}, "login": {}, "email": {}, "lms_id": {}}
    for number, row in rows[1:]:
        if not any(cell.strip() for cell in row):
            continue

        def cell(index: int | None, row: list[str] = row) -> str:
            return row[index].strip() if index is not None and index < len(row) else ""

        values = {name: cell(columns.get(name)) for name in FIELDS}
        if first_last:
            values["name"] = f"{cell(first_last[0])} {cell(first_last[1])}".strip()
        name_key = _key(values["name"])
        if name_key in NOT_STUDENTS:
            skipped.append(f"line {number} ({NOT_STUDENTS[name_key]})")
            continue
        if name_key in TEST_STUDENTS and not values["id"]:
            skipped.append(f"line {number} (the LMS's test student, who has no id)")
            continue
        if not values["id"]:
            raise RosterError(f"{where}:{number}: {DESCRIBED['id']} is empty")
        if not values["name"]:
            raise RosterError(f"{where}:{number}: {DESCRIBED['name']} is empty")
        for name, firsts in seen.items():
            value = values[name].casefold()
            if not value:
                continue
            if value in firsts:
                raise RosterError(
                    f"{where}:{number}: duplicate {name.replace('_', ' ')} {values[name]!r} "
                    f"(first on line {firsts[value]})"
                )
            firsts[value] = number
        students.append(Student(**values))
    if not students:
        raise RosterError(f"{where}: no students after the header line")
    shown_columns = {name: header[index] for name, index in columns.items()}
    if first_last:
        shown_columns["name"] = f"{header[first_last[0]]} + {header[first_last[1]]}"
    return Roster(students, shown_columns, skipped)
