"""The play-off bracket as a picture, narrow enough for a phone: the stages as stacked sections (a row per
game: home, score, away; the winner in green bold, the loser grey), the third-place game, then the prizes
once they are paid."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from bot.i18n import _
from bot.pictures.kit import Cell, Column, Table, draw


@dataclass(frozen=True)
class BracketGame:
    home: str
    away: str
    score: str  # "2-1", "1-1 pens", or the state: "to play", "reported", "disputed"
    winner: Literal["home", "away"] | None = None


@dataclass(frozen=True)
class BracketStage:
    title: str
    games: Sequence[BracketGame]


@dataclass(frozen=True)
class Prize:
    place: str  # "1st"
    team: str
    prize: str  # "100,000 gp"


def side_cell(name: str, game: BracketGame, side: Literal["home", "away"]) -> Cell:
    """A side's name: green bold when it won the game, grey when it lost, plain while undecided."""
    if game.winner is None:
        return Cell(name)
    return Cell(name, "win" if game.winner == side else "loss")


def tables(stages: Sequence[BracketStage], prizes: Sequence[Prize]) -> list[Table]:
    columns = (
        Column(_("Home"), "left", wrap=True),
        Column(_("Score"), "center"),
        Column(_("Away"), "left", wrap=True),
    )
    out = [
        Table(
            stage.title,
            columns,
            tuple(
                (
                    side_cell(g.home, g, "home"),
                    Cell(g.score, "bold" if g.winner else "muted"),
                    side_cell(g.away, g, "away"),
                )
                for g in stage.games
            ),
            empty=_("Not drawn yet."),
        )
        for stage in stages
    ]
    if prizes:
        out.append(
            Table(
                _("Prizes"),
                (Column(_("Place"), "left"), Column(_("Team"), "left", wrap=True), Column(_("Prize"))),
                tuple((Cell(p.place, "bold"), Cell(p.team, "bold"), Cell(p.prize)) for p in prizes),
                highlight=frozenset({0}),
            )
        )
    return out


def bracket_png(
    title: str, stages: Sequence[BracketStage], prizes: Sequence[Prize] = (), *, subtitle: str = ""
) -> bytes:
    notes = [_("Winners in green. A level play-off game goes to extra time, then a penalty shoot-out.")]
    return draw(title, tables(stages, prizes), subtitle=subtitle, notes=notes)
