"""Loading hostile or broken submissions: no link is followed, nothing is written outside,
no zip multiplies, and one broken student never stops the others from loading."""

from __future__ import annotations

import hashlib
import io
import json
import os
import random
import stat
import struct
import tempfile
import zipfile
from pathlib import Path

import nbformat
import pytest

from graders import submission
from graders.submission import (
    MAX_RATIO,
    MAX_ZIP_BYTES,
    MAX_ZIP_FILES,
    RESERVED_NAMES,
    Submission,
    SubmissionError,
    assign_names,
    cleanup,
    load_submissions,
)

ROOT = Path(__file__).resolve().parents[2]
ADA = ROOT / "examples" / "uno-moves" / "ada" / "uno.py"


@pytest.fixture
def loaded():
    subs: list[Submission] = []

    def load(path, **kw):
        found = load_submissions(path, "uno", **kw)
        subs.extend(found)
        return found

    yield load
    cleanup(subs)


def files_in(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


# --- links ----------------------------------------------------------------------------------


def test_links_inside_a_folder_submission_are_not_followed(tmp_path, loaded):
    secret = tmp_path / "hidden.solution"
    secret.write_text("THE HIDDEN EXPECTATION")
    bob = tmp_path / "bob"
    bob.mkdir()
    (bob / "uno.py").write_text(ADA.read_text())
    (bob / "helper.py").symlink_to(secret)
    (bob / "environ.py").symlink_to("/proc/self/environ")
    (bob / "reference").symlink_to(ROOT / "reference", target_is_directory=True)
    [sub] = loaded(bob)
    assert sub.problem is None
    copied = files_in(sub.folder)
    assert set(copied) == {"uno.py"}
    assert not any(b"HIDDEN" in data for data in copied.values())
    assert "helper.py is a symbolic link: not copied" in sub.notes
    assert "environ.py is a symbolic link: not copied" in sub.notes
    assert "reference is a symbolic link: not copied" in sub.notes


def test_an_entry_file_that_is_a_link_is_a_problem_not_the_target(tmp_path, loaded):
    bob = tmp_path / "bob"
    bob.mkdir()
    (bob / "uno.py").symlink_to(ROOT / "reference" / "uno_moves" / "rules.py")
    [sub] = loaded(bob)
    assert sub.problem == "uno.py is a symbolic link: submit the file itself"
    assert (sub.folder / "uno.py").read_text() == ""


def test_a_student_in_a_class_that_is_a_link_is_not_followed(tmp_path, loaded):
    klass = tmp_path / "class"
    klass.mkdir()
    (klass / "ada.py").write_text(ADA.read_text())
    (klass / "eve.py").symlink_to(ROOT / "reference" / "uno_moves" / "rules.py")
    (klass / "mal").symlink_to(ROOT / "reference", target_is_directory=True)
    subs = {s.name: s for s in loaded(klass)}
    assert subs["ada"].problem is None
    assert subs["eve"].folder is None and "symbolic link" in subs["eve"].problem
    assert subs["mal"].folder is None and "symbolic link" in subs["mal"].problem


def test_a_program_folder_copies_regular_files_only(tmp_path, loaded):
    from graders.run.programs import ProgramSpec

    prog = tmp_path / "kai"
    prog.mkdir()
    (prog / "main.py").write_text("print(1)\n")
    (prog / "lib").mkdir()
    (prog / "lib" / "util.py").write_text("X = 1\n")
    (prog / "lib" / "secret.txt").symlink_to(tmp_path / "outside.txt")
    (tmp_path / "outside.txt").write_text("OUTSIDE")
    (prog / "ref").symlink_to(ROOT / "reference", target_is_directory=True)
    os.mkfifo(prog / "pipe")
    [sub] = loaded(prog, programs=[ProgramSpec("main.py", ("python3", "main.py"))])
    assert set(files_in(sub.folder)) == {"main.py", "lib/util.py"}
    assert any("secret.txt" in n for n in sub.notes)


def test_a_program_whose_entry_is_a_link_is_a_problem(tmp_path, loaded):
    from graders.run.programs import ProgramSpec

    prog = tmp_path / "lou"
    prog.mkdir()
    (prog / "main.py").symlink_to(ROOT / "reference" / "uno_moves" / "rules.py")
    [sub] = loaded(prog, programs=[ProgramSpec("main.py", ("python3", "main.py"))])
    assert sub.problem == "main.py is a symbolic link: submit the file itself"
    assert files_in(sub.folder) == {}
    assert "main.py is a symbolic link: not copied" in sub.notes


# --- zips -----------------------------------------------------------------------------------


def make_zip(path: Path, members: dict[str, bytes], links: dict[str, str] | None = None) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in members.items():
            zf.writestr(name, data)
        for name, target in (links or {}).items():
            info = zipfile.ZipInfo(name)
            info.external_attr = (stat.S_IFLNK | 0o777) << 16
            zf.writestr(info, target)
    return path


def test_zip_links_and_names_outside_are_skipped_with_a_note(tmp_path, loaded):
    archive = make_zip(
        tmp_path / "zed.zip",
        {"uno.py": ADA.read_bytes(), "../evil.py": b"EVIL = 1\n", "/abs.py": b"ABS = 1\n"},
        links={"ref.py": str(ROOT / "reference" / "uno_moves" / "rules.py")},
    )
    [sub] = loaded(archive)
    assert sub.problem is None
    assert set(files_in(sub.folder)) == {"uno.py"}
    assert not (tmp_path / "evil.py").exists() and not Path("/abs.py").exists()
    notes = " | ".join(sub.notes)
    assert "../evil.py: a name outside" in notes and "/abs.py: a name outside" in notes
    assert "ref.py: a symbolic link in the zip" in notes


def test_zips_nested_700_deep_are_a_problem_and_the_class_still_loads(tmp_path, loaded):
    data = make_zip(tmp_path / "core.zip", {"uno.py": b"x = 1\n"}).read_bytes()
    for level in range(700):
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as zf:
            zf.writestr(f"n{level}.zip", data)
        data = buffer.getvalue()
    klass = tmp_path / "class"
    klass.mkdir()
    (klass / "deep.zip").write_bytes(data)
    (klass / "ada.py").write_text(ADA.read_text())
    subs = {s.name: s for s in loaded(klass)}
    assert subs["ada"].problem is None
    assert "nested more than 3 deep" in subs["deep"].problem


@pytest.fixture
def disk_peak(tmp_path, monkeypatch):
    """Temporary folders go under a private folder; the most bytes ever on disk there
    (measured after each zip member is written, or refused) is ``peak[0]``."""
    private = tmp_path / "tmp"
    private.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(private))
    peak = [0]
    real = submission._stream_member

    def measured(*args, **kwargs):
        try:
            return real(*args, **kwargs)
        finally:
            args[2].flush()
            used = sum(f.stat().st_size for f in private.rglob("*") if f.is_file())
            peak[0] = max(peak[0], used)

    monkeypatch.setattr(submission, "_stream_member", measured)
    return private, peak


