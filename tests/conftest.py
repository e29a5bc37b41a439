"""Shared helpers for the tests."""

from __future__ import annotations

import pytest


def cards(text: str) -> tuple[tuple[str, str], ...]:
    """``'r5 wd b-'`` -> ``(('r','5'), ('w','d'), ('b','-'))``: hand-written cases stay readable."""
    return tuple((t[0], t[1]) for t in text.split())


@pytest.fixture
def C():
    return cards
