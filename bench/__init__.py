"""Measured speed (`make bench`): figures printed as a table, never timed tests."""
