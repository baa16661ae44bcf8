"""The answers of `/league export|import` and `/event export|import`: one way for both.

An export is deferred (reading a big competition takes a moment) and answered only to the one who asked,
with the file attached; an import refuses a file over the limit before downloading it, then defers while
the service reads and writes it. The services are services/league/league_export.py and
services/tournament/event_export.py; the file format is docs/EXPORT_FORMAT.md.
"""

from __future__ import annotations

import discord

from bot.errors import InvalidInput
from bot.i18n import _
from bot.ui.files import attachment


async def defer_private(interaction: discord.Interaction) -> None:
    """Say "thinking ..." to the user alone while the export or import runs."""
    await interaction.response.defer(ephemeral=True, thinking=True)


async def send_export(
    interaction: discord.Interaction, content: str, data: bytes, stem: str, *, gzipped: bool
) -> None:
    """The deferred (ephemeral) answer, now with the file: `stem`.json, or .json.gz when gzipped."""
    extension = "json.gz" if gzipped else "json"
    await interaction.edit_original_response(content=content, attachments=[attachment(data, stem, extension)])


async def read_upload(interaction: discord.Interaction, file: discord.Attachment, limit: int) -> bytes:
    """The uploaded file's bytes, refused before it is downloaded when it is over `limit`; the answer is
    deferred (ephemeral) meanwhile."""
    if file.size > limit:
        raise InvalidInput(_("The file is too large: at most {size} MiB.", size=limit // 2**20))
    await defer_private(interaction)
    return await file.read()
