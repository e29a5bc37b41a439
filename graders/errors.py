"""unograde's one family of errors: bad input said in one line, never a traceback.

Every error a user can cause (an unknown assignment, a roster that does not parse, a gradebook
that cannot be opened, a policy with a typo) is a :class:`UnogradeError`: a message that names
the place (the file, and its line, column or notebook cell where known) and the exit status the
``unograde`` command ends with.  The library raises them; the command turns them into an exit in
one place (:meth:`graders.cli.Unograde.main`): ``unograde: MESSAGE`` on stderr, exit status
:attr:`UnogradeError.exit_code`.

The classes of the family keep their own names in the modules that raise them
(``AssignmentError``, ``RosterError``, ``GradebookError``...), and most are also a
``ValueError``, so that every ``except`` written for them before still catches them.  This
module imports nothing of unograde's: anything may raise from it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from os import PathLike

USAGE_ERROR = 2  # bad input or a bad command line: the exit status of every error of the family


class UnogradeError(Exception):
    """Bad input, said in one line: ``str(error)`` is the message, with its place in front
    when one was given (``roster.csv:3: ...``; ``hana.ipynb, cell 4, line 2: ...``).

    ``path``, ``line``, ``column`` and ``cell`` are where the input went wrong, where known
    (kept as attributes too, for a caller that shows them its own way); ``exit_code`` is the
    status the command exits with (2 unless a subclass or the raiser says otherwise).
    """

    exit_code: int = USAGE_ERROR

    def __init__(
        self,
        message: object = "",
        *,
        path: str | PathLike[str] | None = None,
        line: int | None = None,
        column: int | None = None,
        cell: int | None = None,
        exit_code: int | None = None,
    ) -> None:
        super().__init__(message)
        self.message = str(message)
        self.path = None if path is None else str(path)
        self.line, self.column, self.cell = line, column, cell
        if exit_code is not None:
            self.exit_code = exit_code

    @property
    def place(self) -> str:
        """Where, in the compiler's form: ``file:line:column``, or for a notebook
        ``file, cell N, line L`` (empty when nothing is known)."""
        if self.cell is not None:
            said = [self.path or "", f"cell {self.cell}"]
            if self.line is not None:
                said.append(f"line {self.line}")
            return ", ".join(part for part in said if part)
        said = [self.path or ""]
        if self.line is not None:
            said.append(str(self.line))
            if self.column is not None:
                said.append(str(self.column))
        return ":".join(said) if said[0] or len(said) > 1 else ""

    def __str__(self) -> str:
        place = self.place
        if not place or self.message.startswith(place):
            return self.message
        return f"{place}: {self.message}" if self.message else place


class UsageError(UnogradeError, ValueError):
    """A command line that cannot be carried out (a missing file, an option out of place)."""


@contextmanager
def as_usage_error(*kinds: type[BaseException]) -> Iterator[None]:
    """Within the block, an error of ``kinds`` (by default ``ValueError``, how an
    assignment's own code says its input is bad) raised by code outside the family becomes a
    :class:`UsageError` with the same message; the family's own errors pass unchanged."""
    caught = kinds or (ValueError,)
    try:
        yield
    except UnogradeError:
        raise
    except caught as exc:
        raise UsageError(str(exc)) from None


__all__ = ["USAGE_ERROR", "UnogradeError", "UsageError", "as_usage_error"]
