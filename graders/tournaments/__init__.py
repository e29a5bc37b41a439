"""What every assignment's tournaments share: the statistics of a standings table."""
