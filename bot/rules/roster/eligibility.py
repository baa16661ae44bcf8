"""Who may hire whom: star players (and other league- or rule-bound inducements) by league and alignment;
and the league and alignment a new team chooses when its roster offers a choice.

A team with several leagues plays in the one it chose when drafted; a team with a choice of alignment
has the "Favoured of ..." rule it chose. A star plays for a team when the team's league is one of his, or
he plays for any team, or the team has one of the special rules he names, unless the team's league is
one he refuses.
"""

from __future__ import annotations

from bot.catalog import Catalog
from bot.catalog.models import OnlyFor, Star, Team
from bot.errors import RuleViolation
from bot.i18n import _
from bot.text import either


def choose_league_and_alignment(
    roster: Team, league: str | None, alignment: str | None
) -> tuple[str, str | None]:
    """The regional league and alignment a new team plays with (asked only where the roster has a choice)."""
    if league is None:
        if len(roster.leagues) > 1:
            raise RuleViolation(
                _(
                    "{roster} teams choose one league: {leagues}. Pick it with the regional_league option.",
                    roster=roster.name,
                    leagues=either(roster.leagues),
                )
            )
        league = roster.leagues[0]
    match = next((name for name in roster.leagues if name.lower() == league.strip().lower()), None)
    if match is None:
        raise RuleViolation(
            _(
                "{roster} teams play in {leagues}, not {league}.",
                roster=roster.name,
                leagues=either(roster.leagues),
                league=league,
            )
        )
    options = roster.alignments_in(match)
    if not options:
        if alignment:
            raise RuleViolation(
                _(
                    "{roster} teams in the {league} have no Favoured of... choice.",
                    roster=roster.name,
                    league=match,
                )
            )
        return match, None
    if alignment is None:
        if len(options) > 1:
            raise RuleViolation(
                _(
                    "{roster} teams choose an alignment: {alignments}. "
                    "Pick it with the alignment option; it cannot change later.",
                    roster=roster.name,
                    alignments=", ".join(options),
                )
            )
        return match, options[0]
    chosen = next(
        (o for o in options if o.lower() == alignment.strip().lower().removeprefix("favoured of ")), None
    )
    if chosen is None:
        raise RuleViolation(
            _(
                "{roster} teams may be Favoured of {alignments}, not {alignment}.",
                roster=roster.name,
                alignments=", ".join(options),
                alignment=alignment,
            )
        )
    return match, chosen


def plays_for(star: Star, team: Team, league: str, alignment: str | None) -> bool:
    """Does the star play for this team, given the league and alignment it chose?"""
    rule = star.plays_for
    if league in rule.except_leagues:
        return False
    if rule.any_team or league in rule.leagues:
        return True
    return bool(set(team.special_rules_with(league, alignment)) & set(rule.special_rules))


def roster_can_hire(star: Star, team: Team) -> bool:
    """Could some team of this roster hire the star (for some choice of league and alignment)?"""
    for league in team.leagues:
        alignments: tuple[str | None, ...] = team.alignments_in(league) or (None,)
        if any(plays_for(star, team, league, alignment) for alignment in alignments):
            return True
    return False


def may_buy(only_for: OnlyFor, team: Team, league: str, alignment: str | None) -> bool:
    """May this team buy an inducement restricted by `only_for` (empty means anyone)?"""
    if only_for.anyone:
        return True
    return (
        league in only_for.leagues
        or team.name in only_for.teams
        or bool(set(team.special_rules_with(league, alignment)) & set(only_for.special_rules))
    )


def rosters_for_star(catalog: Catalog, star: Star) -> list[Team]:
    """Every roster that can hire the star with some choice of league and alignment."""
    return [team for team in catalog.teams.values() if roster_can_hire(star, team)]
