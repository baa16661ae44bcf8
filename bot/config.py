"""Settings from the environment and a `.env` file (pydantic-settings)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from bot.store import postgres

DISCORD_API_BASE = "https://discord.com/api/v10"
DISCORD_GATEWAY_URL = "wss://gateway.discord.gg/"
LOG_LEVELS = ("CRITICAL", "ERROR", "WARNING", "INFO", "DEBUG")

MISSING_TOKEN_HELP = (
    "DISCORD_TOKEN is not set: create a bot in the Discord Developer Portal and put its token in .env "
    "as DISCORD_TOKEN=... (README.md, section 'Create the Discord application')."
)


class Settings(BaseSettings):
    """Everything the bot reads from its environment. Names are the environment variables."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: SecretStr | None = Field(default=None, description="The bot token.")
    database_path: Path = Field(default=Path("var/league.sqlite3"), description="SQLite database file.")
    database_url: SecretStr | None = Field(
        default=None,
        description="PostgreSQL instead of the SQLite file: postgresql://user:password@host:5432/dbname "
        "(one database several bot processes can share).",
    )
    shard_count: int | None = Field(
        default=None, ge=1, description="Discord shards in all (unset: one process, no sharding)."
    )
    shard_ids: Annotated[list[int] | None, NoDecode] = Field(
        default=None,
        description="The shards this process runs, e.g. 0,1 (unset with SHARD_COUNT: all of them).",
    )
    dev_guild_id: int | None = Field(
        default=None, description="Sync commands to this guild only (instant, for development)."
    )
    log_level: str = Field(default="INFO", description="Python logging level.")
    discord_api_base: str = Field(default=DISCORD_API_BASE, description="REST API base URL.")
    discord_gateway_url: str = Field(default=DISCORD_GATEWAY_URL, description="Gateway websocket URL.")
    web_port: int | None = Field(
        default=None,
        ge=1,
        le=65535,
        description="Serve the read-only web view on this port (unset: no web view).",
    )
    web_host: str = Field(
        default="127.0.0.1", description="Address the web view listens on (0.0.0.0 to serve other machines)."
    )
    public_url: str | None = Field(
        default=None,
        description="The web view's address as the public reaches it, for the links the bot posts "
        "(default http://<WEB_HOST>:<WEB_PORT>).",
    )

    @field_validator("discord_token", mode="before")
    @classmethod
    def _blank_token_is_missing(cls, value: object) -> object:
        if isinstance(value, str) and not value.strip():
            return None
        return value

    @field_validator("database_url", mode="before")
    @classmethod
    def _postgres_url(cls, value: object) -> object:
        if isinstance(value, str) and not value.strip():
            return None
        if isinstance(value, str) and not value.startswith(("postgresql://", "postgres://")):
            raise ValueError(
                "DATABASE_URL must start with postgresql:// (leave it unset for the SQLite file)"
            )
        return value

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _comma_separated(cls, value: object) -> object:
        if isinstance(value, str):
            return [int(part) for part in value.replace(" ", "").split(",") if part] or None
        return value

    @model_validator(mode="after")
    def _shards_fit(self) -> Settings:
        if self.shard_ids is not None:
            if self.shard_count is None:
                raise ValueError("SHARD_IDS needs SHARD_COUNT")
            wrong = [i for i in self.shard_ids if not 0 <= i < self.shard_count]
            if wrong or len(set(self.shard_ids)) != len(self.shard_ids):
                raise ValueError(f"SHARD_IDS must be distinct numbers from 0 to {self.shard_count - 1}")
        return self

    @property
    def database(self) -> Path | str:
        """Where the store is: the PostgreSQL URL when DATABASE_URL is set, else the SQLite file."""
        return self.database_url.get_secret_value() if self.database_url is not None else self.database_path

    @property
    def database_name(self) -> str:
        """The store as the log may show it (no password)."""
        return postgres.shown(self.database)

    @field_validator("dev_guild_id", "web_port", "public_url", mode="before")
    @classmethod
    def _blank_is_none(cls, value: object) -> object:
        if isinstance(value, str) and not value.strip():
            return None
        return value

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        level = value.strip().upper()
        if level not in LOG_LEVELS:
            raise ValueError(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}")
        return level

    @field_validator("public_url")
    @classmethod
    def _public_url_is_http(cls, value: str | None) -> str | None:
        if value is None:
            return None
        if not value.startswith(("http://", "https://")):
            raise ValueError("PUBLIC_URL must start with http:// or https://")
        return value.rstrip("/")

    def web_base_url(self) -> str | None:
        """Where posted links point: PUBLIC_URL, else the web view's own address; None without a web view."""
        if self.web_port is None:
            return None
        host = "localhost" if self.web_host in ("0.0.0.0", "::", "") else self.web_host
        return self.public_url or f"http://{host}:{self.web_port}"

    @field_validator("discord_api_base")
    @classmethod
    def _no_trailing_slash(cls, value: str) -> str:
        return value.rstrip("/")
