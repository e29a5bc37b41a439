"""``unograde grade``: one submission, or a whole class in parallel."""
