"""``unograde check``: a student's self-check on the public fixtures, built on pytest."""
