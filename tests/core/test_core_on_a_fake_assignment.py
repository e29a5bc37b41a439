"""The grader's core on a fake assignment defined here (``fake_course/``), with no real one.

The fake plugin offers every capability of the contract (``graders/contract.py``) in a few
lines, and its fixtures' expectations were written by hand; so these tests say what the core
does for any assignment: the verdict path, program I/O and malformed output, views found in
the assignment's own folder, stages, review, extra commands, fixture options, courses.
"""

from __future__ import annotations

import json
import os
import pickle
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from graders.assignment import AssignmentError, load_assignment
from graders.contract import AssignmentPlugin, ProgramIO, Views
from graders.grade.engine import grade_submission
from graders.report import render
from graders.results import CaseOutcome
from graders.submission import cleanup, load_submissions

from .conftest import unograde as run_unograde

FAKE_COURSE = Path(__file__).resolve().parent / "fake_course"

RIGHT = """
def count_red(cards):
    if cards == ["g1"]:
        raise RuntimeError("the staged case must never reach the child")
    return sum(1 for c in cards if c[0] == "r")

def sort_cards(cards):
    out = []
    for card in cards:
        k = 0
        while k < len(out) and out[k] < card:
            k += 1
        out.insert(k, card)
    return out
"""

WRONG = """
def count_red(cards):
    return len(cards)

def sort_cards(cards):
    return sorted(cards)
"""

PROGRAM = """
import sys
cards = sys.stdin.read().split()
if sys.argv[1] == "count":
    print({mode})
else:
    print(" ".join(sorted(cards)))
"""


