"""Loading hostile or broken submissions: no link is followed, nothing is written outside,
no zip multiplies, and one broken student never stops the others from loading."""

from __future__ import annotations

import io
import json
import os
import random
import stat
import tempfile
import zipfile
from pathlib import Path

import nbformat
import pytest

from graders.submission import (
    MAX_ZIP_BYTES,
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
    assert any("helper.py" in n and "not copied" in n for n in sub.notes)
    assert any("environ.py" in n for n in sub.notes)


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


def test_a_zip_bomb_is_refused_and_disk_use_stays_bounded(tmp_path, loaded):
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
    leftovers = list(Path(tempfile.gettempdir()).glob("unograde-zip-*"))
    assert sum(f.stat().st_size for d in leftovers for f in d.rglob("*") if f.is_file()) < (
        MAX_ZIP_BYTES
    )


def test_a_zip_whose_entries_multiply_is_refused(tmp_path, loaded):
    # Many entries, each a fair ratio, that add up to far more than the budget.
    archive = tmp_path / "many.zip"
    blob = os.urandom(1 << 20)
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_STORED) as zf:
        zf.writestr("uno.py", ADA.read_bytes())
        for k in range(MAX_ZIP_BYTES // len(blob) + 5):
            zf.writestr(f"data/{k}.bin", blob)
    klass = tmp_path / "class"
    klass.mkdir()
    archive.rename(klass / "many.zip")
    (klass / "ada.py").write_text(ADA.read_text())
    subs = {s.name: s for s in loaded(klass)}
    assert "unpacks to more than" in subs["many"].problem
    assert subs["ada"].problem is None


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
    assert sub.folder is None and "found no uno.py" in sub.problem


# --- names ----------------------------------------------------------------------------------


def subs_named(*origins: str) -> list[Submission]:
    return [Submission(Path(o).stem if "." in o else o, f"class/{o}", None) for o in origins]


def test_colliding_names_become_unique_and_stable():
    subs = subs_named("bob", "bob.py", "bob-2.py")
    assign_names(subs)
    names = [s.name for s in subs]
    assert len(set(names)) == 3
    assert names[2] == "bob-2"  # no collision: keeps its own name
    for _ in range(5):
        again = subs_named("bob", "bob.py", "bob-2.py")
        shuffled = again[:]
        random.shuffle(shuffled)
        assign_names(shuffled)
        assert [s.name for s in again] == names
    # One more unrelated student renames no one.
    more = subs_named("bob", "bob.py", "bob-2.py", "zoe.py")
    assign_names(more)
    assert [s.name for s in more[:3]] == names


def test_names_are_never_reserved_or_unsafe():
    subs = subs_named("scores.csv.py", "INDEX.HTML.py", ".hidden.py")
    subs.append(Submission("a/b\x1b[2J\u202e", "class/weird", None))
    assign_names(subs)
    for sub in subs:
        assert sub.name.lower() not in RESERVED_NAMES
        assert "/" not in sub.name and not sub.name.startswith(".")
        assert all(c.isprintable() and c not in "\u202e" for c in sub.name)
