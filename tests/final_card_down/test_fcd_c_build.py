"""The one cached gcc build (``reference/final_card_down/c_build.py``) and the one JSON-lines
reader (``socket_lines.py``) that the C player and the C suite share.

The cache's rule is checked on the cache folder itself: a source gcc refuses is kept (and
the second build runs no compiler), a build that failed for another reason (not run, out of
its limits) is not.  The reader is checked over a socket pair, its answers against lines
written here.
"""

from __future__ import annotations

import json
import socket

import pytest

from graders.run.programs import ProgramRunner
from graders.run.toolchains import toolchain
from graders.vocabulary import Outcome, RunStatus
from reference.final_card_down import c_build, c_player, c_suite
from reference.final_card_down.socket_lines import answer_lines

BROKEN = "int main(void) { return missing_name; }\n"
LINE = 1  # BROKEN's line that gcc must name


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("UNOGRADE_BUILD_CACHE", str(tmp_path / "builds"))
    return tmp_path / "builds"


def _build(text: str) -> c_build.Build:
    files = [("main.c", text.encode())]
    command = (*c_build.GCC, "-o", "main", "main.c")
    return c_build.build(files, command, c_build.LIMITS, "fcd-test", "main", "auto")


def _kept(cache):
    return (
        sorted(p for p in cache.iterdir() if not p.name.startswith(".")) if cache.is_dir() else []
    )


@pytest.mark.slow
@pytest.mark.skipif(toolchain("gcc").path() is None, reason="no gcc")
def test_a_refused_source_is_kept_and_not_built_again(cache, monkeypatch):
    first = _build(BROKEN)
    assert first.folder is None and "missing_name" in first.error
    assert f"main.c:{LINE}:" in first.error and first.report
    (kept,) = _kept(cache)
    data = json.loads((kept / c_build.FAILED).read_text(encoding="utf-8"))
    assert data == {"error": first.error, "report": first.report}

    def no_compiler(*args, **kwargs):
        raise AssertionError("built again")

    monkeypatch.setattr(ProgramRunner, "compile", no_compiler)
    assert _build(BROKEN) == first


@pytest.mark.slow
@pytest.mark.skipif(toolchain("gcc").path() is None, reason="no gcc")
def test_a_program_is_kept_and_served_from_the_cache(cache, monkeypatch):
    built = _build("int main(void) { return 0; }\n")
    assert built.folder is not None and (built.folder / "main").is_file()
    monkeypatch.setattr(ProgramRunner, "compile", lambda *a, **k: pytest.fail("built again"))
    assert _build("int main(void) { return 0; }\n") == built


@pytest.mark.skipif(toolchain("gcc").path() is None, reason="no gcc")
@pytest.mark.parametrize(
    "failure",
    [
        Outcome(-1, RunStatus.NOT_RUN, message="not run: no sandbox on this machine"),
        Outcome(-1, RunStatus.COMPILE_ERROR, message="the build ran out of its limits: time"),
    ],
    ids=["not-run", "ran-out"],
)
def test_a_failure_that_is_not_the_sources_is_not_kept(cache, monkeypatch, failure):
    monkeypatch.setattr(ProgramRunner, "compile", lambda *a, **k: failure)
    built = _build(BROKEN)
    assert (built.folder, built.error) == (None, failure.message)
    assert _kept(cache) == []
    # the suite's build follows the same rule (it used to keep a build that was not run)
    assert c_suite.build(BROKEN, "auto") == (None, failure.message)
    assert c_player.build(BROKEN.encode(), "auto").error == failure.message
    assert _kept(cache) == []


def _pair():
    ours, theirs = socket.socketpair()
    ours.settimeout(1.0)
    theirs.settimeout(1.0)
    return ours, theirs


def _read_all(conn: socket.socket) -> bytes:
    conn.settimeout(0.2)
    got = b""
    try:
        while chunk := conn.recv(4096):
            got += chunk
    except TimeoutError:
        pass
    return got


def test_each_whole_line_is_answered_and_a_partial_one_waits():
    ours, theirs = _pair()
    buffer = bytearray()
    theirs.sendall(b"one\ntwo\nthr")
    assert answer_lines(ours, buffer, 16, b"LONG\n", lambda line: line.upper() + b"\n")
    assert _read_all(theirs) == b"ONE\nTWO\n" and buffer == b"thr"
    theirs.sendall(b"ee\n")
    assert answer_lines(ours, buffer, 16, b"LONG\n", lambda line: line.upper() + b"\n")
    assert _read_all(theirs) == b"THREE\n" and buffer == b""
    ours.close()
    theirs.close()


def test_a_line_over_the_limit_gets_the_refusal_and_is_not_answered():
    ours, theirs = _pair()
    asked = []
    theirs.sendall(b"x" * 17 + b"\nok\n")
    assert answer_lines(ours, bytearray(), 16, b"LONG\n", lambda line: asked.append(line) or b"A\n")
    assert _read_all(theirs) == b"LONG\nA\n" and asked == [b"ok"]
    ours.close()
    theirs.close()


def test_too_much_without_a_line_end_or_an_ended_connection_drops_it():
    ours, theirs = _pair()
    buffer = bytearray()
    theirs.sendall(b"x" * 17)
    assert not answer_lines(ours, buffer, 16, b"LONG\n", lambda line: b"A\n")
    theirs.close()
    assert not answer_lines(ours, bytearray(), 16, b"LONG\n", lambda line: b"A\n")
    ours.close()


def test_the_two_callers_keep_their_own_refusals():
    assert json.loads(c_player._TOO_LONG) == {
        "raise": c_player.REFUSED_TYPE, "message": "a request larger than a player's call"
    }  # fmt: skip
    from reference.final_card_down import adt_link

    assert json.loads(adt_link._TOO_LONG) == {
        "fail": "a request larger than the ADT's process takes"
    }
