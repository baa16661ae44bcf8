"""Files the bot sends instead of text: CSV and JSON built from plain rows, as a `discord.File`.

A reply that would be too long for a message (an export, a spreadsheet of results) is a file, never clipped.
CSV is UTF-8 with a byte-order mark so that spreadsheet programs read accented names correctly.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Sequence

import discord

_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")
MAX_STEM = 60


def csv_bytes(header: Sequence[str], rows: Iterable[Sequence[object]]) -> bytes:
    """A CSV document: the header, then one line per row (None as an empty cell)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(header)
    for row in rows:
        writer.writerow(["" if value is None else value for value in row])
    return buffer.getvalue().encode("utf-8-sig")


def file_name(stem: str, extension: str) -> str:
    """A safe attachment name from a league or team name: letters, digits, dot, dash and underscore."""
    safe = _UNSAFE.sub("_", stem).strip("._") or "export"
    return f"{safe[:MAX_STEM]}.{extension}"


def attachment(data: bytes, stem: str, extension: str) -> discord.File:
    """Bytes as a file to attach to a reply or a message."""
    return discord.File(io.BytesIO(data), filename=file_name(stem, extension))
