"""A season's start as a picture: each division with its teams, then the first round's match-ups."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.i18n import _, ngettext
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
            ngettext(
                "{division} ({n} team)", "{division} ({n} teams)", len(division.teams), division=division.name
            ),
            (Column(_("Team"), "left", wrap=True), Column(_("Roster"), "left")),
            tuple((Cell(team, "bold"), Cell(roster)) for team, roster in division.teams),
            empty=_("No teams."),
        )
        for division in divisions
    ]
    out.append(
        Table(
            round_heading,
            (
                Column(_("Home"), "left", wrap=True),
                Column("", "center"),
                Column(_("Away"), "left", wrap=True),
            ),
            tuple((Cell(home), Cell(_("v"), "muted"), Cell(away)) for home, away in first_round),
            empty=_("No games."),
        )
    )
    return out


def season_start_png(
    title: str,
    divisions: Sequence[DivisionTeams],
    first_round: Sequence[tuple[str, str]],
    *,
    round_heading: str | None = None,
    subtitle: str = "",
) -> bytes:
    """The picture; `round_heading` defaults to "Round 1"."""
    notes = [_("/fixtures shows your games; /report when you have played.")]
    heading = round_heading if round_heading is not None else _("Round {number}", number=1)
    return draw(title, tables(divisions, first_round, heading), subtitle=subtitle, notes=notes)
