"""The gradebook tests' fixtures (a real SQLite file, and PostgreSQL where installed)."""

from tests.gradebook.conftest import gradebook_url, postgres_server, postgres_url  # noqa: F401
