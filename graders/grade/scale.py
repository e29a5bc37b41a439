"""Scale-out with Dask: grade a class on a Dask cluster instead of local threads.

Each task carries one submission's files (bytes, not paths) to a worker, which
grades it there in its own sandbox, writes its reports and sends back the compact
result (the batch's settings travel once, scattered to every worker).
Workers need unograde installed (the same version: the fixtures are read on the
worker).  ``dask[distributed]`` is the optional extra ``scale``.
"""

from __future__ import annotations

import shutil
import tempfile
from dataclasses import asdict
from pathlib import Path
from typing import Any

from unokit.notebook import LineMap

from ..submission import Submission
from .workers import Done, Settings


def pack(sub: Submission) -> dict[str, Any]:
    """A submission as plain data that can travel to another machine."""
    files: dict[str, bytes] = {}
    if sub.folder is not None:
        for path in sorted(sub.folder.rglob("*")):
            if path.is_file():
                files[str(path.relative_to(sub.folder))] = path.read_bytes()
    data = {k: v for k, v in asdict(sub).items() if k not in ("folder", "program")}
    data["files"] = files
    # A program's spec or a course's layout: plain frozen data, pickled as it is.
    data["program"] = sub.program
    data["has_folder"] = sub.folder is not None
    return data


def grade_packed(settings: Settings, packed: dict) -> Done:
    """Runs on a Dask worker: unpack, grade in the local sandbox, write the reports, return
    the compact result (:func:`graders.grade.workers.grade_and_report`)."""
    from .workers import grade_and_report

    folder = Path(tempfile.mkdtemp(prefix="unograde-dask-")) if packed["has_folder"] else None
    try:
        for name, content in packed["files"].items():
            target = folder / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(content)
        program = packed["program"]
        sub = Submission(
            name=packed["name"],
            origin=packed["origin"],
            folder=folder,
            module_file=packed["module_file"],
            notes=list(packed["notes"]),
            problem=packed["problem"],
            digest=packed["digest"],
            cell_of_line=_line_map(packed["cell_of_line"]),
            unchecked=tuple(packed["unchecked"]) if packed.get("unchecked") else None,
            program=program,
        )
        return grade_and_report(settings, sub)
    finally:
        if folder is not None:
            shutil.rmtree(folder, ignore_errors=True)


def _line_map(packed: Any) -> Any:
    """A notebook's line map as it travelled: a ``LineMap`` as it is (a million lines stay a
    few runs), a plain dict (JSON's string keys) as ``{line: (cell, line)}``."""
    if isinstance(packed, LineMap):
        return packed
    return {int(k): tuple(v) for k, v in packed.items()}


def dask_client(address: str):
    """A client for ``address`` (``tcp://host:8786``), or a local cluster for ``local``."""
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        raise RuntimeError(
            "Dask is not installed: pip install 'unograde[scale]' (dask[distributed])"
        ) from None
    if address == "local":
        return Client(
            LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
        )
    return Client(address)
