"""Confidence intervals for tournament standings: one definition for every assignment.

Small tournaments often end with a player at 0 or all wins, where the textbook
``p +- z*se`` interval collapses to a point or leaves [0, 1]; the Wilson score interval
stays sound there.  Points per game get a normal interval on the sample deviation.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054  # the 97.5% quantile of the standard normal


@dataclass(frozen=True)
class Interval:
    """A point estimate with its 95% confidence interval."""

    value: float
    low: float
    high: float


def wilson(wins: int, n: int, z: float = Z95) -> Interval:
    """The win rate ``wins / n`` with its Wilson score interval (n = 0: nothing known)."""
    if n <= 0:
        return Interval(0.0, 0.0, 1.0)
    p = wins / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return Interval(p, max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: Sequence[float], z: float = Z95) -> Interval:
    """Mean with a normal-approximation 95% interval (sample standard deviation)."""
    n = len(values)
    if n == 0:
        return Interval(0.0, 0.0, 0.0)
    mean = sum(values) / n
    if n == 1:
        return Interval(mean, mean, mean)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(var / n)
    return Interval(mean, mean - half, mean + half)
