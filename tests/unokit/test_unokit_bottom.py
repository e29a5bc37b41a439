"""unokit is the bottom of the house: it imports nothing of ``graders`` (nor of the
references), and it works as it is in a Python where ``graders`` cannot be imported, under its
own name and under the name a kit gives it (``unocheck``).

This folder has no ``__init__.py`` on purpose: with one, pytest would put ``tests/`` on the
path and this folder would shadow the real package ``unokit``.
"""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import unokit

PACKAGE = Path(unokit.__file__).resolve().parent
ROOT = PACKAGE.parent
MODULES = sorted(p.stem for p in PACKAGE.glob("*.py") if p.stem != "__init__")
# What a kit's requirements.txt installs (graders/kit/build.py's REQUIREMENTS) besides the
# standard library.
THIRD_PARTY = {"pytest", "deepdiff", "jinja2"}


def imports_of(path: Path) -> list[tuple[int, str, int]]:
    """Every import in ``path``, anywhere in it (functions too): (level, module, line)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found += [(0, alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            found.append((node.level, node.module or "", node.lineno))
    return found


def test_the_scan_sees_imports_inside_functions(tmp_path):
    source = "import os\n\ndef f():\n    from graders import cli\n    from ..x import y\n"
    path = tmp_path / "probe.py"
    path.write_text(source)
    assert imports_of(path) == [(0, "os", 1), (0, "graders", 4), (2, "x", 5)]
    assert len(MODULES) >= 12 and {"compare", "verdict", "loader", "plugin"} <= set(MODULES)


def test_unokit_imports_only_the_standard_library_its_three_requirements_and_itself():
    allowed = set(sys.stdlib_module_names) | THIRD_PARTY
    wrong = []
    for path in sorted(PACKAGE.glob("*.py")):
        for level, module, line in imports_of(path):
            where = f"{path.name}:{line}"
            if level == 0:
                # Absolute imports: never graders, reference or unokit itself (in a kit the
                # package is called unocheck, so siblings are imported relatively).
                if module.split(".")[0] not in allowed:
                    wrong.append(f"{where}: import {module}")
            elif level != 1 or (module and module.split(".")[0] not in MODULES):
                wrong.append(f"{where}: from {'.' * level}{module} import ...")
    assert wrong == []


BLOCKED = """
import importlib, importlib.abc, sys

class Blocked(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in ("graders", "reference"):
            raise ModuleNotFoundError(f"blocked: {name}", name=name)
        return None

sys.meta_path.insert(0, Blocked())
sys.path.insert(0, sys.argv[1])
try:
    import graders  # noqa: F401
except ModuleNotFoundError:
    pass
else:
    raise SystemExit("graders is importable: the test proves nothing")
package = sys.argv[2]
for name in sys.argv[3].split(","):
    importlib.import_module(f"{package}.{name}")
loader = importlib.import_module(f"{package}.loader")
feedback = loader.load_feedback(sys.argv[4])
print(feedback.check_shape("next_player", "not a number") is not None)
print(sorted(n for n in sys.modules if n.partition(".")[0] in ("graders", "reference")))
"""


def run_blocked(where: Path, package: str) -> list[str]:
    proc = subprocess.run(
        [
            sys.executable,
            "-I",
            "-c",
            BLOCKED,
            str(where),
            package,
            ",".join(MODULES),
            str(ROOT / "assignments" / "uno-moves" / "feedback.py"),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=where,
    )
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.splitlines()


def test_unokit_imports_in_a_fresh_python_where_graders_cannot_be_imported():
    # Every module, and an assignment's feedback module loaded as a module of the package
    # (it imports ``.compare`` relatively); nothing of graders or reference got loaded.
    assert run_blocked(ROOT, "unokit") == ["True", "[]"]


def test_unokit_copied_as_it_is_works_under_the_kits_name(tmp_path):
    shutil.copytree(PACKAGE, tmp_path / "unocheck", ignore=shutil.ignore_patterns("__pycache__"))
    assert run_blocked(tmp_path, "unocheck") == ["True", "[]"]
