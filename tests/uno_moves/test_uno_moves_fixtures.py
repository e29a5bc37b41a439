"""The bundled uno-moves fixtures: reproducible, complete, and covering every rule."""

from __future__ import annotations

import json
from pathlib import Path

from graders.paths import fixtures_dir
from reference.uno_moves.generate import build_bundled

ROOT = fixtures_dir("uno-moves")
RULES = {
    "colour",
    "symbol",
    "wild",
    "wild-draw-four",
    "draw",
    "extend-draw-two",
    "extend-wild-draw-four",
    "penalty-draw-two",
    "penalty-wild-draw-four",
    "marker-colour",
    "marker-red-or-only-wilds",
    "marker-game-won",
    "bare-wild-draw-four",
    "wild-matched-by-colour",
}
REQUIRED = {
    "part01": RULES,
    "part02": RULES | {"cannot-draw", "penalty-empty-deck", "wild-matched-by-symbol"},
    "part03": RULES | {"skip", "reverse", "wild-matched-by-symbol"},
    "part04": RULES | {"skip", "reverse", "cannot-draw", "penalty-empty-deck"},
}


def test_bundled_fixtures_regenerate_byte_identical(tmp_path: Path):
    build_bundled(tmp_path)
    for path in tmp_path.rglob("*"):
        if path.is_file():
            assert path.read_bytes() == (ROOT / path.relative_to(tmp_path)).read_bytes(), path


def test_manifest_lists_existing_files_and_covers_every_rule():
    manifest = json.loads((ROOT / "manifest.json").read_text())
    covered: dict[str, set[str]] = {}
    counts: dict[str, int] = {}
    for case in manifest["cases"]:
        assert (ROOT / case["input"]).is_file() and (ROOT / case["expected"]).is_file()
        assert case["visibility"] in ("public", "hidden")
        covered.setdefault(case["part"], set()).update(case["covers"])
        counts[case["part"]] = counts.get(case["part"], 0) + 1
    for part, needed in REQUIRED.items():
        assert needed <= covered[part], needed - covered[part]
        assert counts[part] >= 26  # 25 generated at least, plus the seed example
    kinds = {c["visibility"] for c in manifest["cases"]}
    assert kinds == {"public", "hidden"}
