"""The fixture set: manifest format, reproducibility, coverage, and that the files are current."""

from __future__ import annotations

import json
from pathlib import Path

from reference.ochos_locos import generate_fixtures, write_fixtures
from reference.ochos_locos.fixtures import DEFAULT_COUNT, DEFAULT_SEED
from reference.ochos_locos.samples import SAMPLES

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "ochos-locos"


def manifest() -> dict:
    return json.loads((FIXTURES / "manifest.json").read_text(encoding="utf-8"))


def test_the_manifest_has_the_shared_format():
    data = manifest()
    assert set(data) == {"assignment", "generated_by", "cases"}
    assert data["assignment"] == "ochos-locos"
    assert f"seed={DEFAULT_SEED}" in data["generated_by"]
    names = [case["name"] for case in data["cases"]]
    assert len(names) == len(set(names))
    for case in data["cases"]:
        assert set(case) == {"name", "part", "visibility", "covers", "input", "expected"}
        assert case["visibility"] in ("public", "hidden")
        assert case["covers"] and all(isinstance(tag, str) for tag in case["covers"])
        assert (FIXTURES / case["input"]).is_file() and (FIXTURES / case["expected"]).is_file()


def test_there_are_the_samples_and_at_least_fifty_generated_deals_public_and_hidden():
    cases = manifest()["cases"]
    assert [c["name"] for c in cases[:2]] == ["sample-1", "sample-2"]
    generated = [c for c in cases if "sample" not in c["covers"]]
    assert len(generated) >= 50
    assert {c["visibility"] for c in generated} == {"public", "hidden"}


def test_the_sample_fixtures_are_the_seeds_text():
    for sample in SAMPLES:
        out = (FIXTURES / "public" / f"{sample.name}.out").read_text(encoding="utf-8")
        assert out == "\n".join(sample.output_lines) + "\n"


def test_the_set_covers_every_ending_draws_exhausted_piles_and_long_games():
    tags = {tag for case in manifest()["cases"] for tag in case["covers"]}
    wanted = {
        "winner-1",
        "winner-2",
        "winner-3",
        "no-winner",
        "draw",
        "no-draw",
        "exhausted-draw-pile",
        "empty-draw-pile",
        "short-draw-pile",
        "long-game",
    }
    assert wanted <= tags


def test_covers_tags_tell_the_truth_about_each_output():
    # Read the tags back from the expected files alone (not from the reference's game).
    for case in manifest()["cases"]:
        lines = (FIXTURES / case["expected"]).read_text(encoding="utf-8").splitlines()
        deal = (FIXTURES / case["input"]).read_text(encoding="utf-8").split()
        last = lines[-1]
        winner = "no-winner" if last == "NO WINNER" else f"winner-{last[0]}"
        assert winner in case["covers"]
        assert ("draw" in case["covers"]) == any(line.endswith("DRAW") for line in lines)
        assert ("empty-draw-pile" in case["covers"]) == (len(deal) == 16)
        turns = len(lines) - 1 - (last == "NO WINNER")
        assert ("long-game" in case["covers"]) == (turns >= 35)


def test_generation_is_reproducible_and_depends_on_the_seed():
    assert generate_fixtures(3, 12) == generate_fixtures(3, 12)
    assert generate_fixtures(3, 12) != generate_fixtures(4, 12)


def test_the_committed_files_are_what_the_generator_writes(tmp_path):
    written = write_fixtures(tmp_path, DEFAULT_SEED, DEFAULT_COUNT)
    committed = sorted(p.relative_to(FIXTURES) for p in FIXTURES.rglob("*") if p.is_file())
    assert sorted(p.relative_to(tmp_path) for p in written) == committed
    for path in written:
        relative = path.relative_to(tmp_path)
        assert path.read_bytes() == (FIXTURES / relative).read_bytes(), relative
