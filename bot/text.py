"""Plain-text formatting shared by rules messages and the Discord layer (no Discord imports here)."""

from __future__ import annotations


def gp(amount: int) -> str:
    """Gold pieces the way coaches write them: 1,050,000 gp."""
    return f"{amount:,} gp"


def plural(count: int, word: str, many: str | None = None) -> str:
    """'1 player', '3 players'."""
    return f"{count} {word if count == 1 else (many or word + 's')}"
