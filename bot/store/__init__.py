"""SQLite storage: connection, migrations, transactions, repositories."""

from bot.store.database import Database, Migration, load_migrations

__all__ = ["Database", "Migration", "load_migrations"]
