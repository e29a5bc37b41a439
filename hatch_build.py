"""Build hook: compile the uno-official engine with Cython when a C compiler is at hand.

``reference/uno_official/engine.py`` is plain Python and stays the only source of the rules.
Tournaments and fixture generation spend their time in it, so ``pip install`` also compiles
that same file, unchanged, into ``reference/uno_official/_engine_compiled`` (about 1.3x faster);
the build records the SHA-256 of the text it compiled, and ``engine.py`` uses the build only
when that matches its own text (an edited engine is never shadowed by a stale build).  Any
failure here (no compiler, no Python headers) is a warning: the interpreted engine is complete.

Editable installs (``pip install -e .``) put the build beside the source; a wheel carries it.
After editing the engine, ``python hatch_build.py`` rebuilds in place without reinstalling.
``UNOGRADE_PURE_BUILD=1`` skips the compilation: the wheel is then pure Python
(``py3-none-any``) and installs on any Python 3.11+, which ``unograde export gradescope`` wants
for an autograder image whose Python is not the one building.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

ENGINE = Path("reference", "uno_official", "engine.py")
MODULE = "reference.uno_official._engine_compiled"
DIRECTIVES = {
    "language_level": 3,
    # Exactly Python's semantics: annotations are documentation, never C types or checks.
    "annotation_typing": False,
    "binding": True,
}


def build_engine(root: Path, out_dir: Path) -> Path:
    """Compile ``root/ENGINE`` as ``MODULE`` and copy the extension into ``out_dir``."""
    from Cython.Build import cythonize
    from setuptools import Distribution, Extension

    source = (root / ENGINE).read_bytes()
    stamp = f'\nCOMPILED_FROM = "{hashlib.sha256(source).hexdigest()}"\n'.encode()
    with tempfile.TemporaryDirectory() as tmp:
        package = Path(tmp, "reference", "uno_official")
        package.mkdir(parents=True)
        for init in (package.parent / "__init__.py", package / "__init__.py"):
            init.write_text("")
        copy = package / "_engine_compiled.py"
        copy.write_bytes(source + stamp)
        extensions = cythonize(
            [Extension(MODULE, [str(copy)])], compiler_directives=DIRECTIVES, quiet=True
        )
        dist = Distribution({"ext_modules": extensions, "script_name": "hatch_build.py"})
        command = dist.get_command_obj("build_ext")
        command.build_lib = str(Path(tmp, "lib"))
        command.build_temp = str(Path(tmp, "temp"))
        command.ensure_finalized()
        command.run()
        built = Path(command.get_ext_fullpath(MODULE))
        out_dir.mkdir(parents=True, exist_ok=True)
        for old in out_dir.glob("_engine_compiled.*"):
            old.unlink()
        target = out_dir / built.name
        shutil.copy2(built, target)
    return target


try:
    from hatchling.builders.hooks.plugin.interface import BuildHookInterface
except ImportError:  # run as a script, outside a build
    BuildHookInterface = object  # type: ignore[assignment,misc]


class CustomBuildHook(BuildHookInterface):  # type: ignore[misc,valid-type]
    """Hatchling's hook: build the engine, then ship it (wheel) or leave it in place
    (editable install)."""

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if os.environ.get("UNOGRADE_PURE_BUILD") == "1":
            self.app.display_info("unograde: UNOGRADE_PURE_BUILD=1, the engine stays interpreted")
            return
        root = Path(self.root)
        editable = version == "editable"
        out_dir = root / ENGINE.parent if editable else root / "build" / "engine"
        try:
            target = build_engine(root, out_dir)
        except Exception as exc:  # noqa: BLE001 - any failure leaves the pure engine, which is whole
            self.app.display_warning(
                f"unograde: the engine was not compiled ({type(exc).__name__}: {exc}); "
                "the interpreted engine will be used (same rules, about 1.3x slower)"
            )
            return
        self.app.display_info(f"unograde: compiled the engine into {target.name}")
        if not editable:
            build_data["force_include"][str(target)] = str(ENGINE.parent / target.name)
            build_data["pure_python"] = False
            build_data["infer_tag"] = True


if __name__ == "__main__":
    here = Path(__file__).resolve().parent
    print(build_engine(here, here / ENGINE.parent))
