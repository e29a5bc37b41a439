"""ochos-locos through the grader: functions and programs in any language, in the sandbox.

The example class's expected verdicts and first failures (examples/ochos-locos/class.json)
were worked out by hand from each student's misreading, not taken from the grader.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from graders.assignment import load_assignment
from graders.grade.batch import grade_batch
from graders.run.sandbox import bwrap_usable

# Slow tier: grades programs in several languages in the sandbox.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "ochos-locos"
SAMPLE_1 = (ROOT / "fixtures" / "ochos-locos" / "public" / "sample-1.out").read_text()
ISOLATIONS = [
    pytest.param("bwrap", marks=pytest.mark.skipif(not bwrap_usable(), reason="no bwrap")),
    "rlimits",
]


@pytest.fixture(scope="module")
def assignment():
    return load_assignment("ochos-locos")


def grade(assignment, paths, isolation="auto", public=True, **limits):
    from dataclasses import replace

    cases = assignment.cases(visibility="public" if public else None)
    chosen = replace(assignment.limits, **limits) if limits else None
    items = grade_batch(assignment, paths, cases, None, jobs=2, limits=chosen, isolation=isolation)
    return {i.result.student: i.result for i in items}


@pytest.mark.parametrize("isolation", ISOLATIONS)
def test_example_class_functions_python_and_javascript_programs(assignment, isolation):
    results = grade(assignment, [EXAMPLES], isolation)
    spec = json.loads((EXAMPLES / "class.json").read_text())
    for student in spec["submissions"]:
        result = results[student["student"]]
        if student["expected"] == "pass":
            assert result.score == 50, (student["student"], result.problem)
            continue
        assert result.score < 50
        failure = student["first_failure"]
        case = next(c for c in result.cases if c.name == failure["case"])
        assert case.outcome == "failed"
        assert failure["message"] in case.messages
    assert any("node main.js" in n for n in results["chiara"].notes)
    assert any("python3 main.py" in n for n in results["bilal"].notes)


def write(folder: Path, name: str, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(textwrap.dedent(text))
    return folder


def test_compiled_c_program_layout_never_counts(tmp_path, assignment):
    # Prints sample 1's game with trailing spaces, a blank line and no final newline.
    lines = SAMPLE_1.strip().splitlines()
    body = "\\n\\n".join(line + "  " for line in lines)
    write(
        tmp_path / "cleo",
        "main.c",
        f"""
        #include <stdio.h>
        int main(void) {{
            char buf[4096];
            while (fgets(buf, sizeof buf, stdin)) {{}}
            printf("{body}");
            return 0;
        }}
    """,
    )
    result = grade(assignment, [tmp_path / "cleo"])["cleo"]
    by_name = {c.name: c for c in result.cases}
    assert by_name["sample-1"].outcome == "passed"
    assert by_name["sample-2"].outcome == "failed"


def test_java_program_is_built_once_and_explained_by_turn(tmp_path, assignment):
    write(
        tmp_path / "jon",
        "Main.java",
        """
        public class Main {
            public static void main(String[] args) {
                System.out.println("0: B3");
                System.out.println("1: Y8");
            }
        }
    """,
    )
    result = grade(assignment, [tmp_path / "jon"])["jon"]
    sample = next(c for c in result.cases if c.name == "sample-1")
    assert sample.messages[0] == "turn 1 (player 1): expected B1, got Y8"


def test_build_failure_is_a_compile_error_for_every_case(tmp_path, assignment):
    # as a Haskell part's (issue 26): the compiler's first error, with its file and line,
    # and its report as the case's traceback
    write(tmp_path / "kit", "Main.java", "public class Main { oops }\n")
    write(tmp_path / "cee", "main.c", "int main(void) { return undeclared; }\n")
    results = grade(assignment, [tmp_path / "kit", tmp_path / "cee"])
    java, c = results["kit"], results["cee"]
    assert {case.outcome for case in java.cases} == {"compile-error"}
    assert java.cases[0].messages[0].startswith("the program did not compile: Main.java:1: error:")
    assert "oops" in java.cases[0].traceback
    assert {case.outcome for case in c.cases} == {"compile-error"}
    message = c.cases[0].messages[0]
    assert message.startswith("the program did not compile: main.c:1:")
    assert "undeclared" in message and "error" in message


@pytest.mark.parametrize("isolation", ISOLATIONS)
def test_program_outcomes_timeout_crash_output_limit(tmp_path, assignment, isolation):
    write(tmp_path / "loop", "main.py", "while True:\n    pass\n")
    write(tmp_path / "crash", "main.js", "process.stdin.resume();\nthrow new Error('boom');\n")
    write(tmp_path / "chatty", "main.py", "while True:\n    print('0: B3' * 100)\n")
    results = grade(
        assignment,
        [tmp_path / "loop", tmp_path / "crash", tmp_path / "chatty"],
        isolation,
        # The loop times out by CPU (1 s of it), whatever the machine's load; the wall clock
        # is generous so that the crash and the chatty program, however slowly they start on
        # a loaded machine, end as what they are and never as a timeout.
        timeout=30.0,
        cpu=1.0,
        output_kb=8,
    )
    # Two timeouts in a row, then the remaining cases are not run (and cost no time).
    loop = [c.outcome for c in results["loop"].cases]
    assert loop[:2] == ["timeout", "timeout"] and set(loop[2:]) == {"not-run"}
    names = [c.name for c in results["loop"].cases[:2]]
    assert results["loop"].cases[2].messages == [
        f"not run: the program timed out on cases {names[0]} and {names[1]}"
    ]
    crash = results["crash"].cases[0]
    assert crash.outcome == "crashed" and "boom" in crash.messages[0]
    chatty = results["chatty"].cases[0]
    assert chatty.outcome == "crashed"
    assert "printed more than 8 KB (the output limit)" in chatty.messages[0]


def test_function_returning_text_or_wrong_type(tmp_path, assignment):
    text = SAMPLE_1.strip() + "\n"
    write(
        tmp_path / "text",
        "ochos_locos.py",
        "def ochosLocos(hands, discard, draw_pile):\n    return " + repr(text) + "\n",
    )
    write(
        tmp_path / "wrong",
        "ochos_locos.py",
        """
        def ochosLocos(hands, discard, draw_pile):
            return 42
    """,
    )
    results = grade(assignment, [tmp_path / "text", tmp_path / "wrong"])
    assert next(c for c in results["text"].cases if c.name == "sample-1").outcome == "passed"
    wrong = results["wrong"].cases[0]
    assert wrong.outcome == "wrong-shape" and "list of lines" in wrong.messages[0]


def run_cli(*args):
    return subprocess.run(
        [sys.executable, "-m", "graders.cli", *args], capture_output=True, text=True, timeout=120
    )


def test_solve_and_bad_input(tmp_path):
    sample = ROOT / "fixtures" / "ochos-locos" / "public" / "sample-1.in"
    proc = run_cli("solve", "ochos-locos", str(sample))
    assert proc.returncode == 0 and proc.stdout == SAMPLE_1
    bad = tmp_path / "bad.in"
    bad.write_text("Y3 Y7 Y8 B1 B7\nR8 Y1 G4 G8 B8\nR3 R4 R7 Y6 Q5\nB3\n")
    proc = run_cli("solve", "ochos-locos", str(bad))
    assert proc.returncode == 2
    assert "line 3, column 13: 'Q5' is not a card" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_fixtures_generate_is_reproducible(tmp_path):
    for out in ("a", "b"):
        assert (
            run_cli(
                "fixtures",
                "generate",
                "ochos-locos",
                "--count",
                "3",
                "--seed",
                "5",
                "--out",
                str(tmp_path / out),
            ).returncode
            == 0
        )
    files = sorted(p.relative_to(tmp_path / "a") for p in (tmp_path / "a").rglob("*.*"))
    assert files
    for rel in files:
        assert (tmp_path / "a" / rel).read_bytes() == (tmp_path / "b" / rel).read_bytes()


def test_html_report_draws_the_game(tmp_path, assignment):
    cases = [c for c in assignment.cases(visibility="public") if c.name == "sample-1"]
    out = tmp_path / "out"
    grade_batch(assignment, [EXAMPLES / "dmitri"], cases, out, jobs=1, formats=["html"])
    html = (out / "dmitri" / "report.html").read_text()
    assert "Expected game" in html and "Your game" in html
    assert 'class="first"' in html  # the first divergent turn is highlighted
    assert "c blue played" in html or "c red played" in html
