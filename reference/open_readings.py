"""What every reference's ``Readings`` shares: the switches of the rules its material leaves
open, one bool field each, ``False`` being the assignment page's decision.

Each assignment's ``readings`` module subclasses :class:`OpenReadings` as a frozen dataclass
with its own fields (final-card-down's game keeps a copy of its own: that package imports
nothing, since a student's test suite runs on it in the sandbox). ``python -m
reference.reading_loss`` reads them to count what a student of each other reading loses.
"""

from __future__ import annotations

from dataclasses import fields


class OpenReadings:
    """Mixin for a frozen dataclass of bool switches (no fields of its own)."""

    @classmethod
    def names(cls) -> tuple[str, ...]:
        """Every switch, in the order the dataclass declares them."""
        return tuple(f.name for f in fields(cls))  # type: ignore[arg-type]

    def differences(self) -> tuple[str, ...]:
        """The switches that differ from the page's decisions."""
        return tuple(name for name in self.names() if getattr(self, name))
