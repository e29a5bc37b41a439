"""The text-in, text-out form of the reference, for ``unograde solve ochos-locos FILE``."""

from __future__ import annotations

from .deal import parse_deal
from .errors import DealError
from .game import play


def solve_text(text: str, source: str = "<input>") -> str:
    """The output a correct program prints for the deal ``text`` (lines ending in newlines).

    ``source`` names where the text came from (a file name) and prefixes any
    ``DealError`` message, so the CLI can print the error as it is.
    """
    try:
        deal = parse_deal(text)
    except DealError as error:
        raise DealError(
            f"{source}: {error}",
            token=error.token,
            position=error.position,
            line=error.line,
            column=error.column,
        ) from None
    return "\n".join(play(deal).lines) + "\n"
