"""Rosters: read from the CSVs LMSs and registrars write, refused with the line when bad;
submissions matched to students by login, id, email or an LMS's bulk-download naming."""

from __future__ import annotations

from pathlib import Path

import pytest

from graders.gradebook import Claim, Gradebook, Grading, Student
from graders.roster.lms_exports import MetadataError, parse_metadata, submitters_in
from graders.roster.matching import Matcher, match_class, name_forms
from graders.roster.parse import RosterError, parse_mapping, read_roster

from .conftest import unograde


def write(path: Path, text: str, encoding: str = "utf-8") -> Path:
    path.write_bytes(text.encode(encoding))
    return path


# -- reading --------------------------------------------------------------------------------


def test_a_plain_roster_is_read_by_its_headers(tmp_path):
    roster = read_roster(
        write(
            tmp_path / "r.csv",
            "Student ID,Name,Email,Login,Section\n"
            "1001,Ada Lovelace,ada@uni.edu,alove,A\n"
            ' 1002 ,"Hopper, Grace",grace@uni.edu,ghop,B\n'
            "\n",
        )
    )
    assert roster.students == [
        Student("1001", "Ada Lovelace", "ada@uni.edu", "alove", "A"),
        Student("1002", "Hopper, Grace", "grace@uni.edu", "ghop", "B"),
    ]
    assert roster.columns["id"] == "Student ID" and roster.columns["login"] == "Login"


def test_a_canvas_gradebook_export_is_a_roster(tmp_path):
    """Canvas's own export: ``ID`` is Canvas's user id, ``SIS User ID`` the student's; its
    Points Possible row and its test student (no SIS id) are not students."""
    text = (
        "\ufeffStudent,ID,SIS User ID,SIS Login ID,Section,Lab 1 (331)\n"
        "    Points Possible,,,,,10\n"
        '"Lovelace, Ada",5501,1001,alove,Sec 1,9\n'
        '"Student, Test",5599,,,Sec 1,\n'
    )
    roster = read_roster(write(tmp_path / "canvas.csv", text))
    assert roster.students == [Student("1001", "Lovelace, Ada", "", "alove", "Sec 1", "5501")]
    assert roster.columns == {
        "id": "SIS User ID",
        "name": "Student",
        "login": "SIS Login ID",
        "section": "Section",
        "lms_id": "ID",
    }
    assert [line.split(" ")[1] for line in roster.skipped] == ["2", "4"]


def test_a_moodle_style_roster_with_first_and_last_names_and_semicolons(tmp_path):
    text = "First name;Last name;ID number;Email address\nAda;Lovelace;1001;ada@uni.edu\n"
    roster = read_roster(write(tmp_path / "moodle.csv", text))
    assert roster.students == [Student("1001", "Ada Lovelace", "ada@uni.edu")]


def test_columns_can_be_named(tmp_path):
    text = "Matrikel,Wer,Kennung\n77,Ada,al\n"
    mapping = parse_mapping(["id=Matrikel", "name=Wer", "login=Kennung"])
    assert read_roster(write(tmp_path / "r.csv", text), mapping).students == [
        Student("77", "Ada", login="al")
    ]


def test_another_encoding_is_read_when_named(tmp_path):
    path = write(tmp_path / "r.csv", "id,name\n1,Zoë Ørsted\n", "cp1252")
    assert read_roster(path, encoding="cp1252").students == [Student("1", "Zoë Ørsted")]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("", "r.csv:1: the file is empty"),
        ("Name,Email\nAda,a@x\n", "r.csv:1: no column for the student's id"),
        ("id,email\n1,a@x\n", "r.csv:1: no column for the student's name"),
        ("id,name\n1,Ada\n2,Bob\n1,Cy\n", "r.csv:4: duplicate id '1' (first on line 2)"),
        ("id,name,login\n1,Ada,al\n2,Bob,AL\n", "r.csv:3: duplicate login 'AL' (first on line 2)"),
        ("id,name\n1,Ada\n,Bob\n", "r.csv:3: the student's id is empty"),
        ("id,name\n1,Ada\n2,\n", "r.csv:3: the student's name is empty"),
        ('id,name\n1,Ada\n2,"Bob\n', "r.csv:3: not a well-formed CSV line"),
        ("id,name\n1,Ada\n2,B\x00b\n", "r.csv:3: a NUL character"),
        ("id,name\n", "r.csv: no students after the header line"),
        ('id,name\n1,"Ada\nLovelace"\n1,Cy\n', "r.csv:4: duplicate id '1' (first on line 2)"),
        (",,,\n", "r.csv:1: no header line"),
        (",,,\r\n, ,\r\n\r\n", "r.csv:1: no header line"),
    ],
    ids=[
        "empty",
        "no-id",
        "no-name",
        "dup-id",
        "dup-login",
        "empty-id",
        "empty-name",
        "broken-quote",
        "nul",
        "no-students",
        "line-after-multiline-cell",
        "header-of-separators-only",
        "only-separator-lines",
    ],  # fmt: skip
)
def test_a_bad_roster_is_refused_naming_the_line(tmp_path, text, expected):
    with pytest.raises(RosterError) as caught:
        read_roster(write(tmp_path / "r.csv", text))
    assert str(caught.value).startswith(str(tmp_path / expected.split(":")[0])), caught.value
    assert expected.split("r.csv", 1)[1] in str(caught.value)
    assert "\n" not in str(caught.value)


