"""Slash-command groups. Every module here is loaded at start-up as a discord.py extension."""
