"""The store's records as the services hand them out.

The cogs, the views and the deadline watch name these types (and read an announcement's picture spec)
from here, never from bot/store: they have no database of their own, and tests/test_architecture.py holds
them to it. A record a service returns that a view must name is added here.
"""

from bot.store.advancements import PendingAdvancement
from bot.store.announcements import parse_picture
from bot.store.audit import AuditEntry
from bot.store.deadlines import Due
from bot.store.dice_log import LoggedRoll
from bot.store.inducements import Purchase
from bot.store.leagues import Kind, League
from bot.store.seasons import Fixture

__all__ = [
    "AuditEntry",
    "Due",
    "Fixture",
    "Kind",
    "League",
    "LoggedRoll",
    "PendingAdvancement",
    "Purchase",
    "parse_picture",
]
