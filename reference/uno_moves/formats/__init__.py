"""File formats shared by the references, the grader and the fixture generators."""