def test_a_bad_encoding_names_the_line_and_the_byte(tmp_path):
    path = write(tmp_path / "r.csv", "id,name\n1,Ada\n2,Zo\xeb\n", "latin-1")
    with pytest.raises(RosterError) as caught:
        read_roster(path)
    assert str(caught.value).startswith(f"{path}:3: byte 0xeb at column 5 is not utf-8")
    assert "--encoding" in str(caught.value)


def test_a_named_column_that_is_not_there_is_named(tmp_path):
    with pytest.raises(RosterError, match=r"r.csv:1: no column 'Matrikel' \(for --column id"):
        read_roster(write(tmp_path / "r.csv", "id,name\n1,A\n"), {"id": "Matrikel"})
    with pytest.raises(RosterError, match="unknown field 'idd'"):
        parse_mapping(["idd=x"])


# -- matching -------------------------------------------------------------------------------

ROSTER = [
    Student("1001", "Lovelace, Ada", "ada@uni.edu", "alove", "A", "5501"),
    Student("1002", "Grace Hopper", "ghopper@uni.edu", "ghop", "B", "5502"),
    Student("1003", "Alan Turing", "alan@uni.edu", "aturing", "A", ""),
    Student("1004", "Jane Doe", "jane@uni.edu", "jdoe", "B", ""),
    Student("1005", "Jane Doe", "jane.doe2@uni.edu", "jdoe2", "B", ""),
]


@pytest.mark.parametrize(
    "submission, student, how",
    [
        ("alove", "1001", "login"),
        ("ALOVE", "1001", "login"),
        ("1002", "1002", "id"),
        ("alan@uni.edu", "1003", "email"),
        ("ghopper", "1002", "email's user"),
        ("alove-py", "1001", "login"),  # bob.py beside bob/: the grader's suffix
        ("lovelaceada_5501_88123_uno", "1001", "Canvas's user id"),
        ("lovelaceada_LATE_5501_88123_uno", "1001", "Canvas's user id"),
        ("turingalan_9999_88123_uno", "1003", "Canvas's file name"),
        ("Grace Hopper_4242_assignsubmission_file_", "1002", "Moodle's folder name"),
        ("Alan Turing", "1003", "name"),
    ],
)
def test_submissions_are_matched_by_the_rules(submission, student, how):
    found = Matcher(ROSTER).match(submission)
    assert found is not None and [t.id for t in found.students] == [student]
    assert found.how == how


@pytest.mark.parametrize("submission", ["jane-doe", "doejane_7777_1_x", "nobody", "submission_1"])
def test_what_matches_no_one_or_two_students_matches_none(submission):
    assert Matcher(ROSTER).match(submission) is None


def test_gradescope_metadata_matches_a_group_to_each_of_its_students():
    claims = [Claim(sid="1001"), Claim(email="ALAN@uni.edu"), Claim(name="Hopper, Grace")]
    found = Matcher(ROSTER).match("submission_123", claims)
    assert [t.id for t in found.students] == ["1001", "1003", "1002"]


def test_name_forms_put_the_family_name_either_way():
    assert name_forms("Doe, Zoë") == name_forms("Zoë Doe") == {"zoedoe", "doezoe"}


