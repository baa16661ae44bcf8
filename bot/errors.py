"""Domain errors: things a user did that the rules or the league do not allow.

They carry a short message meant for the user; the Discord layer shows it ephemerally. They know nothing
about Discord, so rules and services raise them freely.
"""

from __future__ import annotations


class DomainError(Exception):
    """A user-facing refusal. `str(error)` is the message shown to the user."""


class NotFound(DomainError):
    """The thing the user named does not exist (in this guild)."""


class NotAllowed(DomainError):
    """The user may not do this."""


class RuleViolation(DomainError):
    """The action breaks a rule of the game or of the league."""


class InvalidInput(DomainError):
    """The values given are not ones the command takes (a number out of range, an empty reason, a choice
    that is not offered): the user's typing, not a rule of the game."""


class Conflict(DomainError):
    """The state changed: the action was already done, or no longer applies."""
