"""Numbered SQL migrations: NNNN_name.sql, applied in order and tracked in PRAGMA user_version."""
