"""``unograde check`` begins the self-check before it imports pytest (``graders.check.api.begun``):
the submission graded in a thread while pytest starts, the plugin taking its result. What may
not change: the result and the report are the self-check's (the plugin run by pytest alone,
which checks in its own hook, says the same), an error is raised where the plugin catches it,
and nothing is left running: no thread, no sandboxed child, no copy of the submission."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from graders.assignment import AssignmentError
from graders.check.api import begun, checked, self_check
from graders.run.budget import REGISTER
from tests.conftest import threads_now

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "uno-moves"
ADA = EXAMPLES / "ada" / "uno.py"
BEN = EXAMPLES / "ben.py"


def outcomes(found) -> list[tuple[str, str, str, str]]:
    return [(r.student, c.part, c.name, c.outcome) for r in found.results for c in r.cases]


def test_a_begun_check_is_the_self_check_and_leaves_nothing_running():
    threads = set(threading.enumerate())
    interval = sys.getswitchinterval()
    for path in (ADA, BEN):
        with begun("uno-moves", str(path), "auto") as check:
            assert check.thread is not None  # graded meanwhile, in a thread of its own
            found = checked("uno-moves", str(path), "auto")
        assert threads_now(threads) == threads
        assert sys.getswitchinterval() == interval
        alone = self_check("uno-moves", str(path))
        assert outcomes(found) == outcomes(alone) and found.passed == alone.passed
    assert outcomes(found) and not found.passed  # ben fails some: the comparison means something


def test_errors_are_raised_where_the_plugin_asks_for_the_result(tmp_path):
    missing = str(tmp_path / "missing.py")
    with begun("uno-moves", missing, "auto") as check:
        assert check.thread is None
        with pytest.raises(Exception) as from_begun:
            checked("uno-moves", missing, "auto")
    with pytest.raises(Exception) as from_self_check:
        self_check("uno-moves", missing)
    assert type(from_begun.value) is type(from_self_check.value)
    assert str(from_begun.value) == str(from_self_check.value)
    with begun("nope", str(ADA), "auto"), pytest.raises(AssignmentError, match="unknown"):
        checked("nope", str(ADA), "auto")
    bad = tmp_path / "uno.py"
    bad.write_text("def onePlayerOneMove(discard, deck, hand:\n    return 1\n")
    with begun("uno-moves", str(bad), "auto"):
        found = checked("uno-moves", str(bad), "auto")
    assert found.problem == self_check("uno-moves", str(bad)).problem != ""


def test_only_the_same_arguments_take_a_begun_check_and_an_untaken_one_is_stopped():
    threads = set(threading.enumerate())
    with begun("uno-moves", str(ADA), "auto") as check:
        other = checked("uno-moves", str(BEN), "auto")  # graded now, not the begun one
        assert check.thread is not None
    assert outcomes(other) == outcomes(self_check("uno-moves", str(BEN)))
    assert threads_now(threads) == threads  # the untaken one waited for (stopped)
    assert not REGISTER.stopping.is_set() and REGISTER.live() == 0


def without_timing(text: str) -> str:
    return re.sub(r" in \d+\.\d+s", " in Ts", text)


@pytest.mark.parametrize("path", [ADA, BEN])
def test_the_command_says_what_pytest_with_the_plugin_alone_says(tmp_path, path):
    """The plugin run by pytest itself grades in its own hook (nothing is begun): the command,
    which begins the check, prints the same report, line for line."""
    env = dict(os.environ, PYTEST_DISABLE_PLUGIN_AUTOLOAD="1")
    command = subprocess.run(
        [sys.executable, "-m", "graders.cli", "check", "uno-moves", str(path), "-q"],
        capture_output=True, text=True, timeout=300, env=env,
    )  # fmt: skip
    empty = tmp_path / "empty"
    empty.mkdir()
    plugin = subprocess.run(
        [sys.executable, "-m", "pytest", str(empty), "--unograde-assignment", "uno-moves",
         "--unograde-submission", str(path), "--rootdir", str(empty), "-p", "no:cacheprovider",
         "-q", "--tb=short", "-o", "console_output_style=classic", "-p", "graders.check.plugin",
         "--assert=plain"],
        capture_output=True, text=True, timeout=300, cwd=empty, env=env,
    )  # fmt: skip
    assert command.returncode == plugin.returncode == (0 if path == ADA else 1)
    assert without_timing(command.stdout) == without_timing(plugin.stdout)
    assert command.stderr == plugin.stderr == ""
