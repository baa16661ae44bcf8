"""A league's history as pictures (/history): every season as a row (newest first: its number and teams,
then its champion, runner-up and third with their prize money, or how far it has got), and one season's
final standings with its play-offs on one picture. Long histories are split into pages (`kit.draw_pages`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.i18n import N_, _
from bot.pictures import bracket, standings
from bot.pictures.kit import Cell, Column, Table, draw_pages

PLACES = (N_("Champion"), N_("Runner-up"), N_("Third"))  # shown through _()


@dataclass(frozen=True)
class SeasonRow:
    number: int
    teams: int
    state: str  # "finished", "play-offs", "regular season"
    places: Sequence[str]  # the 1st, 2nd, 3rd awarded so far: "Reavers (100,000 gp)"


def seasons_table(rows: Sequence[SeasonRow]) -> Table:
    """A row per season: a season without its champion yet says where it stands instead."""
    body = []
    for row in rows:
        champion = Cell(row.places[0], "win") if row.places else Cell(row.state, "muted")
        others = " · ".join(f"{n}. {text}" for n, text in enumerate(row.places[1 : len(PLACES)], start=2))
        body.append((Cell(str(row.number), "bold"), Cell(str(row.teams)), champion, Cell(others)))
    return Table(
        _("Seasons"),
        (
            Column(_("Season")),
            Column(_("Teams")),
            Column(_(PLACES[0]), "left", wrap=True),
            Column(_("2nd, 3rd"), "left", wrap=True),
        ),
        tuple(body),
        empty=_("No season has started yet."),
    )


def history_pngs(title: str, rows: Sequence[SeasonRow]) -> list[bytes]:
    """Every season (newest first), one picture or pages."""
    notes = [
        _("Champions in green, with each place's prize money."),
        _("/history season:<number> for a season."),
    ]
    return draw_pages(title, [seasons_table(rows)], notes=notes)


def season_pngs(
    title: str,
    divisions: Sequence[standings.DivisionStandings],
    stages: Sequence[bracket.BracketStage],
    prizes: Sequence[bracket.Prize],
    *,
    bonus: bool,
    subtitle: str = "",
) -> list[bytes]:
    """One season: each division's final table, then its play-off games and prizes (the tables of the
    standings and bracket pictures, on one picture or pages)."""
    parts = [*standings.tables(divisions, bonus=bonus), *bracket.tables(stages, prizes)]
    legend = _(
        "W-D-L: won, drawn, lost · TD: touchdown difference · {cas} · play-off winners in green",
        cas=_(standings.CAS_LEGEND),
    )
    return draw_pages(title, parts, subtitle=subtitle, notes=[*standings.tie_notes(divisions), legend])
