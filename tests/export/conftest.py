"""An autograder built once per session, and Gradescope's run of it imitated.

``unograde export gradescope`` builds the zip (pip builds the wheel: about 15 s); its
``setup.sh`` runs with ``UNOGRADE_AUTOGRADER_ROOT`` pointing at a temporary folder instead of
``/autograder`` (it makes the venv and installs the wheel and its dependencies: about 25 s);
each test then puts an upload in ``ROOT/submission`` and runs ``run_autograder`` as Gradescope
does.  A machine where pip cannot build or install skips these tests, saying why.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

from graders.assignment import load_assignment
from graders.export.gradescope import ExportError, build_autograder

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"


def unzip(archive: Path, into: Path) -> None:
    """Unzip keeping the executable bits, as Gradescope's image build does."""
    with zipfile.ZipFile(archive) as zf:
        for info in zf.infolist():
            zf.extract(info, into)
            mode = (info.external_attr >> 16) & 0o777
            if mode:
                os.chmod(into / info.filename, mode)


class Autograder:
    """An autograder's /autograder folder, and its runs."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def env(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST", "PYTHON"))}
        env.pop("UNOGRADE_COURSE", None)
        env["UNOGRADE_AUTOGRADER_ROOT"] = str(self.root)
        # Children as root here (the user switch has its own tests, and the run inside
        # bubblewrap below takes the image's default): this machine's Python may sit where an
        # unprivileged user cannot read it.
        env["UNOGRADE_SANDBOX_USER"] = ""
        return env

    def run(self, files: dict[str, bytes | str | Path]) -> tuple[dict, subprocess.CompletedProcess]:
        """Upload ``files`` (name -> content, or a file to copy) and grade them."""
        submission = self.root / "submission"
        shutil.rmtree(submission, ignore_errors=True)
        shutil.rmtree(self.root / "results", ignore_errors=True)
        submission.mkdir()
        for name, content in files.items():
            target = submission / name
            target.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(content, Path):
                shutil.copy(content, target)
            elif isinstance(content, str):
                target.write_text(content, encoding="utf-8")
            else:
                target.write_bytes(content)
        proc = subprocess.run(
            ["bash", str(self.root / "source" / "run_autograder")],
            cwd=self.root,
            env=self.env(),
            capture_output=True,
            text=True,
            timeout=600,
        )
        results = self.root / "results" / "results.json"
        assert results.is_file(), proc.stdout + proc.stderr
        return json.loads(results.read_text(encoding="utf-8")), proc


def install(archive: Path, root: Path) -> Autograder:
    """Unzip ``archive`` into ``root/source`` and run its setup.sh."""
    (root / "source").mkdir(parents=True)
    unzip(archive, root / "source")
    grader = Autograder(root)
    setup = subprocess.run(
        ["bash", str(root / "source" / "setup.sh")],
        cwd=root / "source",
        env=grader.env(),
        capture_output=True,
        text=True,
        timeout=900,
    )
    if setup.returncode != 0:
        pytest.skip(f"setup.sh could not install unograde here: {setup.stderr[-800:]}")
    return grader


@pytest.fixture(scope="session")
def exported(tmp_path_factory) -> Path:
    """uno-moves' autograder zip (its wheel built by pip from this checkout)."""
    out = tmp_path_factory.mktemp("export") / "uno-moves-gradescope.zip"
    try:
        build_autograder(load_assignment("uno-moves"), out)
    except ExportError as exc:
        pytest.skip(f"cannot build the wheel here: {exc}")
    return out


@pytest.fixture(scope="session")
def autograder(exported, tmp_path_factory) -> Autograder:
    """The exported autograder, set up in a folder standing for /autograder."""
    return install(exported, tmp_path_factory.mktemp("autograder"))