def test_a_zip_bomb_is_refused_and_disk_use_stays_bounded(tmp_path, loaded, disk_peak):
    private, peak = disk_peak
    bomb = tmp_path / "bomb.zip"
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as zf:
        with zf.open("uno.py", "w") as member:
            for _ in range(200):
                member.write(b"\0" * (1 << 20))
    assert bomb.stat().st_size < 1_000_000
    with pytest.raises(SubmissionError, match="bomb.zip: uno.py expands more than"):
        load_submissions(bomb, "uno")  # alone: an input error (exit 2 from the command)
    klass = tmp_path / "class"
    klass.mkdir()
    bomb.rename(klass / "bomb.zip")
    (klass / "ada.py").write_text(ADA.read_text())
    subs = {s.name: s for s in loaded(klass)}
    assert subs["bomb"].folder is None and "a zip bomb?" in subs["bomb"].problem
    assert subs["ada"].problem is None
    # The ratio check stops it long before the byte budget: at most 200 times the
    # compressed size, plus one chunk.
    assert 0 < peak[0] <= MAX_RATIO * 1024 * 1024 + (1 << 16)
    assert not list(private.glob("unograde-zip-*"))  # removed on failure


def fair_blob() -> bytes:
    """1 MB that deflates about 134 times: under MAX_RATIO, so only the budget stops it."""
    rng = random.Random(0)
    return bytes(rng.getrandbits(8) for _ in range(6000)) + bytes((1 << 20) - 6000)