def test_a_class_is_matched_with_every_student_and_submission_accounted_for():
    def grading(gid, student, score):
        return Grading(gid, None, "a", "A", student, "", "", "", "", "", score, 10.0, None, False)

    gradings = [grading(1, "alove", 5), grading(2, "stranger", 7), grading(3, "1002", 9),
                grading(4, "lovelaceada_5501_1_x", 8)]  # fmt: skip
    result = match_class(ROSTER, gradings)
    # Ada is claimed by two submissions: a conflict, and neither counts (not the one graded
    # last: the order a batch finishes in is no reason).
    assert {k: g.student for k, g in result.counted.items()} == {"1002": "1002"}
    assert result.conflicts == {"1001": ["alove", "lovelaceada_5501_1_x"]}
    assert [g.student for g in result.unmatched] == ["stranger"]
    assert [t.id for t in result.missing] == ["1003", "1004", "1005"]


GRADESCOPE = """\
submission_111:
  :submitters:
  - :name: Ada Lovelace
    :sid: '1001'
    :email: ada@uni.edu
  - :name: Alan Turing
    :sid: '1003'
    :email: alan@uni.edu
  :created_at: 2026-03-01 10:00:00.000000000 -08:00
  :score: !ruby/object:BigDecimal 18:0.9e1
submission_222:
  :submitters:
  - :name: Grace Hopper
    :sid: '1002'
    :email: ghopper@uni.edu
"""


def test_gradescope_metadata_is_read_from_an_export_folder_or_zip(tmp_path):
    export = tmp_path / "assignment_9_export"
    export.mkdir()
    (export / "submission_metadata.yml").write_text(GRADESCOPE)
    expected = {
        "submission_111": [Claim("1001", "ada@uni.edu", "Ada Lovelace"),
                           Claim("1003", "alan@uni.edu", "Alan Turing")],
        "submission_222": [Claim("1002", "ghopper@uni.edu", "Grace Hopper")],
    }  # fmt: skip
    assert submitters_in(export) == expected
    assert submitters_in(tmp_path) == expected  # one folder down
    import zipfile

    with zipfile.ZipFile(tmp_path / "export.zip", "w") as archive:
        archive.writestr("assignment_9_export/submission_metadata.yml", GRADESCOPE)
    assert submitters_in(tmp_path / "export.zip") == expected
    assert submitters_in(tmp_path / "nothing-here") == {}
    with pytest.raises(MetadataError, match=r"m.yml:2: not readable YAML"):
        parse_metadata("a: [\nb: }", "m.yml")


# -- the command ----------------------------------------------------------------------------


def test_roster_import_replaces_the_roster_and_a_bad_file_changes_nothing(tmp_path):
    book = tmp_path / "gradebook.db"
    good = write(tmp_path / "good.csv", "id,name,login\n1,Ada,al\n2,Bob,bo\n")
    done = unograde("roster", "import", str(good), "--gradebook", str(book))
    assert done.returncode == 0, done.stderr
    assert "imported 2 students" in done.stdout and "(2 new, 0 no longer listed)" in done.stdout
    for text in ("id,name\n1,Ada\n1,Bob\n", "nom,courriel\nAda,a@x\n", ",,,\n"):
        bad = unograde("roster", "import", str(write(tmp_path / "bad.csv", text)),
                       "--gradebook", str(book))  # fmt: skip
        assert bad.returncode == 2 and bad.stdout == ""
        assert bad.stderr.startswith(f"unograde: {tmp_path / 'bad.csv'}:")
        assert bad.stderr.count("\n") == 1 and "Traceback" not in bad.stderr
    latin = write(tmp_path / "latin.csv", "id,name\n1,Zo\xeb\n", "latin-1")
    bad = unograde("roster", "import", str(latin), "--gradebook", str(book))
    assert bad.returncode == 2 and f"{latin}:2: byte 0xeb" in bad.stderr
    with Gradebook(book) as gradebook:
        assert [t.name for t in gradebook.roster()] == ["Ada", "Bob"]  # untouched
    shown = unograde("roster", "show", "--gradebook", str(book))
    assert shown.returncode == 0 and "roster: 2 students" in shown.stdout


def test_roster_commands_on_a_gradebook_that_is_not_one_exit_2(tmp_path):
    text_file = write(tmp_path / "notes.db", "these are my notes, not a database\n" * 40)
    for args in (["roster", "show", "--gradebook", str(text_file)],
                 ["roster", "import", str(text_file), "--gradebook", str(text_file)]):  # fmt: skip
        done = unograde(*args)
        assert done.returncode == 2 and "Traceback" not in done.stderr
        assert done.stderr.count("\n") == 1
    missing = unograde("roster", "show", "--gradebook", str(tmp_path / "none.db"))
    assert missing.returncode == 2 and "no such gradebook" in missing.stderr
