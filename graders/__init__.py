"""unograde's grader: formats, running in a sandbox, comparing, reporting, the CLI."""

__version__ = "0.1.0"