def test_a_zip_whose_entries_multiply_is_refused(tmp_path, loaded, disk_peak):
    private, peak = disk_peak
    blob = fair_blob()
    archive = tmp_path / "many.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("uno.py", ADA.read_bytes())
        for k in range(MAX_ZIP_BYTES // len(blob) + 20):
            zf.writestr(f"data/{k}.bin", blob)
    assert archive.stat().st_size < MAX_ZIP_BYTES // 50  # small, and unpacks past the budget
    infos = zipfile.ZipFile(archive).infolist()
    assert all(i.file_size < i.compress_size * MAX_RATIO for i in infos)
    klass = tmp_path / "class"
    klass.mkdir()
    archive.rename(klass / "many.zip")
    (klass / "ada.py").write_text(ADA.read_text())
    subs = {s.name: s for s in loaded(klass)}
    assert subs["many"].problem == "many.zip: unpacks to more than 50 MB: too large to grade"
    assert subs["ada"].problem is None
    assert MAX_ZIP_BYTES - (2 << 20) < peak[0] <= MAX_ZIP_BYTES + (1 << 16)
    assert not list(private.glob("unograde-zip-*"))


def overlapping_zip(path: Path, name: str, data: bytes, copies: int, first: dict) -> Path:
    """A zip whose central directory lists the member ``name`` ``copies`` times, every entry
    pointing at the same compressed bytes (the "entries multiply" trick)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zf:
        for member, content in first.items():
            zf.writestr(member, content)
        zf.writestr(name, data)
    raw = buffer.getvalue()
    end = raw.rfind(b"PK\x05\x06")
    (count,) = struct.unpack("<H", raw[end + 10 : end + 12])
    (cd_offset,) = struct.unpack("<I", raw[end + 16 : end + 20])
    entries, k = [], cd_offset
    for _ in range(count):
        size = 46 + sum(struct.unpack("<HHH", raw[k + 28 : k + 34]))
        entries.append(raw[k : k + size])
        k += size
    directory = b"".join(entries[:-1]) + entries[-1] * copies
    total = count - 1 + copies
    tail = bytearray(raw[end:])
    struct.pack_into("<HHII", tail, 8, total, total, len(directory), cd_offset)
    path.write_bytes(raw[:cd_offset] + directory + bytes(tail))
    return path


def test_entries_pointing_at_the_same_data_are_written_once(tmp_path, loaded, disk_peak):
    private, peak = disk_peak
    archive = overlapping_zip(
        tmp_path / "dup.zip", "data.bin", fair_blob(), 1000, {"uno.py": ADA.read_bytes()}
    )
    assert archive.stat().st_size < 100_000
    assert len(zipfile.ZipFile(archive).infolist()) == 1001  # 1000 GB... of the same 1 MB
    [sub] = loaded(archive)
    assert sub.problem is None
    assert set(files_in(sub.folder)) == {"uno.py"}
    skipped = [n for n in sub.notes if n.startswith("data.bin: could not be written")]
    assert len(skipped) == submission.MAX_SKIP_NOTES
    assert f"dup.zip: {999 - submission.MAX_SKIP_NOTES} more members skipped" in sub.notes
    assert (1 << 20) <= peak[0] <= 2 * (1 << 20)  # one copy on disk, never a thousand


def test_a_class_zip_with_a_deep_zip_beside_a_file_is_a_class(tmp_path, loaded):
    data = make_zip(tmp_path / "core.zip", {"uno.py": b"x = 1\n"}).read_bytes()
    for level in range(5):
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w") as zf:
            zf.writestr(f"n{level}.zip", data)
        data = buffer.getvalue()
    archive = make_zip(tmp_path / "class.zip", {"ada.py": ADA.read_bytes(), "deep.zip": data})
    subs = {s.name: s for s in loaded(archive)}
    assert set(subs) == {"ada", "deep"}
    assert subs["ada"].problem is None
    assert subs["deep"].problem == "deep.zip: zips nested more than 3 deep"


def test_folders_nested_700_deep_are_a_problem(tmp_path, loaded):
    klass = tmp_path / "class"
    deep = klass / "bob"
    for _ in range(700):
        deep = deep / "d"
    deep.mkdir(parents=True)
    (deep / "uno.py").write_text("x = 1\n")
    (klass / "ada.py").write_text(ADA.read_text())
    subs = {s.name: s for s in loaded(klass)}
    assert set(subs) == {"ada", "bob"}
    assert subs["ada"].problem is None
    assert subs["bob"].problem == "bob: folders nested more than 8 deep"


@pytest.mark.parametrize(
    ("build", "expected"),
    [
        ("corrupt", "cannot be unpacked (error: Error -3 while decompressing data"),
        ("encrypted", "cannot be unpacked (RuntimeError: File <ZipInfo filename='uno.py'"),
        ("garbage", "not a valid zip file"),
        ("dirs", f"more than {MAX_ZIP_FILES} files: too large to grade"),
    ],
)
def test_broken_zips_are_one_problem_each(tmp_path, loaded, disk_peak, build, expected):
    private, _ = disk_peak
    path = tmp_path / "class" / f"{build}.zip"
    path.parent.mkdir()
    (path.parent / "ada.py").write_text(ADA.read_text())
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("uno.py", random.Random(1).randbytes(20000).hex())
        if build == "dirs":
            for k in range(MAX_ZIP_FILES + 1):
                zf.writestr(f"d{k}/", b"")
    raw = bytearray(buffer.getvalue())
    if build == "corrupt":
        for k in range(100, 400):  # inside the compressed data of uno.py
            raw[k] ^= 0x55
    elif build == "encrypted":  # the "encrypted" flag, in the local and central headers
        raw[raw.find(b"PK\x03\x04") + 6] |= 1
        raw[raw.find(b"PK\x01\x02") + 8] |= 1
    elif build == "garbage":
        raw = bytearray(b"PK\x03\x04 this is not a zip")
    path.write_bytes(bytes(raw))
    subs = {s.name: s for s in loaded(path.parent)}
    assert subs[build].problem.startswith(f"{build}.zip: {expected}"), subs[build].problem
    assert subs["ada"].problem is None
    left = [d.name.split("-")[1] for d in private.iterdir()]
    assert left == ["sub"]  # only ada's folder: the unpacked zip was removed


def test_a_member_that_cannot_be_written_is_a_note(tmp_path, loaded):
    archive = make_zip(
        tmp_path / "cly.zip",
        {"uno.py": ADA.read_bytes(), "lib/x.py": b"A = 1\n", "lib/x.py/y": b"B = 2\n",
         "n/" + "x" * 300: b"C = 3\n"},
    )  # fmt: skip
    [sub] = loaded(archive)
    assert sub.problem is None
    assert "lib/x.py/y: could not be written (File exists): not extracted" in sub.notes
    assert f"n/{'x' * 78}: not a usable file name: not extracted" in sub.notes


# --- broken files ---------------------------------------------------------------------------


def notebook_with(path: Path, cells: list[dict]) -> Path:
    nb = nbformat.v4.new_notebook()
    data = json.loads(nbformat.writes(nb))
    data["cells"] = cells
    path.write_text(json.dumps(data))
    return path


def code(source):
    return {"cell_type": "code", "source": source, "metadata": {}, "outputs": [],
            "execution_count": None}  # fmt: skip


def test_notebook_cells_whose_source_is_not_text_are_skipped(tmp_path, loaded):
    path = notebook_with(
        tmp_path / "nia.ipynb",
        [code(None), code(42), code(["def f():\n", "    return 1\n"]), code([1, 2])],
    )
    [sub] = loaded(path)
    assert sub.problem is None
    assert "def f():" in (sub.folder / "uno.py").read_text()
    skipped = [n for n in sub.notes if "source is not text" in n]
    assert [n.split(":")[0] for n in skipped] == ["cell 1", "cell 2", "cell 4"]


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"", "empty.py is empty"),
        (b"   \n\n", "empty.py is empty"),
        (b"x = 1\ny = '\x00'\n", "empty.py:2: a NUL byte"),
        (b"x = 1\n\xff\xfe = 2\n", "empty.py:2: not UTF-8 text (byte 6)"),
    ],
)
def test_empty_and_binary_python_files_are_clear_problems(tmp_path, loaded, content, expected):
    path = tmp_path / "empty.py"
    path.write_bytes(content)
    [sub] = loaded(path)
    assert sub.problem.startswith(expected)


def test_an_empty_folder_is_a_problem(tmp_path, loaded):
    (tmp_path / "nobody").mkdir()
    [sub] = loaded(tmp_path / "nobody")
    assert sub.folder is None
    assert sub.problem == f"{tmp_path / 'nobody'}: found no uno.py, .py file or notebook"


@pytest.mark.parametrize(
    ("name", "text", "expected"),
    [
        ("nb.ipynb", "", "nb.ipynb is empty"),
        ("nb.ipynb", '{"cells": [1, 2', "nb.ipynb:1:16: not a notebook (not JSON: Expecting"),
        ("nb.ipynb", "[1, 2]", "nb.ipynb: not a notebook (no list of cells)"),
        ("nb.ipynb", '{"cells": "x"}', "nb.ipynb: not a notebook (no list of cells)"),
        ("nb.ipynb", '{"cells": [{"cell_type": "markdown", "source": "hi"}]}',
         "nb.ipynb has no code cells"),
        ("nb.ipynb", '{"cells": []}' + " " * 10 + "[" * 100_000, "nb.ipynb:1:24: not a notebook"),
        ("nb.ipynb", '{"cells": ' + "[" * 100_000 + "]" * 100_000 + "}",
         "nb.ipynb: not a notebook (JSON nested too deep)"),
        ("nb.ipynb", '{"cells": [{"cell_type": "code", "source": "x = 1\\n# \\udc00"}]}',
         "nb.ipynb: cell 1, line 2: not valid Unicode (a lone surrogate U+DC00)"),
        ("deep.py", "x = " + "+".join(["1"] * 200_000) + "\n",
         "deep.py: an expression nested too deeply to compile"),
        ("neg.py", "x = " + "-" * 200_000 + "1\n",
         "neg.py: an expression nested too deeply to compile"),
    ],
)  # fmt: skip
def test_broken_notebooks_and_sources_are_one_line_problems(tmp_path, loaded, name, text, expected):
    path = tmp_path / name
    path.write_text(text)
    [sub] = loaded(path)
    assert sub.problem.startswith(expected), sub.problem
    assert "\n" not in sub.problem


def test_a_file_too_large_to_be_a_program_is_never_read_whole(tmp_path, loaded):
    path = tmp_path / "huge.py"
    with open(path, "wb") as handle:
        handle.truncate(4 << 30)  # sparse: 4 GB that take no disk
    [sub] = loaded(path)
    assert sub.problem == "huge.py is larger than 10 MB: not a program"


def test_a_fifo_or_a_folder_named_like_a_file_never_hangs(tmp_path, loaded):
    klass = tmp_path / "class"
    klass.mkdir()
    os.mkfifo(klass / "pipe.py")
    (klass / "kit").mkdir()
    os.mkfifo(klass / "kit" / "uno.py")
    (klass / "ada.py").write_text(ADA.read_text())
    subs = {s.name: s for s in loaded(klass)}
    assert subs["pipe"].problem == "pipe.py is not a regular file"
    assert subs["kit"].problem == "uno.py is not a regular file"
    assert subs["ada"].problem is None


def test_a_file_name_cannot_forge_a_second_line(tmp_path, loaded):
    path = tmp_path / "a\nFAKE: b\u202e.py"
    path.write_text("x = (\n")
    [sub] = loaded(path)
    assert sub.problem == "a?FAKE: b?.py:1:5: SyntaxError: '(' was never closed"


def test_the_instructors_own_path_may_be_a_link(tmp_path, loaded):
    real = tmp_path / "store" / "12345.py"
    real.parent.mkdir()
    real.write_text(ADA.read_text())
    (tmp_path / "bob.py").symlink_to(real)
    [sub] = loaded(tmp_path / "bob.py")
    assert sub.problem is None and sub.name == "bob"
    assert (sub.folder / "uno.py").read_text() == ADA.read_text()


def test_an_entry_that_is_a_link_to_a_folder_or_dangling_is_a_problem(tmp_path, loaded):
    for student, target in (("cy", ROOT / "reference"), ("di", tmp_path / "gone.py")):
        (tmp_path / student).mkdir()
        (tmp_path / student / "uno.py").symlink_to(target)
        [sub] = loaded(tmp_path / student)
        assert sub.problem == "uno.py is a symbolic link: submit the file itself", student


def test_loading_never_raises_anything_but_submission_error(tmp_path, monkeypatch):
    def broken(*args, **kwargs):
        raise MemoryError("simulated")

    monkeypatch.setattr(submission, "_digest", broken)
    (tmp_path / "ada.py").write_text(ADA.read_text())
    with pytest.raises(SubmissionError, match=r"^ada.py: could not load: MemoryError: simulated$"):
        load_submissions(tmp_path / "ada.py", "uno")
    klass = tmp_path / "class"
    klass.mkdir()
    (klass / "bob.py").write_text(ADA.read_text())
    [sub] = load_submissions(klass, "uno")
    assert sub.problem == "bob.py: could not load: MemoryError: simulated"
    assert sub.folder is None


# --- names ----------------------------------------------------------------------------------


def subs_named(*origins: str) -> list[Submission]:
    """Submissions as a class folder's loader names them: a file's stem, a folder's name."""
    return [Submission(Path(o).stem if "." in o else o, f"class/{o}", None) for o in origins]


def names_of(*origins: str, shuffle: int | None = None) -> dict[str, str]:
    subs = subs_named(*origins)
    order = subs[:]
    if shuffle is not None:
        random.Random(shuffle).shuffle(order)
    assign_names(order)
    return {s.origin.removeprefix("class/"): s.name for s in subs}


def test_colliding_names_become_unique_and_stable():
    names = names_of("bob", "bob.py", "bob-2.py")
    assert names == {"bob": "bob-folder", "bob.py": "bob-py", "bob-2.py": "bob-2"}
    for seed in range(5):
        assert names_of("bob", "bob.py", "bob-2.py", shuffle=seed) == names
    # One more unrelated student renames no one.
    more = names_of("bob", "bob.py", "bob-2.py", "zoe.py", shuffle=7)
    assert more == {**names, "zoe.py": "zoe"}


def test_every_kind_of_bob_is_told_apart_by_its_suffix():
    names = names_of("bob", "bob.py", "bob.ipynb", "bob.zip", "Bob.py")
    # "Bob-py" and "bob-py" clash on a case-insensitive disk: the later origin ("B" < "b")
    # gives way, with a hash of its own origin.
    digest = hashlib.sha256(b"class/bob.py" + bytes(1) + b"0").hexdigest()[:6]
    assert names == {
        "bob": "bob-folder",
        "bob.py": f"bob-py-{digest}",
        "bob.ipynb": "bob-ipynb",
        "bob.zip": "bob-zip",
        "Bob.py": "Bob-py",
    }


def test_a_students_own_name_wins_over_a_generated_one():
    digest = hashlib.sha256(b"class/bob" + bytes(1) + b"0").hexdigest()[:6]
    names = names_of("bob", "bob.py", "bob-folder.py")
    assert names == {
        "bob": f"bob-folder-{digest}",
        "bob.py": "bob-py",
        "bob-folder.py": "bob-folder",
    }
    for seed in range(3):
        assert names_of("bob", "bob.py", "bob-folder.py", shuffle=seed) == names


def test_names_are_never_reserved_or_unsafe():
    subs = subs_named("scores.csv.py", "INDEX.HTML.py", ".hidden.py", "...py")
    subs.append(Submission("run.json", "class/run.json", None))  # a folder
    subs.append(Submission("a/b\x1b[2J\u202e\udcff\n", "class/weird", None))
    subs.append(Submission("", "class/.py", None))
    assign_names(subs)
    assert [s.name for s in subs] == [
        "scores.csv_",
        "INDEX.HTML_",
        "hidden",
        "submission-py",  # "..." is no name: "submission", twice, told apart by the suffix
        "run.json_",
        "a_b_[2J___",
        "submission-folder",  # ".py" has no suffix, as a path: a folder's name
    ]
    for sub in subs:
        assert sub.name.lower() not in RESERVED_NAMES
        assert all(c.isprintable() and c not in "/\\" for c in sub.name)
        sub.name.encode("utf-8")  # no lone surrogate


def test_long_names_are_bounded_and_still_unique():
    origins = ["é" * 300 + "a.py", "é" * 300 + "b.py", "é" * 300 + "a.zip"]
    names = names_of(*origins)
    assert len(set(names.values())) == 3
    assert all(len(name.encode()) <= submission.MAX_NAME_BYTES for name in names.values())
    assert names[origins[2]].endswith("-zip")  # the suffix that tells it apart is kept
    assert names_of(*origins, shuffle=1) == names
