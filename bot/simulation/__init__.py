"""Whole seasons without Discord: `python -m bot simulate` (see bot/simulation/run.py)."""
