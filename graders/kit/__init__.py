"""``unograde kit``: what a student downloads to check their work without unograde.

A kit is a zip (``build.py``): the student-facing page, starters, the public fixtures with
their expected results, and a self-check run with plain ``python -m pytest``.  The check's
code is the top-level package :mod:`unokit` (the kit's runtime), copied verbatim into the kit
as the package ``unocheck`` together with the sandbox's own ``graders/run/harness.py`` and the
assignment's feedback module; the grader uses the same files, so the kit says what
``unograde check`` says.  Nothing of the reference, no hidden case and no solution goes in.
"""
