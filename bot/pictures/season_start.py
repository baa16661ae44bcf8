"""A season's start as a picture: each division with its teams, then the first round's match-ups."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.pictures.kit import Cell, Column, Table, draw


@dataclass(frozen=True)
class DivisionTeams:
    name: str
    teams: Sequence[tuple[str, str]]  # (team, roster: "Human")


def tables(
    divisions: Sequence[DivisionTeams], first_round: Sequence[tuple[str, str]], round_heading: str
) -> list[Table]:
    out = [
        Table(
            f"{division.name} ({len(division.teams)} teams)",
            (Column("Team", "left", wrap=True), Column("Roster", "left")),
            tuple((Cell(team, "bold"), Cell(roster)) for team, roster in division.teams),
            empty="No teams.",
        )
        for division in divisions
    ]
    out.append(
        Table(
            round_heading,
            (Column("Home", "left", wrap=True), Column("", "center"), Column("Away", "left", wrap=True)),
            tuple((Cell(home), Cell("v", "muted"), Cell(away)) for home, away in first_round),
            empty="No games.",
        )
    )
    return out


def season_start_png(
    title: str,
    divisions: Sequence[DivisionTeams],
    first_round: Sequence[tuple[str, str]],
    *,
    round_heading: str = "Round 1",
    subtitle: str = "",
) -> bytes:
    notes = ["/fixtures shows your games; /report when you have played."]
    return draw(title, tables(divisions, first_round, round_heading), subtitle=subtitle, notes=notes)
