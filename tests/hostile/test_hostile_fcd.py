"""final-card-down: a test suite cannot tell a mutant run from the reference run.

Every run of a student's suite, on the reference or on a mutant, sees the same folder, the
same options, the same environment and the same paths: only the behaviour of ``game``
differs.  A suite that looks for any tell and fails only when it finds one must catch no
mutant at all.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from graders.assignment import load_assignment
from graders.grade.engine import grade_submission
from graders.run.sandbox import bwrap_usable
from graders.submission import cleanup, load_submissions
from reference.final_card_down.mutants import mutant_labels

# Slow tier: runs students' test suites on the reference and mutants in the sandbox.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
ADA = ROOT / "examples" / "final-card-down" / "ada"
ISOLATIONS = [
    pytest.param("bwrap", marks=pytest.mark.skipif(not bwrap_usable(), reason="no bwrap")),
    "rlimits",
]

SNOOPING_SUITE = '''
import hashlib
import os
import sys

import game


def tells(request):
    """Everything a run could differ in, apart from behaviour."""
    here = os.path.dirname(os.path.abspath(__file__))
    option = request.config.option
    return {
        "files": sorted(os.listdir(here)),
        "argv": list(sys.argv),
        "environ": sorted(k for k in os.environ if k != "UNOGRADE_SANDBOX"),
        "exitfirst": bool(getattr(option, "exitfirst", False)),
        "maxfail": getattr(option, "maxfail", 0),
        "game_file": game.__file__,
        "game_files": sorted(os.listdir(os.path.dirname(game.__file__))),
        "cwd": os.getcwd(),
    }


def test_looks_like_the_reference(request):
    seen = tells(request)
    assert not seen["exitfirst"] and not seen["maxfail"], seen
    assert "EXITFIRST" not in seen["files"], seen
    assert not any("mutant" in repr(value).lower() for value in seen.values()), seen
'''


@pytest.mark.parametrize("isolation", ISOLATIONS)
def test_a_suite_that_detects_runs_instead_of_bugs_scores_nothing(tmp_path, isolation):
    assignment = load_assignment("final-card-down")
    student = tmp_path / "snoop"
    shutil.copytree(ADA, student, ignore=shutil.ignore_patterns("test_*.py"))
    (student / "test_snoop.py").write_text(SNOOPING_SUITE)
    labels = mutant_labels()[:4]
    cases = [c for c in assignment.cases() if c.name in {"suite-passes-on-reference", *labels}]
    assert len(cases) == 5
    subs = load_submissions(student, assignment.module)
    try:
        result = grade_submission(assignment, subs[0], cases, isolation=isolation)
    finally:
        cleanup(subs)
    outcomes = {c.name: c.outcome for c in result.cases}
    assert outcomes["suite-passes-on-reference"] == "passed"
    # The snooping test passes on every mutant: it detects none of them.
    assert [outcomes[label] for label in labels] == ["failed"] * 4, outcomes


HOSTILE_ADTS = {
    "looper": "while True:\n    pass\n",
    "forker": (
        "import os\nfor _ in range(2000):\n    try:\n        if os.fork() == 0:\n"
        "            os.execvp('sleep', ['unograde-fcd-fork-MARK', '300'])\n"
        "    except OSError:\n        break\n"
    ),
    "hog": "x = []\nwhile True:\n    x.append(bytearray(32 << 20))\n",
    "deep": "def __getattr__(name):\n    def f(*a):\n        x = []\n"
    "        for _ in range(1_000_000):\n            x = [x]\n        return x\n    return f\n",
}


def test_hostile_adts_in_one_class_beside_a_sound_one(tmp_path):
    import os
    import time

    from graders.grade.batch import grade_batch

    from .conftest import processes_with

    assignment = load_assignment("final-card-down")
    marker = f"unograde-fcd-fork-{os.getpid()}"
    klass = tmp_path / "class"
    shutil.copytree(ADA, klass / "ada")
    for name, source in HOSTILE_ADTS.items():
        (klass / name).mkdir()
        (klass / name / "game.py").write_text(source.replace("unograde-fcd-fork-MARK", marker))
    cases = [c for c in assignment.cases(visibility="public") if c.part != "tests"][:12]
    limits = replace_limits(assignment, timeout=1.0, cpu=1.0, memory_mb=256, budget=5.0)
    started = time.monotonic()
    items = grade_batch(assignment, [klass], cases, None, 2, limits, isolation="rlimits")
    elapsed = time.monotonic() - started
    results = {i.result.student: i.result for i in items}
    alone = grade_batch(assignment, [ADA], cases, None, 1, limits, isolation="rlimits")[0].result
    assert results["ada"].score == alone.score > 0  # unchanged by its neighbours
    for name in HOSTILE_ADTS:
        assert not any(c.passed for c in results[name].cases), name
    assert elapsed < 3 * 5.0 + 30
    time.sleep(0.3)
    assert processes_with(marker) == []


def replace_limits(assignment, timeout, cpu, memory_mb, budget):
    from dataclasses import replace

    return replace(
        assignment.limits, timeout=timeout, cpu=cpu, memory_mb=memory_mb, submission_timeout=budget
    )


@pytest.mark.skipif(not bwrap_usable(), reason="no bwrap")
def test_a_suite_cannot_change_the_pytest_every_run_shares():
    from reference.final_card_down import suite

    tests = {
        "test_game.py": (
            "import os\n"
            "def test_lib_is_read_only():\n"
            "    for path in ('lib/marker.txt', 'lib/_pytest/__init__.py'):\n"
            "        try:\n"
            "            with open(path, 'a') as handle:\n"
            "                handle.write('# changed by a suite')\n"
            "        except OSError:\n"
            "            continue\n"
            "        raise AssertionError('wrote into ' + path)\n"
        )
    }
    verdict = suite.run_target(tests, "reference", isolation="bwrap")
    assert (verdict["status"], verdict["passed"], verdict["exit"]) == ("ran", 1, 0), verdict
    lib = suite.template_dir() / "lib"
    assert not (lib / "marker.txt").exists()
    assert "changed by a suite" not in (lib / "_pytest" / "__init__.py").read_text()


# ----------------------------------------------------------------- issue 25: the ADT's own process

ADT_FILES = ("rules.py", "state.py", "queries.py", "legal.py", "readings.py", "errors.py")
# The reference's private functions: their names are in its source and in any compiled copy.
PRIVATE = ("_why_not_play", "penalty_cards", "why_invalid", "_read_open_rules", "turn_moves")


def _needles() -> list[str]:
    """Lines of the reference's files that the proxy does not hold: any copy of the reference
    (source or compiled: a docstring stays a constant) holds some."""
    from reference.final_card_down import suite

    proxy = (ROOT / "assignments/final-card-down/harness/adt_proxy.py").read_text()
    files = suite.target_files("reference")
    needles = list(PRIVATE)
    for name in ADT_FILES:
        lines = [x.strip() for x in files[name].splitlines()]
        found = [x for x in lines if len(x) >= 40 and x not in proxy and '"' not in x]
        needles += found[:4]
    for needle in needles:
        assert needle not in proxy
        assert any(needle in text for text in files.values())
    return needles


SEARCHING_SUITE = """
import gc
import inspect
import json
import os
import socket
import sys
import types

