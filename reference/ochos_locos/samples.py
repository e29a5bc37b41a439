"""The seed's two worked samples, transcribed by hand and repaired.

The seed's text lost its table layout: each sample's input and output sit on
one line, the input carries ``...`` where the PDF broke a line and ``<b>``
tags around the draw-pile cards its author marked as used.  Here the debris is
removed (the cards themselves are unchanged, in order) and the output is one
turn per line, as the seed's "Output format" section shows.  These texts are
evidence typed from the seed, not output of the reference; the tests check the
reference against them.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Sample:
    name: str
    seed_input: str
    """The input exactly as the seed's text has it, debris included."""
    input_text: str
    output_lines: tuple[str, ...]


SAMPLES: tuple[Sample, ...] = (
    Sample(
        name="sample-1",
        seed_input=(
            "Y3 Y7 Y8 B1 B7 R8 Y1 G4 G8 B8 R3 R4 R7 Y6 B5 B3 <b>R2 G5</b> B6 Y5 G3 G2 ... "
            "Y4 R1 G1 Y2 G6 ... B4 R5 G7 R6 B2"
        ),
        input_text=(
            "Y3 Y7 Y8 B1 B7\nR8 Y1 G4 G8 B8\nR3 R4 R7 Y6 B5\nB3\n"
            "R2 G5 B6 Y5 G3 G2 Y4 R1 G1 Y2 G6 B4 R5 G7 R6 B2\n"
        ),
        output_lines=(
            "0: B3",
            "1: B1",
            "2: B8",
            "3: B5",
            "1: B7",
            "2: DRAW",
            "3: R7",
            "1: Y7",
            "2: Y1",
            "3: Y6",
            "1: Y3",
            "2: DRAW",
            "3: R3",
            "1: DRAW",
            "2: R2",
            "3: R4 (WINNER)",
        ),
    ),
    Sample(
        name="sample-2",
        seed_input=(
            "R1 R4 G2 G8 B2 R2 R8 Y7 Y8 B3 R3 R6 Y3 G4 G5 B6 <b>Y2</b> B7 Y1 G6 Y5 G7 ... "
            "R5 R7 G1 Y4 B5 G3 ... B1 B8 B4 Y6"
        ),
        input_text=(
            "R1 R4 G2 G8 B2\nR2 R8 Y7 Y8 B3\nR3 R6 Y3 G4 G5\nB6\n"
            "Y2 B7 Y1 G6 Y5 G7 R5 R7 G1 Y4 B5 G3 B1 B8 B4 Y6\n"
        ),
        output_lines=(
            "0: B6",
            "1: B2",
            "2: B3",
            "3: R3",
            "1: R1",
            "2: R2",
            "3: R6",
            "1: R4",
            "2: R8",
            "3: DRAW",
            "1: G8",
            "2: Y8",
            "3: Y2",
            "1: G2 (WINNER)",
        ),
    ),
)
