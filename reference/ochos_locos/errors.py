"""The errors the ochos-locos reference raises.

Both are ``ValueError`` subclasses so a caller (the CLI, the grader) can catch
one family and show the message as it is: every message names the place that
is wrong, because "bad input" without a place is no help to a student.
"""

from __future__ import annotations

from .feedback import FEEDBACK


class OchosLocosError(ValueError):
    """Base of every error this package raises on bad input."""


class DealError(OchosLocosError):
    """A deal (the program's input) that cannot be played.

    ``position`` is the 1-based index of the offending card token in the input
    (or ``None`` when no single token is to blame, e.g. too few cards);
    ``line`` and ``column`` are 1-based and known when the deal came as text.
    """

    def __init__(
        self,
        message: str,
        *,
        token: str | None = None,
        position: int | None = None,
        line: int | None = None,
        column: int | None = None,
    ) -> None:
        super().__init__(message)
        self.token = token
        self.position = position
        self.line = line
        self.column = column


# A line of a program's output that is not a turn line (``line_number``, ``text``): the
# feedback module's, raised by ``output.parse_output``. A ValueError like the others.
OutputFormatError = FEEDBACK.OutputFormatError