import game

NEEDLES = [bytes.fromhex(x).decode() for x in NEEDLES_HEX]
PRIVATE = [bytes.fromhex(x).decode() for x in PRIVATE_HEX]
ADT_FILES = tuple("game/" + name for name in ADT_FILES_LIST)
TEXT = (".py", ".pyc", ".pyi", ".json", ".toml", ".txt", ".md", ".cfg")
# Found by the same search, or it searched nothing: this file, and the standard library.
CONTROLS = ["unograde-control-in-the-suite", "def getsourcelines(object)"]


def a_game():
    deck = [(v % 16, v % 5, (v // 5) % 5) for v in range(40)]
    values, colors, suits = ([c[i] for c in deck] for i in range(3))
    return game.newGame(40, values, colors, suits)


def readable():
    here = os.getcwd()
    for top, dirs, files in os.walk("/"):
        if top == "/":
            dirs[:] = [d for d in dirs if d not in ("proc", "sys", "dev")]
        for name in files:
            path = os.path.join(top, name)
            if not path.endswith(TEXT) and not path.startswith(("/sandbox", "/tmp", here)):
                continue
            try:
                if os.path.islink(path) or not os.path.isfile(path):
                    continue
                if os.path.getsize(path) > 1 << 20:
                    continue
                with open(path, "rb") as handle:
                    yield path, handle.read()
            except OSError:
                continue


def test_no_file_in_view_holds_the_adt():
    a_game()  # the ADT is alive while the search runs
    found, controls = [], set()
    needles = [n.encode() for n in NEEDLES]
    for path, data in readable():
        found += [(n, path) for n in needles if n in data]
        controls |= {c for c in CONTROLS if c.encode() in data}
    assert controls == set(CONTROLS), controls
    assert not found, found


def test_nothing_in_this_process_holds_the_adt():
    g = game.playMove(a_game(), game.Move(game.Action.DRAW_CARD))
    assert game.currentTurn(g) == 0
    assert os.listdir(os.path.dirname(game.__file__)) == ["__init__.py"]
    source = inspect.getsource(game)
    assert not [n for n in NEEDLES if n in source]
    for name, module in list(sys.modules.items()):
        assert not name.startswith("game."), name
        where = getattr(module, "__file__", None) or ""
        assert not where.endswith(ADT_FILES), where
    for obj in gc.get_objects():
        if isinstance(obj, types.FunctionType):
            code = obj.__code__
            assert code.co_name not in PRIVATE, code.co_name
            assert not code.co_filename.endswith(ADT_FILES), code.co_filename
    for name in dir(g):
        assert name.startswith("__") or name == "_handle", name


def test_no_other_process_in_view():
    for pid in (p for p in os.listdir("/proc") if p.isdigit()):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as handle:
                command = handle.read()
        except OSError:
            continue
        assert b"adt_server" not in command and b"harness" not in command, command


def test_the_socket_answers_the_interface_only():
    conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    conn.connect(os.path.join(os.getcwd(), "adt", "socket"))
    reader = conn.makefile("rb")

    def ask(request):
        conn.sendall((json.dumps(request) + "\\n").encode())
        return json.loads(reader.readline())

    assert "value" in ask({"call": "numCards", "args": []}) or True  # any answer at all
    for name in ("__import__", "getattr", "eval", "open", "called", "serve", "start", "sys"):
        answer = ask({"call": name, "args": ["game.rules"]})
        assert set(answer) == {"raise", "message"}, answer
    for bad in ({"game": 10**9}, {"enum": "os", "value": 1}, {"module": "game.rules"}):
        answer = ask({"call": "numCards", "args": [bad]})
        assert set(answer) == {"raise", "message"}, answer
    answer = ask({"call": "newGame", "args": [5, [0] * 5, [0] * 5, [0] * 5]})
    assert answer["raise"] == "InvalidDeckError" and len(answer["message"]) <= 300, answer
"""


@pytest.mark.skipif(not bwrap_usable(), reason="no bwrap: the suite's sandbox is the host")
def test_a_suite_finds_nothing_of_the_adt_it_tests():
    from dataclasses import replace

    from reference.final_card_down import suite

    needles = _needles()
    text = (
        SEARCHING_SUITE.replace("NEEDLES_HEX", repr([n.encode().hex() for n in needles]))
        .replace("PRIVATE_HEX", repr([n.encode().hex() for n in PRIVATE]))
        .replace("ADT_FILES_LIST", repr(ADT_FILES))
    )
    limits = replace(suite.SUITE_LIMITS, timeout=120.0, cpu=120.0)
    for label in ("reference", "mutant-01"):
        verdict = suite.run_target({"test_search.py": text}, label, limits, isolation="bwrap")
        assert verdict["status"] == "ran", verdict
        assert (verdict["collected"], verdict["passed"]) == (4, 4), verdict["failed"]


FINGERPRINT_SUITE = '''
import hashlib
import inspect
import os
import sys

import game


def fingerprint():
    """Everything of ``game`` and the run folder a suite can read, apart from behaviour."""
    digest = hashlib.sha256()
    for top, dirs, files in sorted(os.walk(os.getcwd())):
        dirs.sort()
        for name in sorted(files):
            if name.startswith("test_"):  # this suite's own file, not a run's
                continue
            path = os.path.join(top, name)
            digest.update(path.encode())
            if os.path.isfile(path) and not os.path.islink(path):
                with open(path, "rb") as handle:
                    digest.update(handle.read())
    digest.update(inspect.getsource(game).encode())
    digest.update(repr(sorted(dir(game))).encode())
    digest.update(repr(sorted(sys.modules)).encode())
    digest.update(repr(game.__file__).encode())
    return digest.hexdigest()[:40]


def test_fingerprint():
    CHECK
'''


@pytest.mark.skipif(not bwrap_usable(), reason="no bwrap")
def test_a_suite_cannot_catch_a_mutant_by_a_hash(monkeypatch):
    from reference.final_card_down import suite

    # First the fingerprint as a run on the reference sees it, read from the raw verdict here
    # (a student would have to get it out through the report, which keeps no such name).
    reveal = FINGERPRINT_SUITE.replace(
        "CHECK", 'raise type("F" + fingerprint(), (Exception,), {})()'
    )
    raw = suite.run_target({"test_fp.py": reveal}, "reference", isolation="bwrap")
    (failure,) = raw["failed"]
    name = failure["error"]
    assert name.startswith("F") and len(name) == 41, raw
    cleaned = suite._clean(raw, {"test_fp.py": reveal})
    assert cleaned["failed"][0]["error"] == "an error"
    # Then a suite that asserts it: it passes on the reference and must catch no mutant (every
    # mutant run, none skipped as unreached: this suite calls nothing).
    check = FINGERPRINT_SUITE.replace("CHECK", f"assert fingerprint() == {name[1:]!r}")
    tests = {"test_fp.py": check}
    monkeypatch.setattr(suite, "unreached", lambda reference, label, readings=None: False)
    labels = ["mutant-01", "mutant-06", "mutant-10", "mutant-26", "mutant-27"]
    cache = suite.VerdictCache()
    suite.evaluate_all(labels, tests, isolation="bwrap", jobs=2, cache=cache)
    assert suite.evaluate("reference", tests, isolation="bwrap", cache=cache)["verdict"] == "passes"
    verdicts = [suite.evaluate(x, tests, isolation="bwrap", cache=cache)["verdict"] for x in labels]
    assert verdicts == ["survived"] * len(labels)


EXFILTRATING_SUITE = """
import pytest

import game


def answers():
    deck = [(v % 16, v % 5, (v // 5) % 5) for v in range(40)]
    values, colors, suits = ([c[i] for c in deck] for i in range(3))
    g = game.newGame(40, values, colors, suits)
    return "".join(str(game.handCard(g, i)).replace(" ", "_") for i in range(7))


class Named(Exception):
    pass


@pytest.mark.parametrize("part", range(30))
def test_leak(part):
    text = answers()[part * 70 : part * 70 + 70] or "x"
    raise type("L" + text, (Exception,), {})()


def test_own_exception():
    raise Named()
"""


def test_what_a_suite_reports_is_cut_short():
    from reference.final_card_down import suite

    tests = {"test_leak.py": EXFILTRATING_SUITE}
    value = suite.evaluate("reference", tests, cache=suite.VerdictCache())
    assert value["verdict"] == "fails"
    detail = value["detail"]
    assert len(detail["failed"]) == suite.MAX_REPORTED
    assert detail["more_failed"] == 31 - suite.MAX_REPORTED
    errors = {e["error"] for e in detail["failed"]}
    assert errors <= {"an error", "Named"}, errors  # no name made at run time survives
    text = "\n".join(suite.explain(value))
    assert "RED" not in text and "HEARTS" not in text and "_ZERO" not in text
    assert "… and 21 more failing tests" in text
    assert len(text) < 3000
