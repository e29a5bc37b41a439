"""Hostile work in a kit: what the check prints from a submission is plain, bounded text, and
no misbehaviour of the student's code stops the check or breaks its output.

(The student is checking their own code; still, code copied from elsewhere can print escape
sequences that take over a terminal, loop, kill its process or write garbage where the check
reads its results.)
"""

from __future__ import annotations

import re
import shutil
import textwrap

import pytest

from .conftest import EXAMPLES, build, run_kit

# Slow tier: makes a student's virtual environment and runs kits in it.
pytestmark = pytest.mark.slow

ADA = EXAMPLES / "uno-moves" / "ada" / "uno.py"
UNSAFE = re.compile("[\x1b\x9b\x00\u202e\u2066\ud800-\udfff]")


@pytest.fixture(scope="module")
def pristine(tmp_path_factory):
    return build("uno-moves", tmp_path_factory.mktemp("hostile-kit"))


@pytest.fixture
def kit(pristine, tmp_path):
    return shutil.copytree(pristine, tmp_path / "kit")


def write(kit, source: str, name: str = "uno.py") -> None:
    (kit / name).write_text(textwrap.dedent(source), encoding="utf-8", errors="surrogatepass")


def test_what_a_submission_prints_returns_and_raises_is_made_plain(student_python, kit):
    write(
        kit,
        r"""
        import sys
        print("\x1b[2J\x1b[31mred\x1b]8;;http://x\x07link\x1b]8;;\x07 \u202eevil\x00 " * 3000)
        def onePlayerOneMove(discard, deck, hand):
            print("\x1b[2J cleared \x9b31m \u2066")
            sys.stderr.write("\x1b]0;title\x07")
            return ([("\x1b[2J", "x")], deck, discard)
        def onePlayerManyMoves(discard, deck, hand):
            raise ValueError("\x1b]8;;http://evil\x07click\x1b]8;;\x07 \u202e" * 1000)
        class Weird:
            def __repr__(self):
                raise RuntimeError("no repr")
            def __eq__(self, other):
                raise RuntimeError("no eq")
        def manyPlayersOneMove(discard, deck, hands):
            return Weird()
        def manyPlayersManyMoves(discard, deck, hands):
            deep = []
            for _ in range(5000):
                deep = [deep]
            return (deep, deck, discard)
        """,
    )
    proc = run_kit(student_python, kit, "-k", "seed")
    out = proc.stdout
    assert proc.returncode == 1, out[-2000:] + proc.stderr[-2000:]
    assert "4 failed" in out and "INTERNALERROR" not in out
    assert not UNSAFE.search(out)
    assert len(out) < 150_000  # a few MB printed and raised, bounded in what is shown
    assert "hand, card 1: expected a card such as ('r','5')" in out
    assert "onePlayerManyMoves raised ValueError" in out
    # An escape sequence cut short in the exception's text swallows nothing after it.
    assert "Traceback (your code only):" in out and "What it printed:" in out
    assert max(len(line) for line in out.splitlines()) < 3000
    assert "expected a tuple (hands, deck, discard), got a Weird" in out
    assert "too large or too deeply nested" in out
    assert "unocheck note: your module printed while it was imported" in out


def test_a_submission_that_breaks_its_process_does_not_stop_the_check(student_python, kit):
    write(
        kit,
        ADA.read_text()
        + textwrap.dedent(
            """
            import os
            def onePlayerOneMove(discard, deck, hand):
                os.write(1, b"this is not a result\\n")
                return (hand, deck, discard)
            def onePlayerManyMoves(discard, deck, hand):
                os._exit(3)
            def manyPlayersOneMove(discard, deck, hands):
                while True:
                    pass
            """
        ),
    )
    proc = run_kit(student_python, kit, "-k", "seed")
    out = proc.stdout
    assert proc.returncode == 1, out[-3000:]
    assert "3 failed, 1 passed" in out  # part 4 is still ada's, and passes after all that
    # What it wrote on descriptor 1 is its output, not a reply: its answer is judged.
    assert "onePlayerOneMove crashed" not in out
    assert "part01::seed-part01test01 - failed" in out
    assert "onePlayerManyMoves crashed: the process exited with status 3" in out
    assert "manyPlayersOneMove did not finish" in out


def test_a_hostile_file_name_is_shown_plain(student_python, kit):
    name = "a\x1b[31mb\u202e.py"
    write(kit, "def onePlayerOneMove(:\n", name)
    proc = run_kit(student_python, kit, "--submission", name, "-x")
    assert proc.returncode == 1
    assert "SyntaxError" in proc.stdout and not UNSAFE.search(proc.stdout)


def test_output_of_a_process_the_student_starts_never_passes_for_a_reply(student_python, kit):
    """Issue 25: a correct solution that runs ``os.system("echo debugging")`` was called
    "crashed" by the kit (its child replied on standard output, which the echo corrupted)
    while the grader gave it full marks. The kit replies on a channel of its own, and what
    the student's code reads from its standard input is not the check's either."""
    write(
        kit,
        ADA.read_text()
        + textwrap.dedent(
            """
            import os
            import subprocess
            import sys
            _ada_one = onePlayerOneMove
            def onePlayerOneMove(discard, deck, hand):
                os.system("echo debugging")
                subprocess.run([sys.executable, "-c", "print('{\\"id\\": 0}')"])
                os.write(1, b"not a reply\\n")
                sys.__stdout__.write("nor this\\n")
                sys.__stdout__.flush()
                assert os.read(0, 64) == b""  # the check's frames are not the student's input
                return _ada_one(discard, deck, hand)
            """
        ),
    )
    proc = run_kit(student_python, kit, "-k", "part01")
    out = proc.stdout
    assert proc.returncode == 0, out[-3000:] + proc.stderr[-2000:]
    assert " passed" in out and "failed" not in out.splitlines()[-1] and "crashed" not in out
