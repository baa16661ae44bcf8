"""How a group and knock-out event reads in Discord (/tournament bracket): each group's table, the knock-out
round by round with the places at stake and decided, and Best of the Rest's rankings. Split into as many
fields and embeds as it takes (bot/ui/limits.py): never clipped."""

from __future__ import annotations

import discord

from bot.rules.tournament.tournament_groups import KnockoutGame
from bot.rules.tournament.tournament_scoring import RankingRow
from bot.rules.tournament.tournament_teams import KNOCKOUT_MATCH_RULE
from bot.services.tournament.tournament_awards import ranking_line
from bot.services.tournament.tournament_groups import Bracket
from bot.ui.formatting import plain
from bot.ui.limits import Field, fields, pack_embeds

COLOUR = discord.Colour.dark_gold()


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _name(bracket: Bracket, unit: int) -> str:
    if bracket.squads:  # a team event: the units are squads
        return plain(bracket.squads.get(unit, f"squad {unit}"))
    team = bracket.teams.get(unit)
    return plain(team.name) if team else f"team {unit}"


def _line(bracket: Bracket, row: RankingRow[int], extra: tuple[tuple[str, str], ...]) -> str:
    """A unit's line in a group or Best of the Rest: a coach's ranking line, or a squad's team points."""
    if not bracket.squads:
        return ranking_line(row, bracket.teams.get(row.coach), extra)
    decided = f" · below the squad above on {row.decided_by}" if row.decided_by else ""
    return (
        f"**{row.position}.** {_name(bracket, row.coach)}: {row.tournament_points} team points, "
        f"{row.bonus_points} BP, TD {row.td_diff:+d} ({row.td_for} scored), {row.cas_for} cas{decided}"
    )


def _game(bracket: Bracket, game: KnockoutGame[int]) -> str:
    first, second = _name(bracket, game.first), _name(bracket, game.second)
    if game.winner is None:
        return f"{game.label}: {first} v {second} (to play)"
    loser = game.loser
    assert loser is not None
    return f"{game.label}: **{_name(bracket, game.winner)}** beat {_name(bracket, loser)}"


def bracket_embeds(bracket: Bracket) -> list[discord.Embed]:
    """Groups (position, team, TP, BP, TD), the knock-out rounds, the places decided, Best of the Rest."""
    state = bracket.progress
    extra = bracket.event.rulespack.extra_columns
    body: list[Field] = []
    for group in state.groups:
        lines = [_line(bracket, row, extra) for row in group.rows]
        name = group.name + ("" if group.complete else " (in play)")
        body += fields(name, lines)
    for k, games in enumerate(state.knockout):
        number = bracket.first_knockout_round + k
        body += fields(f"Knock-out, round {number}", [_game(bracket, g) for g in games])
    if state.places:
        ranked = sorted(state.places.items(), key=lambda item: item[1])
        body += fields("Places decided", [f"{_ordinal(p)}: **{_name(bracket, u)}**" for u, p in ranked])
    if state.rest:
        body += fields(
            "Best of the Rest",
            [_line(bracket, row, extra) for row in state.rest],
        )
    qualifiers = bracket.event.rulespack.qualifiers
    if not state.groups:
        description = "Not drawn yet: the groups are drawn when the organiser starts the event."
    elif not state.knockout:
        description = (
            f"Group stage: the group winners, then the runners-up, ... qualify ({qualifiers} of them); "
            "the others play Best of the Rest."
        )
    else:
        description = (
            f"Knock-out: every game decides places; winners play for the upper half of their places, "
            f"losers for the lower. {qualifiers} qualified."
        )
    return pack_embeds(
        f"{bracket.event.name}: groups and knock-out",
        body,
        colour=COLOUR,
        description=description,
        footer="A drawn knock-out game goes to extra time, then /match penalties"
        + (f"; {KNOCKOUT_MATCH_RULE}" if bracket.squads else ""),
    )
