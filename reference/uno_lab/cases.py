"""The text form of one uno-lab case: its input file and its expected file.

Input file::

    # any comment
    task: cardSort
    seed: 4            (optional: the random source while the call runs)
    stdin: 0|2         (optional: lines a manual player types, separated by |)
    call: cardSort [CRD (NUM 2, YELLOW), WILD]
          (the call may go on over the following lines)

Expected file: sections ``result:``, ``raises:``, ``accept:`` (another acceptable outcome),
``properties:`` (graded by :mod:`properties` instead of one value) and ``printed:`` followed by
the exact output, each line behind a ``|``.  Without ``printed:`` the output is not graded.
"""

from __future__ import annotations

from .feedback import FEEDBACK

# The assignment's feedback module reads both files (students' self-check kits carry it).
CaseInput = FEEDBACK.CaseInput
Expected = FEEDBACK.Expected
parse_case_input = FEEDBACK.parse_case_input
parse_expected = FEEDBACK.parse_expected

__all__ = ["CaseInput", "Expected", "parse_case_input", "parse_expected"]
