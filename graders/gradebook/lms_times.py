"""Names of where a submission's time came from, as the gradebook keeps and reports show it."""

GRADESCOPE_TIME = "Gradescope's submission_metadata.yml (created_at)"
OPTION_TIME = "--submitted-at"
MTIME = "the file's modification time (--submitted-at mtime): not the LMS's record"
