"""The examples work as the grader will use them: a student suite run on reference and mutant."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path

from reference.final_card_down.mutants import write_package
from reference.final_card_down.player import decideMove
from reference.final_card_down.tournament import tournament

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "final-card-down"


def _run_suite(tmp_path: Path, mutant: str | None) -> int:
    where = tmp_path / (mutant or "reference")
    write_package(where, mutant)
    shutil.copy(EXAMPLES / "test_game.py", where / "test_game.py")
    cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_game.py"]
    return subprocess.run(cmd, cwd=where, capture_output=True, timeout=60).returncode


def test_example_suite_passes_on_reference_and_catches_a_mutant(tmp_path):
    assert _run_suite(tmp_path, None) == 0
    assert _run_suite(tmp_path, "draw_two_does_not_stack") != 0


def test_example_player_plays_a_tournament(tmp_path):
    # The example player imports ``game``: give it the reference under that name.
    write_package(tmp_path, None)
    sys.path.insert(0, str(tmp_path))
    saved = {k: sys.modules.pop(k) for k in list(sys.modules) if k.split(".")[0] == "game"}
    try:
        spec = importlib.util.spec_from_file_location("fcd_example_player", EXAMPLES / "player.py")
        player = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(player)
        # The player's ``game`` is a copy of the reference; the ADT reads moves and cards by
        # attribute, so the copy's objects are accepted by the reference that runs the games.
        result = tournament([player.decideMove, decideMove], 6, seed=2, names=["ex", "simple"])
        assert result.forfeits == 0 and result.illegal == ()
        assert sum(e.wins for e in result.entrants) + result.no_winner + result.unfinished == 6
    finally:
        sys.path.remove(str(tmp_path))
        for k in [k for k in sys.modules if k.split(".")[0] == "game"]:
            del sys.modules[k]
        sys.modules.update(saved)
