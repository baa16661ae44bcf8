"""Settings from the environment and a `.env` file (pydantic-settings)."""

from __future__ import annotations

from pathlib import Path

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

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
