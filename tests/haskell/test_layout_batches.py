"""A layout's cases run a part's program in ONE sandboxed child, one run per case, with a
fresh child after a case that did not return (as a Python submission's cases run).

The "compiled" program is a shell script that the layout's build copies into place, so no
compiler is needed and each case's behaviour is chosen by hand from its input file's name.
"""

from __future__ import annotations

import pytest

from graders.assignment import load_assignment
from graders.grade.engine import Streaks
from graders.grade.layout_run import LayoutRun
from graders.run import programs
from graders.run.layouts import Layout
from graders.submission import cleanup, load_submissions

from .test_probe_driver import MODES

SCRIPT = r"""#!/bin/sh
case "$1" in
  *s2026-001*) echo "broken" >&2; exit 3 ;;
  *s2026-004*|*s2026-005*) while :; do :; done ;;
  *) echo "not the solution text: $1"; echo "$1" >> seen; wc -l < seen >&2 ;;
esac
"""


@pytest.mark.parametrize("mode", MODES)
def test_a_parts_cases_share_a_child_until_one_does_not_return(tmp_path, monkeypatch, mode):
    monkeypatch.setenv("UNOGRADE_BUILD_CACHE", str(tmp_path / "builds"))
    folder = tmp_path / "shelly"
    folder.mkdir()
    (folder / "p1.sh").write_text(SCRIPT)
    layout = Layout(
        name="shell",
        language="sh",
        files=(("part01", "p1.sh"),),
        build=("sh", "-c", "cp {source} {program} && chmod 755 {program}"),
        run=("./{program}", "{input}"),
    )
    assignment = load_assignment("uno-moves")
    cases = [c for c in assignment.cases(visibility="public") if c.part == "part01"]
    names = [c.name for c in cases]
    assert names[2:8] == [f"part01-s2026-00{k}" for k in range(6)]  # the order planted on
    started = []
    real = programs.Tree

    class Counting(real):
        def __init__(self, *args, **kwargs):
            started.append(1)
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(programs, "Tree", Counting)
    subs = load_submissions(folder, assignment.module, programs=[layout])
    limits = assignment.limits.__class__(**{**vars(assignment.limits), "cpu": 1.0, "timeout": 60})
    try:
        with LayoutRun(assignment, subs[0], limits, mode) as run:
            got = [(case.name, outcome) for case, outcome in run.cases(cases, Streaks(2))]
    finally:
        cleanup(subs)
    statuses = [outcome.status for _, outcome in got]
    assert [name for name, _ in got] == names
    # s2026-001 crashes, -004 and -005 loop (two timeouts in a row: the rest is not run)
    planted = ["malformed"] * 3 + ["crashed"] + ["malformed"] * 2 + ["timeout"] * 2
    assert statuses == planted + ["not-run"] * 4
    # the build, then the children: cases 1-4 (to the crash), 5-7 (to the first loop), 8
    assert len(started) == 1 + 3
    # the cases of one child see what the runs before them left in its working folder, as a
    # Python submission's cases share its interpreter; under bubblewrap a fresh child starts
    # from a fresh working folder (without it, the working copy is the same folder throughout)
    seen = [outcome.stdout.strip().rsplit("\n", 1)[-1] for _, outcome in got[:6]]
    after = ["1", "2"] if mode == "bwrap" else ["4", "5"]
    assert seen[:3] == ["1", "2", "3"] and seen[4:6] == after
    assert "broken" in got[3][1].stdout and got[3][1].message.startswith("exited with status 3")
