"""Building and writing Final Card-Down scenarios (format ``final-card-down-scenario/1``).

The format is read by ``assignments/final-card-down/harness/scenario_runner.py`` (which
documents it); this side builds scenarios and writes them as stable, diff-friendly JSON:
one step per line, so a reviewer can read a scenario top to bottom like a game log.
"""

from __future__ import annotations

import json
from typing import Any

FORMAT = "final-card-down-scenario/1"


class ScenarioBuilder:
    """Accumulates the steps of one scenario: moves, and queries with expected answers."""

    def __init__(self, name: str, description: str, covers: list[str], deck: list[str]) -> None:
        self.name = name
        self.description = description
        self.covers = list(covers)
        self.deck = list(deck)
        self.steps: list[dict[str, Any]] = []

    def q(self, query: str, *args: object, expect: object) -> ScenarioBuilder:
        step: dict[str, Any] = {"q": query}
        if args:
            step["args"] = list(args)
        step["expect"] = expect
        self.steps.append(step)
        return self

    def valid(self, move: str, expect: bool = True) -> ScenarioBuilder:
        self.steps.append({"q": "isValidMove", "move": move, "expect": expect})
        return self

    def invalid(self, *moves: str) -> ScenarioBuilder:
        for move in moves:
            self.valid(move, False)
        return self

    def moves(self, *moves: str) -> ScenarioBuilder:
        self.steps.extend({"move": m} for m in moves)
        return self

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "name": self.name,
            "description": self.description,
            "covers": self.covers,
            "deck": self.deck,
            "steps": self.steps,
        }


def dump_scenario(scenario: dict[str, Any]) -> str:
    """Stable JSON text: header fields, the deck four cards a line, then one step a line."""
    head = {k: scenario[k] for k in ("format", "name", "description", "covers")}
    lines = ["{"]
    for key, value in head.items():
        lines.append(f"  {json.dumps(key)}: {json.dumps(value)},")
    deck = scenario["deck"]
    lines.append('  "deck": [')
    rows = [deck[i : i + 4] for i in range(0, len(deck), 4)]
    for r, row in enumerate(rows):
        text = ", ".join(json.dumps(c) for c in row)
        lines.append(f"    {text}{',' if r < len(rows) - 1 else ''}")
    lines.append("  ],")
    lines.append('  "steps": [')
    steps = scenario["steps"]
    for i, step in enumerate(steps):
        lines.append(f"    {json.dumps(step)}{',' if i < len(steps) - 1 else ''}")
    lines.append("  ]")
    lines.append("}")
    return "\n".join(lines) + "\n"