@pytest.fixture()
def course(monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("UNOGRADE_COURSE", str(FAKE_COURSE))
    return FAKE_COURSE


def grade(tmp_path: Path, name: str, files: dict[str, str]):
    folder = tmp_path / name
    folder.mkdir()
    for file, text in files.items():
        (folder / file).write_text(textwrap.dedent(text), encoding="utf-8")
    a = load_assignment("fakecards")
    programs = None
    if "main.py" in files:
        from graders.run.programs import program_specs

        programs = program_specs(a.programs)
    [sub] = load_submissions(folder, a.module, programs=programs)
    try:
        return grade_submission(a, sub, a.cases(), isolation="rlimits")
    finally:
        cleanup([sub])


def by_name(result) -> dict:
    return {c.name: c for c in result.cases}


def test_the_plugin_is_one_instance_of_a_contract_class(course):
    a = load_assignment("fakecards")
    assert isinstance(a.plugin, AssignmentPlugin) and a.plugin is a.plugin
    assert a.plugin.assignment is a
    assert isinstance(a.plugin, ProgramIO) and isinstance(a.plugin, Views)
    assert a.fixtures == FAKE_COURSE / "fixtures" / "fakecards"
    assert a.course.name == str(FAKE_COURSE)


def test_a_right_submission_scores_full_marks_and_staged_cases_skip_the_child(course, tmp_path):
    result = grade(tmp_path, "right", {"fake.py": RIGHT})
    assert (result.score, result.max_score) == (10, 10), [c.messages for c in result.cases]
    assert all(c.outcome == CaseOutcome.PASSED for c in result.cases)
    assert result.review == ["review: fine"] and result.deduction == 0


def test_a_wrong_submission_gets_the_plugins_words_and_its_review(course, tmp_path):
    result = grade(tmp_path, "wrong", {"fake.py": WRONG})
    cases = by_name(result)
    assert cases["count-mixed"].outcome == CaseOutcome.FAILED
    assert cases["count-mixed"].messages == ["FAKE: expected 2, got 4"]
    assert cases["count-mixed"].args == (["r1", "g2", "r3", "b4"],)  # public: inputs shown
    assert cases["count-hidden"].args is None  # hidden: never
    assert cases["count-empty"].passed and cases["sort-three"].passed
    # 6 points over 4 count cases (2 pass: empty, staged), 4 over 2 sort cases (both pass)
    assert result.parts[0].points == pytest.approx(3.0) and result.parts[1].points == 4
    assert result.review == ["review: sorted() used; write the sort yourself"]
    assert result.score == pytest.approx(7 - 1)


def test_a_failed_case_is_explained_by_probes_in_its_own_child(course, tmp_path):
    # WRONG counts every card: asked card by card, the first one it miscounts is g2 (card 2).
    result = grade(tmp_path, "wrong", {"fake.py": WRONG})
    fd = by_name(result)["count-mixed"].first_divergence
    assert fd["where"] == "card 2" and fd["expected"] == "0" and fd["got"] == "1"
    assert fd["card"] == 2 and fd["note"] == ""  # the keys reports read are always there
    assert by_name(result)["count-hidden"].first_divergence is None  # hidden: not explained
    assert by_name(result)["count-empty"].first_divergence is None  # passed: never probed
    md = render(result, "md")
    assert md.index("**Where it went wrong:** card 2 · only red cards count") < md.index(
        "FAKE: expected 2, got 4"
    )
    # A program has no child to probe: the plugin explains without answers.
    program = grade(tmp_path, "prog", {"main.py": PROGRAM.format(mode="len(cards)")})
    assert by_name(program)["count-mixed"].first_divergence["summary"] == "FAKE: no probe answers"


def test_the_view_comes_from_the_assignments_folder_with_its_filters(course, tmp_path):
    result = grade(tmp_path, "wrong", {"fake.py": WRONG})
    html = render(result, "html")
    assert html.count("FAKE VIEW") == 1  # count-mixed (public); count-hidden draws nothing
    assert "DRAWN!" in html
    assert "FAKE VIEW expected 2 got 4" in html


def test_a_program_that_prints_malformed_output_is_graded_so_with_its_output(course, tmp_path):
    good = grade(
        tmp_path, "good", {"main.py": PROGRAM.format(mode="sum(c[0] == 'r' for c in cards)")}
    )
    assert good.score == 10, [c.messages for c in good.cases]
    junk = grade(tmp_path, "junk", {"main.py": PROGRAM.format(mode="'lots of <junk>'")})
    cases = by_name(junk)
    mixed = cases["count-mixed"]
    assert mixed.outcome == CaseOutcome.MALFORMED
    assert mixed.messages == [
        "the program printed output that could not be read: "
        "expected one number, found 'lots of <junk>'"
    ]
    assert "lots of <junk>" in mixed.stdout
    assert cases["sort-three"].passed
    md = render(junk, "md")
    assert "malformed output" in md and "lots of" in md
    html = render(junk, "html")
    assert "lots of &lt;junk&gt;" in html and "lots of <junk>" not in html


def test_the_assignment_pickles_for_workers_and_rebuilds_its_plugin(course):
    a = load_assignment("fakecards")
    a.plugin  # noqa: B018 - cached, and must not travel
    data = pickle.dumps(a)
    code = (
        "import pickle, sys; a = pickle.loads(sys.stdin.buffer.read()); "
        "print(type(a.plugin).__name__, len(a.cases()))"
    )
    env = dict(os.environ, UNOGRADE_COURSE=str(FAKE_COURSE))
    done = subprocess.run(
        [sys.executable, "-c", code], input=data, capture_output=True, env=env, timeout=60
    )
    assert done.stdout.decode().split() == ["FakeCards", "6"], done.stderr.decode()


def unograde(*args: str, course: Path | None = FAKE_COURSE):
    return run_unograde(*args, course=course)


def test_the_command_line_lists_and_serves_a_course_assignment(tmp_path):
    listed = unograde("list")
    assert listed.returncode == 0 and "fakecards" in listed.stdout
    assert "fakecards" not in unograde("list", course=None).stdout
    hello = unograde("hello", "fakecards", "--name", "ann")
    assert (hello.returncode, hello.stdout) == (3, "hello ann from fakecards\n")
    bad = unograde("hello", "fakecards", "--name", "bad")
    assert bad.returncode == 2 and bad.stderr == "unograde: fakecards: bad name\n"
    other = unograde("hello", "uno-moves")
    assert other.returncode == 2 and "uno-moves has no `hello`" in other.stderr
    assert "hello" in unograde("--help").stdout  # listed among the verbs


def test_fixture_generation_gets_the_assignments_own_options(tmp_path):
    out = tmp_path / "gen"
    made = unograde("fixtures", "generate", "fakecards/count", "--colour", "g", "--count", "2",
                    "--seed", "5", "--out", str(out))  # fmt: skip
    assert made.returncode == 0, made.stderr
    assert json.loads((out / "count-5-1.json").read_text()) == ["g1"]
    helped = unograde("fixtures", "generate", "fakecards", "--help")
    assert "--colour" in helped.stdout and "--count" in helped.stdout
    other = unograde("fixtures", "generate", "uno-moves/part01", "--colour", "g", "--out", "x")
    assert other.returncode == 2 and "No such option" in other.stderr


def test_solve_uses_the_plugins_solver(tmp_path):
    given = tmp_path / "cards.json"
    given.write_text('["r2", "b1"]')
    done = unograde("solve", "fakecards/sort", str(given))
    assert (done.returncode, done.stdout) == (0, "['b1', 'r2']\n")


def test_a_plugin_that_breaks_the_contract_is_named_plainly(tmp_path, monkeypatch):
    course = tmp_path / "course"
    shutil.copytree(FAKE_COURSE, course, ignore=shutil.ignore_patterns("__pycache__"))
    (course / "reference" / "fakecards").rename(course / "reference" / "fakecards_b")
    toml = course / "assignments" / "fakecards" / "assignment.toml"
    text = toml.read_text()
    monkeypatch.setenv("UNOGRADE_COURSE", str(course))
    for plugin, message in [
        ("reference.fakecards_b.plugin:SOLVERS", "has no class SOLVERS subclassing"),
        ("reference.fakecards_b.missing", "cannot import 'reference.fakecards_b.missing'"),
        ("reference.fakecards_b.plugin", "has no class Plugin subclassing"),
    ]:
        toml.write_text(text.replace("reference.fakecards.plugin:FakeCards", plugin))
        with pytest.raises(AssignmentError, match=message):
            load_assignment("fakecards").plugin  # noqa: B018


def test_an_incomplete_plugin_is_refused_when_made(tmp_path, monkeypatch):
    course = tmp_path / "course"
    (course / "assignments" / "half").mkdir(parents=True)
    (course / "reference" / "halfdone").mkdir(parents=True)
    (course / "reference" / "halfdone" / "__init__.py").write_text("")
    (course / "reference" / "halfdone" / "plugin.py").write_text(
        "from graders.contract import AssignmentPlugin\n"
        "class Plugin(AssignmentPlugin):\n"
        "    def check_shape(self, part, value):\n"
        "        return None\n"
    )
    (course / "assignments" / "half" / "assignment.toml").write_text(
        'id = "half"\nmodule = "half"\nplugin = "reference.halfdone.plugin"\n'
        '[[parts]]\nid = "p"\nfunction = "f"\npoints = 1\n'
    )
    monkeypatch.setenv("UNOGRADE_COURSE", str(course))
    with pytest.raises(AssignmentError, match="abstract method load_case"):
        load_assignment("half").plugin  # noqa: B018


def test_an_id_two_courses_define_is_refused_naming_both(tmp_path, monkeypatch):
    twin = tmp_path / "twin"
    shutil.copytree(FAKE_COURSE / "assignments", twin / "assignments")
    monkeypatch.setenv("UNOGRADE_COURSE", os.pathsep.join([str(FAKE_COURSE), str(twin)]))
    with pytest.raises(AssignmentError, match="defined twice") as caught:
        load_assignment("fakecards")
    assert str(twin) in str(caught.value) and str(FAKE_COURSE) in str(caught.value)


def test_a_course_module_named_like_a_built_in_one_is_refused(tmp_path):
    course = tmp_path / "course"
    shutil.copytree(FAKE_COURSE, course, ignore=shutil.ignore_patterns("__pycache__"))
    (course / "reference" / "fakecards").rename(course / "reference" / "uno_moves")
    toml = course / "assignments" / "fakecards" / "assignment.toml"
    toml.write_text(toml.read_text().replace("reference.fakecards.", "reference.uno_moves."))
    done = unograde("grade", "fakecards", str(tmp_path), course=course)
    assert done.returncode == 2
    assert "reference/uno_moves has the name of a module the reference package already has" in (
        done.stderr
    )


def test_a_missing_course_folder_is_a_one_line_message(tmp_path):
    done = unograde("list", course=tmp_path / "nowhere")
    assert done.returncode == 2
    assert done.stderr == f"unograde: course {tmp_path / 'nowhere'}: no such folder\n"


def test_a_worker_that_dies_does_not_stop_the_class(course, tmp_path):
    from graders.grade.batch import grade_batch

    klass = tmp_path / "class"
    klass.mkdir()
    for name in ("ann", "cat", "dan"):
        (klass / f"{name}.py").write_text(textwrap.dedent(RIGHT))
    killer = RIGHT.replace("    return out\n", "    return 'KILL-THE-WORKER'\n")
    (klass / "bob.py").write_text(textwrap.dedent(killer))
    a = load_assignment("fakecards")
    out = tmp_path / "out"
    items = grade_batch(a, [klass], a.cases(), out, 2, isolation="rlimits")
    results = {i.submission.name: i.result for i in items}
    assert {n: results[n].score for n in ("ann", "cat", "dan")} == dict.fromkeys(
        ("ann", "cat", "dan"), 10
    )
    assert "worker process died while grading this submission" in results["bob"].problem
    rows = (out / "scores.csv").read_text().splitlines()
    assert len(rows) == 5 and rows[2].startswith("bob,")
