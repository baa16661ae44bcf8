"""The league table as a picture: one table per division (place, team, W-D-L, TD +/-, casualties caused,
bonus points where the league uses them, points), the tie notes under it. "Cas" means casualties caused
(those that earn SPP) here as in the text table (`CAS_LEGEND`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.i18n import N_, _
from bot.pictures.kit import Cell, Column, Table, draw

CAS_LEGEND = N_("Cas: casualties caused (SPP casualties)")  # shown through _()


@dataclass(frozen=True)
class StandingLine:
    position: int
    team: str
    played: int
    won: int
    drawn: int
    lost: int
    td_diff: int
    cas_for: int  # casualties caused (that earn SPP): the default tiebreaker's number
    points: int
    bonus_points: int = 0


@dataclass(frozen=True)
class DivisionStandings:
    name: str
    lines: Sequence[StandingLine]
    ties: Sequence[str] = ()  # "2. Team placed on head-to-head": shown under the table


def _signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


def tables(divisions: Sequence[DivisionStandings], *, bonus: bool) -> list[Table]:
    columns = (
        Column("#"),
        Column(_("Team"), "left", wrap=True),
        Column(_("W-D-L"), "center"),
        Column("TD"),
        Column("Cas"),
        *((Column(_("BP")),) if bonus else ()),
        Column(_("Pts")),
    )
    out = []
    for division in divisions:
        rows = tuple(
            (
                Cell(str(line.position)),
                Cell(line.team, "bold" if line.position == 1 and line.played else "normal"),
                Cell(f"{line.won}-{line.drawn}-{line.lost}"),
                Cell(_signed(line.td_diff)),
                Cell(str(line.cas_for)),
                *((Cell(str(line.bonus_points)),) if bonus else ()),
                Cell(str(line.points), "bold"),
            )
            for line in division.lines
        )
        out.append(Table(division.name, columns, rows, empty=_("No teams.")))
    return out


def tie_notes(divisions: Sequence[DivisionStandings]) -> list[str]:
    """Each tie's note, named by its division when there are several."""
    return [
        _("{division}: {note}", division=d.name, note=tie) if len(divisions) > 1 else tie
        for d in divisions
        for tie in d.ties
    ]


def standings_png(
    title: str, divisions: Sequence[DivisionStandings], *, bonus: bool, subtitle: str = ""
) -> bytes:
    if bonus:
        legend = _(
            "W-D-L: won, drawn, lost · TD: touchdown difference · {cas} · BP: bonus points", cas=_(CAS_LEGEND)
        )
    else:
        legend = _("W-D-L: won, drawn, lost · TD: touchdown difference · {cas}", cas=_(CAS_LEGEND))
    return draw(
        title, tables(divisions, bonus=bonus), subtitle=subtitle, notes=[*tie_notes(divisions), legend]
    )
