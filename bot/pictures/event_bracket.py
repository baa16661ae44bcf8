"""A group and knock-out event as pictures (/tournament bracket), drawn for a phone: each group's table, then
the knock-out round by round as stacked sections (a row per game: the places at stake, home, score, away;
the winner in green bold, the loser grey; a game level on the score says how it was decided; an unplayed game
says "to play"), the places decided, and Best of the Rest's table (once the knock-out is drawn, those come
first and the groups last). A big event is split into pages
(`kit.draw_pages`), never clipped."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.i18n import _
from bot.pictures.bracket import BracketGame, side_cell
from bot.pictures.kit import Cell, Column, Table, draw_pages
from bot.text import ordinal


@dataclass(frozen=True)
class UnitLine:
    """A coach's team (or a squad) in a group's table or Best of the Rest."""

    position: int
    name: str
    points: int  # Tournament Points (a squad's team points)
    won: int
    drawn: int
    lost: int
    td_diff: int


@dataclass(frozen=True)
class GroupTable:
    name: str  # "Group A"
    lines: Sequence[UnitLine]
    complete: bool  # every group game confirmed


@dataclass(frozen=True)
class Tie:
    """One knock-out game: the places it is played for (`low` the better) and the game."""

    low: int
    high: int
    game: BracketGame

    @property
    def places(self) -> str:
        if (self.low, self.high) == (1, 2):
            return _("Final")
        return _("Places {low}-{high}", low=self.low, high=self.high)

    @property
    def short(self) -> str:
        return _("Final") if (self.low, self.high) == (1, 2) else f"{self.low}-{self.high}"


@dataclass(frozen=True)
class KnockoutRound:
    number: int  # the event's round
    ties: Sequence[Tie]


@dataclass(frozen=True)
class EventBracket:
    groups: Sequence[GroupTable]
    knockout: Sequence[KnockoutRound]
    places: Sequence[tuple[int, str]]  # (place, name) decided so far, best first
    rest: Sequence[UnitLine]  # Best of the Rest's rankings
    squads: bool = False  # a team event: the units are squads


def _signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


def _unit_table(heading: str, lines: Sequence[UnitLine], squads: bool) -> Table:
    return Table(
        heading,
        (
            Column("#"),
            Column(_("Squad") if squads else _("Team"), "left", wrap=True),
            Column(_("TP")),
            Column(_("W-D-L"), "center"),
            Column("TD"),
        ),
        tuple(
            (
                Cell(str(line.position)),
                Cell(line.name, "bold" if line.position == 1 else "normal"),
                Cell(str(line.points), "bold"),
                Cell(f"{line.won}-{line.drawn}-{line.lost}"),
                Cell(_signed(line.td_diff)),
            )
            for line in lines
        ),
        empty=_("Nobody yet."),
    )


def _round_table(knockout: KnockoutRound) -> Table:
    """A knock-out round: the places at stake in the heading when the round plays for one set of places
    (the first round, the final), else as each row's first column."""
    labels = {tie.places for tie in knockout.ties}
    game_columns = (
        Column(_("Home"), "left", wrap=True),
        Column(_("Score"), "center"),
        Column(_("Away"), "left", wrap=True),
    )

    def cells(tie: Tie) -> tuple[Cell, ...]:
        g = tie.game
        return (
            side_cell(g.home, g, "home"),
            Cell(g.score, "bold" if g.winner else "muted"),
            side_cell(g.away, g, "away"),
        )

    heading = _("Knock-out, round {number}", number=knockout.number)
    if len(labels) == 1:
        [label] = labels
        return Table(f"{heading} · {label}", game_columns, tuple(cells(t) for t in knockout.ties))
    return Table(
        heading,
        (Column(_("Places"), "left"), *game_columns),
        tuple((Cell(t.short, "muted"), *cells(t)) for t in knockout.ties),
    )


def tables(bracket: EventBracket) -> list[Table]:
    """The groups while they play; once the knock-out is drawn, what matters now comes first (and a picture
    too long for its pages leaves out the end): the places decided, the knock-out rounds, Best of the Rest,
    then the groups as they finished."""
    groups = [
        _unit_table(
            group.name if group.complete else _("{group} (in play)", group=group.name),
            group.lines,
            bracket.squads,
        )
        for group in bracket.groups
    ]
    if not bracket.knockout and not bracket.rest:
        return groups
    out: list[Table] = []
    if bracket.places:
        out.append(
            Table(
                _("Places decided"),
                (
                    Column(_("Place"), "left"),
                    Column(_("Squad") if bracket.squads else _("Team"), "left", wrap=True),
                ),
                tuple((Cell(ordinal(place), "bold"), Cell(name, "bold")) for place, name in bracket.places),
                highlight=frozenset(i for i, (place, _name) in enumerate(bracket.places) if place == 1),
            )
        )
    out += [_round_table(k) for k in bracket.knockout]
    out.append(_unit_table(_("Best of the Rest"), bracket.rest, bracket.squads))
    return [*out, *groups]


def event_bracket_pngs(
    title: str, bracket: EventBracket, *, subtitle: str = "", notes: Sequence[str] = ()
) -> list[bytes]:
    """The bracket as one PNG, or as pages when it is long (a 64-coach event's groups and knock-out)."""
    if bracket.squads:
        legend = _("TP: team points · W-D-L: won, drawn, lost · TD: touchdown difference · winners in green")
    else:
        legend = _(
            "TP: Tournament Points · W-D-L: won, drawn, lost · TD: touchdown difference · winners in green"
        )
    return draw_pages(title, tables(bracket), subtitle=subtitle, notes=[*notes, legend])
