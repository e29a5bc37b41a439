"""Every colour pair that carries text in the HTML reports passes WCAG AA (4.5:1).

The styles of every report template (the shared one and each assignment's views) are read
rule by rule: a rule that sets a background must set its text colour too, and that pair is
checked; a rule that sets only a text colour is checked against the page's white. The
contrast ratio is WCAG 2.1's (relative luminance of sRGB), computed here from its definition.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = sorted(
    [*ROOT.glob("templates/**/*.j2"), *ROOT.glob("assignments/*/templates/**/*.j2")]
    + [ROOT / "reference" / "uno_official" / "tournament.html.j2"]
)
PAGE = "#ffffff"
AA = 4.5
RULE = re.compile(r"([^{}]+)\{([^{}]*)\}")
HEX = r"#(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{3})\b"


def luminance(colour: str) -> float:
    h = colour.lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    channels = [int(h[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_the_formula_matches_known_values():
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)  # the classic fail
    assert contrast("#595959", "#ffffff") == pytest.approx(7.0, abs=0.01)


def styles(path: Path) -> list[tuple[str, dict[str, str]]]:
    text = path.read_text(encoding="utf-8")
    rules = []
    for block in re.findall(r"<style>(.*?)</style>", text, re.DOTALL):
        for selector, body in RULE.findall(block):
            decls = {}
            for decl in body.split(";"):
                name, _, value = decl.partition(":")
                decls[name.strip()] = value.strip()
            rules.append((selector.strip(), decls))
    return rules


def colour_of(value: str | None) -> str | None:
    found = re.search(HEX, value or "")
    return found.group(0) if found else None


def test_there_are_styles_to_check():
    checked = [p for p in TEMPLATES if styles(p)]
    assert ROOT / "templates" / "report.html.j2" in checked and len(checked) >= 2


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda p: str(p.relative_to(ROOT)))
def test_text_colours_pass_wcag_aa(path):
    failures = []
    for selector, decls in styles(path):
        text = colour_of(decls.get("color"))
        ground = colour_of(decls.get("background") or decls.get("background-color"))
        if ground is not None and text is None:
            failures.append(f"{selector}: a background ({ground}) without a text colour")
            continue
        if text is None:
            continue
        ratio = contrast(text, ground or PAGE)
        if ratio < AA:
            failures.append(f"{selector}: {text} on {ground or PAGE} is {ratio:.2f}:1")
    assert failures == []
