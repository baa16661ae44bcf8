"""How a group and knock-out event reads in Discord (/tournament bracket): each group's table, the knock-out
round by round with the places at stake and decided, and Best of the Rest's rankings. Split into as many
fields and embeds as it takes (bot/ui/limits.py): never clipped."""

from __future__ import annotations

import discord

from bot.i18n import _
from bot.rules.tournament.tournament_groups import KnockoutGame
from bot.rules.tournament.tournament_scoring import RankingRow
from bot.rules.tournament.tournament_teams import KNOCKOUT_MATCH_RULE
from bot.services.tournament.tournament_awards import ranking_line
from bot.services.tournament.tournament_groups import Bracket
from bot.ui.formatting import ordinal, plain
from bot.ui.limits import Field, fields, pack_embeds

COLOUR = discord.Colour.dark_gold()


def _name(bracket: Bracket, unit: int) -> str:
    if bracket.squads:  # a team event: the units are squads
        return plain(bracket.squads[unit] if unit in bracket.squads else _("squad {id}", id=unit))
    team = bracket.teams.get(unit)
    return plain(team.name) if team else _("team {id}", id=unit)


def _line(bracket: Bracket, row: RankingRow[int], extra: tuple[tuple[str, str], ...]) -> str:
    """A unit's line in a group or Best of the Rest: a coach's ranking line, or a squad's team points."""
    if not bracket.squads:
        return ranking_line(row, bracket.teams.get(row.coach), extra)
    difference = f"{row.td_diff:+d}"
    line = _(
        "**{position}.** {squad}: {points} team points, {bonus} BP, TD {difference} ({scored} scored), "
        "{cas} cas",
        position=row.position,
        squad=_name(bracket, row.coach),
        points=row.tournament_points,
        bonus=row.bonus_points,
        difference=difference,
        scored=row.td_for,
        cas=row.cas_for,
    )
    if row.decided_by:  # a label of TIEBREAKER_NAMES, or the organiser's own tiebreaker's name
        line += " · " + _("below the squad above on {tiebreaker}", tiebreaker=_(row.decided_by))
    return line


def _game(bracket: Bracket, game: KnockoutGame[int]) -> str:
    first, second = _name(bracket, game.first), _name(bracket, game.second)
    if game.winner is None:
        return _("{game}: {first} v {second} (to play)", game=game.label, first=first, second=second)
    loser = game.loser
    assert loser is not None
    return _(
        "{game}: **{winner}** beat {loser}",
        game=game.label,
        winner=_name(bracket, game.winner),
        loser=_name(bracket, loser),
    )


def bracket_embeds(bracket: Bracket) -> list[discord.Embed]:
    """Groups (position, team, TP, BP, TD), the knock-out rounds, the places decided, Best of the Rest."""
    state = bracket.progress
    extra = bracket.event.rulespack.extra_columns
    body: list[Field] = []
    for group in state.groups:
        lines = [_line(bracket, row, extra) for row in group.rows]
        name = group.name if group.complete else _("{group} (in play)", group=group.name)
        body += fields(name, lines)
    for k, games in enumerate(state.knockout):
        number = bracket.first_knockout_round + k
        body += fields(_("Knock-out, round {number}", number=number), [_game(bracket, g) for g in games])
    if state.places:
        ranked = sorted(state.places.items(), key=lambda item: item[1])
        body += fields(_("Places decided"), [f"{ordinal(p)}: **{_name(bracket, u)}**" for u, p in ranked])
    if state.rest:
        body += fields(
            _("Best of the Rest"),
            [_line(bracket, row, extra) for row in state.rest],
        )
    qualifiers = bracket.event.rulespack.qualifiers
    if not state.groups:
        description = _("Not drawn yet: the groups are drawn when the organiser starts the event.")
    elif not state.knockout:
        description = _(
            "Group stage: the group winners, then the runners-up, ... qualify ({qualifiers} of them); the "
            "others play Best of the Rest.",
            qualifiers=qualifiers,
        )
    else:
        description = _(
            "Knock-out: every game decides places; winners play for the upper half of their places, losers "
            "for the lower. {qualifiers} qualified.",
            qualifiers=qualifiers,
        )
    footer = _("A drawn knock-out game goes to extra time, then /match penalties")
    if bracket.squads:  # the squad match's rule (marked where it is written)
        footer += f"; {_(KNOCKOUT_MATCH_RULE)}"
    return pack_embeds(
        _("{event}: groups and knock-out", event=bracket.event.name),
        body,
        colour=COLOUR,
        description=description,
        footer=footer,
    )
