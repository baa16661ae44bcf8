"""A tournament's rankings as a picture: the squads first in a team event, then the coaches (place, team
and coach, TP, BP, TD +/-, then the other tiebreakers in words in one wrapping column: touchdowns,
casualties and the rulespack's extra tiebreakers; narrow enough for a phone), in the text's sections (a
group event: the knock-out places, then Best of the Rest)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.i18n import _, ngettext
from bot.pictures.kit import Cell, Column, Table, draw


@dataclass(frozen=True)
class RankingLine:
    position: int
    name: str  # the team, with its coach where known
    tournament_points: int
    bonus_points: int
    td_diff: int
    td_for: int
    cas_for: int
    extras: tuple[int, ...] = ()  # the rulespack's extra tiebreakers, in its order


@dataclass(frozen=True)
class SquadLine:
    position: int
    name: str
    team_points: int
    won: int
    drawn: int
    lost: int
    bonus_points: int
    td_diff: int
    cas_for: int


@dataclass(frozen=True)
class RankingSection:
    heading: str
    lines: Sequence[RankingLine]


def _signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


def _then(line: RankingLine, extra_names: Sequence[str]) -> str:
    """The tiebreakers after TP, BP and TD in words: `5 scored · 2 cas · Votes 1`."""
    words = [ngettext("{n} scored", "{n} scored", line.td_for), ngettext("{n} cas", "{n} cas", line.cas_for)]
    words += [f"{name} {value}" for name, value in zip(extra_names, line.extras, strict=False)]
    return " · ".join(words)


def tables(
    sections: Sequence[RankingSection], squads: Sequence[SquadLine] = (), extra_names: Sequence[str] = ()
) -> list[Table]:
    out = []
    if squads:
        out.append(
            Table(
                _("Squads"),
                (
                    Column("#"),
                    Column(_("Squad"), "left", wrap=True),
                    Column(_("TP")),
                    Column(_("W-D-L"), "center"),
                    Column(_("BP")),
                    Column("TD"),
                    Column("Cas"),
                ),
                tuple(
                    (
                        Cell(str(s.position)),
                        Cell(s.name, "bold" if s.position == 1 else "normal"),
                        Cell(str(s.team_points), "bold"),
                        Cell(f"{s.won}-{s.drawn}-{s.lost}"),
                        Cell(str(s.bonus_points)),
                        Cell(_signed(s.td_diff)),
                        Cell(str(s.cas_for)),
                    )
                    for s in squads
                ),
            )
        )
    columns = (
        Column("#"),
        Column(_("Coach"), "left", wrap=True),
        Column(_("TP")),
        Column(_("BP")),
        Column("TD"),
        Column(_("Then"), "left", wrap=True),  # the other tiebreakers in words: a phone's width
    )
    for section in sections:
        rows = tuple(
            (
                Cell(str(line.position)),
                Cell(line.name, "bold" if line.position == 1 else "normal"),
                Cell(str(line.tournament_points), "bold"),
                Cell(str(line.bonus_points)),
                Cell(_signed(line.td_diff)),
                Cell(_then(line, extra_names), "muted"),
            )
            for line in section.lines
        )
        out.append(Table(section.heading, columns, rows, empty=_("Nobody is ranked yet.")))
    return out


def rankings_png(
    title: str,
    sections: Sequence[RankingSection],
    squads: Sequence[SquadLine] = (),
    *,
    extra_names: Sequence[str] = (),
    subtitle: str = "",
    notes: Sequence[str] = (),
) -> bytes:
    legend = _(
        "TP: Tournament Points · BP: Bonus Points · TD: touchdown difference · scored: touchdowns scored"
        " · cas, Cas: casualties caused"
    )
    return draw(title, tables(sections, squads, extra_names), subtitle=subtitle, notes=[*notes, legend])
