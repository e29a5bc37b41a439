"""What a student who reads an open rule the other way loses today: the staff's count.

    python -m reference.reading_loss [ASSIGNMENT...] [--json]

Each assignment's reference has its open readings as switches (a frozen ``Readings`` value,
one bool per reading, default the page's decision) and a ``changed(case, fixtures, switch)``
that says whether a correct solution of the other reading answers a fixture otherwise. This
runs that over every fixture, public and hidden, and adds up the cases and the points they
carry (a part's points shared evenly by its cases, as the grader shares them). Open readings
that have no other reading to switch to (``UNSWITCHED``) are counted by their own predicate.
The assignment pages quote these figures under "Decisions"; rerun this when fixtures change.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from graders.assignment import Assignment, load_assignment
from graders.vocabulary import Case

# Where each built-in assignment keeps its switches (``Readings``, ``DECISION_OF``,
# ``OTHER_READING``) and its ``changed``; the switches themselves may live elsewhere.
MODULES = {
    "uno-moves": "reference.uno_moves.readings",
    "ochos-locos": "reference.ochos_locos.readings",
    "uno-lab": "reference.uno_lab.readings",
    "uno-official": "reference.uno_official.readings",
    "final-card-down": "reference.final_card_down.reading",
}


@dataclass(frozen=True)
class Loss:
    """One open reading of one assignment and what its student fails today."""

    assignment: str
    decision: str  # as the page numbers it: "D5", "4"
    switch: str  # the ``Readings`` field, or "" for an open reading without one
    other: str  # the other reading, in the student's words
    cases: tuple[str, ...]  # the fixtures whose expected result changes
    of_cases: int  # every fixture of the assignment
    points: float  # the points those fixtures carry
    of_points: float  # the assignment's points

    @property
    def line(self) -> str:
        what = f"switch Readings.{self.switch}" if self.switch else "no switch"
        return (
            f"{self.assignment} {self.decision} ({what}): a student of the other reading "
            f"fails {len(self.cases)} of {self.of_cases} cases, about {self.points:.1f} of "
            f"{self.of_points:g} points"
        )


def case_points(assignment: Assignment, cases: Sequence[Case]) -> dict[str, float]:
    """Each case's worth: its part's points split evenly over the part's cases."""
    counts = Counter(case.part for case in cases)
    points = {part.id: part.points for part in assignment.parts}
    return {case.name: points[case.part] / counts[case.part] for case in cases}


def losses(assignment_id: str, names: Sequence[str] | None = None) -> list[Loss]:
    """Every open reading of ``assignment_id`` with what it costs; ``names`` limits the count
    to those fixtures (the totals still cover them all)."""
    assignment = load_assignment(assignment_id)
    module = importlib.import_module(MODULES[assignment_id])
    cases = assignment.cases()
    worth = case_points(assignment, cases)
    counted = [c for c in cases if names is None or c.name in names]
    total = sum(p.points for p in assignment.parts)
    found: list[tuple[str, str, str, list[Case]]] = []
    for switch in module.Readings.names():
        hit = [c for c in counted if module.changed(c, assignment.fixtures, switch)]
        found.append((module.DECISION_OF[switch], switch, module.OTHER_READING[switch], hit))
    for decision, other, predicate in getattr(module, "UNSWITCHED", {}).values():
        hit = [c for c in counted if predicate(c, assignment.fixtures)]
        found.append((decision, "", other, hit))
    return [
        Loss(
            assignment=assignment_id,
            decision=decision,
            switch=switch,
            other=other,
            cases=tuple(c.name for c in hit),
            of_cases=len(cases),
            points=round(sum(worth[c.name] for c in hit), 2),
            of_points=total,
        )
        for decision, switch, other, hit in found
    ]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m reference.reading_loss",
        description="What a student of each open reading fails today, over every fixture.",
    )
    parser.add_argument("assignments", nargs="*", help=f"default: {', '.join(MODULES)}")
    parser.add_argument("--json", action="store_true", help="one JSON list instead of lines")
    args = parser.parse_args(argv)
    unknown = [a for a in args.assignments if a not in MODULES]
    if unknown:
        print(f"reading_loss: no open readings known for {', '.join(unknown)} "
              f"(known: {', '.join(MODULES)})", file=sys.stderr)  # fmt: skip
        return 2
    found = [loss for a in args.assignments or list(MODULES) for loss in losses(a)]
    if args.json:
        out: list[dict[str, Any]] = [asdict(loss) for loss in found]
        print(json.dumps(out, indent=1))
    else:
        for loss in found:
            print(loss.line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
